/**
 * RUL-9: what the Sol'una referee decides that the other soluna tests left unasserted (the
 * survivors of the mutation run, docs/mutation-survivors.md "soluna"): every refusal of a
 * target, a power and a path by its code; the victory and draw reasons; the mission's own
 * checks; and the ruleset's contract at its boundary (decide, onDeadline, evolve, view) for
 * states the match layer does not present today but a ruleset must still answer for.
 */
import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import type { DomainEvent } from '../../domain/kernel/envelope.ts';
import { sha256Hex } from '../../domain/kernel/hash.ts';
import type { RulesContext } from '../../domain/kernel/ruleset.ts';
import { solCommandSchema } from '../../domain/soluna/commands.ts';
import { decide, onDeadline } from '../../domain/soluna/decide.ts';
import { SOL_EVENT_TYPES, type SolEvent } from '../../domain/soluna/events.ts';
import { evolve } from '../../domain/soluna/evolve.ts';
import { solunaFold } from '../../domain/soluna/fold.ts';
import { lineOfSight, shortestPath, supercover } from '../../domain/soluna/grid.ts';
import { type MissionInput, missionSchema, profileSchema } from '../../domain/soluna/mission.ts';
import { solOptionsSchema } from '../../domain/soluna/options.ts';
import { checkOrders, sealOrders } from '../../domain/soluna/orders.ts';
import type { SolState } from '../../domain/soluna/state.ts';
import { awaiting, step } from '../../domain/soluna/view.ts';
import { ctxFor, seat } from '../support/decider-spec.ts';
import { act, BLADE, BOW, mission, playing, profile, shoot, sol, submit } from '../support/soluna.ts';

const types = (events: readonly DomainEvent[]) => events.map((e) => e.type);
const dataOf = <T>(events: readonly DomainEvent[], type: string): T => {
  const event = events.find((e) => e.type === type);
  if (!event) throw new Error(`no ${type} in ${types(events).join(', ')}`);
  return event.data as T;
};
const accepted = (events: readonly DomainEvent[]) => expect(types(events).slice(0, 2)).toEqual(['ActionsSealed', 'ActionsCommitted']);

const CHARM = { name: 'Charm', target: 'self', range: 0, effect: { kind: 'mind', amount: 1 } } as const;
const MEND = { name: 'Mend', target: 'ally', range: 8, effect: { kind: 'heal', amount: 1 } } as const;
const HEX = { name: 'Hex', target: 'enemy', range: 8, effect: { kind: 'wound', amount: 1 } } as const;
const DREAD = { name: 'Dread', target: 'enemy', range: 8, effect: { kind: 'mind', amount: -1 } } as const;
const SPEAR = { name: 'Spear', kind: 'melee', range: 4, toHit: 4, damage: 1 } as const;
const WALL: [number, number][] = [
  [2, 1],
  [2, 2],
  [2, 3],
];

/**
 * Meena (Mind 10, sun leader, at [0,0]) with every kind of power; Oren (Mind 1) beside her.
 * Xul (moon leader) and Sera (Mind 10) in her sight; Vask (Mind 2) behind the wall; Nox at Mind 0.
 */
const skirmish = (rules: Record<string, unknown> = {}) =>
  playing(
    mission(
      [
        profile({
          id: 'meena',
          mind: 10,
          at: [0, 0],
          leader: true,
          wounds: 2,
          attacks: [BOW, BLADE, SPEAR],
          artifacts: [CHARM, MEND, HEX],
          psionics: [DREAD],
        }),
        profile({ id: 'oren', mind: 1, at: [1, 0] }),
      ],
      [
        profile({ id: 'xul', mind: 10, at: [3, 0], leader: true, wounds: 2 }),
        profile({ id: 'sera', mind: 10, at: [0, 3] }),
        profile({ id: 'vask', mind: 2, at: [3, 2] }),
        profile({ id: 'nox', mind: 0, at: [7, 7] }),
      ],
      WALL,
    ),
    rules,
  );

const sun = seat('sun');
const moon = seat('moon');

describe('what a model may target (SOL-2)', () => {
  it('RUL-9 SOL-2 an attack on a model that does not exist is refused as BAD_TARGET', () => {
    skirmish()
      .when(submit([shoot('meena', 'nobody')]), sun)
      .thenRejects('SOL-2', 'BAD_TARGET');
  });

  it('RUL-9 SOL-2 SOL-4 a slain enemy is no target for an attack or a power, its square is free, and it no longer acts', () => {
    const game = skirmish({ mindLossPerWound: 0, starredPerTurn: 2 });
    game.run(submit([shoot('meena', 'sera')]), sun);
    const first = game.run(submit([act('xul', { kind: 'none' }), act('sera', { kind: 'none' })]), moon, scriptedDice([6]));
    expect(dataOf(first, 'PhaseEnded')).toMatchObject({ injuries: [{ model: 'sera', slain: true }] });
    // Mind is not lowered (0 per wound), so only being slain keeps Sera out of phase 2 (SOL-1).
    expect(dataOf(first, 'PhaseStarted')).toEqual({ turn: 1, phase: 2, skipped: [], eligible: { sun: ['meena'], moon: ['xul'] } });
    game.when(submit([shoot('meena', 'sera')]), sun).thenRejects('SOL-2', 'BAD_TARGET');
    game.when(submit([act('meena', { kind: 'artifact', artifact: 'Hex', target: 'sera' })]), sun).thenRejects('SOL-2', 'BAD_TARGET');
    const v = game
      .when(submit([act('xul', { kind: 'none' }), act('sera', { kind: 'none' })]), moon)
      .thenRejects('SOL-1', 'MODEL_NOT_ELIGIBLE');
    expect(v.message).toBe('Sera has been slain.');
    accepted(
      game.run(
        submit([
          act('meena', {
            kind: 'move',
            path: [
              [0, 1],
              [0, 2],
              [0, 3],
            ],
          }),
        ]),
        sun,
      ),
    );
  });

  it('RUL-9 SOL-2 a melee weapon needs no Line Of Sight: the Spear reaches Vask behind the wall, the Bow does not', () => {
    expect(lineOfSight(sol(skirmish()).grid, [0, 0], [3, 2])).toBe(false);
    accepted(skirmish().run(submit([act('meena', { kind: 'attack', weapon: 'Spear', target: 'vask' })]), sun));
    skirmish()
      .when(submit([shoot('meena', 'vask')]), sun)
      .thenRejects('SOL-2', 'NO_LINE_OF_SIGHT');
  });

  it('RUL-9 SOL-2 a power the model does not have is refused as UNKNOWN_POWER, an artifact and a psionic alike', () => {
    const psionic = skirmish()
      .when(submit([act('meena', { kind: 'psionic', psionic: 'Blink', target: 'xul' })]), sun)
      .thenRejects('SOL-2', 'UNKNOWN_POWER');
    expect(psionic.message).toBe('Meena has no psionic called "Blink".');
    // An artifact's name is not a psionic's: Hex is an artifact.
    skirmish()
      .when(submit([act('meena', { kind: 'psionic', psionic: 'Hex', target: 'xul' })]), sun)
      .thenRejects('SOL-2', 'UNKNOWN_POWER');
    skirmish()
      .when(submit([act('meena', { kind: 'artifact', artifact: 'Dread', target: 'xul' })]), sun)
      .thenRejects('SOL-2', 'UNKNOWN_POWER');
  });

  it('RUL-9 SOL-2 a psionic is checked like an artifact: an enemy in sight is accepted, one behind the wall is not', () => {
    accepted(skirmish().run(submit([act('meena', { kind: 'psionic', psionic: 'Dread', target: 'xul' })]), sun));
    skirmish()
      .when(submit([act('meena', { kind: 'psionic', psionic: 'Dread', target: 'vask' })]), sun)
      .thenRejects('SOL-2', 'NO_LINE_OF_SIGHT');
    skirmish()
      .when(submit([act('meena', { kind: 'artifact', artifact: 'Hex', target: 'vask' })]), sun)
      .thenRejects('SOL-2', 'NO_LINE_OF_SIGHT');
  });

  it('RUL-9 SOL-2 a psionic is a starred choice: with a limit of 0 it is refused as STARRED_LIMIT', () => {
    skirmish({ starredPerTurn: 0 })
      .when(submit([act('meena', { kind: 'psionic', psionic: 'Dread', target: 'xul' })]), sun)
      .thenRejects('SOL-2', 'STARRED_LIMIT');
  });

  const power = (name: string, target: string) => {
    const kind = name === 'Dread' ? { kind: 'psionic' as const, psionic: name } : { kind: 'artifact' as const, artifact: name };
    return skirmish()
      .when(submit([act('meena', { ...kind, target })]), sun)
      .thenRejects('SOL-2', 'BAD_TARGET').message;
  };

  it('RUL-9 SOL-2 a self power targets only its user, an ally power only its side, an enemy power only the other side', () => {
    expect(power('Charm', 'xul')).toBe('Charm must target its user; "xul" is not one.');
    expect(power('Charm', 'oren')).toBe('Charm must target its user; "oren" is not one.');
    expect(power('Mend', 'xul')).toBe(`Mend must target a living model of its user's warband; "xul" is not one.`);
    expect(power('Hex', 'oren')).toBe('Hex must target a living enemy model; "oren" is not one.');
    expect(power('Dread', 'meena')).toBe('Dread must target a living enemy model; "meena" is not one.');
    expect(power('Hex', 'nobody')).toBe('Hex must target a living enemy model; "nobody" is not one.');
    accepted(skirmish().run(submit([act('meena', { kind: 'artifact', artifact: 'Charm' })]), sun));
    accepted(skirmish().run(submit([act('meena', { kind: 'artifact', artifact: 'Mend', target: 'oren' })]), sun));
    accepted(skirmish().run(submit([act('meena', { kind: 'artifact', artifact: 'Hex', target: 'xul' })]), sun));
  });
});

describe('what a move may be (SOL-2)', () => {
  it('RUL-9 SOL-2 a path that does not end at the given "to" is refused as BAD_MOVE', () => {
    const v = skirmish()
      .when(
        submit([
          act('meena', {
            kind: 'move',
            to: [0, 3],
            path: [
              [0, 1],
              [0, 2],
            ],
          }),
        ]),
        sun,
      )
      .thenRejects('SOL-2', 'BAD_MOVE');
    expect(v.message).toBe('The path for Meena ends at [0,2], not at [0,3].');
  });

  it('RUL-9 SOL-2 a move to blocking terrain has no free path: NO_PATH', () => {
    skirmish()
      .when(submit([act('meena', { kind: 'move', to: [2, 2] })]), sun)
      .thenRejects('SOL-2', 'NO_PATH');
  });

  it('RUL-9 SOL-2 the square a model starts on is free to it: a path may pass back through it', () => {
    const events = skirmish().run(
      submit([
        act('meena', {
          kind: 'move',
          path: [
            [0, 1],
            [0, 0],
            [1, 1],
          ],
        }),
      ]),
      sun,
    );
    expect(dataOf(events, 'ActionsSealed')).toMatchObject({ actions: [{ model: 'meena', action: { kind: 'move', to: [1, 1] } }] });
  });
});

describe('who must be given a choice (SOL-1, SOL-3)', () => {
  it('RUL-9 SOL-3 every model that may act must be given a choice; the refusal names each one left out', () => {
    const pair = () =>
      playing(
        mission(
          [profile({ id: 'ila', mind: 10, at: [0, 0], leader: true }), profile({ id: 'oren', mind: 10, at: [1, 0] })],
          [profile({ id: 'xul', mind: 10, at: [7, 7], leader: true })],
        ),
      );
    const v = pair().when(submit([]), sun).thenRejects('SOL-3', 'MISSING_CHOICE');
    expect(v.message).toBe('Choose for every model of yours that may act in phase 1: Ila, Oren (kind "none" to do nothing).');
    const one = pair()
      .when(submit([act('ila', { kind: 'none' })]), sun)
      .thenRejects('SOL-3', 'MISSING_CHOICE');
    expect(one.message).toBe('Choose for every model of yours that may act in phase 1: Oren (kind "none" to do nothing).');
  });

  it('RUL-9 SOL-1 a Mind 0 model is refused for its Mind; a Mind 2 model is told every phase it may act in', () => {
    const base = [act('xul', { kind: 'none' }), act('sera', { kind: 'none' })];
    const zero = skirmish()
      .when(submit([...base, act('nox', { kind: 'none' })]), moon)
      .thenRejects('SOL-1', 'MODEL_NOT_ELIGIBLE');
    expect(zero.message).toBe('Nox has Mind 0 and cannot act.');
    const two = skirmish()
      .when(submit([...base, act('vask', { kind: 'none' })]), moon)
      .thenRejects('SOL-1', 'MODEL_NOT_ELIGIBLE');
    expect(two.message).toBe('Vask (Mind 2) may act only in phases 8, 10; this is phase 1.');
  });
});

describe("how a game of Sol'una ends (SOL-8)", () => {
  const duel = (victory: MissionInput['victory'], moonWounds = 1) =>
    playing(
      mission(
        [profile({ id: 'meena', mind: 10, at: [0, 0], leader: true })],
        [profile({ id: 'xul', mind: 10, at: [3, 0], leader: true, wounds: moonWounds })],
        [],
        victory,
      ),
    );

  it("RUL-9 SOL-8 with eliminate 'all' the side whose last model is slain loses, and the reason says warband", () => {
    const game = duel({ eliminate: 'all', turnLimit: null });
    game.run(submit([shoot('meena', 'xul')]), sun);
    const events = game.run(submit([act('xul', { kind: 'none' })]), moon, scriptedDice([6]));
    expect(dataOf(events, 'GameEnded')).toEqual({ winner: 'sun', reason: 'the moon warband was slain', rule: 'SOL-8' });
  });

  it('RUL-9 SOL-8 both leaders slain in the same phase is a draw', () => {
    const game = duel({ eliminate: 'leader', turnLimit: null });
    game.run(submit([shoot('meena', 'xul')]), sun);
    const events = game.run(submit([shoot('xul', 'meena')]), moon, scriptedDice([6, 6]));
    expect(dataOf(events, 'GameEnded')).toEqual({ winner: null, reason: 'every leader fell in the same phase: a draw', rule: 'SOL-8' });
  });

  it('RUL-9 SOL-7 SOL-8 when no model can act in a whole turn the game ends at once, scored by models slain', () => {
    const game = playing(
      mission([profile({ id: 'meena', mind: 0, at: [0, 0], leader: true })], [profile({ id: 'xul', mind: 0, at: [3, 0], leader: true })]),
    );
    const ended = game.log.find((e) => e.type === 'GameEnded');
    expect(ended?.data).toEqual({
      winner: null,
      reason: 'no model can act in a whole turn; enemy models slain: sun 0, moon 0',
      rule: 'SOL-8',
    });
  });
});

describe("the mission's own checks (SOL-1, SOL-2, SOL-8)", () => {
  const [meena, oren] = [profile({ id: 'meena', mind: 8, at: [0, 0], leader: true }), profile({ id: 'oren', mind: 6, at: [1, 0] })];
  const xul = profile({ id: 'xul', mind: 7, at: [7, 7], leader: true });
  const issues = (m: unknown) => missionSchema.safeParse(m).error?.issues ?? [];

  it('RUL-9 SOL-2 terrain off the grid, two models on one square and two leaders are each named', () => {
    expect(issues(mission([meena, oren], [xul], [[8, 3]])).map((i) => [i.code, i.message])).toEqual([
      ['custom', 'terrain [8,3] is off the grid'],
    ]);
    expect(issues(mission([meena, { ...oren, at: [0, 0] }], [xul])).map((i) => i.message)).toEqual([
      'Oren shares [0,0] with another model',
    ]);
    expect(issues(mission([meena, { ...oren, leader: true }], [xul])).map((i) => i.message)).toEqual([
      'the sun warband has more than one leader',
    ]);
    expect(issues(mission([meena, oren], [xul]))).toEqual([]);
  });

  it('RUL-9 SOL-1 a model id is lowercase letters, digits and dashes from its first character to its last', () => {
    const id = (value: string) => issues(mission([{ ...meena, id: value }], [xul])).map((i) => i.message);
    expect(id('meena-2')).toEqual([]);
    expect(id('Xmeena')).toEqual(['a model id is 1 to 32 lowercase letters, digits or dashes']);
    expect(id('meena!')).toEqual(['a model id is 1 to 32 lowercase letters, digits or dashes']);
  });

  it('RUL-9 SOL-2 a profile without attacks, artifacts or psionics has none of them', () => {
    const parsed = profileSchema.parse({ id: 'ila', name: 'Ila', mind: 5, movement: 3, wounds: 1, at: [0, 0] });
    expect([parsed.attacks, parsed.artifacts, parsed.psionics, parsed.leader]).toEqual([[], [], [], false]);
  });

  it("RUL-9 SOL-8 victory eliminates the 'leader' or 'all', nothing else; SOL-4 missed orders are 'none' or 'defer'", () => {
    const victory = (eliminate: string) =>
      missionSchema.safeParse(mission([meena], [xul], [], { eliminate, turnLimit: null } as never)).success;
    expect([victory('leader'), victory('all'), victory('some')]).toEqual([true, true, false]);
    const missed = (value: string) => solOptionsSchema.safeParse({ missedOrders: value }).data?.missedOrders;
    expect([missed('none'), missed('defer'), missed('skip')]).toEqual(['none', 'defer', undefined]);
  });

  it('RUL-9 SOL-2 an artifact choice is a command the schema accepts, with or without a target', () => {
    const command = (action: unknown) =>
      solCommandSchema.safeParse({ type: 'SubmitActions', actions: [{ model: 'meena', action }] }).success;
    expect(command({ kind: 'artifact', artifact: 'Charm' })).toBe(true);
    expect(command({ kind: 'artifact', artifact: 'Hex', target: 'xul' })).toBe(true);
    expect(command({ kind: 'artifact' })).toBe(false);
  });
});

describe('squares and sight along a column (SOL-2)', () => {
  it('RUL-9 SOL-2 a line along a column touches every square of it, and terrain in the column blocks sight', () => {
    expect(supercover([0, 0], [0, 3])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
    ]);
    expect(lineOfSight({ width: 2, height: 8, blocking: [[0, 2]] }, [0, 0], [0, 4])).toBe(false);
    expect(lineOfSight({ width: 2, height: 8, blocking: [[1, 2]] }, [0, 0], [0, 4])).toBe(true);
  });

  it('RUL-9 SOL-2 on a grid taller than it is wide the shortest path still runs straight down the column', () => {
    expect(shortestPath({ width: 2, height: 6, blocking: [] }, [0, 0], [0, 4], [])).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
    ]);
  });
});

describe("the ruleset's contract at its boundary (SOL-3, SOL-4, RUL-10)", () => {
  const state = (): SolState => sol(skirmish());
  const rc = (who: string | null, rulesVersion = solunaFold.rulesVersion): RulesContext => ({
    ctx: ctxFor(who === null ? { kind: 'system' } : seat(who)),
    dice: scriptedDice([]),
    seat: who,
    salt: (label) => sha256Hex(label),
    rulesVersion,
  });
  const refusal = (s: SolState, command: Record<string, unknown>, who: string | null) => {
    const decision = decide(s, { type: 'SubmitActions', actions: [], ...command } as never, rc(who));
    return decision.ok ? 'accepted' : [decision.violation.rule, decision.violation.code];
  };

  it('RUL-9 SOL-3 only a seated player chooses: the system and an unknown seat are refused', () => {
    expect(refusal(state(), {}, null)).toEqual(['SOL-3', 'NOT_SEATED']);
    expect(refusal(state(), {}, 'mars')).toEqual(['SOL-3', 'NOT_SEATED']);
  });

  it('RUL-9 SOL-4 no choice is taken before the first phase opens or after the game ended', () => {
    expect(refusal({ ...state(), phase: 0 }, {}, 'sun')).toEqual(['SOL-4', 'NO_PHASE']);
    expect(refusal({ ...state(), status: 'ended' }, {}, 'sun')).toEqual(['SOL-4', 'NO_PHASE']);
    expect(refusal(state(), { turn: 1, phase: 2 }, 'sun')).toEqual(['SOL-4', 'WRONG_PHASE']);
    expect(refusal(state(), { turn: 2, phase: 1 }, 'sun')).toEqual(['SOL-4', 'WRONG_PHASE']);
    expect(refusal({ ...state(), eligible: {} }, {}, 'sun')).toEqual(['SOL-1', 'NOT_AWAITED']);
    expect(checkOrders({ ...state(), eligible: {} }, 'sun', [])).toEqual({ actions: [] });
  });

  it('RUL-9 SOL-4 a deadline resolves nothing before the first phase or after the end', () => {
    expect(onDeadline({ ...state(), phase: 0 }, rc(null))).toEqual({ ok: true, events: [] });
    expect(onDeadline({ ...state(), status: 'ended' }, rc(null))).toEqual({ ok: true, events: [] });
    const open = onDeadline(state(), rc(null, solunaFold.rulesVersion));
    expect(open.ok && types(open.events)[0]).toBe('ActionsRevealed');
  });

  it('RUL-9 SOL-3 nobody is awaited and there is no step before the first phase or after the end', () => {
    expect(awaiting(state())).toEqual(['sun', 'moon']);
    expect(awaiting({ ...state(), status: 'ended' })).toEqual([]);
    expect(step(state())).toEqual({ key: 't1-p1', phase: 'p1' });
    expect(step({ ...state(), phase: 0 })).toBeNull();
    expect(step({ ...state(), status: 'ended' })).toBeNull();
  });

  it('RUL-9 RUL-10 SOL-3 the public commitment is sealed with the orders since sol-0.3.0; before, the seal stands alone', () => {
    expect(types(sealOrders(state(), 'sun', [], rc('sun', 'sol-0.2.0')))).toEqual(['ActionsSealed']);
    expect(types(sealOrders(state(), 'sun', [], rc('sun', 'sol-0.3.0')))).toEqual(['ActionsSealed', 'ActionsCommitted']);
  });

  it('RUL-9 SOL-4 SOL-7 folding: a turn opens with no phase, a blocked move is no starred choice, the end closes the phase', () => {
    const s = state();
    expect(evolve(s, { type: 'TurnStarted', data: { turn: 2 } })).toEqual({ ...s, turn: 2, phase: 0 });
    const blocked = evolve(s, { type: 'MoveBlocked', data: { model: 'meena', to: [1, 1], reason: 'contested' } } as SolEvent);
    expect(blocked.models.find((m) => m.id === 'meena')).toMatchObject({ starredUsed: 0, deferred: false });
    const sealed = evolve(s, sealOrders(s, 'sun', [act('meena', { kind: 'none' })], rc('sun'))[0] as SolEvent);
    expect(evolve(sealed, { type: 'GameEnded', data: { winner: 'sun', reason: 'r', rule: 'SOL-8' } })).toEqual({
      ...sealed,
      status: 'ended',
      sealed: {},
      eligible: {},
    });
    expect(() => evolve(s, { type: 'Unheard', data: {} } as never)).toThrow();
    expect(() => decide(s, { type: 'Unheard' } as never, rc('sun'))).toThrow();
  });

  it("RUL-9 SOL-3 the fold names Sol'una, its versions, its event types, and who has sealed", () => {
    expect([solunaFold.title, solunaFold.rulesVersions, solunaFold.revealTypes]).toEqual([
      "Sol'una",
      ['sol-0.1.0', 'sol-0.2.0', 'sol-0.3.0', 'sol-0.4.0'],
      ['ActionsRevealed'],
    ]);
    expect(solunaFold.summary).toMatch(/^Ten simultaneous phases a turn/);
    expect(SOL_EVENT_TYPES).toEqual([
      'TurnStarted',
      'PhaseStarted',
      'ActionsSealed',
      'ActionsCommitted',
      'ActionsRevealed',
      'ModelMoved',
      'MoveBlocked',
      'AttackResolved',
      'PowerUsed',
      'ActivationDeferred',
      'ActivationPassed',
      'PhaseEnded',
      'TurnEnded',
      'GameEnded',
    ]);
    const s = state();
    const sealed = evolve(s, sealOrders(s, 'moon', [], rc('moon'))[0] as SolEvent);
    expect([solunaFold.sealedBy?.(s), solunaFold.sealedBy?.(sealed)]).toEqual([[], ['moon']]);
  });
});
