/**
 * OPS-4: the dashboard an operator opens first, read top to bottom (docs/aws.md, "What an
 * operator looks at first"): every alarm's state; then the service's own figures (OPS-3, the
 * catalogue in functions/kernel/metrics.ts): what players asked for and what was refused, how
 * late deadlines fire, how far projections lag, webhooks and records set aside; then what AWS
 * reports of the parts: queue depths with the on-failure and dead-letter queues, Lambda errors
 * and durations, DynamoDB throttles.
 *
 * A metric with dimensions is graphed through a SEARCH over its catalogue dimensions, so a new
 * ruleset, command or refusing rule shows up without a deploy; one without is a single series.
 */
import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import {
  type Alarm,
  AlarmStatusWidget,
  Dashboard,
  GraphWidget,
  type IMetric,
  type IWidget,
  MathExpression,
  Metric,
  SearchExpression,
  Stats,
  TextWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { METRIC_NAMESPACE, METRICS, type MetricName } from '../../functions/kernel/metrics.ts';
import type { ArbiterFunction } from './arbiter-function.ts';

export interface ArbiterDashboardProps {
  /** Every alarm of the stack, in the order the status widget lists them. */
  readonly alarms: readonly Alarm[];
  readonly functions: Readonly<Record<string, ArbiterFunction>>;
  readonly tables: Readonly<Record<string, Table>>;
  /** Queues that hold work in flight: a depth that keeps growing is a consumer that cannot keep up. */
  readonly workQueues: Readonly<Record<string, Queue>>;
  /** The on-failure and dead-letter queues: any message there was given up on. */
  readonly givenUpQueues: Readonly<Record<string, Queue>>;
}

const period = Duration.minutes(5);
const WIDE = 24;
const HIGH = 6;

/** One of the service's own figures, as CloudWatch holds it: one series, or a search over its dimensions. */
export const figure = (name: MetricName, statistic: string = Stats.SUM, label?: string): IMetric => {
  const { dimensions } = METRICS[name];
  if (dimensions.length === 0)
    return new Metric({ namespace: METRIC_NAMESPACE, metricName: name, statistic, period, ...(label ? { label } : {}) });
  return new SearchExpression({
    expression: `SEARCH('{${[METRIC_NAMESPACE, ...dimensions].join(',')}} MetricName="${name}"', '${statistic}', ${period.toSeconds()})`,
    label: label ?? '',
    period,
  });
};

/** A figure with dimensions summed over all of them: the total beside its parts. */
const total = (name: MetricName, label: string): IMetric =>
  new MathExpression({
    expression: `SUM(SEARCH('{${[METRIC_NAMESPACE, ...METRICS[name].dimensions].join(',')}} MetricName="${name}"', 'Sum', ${period.toSeconds()}))`,
    label,
    period,
  });

const graph = (title: string, left: IMetric[], width: number, options: { right?: IMetric[]; stacked?: boolean } = {}): GraphWidget =>
  new GraphWidget({
    title,
    left,
    width,
    height: HIGH,
    ...(options.right ? { right: options.right } : {}),
    stacked: options.stacked ?? false,
  });

const heading = (markdown: string): TextWidget => new TextWidget({ markdown, width: WIDE, height: 1 });

/** The service's figures: what players do, then whether the machinery keeps time. */
const figureRows = (): IWidget[][] => [
  [heading('### The service: commands, refusals and limits (namespace `Arbiter`, OPS-3)')],
  [
    graph('Commands accepted, by ruleset and command', [total('CommandAccepted', 'all'), figure('CommandAccepted')], 8),
    graph('Commands refused, by ruleset and rule', [total('CommandRefused', 'all'), figure('CommandRefused')], 8),
    graph('Requests refused by a rate limit, by limit', [figure('RateLimitRefused')], 8),
  ],
  [heading('### Keeping time: deadlines, projections, webhooks, records set aside')],
  [
    graph(
      'Deadline lateness (ms) and deadlines fired',
      [
        figure('DeadlineLateness', Stats.p(50), 'p50'),
        figure('DeadlineLateness', Stats.p(99), 'p99'),
        figure('DeadlineLateness', Stats.MAXIMUM, 'max'),
      ],
      6,
      { right: [figure('DeadlineFired', Stats.SUM, 'fired')] },
    ),
    graph('Projection lag (ms)', [figure('ProjectionLag', Stats.p(50), 'p50'), figure('ProjectionLag', Stats.p(99), 'p99')], 6),
    graph(
      'Webhooks delivered and failed',
      [figure('WebhookDelivered', Stats.SUM, 'delivered'), figure('WebhookFailed', Stats.SUM, 'failed')],
      6,
    ),
    graph('Records set aside, by consumer', [figure('RecordSetAside')], 6),
  ],
];

const queueDepth = (name: string, queue: Queue): IMetric =>
  queue.metricApproximateNumberOfMessagesVisible({ statistic: Stats.MAXIMUM, period, label: name });

/** What AWS reports of the parts: queues, functions, tables. */
const partRows = (props: ArbiterDashboardProps): IWidget[][] => {
  const functions = Object.entries(props.functions);
  const tables = Object.entries(props.tables);
  return [
    [heading('### The parts: queues, functions, tables')],
    [
      graph(
        'Work queues: messages waiting, and the oldest (s)',
        Object.entries(props.workQueues).map(([name, q]) => queueDepth(name, q)),
        12,
        {
          right: Object.entries(props.workQueues).map(([name, q]) =>
            q.metricApproximateAgeOfOldestMessage({ statistic: Stats.MAXIMUM, period, label: `${name} oldest` }),
          ),
        },
      ),
      graph(
        'On-failure and dead-letter queues: messages given up on',
        Object.entries(props.givenUpQueues).map(([name, q]) => queueDepth(name, q)),
        12,
      ),
    ],
    [
      graph(
        'Lambda errors, by function',
        functions.map(([name, f]) => f.fn.metricErrors({ statistic: Stats.SUM, period, label: name })),
        8,
      ),
      graph(
        'Lambda duration p99 (ms), by function',
        functions.map(([name, f]) => f.fn.metricDuration({ statistic: Stats.p(99), period, label: name })),
        8,
      ),
      graph(
        'DynamoDB throttled requests, by table',
        tables.flatMap(([name, t]) => [
          t.metric('ReadThrottleEvents', { statistic: Stats.SUM, period, label: `${name} reads` }),
          t.metric('WriteThrottleEvents', { statistic: Stats.SUM, period, label: `${name} writes` }),
        ]),
        8,
      ),
    ],
  ];
};

export class ArbiterDashboard extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: ArbiterDashboardProps) {
    super(scope, id);
    this.dashboard = new Dashboard(this, 'Dashboard', {
      // Minutes matter here: a page is about the last few hours, not the last week.
      defaultInterval: Duration.hours(3),
      widgets: [
        [heading('## Arbiter: the alarms first (red is a page; docs/aws.md says what each means and what to do)')],
        [new AlarmStatusWidget({ title: 'Alarms', alarms: [...props.alarms], width: WIDE, height: HIGH })],
        ...figureRows(),
        ...partRows(props),
      ],
    });
    const region = Stack.of(this).region;
    new CfnOutput(Stack.of(this), 'DashboardUrl', {
      value: `https://${region}.console.aws.amazon.com/cloudwatch/home?region=${region}#dashboards:name=${this.dashboard.dashboardName}`,
      description: 'The CloudWatch dashboard an operator looks at first (docs/aws.md)',
    });
  }
}
