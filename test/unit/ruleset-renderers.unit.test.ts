/**
 * HALL-4: a ruleset is one value from rules to picture. Its rules are reached through the
 * domain's list (domain/ruleset-list.ts) and its drawing side through the list of renderers
 * (render/renderers.ts); nothing else knows a ruleset by its id. Pig, the example of
 * docs/adding-a-ruleset.md, joins both lists here, in lists this file builds, and the page's
 * and the CLI's drawing reach it through them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PIG_COMMANDS } from '../../docs/examples/pig/command-docs.ts';
import { EXAMPLE_OPTIONS } from '../../docs/examples/pig/examples.ts';
import { pigRenderer } from '../../docs/examples/pig/renderer.ts';
import { pig } from '../../docs/examples/pig/ruleset.ts';
import { type RulesetEntry, rulesetCatalogue } from '../../domain/catalogue.ts';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import type { RulesContext } from '../../domain/kernel/ruleset.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame } from '../../domain/match/state.ts';
import { type GameView, viewGame } from '../../domain/match/view.ts';
import { PG_COMMANDS } from '../../domain/post-galactica/command-docs.ts';
import type { PgCommand } from '../../domain/post-galactica/commands.ts';
import { PHASE_TITLES, PHASES, type Phase } from '../../domain/post-galactica/phases.ts';
import { postGalactica } from '../../domain/post-galactica/ruleset.ts';
import type { PgState } from '../../domain/post-galactica/state.ts';
import { rulesetIds, rulesetList } from '../../domain/ruleset-list.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { drawBattlefield, standaloneSvg } from '../../render/board.ts';
import { eventMarks } from '../../render/marks.ts';
import { rendererList } from '../../render/renderers.ts';
import { summarize } from '../../tools/arbiter-cli/src/summary.ts';
import { describeEvents } from '../../web/describe.ts';
import { inspectPiece } from '../../web/inspect.ts';
import { ctxFor, Game, player, seat, startedPostGalactica } from '../support/decider-spec.ts';

const ROOT = join(import.meta.dirname, '..', '..');

describe('HALL-4 one list of renderers beside the list of rulesets', () => {
  it('HALL-4 every ruleset of domain/ruleset-list.ts has one renderer in render/renderers.ts, in the same order, and no other', () => {
    expect(rendererList.map((r) => r.id)).toEqual([...rulesetIds]);
  });

  it("HALL-4 VIEW-12 each renderer places every event type of its ruleset's own, and no other", () => {
    const rulesets = everyRuleset();
    for (const renderer of rendererList) {
      const own = rulesets.getFold(renderer.id).eventTypes.filter((type) => type !== 'GameEnded');
      expect(Object.keys(renderer.actors).sort(), renderer.id).toEqual([...own].sort());
    }
  });

  it('HALL-4 VIEW-11 every event type a renderer marks is an event type of its ruleset', () => {
    const rulesets = everyRuleset();
    for (const renderer of rendererList) {
      const types = rulesets.getFold(renderer.id).eventTypes as readonly string[];
      expect(
        Object.keys(renderer.marks).filter((type) => !types.includes(type)),
        renderer.id,
      ).toEqual([]);
    }
  });
});

/** Pig as its line in domain/ruleset-list.ts would list it; its renderer as its line in render/renderers.ts would. */
const PIG: RulesetEntry = { id: 'pig', commandDocs: PIG_COMMANDS, load: async () => pig };
const WITH_PIG = rulesetCatalogue([...rulesetList, PIG]);
const RENDERERS_WITH_PIG = [...rendererList, pigRenderer];
beforeAll(() => WITH_PIG.load('pig'));

/** Red banks 11 (5 and 6), then blue rolls a 4 and a 1 and pigs out: the log, and the view after each event. */
const pigMatch = (): { events: readonly EventEnvelope[]; viewAt: (n: number) => GameView } => {
  const game = new Game(WITH_PIG);
  game.run({ type: 'CreateGame', ruleset: 'pig', seat: 'red', options: { rules: EXAMPLE_OPTIONS } }, player('p_red'));
  game.run({ type: 'JoinGame' }, player('p_blue'), scriptedDice([6, 2]));
  game.run({ type: 'ChooseFirstPlayer', seat: 'red' }, seat('red'));
  game.run({ type: 'Roll' }, seat('red'), scriptedDice([5]));
  game.run({ type: 'Roll' }, seat('red'), scriptedDice([6]));
  game.run({ type: 'Hold' }, seat('red'));
  game.run({ type: 'Roll' }, seat('blue'), scriptedDice([4]));
  game.run({ type: 'Roll' }, seat('blue'), scriptedDice([1]));
  const events = game.log;
  const viewAt = (n: number): GameView => {
    const view = viewGame(WITH_PIG, foldGame(WITH_PIG, events.slice(0, n)), null);
    if (!view) throw new Error(`no view at event ${n}`);
    return view;
  };
  return { events, viewAt };
};

const seqOf = (events: readonly EventEnvelope[], type: string): number => {
  const found = events.find((e) => e.type === type);
  if (!found) throw new Error(`no ${type} in the log`);
  return found.seq;
};

describe('HALL-4 a fourth ruleset, added to both lists, is drawn by the page and the CLI', () => {
  it('HALL-4 the CLI summary of a Pig game reads its renderer: the turn, who rolls, each score', () => {
    const { events, viewAt } = pigMatch();
    const view = viewAt(events.length);
    expect(summarize(view, RENDERERS_WITH_PIG).split('\n').slice(-4)).toEqual([
      'turn 3: red rolls, 0 at risk; first to 20 wins',
      '',
      'red: 11',
      'blue: 0',
    ]);
    // Without its line in the list of renderers, the CLI knows nothing of Pig's table.
    expect(summarize(view)).not.toContain('red: 11');
  });

  it("HALL-4 the board of a Pig game is its renderer's: each seat's pawn at its score, captioned with the turn", () => {
    const { events, viewAt } = pigMatch();
    const view = viewAt(events.length);
    const svg = standaloneSvg(view, events, events.length, {}, RENDERERS_WITH_PIG);
    expect(svg).toContain('data-piece="red"');
    expect(svg).toContain('red: 11 of 20');
    expect(svg).toContain('blue: 0 of 20');
    expect(svg).toContain(`event ${events.length} of ${events.length}, turn 3, red to roll`);
    expect(drawBattlefield(view)).toContain('no picture for the ruleset pig');
  });

  it("HALL-4 VIEW-11 a Pig event is marked by its renderer: red's hold moves its pawn from 0 to 11, blue's 1 pigs it out", () => {
    const { events, viewAt } = pigMatch();
    const held = seqOf(events, 'Held');
    const hold = eventMarks('pig', events[held - 1] as EventEnvelope, viewAt(held - 1).game, viewAt(held).game, 0.15, RENDERERS_WITH_PIG);
    expect(hold?.svg).toContain('data-event-mark="move" data-from="red" data-ends="0,1 11,1"');
    const out = seqOf(events, 'PiggedOut');
    const pigged = eventMarks('pig', events[out - 1] as EventEnvelope, viewAt(out - 1).game, viewAt(out).game, 0.15, RENDERERS_WITH_PIG);
    expect(pigged?.labels.map((l) => l.text)).toEqual(['pigged out: 4 lost']);
  });

  it('HALL-4 VIEW-12 VIEW-13 the event list names the seat that rolled, and a pawn is inspected by its renderer', () => {
    const { events, viewAt } = pigMatch();
    const { lines } = describeEvents(WITH_PIG, events, emptyGame, null, undefined, undefined, RENDERERS_WITH_PIG);
    const rolls = lines.filter((l) => l.text.includes('die rolled'));
    expect(rolls.map((l) => l.actor)).toEqual(['red', 'red', 'blue', 'blue']);
    expect(lines.find((l) => l.text.includes('pigged out'))?.actor).toBe('referee');
    expect(inspectPiece(viewAt(events.length), 'red', RENDERERS_WITH_PIG)).toEqual({
      heading: 'red',
      rows: [
        ['score', '11 of 20'],
        ['this turn', '0 at risk'],
      ],
    });
  });
});

describe('HALL-4 VIEW-11 GSC-21 assault pods leaving a ship are marked as pods', () => {
  it('HALL-4 a PodsLaunched event says "pods launched", a MissilesLaunched one "missiles launched"', () => {
    const log = parseLog(readFileSync(join(ROOT, 'test', 'fixtures', 'logs', 'gsc2.ndjson'), 'utf8'));
    const rulesets = everyRuleset();
    const game = viewGame(rulesets, foldGame(rulesets, log.events), null)?.game as { ships: Record<string, { seat: string }> };
    const [ship, target] = Object.entries(game.ships)
      .sort(([, a], [, b]) => a.seat.localeCompare(b.seat))
      .map(([id]) => id);
    const launch = (type: string) =>
      eventMarks('gsc2', { ...(log.events[0] as EventEnvelope), type, data: { ship, target, at: { x: 1, y: 1 } } }, game, game);
    expect(launch('PodsLaunched')?.labels.map((l) => l.text)).toEqual(['pods launched']);
    expect(launch('MissilesLaunched')?.labels.map((l) => l.text)).toEqual(['missiles launched']);
  });
});

describe("HALL-4 VIEW-16 a command's phases are declared once, in its CommandDoc", () => {
  it('HALL-4 PG-4 each Post Galactica command of one phase is refused in every other phase, the refusal naming the phase its CommandDoc declares', () => {
    const started = startedPostGalactica().state;
    if (started.status !== 'playing') throw new Error('the game has not begun');
    const rules = started.rules as PgState;
    const rc: RulesContext = {
      ctx: ctxFor(seat('red')),
      dice: scriptedDice([]),
      seat: 'red',
      salt: (label) => label,
      rulesVersion: postGalactica.rulesVersion,
    };
    const inOnePhase = PG_COMMANDS.filter((doc) => doc.phases.length === 1 && doc.type !== 'Deploy');
    expect(inOnePhase.length).toBeGreaterThan(15);
    for (const doc of inOnePhase) {
      const declared = doc.phases[0] as Phase;
      for (const phase of PHASES.filter((p) => p !== declared)) {
        const decision = postGalactica.decide({ ...rules, phase }, { type: doc.type } as PgCommand, rc);
        const violation = decision.ok ? null : decision.violation;
        expect(violation?.code, `${doc.type} in the ${phase} phase`).toBe('WRONG_PHASE');
        expect(violation?.message, doc.type).toContain(` happens in the ${PHASE_TITLES[declared]}; it is the ${PHASE_TITLES[phase]}.`);
      }
    }
  });
});

/**
 * Where source code may name a ruleset: its own folders (domain/<id>/, render/<id>/) and the
 * two lists. Not scanned: test/ (tests name rulesets as their data and expected values),
 * docs/ (the example's own folder and the guide), and what is built or installed.
 */
const SCANNED = ['bench', 'domain', 'functions', 'infra', 'render', 'scenarios', 'scripts', 'tools', 'web'];
const SKIPPED = new Set(['node_modules', 'dist', 'cdk.out']);
const LISTS = ['domain/ruleset-list.ts', 'render/renderers.ts'];

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sources(path) : /\.(ts|mjs|js)$/.test(entry.name) ? [path] : [];
  });

const literally = (s: string): string => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/**
 * Code that chooses by a ruleset's id, for each id: a `case` on it, a comparison with it, a
 * key made of it and an event type (`'gsc2:ShipMoved'`), a record keyed by it, an index by it.
 * Naming a ruleset as data (`ruleset: 'gsc2'` in a request a tool sends) is not choosing by it.
 */
const choosingBy = (id: string): RegExp => {
  const quoted = `['"\`]${literally(id)}['"\`]`;
  return new RegExp(
    [
      `\\bcase\\s+['"\`]${literally(id)}['"\`:]`,
      `[=!]==?\\s*${quoted}`,
      `${quoted}\\s*[=!]==?`,
      `['"\`]${literally(id)}:`,
      `(?:^|[{,])\\s*${quoted}\\s*:`,
      `(?:^|[{,])\\s*${literally(id)}\\s*:`,
      `\\[\\s*${quoted}\\s*\\]`,
    ].join('|'),
  );
};

describe('HALL-4 nothing outside a ruleset and the two lists chooses by its id', () => {
  const own = (path: string): boolean =>
    LISTS.includes(path) || rulesetIds.some((id) => path.startsWith(`domain/${id}/`) || path.startsWith(`render/${id}/`));
  const files = SCANNED.flatMap((dir) => sources(join(ROOT, dir)))
    .map((file) => relative(ROOT, file).split(sep).join('/'))
    .filter((path) => !own(path));

  it('HALL-4 the patterns find every way the old code switched on an id, and nothing that only names one', () => {
    const hits = (line: string) => choosingBy('post-galactica').test(line) || choosingBy('gsc2').test(line);
    for (const line of [
      "    case 'gsc2:ShipMoved':",
      "  if (view.ruleset === 'post-galactica')",
      "  'post-galactica': (game, seats) => drawPostGalactica(game, seats),",
      '  gsc2: (game, seats, options) => drawGsc2(game, seats, options),',
      "const PLACES = { 'post-galactica': pgPlaces, gsc2: gscPlaces };",
      "  return ACTORS['gsc2'];",
    ])
      expect(hits(line), line).toBe(true);
    for (const line of [
      "  body: { ruleset: 'post-galactica', seat: 'red' },",
      "for (const ruleset of ['post-galactica', 'gsc2']) compare(ruleset);",
      ' * GSC2: missiles, beams and a ship destroyed',
    ])
      expect(hits(line), line).toBe(false);
  });

  it('HALL-4 no source file outside domain/<id>/, render/<id>/ and the two lists switches, compares or keys on a ruleset id', () => {
    expect(files.length).toBeGreaterThan(200);
    const found: string[] = [];
    for (const path of files) {
      readFileSync(join(ROOT, path), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const id of rulesetIds) if (choosingBy(id).test(line)) found.push(`${path}:${i + 1} (${id}): ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('HALL-4 HALL-1 the CLI imports nothing of the page, and what both draw (render/) imports neither the page nor the service', () => {
    const imports = (dir: string) =>
      sources(join(ROOT, dir)).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g)].map(
          (m) => `${relative(ROOT, file)} -> ${m[1] ?? m[2]}`,
        ),
      );
    expect(imports('tools/arbiter-cli/src').filter((line) => /\/web\//.test(line))).toEqual([]);
    expect(imports('render').filter((line) => /\/(web|functions|infra)\//.test(line))).toEqual([]);
  });
});
