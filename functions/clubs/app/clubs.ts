/**
 * CLUB-1: clubs. A player creates a club and is its organiser; a public club is joined freely,
 * a private one with its invite code, which organisers rotate; organisers add organisers and
 * remove members. A private club answers a stranger exactly as a club that does not exist
 * (as a private game does, API-8). Clubs are records, not event streams: docs/design.md §21.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '../../../domain/kernel/hash.ts';
import type { Deps } from '../../kernel/deps.ts';
import type { Club, ClubMember } from '../../kernel/ports.ts';
import { notFound, Problem } from '../../kernel/problems.ts';
import { tournamentPage } from '../../notifications/app/webhook-messages.ts';
import { standings } from './leaderboard.ts';

export interface ClubView {
  readonly clubId: string;
  readonly name: string;
  readonly description: string | null;
  readonly visibility: 'public' | 'private';
  readonly createdBy: string;
  readonly createdAt: string;
  /** Your role, or null when you are not a member. */
  readonly role: ClubMember['role'] | null;
  /** A private club's invite code, shown to its organisers only. */
  readonly inviteCode?: string;
}

const viewOf = (club: Club, member: ClubMember | null): ClubView => ({
  clubId: club.clubId,
  name: club.name,
  description: club.description,
  visibility: club.visibility,
  createdBy: club.createdBy,
  createdAt: club.createdAt,
  role: member?.role ?? null,
  ...(member?.role === 'organiser' && club.inviteCode !== null ? { inviteCode: club.inviteCode } : {}),
});

const newInviteCode = (deps: Deps): string => deps.randomHex(12);

export const createClub = async (
  deps: Deps,
  playerId: string,
  input: { name: string; description?: string | undefined; visibility?: 'public' | 'private' | undefined; requestId?: string | undefined },
): Promise<{ created: boolean; club: ClubView }> => {
  // A retry with the same requestId finds the club its first attempt created (as createGame's commandId does).
  const clubId = `c_${input.requestId ? sha256Hex(`${playerId}:club:${input.requestId}`).slice(0, 20) : deps.randomHex(10)}`;
  const createdAt = deps.clock().toISOString();
  const visibility = input.visibility ?? 'public';
  const club: Club = {
    clubId,
    name: input.name,
    description: input.description ?? null,
    visibility,
    inviteCode: visibility === 'private' ? newInviteCode(deps) : null,
    createdBy: playerId,
    createdAt,
  };
  const organiser: ClubMember = { playerId, role: 'organiser', joinedAt: createdAt };
  if (await deps.clubs.createClub(club, organiser)) return { created: true, club: viewOf(club, organiser) };
  const existing = await deps.clubs.club(clubId);
  if (!existing || existing.createdBy !== playerId || existing.name !== input.name || existing.visibility !== visibility) {
    throw new Problem(
      409,
      'request-id-reused',
      'Request id already used',
      `The requestId ${input.requestId} was already used for another club.`,
    );
  }
  return { created: false, club: viewOf(existing, await deps.clubs.member(clubId, playerId)) };
};

/** The club and the caller's membership; a private club is the 404 of a missing one to a non-member (CLUB-1, as API-8). */
export const readableClub = async (deps: Deps, clubId: string, playerId: string): Promise<{ club: Club; member: ClubMember | null }> => {
  const [club, member] = await Promise.all([deps.clubs.club(clubId), deps.clubs.member(clubId, playerId)]);
  if (!club || (club.visibility === 'private' && !member)) throw notFound(`club ${clubId}`);
  return { club, member };
};

const organiserOf = async (deps: Deps, clubId: string, playerId: string): Promise<Club> => {
  const { club, member } = await readableClub(deps, clubId, playerId);
  if (member?.role !== 'organiser') {
    throw new Problem(403, 'not-allowed', 'You may not do that', `Only an organiser of club ${clubId} may do that.`);
  }
  return club;
};

export const clubView = async (deps: Deps, clubId: string, playerId: string): Promise<ClubView> => {
  const { club, member } = await readableClub(deps, clubId, playerId);
  return viewOf(club, member);
};

/** Joining twice is one membership; a private club's wrong or missing code is the 404 of a club that does not exist. */
export const joinClub = async (
  deps: Deps,
  clubId: string,
  playerId: string,
  given: string | undefined,
): Promise<{ joined: boolean; club: ClubView }> => {
  const [club, member] = await Promise.all([deps.clubs.club(clubId), deps.clubs.member(clubId, playerId)]);
  if (!club) throw notFound(`club ${clubId}`);
  if (member) return { joined: false, club: viewOf(club, member) };
  if (club.visibility === 'private' && (club.inviteCode === null || given === undefined || !sameCode(given, club.inviteCode))) {
    throw notFound(`club ${clubId}`);
  }
  const joining: ClubMember = { playerId, role: 'member', joinedAt: deps.clock().toISOString() };
  const outcome = await deps.clubs.addMember(clubId, joining);
  const now = outcome === 'added' ? joining : await deps.clubs.member(clubId, playerId);
  return { joined: outcome === 'added', club: viewOf(club, now) };
};

/** As REL-21: compared as digests, so a code of any length is just a wrong code. */
const sameCode = (given: string, expected: string): boolean =>
  timingSafeEqual(createHash('sha256').update(given, 'utf8').digest(), createHash('sha256').update(expected, 'utf8').digest());

export const rotateInviteCode = async (deps: Deps, clubId: string, playerId: string): Promise<{ inviteCode: string }> => {
  const club = await organiserOf(deps, clubId, playerId);
  if (club.visibility !== 'private') {
    throw new Problem(409, 'conflict', 'A public club has no invite code', `Club ${clubId} is public: anyone may join it without a code.`);
  }
  const inviteCode = newInviteCode(deps);
  await deps.clubs.setInviteCode(clubId, inviteCode);
  return { inviteCode };
};

export interface MemberView extends ClubMember {
  readonly name: string | null;
}

export const clubMembers = async (deps: Deps, clubId: string, playerId: string): Promise<{ clubId: string; members: MemberView[] }> => {
  await readableClub(deps, clubId, playerId);
  const members = await deps.clubs.members(clubId);
  const names = new Map<string, string>();
  for (let i = 0; i < members.length; i += 100) {
    for (const [id, name] of await deps.games.playerNames(members.slice(i, i + 100).map((m) => m.playerId))) names.set(id, name);
  }
  return { clubId, members: members.map((m) => ({ ...m, name: names.get(m.playerId) ?? null })) };
};

export const addOrganiser = async (deps: Deps, clubId: string, playerId: string, target: string): Promise<MemberView> => {
  await organiserOf(deps, clubId, playerId);
  if (!(await deps.clubs.setRole(clubId, target, 'organiser'))) {
    throw new Problem(
      409,
      'conflict',
      'Not a member',
      `Player ${target} is not a member of club ${clubId}; only a member can be made an organiser.`,
    );
  }
  const member = (await deps.clubs.member(clubId, target)) as ClubMember;
  return { ...member, name: (await deps.games.playerNames([target])).get(target) ?? null };
};

/** An organiser removes a member; a member may leave; the club's founder stays (so it always has an organiser). */
export const removeMember = async (deps: Deps, clubId: string, playerId: string, target: string): Promise<void> => {
  const club = target === playerId ? (await readableClub(deps, clubId, playerId)).club : await organiserOf(deps, clubId, playerId);
  if (target === club.createdBy) {
    throw new Problem(409, 'conflict', 'The founder stays', `Player ${target} founded club ${clubId} and stays its organiser.`);
  }
  if (!(await deps.clubs.removeMember(clubId, target))) throw notFound(`member ${target} of club ${clubId}`);
};

export const clubGames = async (deps: Deps, clubId: string, playerId: string) => {
  await readableClub(deps, clubId, playerId);
  return { clubId, games: await deps.clubs.games(clubId) };
};

/** CLUB-1: a club's events, its tournaments (CLUB-2), each with the path of its page (CLUB-7). */
export const clubTournaments = async (deps: Deps, clubId: string, playerId: string) => {
  await readableClub(deps, clubId, playerId);
  return { clubId, tournaments: (await deps.clubs.tournaments(clubId)).map((t) => ({ ...t, page: tournamentPage(t.tournamentId) })) };
};

/** CLUB-1: only a member creates a tournament in a club, as a game; to a stranger a private club does not exist. */
export const checkClubTournament = async (deps: Deps, clubId: string, playerId: string): Promise<Club> => {
  const { club, member } = await readableClub(deps, clubId, playerId);
  if (!member) {
    throw new Problem(403, 'not-allowed', 'You may not do that', `Only members of club ${clubId} create tournaments in it; join it first.`);
  }
  return club;
};

/**
 * CLUB-1: only a member creates a game in a club; to a stranger a private club does not exist.
 * INV-10: a private club's id is shown to nobody outside it, and a game's view and log carry its
 * club's id, so a game of a private club is private: given no visibility it is made private, and
 * an explicit "public" is refused. The game's visibility the creator is given is returned.
 */
export const checkClubGame = async (
  deps: Deps,
  clubId: string,
  playerId: string,
  visibility: 'public' | 'private' | undefined,
): Promise<'public' | 'private' | undefined> => {
  const { club, member } = await readableClub(deps, clubId, playerId);
  if (!member) {
    throw new Problem(403, 'not-allowed', 'You may not do that', `Only members of club ${clubId} create games in it; join it first.`);
  }
  if (club.visibility !== 'private') return visibility;
  if (visibility === 'public') {
    throw new Problem(
      422,
      'rule-violation',
      'Against the club rules',
      `Club ${clubId} is private, so its games are private too: a public game would show the club to players outside it. Leave options.visibility out, or set it to "private".`,
      { rule: 'CLUB-1', code: 'PRIVATE_CLUB_GAME' },
    );
  }
  return 'private';
};

/** CLUB-6: a page of a ladder's leaderboard, best first, from rank `after + 1`. */
export const leaderboard = async (deps: Deps, clubId: string, ruleset: string, playerId: string, after: number, limit: number) => {
  await readableClub(deps, clubId, playerId);
  const ladder = await deps.clubs.ladder(clubId, ruleset);
  const all = ladder ? standings(ladder) : [];
  const page = all.slice(after, after + limit);
  const names = await deps.games.playerNames(page.map((s) => s.playerId));
  return {
    clubId,
    ruleset,
    rated: ladder?.rated ?? 0,
    players: page.map((s) => ({ ...s, name: names.get(s.playerId) ?? null })),
    next: after + limit < all.length ? after + limit : null,
  };
};

/** CLUB-6: every rating change of one player on a ladder, oldest first: opponent, result, before and after. */
export const ratingHistory = async (deps: Deps, clubId: string, ruleset: string, playerId: string, of: string | undefined) => {
  await readableClub(deps, clubId, playerId);
  const changes = await deps.clubs.ratingChanges(clubId, ruleset);
  return {
    clubId,
    ruleset,
    changes: of === undefined ? changes : changes.filter((c) => c.players.some((p) => p.playerId === of)),
  };
};
