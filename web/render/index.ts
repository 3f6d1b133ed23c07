/** The battlefield of any game view as an SVG string: the page and `arbiter replay --svg` both draw with this. */
import type { GameView } from '../../domain/match/view.ts';
import { drawGsc2 } from './gsc2.ts';
import { drawPostGalactica } from './post-galactica.ts';
import { drawSoluna } from './soluna.ts';
import { esc, type Json, obj } from './svg.ts';

const DRAW: Readonly<Record<string, (game: Json, seats: readonly string[]) => string>> = {
  'post-galactica': drawPostGalactica,
  soluna: drawSoluna,
  gsc2: drawGsc2,
};

export const drawBattlefield = (view: GameView): string => {
  const draw = DRAW[view.ruleset];
  const seats = view.seats.map((s) => s.name);
  if (!draw || view.game === null) {
    const why = draw ? 'the battle has not begun yet' : `no picture for the ruleset ${view.ruleset}`;
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 10" role="img" aria-label="${esc(why)}"><text x="20" y="5" font-size="2" text-anchor="middle">${esc(why)}</text></svg>`;
  }
  return draw(obj(view.game), seats);
};
