/**
 * INV-7: games whose organiser holds no seat (a tournament's or a club's organiser), so a
 * correction across a roll is theirs to give, beside the games of test/support/soluna.ts,
 * whose creator holds the first seat.
 */
import type { Actor } from '../../domain/kernel/context.ts';
import { Game, player, seat } from './decider-spec.ts';
import { act, mission, profile, shoot, submit } from './soluna.ts';

/** The organiser of the refereed games: p_org, who holds no seat. */
export const ORGANISER: Actor = player('p_org');

/**
 * afterAShot's duel, refereed: p_org creates it and takes no seat, p_sun joins as sun (first)
 * and p_moon as moon; sun shoots xul and moon does nothing, both orders revealed and the hit
 * rolled. `start` is the version before sun's orders.
 */
export const refereedShot = () => {
  const game = new Game();
  const meena = profile({ id: 'meena', mind: 10, at: [0, 0], leader: true });
  const xul = profile({ id: 'xul', mind: 10, at: [3, 0], leader: true });
  game.run(
    { type: 'CreateGame', ruleset: 'soluna', options: { firstPlayer: 'sun', rules: { mission: mission([meena], [xul]) } } },
    ORGANISER,
  );
  game.run({ type: 'JoinGame', seat: 'sun' }, player('p_sun'));
  game.run({ type: 'JoinGame', seat: 'moon' }, player('p_moon'));
  const start = game.state.version;
  game.run(submit([shoot('meena', 'xul')]), seat('sun', 'p_sun'));
  game.run(submit([act('xul', { kind: 'none' })]), seat('moon', 'p_moon'));
  return { game, start };
};
