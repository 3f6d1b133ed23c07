/** §10.3: integration events on the bus. */
import { integrationEvents, publish } from '../../games/app/publishing.ts';
import { transitions } from '../../games/app/transitions.ts';
import { needs, type StreamConsumer } from './consumer.ts';

export const publisher: StreamConsumer = {
  name: 'publisher',
  streams: 'games',
  handle: async ({ deps, bus }, gameId, events) =>
    publish(needs(bus, 'a bus', 'publisher'), integrationEvents(deps.rulesets, await transitions(deps, gameId, events))),
};
