/**
 * GSC-1, VIEW-16: the steps each command may be sent in are declared once, by its CommandDoc
 * (command-docs.ts `phases`). The page offers a command in those steps (web/form.ts reads the
 * same list as `GET /rulesets/gsc2` publishes it) and the referee refuses it in any other.
 *
 * Only the membership is read here. Each command's refusal (its code, rule, status and
 * sentence) stays where it was given before, beside the command's other checks and in the
 * same order, so that no game is decided differently: the codes differ by command (RUL-9),
 * and INV-10's scan reads each one off its `reject` call.
 */
import { GSC_COMMANDS } from './command-docs.ts';
import type { GscState } from './state.ts';

/** A GSC2 command's type, as its doc names it. */
export type GscCommandType = (typeof GSC_COMMANDS)[number]['type'];

const STEPS_OF: ReadonlyMap<string, readonly string[]> = new Map(GSC_COMMANDS.map((doc) => [doc.type, doc.phases]));

/** Whether the step the battle is in is one in which a command of `type` may be sent, as its doc declares. */
export const inItsStep = (state: GscState, type: GscCommandType): boolean => STEPS_OF.get(type)?.includes(state.step) ?? false;
