/**
 * TABLE-4: GSC2's offers and questions, its renderer's `offers`. `MoveShip` and `DeferMove`
 * offer the ships the mover may move or defer; `SubmitOrders` the ships whose batteries may fire
 * (Beams) or launch (Missiles), those batteries and the enemy ships they may aim at. What may
 * move or fire is the referee's own checks' answer (movement.ts `shipsToMove`, firing.ts
 * `beamOptions`, missiles.ts `launchOptions`; the view is the state, so they read it as it is),
 * never a copy of them here. In the Boarding step `SubmitOrders` offers the ships that may board,
 * what they may board, and the enemy ships the seat's troops are aboard for sabotage (boarding.ts
 * `boardingOptions`, `sabotageShips`); `UseSystem` the ships with a system to use in the step
 * (systems.ts `systemsToUse`); `Repair` the damaged ships with repair units and their damaged
 * systems (repairs.ts `repairOptions`). `SubmitOrders` in the Missiles or Beams step asks first when
 * it leaves a ship that may launch or fire without an order (none may, once the orders are
 * revealed); `Repair` when it leaves a working repair unit idle while its ship has damage (GSC-23).
 */
import { boardingOptions, sabotageShips } from '../../domain/gsc2/boarding.ts';
import { beamOptions, type FireOption } from '../../domain/gsc2/firing.ts';
import { launchOptions } from '../../domain/gsc2/missiles.ts';
import { shipsToMove } from '../../domain/gsc2/movement.ts';
import { type RepairOption, repairOptions } from '../../domain/gsc2/repairs.ts';
import { activeShips } from '../../domain/gsc2/ships.ts';
import type { GscState } from '../../domain/gsc2/state.ts';
import { systemsToUse } from '../../domain/gsc2/systems.ts';
import { type Choices, type Offers, once } from '../offers.ts';
import { list, obj } from '../svg.ts';

/** The view is the battle's state with other seats' sealed orders left out (gsc2/view.ts), so the checks read it as it is. */
const battle = (game: Record<string, unknown>): GscState | null =>
  game.ships !== null && typeof game.ships === 'object' && typeof game.designs === 'object' ? (game as unknown as GscState) : null;

/** A ship's name as the seat's view gives it, else its id. */
const shipLabel = (state: GscState, id: string): string => state.ships[id]?.name ?? id;

/** The ships the referee would let the seat move (or defer) now (GSC-3, GSC-4). */
const movers =
  (type: 'MoveShip' | 'DeferMove') =>
  (game: Record<string, unknown>, seat: string): Choices => {
    const state = battle(game);
    return { ship: state ? shipsToMove(state, type, seat).map((s) => ({ id: s.id, label: s.name })) : [] };
  };

/** The batteries that may fire (Beams) or launch (Missiles) in this sealed step, and what they may aim at. */
const firingNow = (game: Record<string, unknown>, seat: string): FireOption[] => {
  const state = battle(game);
  if (!state) return [];
  if (state.step === 'beams') return beamOptions(state, seat);
  if (state.step === 'missiles') return launchOptions(state, seat);
  return [];
};

/**
 * The sealed orders (GSC-6, GSC-11): each row names a ship, one of its batteries and a target, so
 * a ship, a battery id (ships of one design share them) and a target may each be named in several
 * rows: ships with a battery that may fire, those batteries (with the ships that have them), and
 * every enemy ship one of them may aim at.
 */
const orderOffers = (game: Record<string, unknown>, seat: string): Choices => {
  const state = battle(game);
  const options = firingNow(game, seat);
  if (!state) return {};
  if (state.step === 'boarding') return boardingOffers(state, seat);
  const ships = (battery: string) => options.filter((o) => o.battery === battery).map((o) => shipLabel(state, o.ship));
  return {
    ship: once(options.map((o) => ({ id: o.ship, label: shipLabel(state, o.ship), again: true }))),
    battery: once(options.map((o) => ({ id: o.battery, label: `${o.battery} (${ships(o.battery).join(', ')})`, again: true }))),
    target: once(options.flatMap((o) => o.targets.map((t) => ({ id: t, label: shipLabel(state, t), again: true })))),
  };
};

/**
 * The boarding orders (GSC-20, GSC-21): their lists share field names, so each offer is its list's
 * (render/offers.ts `offerKey`). A boarding action names a ship of the seat's that may board and
 * an enemy ship one of them may reach (boarding.ts `boardingOptions`); sabotage names an enemy
 * ship the seat's troops are aboard (`sabotageShips`); a pod's direction, one of its pods in
 * flight and an enemy ship to ram. A ship may take several actions, and be boarded by several.
 */
const boardingOffers = (state: GscState, seat: string): Choices => {
  const options = boardingOptions(state, seat);
  const ship = (id: string) => ({ id, label: shipLabel(state, id), again: true as const });
  return {
    'actions.ship': options.map((o) => ship(o.ship)),
    'actions.target': once(options.flatMap((o) => o.targets.map(ship))),
    'sabotage.ship': sabotageShips(state, seat).map((s) => ship(s.id)),
    'pods.pod': Object.values(state.podsInFlight)
      .filter((p) => p.seat === seat)
      .map((p) => ({ id: p.id, label: `${p.id} (${p.squad})` })),
    'pods.target': activeShips(state)
      .filter((s) => s.seat !== seat)
      .map((s) => ship(s.id)),
  };
};

/** The ships of the seat's that UseSystem would take now: with a system usable in this step (GSC-22, systems.ts `systemsToUse`). */
const systemUsers = (game: Record<string, unknown>, seat: string): Choices => {
  const state = battle(game);
  if (!state) return {};
  return {
    ship: activeShips(state, seat)
      .filter((s) => systemsToUse(state, s).length > 0)
      .map((s) => ({ id: s.id, label: `${s.name} (${systemsToUse(state, s).join(', ')})` })),
  };
};

/** The seat's ships that may repair, and what, while its repairs are awaited in the Repairs step (GSC-23). */
const repairsNow = (game: Record<string, unknown>, seat: string): { state: GscState; options: RepairOption[] } | null => {
  const state = battle(game);
  if (state?.step !== 'repairs' || !state.awaited.includes(seat)) return null;
  return { state, options: repairOptions(state, seat) };
};

/** The ships the rows of the Repair being built name. */
const shipsNamed = (command: unknown): string[] => list(obj(command).attempts).map((r) => String(obj(r).ship ?? ''));

/**
 * Repair (GSC-23): the seat's damaged ships with working repair units, and the damaged systems
 * they may try (repairs.ts `repairOptions`): those of the ships the rows name, or of every such ship
 * while none is named. A ship has a repair unit or more, and two ships may share a system's name.
 */
const repairOffers = (game: Record<string, unknown>, seat: string, entered: Record<string, unknown>): Choices => {
  const now = repairsNow(game, seat);
  if (!now) return { ship: [], system: [] };
  const { state, options } = now;
  const named = options.filter((o) => shipsNamed(entered).includes(o.ship));
  const on = (ref: string) => options.filter((o) => o.systems.includes(ref)).map((o) => shipLabel(state, o.ship));
  return {
    ship: options.map((o) => ({ id: o.ship, label: `${shipLabel(state, o.ship)} (${o.units} repair unit(s))`, again: true })),
    system: once(
      (named.length > 0 ? named : options).flatMap((o) =>
        o.systems.map((ref) => ({ id: ref, label: `${ref} (${on(ref).join(', ')})`, again: true })),
      ),
    ),
  };
};

/**
 * GSC-23: each working repair unit makes one attempt a turn, and a Repair ends the seat's repairs,
 * so a unit left without a system while its ship has damage cannot repair until the next turn.
 */
const idleRepairUnits = (game: Record<string, unknown>, seat: string, sent: unknown): string | null => {
  const now = repairsNow(game, seat);
  if (!now) return null;
  const rows = shipsNamed(sent);
  const idle = now.options
    .map((o) => ({ name: shipLabel(now.state, o.ship), left: o.units - rows.filter((s) => s === o.ship).length }))
    .filter((o) => o.left > 0);
  if (idle.length === 0) return null;
  const units = idle.reduce((n, o) => n + o.left, 0);
  return `Make these repairs? ${units} repair unit(s) of yours have no system to try (${idle.map((o) => `${o.name} ${o.left}`).join(', ')}); they cannot repair this turn.`;
};

/** The sealed steps whose orders a ship may be left out of: the orders' list, and what a ship in it does. */
const ORDERS: Readonly<Record<string, { list: string; what: string; verb: string }>> = {
  missiles: { list: 'launches', what: 'missile', verb: 'launch' },
  beams: { list: 'fire', what: 'beam', verb: 'fire' },
};

/** The ships that may launch or fire in this step and have no row in the orders being sealed. */
const withoutOrders = (game: Record<string, unknown>, seat: string, sent: unknown): string | null => {
  const step = typeof game.step === 'string' ? ORDERS[game.step] : undefined;
  if (!step) return null;
  const ordered = new Set(list(obj(obj(sent).orders)[step.list]).map((r) => obj(r).ship));
  const ships = obj(game.ships);
  const left = [...new Set(firingNow(game, seat).map((o) => o.ship))]
    .filter((id) => !ordered.has(id))
    .map((id) => obj(ships[id]).name ?? id);
  if (left.length === 0) return null;
  return `Seal these ${step.what} orders? ${left.length} ship(s) of yours that may ${step.verb} have no orders (${left.join(', ')}); they cannot ${step.verb} this turn.`;
};

export const gscOffers: Offers = {
  choices: {
    MoveShip: movers('MoveShip'),
    DeferMove: movers('DeferMove'),
    SubmitOrders: orderOffers,
    UseSystem: systemUsers,
    Repair: repairOffers,
  },
  question: (command, game, seat, sent) => {
    if (sent === undefined) return null;
    if (command === 'SubmitOrders') return withoutOrders(game, seat, sent);
    return command === 'Repair' ? idleRepairUnits(game, seat, sent) : null;
  },
};
