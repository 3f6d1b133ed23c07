/**
 * The whole log as NDJSON for `GET /games/{id}/log`: redacted for the caller while the
 * game runs; complete, with the seed, once it has ended (nothing is secret any more).
 * A private game's log is its players' and organiser's only (API-8); a public game's is
 * anyone's, and a caller without a key (`null`, TABLE-5) gets it as a spectator does.
 * The service signs each export (TRUST-3), so a reader can prove it came from the service.
 */
import { emptyGame, type GameState, seatOf } from '../../../domain/match/state.ts';
import { redactEvents } from '../../../domain/match/view.ts';
import { EXPORT_PURPOSE, exportPayload, logHeader, serializeLog } from '../../../domain/verify/log.ts';
import type { Deps } from '../../kernel/deps.ts';
import { notFound } from '../../kernel/problems.ts';
import { mayRead } from './access.ts';
import { foldOnto } from './game-fold.ts';
import { modelState } from './read-models.ts';

export const exportLog = async (deps: Deps, gameId: string, playerId: string | null): Promise<string> => {
  const [events, model] = await Promise.all([deps.store.readAfter(gameId, 0), deps.games.readModel(gameId)]);
  if (events.length === 0) throw notFound(`game ${gameId}`);
  // The state the server reports is the projector's read model when it has caught up: verify cross-checks it with the log.
  const state: GameState =
    model && model.version === events.length ? await modelState(deps, model) : await foldOnto(deps, events, emptyGame);
  if (state.status === 'empty' || !mayRead(state, playerId)) throw notFound(`game ${gameId}`);
  const ended = state.status === 'ended';
  // TB-6: a sandbox's player holds every seat, so nothing in it is hidden from them.
  const whole = ended || (state.fork?.kind === 'sandbox' && playerId !== null && state.createdBy === playerId);
  const viewer = ended || playerId === null ? null : seatOf(state, playerId);
  // TABLE-7: the players' names as they are now, so the lines a reader sees name them (they are not in the events).
  const ids = state.seats.flatMap((s) => (s.playerId ? [s.playerId] : []));
  // TRUST-6: their signing keys, and those of any other player who signed a command (an organiser), so verify can check each signature.
  const signers = [
    ...new Set([...ids, ...events.flatMap((e) => (e.signature && e.actor.startsWith('player:') ? [e.actor.slice(7)] : []))]),
  ];
  // Both read the players' profiles: side by side, not one after the other.
  const [names, keys] = await Promise.all([
    ids.length > 0 ? deps.games.playerNames(ids) : new Map<string, string>(),
    signers.length > 0 ? deps.games.playerKeys(signers) : new Map(),
  ]);
  const header = logHeader(deps.rulesets, gameId, state, viewer, names, keys);
  const shown = whole ? events : redactEvents(events, viewer);
  // TRUST-3: signed as exported, redacted or not: the signature covers what this reader got.
  const signature = await deps.signer.sign(EXPORT_PURPOSE, exportPayload(header, shown));
  return serializeLog({ ...header, signature }, shown);
};
