/**
 * API-8 who may read a game. A public game (the default) is readable by anyone, redacted for
 * their seat as always: a signed-in player, or (TABLE-5) a request without a key, which is
 * `null` here and reads as a spectator; a private one only by its players and its organiser.
 * To anyone else a private game answers exactly as a game that does not exist, so its
 * existence is not revealed. Every read route (view, events, state, log) asks here.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { isOrganiser } from '../../../domain/match/organiser.ts';
import type { Match } from '../../../domain/match/state.ts';
import { type GameState, seatOf } from '../../../domain/match/state.ts';
import type { Deps } from '../../kernel/deps.ts';
import { isStale } from '../../kernel/ports.ts';
import { notFound } from '../../kernel/problems.ts';
import { loadGame } from './game-fold.ts';
import { modelState } from './read-models.ts';

export const isPrivate = (state: GameState): boolean => state.status !== 'empty' && state.options.visibility === 'private';

/** A private game's players and organiser may read it; anyone may read a public one, with a key or without (null). */
export const mayRead = (state: GameState, playerId: string | null): boolean =>
  state.status !== 'empty' &&
  (!isPrivate(state) ||
    (playerId !== null && (seatOf(state, playerId) !== null || isOrganiser(state as Match, { kind: 'player', playerId, seat: null }))));

/** The game's current state (read model, else the event store), or the 404 of a game that does not exist. */
/** The game as the read model has it, or from the event store while it has none. */
const latestState = async (deps: Deps, gameId: string): Promise<{ state: GameState; modelled: boolean }> => {
  const model = await deps.games.readModel(gameId);
  // INV-4: a view a failed projection left behind is not read: the log is.
  return model && !isStale(model)
    ? { state: await modelState(deps, model), modelled: true }
    : { state: (await loadGame(deps, gameId)).state, modelled: false };
};

export const readableGame = async (deps: Deps, gameId: string, playerId: string | null): Promise<GameState> => {
  const { state, modelled } = await latestState(deps, gameId);
  if (mayRead(state, playerId)) return state;
  // The read model may not show a seat just taken yet: the event store decides before a 404.
  const current = modelled ? (await loadGame(deps, gameId)).state : state;
  if (!mayRead(current, playerId)) throw notFound(`game ${gameId}`);
  return current;
};

/**
 * The invite code of a game: an HMAC of its id keyed by its secret seed, so only the
 * server (and, once the game ends and the seed is revealed, anyone) can derive it.
 */
export const inviteCodeOf = (gameId: string, seed: string): string =>
  createHmac('sha256', Buffer.from(seed, 'utf8')).update(`invite:${gameId}`).digest('base64url').slice(0, 22);

export const inviteCode = async (deps: Deps, gameId: string): Promise<string | null> => {
  const { seed } = await deps.games.secretAndCommand(gameId, 'invite');
  return seed === null ? null : inviteCodeOf(gameId, seed);
};

/** Joining a private game takes its invite code; a wrong or missing one is the 404 of a game that does not exist. */
export const checkInvite = async (deps: Deps, gameId: string, playerId: string, given: string | undefined): Promise<void> => {
  const { state } = await latestState(deps, gameId);
  // Its organiser and players (a retried join) need no code.
  if (!isPrivate(state) || mayRead(state, playerId)) return;
  // INV-10: a private club's games are private; its members need no code, their membership is the invitation.
  const club = state.status === 'empty' ? undefined : state.options.club;
  if (club && (await deps.clubs.member(club.clubId, playerId))) return;
  const expected = await inviteCode(deps, gameId);
  if (expected === null || given === undefined || !sameCode(given, expected)) throw notFound(`game ${gameId}`);
};

/**
 * REL-21: compared as SHA-256 digests, which always have the same length, so a code of any
 * length or alphabet is just a wrong code (timingSafeEqual throws on buffers of unequal length,
 * and a string's length is not its UTF-8 byte length).
 */
const sameCode = (given: string, expected: string): boolean =>
  timingSafeEqual(createHash('sha256').update(given, 'utf8').digest(), createHash('sha256').update(expected, 'utf8').digest());
