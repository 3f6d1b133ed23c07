/**
 * Integration events from a batch of domain events. They carry only what a spectator may
 * see: every event passes through the same redaction as the API, sealed ones are skipped.
 */
import type { Rulesets } from '../../../domain/catalogue.ts';
import type { GameForked } from '../../../domain/match/events.ts';
import type { GameState } from '../../../domain/match/state.ts';
import { awaitingSeats, redactEvent } from '../../../domain/match/view.ts';
import type { EventBus, IntegrationEvent } from '../../kernel/ports.ts';
import type { Transition } from './transitions.ts';

/** PutEvents takes at most 10 entries and 256 KB per call. */
const MAX_ENTRIES = 10;
const MAX_BYTES = 240 * 1024;
const ATTEMPTS = 4;

const PHASE_EVENTS = new Set(['PhaseStarted', 'StepStarted']);

type TakebackEvent = 'TakenBack' | 'TakebackProposed' | 'TakebackAccepted' | 'TakebackDeclined';
/** TB-1, TB-2, TB-3: the events every seat hears of. */
const TAKEBACK_EVENTS: ReadonlySet<string> = new Set<TakebackEvent>([
  'TakenBack',
  'TakebackProposed',
  'TakebackAccepted',
  'TakebackDeclined',
]);

export const integrationEvents = (rulesets: Rulesets, batch: readonly Transition[]): IntegrationEvent[] => {
  const out: IntegrationEvent[] = [];
  for (const { event, before, after } of batch) {
    const visible = redactEvent(event, null);
    const base = { gameId: event.gameId, seq: event.seq, at: event.at };
    if (visible.type === 'TurnStarted')
      out.push({ ...base, id: `${event.gameId}:${event.seq}:TurnStarted`, type: 'TurnStarted', detail: { ...(visible.data as object) } });
    if (PHASE_EVENTS.has(visible.type))
      out.push({ ...base, id: `${event.gameId}:${event.seq}:PhaseStarted`, type: 'PhaseStarted', detail: { ...(visible.data as object) } });
    // TB-7: every seat hears of a takeback, and of a proposal to take the game back and its answers (webhook-fanout.ts).
    if (TAKEBACK_EVENTS.has(visible.type)) {
      const type = visible.type as TakebackEvent;
      out.push({ ...base, id: `${event.gameId}:${event.seq}:${type}`, type, detail: { ...(visible.data as object) } });
    }
    // TB-7: every seat hears of a continuation proposed on its game, and of one started (its first event, not the state it carries).
    if (visible.type === 'ForkProposed')
      out.push({ ...base, id: `${event.gameId}:${event.seq}:ForkProposed`, type: 'ForkProposed', detail: { ...(visible.data as object) } });
    const forked = visible.type === 'GameForked' ? (visible.data as GameForked['data']) : null;
    if (forked?.kind === 'continuation')
      out.push({
        ...base,
        id: `${event.gameId}:${event.seq}:ContinuationStarted`,
        type: 'ContinuationStarted',
        detail: { from: forked.from },
      });
    if (visible.type === 'GameEnded')
      out.push({ ...base, id: `${event.gameId}:${event.seq}:GameEnded`, type: 'GameEnded', detail: { ...(visible.data as object) } });
    out.push(...newlyAwaited(rulesets, before, after, base));
  }
  return out;
};

/** A seat is announced when it becomes awaited, or again when a new step opens. */
const newlyAwaited = (
  rulesets: Rulesets,
  before: GameState,
  after: GameState,
  base: { gameId: string; seq: number; at: string },
): IntegrationEvent[] => {
  if (after.status === 'empty' || after.status === 'ended') return [];
  const stepChanged = (before.status === 'empty' ? null : before.step?.key) !== after.step?.key;
  const was = new Set(awaitingSeats(rulesets, before));
  // Choosing the first player has a step too (PBM-9): its deadline goes out with the seat.
  const step = after.step;
  return awaitingSeats(rulesets, after)
    .filter((seat) => stepChanged || !was.has(seat))
    .map((seat) => ({
      ...base,
      id: `${base.gameId}:${base.seq}:SeatAwaited:${seat}`,
      type: 'SeatAwaited' as const,
      detail: {
        seat,
        playerId: after.seats.find((s) => s.name === seat)?.playerId ?? null,
        phase: step?.phase ?? after.status,
        deadline: step?.deadline ?? null,
      },
    }));
};

/** Put in PutEvents-sized chunks; entries the bus refused are retried with backoff, then the batch fails. */
export const publish = async (
  bus: EventBus,
  events: readonly IntegrationEvent[],
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
) => {
  for (const chunk of chunks(events)) {
    let pending: readonly IntegrationEvent[] = chunk;
    for (let attempt = 1; pending.length > 0; attempt += 1) {
      if (attempt > ATTEMPTS)
        throw new Error(`the bus refused ${pending.length} event(s) ${ATTEMPTS} times: ${pending.map((e) => e.id).join(', ')}`);
      if (attempt > 1) await sleep(100 * 2 ** (attempt - 2));
      pending = await bus.put(pending);
    }
  }
};

const chunks = (events: readonly IntegrationEvent[]): IntegrationEvent[][] => {
  const out: IntegrationEvent[][] = [];
  let current: IntegrationEvent[] = [];
  let bytes = 0;
  for (const event of events) {
    const size = JSON.stringify(event).length + 200;
    if (current.length === MAX_ENTRIES || (current.length > 0 && bytes + size > MAX_BYTES)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(event);
    bytes += size;
  }
  if (current.length > 0) out.push(current);
  return out;
};
