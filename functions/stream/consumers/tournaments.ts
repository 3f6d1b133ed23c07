/** §10.4, CLUB-4: a tournament's pairing opens its games and arms its deadline; a game's end reaches its tournament. */
import { reactForTournaments } from '../../tournaments/app/tournament-rounds.ts';
import type { StreamConsumer } from './consumer.ts';

export const tournamentReactor: StreamConsumer = {
  name: 'tournaments',
  streams: 'all',
  handle: ({ deps, scheduler, bus }, streamId, events) => reactForTournaments(deps, scheduler, bus, streamId, events),
};
