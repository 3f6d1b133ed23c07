/**
 * A command as it goes into the log: decided, then sealed onto the chain after the state
 * it was decided on, under that game's rules version. The command handler and any tool
 * that writes logs (the reference matches) share this, so their logs cannot differ.
 */

import { actorLabel } from '../kernel/context.ts';
import { type DomainEvent, type EventEnvelope, sealBatch } from '../kernel/envelope.ts';
import type { Signature } from '../kernel/signature.ts';
import type { Decision } from '../kernel/violation.ts';
import { decideGame, type GameCommand } from './decide.ts';
import { isMatchEvent } from './events.ts';
import type { MatchCtx } from './match-ctx.ts';
import type { GameState } from './state.ts';

/**
 * A new game takes the rules version its GameCreated names; a batch that adopts newer rules
 * (PBM-14) is recorded under them; any other under the version the game plays under.
 */
const recordedUnder = (state: GameState, events: readonly DomainEvent[]): string => {
  let version = state.status === 'empty' ? '' : state.rulesVersion;
  for (const event of events) {
    if (!isMatchEvent(event)) continue;
    // TB-6: a fork plays on under the version its origin played under at that point.
    if ((event.type === 'GameCreated' || event.type === 'GameForked') && state.status === 'empty') version = event.data.rulesVersion;
    if (event.type === 'RulesVersionAdopted') version = event.data.to;
  }
  return version;
};

export const recordCommand = (
  state: GameState,
  command: GameCommand,
  ctx: MatchCtx,
  gameId: string,
  commandId: string,
  /** TRUST-6: the player's signature of the command, kept on its first event. */
  signature?: Signature,
): Decision<EventEnvelope> => {
  const decision = decideGame(state, command, ctx, gameId);
  if (!decision.ok) return decision;
  const rulesVersion = recordedUnder(state, decision.events);
  const head = state.version === 0 ? null : { seq: state.version, hash: state.lastHash };
  const meta = { gameId, at: ctx.now, actor: actorLabel(ctx.actor), commandId, rulesVersion, command };
  const events = sealBatch(head, decision.events, signature === undefined ? meta : { ...meta, signature });
  return { ok: true, events };
};
