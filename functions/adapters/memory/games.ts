/**
 * Read models, inboxes, the lobby and players in memory, with the games table's semantics
 * (docs/design.md §9, §10.1): a view is written only over the version it was folded from, an
 * inbox entry never goes back in time, the lobby is paged in `lobbyOrder` from a cursor, and a
 * key rotates only from the hash it still has, and a player's signing keys are written only over
 * the revision read.
 */
import type { PublishedKey } from '../../../domain/kernel/signature.ts';
import {
  type CommandRecord,
  type GamesPort,
  type InboxEntry,
  type LobbyEntry,
  lobbyOrder,
  type Player,
  type PlayerSigning,
  type ProjectedView,
  type ReadModel,
  type StaleMark,
} from '../../kernel/ports.ts';
import type { MemoryGameStore } from './game-store.ts';

export class MemoryGames implements GamesPort {
  private readonly views = new Map<string, ProjectedView & { stale?: StaleMark }>();
  private readonly inboxes = new Map<string, Map<string, InboxEntry>>();
  private readonly players = new Map<string, Player>();

  constructor(private readonly store: MemoryGameStore) {}

  async secretAndCommand(gameId: string, commandId: string): Promise<{ seed: string | null; command: CommandRecord | null }> {
    return this.store.records(gameId, commandId);
  }

  async command(gameId: string, commandId: string): Promise<CommandRecord | null> {
    return this.store.records(gameId, commandId).command;
  }

  async readModel(gameId: string): Promise<ReadModel | null> {
    const view = this.views.get(gameId);
    if (!view) return null;
    return view.stale
      ? { version: view.version, state: view.state, stale: { ...view.stale } }
      : { version: view.version, state: view.state };
  }

  async putReadModel(gameId: string, model: ProjectedView, previous: number | 'any'): Promise<boolean> {
    const current = this.views.get(gameId);
    const allowed = previous === 'any' || (previous === 0 ? current === undefined : current?.version === previous);
    if (!allowed) return false;
    this.views.set(gameId, { version: model.version, state: model.state, lobby: model.lobby ? { ...model.lobby } : null });
    return true;
  }

  async markStale(gameId: string, mark: StaleMark): Promise<void> {
    const view = this.views.get(gameId);
    if (view) this.views.set(gameId, { ...view, stale: { ...mark } });
  }

  async dropReadModel(gameId: string, version: number): Promise<void> {
    if (this.views.get(gameId)?.version === version) this.views.delete(gameId);
  }

  async putInbox(playerId: string, entry: InboxEntry): Promise<void> {
    const inbox = this.inboxes.get(playerId) ?? new Map<string, InboxEntry>();
    const current = inbox.get(entry.gameId);
    if (current && current.version >= entry.version) return;
    inbox.set(entry.gameId, { ...entry });
    this.inboxes.set(playerId, inbox);
  }

  /** In game id order, as the table's sort key keeps them. */
  async markInboxStale(playerId: string, gameId: string, mark: StaleMark): Promise<void> {
    const inbox = this.inboxes.get(playerId);
    const entry = inbox?.get(gameId);
    if (inbox && entry) inbox.set(gameId, { ...entry, stale: { ...mark } });
  }

  async inbox(playerId: string): Promise<InboxEntry[]> {
    return [...(this.inboxes.get(playerId)?.values() ?? [])].sort((a, b) => (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0));
  }

  async lobby(rulesets: readonly string[], after: string | null, count: number): Promise<{ entries: LobbyEntry[]; more: boolean }> {
    const open = [...this.views.values()]
      .flatMap((view) => (view.lobby && rulesets.includes(view.lobby.ruleset) ? [view.lobby] : []))
      .filter((entry) => after === null || lobbyOrder(entry) > after)
      .sort((a, b) => (lobbyOrder(a) < lobbyOrder(b) ? -1 : 1));
    return { entries: open.slice(0, count), more: open.length > count };
  }

  async createPlayer(player: Player, createdAt: string): Promise<void> {
    if (this.players.has(player.playerId)) throw new Error(`player ${player.playerId} exists`);
    this.players.set(player.playerId, { playerId: player.playerId, name: player.name, apiKeyHash: player.apiKeyHash, createdAt });
  }

  async player(playerId: string): Promise<Player | null> {
    const player = this.players.get(playerId);
    return player ? { ...player } : null;
  }

  async renamePlayer(playerId: string, name: string): Promise<boolean> {
    const player = this.players.get(playerId);
    if (!player) return false;
    this.players.set(playerId, { ...player, name });
    return true;
  }

  async rotateKey(playerId: string, oldHash: string, newHash: string): Promise<boolean> {
    const player = this.players.get(playerId);
    if (player?.apiKeyHash !== oldHash) return false;
    this.players.set(playerId, { ...player, apiKeyHash: newHash });
    return true;
  }

  async setSigning(playerId: string, signing: Omit<PlayerSigning, 'revision'>, revision: number): Promise<boolean> {
    const player = this.players.get(playerId);
    if (!player || (player.signing?.revision ?? 0) !== revision) return false;
    this.players.set(playerId, {
      ...player,
      signing: { keys: [...signing.keys], requireSignatures: signing.requireSignatures, revision: revision + 1 },
    });
    return true;
  }

  async playerKeys(playerIds: readonly string[]): Promise<Map<string, readonly PublishedKey[]>> {
    const keys = new Map<string, readonly PublishedKey[]>();
    for (const id of new Set(playerIds)) {
      const signing = this.players.get(id)?.signing;
      if (signing && signing.keys.length > 0) keys.set(id, signing.keys);
    }
    return keys;
  }

  async playerNames(playerIds: readonly string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (const id of new Set(playerIds)) {
      const name = this.players.get(id)?.name;
      if (name !== undefined) names.set(id, name);
    }
    return names;
  }
}
