/**
 * TABLE-4: Post Galactica's offers and questions, its renderer's `offers`. `Deploy` offers the
 * units of the seat's Deployment List not yet on the table, `Move` the units that may still move,
 * `RangedAttack` and `MeleeAttack` the units that may attack, their weapons and the enemy units
 * each may attack. What may attack or act is the referee's own checks' answer (targeting.ts
 * `attackOptions`, actions.ts `mayStillAct`, asked of the state the view carries), never a copy
 * of them here. An attack's offer follows what the form already holds: once the firing unit is
 * named, only its weapons and their targets. `EndPhase` asks first when it would end the
 * Movement, Action, Ranged or Melee Phase with units of the seat's that could still move, act or
 * attack (none may, once the phase is over this turn); the Command, Status and End Phases leave
 * nothing a seat gives up, and whether the Resource Phase's Gather was made the view does not say.
 */
import { mayStillAct } from '../../domain/post-galactica/actions.ts';
import { type AttackOption, attackOptions, type Kind } from '../../domain/post-galactica/targeting.ts';
import { type PgView, stateOfView } from '../../domain/post-galactica/view.ts';
import { type Choice, type Choices, type Offers, once } from '../offers.ts';
import { list, obj } from '../svg.ts';

/** A field's text as entered ('' when empty or not text). */
const entered = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The seat's units with no place on the table and not aboard a transport (view.ts `unitView`). */
const undeployed = (game: Record<string, unknown>, seat: string): Choice[] =>
  list(game.units)
    .map(obj)
    .filter((u) => u.seat === seat && u.x === null && u.embarkedIn === null && typeof u.id === 'string')
    .map((u) => ({ id: u.id as string, label: typeof u.name === 'string' ? u.name : (u.id as string) }));

/** The seat's units on the table, built, able to move, that have not moved this turn. */
const unmoved = (game: Record<string, unknown>, seat: string): Choice[] =>
  list(game.units)
    .map(obj)
    .filter(
      (u) =>
        u.seat === seat &&
        u.x !== null &&
        u.embarkedIn === null &&
        u.complete === true &&
        typeof u.movement === 'number' &&
        u.movement > 0 &&
        obj(u.thisTurn).moved === false &&
        typeof u.id === 'string',
    )
    .map((u) => ({ id: u.id as string, label: typeof u.name === 'string' ? u.name : (u.id as string) }));

/** A unit's name as the seat's view gives it, else its id. */
const unitLabel = (game: Record<string, unknown>, id: string): string => {
  const name = list(game.units)
    .map(obj)
    .find((u) => u.id === id)?.name;
  return typeof name === 'string' ? name : id;
};

/** The state the seat's view carries, or null for a view that is not Post Galactica's. */
const pgState = (game: Record<string, unknown>) =>
  Array.isArray(game.units) && game.players !== null && typeof game.players === 'object' ? stateOfView(game as unknown as PgView) : null;

/** The seat's units that have an action left this turn (actions.ts `mayStillAct`). */
const actors = (game: Record<string, unknown>, seat: string): Choice[] => {
  const state = pgState(game);
  return state ? mayStillAct(state, seat).map((u) => ({ id: u.id, label: unitLabel(game, u.id) })) : [];
};

/** Every attack of `kind` the seat may make now, by the referee's checks on the state its view carries. */
const attacksNow = (game: Record<string, unknown>, seat: string, kind: Kind): AttackOption[] => {
  const state = pgState(game);
  return state ? attackOptions(state, seat, kind) : [];
};

/** The seat's units that may still make an attack of `kind` now, each once. */
const attackers = (game: Record<string, unknown>, seat: string, kind: Kind): Choice[] =>
  once(attacksNow(game, seat, kind).map((o) => ({ id: o.unitId, label: unitLabel(game, o.unitId) })));

/**
 * The attacks (PG-11, PG-12): the units that may attack, their weapons, their targets, each
 * narrowed by what the form already names: a unit, its weapons (every one named must reach the
 * target, as the referee checks them), a target.
 */
const attackOffers =
  (kind: Kind) =>
  (game: Record<string, unknown>, seat: string, form: Record<string, unknown>): Choices => {
    const unitId = entered(form.unitId);
    const targetId = entered(form.targetId);
    const named = [...new Set(list(form.weapons).map(entered))].filter((w) => w !== '');
    const options = attacksNow(game, seat, kind);
    const ofUnit = options.filter((o) => unitId === '' || o.unitId === unitId);
    const reaches = (o: AttackOption) => targetId === '' || o.targetIds.includes(targetId);
    // A target every named weapon of one unit may attack; with none named, any of its weapons.
    const targets = [...new Set(ofUnit.map((o) => o.unitId))].flatMap((id) => {
      const own = ofUnit.filter((o) => o.unitId === id);
      const chosen = named.length === 0 ? own : own.filter((o) => named.includes(o.weapon));
      if (named.length > 0 && chosen.length < named.length) return [];
      const all = [...new Set(chosen.flatMap((o) => o.targetIds))];
      return named.length === 0 ? all : all.filter((t) => chosen.every((o) => o.targetIds.includes(t)));
    });
    const label = (id: string): Choice => ({ id, label: unitLabel(game, id) });
    return {
      unitId: once(options.filter(reaches).map((o) => label(o.unitId))),
      targetId: once(targets.map(label)),
      // The weapons list's items (web/form.ts names a list's item `item`).
      item: once(ofUnit.filter(reaches).map((o) => ({ id: o.weapon, label: o.weapon }))),
    };
  };

/** The phases (PG-4) that end with something of the seat's unspent: what, and what ending them costs. */
const UNSPENT: Readonly<
  Record<string, { title: string; left: string; after: string; units: (game: Record<string, unknown>, seat: string) => Choice[] }>
> = {
  movement: { title: 'Movement Phase', left: 'have not moved', after: 'they cannot move again this turn', units: unmoved },
  action: { title: 'Action Phase', left: 'have not acted', after: 'they cannot act again this turn', units: actors },
  ranged: {
    title: 'Ranged Phase',
    left: 'may still fire',
    after: 'they cannot fire again this turn',
    units: (game, seat) => attackers(game, seat, 'ranged'),
  },
  melee: {
    title: 'Melee Phase',
    left: 'may still attack in melee',
    after: 'they cannot attack in melee again this turn',
    units: (game, seat) => attackers(game, seat, 'melee'),
  },
};

/** The seat's own EndPhase that would leave units of its unspent: which, and what ending the phase costs them. */
const endingUnspent = (game: Record<string, unknown>, seat: string): string | null => {
  if (game.activeSeat !== seat) return null;
  const unspent = typeof game.phase === 'string' ? UNSPENT[game.phase] : undefined;
  const left = unspent?.units(game, seat).map((u) => u.label) ?? [];
  if (!unspent || left.length === 0) return null;
  return `End the ${unspent.title}? ${left.length} unit(s) of yours ${unspent.left} (${left.join(', ')}); ${unspent.after}.`;
};

export const pgOffers: Offers = {
  choices: {
    Deploy: (game, seat) => ({ unitId: undeployed(game, seat) }),
    Move: (game, seat) => ({ unitId: unmoved(game, seat) }),
    RangedAttack: attackOffers('ranged'),
    MeleeAttack: attackOffers('melee'),
  },
  question: (command, game, seat) => (command === 'EndPhase' ? endingUnspent(game, seat) : null),
};
