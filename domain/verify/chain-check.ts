/**
 * The hash chain check of `arbiter verify` (docs/design.md §4, §15): every event belongs to the
 * game, follows the one before it and matches its own hash; a seat's sealed events are checked
 * by their links. Its own file so that the origin check of a fork (origin-check.ts) and the
 * verifier (verify.ts) both use it without importing each other.
 */
import { type EventEnvelope, envelopeHash, GENESIS_HASH } from '../kernel/envelope.ts';
import { SEALED_COMMAND_ID } from '../match/view.ts';
import { lineOf, type ParsedLog } from './log.ts';
import { type CheckResult, fail, isSealed, pass } from './result.ts';

/**
 * The public commitment after another seat's sealed event shows `commandId: "sealed"` in a
 * seat's export (REL-11), so its hash, which covers the real command id, is checked by its
 * links only, like the sealed event itself.
 */
const hidesItsCommandId = (event: EventEnvelope, previous: EventEnvelope | undefined): boolean =>
  event.commandId === SEALED_COMMAND_ID && previous !== undefined && isSealed(previous);

export const checkChain = ({ header, events }: ParsedLog): CheckResult => {
  let prev = { seq: 0, hash: GENESIS_HASH };
  let sealed = 0;
  for (const [i, event] of events.entries()) {
    // written only when a link fails (PERF-4: not a string per event of an intact chain)
    const at = () => `line ${lineOf(i)} (event ${event.seq})`;
    if (event.gameId !== header.gameId)
      return fail('chain', `hash chain: ${at()} belongs to game ${event.gameId}, not ${header.gameId}`, lineOf(i));
    if (event.seq !== prev.seq + 1) return fail('chain', `hash chain: broken at ${at()}: expected event ${prev.seq + 1}`, lineOf(i));
    if (event.prevHash !== prev.hash)
      return fail('chain', `hash chain: broken at ${at()}: prevHash is not the hash of event ${prev.seq}`, lineOf(i));
    if (isSealed(event)) sealed += 1;
    else if (envelopeHash(event) !== event.hash) {
      if (!hidesItsCommandId(event, events[i - 1]))
        return fail('chain', `hash chain: broken at ${at()}: its content does not match its hash`, lineOf(i));
      sealed += 1;
    }
    prev = event;
  }
  const note = sealed > 0 ? ` (${sealed} sealed event(s) checked by their links only)` : '';
  return pass('chain', `hash chain: intact over ${events.length} events${note}`);
};
