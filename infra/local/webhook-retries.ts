/**
 * Webhook deliveries waiting for their next attempt in the local runtime, kept in the
 * `games` table (REL-30): it lives in the data folder with everything else, so a restart
 * re-arms them. On AWS the same waits are SQS message delays (functions/webhooks/deliver.ts).
 * One item per delivery, `WEBHOOK-RETRIES` / `<delivery id>`, holding the delivery and when
 * it is due. A stale item costs one `advance`, which finds the delivery finished and says so.
 */
import { DeleteItemCommand, type DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { queryAll } from '../../functions/adapters/dynamo-games.ts';
import type { TableNames } from '../../functions/adapters/tables.ts';
import type { Delivery } from '../../functions/notifications/app/webhooks.ts';

const PK = 'WEBHOOK-RETRIES';

export interface PendingRetry {
  readonly delivery: Delivery;
  readonly dueAt: Date;
}

export class WebhookRetries {
  constructor(
    private readonly db: DynamoDBClient,
    private readonly tables: TableNames,
  ) {}

  async keep(delivery: Delivery, dueAt: Date): Promise<void> {
    await this.db.send(
      new PutItemCommand({
        TableName: this.tables.games,
        Item: { pk: { S: PK }, sk: { S: delivery.id }, delivery: { S: JSON.stringify(delivery) }, dueAt: { S: dueAt.toISOString() } },
      }),
    );
  }

  async drop(deliveryId: string): Promise<void> {
    await this.db.send(new DeleteItemCommand({ TableName: this.tables.games, Key: { pk: { S: PK }, sk: { S: deliveryId } } }));
  }

  async all(): Promise<PendingRetry[]> {
    const items = await queryAll(this.db, {
      TableName: this.tables.games,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': { S: PK } },
      ConsistentRead: true,
    });
    return items.flatMap((item) =>
      item.delivery?.S && item.dueAt?.S ? [{ delivery: JSON.parse(item.delivery.S) as Delivery, dueAt: new Date(item.dueAt.S) }] : [],
    );
  }
}
