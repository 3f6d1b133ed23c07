import type { CommandDoc } from '../kernel/ruleset.ts';
import type * as z from '../kernel/zod.ts';
import { agree, DRAW, decline, PAUSE, propose } from './agreement.ts';
import { type CommandDeclaration, declare } from './command-declaration.ts';
import { lifecycleSchemaRefusal } from './command-schema.ts';
import {
  type ChooseFirstPlayer,
  type CreateGame,
  chooseFirstPlayerFields,
  createGameFields,
  type DeadlineReached,
  deadlineReachedFields,
  type ExtendDeadline,
  extendDeadlineFields,
  type JoinGame,
  joinGameFields,
  type RulesCommand,
} from './commands.ts';
import { concede, revealAtEnd } from './ending.ts';
import { create, join } from './lobby.ts';
import { extendDeadline, pauseGame, resumeGame } from './organiser.ts';
import { adoptRules } from './rules-adoption.ts';
import { deadlineReached } from './stalls.ts';
import { chooseFirst } from './start.ts';
import type { GameState } from './state.ts';
import { TAKEBACK_COMMANDS } from './takeback-commands.ts';

export type { At, CommandDeclaration, Sender } from './command-declaration.ts';

/** Every lifecycle command, in the order the documents list them. */
export const LIFECYCLE_COMMANDS = [
  declare({
    type: 'CreateGame',
    fields: createGameFields,
    summary: 'Create a match.',
    rule: 'MATCH',
    sentBy: 'any player',
    reserved: 'Create games with POST /games.',
    founds: true,
    decide: (state: GameState, command: CreateGame, ctx, { gameId }) => create(state, command, ctx, gameId),
  }),
  declare({
    type: 'JoinGame',
    fields: joinGameFields,
    summary: 'Take a seat.',
    rule: 'MATCH',
    sentBy: 'any player',
    reserved: 'Take a seat with POST /games/{id}/join.',
    decide: (match, command: JoinGame, ctx, { firstSeq }) => join(match, command, ctx, firstSeq),
  }),
  declare({
    type: 'ChooseFirstPlayer',
    fields: chooseFirstPlayerFields,
    summary: 'The roll-off winner names the seat that takes the first turn.',
    rule: null,
    sentBy: 'seat',
    decide: (match, command: ChooseFirstPlayer, ctx, { firstSeq }) => chooseFirst(match, command, ctx, firstSeq),
  }),
  declare({
    type: 'Concede',
    summary: 'Leave the match; the opponent wins.',
    rule: 'MATCH',
    sentBy: 'seat',
    whilePaused: true,
    decide: (match, _command, ctx) => concede(match, ctx),
  }),
  declare({
    type: 'DeadlineReached',
    fields: deadlineReachedFields,
    summary: "The phase timer's command when a step's deadline passes.",
    rule: 'PBM-9',
    sentBy: 'server',
    reserved: 'Only the phase timer declares deadlines.',
    whilePaused: true,
    decide: (match, command: DeadlineReached, ctx, { firstSeq }) => deadlineReached(match, command, ctx, firstSeq),
  }),
  declare({
    type: 'AdoptRules',
    summary: "The organiser moves a game started under older rules to this server's rules version, from the current position.",
    rule: 'MATCH',
    // PBM-14: the server gives it itself when the game's log decides the same under the new rules.
    sentBy: 'organiser or server',
    whilePaused: true,
    decide: (match, _command, ctx) => adoptRules(match, ctx),
  }),
  declare({
    type: 'ExtendDeadline',
    fields: extendDeadlineFields,
    summary: "The organiser moves the current step's deadline later by an ISO 8601 duration.",
    rule: 'PBM-12',
    sentBy: 'organiser',
    decide: (match, command: ExtendDeadline, ctx) => extendDeadline(match, command, ctx),
  }),
  declare({
    type: 'PauseGame',
    summary: 'The organiser pauses the match; the time left of the deadline is kept.',
    rule: 'PBM-12',
    sentBy: 'organiser',
    decide: (match, _command, ctx) => pauseGame(match, ctx),
  }),
  declare({
    type: 'ResumeGame',
    summary:
      "Play goes on, the deadline re-armed with the time that was left: the organiser's pause by the organiser, an agreed one by any seat or the organiser.",
    rule: 'PBM-12',
    sentBy: 'seat or organiser',
    whilePaused: true,
    decide: (match, _command, ctx) => resumeGame(match, ctx),
  }),
  declare({
    type: 'OfferDraw',
    summary: 'Offer a draw; it lapses at the end of the phase.',
    rule: 'PBM-13',
    sentBy: 'seat',
    decide: (match, _command, ctx) => revealAtEnd(match, ctx, propose(match, ctx, DRAW)),
  }),
  declare({
    type: 'AcceptDraw',
    summary: 'Accept the draw offered; when every seat has, the game ends drawn.',
    rule: 'PBM-13',
    sentBy: 'seat',
    decide: (match, _command, ctx) => revealAtEnd(match, ctx, agree(match, ctx, DRAW)),
  }),
  declare({
    type: 'DeclineDraw',
    summary: 'Decline (or, as its proposer, withdraw) the draw offered.',
    rule: 'PBM-13',
    sentBy: 'seat',
    decide: (match, _command, ctx) => decline(match, ctx, DRAW),
  }),
  declare({
    type: 'RequestPause',
    summary: 'Ask for a pause; it lapses at the end of the phase.',
    rule: 'PBM-13',
    sentBy: 'seat',
    decide: (match, _command, ctx) => propose(match, ctx, PAUSE),
  }),
  declare({
    type: 'AgreePause',
    summary: 'Agree to the pause asked for; when every seat has, the game pauses.',
    rule: 'PBM-13',
    sentBy: 'seat',
    decide: (match, _command, ctx) => agree(match, ctx, PAUSE),
  }),
  declare({
    type: 'DeclinePause',
    summary: 'Decline (or, as its proposer, withdraw) the pause asked for.',
    rule: 'PBM-13',
    sentBy: 'seat',
    decide: (match, _command, ctx) => decline(match, ctx, PAUSE),
  }),
  ...TAKEBACK_COMMANDS,
] as const;

type Lifecycle = (typeof LIFECYCLE_COMMANDS)[number];

/** Every command of the match lifecycle, by `type` (RUL-4). */
export type MatchCommand = Lifecycle extends infer D
  ? D extends CommandDeclaration<string, unknown>
    ? z.infer<D['schema']>
    : never
  : never;
export type GameCommand = MatchCommand | RulesCommand;

/**
 * INV-6: a lifecycle command's decision, then its schema: what the rules refuse keeps its
 * rule's refusal (PBM-12 BAD_DURATION, TB-1 BAD_REASON), and a command the rules would take
 * that its schema refuses is refused too, as the HTTP layer refuses it (command-schema.ts). A
 * decision that cannot read a command its schema refuses (a far takeback with no `toVersion`)
 * is that refusal too, never a crash of the decider or of verify.
 */
const checked = (declaration: CommandDeclaration): CommandDeclaration => ({
  ...declaration,
  decide: (state, command, ctx, at) => {
    const refusal = () => lifecycleSchemaRefusal(declaration, state, command as object, ctx);
    let decision: ReturnType<CommandDeclaration['decide']>;
    try {
      decision = declaration.decide(state, command, ctx, at);
    } catch (error) {
      const refused = refusal();
      if (refused) return refused;
      throw error;
    }
    return decision.ok ? (refusal() ?? decision) : decision;
  },
});

const BY_TYPE: ReadonlyMap<string, CommandDeclaration> = new Map(
  LIFECYCLE_COMMANDS.map((declaration) => [declaration.type, checked(declaration as unknown as CommandDeclaration)]),
);

/**
 * The declaration of lifecycle command `type`, or undefined for a ruleset's command: a
 * ruleset's command types never shadow the lifecycle's (RUL-4).
 */
export const lifecycleCommand = (type: string): CommandDeclaration | undefined => BY_TYPE.get(type);

export const isMatchCommand = (command: { readonly type: string }): command is MatchCommand => BY_TYPE.has(command.type);

/** Why /commands refuses a lifecycle command (its own route, or the server's only), by type. */
export const RESERVED_COMMANDS: ReadonlyMap<string, string> = new Map(
  LIFECYCLE_COMMANDS.flatMap((c) => ('reserved' in c && c.reserved ? [[c.type, c.reserved] as const] : [])),
);

/** The lifecycle commands accepted at /commands. */
const atCommands = (): readonly CommandDeclaration[] => [...BY_TYPE.values()].filter((c) => c.reserved === undefined);

/** A lifecycle command's doc in a game of `ruleset`: choosing who goes first is under the ruleset's own rule (PG-5, GSC-3). */
const lifecycleDoc = (c: CommandDeclaration, ruleset: { readonly firstPlayerRule: string }): CommandDoc => ({
  type: c.type,
  summary: c.summary,
  rule: c.rule ?? ruleset.firstPlayerRule,
});

/** The lifecycle commands every ruleset accepts at /commands, with the rule that governs each in a game of `ruleset`. */
export const matchCommands = (ruleset: { readonly firstPlayerRule: string }): CommandDoc[] =>
  atCommands().map((c) => lifecycleDoc(c, ruleset));

/** The lifecycle commands' schemas by type, for checks and documents that need the exact shape of each. */
export const matchCommandSchemas: ReadonlyMap<string, z.ZodMiniType> = new Map(
  [...BY_TYPE.values()].map((c) => [c.type, c.schema as z.ZodMiniType]),
);

/** One command a game of a ruleset accepts at /commands: its doc, and its schema once the ruleset is loaded. */
export interface TableEntry extends CommandDoc {
  readonly schema: z.core.$ZodType;
}

/**
 * The commands a game of `ruleset` accepts at /commands, lifecycle first: what
 * `GET /rulesets/{id}` lists and the OpenAPI command union holds. `variants` are the
 * ruleset's command schemas by type (its `commandSchema`'s variants).
 */
export const commandTable = (
  ruleset: { readonly firstPlayerRule: string; readonly commands: readonly CommandDoc[] },
  variants: ReadonlyMap<string, z.core.$ZodType>,
): TableEntry[] => {
  const docs = new Map(ruleset.commands.map((c) => [c.type, c]));
  const lifecycle = atCommands().map((c) => ({ ...lifecycleDoc(c, ruleset), schema: c.schema }));
  const own = [...variants].map(([type, schema]) => {
    const doc = docs.get(type);
    // VIEW-16: when it may be sent, as command-docs.ts declares it
    const when = { ...(doc?.phases ? { phases: doc.phases } : {}), ...(doc?.anySeat ? { anySeat: doc.anySeat } : {}) };
    return { type, summary: doc?.summary ?? '', rule: doc?.rule ?? '', ...when, schema };
  });
  return [...lifecycle, ...own];
};

export { undoneFromLog, undoneVersion } from './takeback-commands.ts';
