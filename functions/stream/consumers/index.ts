/**
 * HALL-3: every consumer of the events table's stream, in the order each batch reaches them
 * (docs/design.md §10). The hosts that run them all compose from this list: `npm start`'s
 * stream poller (infra/local/runtime.ts) and the memory runtime's stream
 * (infra/local/memory-runtime.ts); on AWS each is a Lambda of its own
 * (`functions/stream/<name>.ts`, `lambdaOf`) with its subscription in the stack. A test fails
 * when any of them misses one (test/service/hall-3-stream-consumers.service.test.ts).
 */
import type { StreamConsumer } from './consumer.ts';
import { projector } from './projector.ts';
import { publisher } from './publisher.ts';
import { timerReactor } from './timer-reactor.ts';
import { tournamentReactor } from './tournaments.ts';

export type { ConsumerPorts, StreamConsumer } from './consumer.ts';
export { lambdaOf } from './consumer.ts';

export const STREAM_CONSUMERS: readonly StreamConsumer[] = [projector, timerReactor, publisher, tournamentReactor];
