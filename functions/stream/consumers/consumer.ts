/**
 * HALL-3: what a stream consumer is (docs/design.md §10): what it listens to (games' streams, or
 * tournaments' too) and what it does with one stream's batch, given the ports of the host that
 * runs it. Each is declared once, in a module of its own, so that a Lambda's bundle holds only
 * its own consumer (PERF-1); `STREAM_CONSUMERS` (./index.ts) lists them all for the hosts that
 * run every one.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { EventEnvelope } from '../../../domain/kernel/envelope.ts';
import type { Report } from '../../games/app/timer-reactor.ts';
import type { Deps } from '../../kernel/deps.ts';
import type { EventBus, PhaseScheduler } from '../../kernel/ports.ts';
import { perGame, perStream, streamLog } from '../records.ts';

/** What a host hands its consumers: the application's ports, and the scheduler and bus where it has them. */
export interface ConsumerPorts {
  readonly deps: Deps;
  readonly scheduler: PhaseScheduler | null;
  readonly bus: EventBus | null;
  /** Where a step that cannot be scheduled is reported (REL-18); standard error by default. */
  readonly report?: Report;
}

export interface StreamConsumer {
  readonly name: 'projector' | 'timer-reactor' | 'publisher' | 'tournaments';
  /** `games`: games' streams only; `all`: tournaments' too (a tournament's stream shares the table, CLUB-2). */
  readonly streams: 'games' | 'all';
  readonly handle: (ports: ConsumerPorts, streamId: string, events: readonly EventEnvelope[]) => Promise<unknown>;
}

/** A port a consumer cannot do without, or the error that says which host left it out. */
export const needs = <T>(port: T | null, what: string, consumer: string): T => {
  if (port === null) throw new Error(`the ${consumer} needs ${what}, which this host did not give it`);
  return port;
};

/**
 * A consumer as a Lambda handler of DynamoDB Streams batches: partial batch failures, one stream
 * at a time (REL-5); its failures logged with Lambda's request id and whether the container is
 * cold (OPS-3). Outside Lambda (the local poller) there is no context: the request id is "none".
 */
export const lambdaOf = (c: StreamConsumer, ports: () => ConsumerPorts) => {
  let served = false;
  return (event: DynamoDBStreamEvent, context?: { readonly awsRequestId?: string }): Promise<DynamoDBBatchResponse> => {
    const log = streamLog({ consumer: c.name, requestId: context?.awsRequestId ?? 'none', coldStart: !served });
    served = true;
    return (c.streams === 'all' ? perStream : perGame)(event, (batch) => c.handle(ports(), batch.gameId, batch.events), log);
  };
};
