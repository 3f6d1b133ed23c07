/**
 * CLUB-4: rounds that run themselves, driven by the stream (docs/tournaments.md "Rounds").
 * A tournament batch that pairs a round opens each of its games through the command path, the
 * red player creating and the blue one joining under server ids (`@tournament.…`, REL-1), so a
 * redelivered batch opens nothing twice. The game's creating command id names its tournament,
 * round and table: a game batch that ends the game is reported to that tournament under
 * `@result.<gameId>`, through the same command path, once however often it is delivered.
 */
import type { EventEnvelope } from '../../../domain/kernel/envelope.ts';
import type { Round, TournamentState } from '../../../domain/tournament/state.ts';
import { type CommandResult, executeCommand, systemCommandId } from '../../games/app/commands.ts';
import { publish } from '../../games/app/publishing.ts';
import type { Deps } from '../../kernel/deps.ts';
import { type EventBus, type IntegrationEvent, isTournamentId, type PhaseScheduler } from '../../kernel/ports.ts';
import { Problem } from '../../kernel/problems.ts';
import type { TournamentDetail, TournamentDetailRow } from '../../notifications/app/webhook-fanout.ts';
import { loadTournament } from './tournament-fold.ts';
import { executeTournamentCommand } from './tournaments.ts';

/** `@tournament.<tournamentId>.<round>.<table>.<step>`: a tournament game's creating and joining command ids. */
export const tournamentGameCommandId = (tournamentId: string, round: number, table: number, step: 'create' | 'join' | 'join-red') =>
  systemCommandId('tournament', `${tournamentId}.${round}.${table}.${step}`);

/** The tournament, round and table a game's first event names, when the game was opened by a tournament. */
export const tournamentOfGame = (first: EventEnvelope | undefined): { tournamentId: string; round: number; table: number } | null => {
  const match = /^@tournament\.(t_[0-9a-z_]+)\.(\d+)\.(\d+)\.create$/.exec(first?.commandId ?? '');
  return match ? { tournamentId: match[1] as string, round: Number(match[2]), table: Number(match[3]) } : null;
};

/**
 * Create and join every game of `round`: red takes the ruleset's first seat, blue its second.
 * Each game is created, unseated, by the tournament's organiser, then red and blue join: so the
 * tournament's organiser is every game's organiser. Created by its red player, as tournament
 * games were before, a game gave one of its two players the organiser's powers over it (pause,
 * extend a deadline, a TB-3 correction, which no takeback policy turns off); and a private
 * club's game (`gameOptions.visibility`) is read by API-8's own rule, its players and organiser,
 * with no knowledge of tournaments (CLUB-1).
 */
export const openRoundGames = async (deps: Deps, tournamentId: string, round: Round): Promise<CommandResult[]> => {
  const { state } = await loadTournament(deps, tournamentId);
  if (state.status === 'empty') return [];
  const { ruleset, gameOptions, organiser } = state.tournament;
  await deps.rulesets.load(ruleset);
  const [redSeat, blueSeat] = deps.rulesets.getFold(ruleset).seatNames;
  const options = { ...(gameOptions as object) };
  const opened: CommandResult[] = [];
  for (const pairing of round.pairings) {
    const commandId = (step: 'create' | 'join' | 'join-red') => tournamentGameCommandId(tournamentId, round.round, pairing.table, step);
    const join = (step: 'join' | 'join-red', seat: string | undefined, playerId: string) =>
      executeCommand(deps, {
        gameId: pairing.gameId,
        commandId: commandId(step),
        command: { type: 'JoinGame', seat },
        caller: { kind: 'player', playerId },
      });
    await executeCommand(deps, {
      gameId: pairing.gameId,
      commandId: commandId('create'),
      command: { type: 'CreateGame', ruleset, options },
      caller: { kind: 'player', playerId: organiser },
    });
    await join('join-red', redSeat, pairing.red);
    opened.push(await join('join', blueSeat, pairing.blue));
  }
  return opened;
};

/** The schedule of round `round`'s deadline, beside games' step deadlines in the same scheduler. */
export const roundDeadlineKey = (round: number) => `round-${round}`;

/**
 * A tournament's new events: each RoundPaired opens its games and schedules its deadline, if
 * it has one; each RoundEnded cancels its round's (idempotent both, as the scheduler is).
 */
export const reactToTournament = async (
  deps: Deps,
  scheduler: PhaseScheduler | null,
  bus: EventBus | null,
  tournamentId: string,
  events: readonly EventEnvelope[],
): Promise<void> => {
  for (const event of events) {
    if (event.type === 'RoundEnded') {
      await scheduler?.cancel(tournamentId, roundDeadlineKey((event.data as { round: number }).round));
      continue;
    }
    if (event.type === 'TournamentEnded') {
      if (bus) await publish(bus, tournamentNotices((await loadTournament(deps, tournamentId)).state, event));
      continue;
    }
    if (event.type !== 'RoundPaired') continue;
    const data = event.data as Omit<Round, 'results' | 'ended'>;
    const opened = await openRoundGames(deps, tournamentId, { ...data, results: [], ended: false });
    if (bus) {
      await publish(bus, await pairingNotices(deps, tournamentId, event, opened));
      await publish(bus, tournamentNotices((await loadTournament(deps, tournamentId)).state, event));
    }
    if (data.deadline !== null)
      await scheduler?.schedule({ gameId: tournamentId, phaseKey: roundDeadlineKey(data.round), at: data.deadline });
  }
};

/**
 * CLUB-4: each paired player hears whom they play and where (`TournamentPaired`, a webhook of
 * kind `tournament-paired` in every format). One event per player, its id stable per round and
 * player, so a redelivered batch is de-duplicated downstream.
 */
const pairingNotices = async (
  deps: Deps,
  tournamentId: string,
  event: EventEnvelope,
  opened: readonly CommandResult[],
): Promise<IntegrationEvent[]> => {
  const { state } = await loadTournament(deps, tournamentId);
  if (state.status === 'empty') return [];
  const [redSeat, blueSeat] = deps.rulesets.getFold(state.tournament.ruleset).seatNames;
  const data = event.data as Omit<Round, 'results' | 'ended'>;
  return data.pairings.flatMap((p, i) => {
    const version = opened[i]?.version ?? 0;
    const told = (playerId: string, seat: string | undefined, opponentId: string, opponentSeat: string | undefined): IntegrationEvent => ({
      id: `${tournamentId}:${event.seq}:paired:${playerId}`,
      type: 'TournamentPaired',
      gameId: p.gameId,
      seq: version,
      at: event.at,
      detail: {
        playerId,
        seat,
        opponentId,
        opponentSeat,
        tournamentId,
        tournamentName: state.tournament.name,
        round: data.round,
        table: p.table,
        deadline: data.deadline,
      },
    });
    return [told(p.red, redSeat, p.blue, blueSeat), told(p.blue, blueSeat, p.red, redSeat)];
  });
};

/** CLUB-7: how many rows of the final standings a `tournament-ended` notice carries. */
export const TOP_OF_STANDINGS = 3;

/**
 * CLUB-7: a round's start (`TournamentRoundStarted`, to each player it pairs or gives the bye:
 * their table and game, or the bye) and the tournament's end (`TournamentEnded`, to every player
 * in the final standings: the top rows and their own). One event per player, its id stable per
 * tournament event and player, so a redelivered batch is de-duplicated downstream. Pure: the
 * state is the tournament's (any version from the event on), the event its own.
 */
export const tournamentNotices = (state: TournamentState, event: EventEnvelope): IntegrationEvent[] => {
  if (state.status === 'empty' || state.status === 'open') return [];
  const t = state.tournament;
  const base = { tournamentId: event.gameId, tournamentName: t.name, ruleset: t.ruleset, rounds: state.rounds };
  const told = (playerId: string, kind: string, detail: Omit<TournamentDetail, keyof typeof base | 'playerId'>): IntegrationEvent => ({
    id: `${event.gameId}:${event.seq}:${kind}:${playerId}`,
    type: kind === 'round-started' ? 'TournamentRoundStarted' : 'TournamentEnded',
    gameId: event.gameId,
    seq: event.seq,
    at: event.at,
    detail: { ...base, playerId, ...detail },
  });
  if (event.type === 'RoundPaired') {
    const data = event.data as Omit<Round, 'results' | 'ended'>;
    const common = { round: data.round, deadline: data.deadline };
    return [
      ...data.pairings.flatMap((p) =>
        [p.red, p.blue].map((playerId) =>
          told(playerId, 'round-started', { ...common, table: { table: p.table, gameId: p.gameId }, bye: false }),
        ),
      ),
      ...(data.bye === null ? [] : [told(data.bye, 'round-started', { ...common, table: null, bye: true })]),
    ];
  }
  if (event.type === 'TournamentEnded') {
    const rows = (event.data as { standings: readonly { playerId: string; halfPoints: number }[] }).standings.map(
      (row, i): TournamentDetailRow => ({ rank: i + 1, playerId: row.playerId, points: row.halfPoints / 2 }),
    );
    const round = state.history.length;
    const top = rows.slice(0, TOP_OF_STANDINGS);
    return rows.map((you) => told(you.playerId, 'ended', { round, top, you }));
  }
  return [];
};

/** A game's new events: when they end a tournament's game, its result goes to the tournament. */
export const reportTournamentGame = async (deps: Deps, gameId: string, events: readonly EventEnvelope[]): Promise<void> => {
  const ended = events.find((e) => e.type === 'GameEnded');
  if (!ended) return;
  const link = tournamentOfGame((await deps.store.readAfter(gameId, 0, 1))[0]);
  if (!link) return;
  const { state } = await loadTournament(deps, link.tournamentId);
  if (state.status === 'empty') return;
  await deps.rulesets.load(state.tournament.ruleset);
  const [redSeat] = deps.rulesets.getFold(state.tournament.ruleset).seatNames;
  const winnerSeat = (ended.data as { winner: string | null }).winner;
  const winner = winnerSeat === null ? null : winnerSeat === redSeat ? 'red' : 'blue';
  await executeTournamentCommand(deps, {
    tournamentId: link.tournamentId,
    commandId: systemCommandId('result', gameId),
    command: { type: 'RecordGameResult', gameId, winner },
    caller: { kind: 'system' },
  }).catch((error: unknown) => {
    // A game that ended after its round was closed at the deadline: the deadline's decision stands (docs/tournaments.md).
    if (error instanceof Problem && error.status === 409) return;
    throw error;
  });
};

/**
 * CLUB-4: the tournament reactor, one composition for every runtime (docs/design.md §10.4): the
 * Lambda on AWS (functions/stream/tournaments.ts), `npm start`'s stream poller and the memory
 * runtime's stream all hand it each stream's batch. A tournament's batch opens its paired games
 * and arms or cancels its round deadlines; a game's batch reports the game's end to its
 * tournament. The scheduler and the bus are optional only for tests of the application alone.
 */
export const reactForTournaments = (
  deps: Deps,
  scheduler: PhaseScheduler | null,
  bus: EventBus | null,
  streamId: string,
  events: readonly EventEnvelope[],
): Promise<void> =>
  isTournamentId(streamId) ? reactToTournament(deps, scheduler, bus, streamId, events) : reportTournamentGame(deps, streamId, events);
