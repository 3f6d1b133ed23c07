/**
 * The game store in memory, with the DynamoDB store's semantics (docs/design.md §5): a batch
 * lands only on top of event `expectedVersion` and over no existing seq, together with its
 * command record and the seed, or not at all; records and seeds are written only where there
 * is none. Snapshots are kept as appends give them, at the same boundaries, and trusted only
 * while the fold tags their state as they were tagged (HALL-2); besides them it remembers the
 * newest state a load reached, tagged and trusted the same way, so a game is not folded again per
 * load. A stream whose fold is not `snapshotted` (a tournament's) is folded whole at every load.
 */
import type { EventEnvelope } from '../../../domain/kernel/envelope.ts';
import { assertBatchFits } from '../../games/app/budget.ts';
import {
  type AppendRequest,
  type AppendResult,
  type CommandRecord,
  type GameStore,
  isTournamentId,
  type LoadedState,
  type StreamFold,
  type TaggedState,
} from '../../kernel/ports.ts';
import { crossesSnapshot, SNAPSHOT_EVERY } from '../snapshot-boundary.ts';

/** A state at a seq, with the tag it was stored under. */
interface Kept extends TaggedState {
  readonly seq: number;
}

export class MemoryGameStore implements GameStore {
  private readonly logs = new Map<string, EventEnvelope[]>();
  /** Each stream's snapshots, oldest first. */
  private readonly snapshots = new Map<string, Kept[]>();
  /** The newest state a load reached, by stream: a snapshot of its own. */
  private readonly folded = new Map<string, Kept>();
  private readonly seeds = new Map<string, string>();
  /** Records kept apart under their command ids (a command sent without a version). */
  private readonly commands = new Map<string, CommandRecord>();
  /** Every command's record, on its batch's first event, by stream and seq. */
  private readonly recordsOn = new Map<string, { commandId: string; record: CommandRecord }>();
  private readonly listeners: ((events: readonly EventEnvelope[]) => void)[] = [];

  async load<S>(gameId: string, fold: StreamFold<S>, commandId?: string): Promise<LoadedState<S>> {
    // A stream never snapshotted (a tournament's) is folded whole, as on DynamoDB; nor is its state remembered.
    const snapshotted = fold.snapshotted !== false;
    const remembered = snapshotted ? await trusted(this.folded.get(gameId), fold) : null;
    const snapshot = snapshotted ? await trusted(this.snapshots.get(gameId)?.at(-1), fold) : null;
    const base = remembered && remembered.seq >= (snapshot?.seq ?? 0) ? remembered : snapshot;
    const from = base ?? { seq: 0, state: fold.initial };
    const events = await this.readAfter(gameId, from.seq);
    const state = await this.foldOnto(gameId, fold, events, from.state);
    const seq = events.at(-1)?.seq ?? from.seq;
    if (snapshotted && seq > 0) await this.remember(gameId, seq, state, fold);
    return {
      state,
      fromSnapshot: base === snapshot ? (snapshot?.seq ?? null) : null,
      seed: commandId === undefined ? null : (this.seeds.get(gameId) ?? null),
      command: commandId === undefined ? null : this.recordInTail(gameId, commandId),
    };
  }

  /** As on DynamoDB, a load finds a record among the newest SNAPSHOT_EVERY events only; older ones are found by the append or the refusal. */
  private recordInTail(gameId: string, commandId: string): CommandRecord | null {
    for (const event of (this.logs.get(gameId) ?? []).slice(-SNAPSHOT_EVERY)) {
      const kept = this.recordsOn.get(seqKey(gameId, event.seq));
      if (kept?.commandId === commandId) return kept.record;
    }
    return null;
  }

  async recordAt(gameId: string, seq: number): Promise<{ commandId: string; record: CommandRecord } | null> {
    const kept = this.recordsOn.get(seqKey(gameId, seq));
    return kept ? { commandId: kept.commandId, record: { ...kept.record } } : null;
  }

  /** The state after event `version`: the newest snapshot at or before it, if trusted, then the log up to it (as on DynamoDB). */
  async loadAt<S>(gameId: string, version: number, fold: StreamFold<S>): Promise<S> {
    if (version <= 0) return fold.initial;
    const nearest = fold.snapshotted === false ? undefined : (this.snapshots.get(gameId) ?? []).filter((s) => s.seq <= version).at(-1);
    const base = (await trusted(nearest, fold)) ?? { seq: 0, state: fold.initial };
    return this.foldOnto(gameId, fold, await this.readAfter(gameId, base.seq, version), base.state);
  }

  /** `state` as the newest a load reached, unless another load remembered a newer one meanwhile under the same tag. */
  private async remember<S>(gameId: string, seq: number, state: S, fold: StreamFold<S>): Promise<void> {
    const tag = await fold.tag(state);
    const current = this.folded.get(gameId);
    if (!current || current.seq <= seq || current.tag !== tag) this.folded.set(gameId, { seq, state, tag });
  }

  /** `events` of the stream folded onto `from` by `fold`, any earlier state it asks for loaded by the same fold. */
  private foldOnto<S>(gameId: string, fold: StreamFold<S>, events: readonly EventEnvelope[], from: S): Promise<S> {
    return fold.fold(events, from, (v) => this.loadAt(gameId, v, fold));
  }

  async readAfter(
    gameId: string,
    after: number,
    upTo = Number.MAX_SAFE_INTEGER,
    limit = Number.MAX_SAFE_INTEGER,
  ): Promise<EventEnvelope[]> {
    if (after >= upTo) return [];
    return (this.logs.get(gameId) ?? []).filter((e) => e.seq > after && e.seq <= upTo).slice(0, limit);
  }

  async lastSeq(gameId: string): Promise<number> {
    return this.logs.get(gameId)?.at(-1)?.seq ?? 0;
  }

  async append(request: AppendRequest): Promise<AppendResult> {
    const { gameId, expectedVersion, events } = request;
    assertBatchFits(events);
    const log = this.logs.get(gameId) ?? [];
    const has = (seq: number) => log.some((e) => e.seq === seq);
    if (events.some((e) => has(e.seq)) || (expectedVersion > 0 && !has(expectedVersion))) return { ok: false, conflict: 'version' };
    const key = request.command && !request.command.positioned ? commandKey(gameId, request.command.commandId) : null;
    if ((key !== null && this.commands.has(key)) || (request.seed !== undefined && this.seeds.has(gameId))) {
      return { ok: false, conflict: 'item' };
    }
    // A copy, as a table keeps one: a caller changing its objects afterwards changes nothing stored.
    this.logs.set(
      gameId,
      [...log, ...structuredClone(events)].sort((a, b) => a.seq - b.seq),
    );
    if (key !== null && request.command) this.commands.set(key, { ...request.command.record });
    const first = events[0];
    if (first && request.command) {
      this.recordsOn.set(seqKey(gameId, first.seq), { commandId: request.command.commandId, record: { ...request.command.record } });
    }
    if (request.seed !== undefined) this.seeds.set(gameId, request.seed);
    const last = events.at(-1)?.seq ?? expectedVersion;
    if (request.snapshot && crossesSnapshot(expectedVersion, last)) {
      const kept = { seq: last, state: structuredClone(request.snapshot.state), tag: request.snapshot.tag };
      this.snapshots.set(gameId, [...(this.snapshots.get(gameId) ?? []), kept]);
    }
    for (const listener of this.listeners) listener(events);
    return { ok: true };
  }

  async *gameIds(): AsyncGenerator<string> {
    for (const [gameId, log] of this.logs) if (log[0]?.seq === 1 && !isTournamentId(gameId)) yield gameId;
  }

  /** Tells `listener` of each batch appended: the stream the DynamoDB table has, for whoever drives the projector in memory. */
  onAppend(listener: (events: readonly EventEnvelope[]) => void): void {
    this.listeners.push(listener);
  }

  /** The seed and a command's record, for the games port (they share the table on DynamoDB). */
  records(gameId: string, commandId: string): { seed: string | null; command: CommandRecord | null } {
    return { seed: this.seeds.get(gameId) ?? null, command: this.commands.get(commandKey(gameId, commandId)) ?? null };
  }
}

const commandKey = (gameId: string, commandId: string) => `${gameId}\n${commandId}`;
const seqKey = (gameId: string, seq: number) => `${gameId}#${seq}`;

/** `kept` as a base to fold on, while `fold` tags its state as it was tagged. */
const trusted = async <S>(kept: Kept | undefined, fold: StreamFold<S>): Promise<{ seq: number; state: S } | null> => {
  if (!kept) return null;
  const state = kept.state as S;
  return (await fold.tag(state)) === kept.tag ? { seq: kept.seq, state } : null;
};
