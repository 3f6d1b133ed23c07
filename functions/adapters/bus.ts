/**
 * Integration events to an event bus: EventBridge PutEvents on AWS, an in-process bus
 * locally. Notification services (mail, chat bots, push) subscribe with bus rules.
 */
import { type EventBridgeClient, PutEventsCommand, type PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import type { EventBus, IntegrationEvent } from '../kernel/ports.ts';

export const SOURCE = 'arbiter';

export const toEntry = (event: IntegrationEvent, busName: string): PutEventsRequestEntry => ({
  EventBusName: busName,
  Source: SOURCE,
  DetailType: event.type,
  Time: new Date(event.at),
  Detail: JSON.stringify({ eventId: event.id, gameId: event.gameId, seq: event.seq, ...event.detail }),
});

export class EventBridgeBus implements EventBus {
  constructor(
    private readonly client: EventBridgeClient,
    private readonly busName: string,
  ) {}

  async put(events: readonly IntegrationEvent[]): Promise<readonly IntegrationEvent[]> {
    const response = await this.client.send(new PutEventsCommand({ Entries: events.map((e) => toEntry(e, this.busName)) }));
    if (!response.FailedEntryCount) return [];
    return events.filter((_, i) => response.Entries?.[i]?.ErrorCode);
  }
}

/** The local bus: keeps what was published, and tells listeners. */
export class LocalBus implements EventBus {
  readonly published: IntegrationEvent[] = [];
  private readonly listeners: ((event: IntegrationEvent) => void)[] = [];

  async put(events: readonly IntegrationEvent[]): Promise<readonly IntegrationEvent[]> {
    for (const event of events) {
      this.published.push(event);
      for (const listener of this.listeners) listener(event);
    }
    return [];
  }

  subscribe(listener: (event: IntegrationEvent) => void): void {
    this.listeners.push(listener);
  }
}
