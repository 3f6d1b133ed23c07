/**
 * `npm start`: Arbiter on this machine; `npm start -- --help` lists its options (USAGE).
 * Whatever is wrong with how it was started, or with what it needs (DOC-6: Node.js and Java),
 * is one sentence before DynamoDB Local starts (DOC-5): exit 2 for a mistake in the command,
 * 1 for what the machine lacks or holds (a port, a data folder in use).
 */
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import { javaProblem, NODE_VERSIONS, nodeProblem } from './prerequisites.ts';

// The SDK warns that its 2027 releases need Node 22; the local runtime may run on 20 (Lambda runs 22).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** One sentence and an exit: a mistake in how the command was given is not a crash. */
const refuse = (sentence: string, code = 2): never => {
  console.error(`Arbiter: ${sentence}`);
  process.exit(code);
};

// First, and before the rest of Arbiter is loaded: on an older Node that could fail in a way that names nothing to install.
const oldNode = nodeProblem(process.versions.node);
if (oldNode) refuse(oldNode, 1);

const { defaultRateLimits, rateLimitsFrom, rateLimitsText } = await import('../../functions/app/rate-limits.ts');
const { corsPolicyFromEnv, DEFAULT_CORS_ORIGINS } = await import('../../functions/http/cors.ts');
const { DEFAULT_WAIT_LIMITS, MAX_WAITS_ENV, waitLimitsFromEnv } = await import('../../functions/app/waiting.ts');
const { CLI_PACKAGE_PATH } = await import('../../functions/web/assets.ts');

const OPTIONS = {
  port: { type: 'string' },
  memory: { type: 'boolean' },
  'data-dir': { type: 'string' },
  host: { type: 'string' },
  'allow-loopback-webhooks': { type: 'boolean' },
  'cors-origins': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const USAGE = `Usage: npm start -- [options]

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

/**
 * `npm start --port 4301`, without `--`, hands `--port` to npm itself: npm sets
 * npm_config_port and passes only "4301" on. Say how to pass it rather than start on the
 * wrong port.
 */
const keptByNpm = GIVEN.find((name) => process.env[`npm_config_${name.replaceAll('-', '_')}`] !== undefined);
if (keptByNpm) {
  // npm passes the option's value on alone, so the advice can name it.
  const [value] = process.argv.slice(2);
  const wanted = OPTIONS[keptByNpm as keyof typeof OPTIONS].type === 'string' ? ` ${value ?? '<value>'}` : '';
  refuse(`npm kept --${keptByNpm} for itself; put -- before the options: npm start -- --${keptByNpm}${wanted}`);
}

const parsed = (() => {
  try {
    return parseArgs({ options: OPTIONS });
  } catch (error) {
    const option = /'(-[^']*)'/.exec((error as Error).message)?.[1];
    return refuse(
      option
        ? `there is no option ${option.split(' ')[0]}; the options are ${GIVEN.map((o) => `--${o}`).join(', ')} (npm start -- --help says what each does)`
        : (error as Error).message,
    );
  }
})();
const { values } = parsed;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

/** A setting that does not parse is a mistake in how Arbiter was started: its own sentence, no stack. */
const checked = <T>(read: () => T): T => {
  try {
    return read();
  } catch (error) {
    return refuse((error as Error).message);
  }
};

const port = Number(values.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  refuse(`--port takes a port number from 0 to 65535, not "${values.port ?? process.env.PORT}"`);
const memory = values.memory ?? process.env.ARBITER_MEMORY === '1';
const dataDir = values['data-dir'] ?? process.env.ARBITER_DATA_DIR ?? '.data';
const host = values.host ?? process.env.HOST ?? '127.0.0.1';
const allowLoopback = values['allow-loopback-webhooks'] ?? process.env.ARBITER_WEBHOOKS_ALLOW_LOOPBACK === '1';
// The API handler reads the CORS origins from the environment when it is made; the flag wins.
if (values['cors-origins'] !== undefined) process.env.ARBITER_CORS_ORIGINS = values['cors-origins'];
const cors = checked(() => corsPolicyFromEnv(process.env));
const rateLimits = checked(() => rateLimitsFrom(process.env.ARBITER_RATE_LIMITS));
// The runtime reads it again when it starts; read here, a malformed value stops nothing half-started.
checked(() => waitLimitsFromEnv(process.env));
// A DynamoDB Local already running (the test suite's, DOC-2): its own tables, and no Java or data folder of ours.
const dynamoEndpoint = process.env.ARBITER_DYNAMODB_ENDPOINT || null;
const tablePrefix = process.env.ARBITER_TABLE_PREFIX || null;

/** Before DynamoDB Local starts, so a busy port costs one sentence, not a Java start and stop. */
const portFree = (): Promise<NodeJS.ErrnoException | null> =>
  new Promise((done) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => done(error));
    probe.listen(port, host, () => probe.close(() => done(null)));
  });
const busy = port === 0 ? null : await portFree();
if (busy?.code === 'EADDRINUSE')
  refuse(`port ${port} on ${host} is in use by another program; choose another: npm start -- --port ${port + 1}`, 1);
if (busy) refuse(`cannot listen on ${host}:${port} (${busy.code ?? busy.message})`, 1);

const { DataDirInUse, dataDirInUse, probeJava } = await import('./dynamodb-local.ts');
// Without a Java that runs it, DynamoDB Local would only say that it exited.
const noJava = dynamoEndpoint ? null : javaProblem(probeJava());
if (noJava) refuse(noJava, 1);
// Also refused when DynamoDB Local starts (two runtimes starting at once); asked here, it is said before "starting".
const inUse = memory || dynamoEndpoint ? null : dataDirInUse(dataDir);
if (inUse) refuse(inUse.message, 1);
const { startRuntime } = await import('./runtime.ts');

console.log(
  dynamoEndpoint
    ? `Arbiter: using the DynamoDB Local at ${dynamoEndpoint} (tables ${tablePrefix ?? 'arbiter-'}…).`
    : `Arbiter: starting DynamoDB Local (${memory ? 'in memory' : `data in ${dataDir}`}); it takes a few seconds…`,
);
const started = Date.now();
const runtime = await startRuntime({
  port,
  host,
  memory,
  dataDir,
  log: (line) => console.log(line),
  webhooks: { allowLoopback },
  rateLimits,
  ...(dynamoEndpoint ? { dynamoEndpoint } : {}),
  ...(tablePrefix ? { tablePrefix } : {}),
}).catch((error: unknown) => (error instanceof DataDirInUse ? refuse(error.message, 1) : Promise.reject(error)));
console.log(`Arbiter: DynamoDB Local and the API are up after ${((Date.now() - started) / 1000).toFixed(1)} s.`);
if (allowLoopback) console.log('Arbiter: webhooks may be delivered to loopback addresses (127.0.0.0/8, ::1).');
console.log(`Arbiter: listening on ${runtime.url}  (OpenAPI: ${runtime.url}/openapi.json; the replay viewer: ${runtime.url}/)`);
console.log(`Arbiter: API reference: ${runtime.url}/docs; the arbiter command anywhere: npm install -g ${runtime.url}${CLI_PACKAGE_PATH}`);
console.log(`Arbiter: browser pages may call it from ${cors.origins.join(', ')} (--cors-origins).`);
console.log(`Arbiter: DynamoDB Local at ${runtime.dynamoEndpoint}; stream polled every 250 ms. Ctrl-C stops everything.`);
if (runtime.dynamoExposure) console.warn(`Arbiter: WARNING: ${runtime.dynamoExposure}`);

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\nArbiter: ${signal}: stopping…`);
  await runtime.stop();
  console.log('Arbiter: stopped.');
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
