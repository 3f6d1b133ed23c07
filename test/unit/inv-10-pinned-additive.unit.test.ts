/**
 * INV-10, RUL-10: a game keeps the rules version it was created under until it adopts newer
 * rules, so a command the match lifecycle added after that version is refused, 422
 * `COMMAND_NOT_IN_RULES`, with a sentence naming the version the game is held to, the version
 * that brought the command and the way out (`AdoptRules`). The first version of each group is
 * each ruleset's `commandsSince` (the takebacks and forks of TB-1 to TB-6 came with pg-0.7.0,
 * sol-0.3.0 and gsc2-0.5.0; the deadlines, pauses and draws of PBM-12 and PBM-13 with pg-0.5.0,
 * sol-0.3.0 and gsc2-0.3.0). A game on the newest rules, or one that adopted them, takes them.
 */
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { ruleViolation } from '../../functions/kernel/problems.ts';
import { type Game, player, seat } from '../support/decider-spec.ts';
import { ageLog } from '../support/older-rules.ts';
import { arena, passTo } from '../support/post-galactica.ts';

const RULESETS = everyRuleset();
const red = seat('red', 'p_red');
const blue = seat('blue', 'p_blue');

/** `game`'s log as a server of `version` recorded it, the game created with `options.rulesVersion` `held`. */
const heldTo = (game: Game, version: string, held: 'pinned' | 'latest'): Game => {
  const created = (event: EventEnvelope) => {
    if (event.type !== 'GameCreated') return event.data;
    const data = event.data as { options: Record<string, unknown> };
    return { ...data, options: { ...data.options, rulesVersion: held } };
  };
  game.log = ageLog(game.log, version, created);
  return game;
};

/** A Post Galactica game in play in which red has ended a phase of its own: something to take back. */
const afterRedsPhase = (): Game => {
  const game = arena();
  game.run({ type: 'EndPhase' }, red);
  return game;
};

describe('INV-10 RUL-10 a game refuses the commands its rules version did not know', () => {
  it('INV-10 a game pinned to pg-0.6.0 refuses TakeBack and ProposeFork, naming its version, pg-0.7.0 and AdoptRules', () => {
    const game = heldTo(afterRedsPhase(), 'pg-0.6.0', 'pinned');
    expect(game.state.status === 'playing' && game.state.rulesVersion).toBe('pg-0.6.0');
    const takeBack = game.when({ type: 'TakeBack' }, red).thenRejects('RUL-10', 'COMMAND_NOT_IN_RULES');
    expect(takeBack.message).toBe(
      'This game is pinned to pg-0.6.0; TakeBack came with pg-0.7.0. Its organiser may move it to newer rules with AdoptRules.',
    );
    expect(ruleViolation(takeBack).status).toBe(422);
    const fork = game.when({ type: 'ProposeFork', version: game.state.version }, red).thenRejects('RUL-10', 'COMMAND_NOT_IN_RULES');
    expect(fork.message).toBe(
      'This game is pinned to pg-0.6.0; ProposeFork came with pg-0.7.0. Its organiser may move it to newer rules with AdoptRules.',
    );
  });

  it('INV-10 a game left on pg-0.4.0 (never adopted) refuses an agreement newer than it, naming pg-0.5.0', () => {
    const game = heldTo(afterRedsPhase(), 'pg-0.4.0', 'latest');
    const draw = game.when({ type: 'OfferDraw' }, blue).thenRejects('RUL-10', 'COMMAND_NOT_IN_RULES');
    expect(draw.message).toBe(
      'This game plays under pg-0.4.0; OfferDraw came with pg-0.5.0. Its organiser may move it to newer rules with AdoptRules.',
    );
    const pause = game.when({ type: 'PauseGame' }, player('p_red')).thenRejects('RUL-10', 'COMMAND_NOT_IN_RULES');
    expect(pause.message).toContain('PauseGame came with pg-0.5.0');
  });

  it('INV-10 pg-0.7.0, the version that brought them, takes a TakeBack; pg-0.6.0 still takes an OfferDraw', () => {
    const takes = heldTo(afterRedsPhase(), 'pg-0.7.0', 'pinned');
    expect(takes.when({ type: 'TakeBack' }, red).events.map((e) => e.type)).toEqual(['TakenBack']);
    const draws = heldTo(afterRedsPhase(), 'pg-0.6.0', 'pinned');
    expect(draws.when({ type: 'OfferDraw' }, blue).events.map((e) => e.type)).toEqual(['DrawOffered']);
  });

  it('INV-10 PBM-14 the organiser adopts the newest rules, and the pinned game then takes TakeBack', () => {
    const game = heldTo(afterRedsPhase(), 'pg-0.6.0', 'pinned');
    game.run({ type: 'AdoptRules' }, player('p_red'));
    const newest = RULESETS.getRuleset('post-galactica').rulesVersion;
    expect(game.state.status === 'playing' && game.state.rulesVersion).toBe(newest);
    passTo(game, 'red');
    game.run({ type: 'EndPhase' }, red);
    expect(game.when({ type: 'TakeBack' }, red).events.map((e) => e.type)).toEqual(['TakenBack']);
  });

  it('INV-10 a game on the newest rules takes TakeBack and ProposeFork', () => {
    const game = afterRedsPhase();
    expect(game.state.status === 'playing' && game.state.rulesVersion).toBe(RULESETS.getRuleset('post-galactica').rulesVersion);
    expect(game.when({ type: 'TakeBack' }, red).events.map((e) => e.type)).toEqual(['TakenBack']);
    expect(game.when({ type: 'ProposeFork', version: game.state.version }, red).events.map((e) => e.type)).toEqual(['ForkProposed']);
  });
});
