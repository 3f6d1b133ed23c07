/**
 * What the viewer page computes, without a browser (issue 28): who acted in each event line
 * (VIEW-12), why a file is not a log and a rules difference field by field (VIEW-14), and
 * the reference matches it offers (VIEW-15), forms from the command schemas (VIEW-16). test/browser/viewer-page.browser.test.ts shows
 * the same in Chromium.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OWN_COMMAND, USABLE_SYSTEMS } from '../../domain/gsc2/systems.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import * as z from '../../domain/kernel/zod.ts';
import { MATCH_EVENT_TYPES } from '../../domain/match/events.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame } from '../../domain/match/state.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { LogFormatError, type ParsedLog, parseLog } from '../../domain/verify/log.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import { docsHandlers } from '../../functions/docs/http/routes.ts';
import type { Request } from '../../functions/http/router.ts';
import { WEB_FILES } from '../../functions/web/assets.ts';
import { ACTORS, REFEREE } from '../../web/actor.ts';
import { describeEvents } from '../../web/describe.ts';
import { diffJson, emptyFile, rulesDifference, whyNotALog } from '../../web/failures.ts';
import { assemble, type CommandDoc, commandsNow, type Field, formFor, variantFor } from '../../web/form.ts';
import { SAMPLE_LOGS, SAMPLES_PATH } from '../../web/samples.ts';

const RULESETS = everyRuleset();
const logs = join(import.meta.dirname, '..', 'fixtures', 'logs');
const reference = (name: string): ParsedLog => parseLog(readFileSync(join(logs, `${name}.ndjson`), 'utf8'));
const linesOf = (log: ParsedLog, seat: string | null = null) => describeEvents(RULESETS, log.events, emptyGame, seat).lines;
const eventAt = (log: ParsedLog, seq: number) => log.events[seq - 1] as EventEnvelope;

describe('VIEW-12 each event line names the seat whose piece acted', () => {
  it('VIEW-12 MATCH every event type of every ruleset says where its actor is: a seat, a piece, or the referee', () => {
    for (const id of ['post-galactica', 'soluna', 'gsc2']) {
      const types = new Set([...RULESETS.getFold(id).eventTypes, ...MATCH_EVENT_TYPES]);
      expect(Object.keys(ACTORS[id] ?? {}).sort(), id).toEqual([...types].sort());
    }
  });

  it("VIEW-12 GSC-15 a red ship's beam fired in a batch blue sent is red's: event 45 of the GSC2 reference match", () => {
    const log = reference('gsc2');
    const lines = linesOf(log);
    expect(eventAt(log, 45)).toMatchObject({ type: 'BeamFired', actor: 'blue', data: { ship: 'lance' } });
    expect(lines[44]?.text).toMatch(/^45\. red: lance fired battery B at viper /);
    // Every shot is its ship's seat's, whoever sent the command that resolved it.
    const ships = (foldGame(RULESETS, log.events) as { rules: { ships: Record<string, { seat: string }> } }).rules.ships;
    const shots = log.events.filter((e) => e.type === 'BeamFired');
    expect(shots.length).toBeGreaterThan(4);
    expect(shots.some((e) => e.actor !== ships[(e.data as { ship: string }).ship]?.seat)).toBe(true);
    for (const e of shots) expect(lines[e.seq - 1]?.actor, `event ${e.seq}`).toBe(ships[(e.data as { ship: string }).ship]?.seat);
    // Damage, losses, steps and reveals are the referee's.
    expect(lines[42]?.text).toMatch(/^43\. referee: viper took 2 damage from /);
    expect(lines[39]?.text).toMatch(/^40\. referee: the sealed orders for the \w+ step of turn \d+ were revealed/);
  });

  it("VIEW-12 PG-20 a deadline and the default deployment after it are the referee's, a seat's own deployment is the seat's", () => {
    const log = reference('post-galactica');
    const lines = linesOf(log);
    const deadline = log.events.find((e) => e.type === 'DeadlinePassed') as EventEnvelope;
    const auto = log.events.find((e) => e.type === 'UnitsDeployed' && e.actor === 'system') as EventEnvelope;
    expect(lines[deadline.seq - 1]?.actor).toBe(REFEREE);
    expect(lines[auto.seq - 1]).toMatchObject({
      actor: REFEREE,
      text: expect.stringMatching(/^\d+\. referee: red’s 8 units were placed by default/),
    });
    const battle = reference('post-galactica-battle');
    const own = battle.events.find((e) => e.type === 'UnitsDeployed' && e.actor === 'red') as EventEnvelope;
    expect(linesOf(battle)[own.seq - 1]?.actor).toBe('red');
    const shot = battle.events.find((e) => e.type === 'AttackResolved') as EventEnvelope;
    expect(linesOf(battle)[shot.seq - 1]?.text).toMatch(
      new RegExp(`^${shot.seq}\\. red: red-gunners-1 made a ranged attack on blue-gunners-1`),
    );
  });

  it("VIEW-12 SOL-3 a Sol'una seat's sealed actions are that seat's, even hidden from the other; a moon model moving in sun's reveal is moon's", () => {
    const log = reference('soluna');
    const asSun = linesOf(log, 'sun');
    const moonSealed = log.events.find((e) => e.type === 'ActionsSealed' && e.visibleTo === 'moon') as EventEnvelope;
    expect(asSun[moonSealed.seq - 1]).toEqual({
      seq: moonSealed.seq,
      actor: 'moon',
      text: `${moonSealed.seq}. moon: sealed orders (hidden from this seat until they are revealed)`,
    });
    const all = linesOf(log);
    expect(eventAt(log, 49)).toMatchObject({ type: 'ModelMoved', actor: 'sun' });
    expect(all[48]?.text).toMatch(/^49\. moon: xul moved from \[3,7\] to \[4,4\]/);
    expect(all.filter((l) => l.actor === REFEREE).map((l) => eventAt(log, l.seq).type)).toContain('ActionsRevealed');
  });
});

describe('VIEW-14 honest failures', () => {
  it('VIEW-14 MATCH a file that is not a log is named, with what is wrong, in one sentence', () => {
    const notJson = (() => {
      try {
        return parseLog('# Arbiter\n\nA referee.');
      } catch (error) {
        return error;
      }
    })();
    expect(notJson).toBeInstanceOf(LogFormatError);
    expect(whyNotALog('README.md', notJson)).toBe(
      'README.md is not an Arbiter log: its first line is not JSON, and an exported log starts with a JSON header line.',
    );
    expect(whyNotALog('data.json', new LogFormatError(1, 'the first line must be a header'))).toBe(
      'data.json is not an Arbiter log: its first line is not the header an export starts with ("format": "arbiter-log/1").',
    );
    expect(whyNotALog('cut.ndjson', new LogFormatError(7, 'is not JSON'))).toBe('cut.ndjson is not an Arbiter log: line 7 is not JSON.');
    expect(emptyFile('empty.ndjson')).toBe('empty.ndjson is empty: an exported log has a header line and one line per event.');
    for (const sentence of [whyNotALog('README.md', notJson), emptyFile('x')]) expect(sentence.match(/[.!?](\s|$)/g)).toHaveLength(1);
  });

  it('VIEW-14 MATCH two JSON values differ field by field: path, expected, found', () => {
    expect(diffJson({ a: 1, b: { c: [1, 2] } }, { a: 1, b: { c: [1, 3] } })).toEqual([{ path: 'b.c[1]', expected: '2', found: '3' }]);
    expect(diffJson({ a: 1 }, { a: 1, 'odd key': null })).toEqual([{ path: '["odd key"]', expected: '(absent)', found: 'null' }]);
    expect(diffJson([1], [1, { x: 2 }])).toEqual([{ path: '[1]', expected: '(absent)', found: '{"x":2}' }]);
    expect(diffJson('a', 'a')).toEqual([]);
  });

  it('VIEW-14 GSC-15 a die changed in the GSC2 log: the rules check names the one field, data.roll.value, 10 decided and 1 logged', () => {
    const lines = readFileSync(join(logs, 'gsc2.ndjson'), 'utf8').split('\n');
    const event = JSON.parse(lines[41] as string) as { seq: number; type: string; data: { roll: { value: number } } };
    expect([event.seq, event.type, event.data.roll.value]).toEqual([41, 'BeamFired', 10]);
    event.data.roll.value = 1;
    lines[41] = JSON.stringify(event);
    const rules = verifyLog(parseLog(lines.join('\n'))).find((r) => r.check === 'rules');
    expect(rules).toMatchObject({ ok: false, line: 42 });
    expect(rulesDifference(rules?.detail)).toEqual([{ path: 'data.roll.value', expected: '10', found: '1' }]);
    expect(rulesDifference(['no such lines'])).toBeNull();
    expect(rulesDifference(['  logged:     (nothing)', '  re-decided: {"type":"X"}'])).toEqual([
      { path: '(the event)', expected: '{"type":"X"}', found: '(nothing)' },
    ]);
  });
});

describe('VIEW-15 the reference matches the empty page offers', () => {
  it('VIEW-15 MATCH every reference log (test/unit/sample-logs verifies them) is offered, of every ruleset, and served at /samples/', () => {
    const files = readdirSync(logs).filter((f) => f.endsWith('.ndjson'));
    expect(SAMPLE_LOGS.map((s) => s.file).sort()).toEqual(files.sort());
    expect(new Set(SAMPLE_LOGS.map((s) => s.ruleset))).toEqual(new Set(['post-galactica', 'soluna', 'gsc2']));
    for (const sample of SAMPLE_LOGS) {
      const log = parseLog(readFileSync(join(logs, sample.file), 'utf8'));
      expect(log.header.ruleset).toBe(sample.ruleset);
      expect(WEB_FILES[`${SAMPLES_PATH}${sample.file}`]).toEqual({
        file: `samples/${sample.file}`,
        type: 'application/x-ndjson; charset=utf-8',
      });
    }
  });
});

const published = new Map<string, Promise<CommandDoc[]>>();
/** What `GET /rulesets/{id}` answers, once per ruleset: building the JSON Schemas is the slow part. */
const publishedCommands = (id: string): Promise<CommandDoc[]> => {
  const known =
    published.get(id) ??
    docsHandlers
      .getRuleset({ params: { id }, headers: {}, query: {} } as unknown as Request, { playerId: null, query: undefined, body: undefined })
      .then((reply) => (JSON.parse(String(reply.body)) as { commands: CommandDoc[] }).commands);
  published.set(id, known);
  return known;
};
const commandOf = async (ruleset: string, type: string): Promise<CommandDoc> =>
  (await publishedCommands(ruleset)).find((c) => c.type === type) as CommandDoc;

describe('VIEW-16 forms built from the published command schemas', () => {
  it('VIEW-16 PG-9 Move: an id, then a list of waypoints each with x and y; entered text becomes the command the rules take', async () => {
    const move = await commandOf('post-galactica', 'Move');
    const form = formFor(move.schema);
    expect(form).toMatchObject({
      kind: 'object',
      fields: [
        { name: 'type', kind: 'const', value: 'Move' },
        { name: 'unitId', kind: 'text', required: true },
        {
          name: 'path',
          kind: 'list',
          min: 1,
          max: 50,
          item: {
            kind: 'object',
            fields: [
              { name: 'x', kind: 'number' },
              { name: 'y', kind: 'number' },
            ],
          },
        },
      ],
    });
    const built = assemble(form, { type: '', unitId: 'red-gunners-1', path: [{ x: '14', y: '4.5' }] });
    expect(built).toEqual({ ok: true, value: { type: 'Move', unitId: 'red-gunners-1', path: [{ x: 14, y: 4.5 }] } });
    expect(z.safeParse(RULESETS.getRuleset('post-galactica').commandSchema, (built as { value: unknown }).value).success).toBe(true);
    expect(assemble(form, { unitId: '', path: [] })).toEqual({ ok: false, error: 'unitId is required' });
    expect(assemble(form, { unitId: 'u', path: [{ x: 'east', y: '1' }] })).toEqual({ ok: false, error: 'path[0].x must be a number' });
  });

  it("VIEW-16 SOL-3 Sol'una's sealed SubmitActions: a list of model actions, each one of move, attack, artifact or psionic; a square is an [x, y] pair", async () => {
    const submit = await commandOf('soluna', 'SubmitActions');
    const form = formFor(submit.schema);
    const actions = form.kind === 'object' ? form.fields.find((f) => f.name === 'actions') : undefined;
    expect(actions).toMatchObject({ kind: 'list', item: { kind: 'object' } });
    const action =
      actions?.kind === 'list' && actions.item.kind === 'object' ? actions.item.fields.find((f) => f.name === 'action') : undefined;
    expect(action?.kind === 'choice' ? action.variants.map((v) => v.name) : []).toEqual(
      expect.arrayContaining(['move', 'attack', 'artifact', 'psionic']),
    );
    const move = action?.kind === 'choice' ? action.variants[0] : undefined;
    expect(move?.kind === 'object' ? move.fields.find((f) => f.name === 'to')?.kind : undefined).toBe('pair');
    const built = assemble(form, {
      turn: '',
      phase: '',
      actions: [{ model: 'meena', action: { variant: 0, value: { to: ['3', '4'], path: [] } } }],
    });
    expect(built).toEqual({
      ok: true,
      value: { type: 'SubmitActions', actions: [{ model: 'meena', action: { kind: 'move', to: [3, 4] } }] },
    });
    expect(z.safeParse(RULESETS.getRuleset('soluna').commandSchema, (built as { value: unknown }).value).success).toBe(true);
  });

  it('VIEW-16 GSC-6 GSC2 SubmitOrders: the orders are one of the sealed steps, missiles by default, with their launches', async () => {
    const submit = await commandOf('gsc2', 'SubmitOrders');
    const form = formFor(submit.schema);
    const built = assemble(form, { orders: { variant: 0, value: { launches: [{ ship: 'valiant', battery: 'M1', target: 'viper' }] } } });
    expect(built).toEqual({
      ok: true,
      value: { type: 'SubmitOrders', orders: { step: 'missiles', launches: [{ ship: 'valiant', battery: 'M1', target: 'viper' }] } },
    });
    expect(z.safeParse(RULESETS.getRuleset('gsc2').commandSchema, (built as { value: unknown }).value).success).toBe(true);
  });

  it("VIEW-16 PG-4 the commands a seat may send now: none when not awaited, the first player while choosing, the phase's own in play", async () => {
    const commands = await publishedCommands('post-galactica');
    const types = (now: Parameters<typeof commandsNow>[1], seat: string) => commandsNow(commands, now, seat).map((c) => c.type);
    const LIFECYCLE = ['TakeBack', 'ProposeTakeback', 'Concede', 'OfferDraw', 'RequestPause'];
    expect(types({ status: 'playing', awaiting: ['blue'], step: { phase: 'movement' } }, 'red')).toEqual([]);
    expect(types({ status: 'choosing', awaiting: ['red'], step: { phase: 'choose-first-player' } }, 'red')).toEqual(['ChooseFirstPlayer']);
    expect(types({ status: 'choosing', awaiting: ['red'], step: { phase: 'choose-first-player' } }, 'blue')).toEqual([]);
    expect(types({ status: 'playing', awaiting: ['red'], step: { phase: 'deployment' } }, 'red')).toEqual(['Deploy', ...LIFECYCLE]);
    expect(types({ status: 'playing', awaiting: ['red'], step: { phase: 'command' } }, 'red')).toEqual(['EndPhase', ...LIFECYCLE]);
    expect(types({ status: 'playing', awaiting: ['red'], step: { phase: 'resource' } }, 'red')).toEqual([
      'EndPhase',
      'Gather',
      ...LIFECYCLE,
    ]);
    expect(types({ status: 'playing', awaiting: ['red'], step: { phase: 'movement' } }, 'red')).toEqual(['EndPhase', 'Move', ...LIFECYCLE]);
    const action = types({ status: 'playing', awaiting: ['red'], step: { phase: 'action' } }, 'red');
    expect(action).toEqual(expect.arrayContaining(['EndPhase', 'Construct', 'Produce', 'Aim', 'Overwatch', 'UseFactionAbility']));
    expect(action).not.toContain('Move');
    expect(types({ status: 'playing', awaiting: ['red'], step: { phase: 'ranged' } }, 'red')).toEqual([
      'EndPhase',
      'RangedAttack',
      ...LIFECYCLE,
    ]);
    expect(types({ status: 'playing', awaiting: ['red'], step: { phase: 'melee' } }, 'red')).toEqual([
      'EndPhase',
      'MeleeAttack',
      ...LIFECYCLE,
    ]);
    expect(types({ status: 'playing', awaiting: ['red'], step: { phase: 'status' } }, 'red')).toEqual([
      'EndPhase',
      'ResolveStatuses',
      ...LIFECYCLE,
    ]);
    expect(types({ status: 'playing', awaiting: ['red'], step: { phase: 'end' } }, 'red')).toEqual(['EndPhase', ...LIFECYCLE]);
    expect(types({ status: 'ended', awaiting: [], step: null }, 'red')).toEqual([]);
  });

  it('VIEW-16 GSC-1 GSC2 offers each step its own commands: moves to the mover, sealed orders in Missiles, Beams and Boarding, Repair last', async () => {
    const commands = await publishedCommands('gsc2');
    const types = (phase: string, awaiting: string[], seat = 'red') =>
      commandsNow(commands, { status: 'playing', awaiting, step: { phase } }, seat).map((c) => c.type);
    const LIFECYCLE = ['TakeBack', 'ProposeTakeback', 'Concede', 'OfferDraw', 'RequestPause'];
    expect(types('movement', ['red'])).toEqual([
      'MoveShip',
      'DeferMove',
      'EndMoves',
      'UseTractorBeam',
      'ArmTractorBeam',
      'UseSystem',
      ...LIFECYCLE,
    ]);
    // GSC-5: the seat that is not moving may still hold back or arm against an enemy's move; GSC-22: use its cloaks.
    expect(types('movement', ['blue'])).toEqual(['UseTractorBeam', 'ArmTractorBeam', 'UseSystem']);
    expect(types('missiles', ['red', 'blue'])).toEqual(['SubmitOrders', ...LIFECYCLE]);
    expect(types('missiles', ['blue'])).toEqual([]);
    expect(types('beams', ['red', 'blue'])).toEqual(['UseSystem', 'SubmitOrders', ...LIFECYCLE]);
    expect(types('beams', ['blue'])).toEqual(['UseSystem']);
    expect(types('boarding', ['red'])).toEqual(['UseSystem', 'SubmitOrders', ...LIFECYCLE]);
    expect(types('repairs', ['red'])).toEqual(['Repair', ...LIFECYCLE]);
    expect(types('repairs', ['blue'])).toEqual([]);
  });

  it('VIEW-16 GSC-22 UseSystem is offered in exactly the steps whose usable systems it takes (the others have their own command)', async () => {
    const useSystem = await commandOf('gsc2', 'UseSystem');
    const steps = Object.entries(USABLE_SYSTEMS)
      .filter(([, systems]) => systems.some((s) => !(s in OWN_COMMAND)))
      .map(([step]) => step);
    expect(steps).toEqual(['movement', 'beams', 'boarding']);
    expect(useSystem.phases).toEqual(steps);
  });

  it("VIEW-16 SOL-3 Sol'una offers SubmitActions in every phase to each seat awaited, and nothing to the others", async () => {
    const commands = await publishedCommands('soluna');
    const types = (phase: string, awaiting: string[], seat: string) =>
      commandsNow(commands, { status: 'playing', awaiting, step: { phase } }, seat).map((c) => c.type);
    for (const phase of RULESETS.getFold('soluna').phaseNames) {
      expect(types(phase, ['sun', 'moon'], 'moon')).toEqual([
        'SubmitActions',
        'TakeBack',
        'ProposeTakeback',
        'Concede',
        'OfferDraw',
        'RequestPause',
      ]);
      expect(types(phase, ['sun'], 'moon')).toEqual([]);
    }
  });

  it('VIEW-16 MATCH every phase a command is declared for is a phase of its ruleset, published as declared', async () => {
    for (const id of ['post-galactica', 'soluna', 'gsc2']) {
      const phases = RULESETS.getFold(id).phaseNames;
      const published = await publishedCommands(id);
      for (const doc of RULESETS.getRuleset(id).commands) {
        for (const phase of doc.phases ?? []) expect(phases, `${id} ${doc.type}`).toContain(phase);
        const out = published.find((c) => c.type === doc.type);
        expect(out?.phases, `${id} ${doc.type}`).toEqual(doc.phases);
        expect(out?.anySeat, `${id} ${doc.type}`).toEqual(doc.anySeat);
      }
    }
  });

  it('VIEW-16 GSC-1 a choice starts on the variant named after the current step: SubmitOrders in Beams starts on beams', async () => {
    const form = formFor((await commandOf('gsc2', 'SubmitOrders')).schema);
    const orders = form.kind === 'object' ? (form.fields.find((f) => f.name === 'orders') as Field) : form;
    expect(orders.kind === 'choice' ? orders.variants.map((v) => v.name) : []).toEqual(['missiles', 'beams', 'boarding']);
    expect(variantFor(orders, 'missiles')).toBe(0);
    expect(variantFor(orders, 'beams')).toBe(1);
    expect(variantFor(orders, 'boarding')).toBe(2);
    expect(variantFor(orders, 'repairs')).toBe(0);
    expect(variantFor(orders, null)).toBe(0);
  });
});
