/**
 * COST-6: `npm run cost` prices the figures the bench measured: each part of a game's bill is its
 * measured or assumed quantity times AWS's list price, and the committed figures are a real run's.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CostFigures, GameFigures } from '../../bench/cost.bench.ts';
import { METRICS } from '../../functions/kernel/metrics.ts';
import { defaultRateLimits } from '../../functions/kernel/rate-limits.ts';
import { ASSUMPTIONS, costReport, gameCost, idleCost, idleLine, idleResources, metricsCost, PRICES } from '../../scripts/cost.ts';

const game: GameFigures = {
  match: 'test',
  commands: 100,
  events: 150,
  api: { requests: 200, rcu: 200, wcu: 300, p50Ms: 10 },
  consumers: { deliveries: 400, requests: 600, rcu: 500, wcu: 400, p50Ms: 4 },
  schedules: { created: 50, cancelled: 45 },
  storedBytes: 1024 ** 3 / 1000,
};

describe('COST-6 what a game costs', () => {
  it('COST-6 DynamoDB is the reported capacity of the command path and the consumers, with the reads the players make, at the unit prices', () => {
    const reads = 100 * ASSUMPTIONS.readsPerCommand;
    const rcu = 200 + 500 + reads * ASSUMPTIONS.rcuPerRead + (100 + reads) * ASSUMPTIONS.rcuPerRequestAuth;
    const wcu = 300 + 400;
    expect(gameCost(game).dynamo).toBeCloseTo((rcu * PRICES.dynamoReadPerMillion + wcu * PRICES.dynamoWritePerMillion) / 1e6, 12);
  });

  it('COST-6 every request is an API Gateway request and a Lambda invocation, and each delivery an invocation', () => {
    const requests = 100 * (1 + ASSUMPTIONS.readsPerCommand);
    expect(gameCost(game).httpApi).toBeCloseTo((requests * PRICES.httpApiPerMillion) / 1e6, 12);
    const seconds = (100 * 10 + 200 * 10 * ASSUMPTIONS.readShareOfCommandMs + 400 * 4) / 1000;
    const lambda =
      seconds * ASSUMPTIONS.lambdaMemoryGb * PRICES.lambdaPerGbSecond + ((requests + 400) * PRICES.lambdaPerMillionRequests) / 1e6;
    expect(gameCost(game).lambda).toBeCloseTo(lambda, 12);
  });

  it('COST-6 storage is the bytes kept, with point-in-time recovery, and the parts add up to the total', () => {
    const cost = gameCost(game);
    expect(cost.storage).toBeCloseTo((1 / 1000) * (PRICES.dynamoStoragePerGbMonth + PRICES.pitrPerGbMonth), 12);
    expect(cost.total).toBeCloseTo(cost.dynamo + cost.lambda + cost.httpApi + cost.scheduler + cost.storage + cost.kms, 12);
  });

  it('TRUST-2 COST-6 signing costs one KMS Sign per container start, at the asymmetric request price, and nothing per command', () => {
    const invocations = 100 * (1 + ASSUMPTIONS.readsPerCommand) + 400;
    expect(gameCost(game).kms).toBeCloseTo((invocations * ASSUMPTIONS.coldStartShare * PRICES.kmsAsymmetricPer10k) / 1e4, 12);
    // Half the commands, with as many invocations, cost the same KMS: it follows container starts, never the receipts signed.
    const fewerCommands: GameFigures = { ...game, commands: 50, consumers: { ...game.consumers, deliveries: 550 } };
    expect(gameCost(fewerCommands).kms).toBeCloseTo(gameCost(game).kms, 12);
    expect(PRICES.kmsAsymmetricPer10k).toBe(0.15);
    expect(PRICES.kmsKeyPerMonth).toBe(1);
  });

  it('COST-6 the committed figures are a measured run of every ruleset', () => {
    const figures = JSON.parse(readFileSync(new URL('../../bench/cost-figures.json', import.meta.url), 'utf8')) as CostFigures;
    expect(Object.keys(figures.rulesets).sort()).toEqual(['gsc2', 'post-galactica', 'soluna']);
    for (const f of Object.values(figures.rulesets)) {
      expect(f.commands).toBeGreaterThan(10);
      expect(f.api.rcu).toBeGreaterThan(f.commands);
      expect(f.api.wcu).toBeGreaterThanOrEqual(f.commands);
      expect(f.consumers.deliveries).toBeGreaterThanOrEqual(f.commands);
      expect(gameCost(f).total).toBeGreaterThan(0);
    }
  });
});

describe('OPS-6 what an idle stack costs', () => {
  /** A template as `cdk synth` writes it, with only what the count looks at. */
  const template = {
    Resources: {
      Plain: { Type: 'AWS::CloudWatch::Alarm', Properties: {} },
      Summed: {
        Type: 'AWS::CloudWatch::Alarm',
        Properties: {
          Metrics: [
            { Id: 'a', MetricStat: {} },
            { Id: 'b', MetricStat: {} },
            { Id: 'c', MetricStat: {} },
            { Id: 'e', Expression: 'a + b + c' },
          ],
        },
      },
      Board: { Type: 'AWS::CloudWatch::Dashboard' },
      Key: { Type: 'AWS::KMS::Key' },
      Table: { Type: 'AWS::DynamoDB::Table' },
    },
  };

  it('OPS-6 counts the alarms, the metrics they read (each of a math expression), the dashboards and the KMS keys', () => {
    expect(idleResources(template)).toEqual({ alarms: 2, alarmMetrics: 4, dashboards: 1, kmsKeys: 1 });
  });

  it('OPS-6 an idle month is the alarm metrics, the dashboards and the keys at their monthly prices, and nothing for empty tables', () => {
    const cost = idleCost(idleResources(template));
    expect(cost.alarms).toBeCloseTo(4 * PRICES.alarmMetricPerMonth, 12);
    expect(cost.dashboards).toBeCloseTo(PRICES.dashboardPerMonth, 12);
    expect(cost.kms).toBeCloseTo(PRICES.kmsKeyPerMonth, 12);
    expect(cost.total).toBeCloseTo(0.4 + 3 + 1, 12);
    expect(idleLine(idleResources(template))).toBe(
      "  idle: $4.40 a month: 2 alarms reading 4 metrics $0.400, 1 dashboard $3.00 (nothing if among the account's first three), 1 KMS key $1.00; empty tables, logs and queues cost nothing",
    );
  });
});

describe('OPS-6 what the reported figures cost', () => {
  it('OPS-6 a month of games pays for each metric series it keeps alive, at least every series without dimensions and every rate limit', () => {
    const single = Object.values(METRICS).filter((m) => m.dimensions.length === 0).length;
    expect(ASSUMPTIONS.activeMetricSeries).toBeGreaterThanOrEqual(single + Object.keys(defaultRateLimits).length);
    expect(PRICES.customMetricPerMonth).toBe(0.3);
    expect(metricsCost()).toBeCloseTo(ASSUMPTIONS.activeMetricSeries * 0.3, 12);
  });
});

describe('OPS-6 npm run cost prints the idle stack beside the games', () => {
  it('OPS-6 after the rulesets, the all-in line and the idle line; each ruleset all in is its games, the idle stack and the metric series', () => {
    const figures = JSON.parse(readFileSync(new URL('../../bench/cost-figures.json', import.meta.url), 'utf8')) as CostFigures;
    const idle = { alarms: 28, alarmMetrics: 45, dashboards: 1, kmsKeys: 1 };
    const lines = costReport(figures, 'bench/cost-figures.json', idle);
    expect(lines.at(-2)).toBe(idleLine(idle));
    expect(lines.at(-2)).toMatch(/^ {2}idle: \$8\.50 a month: 28 alarms reading 45 metrics \$4\.50, 1 dashboard \$3\.00/);
    expect(lines.at(-3)).toContain(`about ${ASSUMPTIONS.activeMetricSeries} metric series`);
    const pg = figures.rulesets['post-galactica'] as GameFigures;
    const allIn = gameCost(pg).total * 1000 + 8.5 + metricsCost();
    expect(
      lines
        .find((l) => l.startsWith('  post-galactica'))
        ?.trimEnd()
        .endsWith(`$${allIn.toFixed(2)}`),
    ).toBe(true);
  });
});
