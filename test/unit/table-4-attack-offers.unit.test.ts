/**
 * TABLE-4: what the page offers for Post Galactica's attacks is what the referee accepts. For
 * each set-up (out of range, in range across open ground, sight blocked by Kessel Ridge, engaged
 * in melee, a weapon already fired), every attack of one weapon by one of the seat's units on one
 * enemy unit is sent to the real decider, and the offer read from the seat's view as JSON
 * (targeting.ts `attackOptions` on view.ts `stateOfView`) names exactly those it accepts. Then
 * the renderer's offers (render/post-galactica/offers.ts, as the page asks them through
 * web/choices.ts) narrow the offer by what the form holds: the unit named, its weapons, a target;
 * and its question (through web/confirm.ts) comes before a Ranged or Melee Phase ends with units
 * that may still attack.
 */
import { describe, expect, it } from 'vitest';
import { neededDice } from '../../domain/kernel/dice.ts';
import { attackOptions, type Kind } from '../../domain/post-galactica/targeting.ts';
import { sheetOf } from '../../domain/post-galactica/units.ts';
import { stateOfView, view } from '../../domain/post-galactica/view.ts';
import { choicesFor } from '../../web/choices.ts';
import { questionFor } from '../../web/confirm.ts';
import { type Game, seat } from '../support/decider-spec.ts';
import { arena, RAIDERS, rules, type Spot, TROOPERS, toPhase } from '../support/post-galactica.ts';

const WALKER = 'red-sentinel-walker-1';
const BRUTE = 'blue-flame-brute-1';

/** The seat's view as the page reads it: through JSON, as GET /games/{id} sends it. */
const viewed = (game: Game, who: string) => JSON.parse(JSON.stringify(view(rules(game), who)));

/** Each (unit, weapon, target) the decider accepts as a one-weapon attack of `kind`, as `unit weapon target`. */
const accepted = (game: Game, who: string, kind: Kind): string[] => {
  const state = rules(game);
  const type = kind === 'ranged' ? 'RangedAttack' : 'MeleeAttack';
  const placed = state.units.filter((u) => u.position !== null);
  return placed
    .filter((u) => u.seat === who)
    .flatMap((u) =>
      sheetOf(state, u)
        .weapons.filter((w) => w.type === kind)
        .flatMap((w) =>
          placed
            .filter((e) => e.seat !== who)
            .filter((e) => game.when({ type, unitId: u.id, targetId: e.id, weapons: [w.name] }, seat(who), neededDice(0)).events.length > 0)
            .map((e) => `${u.id} ${w.name} ${e.id}`),
        ),
    )
    .sort();
};

/** The offer from the seat's view, in the same words. */
const offered = (game: Game, who: string, kind: Kind): string[] =>
  attackOptions(stateOfView(viewed(game, who)), who, kind)
    .flatMap((o) => o.targetIds.map((t) => `${o.unitId} ${o.weapon} ${t}`))
    .sort();

const at = (phase: 'ranged' | 'melee', spots: Spot[]): Game => {
  const game = arena(spots);
  toPhase(game, phase);
  return game;
};

/** The Troopers at `troopers` and the Raiders at `raiders`, in `phase` of red's turn, with `more` placed too. */
const facing = (phase: 'ranged' | 'melee', troopers: [number, number], raiders: [number, number], more: Spot[] = []): Game =>
  at(phase, [{ unitId: TROOPERS, x: troopers[0], y: troopers[1] }, { unitId: RAIDERS, x: raiders[0], y: raiders[1] }, ...more]);

const SETUPS: { name: string; kind: Kind; game: () => Game }[] = [
  { name: 'as deployed, every enemy out of range', kind: 'ranged', game: () => at('ranged', []) },
  { name: 'across the open Crater, in range', kind: 'ranged', game: () => facing('ranged', [18, 26], [30, 26]) },
  { name: 'Kessel Ridge between them', kind: 'ranged', game: () => facing('ranged', [18, 9], [30, 9]) },
  { name: 'engaged in melee: no ranged fire', kind: 'ranged', game: () => facing('ranged', [22.5, 14], [25, 14]) },
  { name: 'in contact, the Melee Phase', kind: 'melee', game: () => facing('melee', [22.5, 14], [25, 14]) },
  {
    name: 'Plasma Rifles already fired this turn',
    kind: 'ranged',
    game: () => {
      const game = facing('ranged', [18, 26], [30, 26], [{ unitId: WALKER, x: 20, y: 21 }]);
      game.run({ type: 'RangedAttack', unitId: TROOPERS, targetId: RAIDERS, weapons: ['Plasma Rifles'] }, seat('red'), neededDice(0));
      return game;
    },
  },
];

describe('TABLE-4 the attacks offered are the attacks the referee accepts', () => {
  for (const setup of SETUPS) {
    it(`TABLE-4 PG-11 PG-12 ${setup.name}: the offer from the view names each attack the decider accepts, and no other`, () => {
      const game = setup.game();
      expect(offered(game, 'red', setup.kind)).toEqual(accepted(game, 'red', setup.kind));
    });
  }

  it('TABLE-4 the set-ups between them offer attacks and withhold some: the comparison can tell them apart', () => {
    const games = SETUPS.map((s) => ({ game: s.game(), kind: s.kind }));
    expect(offered(games[0]?.game as Game, 'red', 'ranged').filter((o) => o.startsWith(TROOPERS))).toEqual([]);
    expect(offered(games[1]?.game as Game, 'red', 'ranged')).toContain(`${TROOPERS} Plasma Rifles ${RAIDERS}`);
    expect(offered(games[2]?.game as Game, 'red', 'ranged')).not.toContain(`${TROOPERS} Plasma Rifles ${RAIDERS}`);
    expect(offered(games[3]?.game as Game, 'red', 'ranged').filter((o) => o.startsWith(TROOPERS))).toEqual([]);
    expect(offered(games[4]?.game as Game, 'red', 'melee')).toEqual([`${TROOPERS} Combat Knives ${RAIDERS}`]);
    const fired = offered(games[5]?.game as Game, 'red', 'ranged');
    expect(fired.filter((o) => o.startsWith(TROOPERS))).toEqual([]);
    // The dice just make every hit: the Raiders are gone, the Walker still has targets.
    expect(fired.filter((o) => o.includes(RAIDERS))).toEqual([]);
    expect(fired.filter((o) => o.startsWith(`${WALKER} Autocannon `)).length).toBeGreaterThan(0);
  });
});

describe("TABLE-4 web/choices.ts narrows Post Galactica's attack offers by what the form holds", () => {
  const game = facing(
    'ranged',
    [18, 26],
    [30, 26],
    [
      { unitId: WALKER, x: 20, y: 21 },
      { unitId: BRUTE, x: 26, y: 20 },
    ],
  );
  const red = viewed(game, 'red');
  const ids = (choices: readonly { id: string }[] | undefined) => (choices ?? []).map((c) => c.id).sort();
  const options = attackOptions(stateOfView(red), 'red', 'ranged');

  it('TABLE-4 an empty form offers every unit that may fire, every weapon, every target', () => {
    const choices = choicesFor('post-galactica', 'RangedAttack', red, 'red');
    expect(ids(choices.unitId)).toEqual([...new Set(options.map((o) => o.unitId))].sort());
    expect(ids(choices.unitId)).toEqual([TROOPERS, WALKER, 'red-vanguard-troopers-2'].sort());
    expect(ids(choices.item)).toEqual(['Autocannon', 'Plasma Rifles']);
    expect(ids(choices.targetId)).toEqual([...new Set(options.flatMap((o) => o.targetIds))].sort());
    expect(choices.unitId?.find((c) => c.id === WALKER)?.label).toBe('Sentinel Walker');
  });

  it("TABLE-4 a unit named: only its weapons, only the targets they reach; a weapon named: that weapon's targets", () => {
    const troopers = choicesFor('post-galactica', 'RangedAttack', red, 'red', { unitId: TROOPERS, targetId: '', weapons: [] });
    expect(ids(troopers.item)).toEqual(['Plasma Rifles']);
    const reach = options.find((o) => o.unitId === TROOPERS)?.targetIds ?? [];
    expect(ids(troopers.targetId)).toEqual([...reach].sort());
    expect(reach).toContain(RAIDERS);
    const walker = choicesFor('post-galactica', 'RangedAttack', red, 'red', { unitId: WALKER, weapons: ['Autocannon'] });
    expect(ids(walker.targetId)).toEqual([...(options.find((o) => o.unitId === WALKER)?.targetIds ?? [])].sort());
    // A weapon the unit does not have reaches nothing.
    expect(ids(choicesFor('post-galactica', 'RangedAttack', red, 'red', { unitId: WALKER, weapons: ['Plasma Rifles'] }).targetId)).toEqual(
      [],
    );
  });

  it('TABLE-4 a target named: only the units and weapons that may attack it', () => {
    const onBrute = choicesFor('post-galactica', 'RangedAttack', red, 'red', { targetId: BRUTE });
    const expected = options.filter((o) => o.targetIds.includes(BRUTE));
    expect(ids(onBrute.unitId)).toEqual([...new Set(expected.map((o) => o.unitId))].sort());
    expect(ids(onBrute.item)).toEqual([...new Set(expected.map((o) => o.weapon))].sort());
  });

  it('TABLE-4 MeleeAttack asks the melee checks; other rulesets and commands offer nothing for attacks', () => {
    expect(choicesFor('post-galactica', 'MeleeAttack', red, 'red')).toEqual({ unitId: [], targetId: [], item: [] });
    expect(choicesFor('post-galactica', 'RangedAttack', {}, 'red')).toEqual({ unitId: [], targetId: [], item: [] });
  });
});

describe('TABLE-4 ending the Ranged or the Melee Phase with attacks unspent asks first', () => {
  it('TABLE-4 the Ranged Phase with units that may fire: the question names them; with none, EndPhase goes at once', () => {
    const inRange = SETUPS[1]?.game() as Game;
    const fire = new Set(attackOptions(rules(inRange), 'red', 'ranged').map((o) => o.unitId));
    expect(fire.size).toBeGreaterThan(0);
    const names = [...fire].map((id) => sheetOf(rules(inRange), rules(inRange).units.find((u) => u.id === id) as never).name);
    expect(questionFor('post-galactica', 'EndPhase', viewed(inRange, 'red'), 'red')).toBe(
      `End the Ranged Phase? ${fire.size} unit(s) of yours may still fire (${names.join(', ')}); they cannot fire again this turn.`,
    );
    // Not this seat's turn: nothing to ask.
    expect(questionFor('post-galactica', 'EndPhase', viewed(inRange, 'blue'), 'blue')).toBeNull();
    // Engaged Troopers cannot fire: the question leaves them out.
    const engaged = questionFor('post-galactica', 'EndPhase', viewed(SETUPS[3]?.game() as Game, 'red'), 'red');
    expect(engaged).toMatch(/^End the Ranged Phase\? 1 unit\(s\) of yours may still fire \(Sentinel Walker\);/);
    const outOfReach = at('ranged', [
      { unitId: WALKER, x: 2, y: 2 },
      { unitId: 'red-vanguard-troopers-2', x: 2, y: 34 },
    ]);
    expect(attackOptions(rules(outOfReach), 'red', 'ranged')).toEqual([]);
    expect(questionFor('post-galactica', 'EndPhase', viewed(outOfReach, 'red'), 'red')).toBeNull();
  });

  it('TABLE-4 the Melee Phase with a unit in contact: the question names it', () => {
    const contact = SETUPS[4]?.game() as Game;
    expect(questionFor('post-galactica', 'EndPhase', viewed(contact, 'red'), 'red')).toBe(
      'End the Melee Phase? 1 unit(s) of yours may still attack in melee (Vanguard Troopers); they cannot attack in melee again this turn.',
    );
  });
});
