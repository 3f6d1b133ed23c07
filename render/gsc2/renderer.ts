/**
 * GSC2's drawing side, one value (HALL-4): registered in render/renderers.ts, as its rules are
 * in domain/ruleset-list.ts.
 */
import { piece, REF, type Renderer, SEAT } from '../renderer.ts';
import { drawGsc2, gscPlaces } from './board.ts';
import { gscShip } from './inspect.ts';
import { gscMarks } from './marks.ts';
import { gscMeasure } from './measure.ts';
import { gscOffers } from './offers.ts';
import { gscSentences } from './sentences.ts';
import { gscSummary } from './summary.ts';

export const gsc2Renderer: Renderer = {
  id: 'gsc2',
  draw: drawGsc2,
  places: gscPlaces,
  marks: gscMarks,
  actors: {
    TurnStarted: REF,
    StepStarted: REF,
    TerrainMoved: REF,
    MoverChanged: REF,
    ShipMoved: piece('ship'),
    ShipStayed: piece('ship'),
    MoveDeferred: piece('ship'),
    TractorBeamUsed: piece('ship'),
    TractorBeamArmed: piece('ship'),
    MdsFired: piece('ship'),
    SystemUsed: piece('ship'),
    OrdersSubmitted: SEAT,
    OrdersSealed: SEAT,
    OrdersRevealed: REF,
    InitiativeRolled: REF,
    MissilesLaunched: piece('ship'),
    MissileMoved: piece('missile'),
    TrackingTested: piece('missile'),
    MissileLost: REF,
    MissileAttacked: piece('missile'),
    BeamFired: piece('ship'),
    DamageInflicted: REF,
    ShipDestroyed: REF,
    BoardersLanded: piece('ship'),
    PodsLaunched: piece('ship'),
    PodMoved: piece('pod'),
    PodRammed: piece('pod'),
    BoardingFought: REF,
    ShipCaptured: REF,
    RepairAttempted: piece('ship'),
    RepairsDone: SEAT,
  },
  sentences: gscSentences,
  inspect: gscShip,
  where: (game) => `turn ${String(game.turn)}, ${String(game.step)} step`,
  summary: gscSummary,
  measure: gscMeasure,
  offers: gscOffers,
};
