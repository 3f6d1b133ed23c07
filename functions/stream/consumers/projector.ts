/** §10.1: the read models; CLUB-1, CLUB-6: a club's games and ladders follow the same records (§21). */
import { reactForClubs } from '../../clubs/app/club-reactions.ts';
import { projectGame } from '../../games/app/projection.ts';
import type { StreamConsumer } from './consumer.ts';

export const projector: StreamConsumer = {
  name: 'projector',
  streams: 'games',
  handle: async ({ deps }, gameId, events) => {
    await projectGame(deps, gameId, events);
    // OPS-3: how far the read models trail the log, by the batch's oldest event (its worst).
    const oldest = events[0];
    if (oldest) deps.metrics.duration('ProjectionLag', deps.clock().getTime() - Date.parse(oldest.at), {});
    await reactForClubs(deps, gameId, events);
  },
};
