/**
 * The organiser's controls (PBM-12) and agreements between seats (PBM-13) that arm and
 * delete schedules, over HTTP on the local runtime: Ann organises without a seat, Bob plays
 * red (first) and Cy blue. Deadlines are a few seconds, and the local scheduler's pending
 * schedules show what is armed. The rest runs on memory (test/unit/organiser-routes.unit.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLog } from '../../domain/verify/log.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import { scheduleName } from '../../functions/adapters/scheduler.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { Client, eventually, startServiceRuntime } from '../support/http.ts';
import { organiserHelpers } from '../support/organiser.ts';

let runtime: MemoryRuntime;
let ann: Client;
let bob: Client;
let cy: Client;

beforeAll(async () => {
  runtime = await startServiceRuntime();
  const anon = new Client(runtime.url);
  ann = (await anon.register('Ann')).client;
  bob = (await anon.register('Bob')).client;
  cy = (await anon.register('Cy')).client;
});
afterAll(async () => {
  await runtime.stop();
});

const { organised, give, view, logOf } = organiserHelpers(() => ({ ann, bob, cy }));
const pendingAt = (gameId: string, phaseKey: string, reminder?: string) =>
  runtime.scheduler.pending.get(scheduleName(gameId, phaseKey, reminder))?.at ?? null;
/** Wait for the schedule of a step (or of one of its reminders) to be armed at `at` (null: not armed at all). */
const armed = (gameId: string, phaseKey: string, at: string | null, reminder?: string) =>
  eventually(
    async () => pendingAt(gameId, phaseKey, reminder),
    (value) => value === at,
  );
const earlier = (iso: string, ms: number) => new Date(Date.parse(iso) - ms).toISOString();
/**
 * Move the runtime's clock past `iso` by the margin a late timer would use, and let whatever
 * fires then reach the log and the read model: no test waits for a deadline in real time.
 */
const past = (iso: string) => runtime.skipTo(new Date(Date.parse(iso) + 1_000).toISOString());

/** `verify` re-decides the organiser's and the seats' commands like any other: every check of the exported log holds. */
const failedChecks = async (gameId: string) => {
  const exported = await fetch(`${runtime.url}/games/${gameId}/log`, { headers: { authorization: `Bearer ${ann.apiKey}` } });
  return verifyLog(parseLog(await exported.text())).filter((r) => !r.ok);
};

describe('PBM-12 organiser controls over HTTP', () => {
  it('PBM-12 a pause deletes the schedule, nothing fires while paused, and resume re-arms the time that was left', async () => {
    const gameId = await organised({ default: 'PT1H' });
    const deadline = (await view(gameId)).step?.deadline ?? '';
    await armed(gameId, 't1-command', deadline);

    // Only the organiser: a seated player and anyone else get a 403 naming PBM-12.
    for (const other of [bob, cy]) {
      const refused = await give(other, gameId, { type: 'PauseGame' });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ rule: 'PBM-12', code: 'NOT_ORGANISER' });
    }

    const paused = await give(ann, gameId, { type: 'PauseGame' });
    expect(paused.status).toBe(200);
    const pausedEvent = paused.body.events[0];
    const remainingMs = (pausedEvent?.data as { remainingMs: number } | undefined)?.remainingMs ?? 0;
    expect(pausedEvent).toMatchObject({ type: 'GamePaused', data: { phaseKey: 't1-command', by: 'organiser' } });
    expect(remainingMs).toBe(Date.parse(deadline) - Date.parse(pausedEvent?.at ?? ''));
    await armed(gameId, 't1-command', null);

    const play = await give(bob, gameId, { type: 'EndPhase' });
    expect(play.status).toBe(409);
    expect(play.body.detail).toMatch(/^The organiser paused this game; /);
    await past(deadline);
    const held = await eventually(
      () => view(gameId),
      (v) => v.paused !== undefined,
    );
    expect(held).toMatchObject({ status: 'playing', step: { key: 't1-command', deadline: null }, paused: { remainingMs } });
    expect((await logOf(gameId)).some((e) => e.type === 'DeadlinePassed')).toBe(false);

    const resumed = await give(ann, gameId, { type: 'ResumeGame' });
    expect(resumed.status).toBe(200);
    const resumedEvent = resumed.body.events[0];
    const rearmed = (resumedEvent?.data as { deadline: string } | undefined)?.deadline ?? '';
    expect(Date.parse(rearmed) - Date.parse(resumedEvent?.at ?? '')).toBe(remainingMs);
    await armed(gameId, 't1-command', rearmed);
    await past(rearmed);

    const log = await eventually(
      () => logOf(gameId),
      (events) => events.some((e) => e.type === 'DeadlinePassed'),
    );
    expect(log.find((e) => e.type === 'DeadlinePassed')?.data).toMatchObject({ phaseKey: 't1-command', deadline: rearmed });
    expect(Date.parse(log.find((e) => e.type === 'DeadlinePassed')?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(rearmed));

    expect((await give(cy, gameId, { type: 'Concede' })).status).toBe(200);
    expect(await failedChecks(gameId)).toEqual([]);
  });

  it('PBM-12 an extension moves the deadline and its schedule; the old time passes without a fire', async () => {
    const gameId = await organised({ default: 'PT1H' });
    const deadline = (await view(gameId)).step?.deadline ?? '';
    await armed(gameId, 't1-command', deadline);

    const extended = await give(ann, gameId, { type: 'ExtendDeadline', by: 'PT3S' });
    expect(extended.status).toBe(200);
    const later = new Date(Date.parse(deadline) + 3_000).toISOString();
    expect(extended.body.events[0]).toMatchObject({
      type: 'DeadlineExtended',
      data: { phaseKey: 't1-command', by: 'PT3S', deadline: later },
    });
    await armed(gameId, 't1-command', later);
    await eventually(
      () => view(gameId),
      (v) => v.step?.deadline === later,
    );

    await past(deadline);
    expect((await logOf(gameId)).some((e) => e.type === 'DeadlinePassed')).toBe(false);
    await past(later);
    const log = await eventually(
      () => logOf(gameId),
      (events) => events.some((e) => e.type === 'DeadlinePassed'),
    );
    expect(log.find((e) => e.type === 'DeadlinePassed')?.data).toMatchObject({ phaseKey: 't1-command', deadline: later });
    expect((await give(bob, gameId, { type: 'Concede' })).status).toBe(200);
    expect(await failedChecks(gameId)).toEqual([]);
  });
});

describe('PBM-13 agreements over HTTP', () => {
  it('PBM-13 a pause every seat agrees to pauses the game, its reminders too; a seat resumes it', async () => {
    const created = await ann.post<{ gameId: string }>('/games', {
      ruleset: 'post-galactica',
      options: { firstPlayer: 'red', deadlines: { default: 'PT1H' }, reminders: ['PT30M'] },
    });
    const gameId = created.body.gameId;
    expect((await bob.post(`/games/${gameId}/join`, { seat: 'red' })).status).toBe(200);
    expect((await cy.post(`/games/${gameId}/join`, { seat: 'blue' })).status).toBe(200);
    const deadline = (
      await eventually(
        () => view(gameId),
        (v) => v.status === 'playing',
      )
    ).step?.deadline;
    await armed(gameId, 't1-command', deadline ?? '');
    await armed(gameId, 't1-command', earlier(deadline ?? '', 30 * 60_000), 'PT30M');
    expect((await give(cy, gameId, { type: 'RequestPause' })).status).toBe(200);
    const agreed = await give(bob, gameId, { type: 'AgreePause' });
    expect(agreed.body.events.map((e) => e.type)).toEqual(['PauseAgreed', 'GamePaused']);
    await armed(gameId, 't1-command', null);
    await armed(gameId, 't1-command', null, 'PT30M');
    const play = await give(bob, gameId, { type: 'EndPhase' });
    expect(play.status).toBe(409);
    expect(play.body.rule).toBe('PBM-13');
    const resumed = await give(cy, gameId, { type: 'ResumeGame' });
    expect(resumed.status).toBe(200);
    const rearmed = (resumed.body.events[0]?.data as { deadline: string } | undefined)?.deadline ?? '';
    await armed(gameId, 't1-command', rearmed);
    await armed(gameId, 't1-command', earlier(rearmed, 30 * 60_000), 'PT30M');
    expect((await give(bob, gameId, { type: 'Concede' })).status).toBe(200);
    expect(await failedChecks(gameId)).toEqual([]);
  });
});
