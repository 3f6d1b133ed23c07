/** §10.2: one-time schedules for phase deadlines and reminders. */
import { reactToDeadlines } from '../../games/app/timer-reactor.ts';
import { needs, type StreamConsumer } from './consumer.ts';

export const timerReactor: StreamConsumer = {
  name: 'timer-reactor',
  streams: 'games',
  handle: ({ deps, scheduler, report }, gameId, events) =>
    reactToDeadlines(deps, needs(scheduler, 'a scheduler', 'timer reactor'), gameId, events, report),
};
