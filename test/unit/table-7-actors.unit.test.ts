/**
 * TABLE-7: one voice on who acted. For every event of the reference logs that rolls dice, the
 * page's rolls pane, its event list and the CLI's `replay --explain` name the same actor, and
 * that actor is the seat of the piece that rolled where the event names one (issue 46: the
 * pane said "by sun" for moon's attack, "by blue" for red's beam, "by player:p_…" for the
 * referee's roll-off).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { findRolls } from '../../domain/kernel/rolls.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame } from '../../domain/match/state.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { type ParsedLog, parseLog } from '../../domain/verify/log.ts';
import { explainActed, gameBefore, REFEREE } from '../../render/actor.ts';
import { replay } from '../../tools/arbiter-cli/src/commands.ts';
import { describeEvents } from '../../web/describe.ts';

const RULESETS = everyRuleset();
const logs = join(import.meta.dirname, '..', 'fixtures', 'logs');
const NAMES = ['gsc2', 'post-galactica', 'post-galactica-battle', 'soluna'];
const fileOf = (name: string) => join(logs, `${name}.ndjson`);
const reference = (name: string): ParsedLog => parseLog(readFileSync(fileOf(name), 'utf8'));

/**
 * The piece that rolls in each event type, and where its ruleset keeps its pieces: written
 * here from the rules, not read from the renderers, so the test does not grade itself.
 */
const ROLLER: Readonly<Record<string, Readonly<Record<string, readonly [field: string, held: string]>>>> = {
  soluna: { AttackResolved: ['model', 'models'] },
  'post-galactica': { AttackResolved: ['attackerId', 'units'] },
  gsc2: {
    BeamFired: ['ship', 'ships'],
    MdsFired: ['ship', 'ships'],
    RepairAttempted: ['ship', 'ships'],
    MissileAttacked: ['missile', 'missiles'],
  },
};

/** The seat of the piece `id` held in `rules[held]` (a list or a record of pieces). */
const seatOf = (rules: unknown, held: string, id: string): string | undefined => {
  const pieces = (rules as Record<string, unknown>)[held];
  const list = (Array.isArray(pieces) ? pieces : Object.values(pieces as object)) as { id: string; seat: string }[];
  return list.find((p) => p.id === id)?.seat;
};

/** The actor a rolls pane's head names: "Event 20 (AttackResolved) by red at 2026-05-01 10:12 UTC: …". */
const paneActor = (head: string | undefined): string => {
  const found = /^Event \d+ \(\w+\) by (.+?) at \d{4}-\d\d-\d\d \d\d:\d\d UTC: .+\.$/.exec(head ?? '');
  expect(found, head).not.toBeNull();
  return (found?.[1] ?? '') === 'the referee' ? REFEREE : (found?.[1] ?? '');
};

const cliHead = (name: string, seq: number): string => {
  let text = '';
  replay(fileOf(name), { explain: String(seq) }, (chunk) => {
    text += chunk;
  });
  return text.split('\n')[0] ?? '';
};

describe('TABLE-7 the rolls pane, the event list and the CLI agree on who rolled', () => {
  for (const name of NAMES) {
    it(`TABLE-7 ${name}: every event with rolls names the seat whose piece rolled, in all three`, () => {
      const log = reference(name);
      const lines = describeEvents(RULESETS, log.events, emptyGame, null).lines;
      const withRolls = log.events.filter((e) => findRolls(e.data).length > 0);
      expect(withRolls.length).toBeGreaterThan(0);
      let named = 0;
      for (const event of withRolls) {
        const before = foldGame(RULESETS, log.events.slice(0, event.seq - 1));
        const pane = paneActor(explainActed(event, before, log.events)[0]);
        const listed = lines[event.seq - 1]?.actor;
        expect(pane, `event ${event.seq} ${event.type}`).toBe(listed);
        // The pane says the event in the list's own sentence.
        const said = (lines[event.seq - 1]?.text ?? '').replace(/^\d+\. [^:]+: /, '').replace(/ \[[A-Z]+-\d+\]$/, '');
        expect(explainActed(event, before, log.events)[0], `event ${event.seq}`).toContain(`UTC: ${said}.`);
        expect(paneActor(cliHead(name, event.seq)), `CLI, event ${event.seq}`).toBe(listed);
        expect(pane, `event ${event.seq}`).not.toMatch(/^player:|^system$/);
        const roller = ROLLER[log.header.ruleset]?.[event.type];
        const rules = before.status === 'playing' ? before.rules : null;
        if (!roller || !rules) continue;
        const id = (event.data as Record<string, unknown>)[roller[0]] as string;
        expect(pane, `event ${event.seq} ${event.type} ${id}`).toBe(seatOf(rules, roller[1], id));
        named += 1;
      }
      if (name !== 'post-galactica') expect(named).toBeGreaterThan(0);
    });
  }

  it("TABLE-7 the roll-off is the referee's, never a player id; the CLI folds the same game before the event", () => {
    const log = reference('soluna');
    const rolledOff = log.events.find((e) => e.type === 'RolledOff') as EventEnvelope;
    expect(rolledOff.actor).toMatch(/^player:/);
    expect(cliHead('soluna', rolledOff.seq)).toMatch(/^Event \d+ \(RolledOff\) by the referee at .+? UTC: \w+ won the roll-off \(/);
    const attack = log.events.find((e) => e.type === 'AttackResolved' && e.actor === 'system') as EventEnvelope;
    expect(gameBefore(RULESETS, log.events, attack.seq)).toEqual(foldGame(RULESETS, log.events.slice(0, attack.seq - 1)));
  });
});
