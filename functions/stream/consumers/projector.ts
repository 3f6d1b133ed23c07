/** §10.1: the read models; CLUB-1, CLUB-6: a club's games and ladders follow the same records (§21). */
import { reactForClubs } from '../../clubs/app/club-reactions.ts';
import { projectGame } from '../../games/app/projection.ts';
import type { StreamConsumer } from './consumer.ts';

export const projector: StreamConsumer = {
  name: 'projector',
  streams: 'games',
  handle: async ({ deps }, gameId, events) => {
    await projectGame(deps, gameId, events);
    await reactForClubs(deps, gameId, events);
  },
};
