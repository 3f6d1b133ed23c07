/**
 * GSC-4: moving a ship. A path is a list of maneuvers; each turn is 45°, free once the
 * ship has gone its turn distance straight since its last turn, otherwise it costs 4" of
 * movement. GSC-5: the path may stop to fire an MDS or use a tractor beam on the way.
 */

import { distance, type Point } from '../kernel/plane.ts';
import { rulesSince } from '../kernel/rules-version.ts';
import type { RulesContext } from '../kernel/ruleset.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import * as z from '../kernel/zod.ts';
import { unmoved } from './alternation.ts';
import { inItsStep } from './command-steps.ts';
import type { GscEvent, ShipMoved, TurnTaken } from './events.ts';
import { fold } from './evolve.ts';
import { advance, round3, turnFacing } from './geometry.ts';
import { armedCatch, armTractorBeam, mdsShot, tractor } from './interrupts.ts';
import { GSC_LIMITS, refOf, shipId } from './limits.ts';
import { activeShips, designOf, driveThisTurn, immobilized, ownShip } from './ships.ts';
import type { GscState, ShipState } from './state.ts';

export const TURN_COST = 4;
/** GSC-20 default: "contact" is within 1" centre to centre (ships are points on our table). */
export const CONTACT_DISTANCE = 1;

const maneuverSchema = /* @__PURE__ */ z.lazy(() =>
  z.discriminatedUnion('type', [
    // INV-1: no leg goes farther than the largest drive
    z.strictObject({ type: z.literal('forward'), inches: z.number().check(z.positive(), z.lte(GSC_LIMITS.driveInches)) }),
    z.strictObject({ type: z.literal('turn'), direction: z.enum(['left', 'right']) }),
    z.strictObject({ type: z.literal('tractor'), beam: shipId(), target: shipId() }),
    z.strictObject({ type: z.literal('mds'), missile: refOf(GSC_LIMITS.missileIdLength) }),
  ]),
);
export type Maneuver = z.infer<typeof maneuverSchema>;

export const moveShipSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    type: z.literal('MoveShip'),
    ship: shipId(),
    path: z.array(maneuverSchema).check(z.maxLength(GSC_LIMITS.pathManeuvers)),
  }),
);
export const deferMoveSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ type: z.literal('DeferMove'), ship: shipId() }));
export const endMovesSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ type: z.literal('EndMoves') }));
export type MoveShip = z.infer<typeof moveShipSchema>;

interface Pose {
  readonly at: Point;
  readonly facing: number;
  readonly spent: number;
  readonly straight: number;
  readonly moved: number;
  readonly turns: readonly TurnTaken[];
  readonly state: GscState;
  readonly events: readonly GscEvent[];
}

type Step = Pose | Decision<never>;

/** GSC-4, GSC-5: the drive left this turn, less what enemy tractor beams hold back so far. */
const budgetOf = (pose: Pose, ship: ShipState): number => driveThisTurn(pose.state.ships[ship.id] ?? ship);

const straight = (pose: Pose, ship: ShipState, inches: number): Step => {
  const left = round3(budgetOf(pose, ship) - pose.spent);
  if (inches > left + 1e-9)
    return reject('TOO_FAR', 'GSC-4', `${ship.name} has ${left}" of movement left but the path asks for ${inches}" more.`);
  const at = advance(pose.at, pose.facing, inches);
  return { ...pose, at, spent: pose.spent + inches, straight: pose.straight + inches, moved: pose.moved + inches };
};

/** GSC-5: an enemy beam armed against this ship catches it where the move first comes within its range. */
const forward = (pose: Pose, ship: ShipState, inches: number): Step => {
  const caught = armedCatch(pose.state, ship, pose.at, pose.facing, inches);
  if (!caught) return straight(pose, ship, inches);
  const reached = straight(pose, ship, caught.after);
  // Too far to reach the catch is too far for the whole path: the refusal names all it asks for.
  if ('ok' in reached) return straight(pose, ship, inches);
  const { beam } = caught;
  const range = round3(distance(caught.ship.at, reached.at));
  const data = { ship: caught.ship.id, beam: beam.id, target: ship.id, range, held: beam.strength, rule: 'GSC-5' } as const;
  const held = { ...reached, state: fold(reached.state, [{ type: 'TractorBeamUsed', data }]) };
  const rest = round3(inches - caught.after);
  const left = round3(budgetOf(held, ship) - held.spent);
  if (rest > left + 1e-9) {
    const why = `${caught.ship.name}'s tractor beam ${beam.id} catches ${ship.name} ${caught.after}" into this move and holds back ${beam.strength}"`;
    return reject('TRACTORED', 'GSC-5', `${why}; ${ship.name} has ${left}" of movement left but the path asks for ${rest}" more.`);
  }
  return forward({ ...held, events: [...held.events, { type: 'TractorBeamUsed', data }] }, ship, rest);
};

/**
 * GSC-5, GSC-8 since gsc2-0.7.0: a maneuver sees the ship as the path so far left it, so a beam
 * or an MDS used earlier in the move is used; before, every maneuver saw the ship as its move
 * began, and one path could fire a single MDS twice or hold with one beam twice (RUL-10).
 */
const asMovedSoFar = (pose: Pose, ship: ShipState, rc: RulesContext): ShipState =>
  rulesSince(rc.rulesVersion, 'gsc2-0.7.0') ? (pose.state.ships[ship.id] ?? ship) : ship;

const step = (pose: Pose, ship: ShipState, m: Maneuver, rc: RulesContext): Step => {
  const here = { ...asMovedSoFar(pose, ship, rc), at: pose.at, facing: pose.facing };
  const budget = budgetOf(pose, ship);
  switch (m.type) {
    case 'forward':
      return forward(pose, ship, m.inches);
    case 'turn': {
      const free = pose.straight + 1e-9 >= designOf(pose.state, ship).turnDistance;
      const cost = free ? 0 : TURN_COST;
      if (pose.spent + cost > budget + 1e-9) {
        return reject(
          'CANNOT_TURN',
          'GSC-4',
          `${ship.name} has gone ${pose.straight}" of its ${designOf(pose.state, ship).turnDistance}" turn distance and has not the 4" left to give up for a turn.`,
        );
      }
      const turns = [...pose.turns, { after: round3(pose.moved), direction: m.direction, cost }];
      return { ...pose, facing: turnFacing(pose.facing, m.direction), spent: pose.spent + cost, straight: 0, turns };
    }
    case 'tractor':
      return interrupt(pose, tractor(pose.state, here, m.beam, m.target, pose.at), 'GSC-5');
    case 'mds':
      return interrupt(pose, mdsShot(pose.state, here, m.missile, pose.at, rc.dice), 'GSC-8');
  }
};

const interrupt = (pose: Pose, outcome: GscEvent | string, rule: string): Step =>
  typeof outcome === 'string'
    ? reject('ILLEGAL_INTERRUPT', rule, outcome)
    : { ...pose, state: fold(pose.state, [outcome]), events: [...pose.events, outcome] };

/**
 * GSC-3: a ship may move only in the steps its command's doc names (GSC-1: Movement), when it is its
 * seat's turn to move and it has not moved.
 */
export const checkMover = (
  state: GscState,
  type: 'MoveShip' | 'DeferMove',
  seat: string | null,
  shipId: string,
): Decision<never> | ShipState => {
  if (!inItsStep(state, type))
    return reject('NOT_MOVEMENT', 'GSC-1', `Ships move in the Movement step; it is the ${state.step} step.`, 409);
  const m = state.movement;
  if (seat !== m.mover)
    // INV-10: not this seat's turn in the GSC-3 alternation, 403 as every ruleset's "not your turn" (docs/api.md, Refusals).
    return reject('NOT_YOUR_MOVE', 'GSC-3', `It is ${m.mover}'s move (${m.mode}, ${m.quota} ship(s)); ${seat} must wait.`, 403);
  const found = ownShip(state, seat, shipId);
  if (!found.ok) return reject('NOT_YOUR_SHIP', 'GSC-3', found.message);
  const ship = found.value;
  if (m.mode === 'deferred' && !ship.deferred)
    return reject('ALREADY_MOVED', 'GSC-4', `Only ships that deferred their move go now; ${ship.name} did not.`);
  if (m.mode !== 'deferred' && !unmoved(state, ship.seat).includes(ship))
    return reject('ALREADY_MOVED', 'GSC-3', `${ship.name} has already moved (or deferred its move) this turn.`);
  return ship;
};

/** GSC-20: immobilized enemy ships within contact distance at the end of a move. */
const contacts = (state: GscState, ship: ShipState, at: Point, moved: number): string[] =>
  moved <= 0
    ? []
    : activeShips(state)
        .filter((s) => s.seat !== ship.seat && immobilized(s) && distance(at, s.at) <= CONTACT_DISTANCE + 1e-9)
        .map((s) => s.id);

export const moveShip = (state: GscState, command: MoveShip, rc: RulesContext): Decision<GscEvent> => {
  const checked = checkMover(state, command.type, rc.seat, command.ship);
  if ('ok' in checked) return checked;
  const ship = checked;
  let pose: Pose = { at: ship.at, facing: ship.facing, spent: 0, straight: 0, moved: 0, turns: [], state, events: [] };
  for (const maneuver of command.path) {
    const next = step(pose, ship, maneuver, rc);
    if ('ok' in next) return next;
    pose = next;
  }
  const moved: ShipMoved = {
    type: 'ShipMoved',
    data: {
      ...{
        ship: ship.id,
        from: ship.at,
        to: pose.at,
        facing: pose.facing,
        moved: round3(pose.moved),
        spent: round3(pose.spent),
        turns: pose.turns,
      },
      ...{ contact: contacts(state, ship, pose.at, pose.moved), rule: 'GSC-4' },
    },
  };
  return { ok: true, events: [...pose.events, moved] };
};

/** GSC-4: the ship that may defer its move now, or why not. */
const checkDefer = (state: GscState, seat: string | null, shipId: string): Decision<never> | ShipState => {
  const checked = checkMover(state, 'DeferMove', seat, shipId);
  if ('ok' in checked) return checked;
  if (state.movement.mode === 'deferred') return reject('ALREADY_DEFERRED', 'GSC-4', `${checked.name} has deferred already; it moves now.`);
  const turnDistance = designOf(state, checked).turnDistance;
  if (driveThisTurn(checked) >= turnDistance) {
    return reject(
      'CAN_MOVE_NOW',
      'GSC-4',
      `${checked.name} can move its ${turnDistance}" turn distance (drive ${driveThisTurn(checked)}"), so it moves in its turn, not at the end.`,
    );
  }
  return checked;
};

/** GSC-4: a ship that cannot move its turn distance may move at the end of the turn instead (`deferredMoves`). */
export const deferMove = (state: GscState, shipId: string, rc: RulesContext): Decision<GscEvent> => {
  const checked = checkDefer(state, rc.seat, shipId);
  if ('ok' in checked) return checked;
  return { ok: true, events: [{ type: 'MoveDeferred', data: { ship: checked.id, rule: 'GSC-4' } }] };
};

/** TABLE-4: the seat's ships the referee's checks let it move (checkMover) or defer (checkDefer) now. */
export const shipsToMove = (state: GscState, type: 'MoveShip' | 'DeferMove', seat: string): ShipState[] =>
  activeShips(state, seat).filter(
    (ship) => !('ok' in (type === 'MoveShip' ? checkMover(state, type, seat, ship.id) : checkDefer(state, seat, ship.id))),
  );

/**
 * GSC-5: the seat's own tractor beam, used now on an enemy about to move (`use`), or armed
 * to catch it during its move, where the move first comes within range (`arm`).
 */
export const useTractorBeam = (
  state: GscState,
  command: { type: 'UseTractorBeam' | 'ArmTractorBeam'; ship: string; beam: string; target: string },
  rc: RulesContext,
): Decision<GscEvent> => {
  if (!inItsStep(state, command.type))
    return reject('NOT_MOVEMENT', 'GSC-22', `Tractor beams are used in the Movement step; it is the ${state.step} step.`, 409);
  const own = ownShip(state, rc.seat, command.ship);
  if (!own.ok) return reject('NOT_YOUR_SHIP', 'GSC-5', own.message);
  const used =
    command.type === 'ArmTractorBeam'
      ? armTractorBeam(state, own.value, command.beam, command.target)
      : tractor(state, own.value, command.beam, command.target, own.value.at);
  return typeof used === 'string' ? reject('ILLEGAL_TRACTOR', 'GSC-5', used) : { ok: true, events: [used] };
};
