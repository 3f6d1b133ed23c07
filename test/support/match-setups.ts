/**
 * The games the match layer's unit tests start from, built once: Post Galactica and Pig organised
 * by a player who takes no seat, a Sol'una duel of two leaders, and a die rolled at a chosen face.
 * Tests of the organiser, agreements, takebacks, forks and the fold each began from these.
 */
import { EXAMPLE_OPTIONS } from '../../docs/examples/pig/examples.ts';
import { pig } from '../../docs/examples/pig/ruleset.ts';
import { rulesetsOf } from '../../domain/catalogue.ts';
import type { Actor } from '../../domain/kernel/context.ts';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { Game, player, seat } from './decider-spec.ts';
import { mission, playing, profile, shoot } from './soluna.ts';

/** The server: the phase timer, and whoever else acts for no seat and no player. */
export const system: Actor = { kind: 'system' };
/** The player who organises the games below and takes no seat in them (PBM-12). */
export const organiser = player('p_org');
/** When every game here is created, and when its first step opens. */
export const T0 = '2026-01-01T00:00:00.000Z';
/** `minutes` after T0. */
export const at = (minutes: number): string => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

/**
 * Post Galactica organised by p_org; red goes first (a mission choice), every phase has an hour (the
 * first step, t1-command, passes at 01:00); `options` adds to or replaces those options.
 */
export const organisedPostGalactica = (options: Record<string, unknown> = {}): Game => {
  const game = new Game();
  game.run(
    { type: 'CreateGame', ruleset: 'post-galactica', options: { firstPlayer: 'red', deadlines: { default: 'PT1H' }, ...options } },
    organiser,
  );
  game.run({ type: 'JoinGame', seat: 'red' }, player('p_red'));
  game.run({ type: 'JoinGame', seat: 'blue' }, player('p_blue'));
  return game;
};

/** Pig (docs/examples/pig, first to 20) organised by p_org; red and blue seated, red first; `options` adds match options. */
export const organisedPig = (options: Record<string, unknown> = {}): Game => {
  const game = new Game(rulesetsOf({ rulesets: [pig] }));
  game.run({ type: 'CreateGame', ruleset: 'pig', options: { rules: EXAMPLE_OPTIONS, firstPlayer: 'red', ...options } }, organiser);
  game.run({ type: 'JoinGame', seat: 'red' }, player('p_red'));
  game.run({ type: 'JoinGame', seat: 'blue' }, player('p_blue'));
  return game;
};

/** `by` rolls the face `face` in Pig, drawn at the seq of the Roll's own event as the seed's dice would be; returns that seq. */
export const rollFace = (game: Game, by: Actor, face: number, now?: string): number => {
  const seq = game.state.version + 1;
  game.run({ type: 'Roll' }, by, scriptedDice([face], seq), now);
  return seq;
};

/** Sol'una's two leaders, three hexes apart: sun's meena and moon's xul. */
export const MEENA = profile({ id: 'meena', mind: 10, at: [0, 0], leader: true });
export const XUL = profile({ id: 'xul', mind: 10, at: [3, 0], leader: true });

/** A Sol'una duel between p_sun (who created it, so organises it too) and p_moon, in its first phase, which awaits both. */
export const solunaDuel = (options: Record<string, unknown> = {}): Game => playing(mission([MEENA], [XUL]), {}, options);

/** `solunaDuel()` after sun sealed its actions (meena shoots xul): the phase awaits moon alone. */
export const sunSealed = (): Game => {
  const game = solunaDuel();
  game.run({ type: 'SubmitActions', actions: [shoot('meena', 'xul')] }, seat('sun'));
  return game;
};
