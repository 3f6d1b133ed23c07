/**
 * What a person deploying the stack may set, each from CDK context (`cdk.json`, or
 * `npx cdk deploy -c name=value`), each with a default documented in docs/aws.md
 * ("Deploying to AWS") and written out in cdk.json (AWS-5). A malformed value stops the
 * synth with one sentence naming the setting, before anything is deployed.
 */
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { parseCorsOrigins } from '../../functions/http/cors.ts';
import { type RateLimits, rateLimitsFrom } from '../../functions/kernel/rate-limits.ts';

/**
 * The browser origins the HTTP API allows when the `corsOrigins` context is not set
 * (cdk.json sets the same): any, since clients are other people's web tables and
 * authentication is a bearer key, never a cookie.
 */
export const DEFAULT_AWS_CORS_ORIGINS: readonly string[] = ['*'];

/** Days every log group (functions and API access logs) keeps its lines when `logRetentionDays` is not set. */
export const DEFAULT_LOG_RETENTION_DAYS = 30;

/**
 * The HTTP API stage's throttle when `throttleRateLimit` / `throttleBurstLimit` are not set:
 * requests a second, and the burst, over every client together. A match is a handful of
 * commands a minute, so these only bite a runaway client.
 */
export const DEFAULT_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

export interface StackConfig {
  readonly corsOrigins: readonly string[];
  /** Where the alarms' topic sends e-mail; none when unset (subscribe to the topic yourself). */
  readonly alarmEmail: string | null;
  readonly logRetention: RetentionDays;
  /** A custom domain for the API (`domainName` with `certificateArn`, an ACM certificate in the stack's region); none by default. */
  readonly domain: { readonly name: string; readonly certificateArn: string } | null;
  /** The stage's throttle (REL-26). */
  readonly throttle: { readonly rateLimit: number; readonly burstLimit: number };
  /** The API function's rate limits per key or client address (REL-26), given it as ARBITER_RATE_LIMITS. */
  readonly rateLimits: RateLimits;
  /** TRUST-5: how many generations of the KMS signing key the stack holds (the last signs; infra/aws/signing-keys.ts). */
  readonly signingKeyGenerations: number;
  /** TRUST-5: keys no longer trusted, by kid, from that time (ISO 8601). */
  readonly revokedSigningKeys: Readonly<Record<string, string>>;
  /** OPS-6: the account's monthly cost budget in US dollars, which alerts the alarm topic; none when unset (infra/aws/budget.ts). */
  readonly monthlyBudgetUsd: number | null;
}

const absent = (value: unknown): boolean => value === undefined || value === null || value === '';

/** `corsOrigins`: a list in cdk.json, or `-c corsOrigins=https://a.example,https://b.example`. */
const corsOriginsFrom = (value: unknown): readonly string[] => {
  if (absent(value)) return DEFAULT_AWS_CORS_ORIGINS;
  if (typeof value !== 'string' && !(Array.isArray(value) && value.every((v) => typeof v === 'string')))
    throw new Error('The corsOrigins context is a list of origins or a comma-separated string.');
  return parseCorsOrigins(value as string | string[]) ?? DEFAULT_AWS_CORS_ORIGINS;
};

/** One address, no display name: SNS confirms it by mail before it sends anything else. */
const EMAIL = /^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/;

const alarmEmailFrom = (value: unknown): string | null => {
  if (absent(value)) return null;
  if (typeof value !== 'string' || !EMAIL.test(value.trim()))
    throw new Error(`The alarmEmail context is one e-mail address, like ops@example.org, not ${JSON.stringify(value)}.`);
  return value.trim();
};

/** The retention periods CloudWatch Logs accepts, in days (RetentionDays' values but INFINITE). */
const RETENTIONS = Object.values(RetentionDays).filter((d): d is number => typeof d === 'number' && d !== RetentionDays.INFINITE);

const logRetentionFrom = (value: unknown): RetentionDays => {
  if (absent(value)) return DEFAULT_LOG_RETENTION_DAYS as RetentionDays;
  const days = typeof value === 'string' ? Number(value) : value;
  if (typeof days !== 'number' || !RETENTIONS.includes(days))
    throw new Error(
      `The logRetentionDays context is one of CloudWatch Logs' periods (${[...RETENTIONS].sort((a, b) => a - b).join(', ')}), not ${JSON.stringify(value)}.`,
    );
  return days as RetentionDays;
};

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const CERTIFICATE = /^arn:aws[a-z-]*:acm:[a-z0-9-]+:\d{12}:certificate\/[0-9a-f-]+$/;

const domainFrom = (name: unknown, certificateArn: unknown): StackConfig['domain'] => {
  if (absent(name) && absent(certificateArn)) return null;
  if (typeof name !== 'string' || !HOSTNAME.test(name))
    throw new Error(`The domainName context is a host name like api.example.org, not ${JSON.stringify(name ?? '')}.`);
  if (typeof certificateArn !== 'string' || !CERTIFICATE.test(certificateArn))
    throw new Error(
      `The domainName context needs certificateArn: the ARN of an ACM certificate for ${name} in the stack's region, not ${JSON.stringify(certificateArn ?? '')}.`,
    );
  return { name, certificateArn };
};

const countFrom = (name: string, value: unknown, fallback: number, what = 'requests'): number => {
  if (absent(value)) return fallback;
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1)
    throw new Error(`The ${name} context is a whole number of ${what} from 1, not ${JSON.stringify(value)}.`);
  return n;
};

const throttleFrom = (rate: unknown, burst: unknown): StackConfig['throttle'] => {
  const throttle = {
    rateLimit: countFrom('throttleRateLimit', rate, DEFAULT_THROTTLE.rateLimit),
    burstLimit: countFrom('throttleBurstLimit', burst, DEFAULT_THROTTLE.burstLimit),
  };
  if (throttle.burstLimit < throttle.rateLimit)
    throw new Error(`The throttleBurstLimit context (${throttle.burstLimit}) is at least throttleRateLimit (${throttle.rateLimit}).`);
  return throttle;
};

/** `rateLimits`: `games=100,players=60` (the names left out keep their defaults), or an object of the same. */
const rateLimitsContextFrom = (value: unknown): RateLimits => {
  if (absent(value)) return rateLimitsFrom(undefined);
  const text =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.entries(value)
          .map(([name, n]) => `${name}=${String(n)}`)
          .join(',')
      : value;
  if (typeof text !== 'string') throw new Error('The rateLimits context is like games=100,players=60, or an object of the same.');
  return rateLimitsFrom(text, 'The rateLimits context');
};

/** `revokedSigningKeys`: `kid=2026-12-08T12:00:00Z,kid2=…`, or an object of the same. */
const revokedKeysFrom = (value: unknown): Readonly<Record<string, string>> => {
  if (absent(value)) return {};
  const pairs =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.entries(value)
      : typeof value === 'string'
        ? value.split(',').map((pair) => pair.trim().split('=') as [string, unknown])
        : null;
  if (!pairs) throw new Error('The revokedSigningKeys context is like kid=2026-12-08T12:00:00Z,kid2=…, or an object of the same.');
  const revoked: Record<string, string> = {};
  for (const [kid, at] of pairs) {
    if (!/^[\w-]{43}$/.test(kid) || typeof at !== 'string' || Number.isNaN(Date.parse(at)) || !/^\d{4}-\d{2}-\d{2}T/.test(at))
      throw new Error(
        `The revokedSigningKeys context names each key by its kid (GET /.well-known/arbiter-keys.json) with an ISO time, not ${JSON.stringify(`${kid}=${String(at)}`)}.`,
      );
    revoked[kid] = new Date(at).toISOString();
  }
  return revoked;
};

/** `monthlyBudgetUsd`: dollars and cents, more than zero (Budgets refuses a zero budget). */
const budgetFrom = (value: unknown): number | null => {
  if (absent(value)) return null;
  const usd = typeof value === 'string' && /^\d+(\.\d{1,2})?$/.test(value.trim()) ? Number(value) : value;
  if (typeof usd !== 'number' || !Number.isFinite(usd) || usd <= 0 || Math.abs(Math.round(usd * 100) - usd * 100) > 1e-6)
    throw new Error(`The monthlyBudgetUsd context is an amount of US dollars above 0, like 20 or 12.50, not ${JSON.stringify(value)}.`);
  return usd;
};

export const stackConfigFrom = (scope: Construct): StackConfig => {
  const context = (name: string): unknown => scope.node.tryGetContext(name);
  return {
    corsOrigins: corsOriginsFrom(context('corsOrigins')),
    alarmEmail: alarmEmailFrom(context('alarmEmail')),
    logRetention: logRetentionFrom(context('logRetentionDays')),
    domain: domainFrom(context('domainName'), context('certificateArn')),
    throttle: throttleFrom(context('throttleRateLimit'), context('throttleBurstLimit')),
    rateLimits: rateLimitsContextFrom(context('rateLimits')),
    signingKeyGenerations: countFrom('signingKeyGenerations', context('signingKeyGenerations'), 1, 'generations'),
    revokedSigningKeys: revokedKeysFrom(context('revokedSigningKeys')),
    monthlyBudgetUsd: budgetFrom(context('monthlyBudgetUsd')),
  };
};
