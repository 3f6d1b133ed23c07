/**
 * Every ruleset's drawing side: the one list of renderers (HALL-4). The page, the viewer and
 * `arbiter replay` look a ruleset up here, as the service looks its rules up in
 * domain/ruleset-list.ts: a new ruleset is its folder of render/ and one line here. A test
 * holds this list to the domain's, id for id.
 */
import { gsc2Renderer } from './gsc2/renderer.ts';
import { postGalacticaRenderer } from './post-galactica/renderer.ts';
import type { Renderer } from './renderer.ts';
import { solunaRenderer } from './soluna/renderer.ts';

export const rendererList: readonly Renderer[] = [postGalacticaRenderer, solunaRenderer, gsc2Renderer];
