/**
 * Webhook subscriptions in memory, with the webhook table's semantics (docs/design.md §12):
 * at most `max` per player however creations interleave (REL-25), and each update written over
 * the revision it read.
 */
import type { CreateOutcome, HookRecord, Subscription, WebhookStore } from '../../kernel/ports.ts';

export class MemoryWebhookStore implements WebhookStore {
  private readonly hooks = new Map<string, Map<string, HookRecord>>();

  private of(playerId: string): Map<string, HookRecord> {
    const hooks = this.hooks.get(playerId) ?? new Map<string, HookRecord>();
    this.hooks.set(playerId, hooks);
    return hooks;
  }

  async create(subscription: Subscription, secret: string, max: number): Promise<CreateOutcome> {
    const hooks = this.of(subscription.playerId);
    if (hooks.has(subscription.id)) return 'exists';
    if (hooks.size >= max) return 'full';
    hooks.set(subscription.id, structuredClone({ subscription, secret, log: [], rev: 1 }));
    return 'created';
  }

  /** In subscription id order, as the table's sort key keeps them. */
  async subscriptions(playerId: string): Promise<Subscription[]> {
    return [...this.of(playerId).values()]
      .sort((a, b) => (a.subscription.id < b.subscription.id ? -1 : 1))
      .map((record) => structuredClone(record.subscription));
  }

  async get(playerId: string, subscriptionId: string): Promise<HookRecord | null> {
    const record = this.hooks.get(playerId)?.get(subscriptionId);
    return record ? structuredClone(record) : null;
  }

  async delete(playerId: string, subscriptionId: string): Promise<boolean> {
    return this.hooks.get(playerId)?.delete(subscriptionId) ?? false;
  }

  async update(
    playerId: string,
    subscriptionId: string,
    change: (record: HookRecord) => Omit<HookRecord, 'rev'> | null,
  ): Promise<HookRecord | null> {
    const current = await this.get(playerId, subscriptionId);
    if (!current) return null;
    const changed = change(current);
    if (!changed) return current;
    const next = { ...structuredClone(changed), rev: current.rev + 1 };
    this.of(playerId).set(subscriptionId, next);
    return structuredClone(next);
  }
}
