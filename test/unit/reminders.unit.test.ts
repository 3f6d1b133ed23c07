import { describe, expect, it, vi } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { sha256Hex } from '../../domain/kernel/hash.ts';
import type * as z from '../../domain/kernel/zod.ts';
import { matchCommandSchemas } from '../../domain/match/command-table.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame } from '../../domain/match/state.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { LocalBus } from '../../functions/adapters/bus.ts';
import { createScheduleInput, LocalScheduler, scheduleName } from '../../functions/adapters/scheduler.ts';
import { reactToDeadlines } from '../../functions/games/app/timer-reactor.ts';
import { createGameBody } from '../../functions/games/http/schemas.ts';
import type { Deps } from '../../functions/kernel/deps.ts';
import type { IntegrationEvent, PhaseDeadline, PhaseScheduler } from '../../functions/kernel/ports.ts';
import { kindFor, noticeOf } from '../../functions/notifications/app/webhook-fanout.ts';
import { noticeText, timeLeft } from '../../functions/notifications/app/webhook-messages.ts';
import { makePhaseTimer } from '../../functions/scheduler/phase-timer.ts';
import { GAME_ID, Game, player, seat } from '../support/decider-spec.ts';
import { act, mission, profile, submit } from '../support/soluna.ts';

const createGame = matchCommandSchemas.get('CreateGame') as z.ZodMiniType;
const RULESETS = everyRuleset();

const T0 = '2026-01-01T00:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

/** The store as the reactor and the phase timer read it, over a log built by the real decider. */
const depsOf = (game: Game, now: () => string): Deps =>
  ({
    store: {
      load: async () => ({ state: game.state, fromSnapshot: null }),
      loadAt: async (_gameId: string, version: number) =>
        foldGame(
          RULESETS,
          game.log.filter((e) => e.seq <= version),
          emptyGame,
        ),
      readAfter: async (_gameId: string, after: number, upTo = Number.MAX_SAFE_INTEGER) =>
        game.log.filter((e) => e.seq > after && e.seq <= upTo),
    },
    clock: () => new Date(now()),
    rulesets: RULESETS,
  }) as unknown as Deps;

/** A scheduler port that records what the reactor asked of it, one line per call. */
class RecordingScheduler implements PhaseScheduler {
  readonly calls: string[] = [];
  async schedule(d: PhaseDeadline) {
    this.calls.push(`schedule ${d.phaseKey}${d.reminder ? ` reminder ${d.reminder}` : ''} at ${d.at}`);
  }
  async cancel(_gameId: string, phaseKey: string, reminder?: string) {
    this.calls.push(`cancel ${phaseKey}${reminder ? ` reminder ${reminder}` : ''}`);
  }
}

/** Post Galactica, red first (a mission choice, no roll-off), every phase an hour. */
const timedGame = (options: Record<string, unknown> = { reminders: ['PT30M', 'PT2H'] }) => {
  const game = new Game();
  game.run(
    {
      type: 'CreateGame',
      ruleset: 'post-galactica',
      seat: 'red',
      options: { firstPlayer: 'red', deadlines: { default: 'PT1H' }, ...options },
    },
    player('p_red'),
  );
  game.run({ type: 'JoinGame' }, player('p_blue'));
  return game;
};

const since = (game: Game, seq: number): EventEnvelope[] => game.log.filter((e) => e.seq > seq);

describe('PBM-7 the option', () => {
  const create = (reminders: unknown) => ({ type: 'CreateGame', ruleset: 'post-galactica', options: { reminders } });

  it('PBM-7 options.reminders takes up to four distinct ISO 8601 durations of at least a second, in the domain and over HTTP', () => {
    expect(createGame.safeParse(create(['PT24H', 'PT1H'])).success).toBe(true);
    for (const bad of [[], ['soon'], ['PT0S'], ['PT1H', 'PT1H'], ['PT1H', 'PT2H', 'PT3H', 'PT4H', 'PT5H'], 'PT1H', [3600]]) {
      expect({ bad, ok: createGame.safeParse(create(bad)).success }).toEqual({ bad, ok: false });
      expect({ bad, ok: createGameBody.safeParse({ ruleset: 'post-galactica', options: { reminders: bad } }).success }).toEqual({
        bad,
        ok: false,
      });
    }
  });

  it('PBM-7 GameCreated records the reminders only when given, so older games log exactly what they did', () => {
    const options = (game: Game): Record<string, unknown> => {
      const created = game.log[0];
      if (!created) throw new Error('no GameCreated');
      return (created.data as { options: Record<string, unknown> }).options;
    };
    expect(options(timedGame({ reminders: ['PT24H', 'PT1H'] })).reminders).toEqual(['PT24H', 'PT1H']);
    expect(Object.keys(options(timedGame({})))).not.toContain('reminders');
  });
});

describe('PBM-7 reminder schedules', () => {
  it('PBM-7 a reminder has its own deterministic schedule name, within 64 characters; the deadline keeps its name', () => {
    const gameId = 'g_0123456789abcdef0123456789abcdef0123456789';
    const names = [
      scheduleName(gameId, 't1-command'),
      scheduleName(gameId, 't1-command', 'PT1H'),
      scheduleName(gameId, 't1-command', 'PT24H'),
    ];
    expect(new Set(names).size).toBe(3);
    for (const name of names) expect(name).toMatch(/^[0-9A-Za-z_.-]{1,64}$/);
    expect(scheduleName(gameId, 't1-command', 'PT1H')).toBe(names[1]);
    // The name every deadline schedule was created under before reminders existed.
    expect(names[0]).toBe(`${gameId.slice(0, 40)}.${sha256Hex(`${gameId}:t1-command`).slice(0, 20)}`);
  });

  it('PBM-7 on AWS a reminder targets the phase timer with {gameId, phaseKey, reminder}; a deadline is unchanged', () => {
    const target = { group: 'g', targetArn: 'arn:timer', roleArn: 'arn:role', deadLetterArn: 'arn:dlq' };
    const now = new Date(T0);
    const reminder = createScheduleInput({ gameId: 'g_1', phaseKey: 't1-command', at: at(30), reminder: 'PT30M' }, target, now);
    expect(reminder).toMatchObject({
      Name: scheduleName('g_1', 't1-command', 'PT30M'),
      ScheduleExpression: 'at(2026-01-01T00:30:00)',
      ActionAfterCompletion: 'DELETE',
      Target: { Arn: 'arn:timer', Input: '{"gameId":"g_1","phaseKey":"t1-command","reminder":"PT30M"}' },
    });
    expect(createScheduleInput({ gameId: 'g_1', phaseKey: 't1-command', at: at(60) }, target, now).Target?.Input).toBe(
      '{"gameId":"g_1","phaseKey":"t1-command"}',
    );
  });

  it('PBM-7 the local scheduler fires a reminder with its input, and cancels it apart from the deadline', async () => {
    const fired: unknown[] = [];
    const scheduler = new LocalScheduler(async (input) => void fired.push(input));
    const soon = new Date(Date.now() + 30).toISOString();
    const later = new Date(Date.now() + 60_000).toISOString();
    await scheduler.schedule({ gameId: 'g_1', phaseKey: 't1-command', at: soon, reminder: 'PT1H' });
    await scheduler.schedule({ gameId: 'g_1', phaseKey: 't1-command', at: later, reminder: 'PT2H' });
    await scheduler.schedule({ gameId: 'g_1', phaseKey: 't1-command', at: later });
    await vi.waitFor(() => expect(fired).toEqual([{ gameId: 'g_1', phaseKey: 't1-command', reminder: 'PT1H' }]), {
      timeout: 10_000,
      interval: 10,
    });
    await scheduler.cancel('g_1', 't1-command', 'PT2H');
    expect([...scheduler.pending.values()]).toEqual([{ gameId: 'g_1', phaseKey: 't1-command', at: later }]);
    scheduler.stop();
  });
});

describe('PBM-7 the timer reactor', () => {
  it('PBM-7 schedules a reminder per option before the open step deadline, skipping one already past', async () => {
    const game = timedGame();
    const scheduler = new RecordingScheduler();
    await reactToDeadlines(
      depsOf(game, () => T0),
      scheduler,
      GAME_ID,
      game.log,
    );
    // The lobby has no reminders (no seat acts there); PT2H before a deadline an hour away is already past.
    expect(scheduler.calls).toEqual([
      'cancel lobby',
      `schedule t1-command at ${at(60)}`,
      `schedule t1-command reminder PT30M at ${at(30)}`,
    ]);
  });

  it('PBM-7 deletes every reminder of a step that closes, and schedules those of the next', async () => {
    const game = timedGame();
    const seen = game.log.length;
    game.run({ type: 'EndPhase' }, seat('red'), undefined, at(5));
    const scheduler = new RecordingScheduler();
    await reactToDeadlines(
      depsOf(game, () => at(5)),
      scheduler,
      GAME_ID,
      since(game, seen),
    );
    expect(scheduler.calls).toEqual([
      'cancel t1-command',
      'cancel t1-command reminder PT30M',
      'cancel t1-command reminder PT2H',
      `schedule t1-resource at ${at(65)}`,
      `schedule t1-resource reminder PT30M at ${at(35)}`,
    ]);
  });

  it('PBM-7 a match without reminders schedules only its deadlines, as before', async () => {
    const game = timedGame({});
    const scheduler = new RecordingScheduler();
    await reactToDeadlines(
      depsOf(game, () => T0),
      scheduler,
      GAME_ID,
      game.log,
    );
    expect(scheduler.calls).toEqual(['cancel lobby', `schedule t1-command at ${at(60)}`]);
  });
});

describe('PBM-7 a reminder fires', () => {
  const remind = async (game: Game, now: string, phaseKey = 't1-command', reminder = 'PT30M') => {
    const bus = new LocalBus();
    const before = game.log.length;
    const result = await makePhaseTimer(
      () => depsOf(game, () => now),
      () => bus,
    )({ gameId: GAME_ID, phaseKey, reminder });
    expect(game.log.length).toBe(before); // a reminder writes nothing to the log
    return { result, published: bus.published };
  };

  it('PBM-7 tells the seat that has to act how long it has left, and writes nothing', async () => {
    const game = timedGame();
    const { result, published } = await remind(game, at(30));
    expect(result).toMatchObject({ written: 0, published: 1 });
    expect(published).toEqual<IntegrationEvent[]>([
      {
        id: `${GAME_ID}:t1-command:remind:PT30M:red`,
        type: 'DeadlineApproaching',
        gameId: GAME_ID,
        seq: game.log.length,
        at: at(30),
        detail: {
          seat: 'red',
          playerId: 'p_red',
          phase: 'command',
          phaseKey: 't1-command',
          deadline: at(60),
          reminder: 'PT30M',
          secondsLeft: 1800,
        },
      },
    ]);
  });

  it('PBM-7 sends nothing once the seat has acted and the step closed, after the deadline, or when the game is over', async () => {
    const acted = timedGame();
    acted.run({ type: 'EndPhase' }, seat('red'), undefined, at(10));
    expect((await remind(acted, at(30))).published).toEqual([]);

    expect((await remind(timedGame(), at(61))).published).toEqual([]);

    const over = timedGame();
    over.run({ type: 'Concede' }, seat('blue'), undefined, at(10));
    expect((await remind(over, at(30))).published).toEqual([]);

    expect((await remind(new Game(), at(30))).published).toEqual([]);
  });

  it('PBM-7 in a phase of simultaneous orders, only the seat that has not yet given its orders is reminded', async () => {
    const game = new Game();
    const sun = [profile({ id: 'meena', mind: 10, at: [0, 0], leader: true })];
    const moon = [profile({ id: 'xul', mind: 10, at: [3, 0], leader: true })];
    game.run(
      {
        type: 'CreateGame',
        ruleset: 'soluna',
        seat: 'sun',
        options: { firstPlayer: 'sun', rules: { mission: mission(sun, moon) }, deadlines: { default: 'PT1H' }, reminders: ['PT30M'] },
      },
      player('p_sun'),
    );
    game.run({ type: 'JoinGame' }, player('p_moon'));
    const step = game.state.status === 'playing' ? game.state.step : null;
    if (!step) throw new Error('expected a step');
    expect((await remind(game, at(30), step.key)).published.map((e) => e.detail.seat)).toEqual(['sun', 'moon']);
    game.run(submit([act('meena', { kind: 'none' })]), seat('sun'), undefined, at(10));
    expect((await remind(game, at(30), step.key)).published.map((e) => e.detail.seat)).toEqual(['moon']);
  });
});

describe('PBM-7 what a reminder says, and to whom', () => {
  const event: IntegrationEvent = {
    id: 'g_1:t1-command:remind:PT1H:red',
    type: 'DeadlineApproaching',
    gameId: 'g_1',
    seq: 4,
    at: '2026-12-01T09:00:00.000Z',
    detail: { seat: 'red', playerId: 'p_red', phase: 'command', deadline: '2026-12-01T10:00:00.000Z', reminder: 'PT1H', secondsLeft: 3599 },
  };

  it('PBM-7 only the awaited seat player subscriptions that ask for deadline-approaching hear it', () => {
    expect(kindFor(event, ['your-turn', 'deadline-approaching'], 'p_red')).toBe('deadline-approaching');
    expect(kindFor(event, ['deadline-approaching'], 'p_blue')).toBeNull();
    expect(kindFor(event, ['seat-awaited', 'your-turn'], 'p_red')).toBeNull();
  });

  it('PBM-7 reads: Reminder: Ann (red) must act in … before the deadline (1 hour left)', () => {
    const game = timedGame();
    const state = game.state;
    if (state.status === 'empty') throw new Error('no game');
    const notice = noticeOf(RULESETS, event, 'deadline-approaching', 'wh_1', state, new Map([['p_red', 'Ann']]));
    expect(notice.reminder).toEqual({ before: 'PT1H', secondsLeft: 3599 });
    expect(noticeText(notice).split('\n')[0]).toBe(
      'Reminder: Ann (red) must act in Post Galactica game g_1 before 2026-12-01 10:00 UTC (1 hour left).',
    );
    expect([timeLeft(2), timeLeft(90), timeLeft(86_400), timeLeft(172_000)]).toEqual(['2 seconds', '2 minutes', '1 day', '2 days']);
  });
});
