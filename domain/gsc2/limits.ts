/**
 * INV-1: how big a GSC2 battle may be. The reference sheet fixes no size at all (no fleet,
 * design, map or game length), so every limit here is a default of ours: generous for a real
 * fleet action (the example scenario has 2 ships a side, 3 batteries a ship), and small enough
 * that the largest battle the schemas accept, every list at its limit and every name at its
 * longest, fits the service's 64 KiB request body when created and stays under
 * `STATE_BUDGET_BYTES` (domain/kernel/budget.ts) for its whole play
 * (scenarios/largest-gsc2.ts, test/service/inv-1-gsc2-soluna-largest.service.test.ts). A
 * game's stored state holds the designs twice (its options and the rules state) and, while a
 * seat may take back its commands (TB-1), the whole state twice again (the undo window's
 * checkpoint): so the options and the battle at its largest get under half the budget, and
 * every ship costs its 16 systems' state whatever its design. Each limit is also a bound on
 * CPU: the largest beams step rolls for 384 weapons (INV-2).
 * Each is enforced by a zod check where the value enters, so a refusal is a 400 naming the
 * field's JSON pointer and the limit; the one limit that depends on play, missiles in flight,
 * is refused when the launch orders are sealed (`TOO_MANY_MISSILES`). docs/rules/gsc2.md
 * "Limits" lists them.
 */
import * as z from '../kernel/zod.ts';

export const GSC_LIMITS = {
  /** default: ships a fleet deploys; a fleet action of 16 ships, each with a chart and systems to follow (the example has 2 a side). */
  shipsPerFleet: 8,
  /** default: ship designs in one battle (the example has 2); each is held twice in the state. */
  designs: 3,
  /** default: the characters of a ship, battery, missile battery, tractor beam, terrain or design id (the ids' own pattern). */
  idLength: 24,
  /** default: the characters of a ship's display name. */
  shipNameLength: 60,
  /** default: beam batteries a design mounts; the example cruiser has 3. */
  batteriesPerDesign: 4,
  /** default: weapons in one beam battery (GSC-14: one to-hit die, damage per weapon). */
  weaponsPerBattery: 6,
  /** default: the damage of one weapon or missile; armor rolls are on a d10 (GSC-17), so more than 10 changes nothing there. */
  damage: 10,
  /** default: missile batteries a design mounts; the example cruiser has 1. */
  missileBatteriesPerDesign: 2,
  /** default: missiles one missile battery launches at once; the example cruiser's has 2. */
  missilesPerBattery: 4,
  /** default: tractor beams a design mounts; the example cruiser has 1. */
  tractorBeamsPerDesign: 2,
  /** default: a tractor beam's range and strength, in inches. */
  tractorInches: 48,
  /** default: each level or count of a design's systems (deflectors, shields, MDS, crew, squads…); a d10 game. */
  systemLevel: 20,
  /** default: crew, assault squads, heavy assault squads, internal defense and transporters of a design: each trooper rolls a d10 in every boarding fight (GSC-21); the example cruiser has 4 crew. */
  troops: 10,
  /** default: assault pods a design carries (the example cruiser has 1); every pod may be in flight at once, so each costs state all game. */
  assaultPods: 1,
  /** default: systems on one row of the damage chart (GSC-18); the example rows have 2 or 3. */
  chartRow: 4,
  /** default: a design's size (GSC-19's bands end at "16+"). */
  size: 50,
  /** default: a design's hull. */
  hull: 500,
  /** default: a design's drive and turn distance, in inches (missiles move 12", GSC-7). */
  driveInches: 48,
  /** default: the size of targeting, each aspect and armor, positive or negative: d10 rolls. */
  rollNumber: 20,
  /** default: terrain pieces on the table. */
  terrain: 8,
  /** default: a terrain piece's radius, in inches. */
  terrainRadius: 100,
  /** default: how far terrain drifts each turn (GSC-2), in inches, on each axis. */
  drift: 12,
  /** default: how far from the table's origin a deployment, terrain piece or pod direction may be, in inches, on each axis. */
  coordinate: 10_000,
  /** default: the scenario's turn limit; the example battle lasts 8. */
  turnLimit: 50,
  /** default: maneuvers in one MoveShip path (forward legs, turns, interrupts). */
  pathManeuvers: 50,
  /** default: a seat's missiles in flight, four full batteries (each launches every other turn, GSC-6); launch orders that would pass it are refused when sealed. */
  missilesInFlight: 16,
  /** default: the characters of a missile id in an `mds` maneuver (`t<turn>-<ship>-<battery>-<n>`). */
  missileIdLength: 64,
  /** default: the characters of an assault pod id (`<ship>-pod-<n>`) or of a system reference (`battery:<id>`). */
  refLength: 40,
  /** default: repair attempts in one Repair command. */
  repairAttempts: 100,
} as const;

/** Beam fire orders in one set: every battery of a full fleet once (GSC-14: a battery fires once). */
export const MAX_FIRE_ORDERS = GSC_LIMITS.shipsPerFleet * GSC_LIMITS.batteriesPerDesign;
/** Missile launch orders in one set: every missile battery of a full fleet once (GSC-6). */
export const MAX_LAUNCH_ORDERS = GSC_LIMITS.shipsPerFleet * GSC_LIMITS.missileBatteriesPerDesign;
/** Boarding actions in one set (GSC-20): each ship of a full fleet by each of the three methods. */
export const MAX_BOARDING_ACTIONS = GSC_LIMITS.shipsPerFleet * 3;
/** Sabotage entries in one set (GSC-21): one per ship of a full enemy fleet. */
export const MAX_SABOTAGE = GSC_LIMITS.shipsPerFleet;
/** Pod directions in one set: every pod of a full fleet (GSC-20). */
export const MAX_POD_DIRECTIONS = GSC_LIMITS.shipsPerFleet * GSC_LIMITS.assaultPods;

/** INV-1: an id named in a command (ship, battery, tractor beam, target): at most `idLength` characters. */
export const shipId = () => z.string().check(z.maxLength(GSC_LIMITS.idLength));
/** INV-1: a missile id, an assault pod id or a system reference named in a command. */
export const refOf = (max: number) => z.string().check(z.maxLength(max));
/** INV-1: a coordinate of the table, in inches. */
export const coordinate = () => z.number().check(z.gte(-GSC_LIMITS.coordinate), z.lte(GSC_LIMITS.coordinate));

/**
 * INV-1: the events of the largest beams reveal (GSC-14, GSC-16), the last seat's orders of a
 * Beams step when both full fleets fire every battery and every one hits: the 3 of the orders
 * (submitted, sealed, revealed), per battery one `BeamFired` and one `DamageInflicted` per
 * weapon, a `ShipDestroyed` a ship and the `GameEnded`: 3 + 2·8·4·(1 + 6) + 16 + 1 = 468, far
 * under the `MAX_BATCH` (1,000) events a command may record (functions/games/app/budget.ts); more than
 * a transaction holds items for one by one, so the store packs them in runs (docs/design.md §5).
 * test/unit/inv-1-batch-limit.unit.test.ts builds it through the decider.
 */
export const MAX_BEAMS_REVEAL_EVENTS =
  3 + 2 * GSC_LIMITS.shipsPerFleet * GSC_LIMITS.batteriesPerDesign * (1 + GSC_LIMITS.weaponsPerBattery) + 2 * GSC_LIMITS.shipsPerFleet + 1;
