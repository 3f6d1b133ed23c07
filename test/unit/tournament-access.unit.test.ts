/** CLUB-1: who may see a tournament (functions/tournaments/app/tournament-access.ts), decided from its club and the caller. */
import { describe, expect, it } from 'vitest';
import { mayReadTournament } from '../../functions/tournaments/app/tournament-access.ts';

const inClub = { clubId: 'c_1', organiser: 'p_org', players: ['p_in', 'p_out'] };
const priv = { visibility: 'private' } as const;

describe('CLUB-1 who may see a tournament', () => {
  it('CLUB-1 a tournament in no club, or in a public club, is anyone’s, with a key or without', () => {
    for (const caller of [null, 'p_stranger']) {
      expect(mayReadTournament({ ...inClub, clubId: null }, null, false, caller)).toBe(true);
      expect(mayReadTournament(inClub, { visibility: 'public' }, false, caller)).toBe(true);
    }
  });

  it("CLUB-1 a private club's tournament is seen by its members, the tournament's organiser and players; not without a key or by a stranger", () => {
    expect(mayReadTournament(inClub, priv, false, null)).toBe(false);
    expect(mayReadTournament(inClub, priv, false, 'p_stranger')).toBe(false);
    expect(mayReadTournament(inClub, priv, true, 'p_member')).toBe(true);
    // Who left the club after organising or entering still runs, plays or withdraws.
    expect(mayReadTournament(inClub, priv, false, 'p_org')).toBe(true);
    expect(mayReadTournament(inClub, priv, false, 'p_out')).toBe(true);
  });

  it('CLUB-1 a club that cannot be found hides its tournament as a private one does', () => {
    expect(mayReadTournament(inClub, null, false, null)).toBe(false);
    expect(mayReadTournament(inClub, null, false, 'p_stranger')).toBe(false);
    expect(mayReadTournament(inClub, null, false, 'p_in')).toBe(true);
  });
});
