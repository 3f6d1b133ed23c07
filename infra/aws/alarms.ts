/**
 * Alarms that reach someone (AWS-2): one SNS topic every alarm of the stack notifies, in
 * alarm and back to OK, with an e-mail subscription when the `alarmEmail` context is set
 * (anyone may subscribe a pager, a chat hook or a phone to the topic too). Each alarm's
 * description says what happened and what to do; docs/aws.md lists them.
 *
 * The alarms on queues (the stream consumers' on-failure queues, the deadline and webhook
 * dead-letter queues) and on stream iterator age are made beside their resource
 * (dead-letter-queue.ts, event-stream.ts); the ones here watch the API and the functions.
 */
import { CfnOutput, Duration, Stack, Validations } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, MathExpression, Metric, Stats, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { METRIC_NAMESPACE, type MetricName } from '../../functions/kernel/metrics.ts';
import type { ArbiterFunction } from './arbiter-function.ts';

/** The deliverer's log line when it could not process a queue message (functions/webhooks/deliver.ts). */
export const WEBHOOK_FAILURE_LINE = 'webhook delivery failed';
/** The timer reactor's log line for a deadline it could not schedule (functions/games/app/timer-reactor.ts, REL-18). */
export const UNSCHEDULABLE_STEP_LINE = 'unschedulable step';
/**
 * OPS-4: where the alarms on the service's own figures fire (documented in docs/aws.md). Chosen
 * so that a page means players notice: EventBridge Scheduler fires within about a minute of a
 * schedule's time, so two is late; a projection normally lands within a second or two of its
 * event, so half a minute is a view players see stale; a quarter of webhook attempts failing,
 * over at least ten, is more than one receiver being down.
 */
export const FIGURE_ALARMS = {
  /** p99 of DeadlineLateness over 5 minutes, two periods in a row. */
  deadlineLatenessP99Ms: 120_000,
  /** p99 of ProjectionLag over 5 minutes, two periods in a row. */
  projectionLagP99Ms: 30_000,
  /** WebhookFailed / (WebhookDelivered + WebhookFailed) over 15 minutes, in percent… */
  webhookFailurePercent: 25,
  /** …counted only when there were at least this many attempts: one failure of two is not an incident. */
  webhookMinimumAttempts: 10,
} as const;

export class ArbiterAlarms extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: { readonly alarmEmail: string | null }) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { displayName: 'Arbiter alarms', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry alarm names and metrics, nothing secret; CloudWatch cannot publish to a topic under the AWS managed SNS key, and a customer managed key would bill every month for nothing to protect.',
    });
    new CfnOutput(Stack.of(this), 'AlarmTopicArn', {
      value: this.topic.topicArn,
      description: 'SNS topic every Arbiter alarm notifies: subscribe e-mail, SMS or a chat hook to it',
    });
  }

  /** Sends every alarm of `scope` (this one's included) to the topic, in alarm and back to OK. */
  notifyAll(scope: Construct): void {
    const action = new SnsAction(this.topic);
    for (const alarm of scope.node.findAll().filter((c): c is Alarm => c instanceof Alarm)) {
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
    }
  }

  /** An unexpected error is a 500 with a request id (REL-9): one is worth a look. */
  onApiErrors(api: HttpApi): Alarm {
    return new Alarm(this, 'Api5xx', {
      alarmDescription:
        "The HTTP API answered 5xx. Find the request ids in the Api function's log group (CloudWatch Logs Insights: filter status >= 500), read the stack trace logged under the id, fix and deploy. A burst right after a deploy: roll back with the previous commit and npx cdk deploy.",
      metric: api.metricServerError({ statistic: Stats.SUM, period: Duration.minutes(5) }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }

  /** A function that throws (not a partial batch failure, which the queues' alarms catch). */
  onFunctionErrors(fn: ArbiterFunction): Alarm {
    const name = fn.node.id;
    return new Alarm(this, `${name}Errors`, {
      alarmDescription: `The ${name} function failed (an uncaught error or a timeout). Read its log group ${name}/Logs around the alarm time; stream consumers retry and then set records aside (their on-failure queue alarms), so after the fix run npm run redrive.`,
      metric: fn.fn.metricErrors({ statistic: Stats.SUM, period: Duration.minutes(5) }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }

  /** Throttles of any function, summed: one alarm, since the cause (account concurrency) is shared. */
  onThrottles(functions: readonly ArbiterFunction[]): Alarm {
    const usingMetrics = Object.fromEntries(
      functions.map((fn, i) => [`t${i}`, fn.fn.metricThrottles({ statistic: Stats.SUM, period: Duration.minutes(5) })]),
    );
    return new Alarm(this, 'Throttles', {
      alarmDescription:
        "A function was throttled: Lambda refused to run it for lack of concurrency. Look at the account's ConcurrentExecutions (a runaway client shows as a burst of API requests in the access logs; the stage throttles at throttleRateLimit, 50 requests/s by default) and ask AWS for a higher concurrency limit if the load is real. Throttled stream batches are retried; API callers got a 5xx/429 and retry.",
      metric: new MathExpression({
        expression: Object.keys(usingMetrics).join(' + '),
        usingMetrics,
        label: 'Throttles of every Arbiter function',
        period: Duration.minutes(5),
      }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }

  /**
   * The deliverer logs a line for each message it could not process (the message is retried,
   * then dead-lettered): a few are a bad receiver, a steady stream is a broken deliverer.
   */
  onWebhookFailures(deliverer: ArbiterFunction): Alarm {
    const filter = new MetricFilter(this, 'WebhookFailureLines', {
      logGroup: deliverer.logGroup,
      filterPattern: FilterPattern.literal(`"${WEBHOOK_FAILURE_LINE}"`),
      metricNamespace: METRIC_NAMESPACE,
      metricName: 'WebhookDeliveryFailures',
      metricValue: '1',
      defaultValue: 0,
    });
    return new Alarm(this, 'WebhookFailures', {
      alarmDescription: `The webhook deliverer failed to process 5 or more queue messages in 15 minutes ("${WEBHOOK_FAILURE_LINE}" in its log group WebhookDelivery/Logs). Read the error logged with each; messages are retried and then land in the webhook dead-letter queue (its own alarm): after the fix run npm run redrive.`,
      metric: filter.metric({ statistic: Stats.SUM, period: Duration.minutes(15) }),
      threshold: 5,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }

  /** REL-18: a step the timer reactor could not schedule waits for ever unless someone looks; one is a bug. */
  onUnschedulableSteps(timerReactor: ArbiterFunction): Alarm {
    const filter = new MetricFilter(this, 'UnschedulableStepLines', {
      logGroup: timerReactor.logGroup,
      filterPattern: FilterPattern.literal(`"${UNSCHEDULABLE_STEP_LINE}"`),
      metricNamespace: METRIC_NAMESPACE,
      metricName: 'UnschedulableSteps',
      metricValue: '1',
      defaultValue: 0,
    });
    return new Alarm(this, 'UnschedulableSteps', {
      alarmDescription: `The timer reactor met a deadline more than a year ahead and did not schedule it: that step of the game will not time out, though its players can still play and concede. Read the "${UNSCHEDULABLE_STEP_LINE}" line in its log group TimerReactor/Logs: it names the game, the step and the time. The API refuses such durations (REL-18), so the game's log predates the bound or a bug set the deadline: a game created since the bound is a bug to fix.`,
      metric: filter.metric({ statistic: Stats.SUM, period: Duration.minutes(5) }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }

  /** OPS-4: deadlines firing late is games stuck past their time: Scheduler or the phase timer is in trouble. */
  onLateDeadlines(): Alarm {
    return new Alarm(this, 'DeadlinesLate', {
      alarmDescription: `Deadlines fire late: the p99 of DeadlineLateness was over ${FIGURE_ALARMS.deadlineLatenessP99Ms / 1000} s for 10 minutes, so games wait past their time. Look at the PhaseTimer log group (errors, throttles, timeouts) and its Errors alarm, at the phase deadline dead-letter queue (Scheduler gave up: fix, then npm run redrive), and at the Scheduler group's schedules (ScheduleGroupName output) in the EventBridge console.`,
      metric: figureMetric('DeadlineLateness', Stats.p(99)),
      threshold: FIGURE_ALARMS.deadlineLatenessP99Ms,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 2,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }

  /** OPS-4: projections far behind their events are views players see stale. */
  onProjectionLag(): Alarm {
    return new Alarm(this, 'ProjectionLag', {
      alarmDescription: `Projections lag: the p99 of ProjectionLag (an event's time to its read model) was over ${FIGURE_ALARMS.projectionLagP99Ms / 1000} s for 10 minutes, so players read stale games. Look at the Projector's IteratorAge, Errors and throttles (the dashboard's parts rows) and its log group; a batch failing over and over holds its shard until it is set aside (then npm run redrive). DynamoDB throttles on the games table slow it too.`,
      metric: figureMetric('ProjectionLag', Stats.p(99)),
      threshold: FIGURE_ALARMS.projectionLagP99Ms,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 2,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }

  /**
   * OPS-4: any record a consumer set aside is a game whose view, timer or notifications missed an
   * event. Counted both ways a record is set aside: the RecordSetAside figure, which a host that
   * sets records aside itself reports (the local stream poller), and each batch Lambda's event
   * source mapping sends to a consumer's on-failure queue, which is how it happens on AWS.
   */
  onRecordsSetAside(consumers: readonly string[], failureQueues: readonly Queue[]): Alarm {
    const usingMetrics = Object.fromEntries([
      ...consumers.map((consumer, i) => [`r${i}`, figureMetric('RecordSetAside', Stats.SUM, { consumer })] as const),
      ...failureQueues.map(
        (queue, i) => [`q${i}`, queue.metricNumberOfMessagesSent({ statistic: Stats.SUM, period: Duration.minutes(5) })] as const,
      ),
    ]);
    return new Alarm(this, 'RecordsSetAside', {
      alarmDescription: `A stream consumer set records aside (RecordSetAside by consumer: ${consumers.join(', ')}; on AWS, a batch sent to a consumer's on-failure queue): some game's read model, deadline or notifications missed an event. Read why in that consumer's log group, fix the cause, then run npm run redrive (docs/aws.md), which re-derives those games from the log.`,
      metric: new MathExpression({
        expression: `SUM([${Object.keys(usingMetrics).join(', ')}])`,
        usingMetrics,
        label: 'Records set aside by every consumer',
        period: Duration.minutes(5),
      }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }

  /** OPS-4: the share of webhook attempts that failed; one receiver down is not a page, many are. */
  onWebhookFailureRate(): Alarm {
    const { webhookFailurePercent: percent, webhookMinimumAttempts: minimum } = FIGURE_ALARMS;
    const period = Duration.minutes(15);
    return new Alarm(this, 'WebhookFailureRate', {
      alarmDescription: `Webhooks fail: over ${percent}% of at least ${minimum} delivery attempts in 15 minutes failed (WebhookFailed / (WebhookDelivered + WebhookFailed)). One receiver down is normal (it is retried, then disabled); many at once is the deliverer or its network. Read the WebhookDelivery log group for the failures' causes (timeouts, DNS, TLS) and look at its errors and the webhook queue's depth on the dashboard.`,
      metric: new MathExpression({
        expression: `IF(FILL(d, 0) + FILL(f, 0) >= ${minimum}, 100 * FILL(f, 0) / (FILL(d, 0) + FILL(f, 0)), 0)`,
        usingMetrics: {
          d: figureMetric('WebhookDelivered', Stats.SUM, {}, period),
          f: figureMetric('WebhookFailed', Stats.SUM, {}, period),
        },
        label: 'Webhook attempts that failed (%)',
        period,
      }),
      threshold: percent,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}

/** One of the service's figures (functions/kernel/metrics.ts) with the dimension values given, as an alarm watches it. */
const figureMetric = (
  name: MetricName,
  statistic: string,
  dimensionsMap: Record<string, string> = {},
  period = Duration.minutes(5),
): Metric => new Metric({ namespace: METRIC_NAMESPACE, metricName: name, statistic, period, dimensionsMap });
