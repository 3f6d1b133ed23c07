import { describe, expect, it } from 'vitest';
import type { DomainEvent, EventEnvelope } from '../../domain/kernel/envelope.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { viewGame } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { explainEvent } from '../../domain/verify/explain.ts';
import { readjudicate } from '../../domain/verify/readjudicate.ts';
import { integrationEvents } from '../../functions/games/app/publishing.ts';
import type { IntegrationEvent } from '../../functions/kernel/ports.ts';
import { kindFor, noticeOf } from '../../functions/notifications/app/webhook-fanout.ts';
import { noticeText } from '../../functions/notifications/app/webhook-messages.ts';
import { GAME_ID, Game, matchOf, player, seat, TEST_SEED } from '../support/decider-spec.ts';
import { rechain } from '../support/older-rules.ts';
import { arena, rules, TROOPERS, toPhase, unit } from '../support/post-galactica.ts';
import { act, mission, playing, profile, shoot, sol, submit } from '../support/soluna.ts';

const RULESETS = everyRuleset();
const red = seat('red');
const blue = seat('blue');

const takenBack = (data: Record<string, unknown>): DomainEvent => ({ type: 'TakenBack', data: { how: 'own', ...data } });
const position = (game: Game, id: string) => unit(game, id)?.position ?? null;

/** Red in its first Movement Phase, its troopers at (10, 14). */
const inMovement = (setup: Parameters<typeof arena>[1] = {}) => {
  const game = arena([], setup);
  toPhase(game, 'movement', 'red');
  return game;
};
const move = (game: Game, x: number, y: number) => game.run({ type: 'Move', unitId: TROOPERS, path: [{ x, y }] }, red);

describe('TB-1 a seat takes back its own latest commands', () => {
  it('TB-1 PG-9 a move taken back: the event that voids it names the seat, the version and the voided event', () => {
    const game = inMovement();
    const before = game.state.version;
    move(game, 12, 14);
    game
      .when({ type: 'TakeBack', reason: 'misclick' }, red)
      .then([takenBack({ seat: 'red', toVersion: before, voids: [{ from: before + 1, to: before + 1 }], reason: 'misclick' })]);
  });

  it('TB-1 PG-9 after the takeback the state is the state at that version, and the voided event stays in the log', () => {
    const game = inMovement();
    const before = game.state.version;
    const atBefore = viewGame(RULESETS, game.state, 'red');
    move(game, 12, 14);
    expect(position(game, TROOPERS)).toEqual({ x: 12, y: 14 });
    game.run({ type: 'TakeBack' }, red);
    expect(game.log.length).toBe(before + 2);
    expect(position(game, TROOPERS)).toEqual({ x: 10, y: 14 });
    const after = viewGame(RULESETS, game.state, 'red');
    expect(after?.game).toEqual(atBefore?.game);
    expect(after?.version).toBe(before + 2);
    expect(after?.voided).toEqual([{ from: before + 1, to: before + 1, by: before + 2 }]);
  });

  it('TB-1 PG-9 by default only the latest command; with toVersion back to the end of an earlier one', () => {
    const game = inMovement();
    const start = game.state.version;
    move(game, 11, 14);
    const first = game.state.version;
    game.run({ type: 'Move', unitId: 'red-vanguard-troopers-2', path: [{ x: 11, y: 22 }] }, red);
    game.run({ type: 'TakeBack' }, red);
    expect(position(game, TROOPERS)).toEqual({ x: 11, y: 14 });
    expect(position(game, 'red-vanguard-troopers-2')).toEqual({ x: 10, y: 22 });
    game.run({ type: 'Move', unitId: 'red-sentinel-walker-1', path: [{ x: 10, y: 8 }] }, red);
    game.when({ type: 'TakeBack', toVersion: start }, red).then([
      takenBack({
        seat: 'red',
        toVersion: start,
        voids: [
          { from: start + 1, to: first },
          { from: game.state.version, to: game.state.version },
        ],
      }),
    ]);
    game.run({ type: 'TakeBack', toVersion: start }, red);
    expect(position(game, TROOPERS)).toEqual({ x: 10, y: 14 });
    expect(position(game, 'red-sentinel-walker-1')).toEqual({ x: 9, y: 8 });
  });

  it('TB-1 a version that is not the end of one of your commands in the window is refused, naming the ones that are', () => {
    const game = inMovement();
    const start = game.state.version;
    move(game, 11, 14);
    // Red's EndPhase into Movement rolled nothing and kept the step red's: the window opens before it.
    const v = game.when({ type: 'TakeBack', toVersion: start + 1 }, red).thenRejects('TB-1', 'NOT_A_TAKEBACK_POINT');
    expect(v.message).toMatch(
      new RegExp(
        `^You can take back to version (\\d+, )*\\d+ or ${start}: the end of one of your commands since event \\d+, the last point anything became known to anyone else; not to ${start + 1}\\.$`,
      ),
    );
  });

  it('TB-1 PG-4 a takeback across phases of the same turn returns to the earlier step with a fresh full deadline', () => {
    const game = inMovement({ deadlines: { default: 'PT1H' } });
    move(game, 12, 14);
    const movementStep = matchOf(game).step;
    game.run({ type: 'EndPhase' }, red, undefined, '2026-01-01T00:30:00.000Z');
    expect(matchOf(game).step?.key).toBe('t1-action');
    game.run({ type: 'TakeBack' }, red, undefined, '2026-01-01T00:40:00.000Z');
    expect(matchOf(game).step).toEqual({ ...movementStep, openedAt: '2026-01-01T00:40:00.000Z', deadline: '2026-01-01T01:40:00.000Z' });
    expect(rules(game).phase).toBe('movement');
    expect(position(game, TROOPERS)).toEqual({ x: 12, y: 14 });
  });
});

describe('TB-1 nothing known to anyone else is taken back', () => {
  it('TB-1 another seat acted: the takeback is refused with 409, naming since when', () => {
    const game = inMovement();
    move(game, 12, 14);
    const v = game.when({ type: 'TakeBack' }, blue).thenRejects('TB-1', 'NOTHING_TO_TAKE_BACK');
    expect(v.status).toBe(409);
    expect(v.message).toMatch(/^Nothing of yours to take back since event \d+: red acted\.$/);
  });

  it('TB-1 PG-4 the step passed to the other seat: nothing of the turn before is taken back', () => {
    const game = inMovement();
    move(game, 12, 14);
    for (let i = 0; i < 10 && rules(game).activeSeat === 'red'; i += 1) game.run({ type: 'EndPhase' }, red);
    const v = game.when({ type: 'TakeBack' }, red).thenRejects('TB-1', 'NOTHING_TO_TAKE_BACK');
    expect(v.message).toMatch(/^Nothing of yours to take back since event \d+: (the step passed to blue|a die was rolled)\.$/);
  });

  it('TB-1 a die was rolled: the roll and everything before it stand', () => {
    const game = new Game();
    game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: {} }, player('p_red'));
    game.run({ type: 'JoinGame' }, player('p_blue'));
    const winner = matchOf(game).rollOff?.winner ?? 'red';
    // The roll-off is the system's (the last join); the winner's choice follows it.
    game.when({ type: 'TakeBack' }, seat(winner)).thenRejects('TB-1', 'GAME_NOT_PLAYING');
  });
});

describe('TB-1 a deadline that has passed', () => {
  it("TB-1 PBM-3 once the step's deadline has passed, its fire is due: the takeback is refused with 409, a minute earlier it is not", () => {
    const game = inMovement({ deadlines: { default: 'PT1H' } });
    move(game, 12, 14);
    const deadline = matchOf(game).step?.deadline ?? '';
    const late = game.when({ type: 'TakeBack' }, red, undefined, deadline).thenRejects('TB-1', 'DEADLINE_PASSED');
    expect(late.status).toBe(409);
    expect(late.message).toBe(`The deadline of the step t1-movement passed at ${deadline}; nothing can be taken back past it.`);
    const inTime = new Date(Date.parse(deadline) - 60_000).toISOString();
    expect(game.when({ type: 'TakeBack' }, red, undefined, inTime).events.map((e) => e.type)).toEqual(['TakenBack']);
  });
});

describe('TB-4 the takeback policy of a game', () => {
  it('TB-4 a game created with takebacks "none" records it and refuses every takeback', () => {
    const game = inMovement();
    const none = new Game();
    none.run(
      { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red', takebacks: 'none' } },
      player('p_red'),
    );
    expect(matchOf(none).options.takebacks).toBe('none');
    none.run({ type: 'JoinGame' }, player('p_blue'));
    const v = none.when({ type: 'TakeBack' }, red).thenRejects('TB-4', 'TAKEBACKS_OFF');
    expect(v.message).toContain('"none"');
    // The default (no option) records nothing and allows own takebacks.
    expect(matchOf(game).options.takebacks).toBeUndefined();
  });
});

describe('TB-7 folds understand takebacks', () => {
  it('TB-7 a fold started mid-window (a snapshot, a read model as JSON) rewinds the same as the fold of the whole log', () => {
    const game = inMovement();
    const start = game.state.version;
    move(game, 11, 14);
    game.run({ type: 'Move', unitId: 'red-sentinel-walker-1', path: [{ x: 10, y: 8 }] }, red);
    game.run({ type: 'TakeBack', toVersion: start }, red);
    const whole = foldGame(RULESETS, game.log);
    const cut = game.log.length - 2;
    const snapshot = JSON.parse(JSON.stringify(foldGame(RULESETS, game.log.slice(0, cut))));
    const resumed = foldGame(RULESETS, game.log.slice(cut), snapshot);
    expect(JSON.parse(JSON.stringify(resumed))).toEqual(JSON.parse(JSON.stringify(whole)));
    expect(position(game, TROOPERS)).toEqual({ x: 10, y: 14 });
  });
});

describe("TB-1 SOL-3 a Sol'una seat takes back its sealed orders before the reveal", () => {
  const meena = profile({ id: 'meena', mind: 10, at: [0, 0], leader: true });
  const xul = profile({ id: 'xul', mind: 10, at: [3, 0], leader: true });
  const sun = seat('sun', 'p_sun');
  const moon = seat('moon', 'p_moon');

  it('TB-1 SOL-3 sun takes back its sealed orders: sun is awaited again and the next seal draws a salt of its own seq', () => {
    const game = playing(mission([meena], [xul]));
    const start = game.state.version;
    game.run(submit([shoot('meena', 'xul')]), sun);
    expect(sol(game).sealed.sun).toBeDefined();
    game.run({ type: 'TakeBack' }, sun);
    expect(sol(game).sealed.sun).toBeUndefined();
    expect(viewGame(RULESETS, game.state, 'moon')?.awaiting).toEqual(['sun', 'moon']);
    expect(matchOf(game).voided).toEqual([{ from: start + 1, to: start + 2, by: start + 3 }]);
  });

  it('TB-1 SOL-3 once the orders are revealed (moon sealed last) nothing is taken back, naming the reveal', () => {
    const game = playing(mission([meena], [xul]));
    game.run(submit([shoot('meena', 'xul')]), sun);
    game.run(submit([act('xul', { kind: 'none' })]), moon);
    const v = game.when({ type: 'TakeBack' }, moon).thenRejects('TB-1', 'NOTHING_TO_TAKE_BACK');
    expect(v.message).toMatch(/^Nothing of yours to take back since event \d+: (sealed orders were revealed|a die was rolled)\.$/);
  });
});

describe('TB-7 verify re-decides takebacks', () => {
  const ended = () => {
    const game = inMovement();
    move(game, 12, 14);
    game.run({ type: 'TakeBack', reason: 'misclick' }, red);
    move(game, 11, 15);
    game.run({ type: 'Concede' }, blue);
    return game;
  };

  it('TB-7 the voided move, the takeback and the move after it are each re-decided and give the logged events', () => {
    const game = ended();
    // The harness records every batch under the label `test`: the creation, which names it, is not re-decided.
    const result = readjudicate(game.log, { gameId: GAME_ID, seed: TEST_SEED, rulesets: RULESETS, decides: (i) => i > 0 });
    expect(result).toMatchObject({ ok: true });
    expect(result.ok && result.decided).toBe(game.log.filter((e) => e.command !== undefined).length - 1);
    expect(position(game, TROOPERS)).toEqual({ x: 11, y: 15 });
  });

  it('TB-7 a takeback forged across the other seat’s action is illegal at its own line', () => {
    const game = ended();
    const index = game.log.findIndex((e) => e.type === 'TakenBack');
    // Forged: the takeback claims to go back to event 2, before blue joined.
    const forged = rechain(
      game.log.map((e, i) =>
        i === index ? { ...e, command: { type: 'TakeBack', toVersion: 2 }, data: { ...(e.data as object), toVersion: 2 } } : e,
      ),
    );
    const result = readjudicate(forged, { gameId: GAME_ID, seed: TEST_SEED, rulesets: RULESETS, decides: (i) => i > 0 });
    expect(result).toMatchObject({
      ok: false,
      divergence: { kind: 'illegal', index, violation: { rule: 'TB-1', code: 'NOT_A_TAKEBACK_POINT' } },
    });
  });
});

describe('TB-7 every seat hears of a takeback', () => {
  it('TB-7 the publisher turns a TakenBack into an integration event every seat’s your-turn or taken-back subscription hears', () => {
    const game = inMovement();
    move(game, 12, 14);
    const before = game.state;
    game.run({ type: 'TakeBack', reason: 'misclick' }, red);
    const event = game.log.at(-1) as EventEnvelope;
    const [published] = integrationEvents(RULESETS, [{ event, before, after: game.state }]).filter((e) => e.type === 'TakenBack');
    expect(published).toMatchObject({ id: `${GAME_ID}:${event.seq}:TakenBack`, detail: { seat: 'red', reason: 'misclick' } });
    const takenBack = published as IntegrationEvent;
    expect(kindFor(takenBack, ['your-turn'], 'p_blue')).toBe('taken-back');
    expect(kindFor(takenBack, ['taken-back'], 'p_red')).toBe('taken-back');
    expect(kindFor(takenBack, ['game-ended'], 'p_blue')).toBeNull();
    const names = new Map([['p_red', 'Ann']]);
    const notice = noticeOf(RULESETS, takenBack, 'taken-back', 'wh_1', matchOf(game), names);
    expect(noticeText(notice).split('\n')[0]).toBe(
      `Ann (red) took back 1 event of their own in Post Galactica game ${GAME_ID}, back to version ${event.seq - 2} (misclick).`,
    );
  });
});

describe('TB-7 explain marks voided events', () => {
  it('TB-7 arbiter replay --explain says a voided event was taken back, by whom and why; other events say nothing of it', () => {
    const game = inMovement();
    move(game, 12, 14);
    game.run({ type: 'TakeBack', reason: 'misclick' }, red);
    const moved = game.log.at(-2) as EventEnvelope;
    const taken = game.log.at(-1) as EventEnvelope;
    expect(explainEvent(moved, game.log)[1]).toBe(
      `  Void: red took it back at event ${taken.seq}, to version ${moved.seq - 1} (misclick); it stays in the log, and any roll in it stays spent.`,
    );
    expect(explainEvent(taken, game.log)).toEqual([
      `Event ${taken.seq} (TakenBack) by red at ${taken.at}:`,
      '  no dice were rolled in this event.',
    ]);
  });
});
