/**
 * Rate windows and wait leases in memory, with the games table's semantics (REL-26, REL-23):
 * a window counts up to its limit and no further; a lease stops counting when it runs out.
 * Windows are not removed when their hour is over (DynamoDB's TTL does that to save space):
 * each window has a key of its own, so an old one is never counted again.
 */

import type { WaitLeases } from '../../games/app/waiting.ts';
import type { RateAction, RateCounter } from '../../kernel/rate-limits.ts';

export class MemoryRateCounter implements RateCounter {
  private readonly windows = new Map<string, number>();

  async take(action: RateAction, subject: string, windowStart: number, limit: number, _expiresAt: number): Promise<boolean> {
    const key = `${action}\n${subject}\n${windowStart}`;
    const n = this.windows.get(key) ?? 0;
    if (n >= limit) return false;
    this.windows.set(key, n + 1);
    return true;
  }
}

export class MemoryWaitLeases implements WaitLeases {
  private readonly leases = new Map<string, Map<string, number>>();

  async acquire(holder: string, id: string, until: number, now: number, max: number): Promise<number | null> {
    const held = this.leases.get(holder) ?? new Map<string, number>();
    this.leases.set(holder, held);
    for (const [lease, ends] of held) if (ends <= now) held.delete(lease);
    if (held.size < max) {
      held.set(id, until);
      return null;
    }
    return Math.min(...held.values());
  }

  async release(holder: string, id: string): Promise<void> {
    this.leases.get(holder)?.delete(id);
  }
}
