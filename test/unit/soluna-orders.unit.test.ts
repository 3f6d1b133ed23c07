import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { canonicalJson, sha256Hex } from '../../domain/kernel/hash.ts';
import { sealedCommitment } from '../../domain/kernel/sealed.ts';
import { redactEvent, viewGame } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { Game, player, seat } from '../support/decider-spec.ts';
import { act, BLADE, BOW, mission, playing, profile, shoot, sol, submit } from '../support/soluna.ts';

const RULESETS = everyRuleset();

const CHARM = { name: 'Charm', target: 'self', range: 0, effect: { kind: 'mind', amount: 1 } } as const;
const WALL: [number, number][] = [
  [2, 1],
  [2, 2],
  [2, 3],
];

/** Meena (Mind 10) and Xul (Mind 10) face each other across a wall; Oren (Mind 1) and Sera (Mind 1) wait for phase 9. */
const duel = (rules: Record<string, unknown> = {}) => {
  const armed = (p: Parameters<typeof profile>[0]) => profile({ attacks: [BOW, BLADE], ...p });
  const sun = [
    armed({ id: 'meena', mind: 10, at: [0, 0], leader: true, wounds: 2, artifacts: [CHARM] }),
    armed({ id: 'oren', mind: 1, at: [0, 7] }),
  ];
  const moon = [armed({ id: 'xul', mind: 10, at: [3, 0], leader: true, wounds: 2 }), armed({ id: 'sera', mind: 1, at: [3, 2] })];
  return playing(mission(sun, moon, WALL), rules);
};

const dataOf = <T>(event: { data: unknown } | undefined): T => {
  if (!event) throw new Error('no such event');
  return event.data as T;
};

describe('sealed choices (SOL-3)', () => {
  it("SOL-3 a seat's choices are sealed to that seat, with a salt, and the phase waits for the other seat", () => {
    const game = duel();
    const [sealed, committed, ...rest] = game.run(submit([shoot('meena', 'xul')]), seat('sun'));
    expect(rest).toEqual([]);
    // Public at once: only the hash of the sealed set, a commitment the other seat checks after the reveal.
    const salt = dataOf<{ salt: string }>(sealed).salt;
    expect(committed).toEqual({
      type: 'ActionsCommitted',
      data: { turn: 1, phase: 1, seat: 'sun', hash: sha256Hex(canonicalJson({ seat: 'sun', actions: [shoot('meena', 'xul')], salt })) },
    });
    expect(sealed).toMatchObject({
      type: 'ActionsSealed',
      visibleTo: 'sun',
      data: { turn: 1, phase: 1, seat: 'sun', actions: [shoot('meena', 'xul')] },
    });
    expect(dataOf<{ salt: string }>(sealed).salt).toMatch(/^[0-9a-f]{64}$/);
    expect(viewGame(RULESETS, game.state, 'sun')?.awaiting).toEqual(['moon']);
  });

  it("RUL-3 the commitment is the kernel's sealed-orders commitment under Sol'una's key, actions", () => {
    const game = duel();
    const [sealed, committed] = game.run(submit([shoot('meena', 'xul')]), seat('sun'));
    const { actions, salt } = dataOf<{ actions: unknown; salt: string }>(sealed);
    const hash = dataOf<{ hash: string }>(committed).hash;
    expect(hash).toBe(sealedCommitment('sun', 'actions', actions, salt));
    expect(hash).not.toBe(sealedCommitment('sun', 'orders', actions, salt));
  });
  it('SOL-3 another seat sees only that a seat has submitted, whatever it chose', () => {
    const attacked = duel();
    attacked.run(submit([shoot('meena', 'xul')]), seat('sun'));
    const moved = duel();
    moved.run(submit([act('meena', { kind: 'move', to: [0, 3] })]), seat('sun'));
    const seen = viewGame(RULESETS, attacked.state, 'moon');
    expect(seen).toEqual(viewGame(RULESETS, moved.state, 'moon'));
    expect(seen?.game).toMatchObject({ orders: { sun: { submitted: true }, moon: { submitted: false } } });
    expect((seen?.game as { orders: { sun: object } } | undefined)?.orders.sun).toEqual({ submitted: true });
    expect(viewGame(RULESETS, attacked.state, null)).toEqual(viewGame(RULESETS, moved.state, null));
    expect(viewGame(RULESETS, attacked.state, 'sun')?.game).toMatchObject({
      orders: { sun: { submitted: true, actions: [shoot('meena', 'xul')] } },
    });
  });

  it('SOL-3 in the log another seat sees a sealed event as Sealed, without data or command', () => {
    const game = duel();
    game.run(submit([shoot('meena', 'xul')]), seat('sun'));
    const event = game.log.find((e) => e.type === 'ActionsSealed');
    if (!event) throw new Error('no event');
    expect(redactEvent(event, 'sun')).toBe(event);
    const hidden = redactEvent(event, 'moon');
    expect(hidden).toMatchObject({ type: 'Sealed', data: null, hash: event.hash });
    expect(JSON.stringify(hidden)).not.toContain('xul');
  });

  it('SOL-3 nothing is revealed until every choice is in; the reveal carries each order set, its salt and hash', () => {
    const game = duel();
    const [sunSealed, sunCommitted] = game.run(submit([shoot('meena', 'xul')]), seat('sun'));
    const events = game.run(submit([act('xul', { kind: 'move', to: [4, 2] })]), seat('moon'), scriptedDice([1]));
    expect(events.map((e) => e.type).slice(0, 3)).toEqual(['ActionsSealed', 'ActionsCommitted', 'ActionsRevealed']);
    const sunSalt = dataOf<{ salt: string }>(sunSealed).salt;
    const orders = dataOf<{ orders: { seat: string; actions: unknown; salt: string; hash: string }[] }>(events[2]).orders;
    expect(orders.map((o) => o.seat)).toEqual(['sun', 'moon']);
    for (const o of orders) expect(o.hash).toBe(sha256Hex(canonicalJson({ seat: o.seat, actions: o.actions, salt: o.salt })));
    expect(orders[0]).toMatchObject({ salt: sunSalt, actions: [shoot('meena', 'xul')] });
    // The revealed set is the one sun committed to before moon chose.
    expect(orders[0]?.hash).toBe(dataOf<{ hash: string }>(sunCommitted).hash);
    expect(events.slice(1).every((e) => e.visibleTo === undefined)).toBe(true);
  });

  it('SOL-3 a seat may re-submit before the reveal, and the last submission counts', () => {
    const game = duel();
    game.run(submit([shoot('meena', 'xul')]), seat('sun'));
    game.run(submit([act('meena', { kind: 'none' })]), seat('sun'));
    const events = game.run(submit([act('xul', { kind: 'none' })]), seat('moon'));
    const orders = dataOf<{ orders: { actions: unknown }[] }>(events.find((e) => e.type === 'ActionsRevealed')).orders;
    expect(orders[0]?.actions).toEqual([act('meena', { kind: 'none' })]);
    expect(events.map((e) => e.type)).not.toContain('AttackResolved');
  });

  it('TB-5 SOL-3 sealing the same choices again publishes a new commitment: the other seat cannot tell it from a change', () => {
    const game = duel();
    const hashes = [0, 1].map(() => {
      game.run(submit([shoot('meena', 'xul')]), seat('sun'));
      return dataOf<{ hash: string }>(game.log.at(-1)).hash;
    });
    expect(game.log.at(-1)?.type).toBe('ActionsCommitted');
    expect(hashes[1]).not.toBe(hashes[0]);
    // Both sealed events stay in the log, each with its own salt, and moon sees neither's content.
    const sealed = game.log.filter((e) => e.type === 'ActionsSealed');
    expect(sealed.map((e) => dataOf<{ actions: unknown }>(e).actions)).toEqual([[shoot('meena', 'xul')], [shoot('meena', 'xul')]]);
    expect(new Set(sealed.map((e) => dataOf<{ salt: string }>(e).salt)).size).toBe(2);
    expect(sealed.map((e) => redactEvent(e, 'moon').data)).toEqual([null, null]);
  });

  it("SOL-3 refuses a choice for another seat's model", () => {
    duel()
      .when(submit([act('xul', { kind: 'none' })]), seat('sun'))
      .thenRejects('SOL-3', 'NOT_YOUR_MODEL');
  });

  it('SOL-3 refuses an order set that leaves out a model that may act', () => {
    const v = duel().when(submit([]), seat('sun')).thenRejects('SOL-3', 'MISSING_CHOICE');
    expect(v.message).toContain('Meena');
  });

  it('SOL-3 a refusal reads the same whatever the other seat has sealed', () => {
    const before = duel();
    const after = duel();
    after.run(submit([shoot('meena', 'xul')]), seat('sun'));
    const illegal = submit([shoot('xul', 'sera')]);
    expect(after.when(illegal, seat('moon')).thenRejects('SOL-2')).toEqual(before.when(illegal, seat('moon')).thenRejects('SOL-2'));
  });
});

describe('who may act (SOL-1)', () => {
  it('SOL-1 refuses a choice for a model whose Mind row has no X in this phase', () => {
    const v = duel()
      .when(submit([act('meena', { kind: 'none' }), act('oren', { kind: 'none' })]), seat('sun'))
      .thenRejects('SOL-1', 'MODEL_NOT_ELIGIBLE');
    expect(v.message).toBe('Oren (Mind 1) may act only in phases 9; this is phase 1.');
  });

  it('SOL-1 a seat with no model that may act is not awaited and has nothing to choose', () => {
    const game = new Game();
    game.run({ type: 'CreateGame', ruleset: 'soluna', seat: 'sun', options: { firstPlayer: 'sun' } }, player('p_sun'));
    game.run({ type: 'JoinGame' }, player('p_moon'));
    expect(sol(game)).toMatchObject({ turn: 1, phase: 2, eligible: { sun: ['meena'], moon: [] } });
    expect(viewGame(RULESETS, game.state, 'moon')?.awaiting).toEqual(['sun']);
    game.when(submit([act('xul', { kind: 'none' })]), seat('moon')).thenRejects('SOL-1', 'NOT_AWAITED');
  });
});

describe('the choices (SOL-2)', () => {
  const afterPhaseOne = (rules: Record<string, unknown> = {}) => {
    const game = duel(rules);
    game.run(submit([shoot('meena', 'xul')]), seat('sun'));
    game.run(submit([act('xul', { kind: 'none' })]), seat('moon'), scriptedDice([1]));
    expect(sol(game)).toMatchObject({ turn: 1, phase: 2 });
    return game;
  };

  it('SOL-2 by default a model makes one starred choice (Attack, Artifact, Psionic) per turn', () => {
    const game = afterPhaseOne();
    const v = game.when(submit([shoot('meena', 'xul')]), seat('sun')).thenRejects('SOL-2', 'STARRED_LIMIT');
    expect(v.message).toBe('Meena has made 1 starred choice(s) (Attack, Artifact, Psionic) this turn; the limit is 1 per turn.');
    game.when(submit([act('meena', { kind: 'artifact', artifact: 'Charm' })]), seat('sun')).thenRejects('SOL-2', 'STARRED_LIMIT');
    expect(game.when(submit([act('meena', { kind: 'move', to: [0, 2] })]), seat('sun')).events.map((e) => e.type)).toEqual([
      'ActionsSealed',
      'ActionsCommitted',
    ]);
  });

  it('SOL-2 the starred limit is an option', () => {
    const game = afterPhaseOne({ starredPerTurn: 2 });
    expect(game.when(submit([shoot('meena', 'xul')]), seat('sun')).events[0]?.type).toBe('ActionsSealed');
  });

  it('SOL-2 a model makes one choice: listing it twice is refused', () => {
    duel()
      .when(submit([act('meena', { kind: 'none' }), shoot('meena', 'xul')]), seat('sun'))
      .thenRejects('SOL-2', 'DUPLICATE_CHOICE');
  });

  it('SOL-2 an attack needs a weapon of the model, an enemy target in range and, if ranged, in Line Of Sight', () => {
    const game = duel();
    expect(game.when(submit([shoot('meena', 'sera')]), seat('sun')).thenRejects('SOL-2', 'NO_LINE_OF_SIGHT').message).toBe(
      'Meena has no Line Of Sight to Sera.',
    );
    game.when(submit([shoot('meena', 'xul', 'Blade')]), seat('sun')).thenRejects('SOL-2', 'OUT_OF_RANGE');
    game.when(submit([shoot('meena', 'oren')]), seat('sun')).thenRejects('SOL-2', 'BAD_TARGET');
    game.when(submit([shoot('meena', 'xul', 'Sling')]), seat('sun')).thenRejects('SOL-2', 'UNKNOWN_WEAPON');
  });

  it("SOL-2 a move stays within the model's movement, on the grid, off terrain and off other models", () => {
    const game = duel();
    game.when(submit([act('meena', { kind: 'move', to: [0, 4] })]), seat('sun')).thenRejects('SOL-2', 'TOO_FAR');
    game
      .when(
        submit([
          act('meena', {
            kind: 'move',
            path: [
              [1, 1],
              [2, 1],
            ],
          }),
        ]),
        seat('sun'),
      )
      .thenRejects('SOL-2', 'ILLEGAL_MOVE');
    game.when(submit([act('meena', { kind: 'move', path: [[0, -1]] })]), seat('sun')).thenRejects('MATCH', 'INVALID_COMMAND');
    game
      .when(
        submit([
          act('xul', {
            kind: 'move',
            path: [
              [3, 1],
              [3, 2],
            ],
          }),
        ]),
        seat('moon'),
      )
      .thenRejects('SOL-2', 'ILLEGAL_MOVE');
    game.when(submit([act('meena', { kind: 'move' })]), seat('sun')).thenRejects('SOL-2', 'BAD_MOVE');
    game.when(submit([act('meena', { kind: 'move', to: [0, 0] })]), seat('sun')).thenRejects('SOL-2', 'BAD_MOVE');
  });
});

describe('the phase is the one open now (SOL-4)', () => {
  it('SOL-4 refuses a choice for a phase that is not the current one', () => {
    duel()
      .when(submit([act('meena', { kind: 'none' })], { phase: 2 }), seat('sun'))
      .thenRejects('SOL-4', 'WRONG_PHASE');
  });

  it('SOL-4 refuses a choice after its phase has resolved', () => {
    const game = duel();
    game.run(submit([act('meena', { kind: 'none' })], { turn: 1, phase: 1 }), seat('sun'));
    game.run(submit([act('xul', { kind: 'none' })], { turn: 1, phase: 1 }), seat('moon'));
    const v = game.when(submit([act('meena', { kind: 'none' })], { turn: 1, phase: 1 }), seat('sun')).thenRejects('SOL-4', 'WRONG_PHASE');
    expect(v.message).toBe('You chose for phase 1 of turn 1, but it is phase 2 of turn 1; that phase is not open.');
  });
});
