/**
 * The game store in memory, with the DynamoDB store's semantics (docs/design.md §5): a batch
 * lands only on top of event `expectedVersion` and over no existing seq, together with its
 * command record and the seed, or not at all; records and seeds are written only where there
 * is none. It keeps no snapshots: it remembers the newest state it folded instead, which gives
 * the same states without the snapshot's rules-version check (folds here are always current).
 */
import type { RulesetSource } from '../../../domain/catalogue.ts';
import type { EventEnvelope } from '../../../domain/kernel/envelope.ts';
import { foldGame } from '../../../domain/match/evolve.ts';
import { emptyGame, type GameState } from '../../../domain/match/state.ts';
import { assertBatchFits } from '../../games/app/budget.ts';
import { historyFor } from '../../games/app/history.ts';
import {
  type AppendRequest,
  type AppendResult,
  type CommandRecord,
  type GameStore,
  isTournamentId,
  type LoadedGame,
} from '../../kernel/ports.ts';

export class MemoryGameStore implements GameStore {
  private readonly logs = new Map<string, EventEnvelope[]>();
  private readonly folded = new Map<string, GameState>();
  private readonly seeds = new Map<string, string>();
  private readonly commands = new Map<string, CommandRecord>();
  private readonly listeners: ((events: readonly EventEnvelope[]) => void)[] = [];

  constructor(
    /** The rule systems it folds with; a game's ruleset is loaded (`rulesets.load`) before its fold. */
    private readonly rulesets: RulesetSource,
  ) {}

  async load(gameId: string, commandId?: string): Promise<LoadedGame> {
    const log = this.logs.get(gameId) ?? [];
    const known = this.folded.get(gameId) ?? emptyGame;
    const state = await this.fold(log.slice(known.version), known);
    if (state.version > 0) this.folded.set(gameId, state);
    return {
      state,
      fromSnapshot: null,
      seed: commandId === undefined ? null : (this.seeds.get(gameId) ?? null),
      command: commandId === undefined ? null : (this.commands.get(commandKey(gameId, commandId)) ?? null),
    };
  }

  async loadAt(gameId: string, version: number): Promise<GameState> {
    if (version <= 0) return emptyGame;
    return this.fold(await this.readAfter(gameId, 0, version), emptyGame);
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
    const key = request.command ? commandKey(gameId, request.command.commandId) : null;
    if ((key !== null && this.commands.has(key)) || (request.seed !== undefined && this.seeds.has(gameId))) {
      return { ok: false, conflict: 'item' };
    }
    // A copy, as a table keeps one: a caller changing its objects afterwards changes nothing stored.
    this.logs.set(
      gameId,
      [...log, ...structuredClone(events)].sort((a, b) => a.seq - b.seq),
    );
    if (key !== null && request.command) this.commands.set(key, { ...request.command.record });
    if (request.seed !== undefined) this.seeds.set(gameId, request.seed);
    for (const listener of this.listeners) listener(events);
    return { ok: true };
  }

  async fold(events: readonly EventEnvelope[], from: GameState): Promise<GameState> {
    const created = events[0]?.type === 'GameCreated' ? (events[0].data as { readonly ruleset?: unknown }).ruleset : undefined;
    const ruleset = from.status === 'empty' ? created : from.ruleset;
    if (typeof ruleset === 'string') await this.rulesets.load(ruleset);
    // TB-2, TB-3: a far takeback in `events` folds onto the state at its version, loaded as any other.
    const history = from.status === 'empty' ? undefined : await historyFor(events, from, (v) => this.loadAt(from.gameId, v));
    return foldGame(this.rulesets, events, from, history);
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
