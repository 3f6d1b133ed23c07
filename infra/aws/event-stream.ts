/**
 * Subscribes a consumer to the `events` table's stream, the outbox of every command:
 * INSERTs only (the log is never updated or deleted), partial batch responses, bisect on
 * error, bounded retries, and an on-failure queue so a poison record cannot stall a shard.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Stats, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable, Table } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { ArbiterFunction } from './arbiter-function.ts';
import { deadLetterQueue } from './dead-letter-queue.ts';

/** Above this the consumer is a minute behind the log: players notice stale views and late timers. */
const iteratorAgeLimit = Duration.minutes(1);

export const consumeEventStream = (scope: Construct, events: Table, consumer: ArbiterFunction): Queue => {
  const id = consumer.node.id;
  const failures = deadLetterQueue(
    scope,
    `${id}StreamFailures`,
    `the ${id} stream consumer`,
    `Each message names a stream batch the ${id} gave up on after its retries. Read why in the ${id} log group, fix the cause, then run npm run redrive (docs/aws.md), which re-drives the games of those records and deletes what it re-drove.`,
  );
  consumer.fn.addEventSource(
    // The cast only bridges exactOptionalPropertyTypes: Table declares `tableStreamArn: string | undefined`
    // where ITable has an optional property, which mean the same thing.
    new DynamoEventSource(events as ITable, {
      // From the oldest record still in the stream, so a new or re-created consumer misses nothing.
      startingPosition: StartingPosition.TRIM_HORIZON,
      filters: [FilterCriteria.filter({ eventName: FilterRule.isEqual('INSERT') })],
      batchSize: 100,
      maxBatchingWindow: Duration.seconds(1),
      reportBatchItemFailures: true,
      bisectBatchOnError: true,
      retryAttempts: 10,
      // The stream keeps records 24 h; the projector can rebuild from the table after that.
      maxRecordAge: Duration.days(1),
      onFailure: new SqsDlq(failures),
    }),
  );
  Validations.of(consumer).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason:
      'dynamodb:ListStreams, added by the event source mapping, has no resource-level permissions; reading the stream itself is scoped to its ARN.',
  });
  alarmOnIteratorAge(scope, consumer);
  return failures;
};

const alarmOnIteratorAge = (scope: Construct, consumer: ArbiterFunction): Alarm =>
  new Alarm(scope, `${consumer.node.id}IteratorAge`, {
    alarmDescription: `The ${consumer.node.id} stream consumer is more than ${iteratorAgeLimit.toHumanString()} behind the events table: views, deadlines or notifications are late. Look for errors and timeouts in its log group (a batch failing over and over holds its shard until it is set aside) and for throttles; it catches up by itself once they stop.`,
    metric: consumer.fn.metric('IteratorAge', { statistic: Stats.MAXIMUM, period: Duration.minutes(1) }),
    threshold: iteratorAgeLimit.toMilliseconds(),
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    // Three minutes in a row: one slow batch during a retry is not an incident.
    evaluationPeriods: 3,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
