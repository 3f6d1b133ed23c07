/**
 * What a decision of the match lifecycle hands the ruleset: the dice and the salt for the
 * command being decided, and the match as the events it is about to emit leave it.
 */
import type { Rulesets } from '../catalogue.ts';
import type { Dice, KeyScheme } from '../kernel/dice.ts';
import { rollKey, saltKey, seededDice } from '../kernel/dice.ts';
import type { DomainEvent } from '../kernel/envelope.ts';
import { hmacSha256Hex } from '../kernel/hash.ts';
import { rulesSince } from '../kernel/rules-version.ts';
import type { RulesContext } from '../kernel/ruleset.ts';
import { evolveEvent } from './evolve.ts';
import type { MatchCtx } from './match-ctx.ts';
import type { Match } from './state.ts';

/** The match after events this decision is about to emit, to decide what follows them (RUL-1: events, no envelopes). */
export const provisional = (match: Match, events: readonly DomainEvent[], ctx: MatchCtx): Match =>
  events.reduce((s, event) => evolveEvent(s, event, { gameId: match.gameId, at: ctx.now }, ctx.rulesets), match);

/** The rules version a command on `match` is decided under: the game's own, unless `ctx` names another (RUL-10). */
export const decidingVersion = (match: Match, ctx: MatchCtx): string => ctx.rulesVersion ?? match.rulesVersion;

/**
 * How the keys of a game of `ruleset` under `rulesVersion` derive from its seed (docs/design.md
 * §6): `bare` for the versions the ruleset lists from before its `labelledKeysSince`, else
 * `labelled`, a version it does not list included.
 */
export const keySchemeOf = (rulesets: Rulesets, ruleset: string, rulesVersion: string): KeyScheme => {
  const fold = rulesets.findFold(ruleset);
  const since = fold?.labelledKeysSince;
  const bare = since !== undefined && fold?.rulesVersions.includes(rulesVersion) === true && !rulesSince(rulesVersion, since);
  return bare ? 'bare' : 'labelled';
};

/** The dice of the command whose first event will be `firstSeq`: scripted in rule tests, else drawn from the game's key. */
export const diceFor = (match: Match, ctx: MatchCtx, firstSeq: number): Dice =>
  ctx.dice ??
  seededDice(
    rollKey(
      ctx.seed,
      match.seats.flatMap((s) => (s.seedContribution ? [s.seedContribution] : [])),
      keySchemeOf(ctx.rulesets, match.ruleset, decidingVersion(match, ctx)),
    ),
    match.gameId,
    firstSeq,
  );

export const rulesContext = (match: Match, ctx: MatchCtx, firstSeq: number): RulesContext => {
  const rulesVersion = decidingVersion(match, ctx);
  const key = saltKey(ctx.seed, keySchemeOf(ctx.rulesets, match.ruleset, rulesVersion));
  return {
    ctx,
    dice: diceFor(match, ctx, firstSeq),
    seat: ctx.actor.kind === 'player' ? ctx.actor.seat : null,
    salt: (label) => hmacSha256Hex(key, `${match.gameId}:${firstSeq}:salt:${label}`),
    rulesVersion,
  };
};
