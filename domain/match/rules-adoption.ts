/**
 * PBM-14: a rules change never strands a running game. A game started under older rules
 * moves to the version this build implements with a recorded `RulesVersionAdopted`:
 * given by the system when the game's log re-adjudicates identically under the new rules
 * (`how: 'replayed'`; the command handler checks that, `verify` checks it again), or by
 * the organiser, the player who created the game, from the current position otherwise.
 */

import type { Rulesets } from '../catalogue.ts';
import type { DomainEvent } from '../kernel/envelope.ts';
import { isNewerRulesVersion } from '../kernel/rules-version.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import type { RulesVersionAdopted } from './events.ts';
import type { MatchCtx } from './match-ctx.ts';
import { isOrganiser } from './organiser.ts';
import { hasEnded } from './refusals.ts';
import type { Match } from './state.ts';

/** The newer rules version this build could move the game to, or null when there is none. */
export const adoptableVersion = (match: Match, rulesets: Rulesets): string | null => {
  const served = rulesets.getFold(match.ruleset).rulesVersion;
  return isNewerRulesVersion(served, match.rulesVersion) ? served : null;
};

/** RUL-10: a game its organiser pinned to its rules version, which the system never moves (`options.rulesVersion`). */
export const isPinned = (match: Match): boolean => match.options.rulesVersion === 'pinned';

/** `AdoptRules`: the system after an identical re-adjudication, or the organiser by choice. */
export const adoptRules = (match: Match, ctx: MatchCtx): Decision<DomainEvent> => {
  if (ctx.actor.kind === 'player' && !isOrganiser(match, ctx.actor)) {
    return reject('NOT_ORGANISER', 'MATCH', 'Only the organiser, the player who created this game, may adopt new rules for it.', 403);
  }
  if (match.status === 'ended') return reject('GAME_OVER', 'MATCH', hasEnded(match, 'it keeps the rules it was played under'), 409);
  if (ctx.actor.kind === 'system' && isPinned(match)) {
    return reject(
      'RULES_PINNED',
      'RUL-10',
      `This game is pinned to ${match.rulesVersion}; only its organiser moves it to other rules, with AdoptRules.`,
      409,
    );
  }
  // A re-adjudication names the version the log adopted (RUL-10); in play the newest served.
  const to = ctx.rulesVersion ?? adoptableVersion(match, ctx.rulesets);
  if (to === null || !isNewerRulesVersion(to, match.rulesVersion)) {
    return reject(
      'NOTHING_TO_ADOPT',
      'MATCH',
      `This game already plays under ${match.rulesVersion}, and this server implements no newer version of its rules to adopt.`,
      409,
    );
  }
  const adopted: RulesVersionAdopted = {
    type: 'RulesVersionAdopted',
    data: { from: match.rulesVersion, to, how: ctx.actor.kind === 'system' ? 'replayed' : 'organiser' },
  };
  return { ok: true, events: [adopted] };
};
