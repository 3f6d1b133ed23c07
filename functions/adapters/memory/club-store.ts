/**
 * Clubs, members, club games and tournaments, and ladders in memory, with the club table's semantics
 * (docs/design.md §21): a member or a game is added once however often it is added, and a
 * ladder is written only over the revision it was read at, with its game's change, once.
 */
import type {
  Club,
  ClubGame,
  ClubMember,
  ClubRole,
  ClubStore,
  ClubTournament,
  Ladder,
  RateOutcome,
  RatingChange,
} from '../../kernel/ports.ts';

interface Held {
  club: Club;
  readonly members: Map<string, ClubMember>;
  readonly games: Map<string, ClubGame>;
  readonly tournaments: Map<string, ClubTournament>;
  readonly ladders: Map<string, { ladder: Ladder; changes: Map<string, RatingChange> }>;
}

const byKey = <T>(map: ReadonlyMap<string, T>): T[] =>
  [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, value]) => structuredClone(value));

export class MemoryClubStore implements ClubStore {
  private readonly clubs = new Map<string, Held>();

  async createClub(club: Club, organiser: ClubMember): Promise<boolean> {
    if (this.clubs.has(club.clubId)) return false;
    this.clubs.set(club.clubId, {
      club: structuredClone(club),
      members: new Map([[organiser.playerId, structuredClone(organiser)]]),
      games: new Map(),
      tournaments: new Map(),
      ladders: new Map(),
    });
    return true;
  }

  async club(clubId: string): Promise<Club | null> {
    const held = this.clubs.get(clubId);
    return held ? structuredClone(held.club) : null;
  }

  async setInviteCode(clubId: string, inviteCode: string): Promise<boolean> {
    const held = this.clubs.get(clubId);
    if (!held) return false;
    held.club = { ...held.club, inviteCode };
    return true;
  }

  async addMember(clubId: string, member: ClubMember): Promise<'added' | 'exists'> {
    const members = this.clubs.get(clubId)?.members;
    if (!members) throw new Error(`no club ${clubId}`);
    if (members.has(member.playerId)) return 'exists';
    members.set(member.playerId, structuredClone(member));
    return 'added';
  }

  async member(clubId: string, playerId: string): Promise<ClubMember | null> {
    const member = this.clubs.get(clubId)?.members.get(playerId);
    return member ? structuredClone(member) : null;
  }

  async setRole(clubId: string, playerId: string, role: ClubRole): Promise<boolean> {
    const members = this.clubs.get(clubId)?.members;
    const member = members?.get(playerId);
    if (!members || !member) return false;
    members.set(playerId, { ...member, role });
    return true;
  }

  async removeMember(clubId: string, playerId: string): Promise<boolean> {
    return this.clubs.get(clubId)?.members.delete(playerId) ?? false;
  }

  async members(clubId: string): Promise<ClubMember[]> {
    return byKey(this.clubs.get(clubId)?.members ?? new Map());
  }

  async addGame(clubId: string, game: ClubGame): Promise<void> {
    const games = this.clubs.get(clubId)?.games;
    if (games && !games.has(game.gameId)) games.set(game.gameId, structuredClone(game));
  }

  async games(clubId: string): Promise<ClubGame[]> {
    return byKey(this.clubs.get(clubId)?.games ?? new Map());
  }

  async addTournament(clubId: string, tournament: ClubTournament): Promise<void> {
    const tournaments = this.clubs.get(clubId)?.tournaments;
    if (tournaments && !tournaments.has(tournament.tournamentId)) tournaments.set(tournament.tournamentId, structuredClone(tournament));
  }

  async tournaments(clubId: string): Promise<ClubTournament[]> {
    return byKey(this.clubs.get(clubId)?.tournaments ?? new Map());
  }

  async ladder(clubId: string, ruleset: string): Promise<Ladder | null> {
    const held = this.clubs.get(clubId)?.ladders.get(ruleset);
    return held ? structuredClone(held.ladder) : null;
  }

  /**
   * As the club table: the ladder moves to `rev + 1`, and only the players the change names take
   * their new rating (INV-1), each only over the rating that was read.
   */
  async rate(clubId: string, ruleset: string, rev: number, ladder: Omit<Ladder, 'rev'>, change: RatingChange): Promise<RateOutcome> {
    const club = this.clubs.get(clubId);
    if (!club) throw new Error(`no club ${clubId}`);
    const held = club.ladders.get(ruleset);
    if (held?.changes.has(change.gameId)) return 'already';
    if ((held?.ladder.rev ?? 0) !== rev) return 'conflict';
    // As the table's condition: a player's rating is replaced only over the one read (its games, one fewer).
    const stale = change.players.some(({ playerId }) => {
      const stored = held?.ladder.ratings[playerId];
      return stored !== undefined && stored.games !== (ladder.ratings[playerId]?.games ?? 0) - 1;
    });
    if (stale) return 'conflict';
    const ratings = { ...held?.ladder.ratings };
    for (const { playerId } of change.players) {
      const rating = ladder.ratings[playerId];
      if (!rating) throw new Error(`the ladder has no rating for ${playerId}, whom the change of ${change.gameId} rates`);
      ratings[playerId] = structuredClone(rating);
    }
    const changes = held?.changes ?? new Map<string, RatingChange>();
    changes.set(change.gameId, structuredClone(change));
    club.ladders.set(ruleset, { ladder: { ratings, rated: ladder.rated, rev: rev + 1 }, changes });
    return 'rated';
  }

  async ratingChanges(clubId: string, ruleset: string): Promise<RatingChange[]> {
    const changes = this.clubs.get(clubId)?.ladders.get(ruleset)?.changes;
    return [...(changes?.values() ?? [])].sort((a, b) => a.n - b.n).map((c) => structuredClone(c));
  }
}
