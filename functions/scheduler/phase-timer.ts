/** Lambda: the phase timer, target of the one-time deadline and reminder (PBM-7) schedules. */
import { rulesetCatalogue } from '../../domain/catalogue.ts';
import * as z from '../../domain/kernel/zod.ts';
import { rulesetList } from '../../domain/ruleset-list.ts';
import { busFromEnv } from '../bus-from-env.ts';
import { fireDeadline, remindDeadline } from '../games/app/phase-timer.ts';
import type { Deps } from '../kernel/deps.ts';
import type { EventBus } from '../kernel/ports.ts';
import { depsFromEnv } from '../lambda-deps.ts';

const timerInput = /* @__PURE__ */ z.lazy(() =>
  z.object({
    gameId: z.string().check(z.minLength(1)),
    phaseKey: z.string().check(z.minLength(1)),
    reminder: z.optional(z.string().check(z.minLength(1))),
  }),
);

/** A deadline gives `DeadlineReached`; a reminder publishes `DeadlineApproaching` to the bus and writes nothing. */
export const makePhaseTimer = (deps: () => Deps, bus?: () => EventBus) => async (event: unknown) => {
  const { reminder, ...input } = timerInput.parse(event);
  if (reminder === undefined) return fireDeadline(deps(), input);
  if (!bus) throw new Error('the phase timer was given a reminder but has no event bus');
  return remindDeadline(deps(), bus(), { ...input, reminder });
};

/** It loads the rule system of each game it first acts on, so its cold start compiles none of them (PERF-1). */
export const handler = makePhaseTimer(() => depsFromEnv({ rulesets: rulesetCatalogue(rulesetList) }), busFromEnv);
