/** REL-18: every duration a game names, and every deadline it gets, is bounded, and no duration can break a fold. */
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../domain/kernel/context.ts';
import { addDuration, LATEST_TIME, MAX_DURATION, parseDuration } from '../../domain/kernel/duration.ts';
import * as z from '../../domain/kernel/zod.ts';
import { isoDurationSchema, remindersSchema } from '../../domain/match/commands.ts';
import type { Step } from '../../domain/match/state.ts';
import { Game, player, seat } from '../support/decider-spec.ts';
import { ageLog, olderVersion } from '../support/older-rules.ts';

const organiser = player('p_org');
const T0 = '2026-01-01T00:00:00.000Z';
const DAY = 86_400_000;
const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();
const HUGE = ['P99999999D', 'P1000000000W', 'PT99999999999999999999S', `P${'9'.repeat(400)}D`];

const stepOf = (game: Game): Step | null => (game.state.status === 'empty' ? null : game.state.step);

/** Organised by p_org, red first, every phase `deadline` long: the first step, t1-command, opens at T0. */
const organised = (deadline: string) => {
  const game = new Game();
  game.run({ type: 'CreateGame', ruleset: 'post-galactica', options: { firstPlayer: 'red', deadlines: { default: deadline } } }, organiser);
  game.run({ type: 'JoinGame', seat: 'red' }, player('p_red'));
  game.run({ type: 'JoinGame', seat: 'blue' }, player('p_blue'));
  return game;
};

describe('REL-18 durations', () => {
  it('REL-18 addDuration never gives an invalid date: past year 9999 it stops at the latest four-digit-year instant', () => {
    for (const huge of HUGE) expect(addDuration(T0, huge)).toBe(LATEST_TIME);
    expect(addDuration(T0, MAX_DURATION)).toBe('2027-01-01T00:00:00.000Z');
    expect(addDuration(T0, 'a day')).toBeNull();
    expect(addDuration('not a time', 'PT1H')).toBeNull();
    // Text order is time order up to it, which the deadline checks rely on.
    expect(T0 < LATEST_TIME).toBe(true);
  });

  it('REL-18 a deadline, a reminder or an openFor over P365D is refused with a sentence; P365D itself is accepted', () => {
    expect(parseDuration(MAX_DURATION)).toBe(365 * DAY);
    expect(z.safeParse(isoDurationSchema, 'P365D').success).toBe(true);
    expect(z.safeParse(isoDurationSchema, 'P52W').success).toBe(true);
    for (const long of ['P366D', 'P365DT1S', 'P53W', ...HUGE]) {
      const result = z.safeParse(isoDurationSchema, long);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual(['a duration is at most P365D (365 days)']);
    }
    expect(z.safeParse(remindersSchema, ['P365D', 'PT1H']).success).toBe(true);
    expect(z.safeParse(remindersSchema, ['PT1H', 'P99999999D']).error?.issues[0]).toMatchObject({
      path: [1],
      message: 'a duration is at most P365D (365 days)',
    });
  });
});

describe('REL-18 ExtendDeadline', () => {
  it('REL-18 an extension by more than P365D is refused as BAD_DURATION, however it is written', () => {
    const game = organised('PT1H');
    for (const by of ['P366D', ...HUGE]) {
      const refused = game.when({ type: 'ExtendDeadline', by }, organiser, undefined, at(60_000)).thenRejects('PBM-12', 'BAD_DURATION');
      expect(refused.message).toBe(`"${by}" is longer than P365D (365 days), the longest extension.`);
    }
  });

  it('REL-18 an extension by something that is not text is BAD_DURATION, not a crash', () => {
    const game = organised('PT1H');
    for (const by of [['P1D'], 86_400, null, { days: 1 }]) {
      const refused = game.when({ type: 'ExtendDeadline', by } as never, organiser).thenRejects('PBM-12', 'BAD_DURATION');
      expect(refused.message).toBe(`${JSON.stringify(by)} is not an ISO 8601 duration of at least a second, e.g. PT24H.`);
    }
  });

  it('REL-18 repeated extensions cannot carry a deadline more than 365 days past now: DEADLINE_TOO_LATE, nothing written', () => {
    const game = organised('PT1H');
    const now = at(10 * 60_000);
    // One hour plus 365 days from T0 is 50 minutes past the bound.
    const refused = game
      .when({ type: 'ExtendDeadline', by: 'P365D' }, organiser, undefined, now)
      .thenRejects('PBM-12', 'DEADLINE_TOO_LATE');
    expect(refused.message).toBe(
      `Extended by P365D, the deadline would pass at ${at(365 * DAY + 3_600_000)}, more than 365 days (P365D) from now; a deadline may lie at most that far ahead.`,
    );
    game.run({ type: 'ExtendDeadline', by: 'P364D' }, organiser, undefined, now);
    game.run({ type: 'ExtendDeadline', by: 'PT23H10M' }, organiser, undefined, now);
    expect(stepOf(game)?.deadline).toBe(at(365 * DAY + 10 * 60_000));
    game.when({ type: 'ExtendDeadline', by: 'PT1S' }, organiser, undefined, now).thenRejects('PBM-12', 'DEADLINE_TOO_LATE');
    // A day later, a day more is within the bound again.
    expect(game.when({ type: 'ExtendDeadline', by: 'P1D' }, organiser, undefined, at(DAY + 10 * 60_000)).events).toHaveLength(1);
  });
});

/** `organised`, as a server before the bounds recorded it: created under older rules, every phase `deadline` long. */
const organisedBefore = (deadline: string) => {
  const game = new Game();
  game.run({ type: 'CreateGame', ruleset: 'post-galactica', options: { firstPlayer: 'red', deadlines: { default: 'PT1H' } } }, organiser);
  game.log = ageLog(game.log, olderVersion('post-galactica'), (event) => {
    const data = event.data as { options: Record<string, unknown> };
    return { ...data, options: { ...data.options, deadlines: { default: deadline } } };
  });
  game.run({ type: 'JoinGame', seat: 'red' }, player('p_red'));
  game.run({ type: 'JoinGame', seat: 'blue' }, player('p_blue'));
  return game;
};

describe('REL-18 a log from before the bounds', () => {
  it('REL-18 a game logged with an unbounded phase duration still folds and plays: its steps pass at the latest instant', () => {
    const game = organisedBefore('P99999999D');
    expect(stepOf(game)).toMatchObject({ key: 't1-command', deadline: LATEST_TIME });
    const red: Actor = seat('red');
    game.run({ type: 'EndPhase' }, red, undefined, at(60_000));
    expect(stepOf(game)).toMatchObject({ key: 't1-resource', openedAt: at(60_000), deadline: LATEST_TIME });
    // A fire long after now decides nothing: the deadline has not passed.
    game.when({ type: 'DeadlineReached', phaseKey: 't1-resource' }, { kind: 'system' }, undefined, at(400 * DAY)).then([]);
  });
});
