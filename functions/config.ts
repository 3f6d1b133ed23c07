import { type RateLimits, rateLimitsFrom } from './kernel/rate-limits.ts';

/**
 * Configuration, read from the environment on first use (the first request a handler
 * serves) and cached; a missing variable throws then, naming the variable.
 */
export interface Config {
  readonly eventsTable: string;
  readonly gamesTable: string;
  /** Set locally (DynamoDB Local); absent on AWS. */
  readonly dynamoEndpoint: string | undefined;
  readonly region: string;
  /** ARBITER_RATE_LIMITS over the defaults (REL-26). */
  readonly rateLimits: RateLimits;
}

export const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`missing environment variable ${name}`);
  return value;
};

let cached: Config | undefined;

export const config = (): Config => {
  cached ??= {
    eventsTable: required('EVENTS_TABLE'),
    gamesTable: required('GAMES_TABLE'),
    dynamoEndpoint: process.env.DYNAMODB_ENDPOINT || undefined,
    region: process.env.AWS_REGION ?? 'us-east-1',
    rateLimits: rateLimitsFrom(process.env.ARBITER_RATE_LIMITS),
  };
  return cached;
};
