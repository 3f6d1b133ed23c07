/**
 * A dead-letter queue with an alarm on its first message: a message here is work that
 * was given up on (a stream batch or a phase deadline), so one is already too many.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Stats, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/**
 * `holds`: what gave up into the queue; `remedy`: the sentence saying what to do, for the
 * alarm's description (AWS-2), e.g. run `npm run redrive` after fixing the cause.
 */
export const deadLetterQueue = (scope: Construct, id: string, holds: string, remedy: string): Queue => {
  const queue = new Queue(scope, id, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    // The longest SQS allows: time to read, fix and redrive after a weekend.
    retentionPeriod: Duration.days(14),
  });
  Validations.of(queue).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason: `This queue is itself the dead-letter queue for ${holds}; it has no queue behind it.`,
  });
  new Alarm(scope, `${id}NotEmpty`, {
    alarmDescription: `${holds}: at least one message was given up on and waits in ${id}. ${remedy}`,
    metric: queue.metricApproximateNumberOfMessagesVisible({
      statistic: Stats.MAXIMUM,
      period: Duration.minutes(1),
    }),
    threshold: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: 1,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  return queue;
};
