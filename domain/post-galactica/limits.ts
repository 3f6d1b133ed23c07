/**
 * INV-1: how big a Post Galactica game may be. The rules text fixes only a few sizes (PG-15,
 * PG-16, PG-20: one active Command Center, 3 free Workers, 5 Supply; rules 13.1: eight phases;
 * the two seats of a game); it gives no battlefield, no Deployment Points, no army size, no
 * numbers of units, weapons or terrain. Every other limit here is a default of ours: generous
 * for real play (the example scenario, `examples.ts`, fields 8 units a side on 48" × 36" with 5
 * resource nodes, 3 terrain pieces and 4-5 datasheets a faction) and small enough that the
 * largest game the schemas accept, every list at its limit and every name at its longest, fits
 * the service's 64 KiB request body when created and stays under `STATE_BUDGET_BYTES`
 * (domain/kernel/budget.ts) for its whole play (scenarios/largest-post-galactica.ts,
 * test/service/inv-1-post-galactica-largest.service.test.ts). The state holds the scenario
 * twice (the options as given and the datasheets as the rules read them), and while a seat may
 * still take its commands back the match holds the whole state twice again (the undo window's
 * checkpoint, domain/match/state.ts): the scenario gets about a quarter of the budget, so its
 * lists are the tightest. The largest game peaks at about 182 KB of the 200 KiB in play.
 *
 * Each limit is enforced by a zod check where the value enters (`datasheets.ts`, `mission.ts`,
 * `options.ts` and the command schemas), so a refusal is a 400 naming the field's JSON pointer
 * and the limit. The two that depend on play, units a seat fields at once and units a game
 * fields in all, are refused by the command that would pass them (`TOO_MANY_UNITS`, since
 * pg-0.8.0). docs/rules/post-galactica.md "Limits" lists them.
 */
export const PG_LIMITS = {
  /** the engine's two seats (options.ts SEATS; the text's turn passes to "the opponent", 13.11): each army names one faction, so a third could never be played. */
  factions: 2,
  /** default: unit datasheets of a faction; the example factions have 3. */
  unitDatasheets: 5,
  /** default: building datasheets of a faction; the example factions have 3 or 4. */
  buildingDatasheets: 5,
  /** default: weapons on one datasheet; the example units have 2. */
  weaponsPerDatasheet: 4,
  /** default: weapons on all the datasheets of one faction; each example faction has 5. */
  weaponsPerFaction: 8,
  /** default: special rules of one weapon (`Fire While Engaged`, …); the example's have 0 or 1. */
  specialRulesPerWeapon: 2,
  /** default: keywords of one datasheet; the example's have 1 or 2. */
  keywordsPerDatasheet: 4,
  /** rules 13.7 (PG-10): the actions a datasheet may allow are the 13 the text lists, each once. */
  actionsPerDatasheet: 13,
  /** default: abilities of one datasheet (PG-10 Activate Ability and triggered ones); the example's have none. */
  abilitiesPerDatasheet: 3,
  /** default: abilities on all the datasheets of one faction. */
  abilitiesPerFaction: 4,
  /** default: research items of one datasheet (PG-10 Research). */
  researchPerDatasheet: 3,
  /** default: research items on all the datasheets of one faction. */
  researchPerFaction: 4,
  /** default: faction abilities (PG-10) of one faction. */
  factionAbilities: 3,
  /** default: the characters of any name (datasheet, weapon, keyword, ability, status, terrain, mission…). */
  nameLength: 24,
  /** default, kept from the id pattern: the characters of a datasheet, faction, terrain, node, objective or unit id. */
  idLength: 48,
  /** default: the characters of an id in a command; a generated unit id is `<seat>-<datasheet id>-<n>`, at most 58. */
  commandIdLength: 64,
  /** default: the battlefield's width and height, in inches; a large table is 72" × 48", the example 48" × 36". */
  battlefieldInches: 120,
  /** default: a coordinate of a point (zone corner, terrain, node, objective) in inches: on or near a battlefield of at most 120". */
  coordinate: 1_000,
  /** default: impassable or scenic terrain pieces; the example has 3. */
  terrain: 8,
  /** default: the corners of one polygon terrain piece; the example's ridge has 4. */
  polygonPoints: 10,
  /** default: resource nodes (PG-8); the example has 5. */
  resourceNodes: 6,
  /** default: objectives; the example has 2. */
  objectives: 6,
  /** default: victory conditions; there are 4 kinds, each needs saying once. */
  victoryConditions: 4,
  /** default: the Deployment Points of a mission (the example's are 120) and a datasheet's Deployment Point cost. */
  deploymentPoints: 10_000,
  /** default: units in one Deployment List (besides the Command Center and Workers, PG-15, PG-16); the example lists 3. */
  armyUnits: 20,
  /** default: purchased Worker capacity in one Deployment List (PG-16); the example buys 1. */
  purchasedWorkers: 6,
  /** default: units a seat fields at once, on the battlefield, aboard, under construction or in production (play may not pass it). */
  unitsPerSeat: 36,
  /** default: units a game fields in all, the destroyed ones counted (their ids stay, so a new unit never reuses one). */
  unitsPerGame: 100,
  /** default: a datasheet's Cohesion and Body Value (PG-2); the example's largest is 20, a Command Center. */
  cohesion: 100,
  /** default: a datasheet's Movement, in inches; the example's largest is 7. */
  movement: 48,
  /** default: a weapon's Range, in inches: at most the largest battlefield's side. */
  range: 120,
  /** default: a base's radius, in inches; the example's largest is 3, a Command Center. */
  baseRadius: 6,
  /** default: a weapon's Attacks, or a special attack rule's (PG-1, PG-3); the example's largest is 4. */
  attacks: 20,
  /**
   * default: the attacks one weapon makes at full strength, models × Attacks (PG-1) or the special rule's
   * (PG-3): one die each, and every die is recorded in its event; the text's example makes 10.
   */
  attacksPerWeapon: 60,
  /** default: a weapon's Damage (Cohesion removed by a hit); at most a unit's Cohesion. */
  damage: 100,
  /** default: the Status Phases a status lasts (PG-13), and a Transport's capacity in models (PG-10). */
  duration: 10,
  /** default: countdown counters (PG-7: production, construction, research, salvage, recharge); the example's most are 4. */
  counters: 20,
  /** default: any amount of resources (a cost, a gain, an income, a starting amount, a node's total). */
  resources: 1_000_000,
  /** default: a mission's Command Center limit (PG-15 says 1 unless a rule says otherwise). */
  commandCenterLimit: 4,
  /** default: an objective's Victory Points, and the Victory Points a mission's win needs. */
  victoryPoints: 1_000,
  /** default: a mission's round limit; the example's is 6. */
  rounds: 100,
  /** default: uses per turn of a faction ability. */
  usesPerTurn: 10,
  /**
   * default: units of one seat on Overwatch at once (PG-10; since pg-0.8.0): each fires every
   * usable weapon when an enemy ends a move, so one Move sets off at most 4 × 4 weapons × 60 dice.
   */
  overwatchUnits: 4,
  /** default (kept from before): the waypoints of one Move (PG-9). */
  pathPoints: 50,
  /** default: the Supply a building provides or a unit uses (PG-19, PG-20: a Command Center provides 5). */
  supply: 100,
} as const;

/** Units one `Deploy` may place: every unit a Deployment List can bring (Command Center, 3 free Workers, purchased ones, the list). */
export const MAX_DEPLOY_UNITS = 1 + 3 + PG_LIMITS.purchasedWorkers + PG_LIMITS.armyUnits;

/**
 * Auto placement (`Deploy` with `auto`) tries at most this many spots in one command; past it,
 * the units left are refused as if the zone were full (`ZONE_FULL`), and the player places
 * them by hand. The largest army needs fewer than 100 in the largest game's zones and about
 * 600 with bases of 5 radii from 0.5" to 6" packed in a 48" × 48" zone (INV-2).
 */
export const MAX_AUTO_SPOTS = 5_000;

/** Entries in one `ResolveStatuses` order (PG-13): a few statuses on every unit a seat fields. */
export const MAX_STATUS_ORDER = 4 * PG_LIMITS.unitsPerSeat;
