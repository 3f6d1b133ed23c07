/**
 * TABLE-7: one notation per quantity. Everything a person reads of a game (the event list, the
 * CLI's `replay --at N` summary and every piece's inspection) writes each quantity one way:
 * a share as "3 of 5" (never "3/5"), a Sol'una square as `[x,y]` and a distance there in
 * squares, a point on a Post Galactica or GSC2 table as `(x, y)` and a length there in inches
 * (`6"`), a count with its noun in the plural it takes (never "(s)"), and the rules' own terms
 * as they write them (Cohesion, Mind). Facings are held to compass points by
 * table-7-facing.unit.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame } from '../../domain/match/state.ts';
import { viewGame } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { rendererOf } from '../../render/renderer.ts';
import { rendererList } from '../../render/renderers.ts';
import { summarize } from '../../tools/arbiter-cli/src/summary.ts';
import { describeEvents } from '../../web/describe.ts';

const RULESETS = everyRuleset();
const LOGS = join(import.meta.dirname, '..', 'fixtures', 'logs');
const NAMES = ['gsc2', 'post-galactica', 'post-galactica-battle', 'soluna'];

/** The ids of the pieces a view holds: objects with `id` and `seat` in its top-level lists and records. */
const pieceIds = (game: unknown): string[] =>
  Object.values((game ?? {}) as Record<string, unknown>)
    .flatMap((held) => (Array.isArray(held) ? held : held !== null && typeof held === 'object' ? Object.values(held) : []))
    .filter((p): p is { id: string; seat: unknown } => typeof (p as { id?: unknown })?.id === 'string' && 'seat' in (p as object))
    .map((p) => p.id);

/** Every text `seat` (null: a spectator) reads of the game at event `at`: the summary and each piece's inspection, one row a line. */
const textsAt = (name: string, at: number, seat: string | null): string[] => {
  const log = parseLog(readFileSync(join(LOGS, `${name}.ndjson`), 'utf8'));
  const view = viewGame(RULESETS, foldGame(RULESETS, log.events.slice(0, at)), seat);
  if (!view || view.game === null) return [];
  const renderer = rendererOf(rendererList, view.ruleset);
  const rows = pieceIds(view.game).flatMap((id) => {
    const found = renderer?.inspect(view.game as Record<string, unknown>, id, seat);
    return found ? [found.heading, ...found.rows.map(([k, v]) => `${k} ${v}`)] : [];
  });
  return [...summarize(view).split('\n'), ...rows];
};

/** What each notation rules out, in every ruleset and in the ruleset's kind of table. */
const EVERYWHERE: readonly [RegExp, string][] = [
  [/\b\d+(\.\d+)?\/\d/, 'a share written "3/5", not "3 of 5"'],
  [/\(s\)/, 'a plural written "(s)"'],
  [/\bcohesion\b/, 'Cohesion in lower case'],
  [/\bmind \d/, 'Mind in lower case'],
  [/\b\d+ in\b|\binches\b/, 'a length in "in" or "inches", not `"`'],
  [/\{"|":/, 'a value dumped as JSON'],
];
const GRID: readonly [RegExp, string][] = [
  [/\(\d+(\.\d+)?, \d+(\.\d+)?\)/, 'a square written as a point "(x, y)"'],
  [/\d"/, 'a length in inches on a grid of squares'],
  [/\b(range|movement) \d+(?! squares?\b)/, 'a distance without its squares'],
];
const TABLE: readonly [RegExp, string][] = [
  [/\[\d+,\d+\]/, 'a point written as a square "[x,y]"'],
  [/\b(range|movement|moved) \d+(\.\d+)?(?![\d."])/, 'a length without its inches'],
];

const problemsIn = (texts: readonly string[], grid: boolean): string[] =>
  texts.flatMap((text) =>
    [...EVERYWHERE, ...(grid ? GRID : TABLE)].filter(([pattern]) => pattern.test(text)).map(([, what]) => `${what}: ${text}`),
  );

describe('TABLE-7 one notation per quantity in the event list, the CLI and the inspection', () => {
  for (const name of NAMES) {
    it(`TABLE-7 ${name}: through the game, every share, position, length and term is written one way`, () => {
      const log = parseLog(readFileSync(join(LOGS, `${name}.ndjson`), 'utf8'));
      const grid = log.header.ruleset === 'soluna';
      const total = log.events.length;
      const lines = describeEvents(RULESETS, log.events, emptyGame, null).lines.map((l) => l.text.replace(/“[^”]*”/g, '“…”'));
      // Each seat too, which sees its own sealed orders in its pieces' inspection: the sealed steps of
      // GSC2 and Sol'una fall between these points and the moments just after a seat sealed.
      const sealedAt = log.events.filter((e) => e.visibleTo !== undefined).map((e) => ({ at: e.seq, seat: e.visibleTo as string }));
      const points = [...new Set([0.2, 0.4, 0.6, 0.8, 1].map((f) => Math.ceil(total * f)))];
      const texts = [
        ...points.flatMap((at) => [null, ...log.header.seats.map((s) => s.name)].flatMap((seat) => textsAt(name, at, seat))),
        ...sealedAt.slice(0, 6).flatMap(({ at, seat }) => textsAt(name, at, seat)),
      ];
      if (grid || log.header.ruleset === 'gsc2') expect(texts.some((t) => t.startsWith('sealed orders '))).toBe(true);
      expect(texts.length).toBeGreaterThan(20);
      expect(problemsIn([...lines, ...texts], grid)).toEqual([]);
    });
  }

  it('TABLE-7 the checks catch each notation they rule out', () => {
    expect(problemsIn(['Mind 6/8', 'at (3, 4)', 'range 8', 'moved 6"', 'sealed orders {"kind":"move"}'], true)).toHaveLength(5);
    expect(problemsIn(['hull 3/6', '2 attack(s)', 'cohesion 4 of 5', 'at [3,4]', 'range 30', 'a move of 8 in'], false)).toHaveLength(6);
    expect(problemsIn(['Mind 6 of 8', 'square [3,4]', 'range 8 squares', 'movement 3 squares'], true)).toEqual([]);
    expect(problemsIn(['hull 3 of 6', '2 attacks', 'Cohesion 4 of 5', 'at (3, 4)', 'range 30"', 'moved 8"'], false)).toEqual([]);
  });
});
