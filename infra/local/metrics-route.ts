/**
 * OPS-3 locally: `GET /metrics` answers the figures this process kept (the recorder in its
 * deps) in the Prometheus text exposition format, so that the same names the dashboard shows on
 * AWS can be read with curl or scraped. Served by the stand-in for API Gateway, ahead of the
 * API's router: it is no route of the API, not on AWS, and only for a caller on this machine.
 */
import { BlockList, isIP } from 'node:net';
import type { MetricSeries } from '../../functions/adapters/memory/metrics.ts';
import { problemResponse } from '../../functions/http/respond.ts';
import type { Response } from '../../functions/http/router.ts';
import { METRICS, type MetricName } from '../../functions/kernel/metrics.ts';
import { Problem } from '../../functions/kernel/problems.ts';

/** `CommandAccepted` as Prometheus names it: snake case under the service's prefix, a counter's `_total`, a duration's unit. */
export const prometheusName = (name: MetricName): string => {
  const base = `arbiter_${name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase()}`;
  return METRICS[name].unit === 'Count' ? `${base}_total` : `${base}_milliseconds`;
};

const escapeLabel = (value: string): string => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

const labelsOf = (dimensions: Readonly<Record<string, string>>): string => {
  const pairs = Object.entries(dimensions).map(([key, value]) => `${key}="${escapeLabel(value)}"`);
  return pairs.length === 0 ? '' : `{${pairs.join(',')}}`;
};

/**
 * Every metric of the catalogue, each with its help and type: a counter's series with their
 * totals, a duration as a summary (its observations' `_sum` and `_count`). A metric with no
 * dimensions that nothing emitted yet reads 0, so a scrape sees it from the start.
 */
export const prometheusText = (series: readonly MetricSeries[]): string => {
  const lines: string[] = [];
  for (const name of Object.keys(METRICS) as MetricName[]) {
    const { unit, help, dimensions } = METRICS[name];
    const metric = prometheusName(name);
    const own = series.filter((s) => s.name === name);
    const empty = own.length === 0 && dimensions.length === 0 ? [{ name, dimensions: {}, count: 0, sum: 0 }] : [];
    lines.push(`# HELP ${metric} ${help}`, `# TYPE ${metric} ${unit === 'Count' ? 'counter' : 'summary'}`);
    for (const s of [...own, ...empty]) {
      const labels = labelsOf(s.dimensions);
      if (unit === 'Count') lines.push(`${metric}${labels} ${s.sum}`);
      else lines.push(`${metric}_sum${labels} ${s.sum}`, `${metric}_count${labels} ${s.count}`);
    }
  }
  return `${lines.join('\n')}\n`;
};

/** This machine: 127.0.0.0/8 and ::1 (an IPv4 peer of a dual-stack socket, `::ffff:127.0.0.1`, is matched by its IPv4 rule). */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether a socket's remote address is this machine, in any spelling Node gives it; no address, or not an address, is not. */
export const isLoopbackAddress = (address: string | undefined): boolean => {
  const family = isIP(address ?? '');
  return family !== 0 && LOOPBACK.check(address ?? '', family === 4 ? 'ipv4' : 'ipv6');
};

/** The answer to `GET /metrics`: the figures to this machine, a 403 that says why to anyone else. */
export const metricsResponse = (remoteAddress: string | undefined, text: () => string): Response => {
  if (!isLoopbackAddress(remoteAddress)) {
    return problemResponse(
      new Problem(403, 'not-allowed', 'Metrics are for this machine only', 'GET /metrics answers callers on this machine (loopback) only.'),
    );
  }
  return { statusCode: 200, headers: { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }, body: text() };
};
