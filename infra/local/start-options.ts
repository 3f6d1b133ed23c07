/**
 * What `npm start` was asked for, read from its arguments and environment without starting
 * anything: the settings, the usage text, or the one sentence that says what is wrong with how
 * it was started (DOC-5). A pure function of argv and env, so every refusal is tested in the
 * unit tier (test/unit/start-options.unit.test.ts) and main.ts only acts on the answer.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_WAIT_LIMITS, MAX_WAITS_ENV, waitLimitsFromEnv } from '../../functions/games/app/waiting.ts';
import { type CorsPolicy, corsPolicyFromEnv, DEFAULT_CORS_ORIGINS } from '../../functions/http/cors.ts';
import { defaultRateLimits, type RateLimits, rateLimitsFrom, rateLimitsText } from '../../functions/kernel/rate-limits.ts';
import { NODE_VERSIONS } from './prerequisites.ts';

/** Where `npm start` keeps games and its signing key unless told (`npm run keys` looks there too). */
export const DEFAULT_DATA_DIR = '.data';

const OPTIONS = {
  port: { type: 'string' },
  memory: { type: 'boolean' },
  'data-dir': { type: 'string' },
  host: { type: 'string' },
  'allow-loopback-webhooks': { type: 'boolean' },
  'cors-origins': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export const USAGE = `Usage: npm start -- [options]

Arbiter on this machine: the API, its timers and webhooks, and DynamoDB Local holding the games.
Each option may also be set by the environment variable in brackets.

  --port N                   the API's port; 0 picks a free one [PORT] (default 3000)
  --host ADDRESS             the address the API listens on [HOST] (default 127.0.0.1: this machine only)
  --data-dir DIR             where games are kept across restarts [ARBITER_DATA_DIR] (default .data)
  --memory                   keep nothing on disk [ARBITER_MEMORY=1]
  --allow-loopback-webhooks  deliver webhooks to this machine too, for a receiver on it [ARBITER_WEBHOOKS_ALLOW_LOOPBACK=1]
  --cors-origins LIST        the browser origins that may call the API, comma-separated [ARBITER_CORS_ORIGINS]
                             (default ${DEFAULT_CORS_ORIGINS.join(', ')})
  -h, --help                 print this, and start nothing

From the environment only:
  ARBITER_RATE_LIMITS        requests an hour over the defaults, e.g. games=1000,players=500
                             (default ${rateLimitsText(defaultRateLimits)})
  ${MAX_WAITS_ENV}  waiting requests (?wait=) one API key may hold at once (default ${DEFAULT_WAIT_LIMITS.maxWaitsPerKey})
  ARBITER_DYNAMODB_ENDPOINT  a DynamoDB Local already running, to use instead of starting one (no Java needed then)
  ARBITER_TABLE_PREFIX       the prefix of the tables made there (default arbiter-)

It needs Node.js ${NODE_VERSIONS} and Java 17 or later (README, "Prerequisites").`;

/** The options a user gives; --help is npm's own before the `--`, so npm never passes it on. */
const GIVEN = Object.keys(OPTIONS).filter((name) => name !== 'help');

export interface StartSettings {
  readonly port: number;
  readonly host: string;
  readonly memory: boolean;
  readonly dataDir: string;
  readonly allowLoopback: boolean;
  readonly cors: CorsPolicy;
  readonly rateLimits: RateLimits;
  /** A DynamoDB Local already running (the test suite's, DOC-2): its own tables, and no Java or data folder of ours. */
  readonly dynamoEndpoint: string | null;
  readonly tablePrefix: string | null;
}

export type StartOptions =
  | { readonly kind: 'start'; readonly settings: StartSettings }
  | { readonly kind: 'help'; readonly text: string }
  /** Exit 2: a mistake in how the command was given, said in one sentence. */
  | { readonly kind: 'refused'; readonly sentence: string };

type Env = Readonly<Record<string, string | undefined>>;

class Refused extends Error {}

/** A setting that does not parse is a mistake in how Arbiter was started: its own sentence, no stack. */
const checked = <T>(read: () => T): T => {
  try {
    return read();
  } catch (error) {
    throw new Refused((error as Error).message);
  }
};

/** The options after `npm start --` (argv without node and the script) and the environment npm passes on. */
export const readStartOptions = (argv: readonly string[], env: Env): StartOptions => {
  try {
    return read(argv, env);
  } catch (error) {
    if (error instanceof Refused) return { kind: 'refused', sentence: error.message };
    throw error;
  }
};

const read = (argv: readonly string[], env: Env): StartOptions => {
  /*
   * `npm start --port 4301`, without `--`, hands `--port` to npm itself: npm sets
   * npm_config_port and passes only "4301" on. Say how to pass it rather than start on the
   * wrong port; npm passes the option's value on alone, so the advice can name it.
   */
  const keptByNpm = GIVEN.find((name) => env[`npm_config_${name.replaceAll('-', '_')}`] !== undefined);
  if (keptByNpm) {
    const wanted = OPTIONS[keptByNpm as keyof typeof OPTIONS].type === 'string' ? ` ${argv[0] ?? '<value>'}` : '';
    throw new Refused(`npm kept --${keptByNpm} for itself; put -- before the options: npm start -- --${keptByNpm}${wanted}`);
  }
  const { values } = (() => {
    try {
      return parseArgs({ args: [...argv], options: OPTIONS });
    } catch (error) {
      const option = /'(-[^']*)'/.exec((error as Error).message)?.[1];
      throw new Refused(
        option
          ? `there is no option ${option.split(' ')[0]}; the options are ${GIVEN.map((o) => `--${o}`).join(', ')} (npm start -- --help says what each does)`
          : (error as Error).message,
      );
    }
  })();
  if (values.help) return { kind: 'help', text: USAGE };

  const port = Number(values.port ?? env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Refused(`--port takes a port number from 0 to 65535, not "${values.port ?? env.PORT}"`);
  // The flag wins over the variable; the API handler reads the variable when it is made (main.ts sets it).
  const corsEnv = values['cors-origins'] === undefined ? env : { ...env, ARBITER_CORS_ORIGINS: values['cors-origins'] };
  const cors = checked(() => corsPolicyFromEnv(corsEnv));
  const rateLimits = checked(() => rateLimitsFrom(env.ARBITER_RATE_LIMITS));
  // The runtime reads it again when it starts; read here, a malformed value stops nothing half-started.
  checked(() => waitLimitsFromEnv(env));
  return {
    kind: 'start',
    settings: {
      port,
      host: values.host ?? env.HOST ?? '127.0.0.1',
      memory: values.memory ?? env.ARBITER_MEMORY === '1',
      dataDir: values['data-dir'] ?? env.ARBITER_DATA_DIR ?? DEFAULT_DATA_DIR,
      allowLoopback: values['allow-loopback-webhooks'] ?? env.ARBITER_WEBHOOKS_ALLOW_LOOPBACK === '1',
      cors,
      rateLimits,
      dynamoEndpoint: env.ARBITER_DYNAMODB_ENDPOINT || null,
      tablePrefix: env.ARBITER_TABLE_PREFIX || null,
    },
  };
};
