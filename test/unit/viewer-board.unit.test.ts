/**
 * The battlefield picture as the page computes it, with no browser (VIEW-9, VIEW-10, VIEW-11,
 * VIEW-13, VIEW-15): seat colours, label boxes on every event of every reference log, the
 * board's fixed scale, the current event's marks, a piece's inspection and the CLI's caption.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame, type GameState } from '../../domain/match/state.ts';
import { type GameView, viewGame } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { type ParsedLog, parseLog } from '../../domain/verify/log.ts';
import { boardLabels, drawBattlefield, logExtent, pictureOf } from '../../render/board.ts';
import { intersects } from '../../render/layout.ts';
import { eventMarks } from '../../render/marks.ts';
import { OKABE_ITO, seatColour, seatColours } from '../../render/palette.ts';
import { layoutOf, type Picture } from '../../render/svg.ts';
import { inspectPiece } from '../../web/inspect.ts';

const RULESETS = everyRuleset();
const root = resolve(import.meta.dirname, '..', '..');
const REFERENCE_LOGS = ['post-galactica', 'post-galactica-battle', 'soluna', 'gsc2'] as const;
const read = (name: string): ParsedLog => parseLog(readFileSync(join(root, 'test', 'fixtures', 'logs', `${name}.ndjson`), 'utf8'));

/** Every event's view of one log, folded once: what the page shows at each step. */
const viewsOf = (log: ParsedLog, seat: string | null = null): { at: number; view: GameView; before: GameView | null }[] => {
  let state: GameState = emptyGame;
  let before: GameView | null = null;
  const views: { at: number; view: GameView; before: GameView | null }[] = [];
  for (const [i, event] of log.events.entries()) {
    state = foldGame(RULESETS, [event as EventEnvelope], state);
    const view = viewGame(RULESETS, state, seat);
    if (view?.game) views.push({ at: i + 1, view, before });
    before = view;
  }
  return views;
};

/** The board's column at 1280×800 (3 of 5 columns less padding) and at 375 px wide. */
const DESKTOP = { width: 740, height: 600 };
const PHONE = { width: 343, height: 555 };

describe('VIEW-9 seat colours', () => {
  it('VIEW-9 a seat named after a colour takes its Okabe–Ito shade; other names take the palette in order', () => {
    expect([...seatColours(['red', 'blue'])]).toEqual([
      ['red', '#D55E00'],
      ['blue', '#0072B2'],
    ]);
    expect(seatColour(['blue', 'red'], 'red')).toBe(OKABE_ITO.vermilion);
    expect(seatColour(['green', 'yellow'], 'green')).toBe('#009E73');
    expect(seatColour(['green', 'yellow'], 'yellow')).toBe('#F0E442');
    expect(seatColour(['orange', 'purple'], 'orange')).toBe('#E69F00');
    expect(seatColour(['orange', 'purple'], 'purple')).toBe('#CC79A7');
    expect(seatColour(['Team Red', 'Team Blue'], 'Team Red')).toBe('#D55E00');
    // Names that are no colour: the palette in order, blue first.
    expect([...seatColours(['sun', 'moon']).values()]).toEqual(['#0072B2', '#D55E00']);
    // A colour a named seat holds is skipped by the others.
    expect(seatColour(['sun', 'blue'], 'sun')).toBe('#D55E00');
    // Two seats named the same colour still differ.
    const twice = seatColours(['red', 'crimson']);
    expect(twice.get('red')).toBe('#D55E00');
    expect(twice.get('crimson')).not.toBe('#D55E00');
  });

  it('VIEW-9 the board and its legend draw seat "red" vermilion and seat "blue" blue', () => {
    const log = read('gsc2');
    const views = viewsOf(log);
    const svg = drawBattlefield((views[0] as { view: GameView }).view);
    const red = /<g data-piece="valiant"[^>]*>[\s\S]*?class="base"[^>]*fill="([^"]+)"/.exec(svg)?.[1];
    const blue = /<g data-piece="tyrant"[^>]*>[\s\S]*?class="base"[^>]*fill="([^"]+)"/.exec(svg)?.[1];
    expect([red, blue]).toEqual(['#D55E00', '#0072B2']);
    expect(/<g data-legend="seat:red"><rect[^>]*fill="([^"]+)"/.exec(svg)?.[1]).toBe('#D55E00');
    expect(/<g data-legend="seat:blue"><rect[^>]*fill="([^"]+)"/.exec(svg)?.[1]).toBe('#0072B2');
  });
});

describe('VIEW-10 a legible board', () => {
  for (const name of REFERENCE_LOGS) {
    it(`VIEW-10 ${name}: at every event, at 1280 and at 375 px wide, every piece is named, words are 12 px or more, and no two label boxes intersect`, () => {
      const log = read(name);
      const extent = logExtent(log.events);
      let checked = 0;
      const faults: string[] = [];
      const seen = new Set<string>();
      for (const { at, view, before } of viewsOf(log)) {
        for (const fit of [DESKTOP, PHONE]) {
          // With the event's marks and outcome words, as the page draws it.
          const picture = pictureOf(view, { extent, fit, event: { event: log.events[at - 1] as EventEnvelope, before } });
          if (!picture) continue;
          // Most events move nothing (a phase begins, a deadline passes): a board laid out once is checked once.
          const key = JSON.stringify([
            fit,
            picture.bounds,
            picture.pieces,
            picture.names,
            picture.legend.map((l) => l.text),
            picture.marks,
          ]);
          if (seen.has(key)) continue;
          seen.add(key);
          const { layout, labels } = boardLabels(picture);
          const where = `event ${at} at ${fit.width} px`;
          if (layout.size * layout.pxPerUnit < 12) faults.push(`${where}: words of ${layout.size * layout.pxPerUnit} px`);
          for (const [i, a] of labels.entries()) {
            for (const b of labels.slice(i + 1)) if (intersects(a.box, b.box)) faults.push(`${where}: "${a.text}" meets "${b.text}"`);
          }
          const named = new Set(labels.flatMap((l) => (l.kind === 'piece' ? l.for : [])));
          for (const p of picture.pieces) if (!named.has(p.id)) faults.push(`${where}: ${p.id} has no label`);
          checked += 1;
        }
      }
      expect(faults).toEqual([]);
      expect(checked).toBeGreaterThan(4);
    });
  }

  it('VIEW-10 terrain, objectives and deployment zones are named on the board and keyed in the legend', () => {
    const log = read('post-galactica');
    const { view } = viewsOf(log)[0] as { view: GameView };
    const placed = boardLabels(pictureOf(view, { fit: DESKTOP }) as Picture);
    const names = placed.labels.filter((l) => l.kind === 'name').map((l) => l.text);
    expect(names).toEqual(
      expect.arrayContaining(['red zone', 'blue zone', 'Kessel Ridge', 'Crater', 'Ruined Hab', 'Comms Relay', 'Nav Beacon']),
    );
    const svg = drawBattlefield(view, { fit: DESKTOP });
    const keys = [...svg.matchAll(/data-legend="([^"]+)"/g)].map((m) => m[1]);
    expect(keys).toEqual([
      'seat:red',
      'seat:blue',
      'unit',
      'building',
      'zone',
      'objective',
      'node:carbon',
      'node:crystal',
      'terrain:impassable',
      'terrain:blocking',
    ]);
    expect(svg).toMatch(/<text[^>]*>deployment zone<\/text>/);
  });

  it('VIEW-10 the GSC2 board keeps one frame from its first event to its last', () => {
    const log = read('gsc2');
    const extent = logExtent(log.events);
    const frameOf = (view: GameView, withExtent: boolean) => {
      const picture = pictureOf(view, { extent: withExtent ? extent : undefined, fit: DESKTOP }) as Picture;
      return JSON.stringify(layoutOf(picture.bounds, picture.legend, false, DESKTOP).viewBox);
    };
    const views = viewsOf(log);
    expect(new Set(views.map(({ view }) => frameOf(view, true))).size).toBe(1);
    // Without the log's extent the frame follows the pieces, and moves: what VIEW-10 forbids.
    expect(new Set(views.map(({ view }) => frameOf(view, false))).size).toBeGreaterThan(1);
  });
});

describe('VIEW-11 the current event drawn', () => {
  /** The marks drawn for event `seq` of a log: kind, ends, outcome, and the outcome words laid out with the labels. */
  const marksAt = (log: ParsedLog, seq: number, event?: EventEnvelope) => {
    const before = viewGame(RULESETS, foldGame(RULESETS, log.events.slice(0, seq - 1)), null);
    const shown = event ?? (log.events[seq - 1] as EventEnvelope);
    const after = event ? before : viewGame(RULESETS, foldGame(RULESETS, log.events.slice(0, seq)), null);
    const marks = eventMarks(log.header.ruleset, shown, before?.game, after?.game);
    const attrs = (name: string) => [...(marks?.svg ?? '').matchAll(new RegExp(`${name}="([^"]*)"`, 'g'))].map((m) => m[1]);
    return {
      kinds: attrs('data-event-mark'),
      from: attrs('data-from'),
      to: attrs('data-to'),
      outcomes: attrs('data-outcome'),
      ends: attrs('data-ends'),
      words: marks?.labels.map((l) => l.text) ?? [],
      before: before?.game as Record<string, unknown>,
    };
  };
  const first = (log: ParsedLog, type: string) => log.events.find((e) => e.type === type) as EventEnvelope;
  const ship = (game: Record<string, unknown>, id: string) =>
    (game.ships as Record<string, { at: { x: number; y: number } }>)[id]?.at as { x: number; y: number };

  it('VIEW-11 GSC2: a beam is a line from the firing ship to its target, with hit or miss; a move its path; a missile its track; a loss a cross', () => {
    const log = read('gsc2');
    const beam = first(log, 'BeamFired');
    const d = beam.data as { ship: string; target: string; hit: boolean };
    const shot = marksAt(log, beam.seq);
    const a = ship(shot.before, d.ship);
    const b = ship(shot.before, d.target);
    expect(shot).toMatchObject({ kinds: ['shot'], from: [d.ship], to: [d.target], outcomes: [d.hit ? 'hit' : 'miss'] });
    expect(shot.ends).toEqual([`${a.x},${a.y} ${b.x},${b.y}`]);
    expect(shot.words).toEqual([d.hit ? 'hit' : 'miss']);
    const hit = log.events.find((e) => e.type === 'BeamFired' && (e.data as { hit: boolean }).hit) as EventEnvelope;
    expect(marksAt(log, hit.seq).outcomes).toEqual(['hit']);

    const move = first(log, 'ShipMoved');
    const m = move.data as { ship: string; from: { x: number; y: number }; to: { x: number; y: number } };
    expect(marksAt(log, move.seq)).toMatchObject({
      kinds: ['move'],
      from: [m.ship],
      ends: [`${m.from.x},${m.from.y} ${m.to.x},${m.to.y}`],
    });
    expect(marksAt(log, first(log, 'MissileMoved').seq).kinds).toEqual(['track']);
    expect(marksAt(log, first(log, 'MissilesLaunched').seq).kinds).toEqual(['track']);
    expect(marksAt(log, first(log, 'MissileAttacked').seq).kinds).toEqual(['shot']);
    const lost = first(log, 'ShipDestroyed');
    // The ship is gone after the event; the cross is where it stood before it.
    expect(marksAt(log, lost.seq)).toMatchObject({
      kinds: ['destroyed'],
      to: [(lost.data as { ship: string }).ship],
      words: ['destroyed'],
    });
  });

  it('VIEW-11 GSC2: an assault pod ramming its target and boarders landing are drawn from the pod or ship to the target', () => {
    const log = read('gsc2');
    const beam = first(log, 'BeamFired');
    const envelope = (type: string, data: unknown) => ({ ...beam, type, data }) as EventEnvelope;
    // The reference battle has no boarding: the events a boarding writes, over its board.
    const boarding = marksAt(log, beam.seq, envelope('BoardersLanded', { ship: 'valiant', target: 'viper', method: 'contact' }));
    expect(boarding).toMatchObject({ kinds: ['boarding'], from: ['valiant'], to: ['viper'], words: ['boarders land'] });
    const before = viewGame(RULESETS, foldGame(RULESETS, log.events.slice(0, beam.seq - 1)), null)?.game as Record<string, unknown>;
    const withPod = { ...before, podsInFlight: { p1: { id: 'p1', seat: 'red', at: { x: 21, y: 30 } } } };
    const rammed = eventMarks('gsc2', envelope('PodRammed', { pod: 'p1', target: 'viper', hit: true }), withPod, withPod);
    expect(rammed?.svg).toMatch(/data-event-mark="ram" data-from="p1" data-to="viper" data-outcome="hit" data-ends="21,30 /);
    expect(rammed?.labels.map((l) => l.text)).toEqual(['rammed: aboard']);
  });

  it('VIEW-11 Post Galactica: an attack, a move along its path, a Worker building, a unit destroyed', () => {
    const log = read('post-galactica-battle');
    const attack = first(log, 'AttackResolved');
    const d = attack.data as { attackerId: string; targetId: string; hits: number };
    expect(marksAt(log, attack.seq)).toMatchObject({
      kinds: ['shot'],
      from: [d.attackerId],
      to: [d.targetId],
      outcomes: [d.hits > 0 ? 'hit' : 'miss'],
    });
    const move = first(log, 'UnitMoved');
    const path = (move.data as { path: { x: number; y: number }[] }).path;
    expect(marksAt(log, move.seq).ends).toEqual([`${path[0]?.x},${path[0]?.y} ${path.at(-1)?.x},${path.at(-1)?.y}`]);
    const build = first(log, 'ConstructionStarted');
    const b = build.data as { builderId: string; unitId: string };
    expect(marksAt(log, build.seq)).toMatchObject({ kinds: ['build'], from: [b.builderId], to: [b.unitId], words: ['building'] });
    expect(marksAt(log, first(log, 'UnitDestroyed').seq)).toMatchObject({ kinds: ['destroyed'], words: ['destroyed'] });
  });

  it("VIEW-11 Sol'una: a model's move along its squares and an attack with its outcome", () => {
    const log = read('soluna');
    const move = first(log, 'ModelMoved');
    const m = move.data as { from: [number, number]; to: [number, number] };
    expect(marksAt(log, move.seq).ends).toEqual([`${m.from[0] + 0.5},${m.from[1] + 0.5} ${m.to[0] + 0.5},${m.to[1] + 0.5}`]);
    const attack = first(log, 'AttackResolved');
    const hit = (attack.data as { roll: { success: boolean } }).roll.success;
    expect(marksAt(log, attack.seq)).toMatchObject({ kinds: ['shot'], outcomes: [hit ? 'hit' : 'miss'] });
  });

  it('VIEW-11 the drawn board carries the marks and their words, and the words keep clear of every other label', () => {
    const log = read('gsc2');
    const beam = first(log, 'BeamFired');
    const before = viewGame(RULESETS, foldGame(RULESETS, log.events.slice(0, beam.seq - 1)), null);
    const view = viewGame(RULESETS, foldGame(RULESETS, log.events.slice(0, beam.seq)), null) as GameView;
    const options = { extent: logExtent(log.events), fit: DESKTOP, event: { event: beam, before } };
    expect(drawBattlefield(view, options)).toMatch(/<g class="event-marks"><g class="event-mark" data-event-mark="shot"/);
    const { labels } = boardLabels(pictureOf(view, options) as Picture);
    expect(labels.map((l) => l.text)).toContain('miss');
    for (const [i, a] of labels.entries()) for (const b of labels.slice(i + 1)) expect(intersects(a.box, b.box)).toBe(false);
  });
});

describe('VIEW-13 inspecting a piece', () => {
  const rowsOf = (view: GameView | null, id: string) => Object.fromEntries(inspectPiece(view as GameView, id)?.rows ?? []);

  it("VIEW-13 Sol'una: a model's Mind, wounds and profile; its seat's sealed orders to that seat only", () => {
    const log = read('soluna');
    const sealed = log.events.find((e) => e.type === 'ActionsSealed' && e.visibleTo === 'moon') as EventEnvelope;
    const state = foldGame(RULESETS, log.events.slice(0, sealed.seq));
    const action = (sealed.data as { actions: { model: string; action: unknown }[] }).actions[0] as { model: string; action: unknown };
    const asMoon = rowsOf(viewGame(RULESETS, state, 'moon'), action.model);
    // TABLE-7: the orders in words, not their fields.
    expect(asMoon['sealed orders']).toMatch(
      /^(move to \[\d+,\d+\]|attack \w+ with the .+|use the (artifact|psionic) .+|defer its activation|do nothing)$/,
    );
    expect(asMoon['sealed orders']).not.toMatch(/[{}"]/);
    expect(asMoon.Mind).toMatch(/^\d+ of \d+$/);
    expect(asMoon.wounds).toMatch(/^\d+ of \d+ taken$/);
    const asSun = rowsOf(viewGame(RULESETS, state, 'sun'), action.model);
    expect(asSun['sealed orders']).toBe('sent, sealed from this seat until they are revealed');
    expect(JSON.stringify(asSun)).not.toContain(asMoon['sealed orders']);
  });

  it("VIEW-13 GSC2: a ship's hull and every system with its damage, as the fold has them", () => {
    const log = read('gsc2');
    const damage = log.events.find((e) => e.type === 'DamageInflicted' && (e.data as { system: unknown }).system) as
      | EventEnvelope
      | undefined;
    const hurt = damage ?? (log.events.find((e) => e.type === 'DamageInflicted') as EventEnvelope);
    const d = hurt.data as { target: string };
    const view = viewGame(RULESETS, foldGame(RULESETS, log.events.slice(0, hurt.seq)), null);
    const rows = rowsOf(view, d.target);
    const game = view?.game as {
      ships: Record<string, { hull: number; design: string; systems: Record<string, { level: number; max: number; hits: number }> }>;
      designs: Record<string, { hull: number }>;
    };
    const ship = game.ships[d.target] as (typeof game.ships)[string];
    expect(ship.hull).toBeLessThan(game.designs[ship.design]?.hull as number);
    expect(rows.hull).toBe(`${ship.hull} of ${game.designs[ship.design]?.hull}`);
    const drive = ship.systems.drive as { level: number; max: number; hits: number };
    expect(rows.systems).toContain(
      `drive ${drive.level} of ${drive.max}${drive.hits ? `, ${drive.hits} hit${drive.hits === 1 ? '' : 's'}` : ''}`,
    );
  });

  it("VIEW-13 Post Galactica: a unit's Cohesion, weapons and the counters on a building under construction", () => {
    const log = read('post-galactica-battle');
    const build = log.events.find((e) => e.type === 'ConstructionStarted') as EventEnvelope;
    const b = build.data as { unitId: string; counters: number };
    const view = viewGame(RULESETS, foldGame(RULESETS, log.events.slice(0, build.seq)), 'red');
    const depot = rowsOf(view, b.unitId);
    expect(depot.counters).toMatch(new RegExp(`, ${b.counters} counters? \\(construction\\)$`));
    expect(depot.construction).toBe('under construction');
    const gunners = rowsOf(view, 'red-gunners-1');
    expect(gunners.Cohesion).toBe('10 of 10');
    expect(gunners.weapons).toContain('Rifle (ranged, range 30", 2 attacks, damage 1)');
  });
});
