/**
 * Post Galactica's drawing side, one value (HALL-4): registered in render/renderers.ts, as its rules are
 * in domain/ruleset-list.ts.
 */
import { piece, REF, type Renderer, SEAT } from '../renderer.ts';
import { drawPostGalactica, pgPlaces } from './board.ts';
import { pgUnit } from './inspect.ts';
import { pgMarks } from './marks.ts';
import { pgMeasure } from './measure.ts';
import { pgOffers } from './offers.ts';
import { pgSentences } from './sentences.ts';
import { pgSummary } from './summary.ts';

export const postGalacticaRenderer: Renderer = {
  id: 'post-galactica',
  draw: (game, seats) => drawPostGalactica(game, seats),
  places: pgPlaces,
  marks: pgMarks,
  actors: {
    TurnStarted: REF,
    PhaseStarted: REF,
    RoundCompleted: REF,
    DeploymentStarted: REF,
    UnitsDeployed: SEAT,
    FactionResourcesGained: REF,
    CountersRemoved: REF,
    CountdownCompleted: REF,
    ResourcesGathered: SEAT,
    UnitMoved: piece('unitId'),
    ConstructionStarted: SEAT,
    ProductionStarted: SEAT,
    UnitRepaired: piece('by'),
    ObjectiveInteracted: SEAT,
    UnitAimed: piece('unitId'),
    AttackResolved: piece('attackerId'),
    UnitDestroyed: REF,
    StatusesResolved: SEAT,
    ObjectivesScored: REF,
    TotalsConfirmed: REF,
    ResearchStarted: SEAT,
    SalvageStarted: SEAT,
    StanceTaken: piece('unitId'),
    UnitsLoaded: piece('transportId'),
    UnitsUnloaded: piece('transportId'),
    PassengersDisembarked: piece('transportId'),
    AbilityActivated: SEAT,
    AbilityTriggered: REF,
    FactionAbilitiesRefreshed: REF,
    FactionAbilityUsed: SEAT,
  },
  sentences: pgSentences,
  inspect: pgUnit,
  where: (game) =>
    `round ${String(game.round)}, turn ${String(game.turn)}${game.activeSeat ? ` (${String(game.activeSeat)})` : ''}, ${String(game.phase)} phase`,
  summary: pgSummary,
  measure: pgMeasure,
  offers: pgOffers,
};
