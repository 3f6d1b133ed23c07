/**
 * The events table's stream for a runtime on the memory adapters (docs/design.md §17): every
 * batch the memory store appends reaches the stream's consumers shortly after the command's
 * answer, in append order, one game's batch at a time, as DynamoDB Streams hands records to
 * the projector, the timer reactor and the publisher. A consumer that throws is logged and the
 * next batch goes on; retrying a poisoned batch is the storage tier's subject (REL-3).
 */
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import type { Metrics } from '../../functions/kernel/metrics.ts';
import { isTournamentId } from '../../functions/kernel/ports.ts';

export interface StreamConsumer {
  readonly name: string;
  /**
   * A tournament's stream shares the store (CLUB-2): a consumer is handed games' batches unless
   * it asks for tournaments' too (`all`, the tournament reactor) or only (`tournaments`).
   */
  readonly streams?: 'games' | 'tournaments' | 'all';
  readonly handle: (gameId: string, events: readonly EventEnvelope[]) => Promise<unknown>;
}

export class MemoryStream {
  private readonly queue: (readonly EventEnvelope[])[] = [];
  private draining: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly consumers: readonly StreamConsumer[],
    private readonly log: (line: string) => void = () => {},
    private readonly metrics?: Metrics,
  ) {}

  /** The consumers' names, in the order each batch reaches them (HALL-3). */
  get consumerNames(): string[] {
    return this.consumers.map((c) => c.name);
  }

  /** A batch the store appended: handed on after the current turn, never inside the command. */
  readonly push = (events: readonly EventEnvelope[]): void => {
    if (this.stopped || events.length === 0) return;
    this.queue.push(events);
    this.draining ??= new Promise<void>((done) => setImmediate(done)).then(() => this.drain());
  };

  /** Resolves once every batch pushed so far (and every batch those caused) has been consumed. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.length = 0;
    await this.idle();
  }

  private async drain(): Promise<void> {
    for (let batch = this.queue.shift(); batch; batch = this.queue.shift()) {
      for (const gameId of new Set(batch.map((e) => e.gameId))) {
        const events = batch.filter((e) => e.gameId === gameId);
        const kind = isTournamentId(gameId) ? 'tournaments' : 'games';
        for (const consumer of this.consumers.filter((c) => (c.streams ?? 'games') === kind || c.streams === 'all')) {
          await consumer.handle(gameId, events).catch((error: unknown) => {
            this.log(`stream: ${consumer.name} failed on ${gameId} at seq ${events[0]?.seq}: ${String(error)}`);
            // OPS-3: this stream retries nothing, so a failed batch is set aside at once.
            this.metrics?.count('RecordSetAside', { consumer: consumer.name }, events.length);
          });
        }
      }
    }
    this.draining = null;
  }
}
