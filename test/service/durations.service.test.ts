/**
 * REL-18 over HTTP on the local runtime: a game made with the longest durations accepted
 * plays on through every step and has each deadline scheduled, which needs the runtime's
 * scheduler. The bounds themselves run on memory (test/unit/durations.unit.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { scheduleName } from '../../functions/adapters/scheduler.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { postGalacticaGame } from '../support/games.ts';
import { annAndBob, type Client, commandId, eventually } from '../support/http.ts';

let runtime: MemoryRuntime;
let ann: Client;
let bob: Client;

beforeAll(async () => {
  ({ runtime, ann, bob } = await annAndBob());
});
afterAll(() => runtime.stop());

type Problem = { status: number; detail: string; code?: string; rule?: string; errors?: { pointer: string; detail: string }[] };
type Step = { key: string; phase: string; openedAt: string; deadline: string | null };
type View = { status: string; version: number; step: Step | null; awaiting: string[] };

const DAY = 86_400_000;

const give = (client: Client, gameId: string, command: Record<string, unknown>) =>
  client.post<Problem & { version: number; events: EventEnvelope[] }>(`/games/${gameId}/commands`, { commandId: commandId(), command });
const view = async (gameId: string, minVersion = 0) => (await ann.get<View>(`/games/${gameId}?minVersion=${minVersion}`)).body;
const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/** Ann (red, first) and Bob (blue) in a Post Galactica game with these options. */
const game = (options: Record<string, unknown>) => postGalacticaGame(ann, bob, options);

describe('REL-18 a game with the longest durations accepted plays on', () => {
  it('REL-18 P365D everywhere: the game fills, EndPhase opens a phase of P365D, and its deadline and reminder are scheduled', async () => {
    const { gameId, version } = await game({
      deadlines: { default: 'P365D', phases: { movement: 'P365D', 'choose-first-player': 'P365D' } },
      openFor: 'P365D',
      reminders: ['P365D', 'P364D'],
      absence: { maxMissed: 100 },
    });
    let current = await view(gameId, version);
    expect(current.step).toMatchObject({ key: 't1-command', deadline: later(current.step?.openedAt ?? '', 365 * DAY) });
    // Red ends each phase until the Movement Phase opens (EndPhase into it used to answer 500).
    while (current.step?.phase !== 'movement') {
      const seat = current.awaiting[0];
      const ended = await give(seat === 'blue' ? bob : ann, gameId, { type: 'EndPhase' });
      expect(ended.status).toBe(200);
      current = await view(gameId, ended.body.version);
    }
    const step = current.step;
    expect(step.deadline).toBe(later(step.openedAt, 365 * DAY));
    await eventually(
      async () => runtime.scheduler.pending.get(scheduleName(gameId, step.key))?.at ?? null,
      (at) => at === step.deadline,
    );
    // The P364D reminder is due a day after the step opened; the P365D one is due at once, so it is skipped.
    expect(runtime.scheduler.pending.get(scheduleName(gameId, step.key, 'P364D'))?.at).toBe(later(step.openedAt, DAY));
    expect(runtime.scheduler.pending.has(scheduleName(gameId, step.key, 'P365D'))).toBe(false);
    // And play goes on past it.
    expect((await give(current.awaiting[0] === 'blue' ? bob : ann, gameId, { type: 'EndPhase' })).status).toBe(200);
  });
});
