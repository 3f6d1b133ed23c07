/**
 * Pig (docs/examples/pig) with the seats a test names: the match lifecycle takes a ruleset's
 * seats, however many, and the shipped rulesets all have two, so agreements of one seat and of
 * three are tested on Pig.
 */
import { EXAMPLE_OPTIONS } from '../../docs/examples/pig/examples.ts';
import { pig } from '../../docs/examples/pig/ruleset.ts';
import { rulesetsOf } from '../../domain/catalogue.ts';
import { Game, player } from './decider-spec.ts';

/** Pig organised by p_org, who takes no seat, with the seats `seatNames`, each taken by p_<seat>; red plays first unless `firstPlayer` is null. */
export const pigWith = (seatNames: readonly string[] = ['red', 'blue'], firstPlayer: string | null = 'red'): Game => {
  const game = new Game(rulesetsOf({ rulesets: [{ ...pig, seatNames }] }));
  const options = { rules: EXAMPLE_OPTIONS, ...(firstPlayer === null ? {} : { firstPlayer }) };
  game.run({ type: 'CreateGame', ruleset: 'pig', options }, player('p_org'));
  for (const name of seatNames) game.run({ type: 'JoinGame', seat: name }, player(`p_${name}`));
  return game;
};
