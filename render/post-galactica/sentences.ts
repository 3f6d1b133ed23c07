/** TABLE-7: Post Galactica's events as sentences (render/sentences.ts): units by id, points as `(x, y)`, lengths in inches. */
import type { Sentences } from '../renderer.ts';
import { type Json, list, num, obj } from '../svg.ts';
import { counted, figure, inches, listed, names, resources, spot, word } from '../words.ts';

/** PG-7: a countdown's counters: `with 2 counters`. */
const counters = (d: Json): string => `with ${counted(d.counters, 'counter')}`;
/** What an action cost, when it cost anything. */
const costing = (cost: unknown): string => (resources(cost) === 'nothing' ? '' : ` for ${resources(cost)}`);
const gaining = (gained: unknown): string => (resources(gained) === 'nothing' ? '' : `, gaining ${resources(gained)}`);
const unitIds = (placements: unknown): string => names(list(placements).map((p) => obj(p).unitId));

const attack = (d: Json): string => {
  const reaction = d.reaction === undefined ? '' : ` as ${word(d.reaction)}`;
  const absorbed = num(d.absorbed) > 0 ? `, ${figure(d.absorbed)} absorbed` : '';
  const status = d.statusApplied ? `, leaving it ${word(obj(d.statusApplied).name)}` : '';
  return `${word(d.attackerId)} made a ${word(d.kind)} attack on ${word(d.targetId)} with the ${word(d.weapon)}${reaction}, ${counted(d.hits, 'hit')} from ${counted(d.attacks, 'attack')}, ${figure(d.cohesionLost)} Cohesion lost${absorbed}${status}, ${counted(d.modelsRemaining, 'model')} left`;
};

const gathered = (d: Json): string => {
  const nodes = list(d.nodes)
    .map(obj)
    .map((n) => `${figure(n.amount)} ${word(n.kind)} from ${word(n.nodeId)}`);
  const faction = num(d.faction) > 0 ? [`${figure(d.faction)} faction`] : [];
  return `${word(d.seat)} gathered ${listed([...nodes, ...faction], 'nothing')}, now holding ${resources(d.resources)}`;
};

const completed = (d: Json): string => {
  const where = d.position ? ` at ${spot(d.position)}` : '';
  const gained = d.gained === undefined ? '' : gaining(d.gained);
  return `${word(d.seat)}’s ${word(d.kind)} of ${word(d.label)} completed${where}${gained}`;
};

const countedDown = (d: Json): string => {
  const each = list(d.removed)
    .map(obj)
    .map((r) => `${word(r.label)} (${figure(r.remaining)} left)`);
  return `${word(d.seat)} removed a counter from ${listed(each, 'no countdown')}`;
};

const statuses = (d: Json): string => {
  const each = list(d.results)
    .map(obj)
    .map((r) => `${word(r.unitId)}’s ${word(r.status)}`);
  return `${word(d.seat)} resolved ${listed(each, 'no status')}${d.chosenBy === 'default' ? ' by default' : ''}`;
};

const totals = (d: Json): string => {
  const supply = obj(d.supply);
  const workers = obj(d.workers);
  return `${word(d.seat)} confirmed its totals, ${resources(d.resources)} held, ${figure(supply.used)} of ${figure(supply.max)} supply used and ${figure(workers.count)} of ${counted(workers.limit, 'worker')}`;
};

export const pgSentences: Sentences = {
  TurnStarted: (d) => `turn ${word(d.turn)} of round ${word(d.round)} began, ${word(d.seat)} to play`,
  PhaseStarted: (d) => `${word(d.seat)}’s ${word(d.phase)} phase began`,
  RoundCompleted: (d) => `round ${word(d.round)} ended`,
  DeploymentStarted: (d) => `${word(d.seat)} is to deploy`,
  UnitsDeployed: (d) =>
    `${word(d.seat)}’s ${counted(list(d.placements).length, 'unit')} ${d.automatic === true ? 'were placed by default, its deadline having passed' : 'were deployed'}`,
  FactionResourcesGained: (d) => `${word(d.seat)} gained ${resources(d.gained)}, now holding ${resources(d.resources)}`,
  CountersRemoved: countedDown,
  CountdownCompleted: completed,
  ResourcesGathered: gathered,
  UnitMoved: (d) => `${word(d.unitId)} moved ${inches(d.distance)} of its ${inches(d.movement)} to ${spot(list(d.path).at(-1))}`,
  ConstructionStarted: (d) =>
    `${word(d.builderId)} began building a ${word(d.datasheet)} (${word(d.unitId)}) at ${spot(d)}${costing(d.cost)}, ${counters(d)}`,
  ProductionStarted: (d) =>
    `${word(d.buildingId)} began producing a ${word(d.datasheet)} (${word(d.unitId)})${costing(d.cost)}, ${counters(d)}`,
  UnitRepaired: (d) => `${word(d.by)} repaired ${word(d.unitId)}, restoring ${figure(d.restored)} Cohesion to ${figure(d.cohesion)}`,
  ObjectiveInteracted: (d) => `${word(d.unitId)} interacted with objective ${word(d.objectiveId)}`,
  UnitAimed: (d) => `${word(d.unitId)} took aim`,
  AttackResolved: attack,
  UnitDestroyed: (d) => `${word(d.seat)}’s ${word(d.datasheet)} ${word(d.unitId)} was destroyed by ${word(d.cause)}`,
  StatusesResolved: statuses,
  ObjectivesScored: (d) => `${word(d.seat)} scored ${figure(d.points)} VP for ${names(d.objectives)}, ${figure(d.total)} VP in all`,
  TotalsConfirmed: totals,
  ResearchStarted: (d) => `${word(d.buildingId)} began researching ${word(d.name)}${costing(d.cost)}, ${counters(d)}`,
  SalvageStarted: (d) => `${word(d.unitId)} began salvaging ${word(d.targetId)}, ${counters(d)}`,
  StanceTaken: (d) => `${word(d.unitId)} took the ${word(d.stance)} stance`,
  UnitsLoaded: (d) =>
    `${names(d.passengerIds)} boarded ${word(d.transportId)}, ${figure(d.models)} of ${counted(d.capacity, 'model')} aboard`,
  UnitsUnloaded: (d) => `${word(d.transportId)} unloaded ${unitIds(d.placements)}`,
  PassengersDisembarked: (d) => `${unitIds(d.placements)} disembarked from ${word(d.transportId)}`,
  AbilityActivated: (d) => `${word(d.unitId)} activated ${word(d.ability)}${costing(d.cost)}${gaining(d.gained)}`,
  AbilityTriggered: (d) => `${word(d.unitId)}’s ${word(d.ability)} triggered${gaining(d.gained)}`,
  FactionAbilitiesRefreshed: (d) =>
    `${word(d.seat)}’s faction abilities were refreshed (${listed(list(d.abilities).map((a) => word(obj(a).ability)))})`,
  FactionAbilityUsed: (d) =>
    `${word(d.seat)} used its faction ability ${word(d.ability)}${costing(d.cost)}${gaining(d.gained)} (${figure(d.uses)} of ${figure(d.usesPerTurn)} this turn)`,
};
