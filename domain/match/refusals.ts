/**
 * REL-29: a refusal describes the game as it is. A command refused because of where the
 * game stands says where that is, from its state: an ended game its result (expired,
 * conceded, won, drawn), a game waiting for players its free seats, a game choosing its
 * first player who chooses, never a fixed guess such as "already started".
 */
import type { Match } from './state.ts';

/** "red", "red and blue", "red, blue and green". */
export const listed = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** The free seats of a game waiting for players: "the blue seat is free", "the red and blue seats are free". */
const freeSeats = (match: Match): string => {
  const free = match.seats.filter((s) => s.playerId === null).map((s) => s.name);
  return free.length === 1 ? `the ${free[0]} seat is free` : `the ${listed(free)} seats are free`;
};

/** Where the game stands, as one sentence. */
export const standing = (match: Match): string => {
  switch (match.status) {
    case 'lobby':
      return `This game has not started: it is waiting for players, and ${freeSeats(match)}.`;
    case 'choosing':
      return `Every seat of this game is taken, and ${match.rollOff?.winner ?? 'the roll-off winner'}, who won the roll-off, is choosing who takes the first turn.`;
    case 'playing':
      return 'This game is being played, and every seat is taken.';
    case 'ended':
      return hasEnded(match);
  }
};

/** An ended game and its result, with what that rules out: "This game has ended (red conceded); …". */
export const hasEnded = (match: Match & { readonly status: 'ended' }, so?: string): string =>
  `This game has ended (${match.result.reason})${so ? `; ${so}` : ''}.`;
