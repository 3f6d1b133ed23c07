/**
 * OPS-3: the figures on Lambda, as CloudWatch embedded metric format lines: one JSON line per
 * figure on standard output, from which CloudWatch Logs makes the metric with no API call
 * (https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html).
 * Written by hand rather than with Powertools Metrics: its 15 KiB (and the Logger's 23 KiB)
 * do not fit the API bundle's PERF-1 headroom of 2 KiB, and the format is this one object.
 */
import { METRIC_NAMESPACE, type MetricPoint, type Metrics, metricsTo } from '../kernel/metrics.ts';

/** The EMF object of one figure: its dimensions and value as top-level members, the `_aws` directive saying which is which. */
export const emfLine = (point: MetricPoint, at: Date): string =>
  JSON.stringify({
    _aws: {
      Timestamp: at.getTime(),
      CloudWatchMetrics: [
        { Namespace: METRIC_NAMESPACE, Dimensions: [Object.keys(point.dimensions)], Metrics: [{ Name: point.name, Unit: point.unit }] },
      ],
    },
    ...point.dimensions,
    [point.name]: point.value,
  });

/**
 * Straight to standard output, not through `console.log`: under Lambda's JSON log format the
 * runtime wraps what console prints in its own object, and CloudWatch reads EMF only from a
 * line that is the object itself.
 */
const toStdout = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

export const emfMetrics = (write: (line: string) => void = toStdout, now: () => Date = () => new Date()): Metrics =>
  metricsTo((point) => write(emfLine(point, now())));
