/**
 * TABLE-4: what a seat may name in a command's id fields, read from its own view of the game,
 * so a player picks a piece instead of typing its id: Post Galactica's `Deploy` offers the units
 * of the seat's Deployment List not yet on the table, its `Move` the units that may still move,
 * its `RangedAttack` and `MeleeAttack` the units that may attack, their weapons and the enemy
 * units each may attack; Sol'una's `SubmitActions` offers the models that may act in this phase;
 * GSC2's `MoveShip` and `DeferMove` the ships the mover may move or defer, its `SubmitOrders` the
 * ships whose batteries may fire (Beams) or launch (Missiles), those batteries, and the enemy
 * ships they may aim at. What may attack or move is the referee's own checks' answer (targeting.ts
 * `attackOptions`, asked of the state the view carries; gsc2's `beamOptions`, `launchOptions`,
 * `shipsToMove`, whose view is its state), never a copy of them here. An offer may follow what the
 * form already holds (`entered`): once the firing unit is named, only its weapons and their
 * targets. The lists only offer: the referee still decides.
 */
import { beamOptions, type FireOption } from '../domain/gsc2/firing.ts';
import { launchOptions } from '../domain/gsc2/missiles.ts';
import { shipsToMove } from '../domain/gsc2/movement.ts';
import type { GscState } from '../domain/gsc2/state.ts';
import { mayStillAct } from '../domain/post-galactica/actions.ts';
import { type AttackOption, attackOptions, type Kind } from '../domain/post-galactica/targeting.ts';
import { type PgView, stateOfView } from '../domain/post-galactica/view.ts';

/** A piece to offer: its id, as the command takes it, and a name a player knows it by. */
export interface Choice {
  readonly id: string;
  readonly label: string;
  /** It may be named in several fields of one command (GSC2: a ship fires several batteries, at one target or more). */
  readonly again?: true;
}

/** A field's offers, by the field's name in the command's schema. */
export type Choices = Readonly<Record<string, readonly Choice[]>>;

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Post Galactica: the seat's units with no place on the table and not aboard a transport (view.ts `unitView`). */
const undeployed = (game: Record<string, unknown>, seat: string): Choice[] =>
  list(game.units)
    .map(record)
    .filter((u) => u.seat === seat && u.x === null && u.embarkedIn === null && typeof u.id === 'string')
    .map((u) => ({ id: u.id as string, label: typeof u.name === 'string' ? u.name : (u.id as string) }));

/** Post Galactica: the seat's units on the table, built, able to move, that have not moved this turn. */
export const unmoved = (game: Record<string, unknown>, seat: string): Choice[] =>
  list(game.units)
    .map(record)
    .filter(
      (u) =>
        u.seat === seat &&
        u.x !== null &&
        u.embarkedIn === null &&
        u.complete === true &&
        typeof u.movement === 'number' &&
        u.movement > 0 &&
        record(u.thisTurn).moved === false &&
        typeof u.id === 'string',
    )
    .map((u) => ({ id: u.id as string, label: typeof u.name === 'string' ? u.name : (u.id as string) }));

/** Sol'una: the seat's models that may act now (`eligible`, SOL-1), by name where the view gives one. */
const mayAct = (game: Record<string, unknown>, seat: string): Choice[] => {
  const names = new Map(
    list(game.models)
      .map(record)
      .map((m) => [m.id, m.name] as const),
  );
  return list(record(game.eligible)[seat])
    .filter((id): id is string => typeof id === 'string')
    .map((id) => {
      const name = names.get(id);
      return { id, label: typeof name === 'string' ? name : id };
    });
};

/** A field's text as entered ('' when empty or not text). */
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Ids once each, in their first order. */
const once = (choices: readonly Choice[]): Choice[] => choices.filter((c, i) => choices.findIndex((d) => d.id === c.id) === i);

/** Post Galactica: a unit's name as the seat's view gives it, else its id. */
const unitLabel = (game: Record<string, unknown>, id: string): string => {
  const name = list(game.units)
    .map(record)
    .find((u) => u.id === id)?.name;
  return typeof name === 'string' ? name : id;
};

/** Post Galactica: the state the seat's view carries, or null for another ruleset's view. */
const pgState = (game: Record<string, unknown>) =>
  Array.isArray(game.units) && game.players !== null && typeof game.players === 'object' ? stateOfView(game as unknown as PgView) : null;

/** Post Galactica: the seat's units that have an action left this turn (actions.ts `mayStillAct`). */
export const actors = (game: Record<string, unknown>, seat: string): Choice[] => {
  const state = pgState(game);
  return state ? mayStillAct(state, seat).map((u) => ({ id: u.id, label: unitLabel(game, u.id) })) : [];
};

/** Post Galactica: every attack of `kind` the seat may make now, by the referee's checks on the state its view carries. */
const attacksNow = (game: Record<string, unknown>, seat: string, kind: Kind): AttackOption[] => {
  const state = pgState(game);
  return state ? attackOptions(state, seat, kind) : [];
};

/** Post Galactica: the seat's units that may still make an attack of `kind` now, each once. */
export const attackers = (game: Record<string, unknown>, seat: string, kind: Kind): Choice[] =>
  once(attacksNow(game, seat, kind).map((o) => ({ id: o.unitId, label: unitLabel(game, o.unitId) })));

/**
 * Post Galactica's attacks (PG-11, PG-12): the units that may attack, their weapons, their
 * targets, each narrowed by what the form already names: a unit, its weapons (every one named
 * must reach the target, as the referee checks them), a target.
 */
const attackOffers =
  (kind: Kind) =>
  (game: Record<string, unknown>, seat: string, entered: Record<string, unknown>): Choices => {
    const unitId = text(entered.unitId);
    const targetId = text(entered.targetId);
    const named = [...new Set(list(entered.weapons).map(text))].filter((w) => w !== '');
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

/** GSC2: the view is the battle's state with other seats' sealed orders left out (gsc2/view.ts), so the checks read it as it is. */
const battle = (game: Record<string, unknown>): GscState | null =>
  game.ships !== null && typeof game.ships === 'object' && typeof game.designs === 'object' ? (game as unknown as GscState) : null;

/** GSC2: a ship's name as the seat's view gives it, else its id. */
const shipLabel = (state: GscState, id: string): string => state.ships[id]?.name ?? id;

/** GSC2: the ships the referee would let the seat move (or defer) now (GSC-3, GSC-4). */
const movers =
  (type: 'MoveShip' | 'DeferMove') =>
  (game: Record<string, unknown>, seat: string): Choices => {
    const state = battle(game);
    return { ship: state ? shipsToMove(state, type, seat).map((s) => ({ id: s.id, label: s.name })) : [] };
  };

/** GSC2: the batteries that may fire (Beams) or launch (Missiles) in this sealed step, and what they may aim at. */
export const firingNow = (game: Record<string, unknown>, seat: string): FireOption[] => {
  const state = battle(game);
  if (!state) return [];
  if (state.step === 'beams') return beamOptions(state, seat);
  if (state.step === 'missiles') return launchOptions(state, seat);
  return [];
};

/**
 * GSC2's sealed orders (GSC-6, GSC-11): each row names a ship, one of its batteries and a
 * target, so a ship, a battery id (ships of one design share them) and a target may each be
 * named in several rows: ships with a battery that may fire, those batteries (with the ships that
 * have them), and every enemy ship one of them may aim at.
 */
const orderOffers = (game: Record<string, unknown>, seat: string): Choices => {
  const state = battle(game);
  const options = firingNow(game, seat);
  if (!state) return {};
  const ships = (battery: string) => options.filter((o) => o.battery === battery).map((o) => shipLabel(state, o.ship));
  return {
    ship: once(options.map((o) => ({ id: o.ship, label: shipLabel(state, o.ship), again: true }))),
    battery: once(options.map((o) => ({ id: o.battery, label: `${o.battery} (${ships(o.battery).join(', ')})`, again: true }))),
    target: once(options.flatMap((o) => o.targets.map((t) => ({ id: t, label: shipLabel(state, t), again: true })))),
  };
};

/**
 * Each command's offers, by its type: a command's name is its ruleset's own (Deploy and Move
 * are Post Galactica's, SubmitActions Sol'una's, MoveShip and SubmitOrders GSC2's), so the page
 * chooses by the command, never by a ruleset id (HALL-4), as web/form.ts does with the sealing
 * commands.
 */
const OFFERS: Readonly<Record<string, (game: Record<string, unknown>, seat: string, entered: Record<string, unknown>) => Choices>> = {
  Deploy: (game, seat) => ({ unitId: undeployed(game, seat) }),
  Move: (game, seat) => ({ unitId: unmoved(game, seat) }),
  RangedAttack: attackOffers('ranged'),
  MeleeAttack: attackOffers('melee'),
  SubmitActions: (game, seat) => ({ model: mayAct(game, seat) }),
  MoveShip: movers('MoveShip'),
  DeferMove: movers('DeferMove'),
  SubmitOrders: orderOffers,
};

/**
 * The offers for `command`'s fields, from the seat's view of the game (`game`: the view's
 * ruleset part), narrowed by what the form holds (`entered`: web/form.ts's Entry of the whole
 * command; absent, every offer as if the form were empty).
 */
export const choicesFor = (command: string, game: unknown, seat: string, entered: unknown = {}): Choices =>
  OFFERS[command]?.(record(game), seat, record(entered)) ?? {};

/**
 * What one field still offers: its choices less those other fields of the same name already
 * hold (a unit is deployed once, a model given one action), the field's own value kept, and
 * those that may be named `again`.
 */
export const stillOffered = (choices: readonly Choice[], taken: readonly string[]): Choice[] =>
  choices.filter((c) => c.again || !taken.includes(c.id));
