/**
 * Issue 29's "done when", in one Post Galactica game played over HTTP on the local runtime
 * (memory adapters): own-move undos, an agreed takeback across a roll, an organiser's
 * correction and a continuation fork. Both logs are exported (`GET /games/{id}/log`) and
 * `arbiter verify` (its own code, in this process) passes them; a forged takeback and a
 * discarded roll reused, each re-chained so that only the rules and dice checks can find
 * them, fail naming their line.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import type { FoundRoll } from '../../domain/kernel/rolls.ts';
import type { TakenBack } from '../../domain/match/events.ts';
import { type ParsedLog, serializeLog } from '../../domain/verify/log.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { arbiterInProcess } from '../support/cli.ts';
import { postGalacticaGame } from '../support/games.ts';
import { annAndBob, type Client, commandId } from '../support/http.ts';
import { rechain } from '../support/older-rules.ts';
import { DEPLOYMENT, SCENARIO } from '../support/post-galactica-scenario.ts';
import { exportedLog, publicRolls, withRoll } from '../support/takebacks.ts';

type Reply = { events: EventEnvelope[]; version: number };

const dir = mkdtempSync(join(tmpdir(), 'arbiter-takebacks-'));
let runtime: MemoryRuntime;
let ann: Client;
let bob: Client;
/** What the game's play left to check: both logs, and the takebacks and rolls in them. */
let origin: ParsedLog;
let fork: ParsedLog;
let own: EventEnvelope<TakenBack>[];
let agreed: EventEnvelope<TakenBack>;
let corrected: EventEnvelope<TakenBack>;
let discarded: FoundRoll[];
/** The shot played again after the agreed takeback: its event. */
let reshot: EventEnvelope;

const ok = async (client: Client, gameId: string, command: object): Promise<Reply> => {
  const reply = await client.post<Reply>(`/games/${gameId}/commands`, { commandId: commandId(), command });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
};

/** `arbiter <args>` run by its own code in this process: its exit code, and all it printed. */
const arbiter = async (...args: string[]) => {
  const { status, stdout, stderr } = await arbiterInProcess(...args);
  return { code: status, out: stdout + stderr };
};

const file = (name: string, log: ParsedLog) => {
  const path = join(dir, name);
  writeFileSync(path, serializeLog(log.header, log.events));
  return path;
};

const SHOT = { type: 'RangedAttack', unitId: 'red-gunners-1', targetId: 'blue-gunners-1' };

beforeAll(async () => {
  ({ runtime, ann, bob } = await annAndBob());
  // Ann creates the game (its organiser) and plays red, first; Bob plays blue. Every d6 of Certain Hits hits.
  const { gameId } = await postGalacticaGame(ann, bob, { rules: SCENARIO });
  await ok(ann, gameId, { type: 'Deploy', units: DEPLOYMENT.red, auto: false });
  await ok(bob, gameId, { type: 'Deploy', units: DEPLOYMENT.blue, auto: false });
  const takenBack = (reply: Reply) => reply.events.find((e) => e.type === 'TakenBack') as EventEnvelope<TakenBack>;

  // TB-1: red ends two phases, takes the second back, then the first; nothing of them was known to blue.
  const first = await ok(ann, gameId, { type: 'EndPhase' });
  await ok(ann, gameId, { type: 'EndPhase' });
  own = [takenBack(await ok(ann, gameId, { type: 'TakeBack', toVersion: first.version }))];
  own.push(takenBack(await ok(ann, gameId, { type: 'TakeBack', reason: 'meant to gather' })));
  // Each ended one phase in one event: the second goes back to the end of the first, then the first to before it.
  expect(own.map((e) => [e.data.toVersion, e.data.voids])).toEqual([
    [first.version, [{ from: first.version + 1, to: first.version + 1 }]],
    [first.version - 1, [{ from: first.version, to: first.version }]],
  ]);
  for (let i = 0; i < 4; i += 1) await ok(ann, gameId, { type: 'EndPhase' });

  // TB-2: red shoots (rolls); blue proposes taking the shot back, red accepts; red shoots again, drawing fresh dice.
  const shot = await ok(ann, gameId, SHOT);
  discarded = publicRolls(shot.events);
  await ok(bob, gameId, { type: 'ProposeTakeback', toVersion: shot.version - shot.events.length, reason: 'the target was in cover' });
  agreed = takenBack(await ok(ann, gameId, { type: 'AcceptTakeback' }));
  expect(agreed.data.voids[0]?.from).toBe(shot.events[0]?.seq);
  const again = await ok(ann, gameId, SHOT);
  reshot = again.events[0] as EventEnvelope;

  // TB-3: red ends its Ranged Phase; the organiser takes the game back to the shot with a reason.
  await ok(ann, gameId, { type: 'EndPhase' });
  corrected = takenBack(await ok(ann, gameId, { type: 'CorrectGame', toVersion: again.version, reason: 'the phase ended by mistake' }));

  // TB-6: a continuation from here, which Bob accepts; then both games end, revealing their seeds.
  const proposed = await ann.post<Reply>(`/games/${gameId}/forks`, {
    version: corrected.seq,
    kind: 'continuation',
    commandId: commandId(),
  });
  expect(proposed.status, JSON.stringify(proposed.body)).toBe(202);
  const accepted = await ok(bob, gameId, { type: 'AcceptFork' });
  const forkId = (accepted.events.find((e) => e.type === 'ForkAgreed')?.data as { forkId: string } | undefined)?.forkId ?? '';
  await ok(bob, forkId, { type: 'Concede' });
  await ok(bob, gameId, { type: 'Concede' });
  [origin, fork] = await Promise.all([exportedLog(runtime.url, ann, gameId), exportedLog(runtime.url, ann, forkId)]);
});
afterAll(async () => {
  await runtime.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The line of the event at `seq` in an exported file (line 1 is the header). */
const lineOf = (seq: number) => origin.events.findIndex((e) => e.seq === seq) + 2;

describe('TB-7 a game with every kind of takeback and a fork, verified', () => {
  it('TB-7 TB-6 PG-11 arbiter verify passes the game and its fork: every takeback re-decided, every roll drawn once', async () => {
    expect([origin.header.status, fork.header.status]).toEqual(['ended', 'ended']);
    expect(own.map((e) => e.data.how)).toEqual(['own', 'own']);
    expect([agreed.data.how, corrected.data.how]).toEqual(['agreed', 'organiser']);
    expect(discarded.length).toBeGreaterThan(0);
    // The shot played again drew its own dice, at its own event: none of the discarded draws.
    expect(publicRolls([reshot]).map(({ roll }) => roll.draw.seq)).toEqual(discarded.map(() => reshot.seq));

    const verified = await arbiter('verify', file('game.ndjson', origin));
    expect(verified.out).toContain(`PASS  dice: all ${publicRolls(origin.events).length} rolls are the ones the seed gives`);
    expect(verified.out).toMatch(/PASS {2}rules: all \d+ commands re-decided under Post Galactica .* give exactly the logged events/);
    expect(verified.out).toContain('verdict: the log holds');
    expect(verified.code).toBe(0);

    const forked = await arbiter('verify', file('fork.ndjson', fork), '--origin', file('game.ndjson', origin));
    expect(forked.out).toMatch(/PASS {2}origin: /);
    expect(forked.out).toContain('verdict: the log holds');
    expect(forked.code).toBe(0);

    // explain says which takeback discarded the first shot, on whose authority, and that its rolls stay spent.
    const explained = await arbiter('replay', file('game.ndjson', origin), '--explain', String(agreed.data.voids[0]?.from));
    expect(explained.out).toContain(
      `Void: the seats agreed to blue's takeback at event ${agreed.seq}, to version ${agreed.data.toVersion} (the target was in cover); it stays in the log, and any roll in it stays spent.`,
    );
  });

  it('TB-7 TB-2 PG-11 a takeback forged to go further back than was agreed, re-chained, fails verify naming its line', async () => {
    const at = origin.events.findIndex((e) => e.seq === agreed.seq);
    const forged = rechain(
      origin.events.map((e, i) => (i === at ? { ...e, data: { ...agreed.data, toVersion: agreed.data.toVersion - 1 } } : e)),
    );
    const verified = await arbiter('verify', file('forged-agreed.ndjson', { ...origin, events: forged }));
    expect(verified.code).toBe(1);
    expect(verified.out).toMatch(/PASS {2}hash chain: intact/);
    expect(verified.out).toContain(
      `FAIL  rules: line ${lineOf(agreed.seq)} differs from what the rules decide for the command at line ${lineOf(agreed.seq - 1)}`,
    );
  });

  it('TB-7 TB-1 PG-4 an own takeback forged to reach back across the other seat’s deployment, re-chained, fails verify naming its line', async () => {
    const [latest] = own;
    const at = origin.events.findIndex((e) => e.seq === latest?.seq);
    const forged = rechain(
      origin.events.map((e, i) =>
        i === at
          ? {
              ...e,
              command: { type: 'TakeBack', toVersion: 5 },
              data: { ...latest?.data, toVersion: 5, voids: [{ from: 6, to: (latest?.seq ?? 0) - 1 }] },
            }
          : e,
      ),
    );
    const verified = await arbiter('verify', file('forged-own.ndjson', { ...origin, events: forged }));
    expect(verified.code).toBe(1);
    expect(verified.out).toMatch(/PASS {2}hash chain: intact/);
    expect(verified.out).toContain(
      `FAIL  rules: line ${at + 2} (event ${latest?.seq}): the command is illegal: You can take back to version`,
    );
  });

  it('TB-7 TB-2 PG-11 the shot played again given a discarded roll (its face and draw), re-chained, fails verify naming its line', async () => {
    const at = origin.events.findIndex((e) => e.seq === reshot.seq);
    const [first] = discarded;
    const path = publicRolls([reshot])[0]?.path ?? '';
    const reused = rechain(origin.events.map((e, i) => (i === at ? { ...e, data: withRoll(e.data, path, first?.roll) } : e)));
    const verified = await arbiter('verify', file('reused.ndjson', { ...origin, events: reused }));
    expect(verified.code).toBe(1);
    expect(verified.out).toMatch(/PASS {2}hash chain: intact/);
    const draw = `${first?.roll.draw.seq}:${first?.roll.draw.index}`;
    const spent = first?.roll.draw.seq ?? 0;
    expect(verified.out).toContain(
      `FAIL  dice: line ${at + 2} (event ${reshot.seq}, ${path}) reuses draw ${draw}, which line ${lineOf(spent)} (event ${spent}) drew and the takeback at event ${agreed.seq} discarded: a discarded roll stays spent`,
    );
    expect(verified.out).toContain(`FAIL  rules: line ${at + 2} differs from what the rules decide for the command at line ${at + 2}`);
  });
});
