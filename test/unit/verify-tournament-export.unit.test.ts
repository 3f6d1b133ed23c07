/**
 * CLUB-5 `arbiter verify-tournament` (domain/verify/tournament.ts) on a real export: a small
 * Swiss, played on the memory adapters through the command path, is edited one way per test, and
 * each edit fails the one check it should, naming its line, with the whole verdict.
 */
import { describe, expect, it } from 'vitest';
import { rulesetCatalogue } from '../../domain/catalogue.ts';
import { envelopeHash } from '../../domain/kernel/envelope.ts';
import { canonicalJson } from '../../domain/kernel/hash.ts';
import { rulesetList } from '../../domain/ruleset-list.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { verifyTournament } from '../../domain/verify/tournament.ts';
import { serializeTournamentExport, TOURNAMENT_EXPORT_FORMAT } from '../../domain/verify/tournament-export.ts';
import { loadGame } from '../../functions/games/app/game-fold.ts';
import { ORGANISER } from '../support/tournament.ts';
import { openSwiss } from '../support/tournament-app.ts';

const TOURNAMENT = 't_verify4';

/** A Swiss of `players` in `rounds` rounds under `ruleset`, on the memory adapters and their stream. */
const openCup = (ruleset: string, players: number, rounds: number) =>
  openSwiss({ label: 'verify-cup', tournamentId: TOURNAMENT, name: 'Verify Swiss', ruleset, players, rounds });

/**
 * A Swiss of 4 in 2 rounds, played so that every way a result is recorded appears: round 1,
 * table 1 its red player concedes (blue wins), table 2 the organiser decides for red while the
 * game still runs; round 2, table 1 its blue player concedes (red wins), table 2 is drawn by
 * agreement.
 */
const playCup = async (): Promise<{ exported: string; games: string[] }> => {
  const { deps, tournamentCommand, gameCommand, pairings, exported } = await openCup('post-galactica', 4, 2);
  const [a, b] = await pairings();
  if (!a || !b) throw new Error('two tables');
  await gameCommand(a.gameId, a.red, 'concede', { type: 'Concede' });
  await pairings();
  await tournamentCommand(ORGANISER, 'decide', { type: 'DecideGame', gameId: b.gameId, winner: 'red' });
  const [c, d] = await pairings();
  if (!c || !d) throw new Error('two tables');
  await gameCommand(c.gameId, c.blue, 'concede', { type: 'Concede' });
  // A draw is offered only once play starts: the roll-off's winner, whoever it is, names the first seat.
  const { state: toDraw } = await loadGame(deps, d.gameId);
  const chooser = toDraw.status === 'choosing' && toDraw.rollOff?.winner === 'blue' ? d.blue : d.red;
  await gameCommand(d.gameId, chooser, 'first', { type: 'ChooseFirstPlayer', seat: 'red' });
  await gameCommand(d.gameId, d.red, 'offer', { type: 'OfferDraw' });
  await gameCommand(d.gameId, d.blue, 'accept', { type: 'AcceptDraw' });
  return { exported: await exported(), games: [a.gameId, b.gameId, c.gameId, d.gameId] };
};

/** A final of two under `ruleset`, whose second seat concedes: the first seat wins. */
const playFinal = async (ruleset: string): Promise<string> => {
  const { gameCommand, pairings, exported } = await openCup(ruleset, 2, 1);
  const [final] = await pairings();
  if (!final) throw new Error('one table');
  await gameCommand(final.gameId, final.blue, 'concede', { type: 'Concede' });
  return exported();
};

let cup: Promise<{ exported: string; games: string[] }> | undefined;
/** The one cup every test edits: played once, on first need, inside a test. */
const theCup = () => {
  cup ??= playCup();
  return cup;
};

const RULESETS = () => everyRuleset();

/** Line `n` (1-based) of the export, parsed. */
const lineAt = (text: string, n: number) =>
  JSON.parse(text.split('\n')[n - 1] as string) as Record<string, unknown> & {
    data: Record<string, unknown>;
    command?: Record<string, unknown>;
  };

/**
 * Edits the export's lines (1-based `lines[n - 1]`), then, when `reseal`, numbers and re-hashes
 * the tournament's events as the store would have: an edit the chain cannot see, so that the
 * check behind it has to find it.
 */
const edit = (text: string, change: (lines: string[]) => void, reseal = true): string => {
  const lines = text.split('\n');
  change(lines);
  if (reseal) {
    let prev: { seq: number; hash: string } | null = null;
    for (const [i, raw] of lines.entries()) {
      if (!raw.includes(`"gameId":"${TOURNAMENT}"`)) continue;
      const event = JSON.parse(raw) as Record<string, unknown>;
      if (typeof event.seq !== 'number') continue;
      event.seq = (prev?.seq ?? 0) + 1;
      if (prev) event.prevHash = prev.hash;
      event.hash = envelopeHash(event as never);
      lines[i] = JSON.stringify(event);
      prev = event as { seq: number; hash: string };
    }
  }
  return lines.join('\n');
};

/** Replaces line `n` with `change` applied to its JSON. */
const changeLine = (n: number, change: (line: ReturnType<typeof lineAt>) => void) => (lines: string[]) => {
  const line = JSON.parse(lines[n - 1] as string);
  change(line);
  lines[n - 1] = JSON.stringify(line);
};

/** An edit of line `n` alone: `change` applied to its JSON, the tournament's events resealed. */
const editedLine =
  (n: number, change: (line: ReturnType<typeof lineAt>) => void) =>
  (text: string): string =>
    edit(text, changeLine(n, change));

// The export's layout, pinned by the first test: the header, 16 tournament events (lines 2-17),
// then the four game logs from lines 18, 26, 31 and 39.
const CREATED = 2;
const ROUND_1 = 8;
const RESULT_1_1 = 9;
const DECIDED_1_2 = 10;
const ROUND_1_ENDED = 11;
const ROUND_2 = 12;
const RESULT_2_1 = 13;
const RESULT_2_2 = 14;
const ENDED = 16;
const REVEALED = 17;
const GAME = [18, 26, 31, 39] as const;

const CHAIN_OK = { check: 'chain', ok: true, verdict: '16 events, every link intact' };
const SEED_OK = { check: 'seed', ok: true, verdict: 'the revealed seed matches the commitment' };
const PAIRINGS_OK = { check: 'pairings', ok: true, verdict: 'every round is paired as the pairing code pairs it with the revealed seed' };
const STANDINGS_OK = { check: 'standings', ok: true, verdict: 'the final standings are recomputed the same' };
const RESULTS_OK = {
  check: 'results',
  ok: true,
  verdict: 'every result recorded from a game is the result its log ends with, played by its pairing in their seats',
};
const GAMES_OK = {
  check: 'games',
  ok: true,
  verdict:
    "4 game logs verify (chain, seed, dice, rules, state); 1 of them, decided at their round's deadline, still run: their seed and dice are checked once they end",
};

/** Every check passes but the rules check, which refuses line `line` of a tournament event with `verdict`. */
const rulesRefused = (line: number, verdict: unknown) => [
  GAMES_OK,
  CHAIN_OK,
  SEED_OK,
  RESULTS_OK,
  { check: 'rules', ok: false, verdict, line },
];

describe('RUL-9 CLUB-5 verify-tournament on a real export', () => {
  it('RUL-9 CLUB-5 the export of a Swiss whose results came from games, an organiser and a draw verifies in every check', async () => {
    const { exported, games } = await theCup();
    const lines = exported.split('\n');
    // TRUST-3: signed by the service (test/service/trust-3-signed-exports.service.test.ts checks the signature).
    expect(lineAt(exported, 1)).toEqual({ format: 'arbiter-tournament/1', tournamentId: TOURNAMENT, games, signature: expect.any(Object) });
    expect(lines.slice(1, 17).map((l) => JSON.parse(l).type)).toEqual([
      'TournamentCreated',
      'PlayerJoined',
      'PlayerJoined',
      'PlayerJoined',
      'PlayerJoined',
      'TournamentStarted',
      'RoundPaired',
      'ResultRecorded',
      'ResultRecorded',
      'RoundEnded',
      'RoundPaired',
      'ResultRecorded',
      'ResultRecorded',
      'RoundEnded',
      'TournamentEnded',
      'TournamentSeedRevealed',
    ]);
    expect(GAME.map((n) => [lineAt(exported, n).format, lineAt(exported, n).gameId])).toEqual(games.map((g) => ['arbiter-log/1', g]));
    expect(
      [RESULT_1_1, DECIDED_1_2, RESULT_2_1, RESULT_2_2].map((n) => [lineAt(exported, n).data.winner, lineAt(exported, n).data.by]),
    ).toEqual([
      ['blue', 'game'],
      ['red', 'organiser'],
      ['red', 'game'],
      [null, 'game'],
    ]);
    expect([lineAt(exported, ROUND_1).type, lineAt(exported, ROUND_2).type]).toEqual(['RoundPaired', 'RoundPaired']);
    expect(lines.at(-1)).toBe('');
    expect(verifyTournament(exported, RULESETS())).toEqual([GAMES_OK, CHAIN_OK, SEED_OK, RESULTS_OK, PAIRINGS_OK, STANDINGS_OK]);
  });

  it('RUL-9 CLUB-5 the export format is arbiter-tournament/1, and a final of another rule system maps its first seat to red', async () => {
    const { exported } = await theCup();
    expect(serializeTournamentExport({ format: TOURNAMENT_EXPORT_FORMAT, tournamentId: TOURNAMENT, games: [] }, [], ['a\n', 'b\n'])).toBe(
      '{"format":"arbiter-tournament/1","tournamentId":"t_verify4","games":[]}\na\nb\n',
    );
    expect(exported.startsWith('{"format":"arbiter-tournament/1",')).toBe(true);
    // Soluna's seats are sun and moon: the sun's win is the pairing's red player's.
    const final = await playFinal('soluna');
    expect(final.split('\n').find((l) => l.includes('"type":"GameEnded"'))).toContain('"winner":"sun"');
    expect(final.split('\n').find((l) => l.includes('"type":"ResultRecorded"'))).toContain('"winner":"red"');
    expect(verifyTournament(final, RULESETS())).toEqual([
      { check: 'games', ok: true, verdict: '1 game logs verify (chain, seed, dice, rules, state)' },
      { ...CHAIN_OK, verdict: '9 events, every link intact' },
      SEED_OK,
      RESULTS_OK,
      PAIRINGS_OK,
      STANDINGS_OK,
    ]);
  });

  type Checks = readonly Record<string, unknown>[];
  // INV-10: every check is reported, the games' first, whatever another check found.
  const ALL_OK: Checks = [GAMES_OK, CHAIN_OK, SEED_OK, RESULTS_OK, PAIRINGS_OK, STANDINGS_OK];
  const REDECIDED_OK: Checks = [PAIRINGS_OK, STANDINGS_OK];
  const RUNNING = "; 1 of them, decided at their round's deadline, still run: their seed and dice are checked once they end";
  /** The games check when only `n` game logs are in the export, the running one among them or not. */
  const gamesOk = (n: number, running: boolean) => ({
    check: 'games',
    ok: true,
    verdict: `${n} game logs verify (chain, seed, dice, rules, state)${running ? RUNNING : ''}`,
  });
  const redecided = (type: string, logged: unknown, recomputed: unknown) =>
    `${type} differs from what its command decides again with the revealed seed: logged ${canonicalJson(logged)}, recomputed ${canonicalJson(recomputed)}`;
  const seats = (change: (s: { playerId: string }[]) => void) => changeLine(GAME[0], (e) => change(e.seats as { playerId: string }[]));
  /** Each edit of the export, and every check verify-tournament then gives, in order. */
  const cases: readonly (readonly [string, (text: string, games: string[]) => string, (text: string, games: string[]) => Checks])[] = [
    ['its final newline dropped', (t) => t.slice(0, -1), () => ALL_OK],
    [
      'its header in another format',
      (t) =>
        edit(
          t,
          changeLine(1, (h) => {
            h.format = 'arbiter-tournament/2';
          }),
          false,
        ),
      () => [
        { check: 'format', ok: false, verdict: 'line 1: the first line must be a header with "format": "arbiter-tournament/1"', line: 1 },
      ],
    ],
    ['nothing at all', () => '', () => [{ check: 'format', ok: false, verdict: 'line 1: is not JSON', line: 1 }]],
    [
      'a tournament event that is not JSON',
      (t) =>
        edit(
          t,
          (l) => {
            l[4] = 'not json';
          },
          false,
        ),
      () => [{ check: 'format', ok: false, verdict: 'line 5: is not JSON', line: 5 }],
    ],
    [
      'a game event that is not JSON',
      (t) =>
        edit(
          t,
          (l) => {
            l[GAME[1] + 1] = 'not json';
          },
          false,
        ),
      () => [{ check: 'format', ok: false, verdict: 'line 28: is not JSON', line: 28 }],
    ],
    [
      'only its header',
      (t) => `${t.split('\n')[0]}\n`,
      () => [
        gamesOk(0, false),
        { ...CHAIN_OK, verdict: '0 events, every link intact' },
        { check: 'format', ok: false, verdict: 'the log does not begin with TournamentCreated', line: 2 },
      ],
    ],
    // Every result from a game whose log is missing fails at its own line (game 2's was the organiser's: none).
    ...(
      [
        ['its game logs cut off, with no final newline', (t: string) => t.split('\n').slice(0, 17).join('\n'), [0, 2, 3], 0],
        ['a blank line before its game logs', (t: string) => edit(t, (l) => l.splice(17, 0, ''), false), [0, 2, 3], 0],
        ['a line of spaces before its game logs', (t: string) => edit(t, (l) => l.splice(17, 0, '   '), false), [0, 2, 3], 0],
        ['a line of spaces before its third game log', (t: string) => edit(t, (l) => l.splice(GAME[2] - 1, 0, '   '), false), [2, 3], 2],
        ['its third game log dropped', (t: string) => edit(t, (l) => l.splice(GAME[2] - 1, GAME[3] - GAME[2]), false), [2], 3],
      ] as const
    ).map(
      ([name, make, missing, logs]) =>
        [
          name,
          make,
          (_t: string, games: string[]) => [
            gamesOk(logs, logs >= 2),
            CHAIN_OK,
            SEED_OK,
            ...missing.map((game) => ({
              check: 'results',
              ok: false,
              verdict: `game ${games[game]} is not in the export`,
              line: [RESULT_1_1, DECIDED_1_2, RESULT_2_1, RESULT_2_2][game],
            })),
            ...REDECIDED_OK,
          ],
        ] as const,
    ),
    [
      'a result edited without re-hashing',
      (t) =>
        edit(
          t,
          changeLine(RESULT_1_1, (e) => {
            e.data.winner = 'red';
          }),
          false,
        ),
      (t, games) => [
        GAMES_OK,
        {
          check: 'chain',
          ok: false,
          verdict: expect.stringMatching(/^hash does not match its content \(recomputed [0-9a-f]{12}…\)$/),
          line: RESULT_1_1,
        },
        SEED_OK,
        { check: 'results', ok: false, verdict: `game ${games[0]} ended blue, but the result recorded is red`, line: RESULT_1_1 },
        {
          check: 'results',
          ok: false,
          verdict: redecided('ResultRecorded', { ...lineAt(t, RESULT_1_1).data, winner: 'red' }, lineAt(t, RESULT_1_1).data),
          line: RESULT_1_1,
        },
      ],
    ],
    [
      'its first event not TournamentCreated',
      editedLine(CREATED, (e) => {
        e.type = 'TournamentOpened';
      }),
      () => [GAMES_OK, CHAIN_OK, { check: 'format', ok: false, verdict: 'the log does not begin with TournamentCreated', line: 2 }],
    ],
    [
      'its seed reveal dropped',
      (t) => edit(t, (l) => l.splice(REVEALED - 1, 1)),
      () => [
        GAMES_OK,
        { ...CHAIN_OK, verdict: '15 events, every link intact' },
        { check: 'seed', ok: false, verdict: 'the tournament has not ended: its seed is not revealed yet', line: 2 },
        RESULTS_OK,
      ],
    ],
    [
      'another seed revealed',
      editedLine(REVEALED, (e) => {
        e.data.seed = 'c'.repeat(64);
      }),
      () => [
        GAMES_OK,
        CHAIN_OK,
        { check: 'seed', ok: false, verdict: 'the revealed seed does not match the commitment', line: REVEALED },
        RESULTS_OK,
      ],
    ],
    [
      'its seed reveal with no data',
      editedLine(REVEALED, (e) => {
        delete (e as Record<string, unknown>).data;
      }),
      () => [
        GAMES_OK,
        CHAIN_OK,
        { check: 'seed', ok: false, verdict: 'the revealed seed does not match the commitment', line: REVEALED },
        RESULTS_OK,
      ],
    ],
    [
      'paired by another pairing code',
      editedLine(CREATED, (e) => {
        (e.data.pairing as { name: string }).name = 'other-pairing';
      }),
      () => [
        GAMES_OK,
        CHAIN_OK,
        {
          check: 'pairings',
          ok: false,
          verdict: 'paired by other-pairing 1.0.0; this build recomputes arbiter-pairing 1.0.0 only',
          line: 2,
        },
        RESULTS_OK,
      ],
    ],
    [
      "paired by another version of this build's pairing code",
      editedLine(CREATED, (e) => {
        (e.data.pairing as { version: string }).version = '2.0.0';
      }),
      () => [
        GAMES_OK,
        CHAIN_OK,
        {
          check: 'pairings',
          ok: false,
          verdict: 'paired by arbiter-pairing 2.0.0; this build recomputes arbiter-pairing 1.0.0 only',
          line: 2,
        },
        RESULTS_OK,
      ],
    ],
    ...(
      [
        [RESULT_1_1, 'blue', 'red'],
        [RESULT_2_1, 'red', null],
        [RESULT_2_2, null, 'blue'],
      ] as const
    ).map(
      ([line, ended, recorded]) =>
        [
          `the result at line ${line} changed to ${recorded ?? 'a draw'}, its command too`,
          (t: string) =>
            edit(
              t,
              changeLine(line, (e) => {
                e.data.winner = recorded;
                (e.command as { winner: unknown }).winner = recorded;
              }),
            ),
          // The result is named first; the pairing or standings it changed are named after it, each at its line.
          (t: string) => [
            GAMES_OK,
            CHAIN_OK,
            SEED_OK,
            {
              check: 'results',
              ok: false,
              verdict: `game ${lineAt(t, line).data.gameId} ended ${ended ?? 'drawn'}, but the result recorded is ${recorded ?? 'a draw'}`,
              line,
            },
            line === RESULT_1_1
              ? {
                  check: 'pairings',
                  ok: false,
                  verdict: expect.stringMatching(/^RoundPaired differs from what its command/),
                  line: ROUND_2,
                }
              : {
                  check: 'standings',
                  ok: false,
                  verdict: expect.stringMatching(/^TournamentEnded differs from what its command/),
                  line: ENDED,
                },
          ],
        ] as const,
    ),
    [
      "the first game's log cut before its end",
      (t) =>
        edit(
          t,
          (l) => {
            const end = l.findIndex((x) => x.includes('"type":"GameEnded"'));
            l.splice(end, GAME[1] - 1 - end);
          },
          false,
        ),
      (_t, games) => [
        {
          check: 'games',
          ok: false,
          verdict: `game ${games[0]}, seed: seed: the header shows it, but no SeedRevealed event in the log records its reveal at the end of the game`,
          line: GAME[1] - 3,
        },
        CHAIN_OK,
        SEED_OK,
        { check: 'results', ok: false, verdict: `game ${games[0]} has not ended, but a result was recorded from it`, line: RESULT_1_1 },
        ...REDECIDED_OK,
      ],
    ],
    [
      'a join decided again for a player who joined already',
      editedLine(6, (e) => {
        e.actor = 'player:p_0001';
      }),
      () => rulesRefused(6, 'the command here is refused when decided again: you have joined already'),
    ],
    [
      'a join sent by the system',
      editedLine(6, (e) => {
        e.actor = 'system';
      }),
      () => rulesRefused(6, 'the command here is refused when decided again: only a player joins'),
    ],
    [
      'a join logged as a withdrawal with the same data',
      editedLine(6, (e) => {
        e.type = 'PlayerWithdrew';
      }),
      () => rulesRefused(6, redecided('PlayerWithdrew', { playerId: 'p_0004', round: 1 }, { playerId: 'p_0004', round: 1 })),
    ],
    [
      "a round's end logged under another command id",
      editedLine(ROUND_1_ENDED, (e) => {
        e.commandId = 'elsewhere';
      }),
      () => rulesRefused(DECIDED_1_2, redecided('RoundEnded', null, { round: 1 })),
    ],
    [
      "round 2's pairing dropped",
      (t) => edit(t, (l) => l.splice(ROUND_2 - 1, 1)),
      // Its games are then no pairing's: each is named at its log's header.
      (t, games) => [
        GAMES_OK,
        { ...CHAIN_OK, verdict: '15 events, every link intact' },
        SEED_OK,
        {
          check: 'results',
          ok: false,
          verdict: `game ${games[2]} was not played by its pairing's players in their seats`,
          line: GAME[2] - 1,
        },
        {
          check: 'results',
          ok: false,
          verdict: `game ${games[3]} was not played by its pairing's players in their seats`,
          line: GAME[3] - 1,
        },
        { check: 'pairings', ok: false, verdict: redecided('RoundPaired', null, lineAt(t, ROUND_2).data), line: ROUND_1_ENDED },
      ],
    ],
    [
      "round 2's pairing logged twice",
      (t) => edit(t, (l) => l.splice(ROUND_2, 0, l[ROUND_2 - 1] as string)),
      (t) => [
        GAMES_OK,
        { ...CHAIN_OK, verdict: '17 events, every link intact' },
        SEED_OK,
        RESULTS_OK,
        { check: 'pairings', ok: false, verdict: redecided('RoundPaired', lineAt(t, ROUND_2).data, null), line: ROUND_2 + 1 },
      ],
    ],
    [
      "round 2's pairing with two blue players swapped",
      editedLine(ROUND_2, (e) => {
        const [a, b] = e.data.pairings as { blue: string }[];
        if (a && b) [a.blue, b.blue] = [b.blue, a.blue];
      }),
      (t, games) => {
        const logged = structuredClone(lineAt(t, ROUND_2).data);
        const [a, b] = logged.pairings as { blue: string }[];
        if (a && b) [a.blue, b.blue] = [b.blue, a.blue];
        return [
          GAMES_OK,
          CHAIN_OK,
          SEED_OK,
          {
            check: 'results',
            ok: false,
            verdict: `game ${games[2]} was not played by its pairing's players in their seats`,
            line: GAME[2],
          },
          {
            check: 'results',
            ok: false,
            verdict: `game ${games[3]} was not played by its pairing's players in their seats`,
            line: GAME[3],
          },
          { check: 'pairings', ok: false, verdict: redecided('RoundPaired', logged, lineAt(t, ROUND_2).data), line: ROUND_2 },
        ];
      },
    ],
    // Command ids are not what verify compares: an event that carries its own command is a command of its own.
    [
      'a join logged under the command id of the join before it',
      editedLine(4, (e) => {
        e.commandId = 'join-p_0001';
      }),
      () => ALL_OK,
    ],
    [
      "the organiser's decision changed, its command not",
      editedLine(DECIDED_1_2, (e) => {
        e.data.winner = 'blue';
      }),
      (t) => [
        GAMES_OK,
        CHAIN_OK,
        SEED_OK,
        {
          check: 'results',
          ok: false,
          verdict: redecided('ResultRecorded', { ...lineAt(t, DECIDED_1_2).data, winner: 'blue' }, lineAt(t, DECIDED_1_2).data),
          line: DECIDED_1_2,
        },
      ],
    ],
    [
      'the standings changed',
      editedLine(ENDED, (e) => {
        (e.data.standings as { halfPoints: number }[])[0]!.halfPoints = 3;
      }),
      (t) => {
        const logged = structuredClone(lineAt(t, ENDED).data);
        (logged.standings as { halfPoints: number }[])[0]!.halfPoints = 3;
        return [
          GAMES_OK,
          CHAIN_OK,
          SEED_OK,
          RESULTS_OK,
          { check: 'standings', ok: false, verdict: redecided('TournamentEnded', logged, lineAt(t, ENDED).data), line: ENDED },
        ];
      },
    ],
    ...(
      [
        [
          'its seats swapped',
          (s: { playerId: string }[]) => {
            [s[0]!.playerId, s[1]!.playerId] = [s[1]!.playerId, s[0]!.playerId];
          },
        ],
        [
          'another red player',
          (s: { playerId: string }[]) => {
            s[0]!.playerId = 'p_0009';
          },
        ],
        [
          'another blue player',
          (s: { playerId: string }[]) => {
            s[1]!.playerId = 'p_0009';
          },
        ],
      ] as const
    ).map(
      ([name, change]) =>
        [
          `the first game's header with ${name}`,
          (t: string) => edit(t, seats(change), false),
          (_t: string, games: string[]) => [
            GAMES_OK,
            CHAIN_OK,
            SEED_OK,
            {
              check: 'results',
              ok: false,
              verdict: `game ${games[0]} was not played by its pairing's players in their seats`,
              line: GAME[0],
            },
            ...REDECIDED_OK,
          ],
        ] as const,
    ),
    [
      "an event of the first game's log edited",
      (t) =>
        edit(
          t,
          changeLine(GAME[0] + 2, (e) => {
            e.edited = true;
          }),
          false,
        ),
      (_t, games) => [
        {
          check: 'games',
          ok: false,
          verdict: `game ${games[0]}, chain: hash chain: broken at line 3 (event 2): its content does not match its hash`,
          line: GAME[0] + 2,
        },
        CHAIN_OK,
        SEED_OK,
        RESULTS_OK,
        ...REDECIDED_OK,
      ],
    ],
    [
      "an event of the running game's log edited",
      (t) =>
        edit(
          t,
          changeLine(GAME[1] + 2, (e) => {
            e.edited = true;
          }),
          false,
        ),
      (_t, games) => [
        {
          check: 'games',
          ok: false,
          verdict: `game ${games[1]}, chain: hash chain: broken at line 3 (event 2): its content does not match its hash`,
          line: GAME[1] + 2,
        },
        CHAIN_OK,
        SEED_OK,
        RESULTS_OK,
        ...REDECIDED_OK,
      ],
    ],
    [
      // Only a game its round's deadline decided may still run: one whose result came from it has to show its seed.
      'the header of a game that ended shown as running',
      (t) =>
        edit(
          t,
          changeLine(GAME[2], (e) => {
            e.status = 'running';
            e.seed = null;
          }),
          false,
        ),
      (_t, games) => [
        {
          check: 'games',
          ok: false,
          verdict: `game ${games[2]}, seed: seed: not revealed yet; it is published when the game ends`,
          line: GAME[2],
        },
        CHAIN_OK,
        SEED_OK,
        RESULTS_OK,
        ...REDECIDED_OK,
      ],
    ],
  ];

  it.each(cases)('RUL-9 CLUB-5 an export with %s gives exactly the checks that name it', async (_name, make, expected) => {
    const { exported, games } = await theCup();
    expect(verifyTournament(make(exported, games), RULESETS())).toEqual(expected(exported, games));
  });
});

describe('RUL-9 CLUB-5 a verifier that lacks the tournament’s ruleset', () => {
  it('RUL-9 CLUB-5 still checks the tournament’s own log and its results by seat, and fails its games naming the ruleset it lacks', async () => {
    const { exported, games } = await theCup();
    // An older build, or one that serves fewer rule systems: the results are read with the usual seats, red and blue.
    const lacking = rulesetCatalogue(rulesetList.filter((r) => r.id !== 'post-galactica'));
    // Every game log fails, each at its header; the tournament's own checks still pass.
    expect(verifyTournament(exported, lacking)).toEqual([
      ...games.map((gameId, i) => ({
        check: 'games',
        ok: false,
        verdict: `game ${gameId}, rules: rules: this verifier does not know the ruleset "post-galactica"`,
        line: GAME[i],
      })),
      CHAIN_OK,
      SEED_OK,
      RESULTS_OK,
      PAIRINGS_OK,
      STANDINGS_OK,
    ]);
  });
});
