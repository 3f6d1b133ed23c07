/**
 * REL-26 rate limits in the `games` table: one counter item per subject, action and window,
 * `RATE#<action>#<subject>` / `<window start, epoch seconds>`, raised by one conditional
 * UpdateItem (atomic, so concurrent requests on any number of instances count exactly) and
 * removed by DynamoDB's TTL on `expiresAt` once its window is over.
 */
import { ConditionalCheckFailedException, type DynamoDBClient, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import type { RateAction, RateCounter } from '../kernel/rate-limits.ts';
import type { TableNames } from './tables.ts';

export class RateLimitTable implements RateCounter {
  constructor(
    private readonly db: DynamoDBClient,
    private readonly tables: TableNames,
  ) {}

  async take(action: RateAction, subject: string, windowStart: number, limit: number, expiresAt: number): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateItemCommand({
          TableName: this.tables.games,
          Key: { pk: { S: `RATE#${action}#${subject}` }, sk: { S: String(windowStart) } },
          UpdateExpression: 'ADD n :one SET expiresAt = :expiresAt',
          ConditionExpression: 'attribute_not_exists(n) OR n < :limit',
          ExpressionAttributeValues: { ':one': { N: '1' }, ':limit': { N: String(limit) }, ':expiresAt': { N: String(expiresAt) } },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}
