/** REL-26 at the routes: count the request, and the 429 that answers one over the limit. */
import type { Deps } from '../kernel/deps.ts';
import { type RateAction, takeRate } from '../kernel/rate-limits.ts';
import type { Response } from './router.ts';
import { tooManyRequests } from './too-many-requests.ts';

const WHAT: Readonly<Record<RateAction, string>> = {
  games: 'games created with one key',
  players: 'players registered from one address',
  webhooks: 'webhooks created with one key',
  invites: 'joins with an invite code from one key',
};

/** Null while `subject` is under the limit for `action`; else the 429 to answer. */
export const rateLimited = async (deps: Deps, action: RateAction, subject: string): Promise<Response | null> => {
  const retryAfter = await takeRate(deps, action, subject);
  if (retryAfter === null) return null;
  const limit = deps.rateLimits[action];
  return tooManyRequests(retryAfter, `At most ${limit} ${WHAT[action]} an hour; try again in ${retryAfter} seconds.`);
};
