/**
 * Sol'una's drawing side, one value (HALL-4): registered in render/renderers.ts, as its rules are
 * in domain/ruleset-list.ts.
 */
import { piece, REF, type Renderer, SEAT } from '../renderer.ts';
import { drawSoluna, solunaPlaces } from './board.ts';
import { solunaModel } from './inspect.ts';
import { solunaMarks } from './marks.ts';
import { solunaMeasure } from './measure.ts';
import { solunaOffers } from './offers.ts';
import { solunaSentences } from './sentences.ts';
import { solunaSummary } from './summary.ts';

export const solunaRenderer: Renderer = {
  id: 'soluna',
  draw: (game, seats) => drawSoluna(game, seats),
  places: solunaPlaces,
  marks: solunaMarks,
  actors: {
    TurnStarted: REF,
    PhaseStarted: REF,
    ActionsSealed: SEAT,
    ActionsCommitted: SEAT,
    ActionsRevealed: REF,
    ModelMoved: piece('model'),
    MoveBlocked: piece('model'),
    AttackResolved: piece('model'),
    PowerUsed: piece('model'),
    ActivationDeferred: piece('model'),
    ActivationPassed: piece('model'),
    PhaseEnded: REF,
    TurnEnded: REF,
  },
  sentences: solunaSentences,
  inspect: solunaModel,
  where: (game) => `turn ${String(game.turn)}, phase ${String(game.phase)}`,
  summary: solunaSummary,
  measure: solunaMeasure,
  offers: solunaOffers,
};
