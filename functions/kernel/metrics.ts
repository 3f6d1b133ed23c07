/**
 * OPS-3: the figures the service reports about itself, and the port it reports them through.
 * The catalogue below is the contract the dashboard and alarms (OPS-4, infra/aws) and the local
 * `GET /metrics` read: one namespace, each metric's unit and the few dimensions it carries. A
 * game id is never a dimension: each distinct dimension value is a metric CloudWatch bills for,
 * and games are unbounded. The application emits through `Metrics` so that it names no adapter;
 * on Lambda the figures become embedded-metric-format log lines, in memory a recorder tests read.
 */

/** The CloudWatch namespace of every Arbiter metric. */
export const METRIC_NAMESPACE = 'Arbiter';

export type MetricUnit = 'Count' | 'Milliseconds';

export interface MetricSpec {
  readonly unit: MetricUnit;
  /** The dimension names, each given on every emission; none: the metric is one series. */
  readonly dimensions: readonly string[];
  readonly help: string;
}

export const METRICS = {
  CommandAccepted: { unit: 'Count', dimensions: ['ruleset', 'command'], help: 'Commands accepted, by ruleset and command type.' },
  CommandRefused: {
    unit: 'Count',
    dimensions: ['ruleset', 'rule'],
    help: 'Commands refused, by ruleset and the rule id or problem code that refused them.',
  },
  DeadlineFired: { unit: 'Count', dimensions: [], help: 'Deadlines the phase timer fired.' },
  DeadlineLateness: { unit: 'Milliseconds', dimensions: [], help: 'How long after its scheduled time a deadline fired.' },
  ProjectionLag: { unit: 'Milliseconds', dimensions: [], help: "From an event's `at` to its projection." },
  RecordSetAside: { unit: 'Count', dimensions: ['consumer'], help: 'Stream records a consumer gave up on and set aside.' },
  WebhookDelivered: { unit: 'Count', dimensions: [], help: 'Webhook deliveries the subscriber accepted.' },
  WebhookFailed: { unit: 'Count', dimensions: [], help: 'Webhook delivery attempts that failed.' },
  RateLimitRefused: { unit: 'Count', dimensions: ['limit'], help: 'Requests refused by a rate limit, by limit.' },
} as const satisfies Record<string, MetricSpec>;

export type MetricName = keyof typeof METRICS;
type NamesWithUnit<U extends MetricUnit> = { [N in MetricName]: (typeof METRICS)[N]['unit'] extends U ? N : never }[MetricName];
export type CountMetric = NamesWithUnit<'Count'>;
export type DurationMetric = NamesWithUnit<'Milliseconds'>;
/** The dimension values an emission of `N` gives: exactly its catalogue's names. */
export type DimensionsOf<N extends MetricName> = { readonly [D in (typeof METRICS)[N]['dimensions'][number]]: string };

/** Where the application reports a figure as it arises. Emitting never throws and never waits. */
export interface Metrics {
  count<N extends CountMetric>(name: N, dimensions: DimensionsOf<N>, n?: number): void;
  duration<N extends DurationMetric>(name: N, ms: number, dimensions: DimensionsOf<N>): void;
}

/** One emitted figure, as an adapter receives it. */
export interface MetricPoint {
  readonly name: MetricName;
  readonly unit: MetricUnit;
  readonly value: number;
  readonly dimensions: Readonly<Record<string, string>>;
}

/** A `Metrics` that hands each figure, checked against the catalogue's unit, to `sink`. */
export const metricsTo = (sink: (point: MetricPoint) => void): Metrics => ({
  count: (name, dimensions, n = 1) => sink({ name, unit: 'Count', value: n, dimensions }),
  duration: (name, ms, dimensions) => sink({ name, unit: 'Milliseconds', value: Math.max(0, ms), dimensions }),
});

/** For callers that report nothing (scripts, tools). */
export const noMetrics: Metrics = metricsTo(() => {});

/**
 * The `rule` a refusal is counted under: its rule id (PG-4, PBM-12), else its problem type.
 * Both are the service's own words, never the client's, so the series stay few.
 */
export const refusalRule = (problem: { readonly type: string; readonly extra: Readonly<Record<string, unknown>> }): string =>
  typeof problem.extra.rule === 'string' ? problem.extra.rule : problem.type;
