/** Who acted in an event is the renderer's (render/actor.ts), shared with the CLI (TABLE-7). */
export { ACTORS, actingSeat, actorsOf, ownerOf, REFEREE } from '../render/actor.ts';
