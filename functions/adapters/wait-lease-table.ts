/**
 * REL-23's per-key cap on waits, held across Lambda instances: one item per player in the
 * `games` table, `PLAYER#<id>` / `WAITS`, whose map `leases` holds each wait's id and when it
 * runs out (ms). A wait is taken by one conditional UpdateItem (`size(leases) < max`), so
 * racing instances never hold more than the cap; a full map is pruned of leases that ran out
 * (their Lambda died or timed out) and tried again.
 */
import {
  ConditionalCheckFailedException,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import type { WaitLeases } from '../games/app/waiting.ts';
import type { TableNames } from './tables.ts';

/** Tries of take-prune-take before a racing key is told to come back (each prune frees at least one place or answers). */
const TRIES = 3;

export class WaitLeaseTable implements WaitLeases {
  constructor(
    private readonly db: DynamoDBClient,
    private readonly tables: TableNames,
  ) {}

  private key(holder: string) {
    return { pk: { S: `PLAYER#${holder}` }, sk: { S: 'WAITS' } };
  }

  async acquire(holder: string, id: string, until: number, now: number, max: number): Promise<number | null> {
    let firstEnds = now + 1000;
    for (let attempt = 0; attempt < TRIES; attempt += 1) {
      if (await this.take(holder, id, until, max)) return null;
      const leases = await this.leases(holder);
      if (leases === null) {
        await this.create(holder);
        continue;
      }
      const expired = Object.entries(leases).filter(([, ends]) => ends <= now);
      if (expired.length === 0) {
        firstEnds = Math.min(...Object.values(leases));
        if (Object.keys(leases).length >= max) return firstEnds;
        continue;
      }
      await this.remove(
        holder,
        expired.map(([lease]) => lease),
      );
    }
    return firstEnds;
  }

  async release(holder: string, id: string): Promise<void> {
    await this.remove(holder, [id]);
  }

  private async take(holder: string, id: string, until: number, max: number): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateItemCommand({
          TableName: this.tables.games,
          Key: this.key(holder),
          UpdateExpression: 'SET leases.#id = :until',
          ConditionExpression: 'size(leases) < :max',
          ExpressionAttributeNames: { '#id': id },
          ExpressionAttributeValues: { ':until': { N: String(until) }, ':max': { N: String(max) } },
        }),
      );
      return true;
    } catch (error) {
      // No item yet (size of a missing map is no number) or a full map.
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  private async leases(holder: string): Promise<Record<string, number> | null> {
    const { Item } = await this.db.send(new GetItemCommand({ TableName: this.tables.games, Key: this.key(holder), ConsistentRead: true }));
    const map = Item?.leases?.M;
    if (!map) return null;
    return Object.fromEntries(Object.entries(map).map(([lease, ends]) => [lease, Number(ends.N)]));
  }

  private async create(holder: string): Promise<void> {
    try {
      await this.db.send(
        new PutItemCommand({
          TableName: this.tables.games,
          Item: { ...this.key(holder), leases: { M: {} } },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  private async remove(holder: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .send(
        new UpdateItemCommand({
          TableName: this.tables.games,
          Key: this.key(holder),
          UpdateExpression: `REMOVE ${ids.map((_, i) => `leases.#l${i}`).join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: Object.fromEntries(ids.map((lease, i) => [`#l${i}`, lease])),
        }),
      )
      .catch((error: unknown) => {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      });
  }
}
