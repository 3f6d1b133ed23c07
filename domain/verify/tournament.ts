/**
 * CLUB-5: `arbiter verify-tournament`. A tournament export is one NDJSON file: a header line,
 * the tournament's log, then every game log it references, each as `GET /games/{id}/log`
 * writes it (docs/tournaments.md "Verifying"). The check re-decides every command of the
 * tournament with the revealed seed (so every round's pairing and the final standings are
 * recomputed by the same code that decided them), checks every result against its game's own
 * log, and verifies each game log as `arbiter verify` does. Every failure names its line, and
 * every check is reported, the games' first (INV-10).
 */
import type { Rulesets } from '../catalogue.ts';
import { seedCommitment } from '../kernel/dice.ts';
import { type EventEnvelope, findChainBreak } from '../kernel/envelope.ts';
import { canonicalJson } from '../kernel/hash.ts';
import { decideTournament, type TournamentCommand, type TournamentCtx } from '../tournament/decide.ts';
import { PAIRING_LIBRARY } from '../tournament/pairing.ts';
import {
  emptyTournament,
  foldTournament,
  type TournamentCreated,
  type TournamentEvent,
  type TournamentState,
} from '../tournament/state.ts';
import { LOG_FORMAT, LogFormatError, parseLog } from './log.ts';
import { TOURNAMENT_EXPORT_FORMAT, type TournamentExportHeader } from './tournament-export.ts';
import { verifyLog } from './verify.ts';

export interface TournamentCheck {
  readonly check: 'format' | 'chain' | 'seed' | 'pairings' | 'results' | 'standings' | 'rules' | 'games';
  readonly ok: boolean;
  readonly verdict: string;
  /** The export's line (1-based) where the check fails. */
  readonly line?: number;
}

export interface GameSection {
  readonly gameId: string;
  /** The line of the game log's header in the export. */
  readonly line: number;
  readonly text: string;
}

export interface ParsedExport {
  readonly header: TournamentExportHeader;
  readonly events: readonly EventEnvelope<TournamentEvent>[];
  readonly games: readonly GameSection[];
}

export const parseExport = (text: string): ParsedExport => {
  const lines = text.split('\n');
  const json = (i: number) => {
    try {
      return JSON.parse(lines[i] ?? '') as Record<string, unknown>;
    } catch {
      throw new LogFormatError(i + 1, 'is not JSON');
    }
  };
  const header = json(0) as unknown as TournamentExportHeader;
  if (header.format !== TOURNAMENT_EXPORT_FORMAT)
    throw new LogFormatError(1, `the first line must be a header with "format": "${TOURNAMENT_EXPORT_FORMAT}"`);
  const events: EventEnvelope<TournamentEvent>[] = [];
  const games: GameSection[] = [];
  let i = 1;
  for (; i < lines.length && lines[i]?.trim() !== ''; i++) {
    const line = json(i);
    if (line.format === LOG_FORMAT) break;
    events.push(line as unknown as EventEnvelope<TournamentEvent>);
  }
  while (i < lines.length && lines[i]?.trim() !== '') {
    const start = i;
    const gameId = String(json(i).gameId);
    for (i += 1; i < lines.length && lines[i]?.trim() !== '' && json(i).format !== LOG_FORMAT; i++);
    games.push({ gameId, line: start + 1, text: `${lines.slice(start, i).join('\n')}\n` });
  }
  return { header, events, games };
};

/** Line of tournament event i (0-based): the header is line 1. */
const lineOfEvent = (i: number) => i + 2;

const checkOf = (type: string): TournamentCheck['check'] =>
  type === 'RoundPaired' ? 'pairings' : type === 'TournamentEnded' ? 'standings' : type === 'ResultRecorded' ? 'results' : 'rules';

const actorOf = (label: string): TournamentCtx['actor'] =>
  label.startsWith('player:') ? { kind: 'player', playerId: label.slice('player:'.length) } : { kind: 'system' };

/** Every command re-decided on the state before it: the first event that differs names its line. */
const redecide = (events: readonly EventEnvelope<TournamentEvent>[], seed: string): TournamentCheck[] => {
  let state: TournamentState = emptyTournament;
  for (let i = 0; i < events.length; ) {
    const first = events[i] as EventEnvelope<TournamentEvent>;
    let end = i + 1;
    while (end < events.length && events[end]?.commandId === first.commandId && events[end]?.command === undefined) end++;
    const batch = events.slice(i, end);
    const decision = decideTournament(state, first.command as TournamentCommand, { now: first.at, actor: actorOf(first.actor), seed });
    if (!decision.ok)
      return [
        {
          check: 'rules',
          ok: false,
          verdict: `the command here is refused when decided again: ${decision.violation.message}`,
          line: lineOfEvent(i),
        },
      ];
    const decided = decision.events;
    for (let k = 0; k < Math.max(decided.length, batch.length); k++) {
      const logged = batch[k];
      const again = decided[k];
      if (logged && again && logged.type === again.type && canonicalJson(logged.data) === canonicalJson(again.data)) continue;
      const type = logged?.type ?? again?.type ?? 'event';
      return [
        {
          check: checkOf(type),
          ok: false,
          verdict: `${type} differs from what its command decides again with the revealed seed: logged ${canonicalJson(logged?.data ?? null)}, recomputed ${canonicalJson(again?.data ?? null)}`,
          line: lineOfEvent(i + Math.min(k, batch.length - 1)),
        },
      ];
    }
    state = foldTournament(decided, state);
    i = end;
  }
  return [
    { check: 'pairings', ok: true, verdict: 'every round is paired as the pairing code pairs it with the revealed seed' },
    { check: 'standings', ok: true, verdict: 'the final standings are recomputed the same' },
  ];
};

/**
 * Each game result against the game's own log: the winner it ended with, and its pairing's
 * players in their seats. Every result that differs is a failure of its own, at its line.
 */
const checkResults = (parsed: ParsedExport, rulesets: Rulesets): TournamentCheck[] => {
  const games = new Map(parsed.games.map((g) => [g.gameId, g]));
  const pairings = new Map<string, { red: string; blue: string }>();
  const created = parsed.events[0]?.data as TournamentCreated;
  const [redSeat, blueSeat] = rulesets.findFold(created.ruleset)?.seatNames ?? ['red', 'blue'];
  const failures: TournamentCheck[] = [];
  const fail = (verdict: string, line: number) => failures.push({ check: 'results', ok: false, verdict, line });
  for (const [i, envelope] of parsed.events.entries()) {
    const event = { type: envelope.type, data: envelope.data } as TournamentEvent;
    if (event.type === 'RoundPaired') for (const p of event.data.pairings) pairings.set(p.gameId, p);
    if (event.type !== 'ResultRecorded' || event.data.by !== 'game') continue;
    const { gameId, winner } = event.data;
    const section = games.get(gameId);
    if (!section) {
      fail(`game ${gameId} is not in the export`, lineOfEvent(i));
      continue;
    }
    const log = parseLog(section.text);
    const ended = log.events.find((e) => e.type === 'GameEnded')?.data as { winner: string | null } | undefined;
    const expected = ended?.winner == null ? null : ended.winner === redSeat ? 'red' : 'blue';
    if (!ended) fail(`game ${gameId} has not ended, but a result was recorded from it`, lineOfEvent(i));
    else if (expected !== winner)
      fail(`game ${gameId} ended ${expected ?? 'drawn'}, but the result recorded is ${winner ?? 'a draw'}`, lineOfEvent(i));
    const seats = new Map(log.header.seats.map((s) => [s.name, s.playerId]));
    const pairing = pairings.get(gameId);
    if (!pairing || seats.get(redSeat as string) !== pairing.red || seats.get(blueSeat as string) !== pairing.blue)
      fail(`game ${gameId} was not played by its pairing's players in their seats`, section.line);
  }
  if (failures.length > 0) return failures;
  return [
    {
      check: 'results',
      ok: true,
      verdict: 'every result recorded from a game is the result its log ends with, played by its pairing in their seats',
    },
  ];
};

/**
 * Each game log verified as `arbiter verify` verifies it: the first failing check names the
 * export's line. A game its round's deadline decided (`by: "default"` or `"organiser"`) may
 * still be running when the export is written (docs/tournaments.md "Rounds"): its seed is not
 * revealed yet, so the checks that need it are pending, as `arbiter verify` says of a running
 * game (VIEW-8). That is no failure: the result the tournament counts is the deadline's, not
 * the game's. Any other check of such a game, and every check of a game whose result came
 * from the game, still has to pass.
 */
const checkGames = (parsed: ParsedExport, rulesets: Rulesets): TournamentCheck[] => {
  const decidedElsewhere = new Set(
    parsed.events.flatMap(({ type, data }) => {
      const event = { type, data } as TournamentEvent;
      return event.type === 'ResultRecorded' && event.data.by !== 'game' ? [event.data.gameId] : [];
    }),
  );
  let running = 0;
  const failures: TournamentCheck[] = [];
  for (const section of parsed.games) {
    const checks = verifyLog(parseLog(section.text), { rulesets });
    const waiting = decidedElsewhere.has(section.gameId) && checks.some((c) => c.pending);
    const failed = checks.find((c) => !c.ok && !(waiting && c.pending));
    if (failed) {
      const line = section.line + (failed.line ?? 1) - 1;
      failures.push({ check: 'games', ok: false, verdict: `game ${section.gameId}, ${failed.check}: ${failed.verdict}`, line });
    } else if (waiting) running += 1;
  }
  if (failures.length > 0) return failures;
  const pending = parsed.header.pending?.length ?? 0;
  const verdict = [
    `${parsed.games.length} game logs verify (chain, seed, dice, rules, state)`,
    ...(running === 0
      ? []
      : [`${running} of them, decided at their round's deadline, still run: their seed and dice are checked once they end`]),
    ...(pending === 0 ? [] : [`${pending} paired, not opened yet when exported: pending`]),
  ].join('; ');
  return [{ check: 'games', ok: true, verdict }];
};

/**
 * The tournament's own log: its chain, its seed, its results against their games, and every
 * command decided again with the revealed seed. Each check runs whatever another found; only
 * what needs the seed waits for a seed that holds.
 */
const checkTournament = (parsed: ParsedExport, rulesets: Rulesets): TournamentCheck[] => {
  const broken = findChainBreak(parsed.events);
  const checks: TournamentCheck[] = [
    broken
      ? { check: 'chain', ok: false, verdict: broken.reason, line: lineOfEvent(broken.seq - 1) }
      : { check: 'chain', ok: true, verdict: `${parsed.events.length} events, every link intact` },
  ];
  const first = parsed.events[0];
  if (first?.type !== 'TournamentCreated')
    return [...checks, { check: 'format', ok: false, verdict: 'the log does not begin with TournamentCreated', line: 2 }];
  const created = first.data as TournamentCreated;
  const seed = seedCheck(parsed, created);
  const all = [...checks, seed.check, ...checkResults(parsed, rulesets), ...(seed.seed === null ? [] : redecide(parsed.events, seed.seed))];
  // A check that fails anywhere is not also said to pass: a result re-decided differently fails `results`.
  const failing = new Set(all.filter((c) => !c.ok).map((c) => c.check));
  return all.filter((c) => !c.ok || !failing.has(c.check));
};

/** The revealed seed against the commitment, and the pairing code this build recomputes: the seed to decide again with, or null. */
const seedCheck = (parsed: ParsedExport, created: TournamentCreated): { check: TournamentCheck; seed: string | null } => {
  const revealed = parsed.events.findIndex((e) => e.type === 'TournamentSeedRevealed');
  if (revealed < 0)
    return {
      check: { check: 'seed', ok: false, verdict: 'the tournament has not ended: its seed is not revealed yet', line: 2 },
      seed: null,
    };
  const seed = (parsed.events[revealed]?.data as { seed?: string } | undefined)?.seed ?? '';
  if (seedCommitment(seed) !== created.seedCommitment)
    return {
      check: { check: 'seed', ok: false, verdict: 'the revealed seed does not match the commitment', line: lineOfEvent(revealed) },
      seed: null,
    };
  if (created.pairing.name !== PAIRING_LIBRARY.name || created.pairing.version !== PAIRING_LIBRARY.version)
    return {
      check: {
        check: 'pairings',
        ok: false,
        verdict: `paired by ${created.pairing.name} ${created.pairing.version}; this build recomputes ${PAIRING_LIBRARY.name} ${PAIRING_LIBRARY.version} only`,
        line: 2,
      },
      seed: null,
    };
  return { check: { check: 'seed', ok: true, verdict: 'the revealed seed matches the commitment' }, seed };
};

/**
 * INV-10: every check, each failure at its line, the games' first: a game log that fails is
 * named before the tournament's record of it, so a winner changed inside a game's log is
 * blamed on that log, not on the honest result the tournament recorded from it.
 */
export const verifyTournament = (text: string, rulesets: Rulesets): TournamentCheck[] => {
  let parsed: ParsedExport;
  try {
    parsed = parseExport(text);
  } catch (error) {
    return [
      {
        check: 'format',
        ok: false,
        verdict: String((error as Error).message),
        ...(error instanceof LogFormatError ? { line: error.line } : {}),
      },
    ];
  }
  return [...checkGames(parsed, rulesets), ...checkTournament(parsed, rulesets)];
};
