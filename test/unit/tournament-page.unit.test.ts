/**
 * CLUB-7: the tournament page's pictures, rendered in Node from tournaments played in the
 * domain (test/support/tournament.ts) and shaped as the public routes answer them
 * (functions/tournaments/app/tournament-queries.ts): the standings with their tie-break columns and games,
 * each round's tables and results, and a single elimination's bracket. The page in Chromium is
 * test/browser/tournament.browser.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { everyRuleset } from '../../domain/rulesets.ts';
import { currentStandings } from '../../domain/tournament/rounds.ts';
import type { TournamentState } from '../../domain/tournament/state.ts';
import { createMemoryDeps } from '../../functions/adapters/memory/deps.ts';
import { tournamentView } from '../../functions/tournaments/app/tournament-queries.ts';
import { executeTournamentCommand } from '../../functions/tournaments/app/tournaments.ts';
import {
  bracket,
  bracketSvg,
  gameLink,
  points,
  type RoundData,
  roundHtml,
  roundsHtml,
  type StandingsData,
  standingsHtml,
  summary,
  type TournamentData,
} from '../../web/tournament/render.ts';
import { bySystem, openTournament, playerIds, playThrough, TOURNAMENT_SEED, type TournamentSpec } from '../support/tournament.ts';

/** The three answers the page reads, from a tournament's state, as the routes shape them. */
const answers = (state: TournamentState, names: Record<string, string> = {}) => {
  if (state.status === 'empty' || state.status === 'cancelled') throw new Error('no tournament played');
  const history = state.status === 'open' ? [] : state.history;
  const running =
    state.status === 'open' ? { ...state, status: 'running' as const, rounds: 0, history: [] } : { ...state, status: 'running' as const };
  const tournament: TournamentData = {
    tournamentId: 't_test',
    status: state.status,
    name: state.tournament.name,
    format: state.tournament.format,
    ruleset: state.tournament.ruleset,
    rounds: state.status === 'open' ? state.tournament.rounds : state.rounds,
    round: history.length,
    players: state.players,
    withdrawn: state.withdrawn,
    names,
    seed: state.status === 'ended' ? state.seed : null,
  };
  const standings: StandingsData = {
    final: state.status === 'ended',
    rows: currentStandings(running, state.status === 'ended' ? (state.seed ?? '') : '').map(
      ({ halfPoints, buchholz, headToHead, ...row }) => ({
        ...row,
        points: halfPoints / 2,
        buchholz: buchholz / 2,
        headToHead: headToHead / 2,
      }),
    ),
  };
  return { tournament, rounds: history as readonly RoundData[], standings };
};

/** The text of each cell of each body row of the first table in `html`, tags dropped. */
const cells = (html: string): string[][] =>
  [...(html.match(/<tbody>(.*?)<\/tbody>/)?.[1] ?? '').matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) => (cell[1] ?? '').replace(/<[^>]+>/g, '')),
  );

const NAMES = { p_0001: 'Ann', p_0002: 'Bob', p_0003: 'Cy', p_0004: 'Dee', p_0005: 'Eve' };
/** Red wins every game, but a draw at the round-2 table of p_0001. */
const swiss = (): TournamentSpec =>
  playThrough(openTournament('swiss', playerIds(5), 2), (round, red, blue) =>
    round === 2 && (red === 'p_0001' || blue === 'p_0001') ? null : 'red',
  );

describe('CLUB-7 the tournament page, rendered from data', () => {
  it('CLUB-7 the standings: each row in order with points, Buchholz, head-to-head (halves as ½), W/D/L/byes and its games linked to the viewer', () => {
    const { tournament, standings } = answers(swiss().state, NAMES);
    const html = standingsHtml(tournament, standings);
    const shown = cells(html);
    expect(shown).toEqual(
      standings.rows.map((r) => [
        String(r.rank),
        NAMES[r.playerId as keyof typeof NAMES],
        points(r.points),
        points(r.buchholz),
        points(r.headToHead),
        String(r.wins),
        String(r.draws),
        String(r.losses),
        String(r.byes),
        r.games.map((_, i) => i + 1).join(' '),
      ]),
    );
    // The draw shows as halves somewhere in the table, and every game of a row is a link into the viewer.
    expect(shown.some((row) => row[2]?.includes('½'))).toBe(true);
    for (const row of standings.rows) for (const g of row.games) expect(html).toContain(`<a href="/?game=${g}" title="${g}">`);
    expect(html).toContain('Final standings');
    expect([points(0), points(0.5), points(1.5), points(3)]).toEqual(['0', '½', '1½', '3']);
  });

  it('CLUB-7 each round: tables with red and blue by name, the game linked, the result and how it was decided; the bye; the latest round first', () => {
    const spec = swiss();
    const { tournament, rounds } = answers(spec.state, NAMES);
    const html = roundsHtml(tournament, rounds);
    expect([...html.matchAll(/data-round="(\d+)"/g)].map((m) => m[1])).toEqual(['2', '1']);
    const first = rounds[0] as RoundData;
    expect(cells(roundHtml(tournament, first))).toEqual(
      first.pairings.map((p) => [
        String(p.table),
        NAMES[p.red as keyof typeof NAMES],
        NAMES[p.blue as keyof typeof NAMES],
        p.gameId,
        `${NAMES[p.red as keyof typeof NAMES]} (red) won`,
      ]),
    );
    expect(roundHtml(tournament, first)).toContain(
      `Bye: <span class="player" data-player="${first.bye}">${NAMES[first.bye as keyof typeof NAMES]}</span> (1 point)`,
    );
    const second = rounds[1] as RoundData;
    const drawn = second.pairings.find((p) => p.red === 'p_0001' || p.blue === 'p_0001');
    expect(cells(roundHtml(tournament, second)).find((row) => row[0] === String(drawn?.table))?.[4]).toBe('draw');
    // Decided at the deadline, by the organiser, or still in play.
    const pairing = first.pairings[0] as RoundData['pairings'][number];
    const decided = (by: 'organiser' | 'default', winner: 'red' | 'blue' | null) =>
      cells(roundHtml(tournament, { ...first, results: [{ table: pairing.table, gameId: pairing.gameId, winner, by }] }))[0]?.[4];
    expect(decided('default', null)).toBe('draw (deadline default)');
    expect(decided('organiser', 'blue')).toBe(`${NAMES[pairing.blue as keyof typeof NAMES]} (blue) won (decided by the organiser)`);
    expect(cells(roundHtml(tournament, { ...first, results: [], ended: false }))[0]?.[4]).toBe('playing');
    expect(summary(tournament)).toBe('Swiss · post-galactica · round 2 of 2 · ended · 5 players');
  });

  it('CLUB-7 a name is text, never markup: in the tables, the bracket and the summary', () => {
    const evil = '<img src=x onerror=alert(1)>&"';
    const spec = playThrough(openTournament('single-elimination', playerIds(4)), () => 'blue');
    const { tournament, rounds, standings } = answers(spec.state, { p_0001: evil });
    for (const html of [
      standingsHtml(tournament, standings),
      roundsHtml(tournament, rounds),
      bracketSvg(tournament, bracket(tournament, rounds)),
    ]) {
      expect(html).not.toContain('<img');
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&amp;&quot;');
    }
    expect(summary({ ...tournament, ruleset: '<b>' })).toContain('&lt;b&gt;');
    expect(gameLink('g_1 &x')).toBe('/?game=g_1%20%26x');
  });

  it('CLUB-7 a single elimination of 4: the bracket is two semi-finals and a final, the winners marked; before the final is paired its box is empty', () => {
    const blueWins = playThrough(openTournament('single-elimination', playerIds(4)), () => 'blue');
    const { tournament, rounds } = answers(blueWins.state, NAMES);
    const columns = bracket(tournament, rounds);
    expect(columns.map((c) => c.length)).toEqual([2, 1]);
    const semis = rounds[0]?.pairings ?? [];
    expect(columns[0]?.map((m) => [m.red, m.blue, m.winner])).toEqual(semis.map((p) => [p.red, p.blue, p.blue]));
    expect(columns[1]?.[0]?.winner).toBe(rounds[1]?.pairings[0]?.blue);
    const svg = bracketSvg(tournament, columns);
    expect(svg.match(/<g class="match"/g)).toHaveLength(3);
    expect(svg.match(/class="(red|blue) won"/g)).toHaveLength(3);
    expect(svg.match(/<path /g)).toHaveLength(2);
    for (const p of semis) expect(svg).toContain(`<a href="/?game=${p.gameId}">`);

    // The same tournament when round 1 is played but the final not yet paired: an empty final.
    const midway = openTournament('single-elimination', playerIds(4));
    midway.run(
      { type: 'StartTournament' },
      { now: '2026-03-01T12:00:00.000Z', actor: { kind: 'player', playerId: 'p_org' }, seed: TOURNAMENT_SEED },
    );
    const open = answers(midway.state, NAMES);
    const pending = bracket(open.tournament, open.rounds);
    expect(pending.map((c) => c.map((m) => m.winner))).toEqual([[null, null], [null]]);
    expect(pending[1]?.[0]).toEqual({ round: 2, red: null, blue: null, gameId: null, winner: null });
    expect(bracketSvg(open.tournament, pending).match(/>—</g)).toHaveLength(2);
    // A draw (the deadline's default) advances the player the next round names.
    const first = midway.state.status === 'running' ? midway.state.history[0]?.pairings[0] : undefined;
    midway.run({ type: 'RecordGameResult', gameId: first?.gameId ?? '', winner: null }, bySystem());
    const after = answers(midway.state, NAMES);
    expect(bracket(after.tournament, after.rounds)[0]?.[0]?.winner).toBeNull();
  });

  it('CLUB-7 a bracket of 8 once round 1 is paired: columns of 4 tables, then 2 and 1 boxes still empty', () => {
    const spec = openTournament('single-elimination', playerIds(8));
    spec.run(
      { type: 'StartTournament' },
      { now: '2026-03-01T12:00:00.000Z', actor: { kind: 'player', playerId: 'p_org' }, seed: TOURNAMENT_SEED },
    );
    const { tournament, rounds } = answers(spec.state, NAMES);
    const columns = bracket(tournament, rounds);
    expect(columns.map((c) => c.length)).toEqual([4, 2, 1]);
    expect(columns[0]?.every((m) => m.gameId !== null && m.winner === null)).toBe(true);
    expect(bracketSvg(tournament, columns).match(/<path /g)).toHaveLength(6);
  });
});

describe('CLUB-7 the names the page shows', () => {
  it('CLUB-7 GET /tournaments/{id} names the organiser and all 150 players, read at most 100 at a time as a batch read allows', async () => {
    const deps = createMemoryDeps(everyRuleset());
    const asked: number[] = [];
    const games = Object.assign(Object.create(Object.getPrototypeOf(deps.games)), deps.games, {
      playerNames: async (ids: readonly string[]) => {
        asked.push(ids.length);
        return new Map(ids.map((id) => [id, `Name of ${id}`]));
      },
    });
    const run = (playerId: string, commandId: string, command: Parameters<typeof executeTournamentCommand>[1]['command']) =>
      executeTournamentCommand(deps, { tournamentId: 't_big', commandId, command, caller: { kind: 'player', playerId } });
    await run('p_org', 'create-big-1', {
      type: 'CreateTournament',
      tournamentId: 't_big',
      name: 'Big',
      format: 'swiss',
      rounds: 3,
      ruleset: 'soluna',
    });
    const field = playerIds(150);
    for (const p of field) await run(p, `join-${p}`, { type: 'JoinTournament' });
    const view = await tournamentView({ ...deps, games }, 't_big', null);
    expect(Object.keys(view.names)).toEqual([...field, 'p_org'].sort());
    expect(view.names.p_0150).toBe('Name of p_0150');
    expect(asked).toEqual([100, 51]);
  });
});
