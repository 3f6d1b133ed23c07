/**
 * OPS-3: the figures a process without CloudWatch keeps (the memory runtime, `npm start`, the
 * tests): per metric and dimension values, how many were emitted and their sum. What one series
 * keeps is two numbers, so a long-running local process holds as many as there are series.
 */
import {
  type CountMetric,
  type DimensionsOf,
  type DurationMetric,
  type MetricName,
  type MetricPoint,
  type Metrics,
  metricsTo,
} from '../../kernel/metrics.ts';

export interface MetricSeries {
  readonly name: MetricName;
  readonly dimensions: Readonly<Record<string, string>>;
  /** Emissions: a counter's increments, a duration's observations. */
  count: number;
  /** A counter's total, a duration's milliseconds added up. */
  sum: number;
}

const seriesKey = (name: string, dimensions: Readonly<Record<string, string>>): string =>
  JSON.stringify([name, ...Object.entries(dimensions).sort(([a], [b]) => a.localeCompare(b))]);

export class MetricsRecorder implements Metrics {
  private readonly kept = new Map<string, MetricSeries>();
  private readonly port = metricsTo((point) => this.record(point));

  count<N extends CountMetric>(name: N, dimensions: DimensionsOf<N>, n?: number): void {
    this.port.count(name, dimensions, n);
  }

  duration<N extends DurationMetric>(name: N, ms: number, dimensions: DimensionsOf<N>): void {
    this.port.duration(name, ms, dimensions);
  }

  /** Every series so far, in the order each first appeared. */
  series(): readonly MetricSeries[] {
    return [...this.kept.values()];
  }

  /** The series of `name` whose dimensions include `dimensions`, added up: `sum` a counter's total. */
  total(name: MetricName, dimensions: Readonly<Record<string, string>> = {}): { readonly count: number; readonly sum: number } {
    const matching = this.series().filter(
      (s) => s.name === name && Object.entries(dimensions).every(([key, value]) => s.dimensions[key] === value),
    );
    return { count: matching.reduce((n, s) => n + s.count, 0), sum: matching.reduce((n, s) => n + s.sum, 0) };
  }

  private record(point: MetricPoint): void {
    const key = seriesKey(point.name, point.dimensions);
    const series = this.kept.get(key) ?? { name: point.name, dimensions: { ...point.dimensions }, count: 0, sum: 0 };
    series.count += 1;
    series.sum += point.value;
    this.kept.set(key, series);
  }
}
