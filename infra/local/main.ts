/**
 * `npm start`: Arbiter on this machine. Settings: PORT (3000), ARBITER_DATA_DIR (.data),
 * ARBITER_MEMORY=1 to keep nothing on disk; or `npm start -- --port 3001 --memory`.
 * Webhooks never reach loopback unless started with `--allow-loopback-webhooks`
 * (ARBITER_WEBHOOKS_ALLOW_LOOPBACK=1), for a receiver on this machine.
 * Browser pages may call the API from the origins in `--cors-origins` (ARBITER_CORS_ORIGINS),
 * comma-separated; by default from this machine only (http://localhost:*, http://127.0.0.1:*, http://[::1]:*).
 * Rate limits over their defaults from ARBITER_RATE_LIMITS, e.g. `games=1000,players=500` (REL-26).
 */
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';

// The SDK warns that its 2027 releases need Node 22; the local runtime may run on 20 (Lambda runs 22).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

import { rateLimitsFrom } from '../../functions/app/rate-limits.ts';
import { corsPolicyFromEnv } from '../../functions/http/cors.ts';
import { CLI_PACKAGE_PATH } from '../../functions/web/assets.ts';
import { startRuntime } from './runtime.ts';

const OPTIONS = {
  port: { type: 'string' },
  memory: { type: 'boolean' },
  'data-dir': { type: 'string' },
  host: { type: 'string' },
  'allow-loopback-webhooks': { type: 'boolean' },
  'cors-origins': { type: 'string' },
} as const;

/** One sentence and exit 2: a mistake in how the command was given is not a crash. */
const refuse = (sentence: string, code = 2): never => {
  console.error(`Arbiter: ${sentence}`);
  process.exit(code);
};

/**
 * `npm start --port 4301`, without `--`, hands `--port` to npm itself: npm sets
 * npm_config_port and passes only "4301" on. Say how to pass it rather than start on the
 * wrong port.
 */
const keptByNpm = Object.keys(OPTIONS).find((name) => process.env[`npm_config_${name.replaceAll('-', '_')}`] !== undefined);
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
        ? `there is no option ${option.split(' ')[0]}; the options are ${Object.keys(OPTIONS)
            .map((o) => `--${o}`)
            .join(', ')}`
        : (error as Error).message,
    );
  }
})();
const { values } = parsed;

const port = Number(values.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  refuse(`--port takes a port number from 0 to 65535, not "${values.port ?? process.env.PORT}"`);
const memory = values.memory ?? process.env.ARBITER_MEMORY === '1';
const dataDir = values['data-dir'] ?? process.env.ARBITER_DATA_DIR ?? '.data';
const host = values.host ?? process.env.HOST ?? '127.0.0.1';
const allowLoopback = values['allow-loopback-webhooks'] ?? process.env.ARBITER_WEBHOOKS_ALLOW_LOOPBACK === '1';
// The API handler reads the CORS origins from the environment when it is made; the flag wins.
if (values['cors-origins'] !== undefined) process.env.ARBITER_CORS_ORIGINS = values['cors-origins'];
const cors = corsPolicyFromEnv(process.env); // a malformed origin stops here, before anything starts
const rateLimits = (() => {
  try {
    return rateLimitsFrom(process.env.ARBITER_RATE_LIMITS);
  } catch (error) {
    return refuse((error as Error).message);
  }
})();

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

console.log(`Arbiter: starting DynamoDB Local (${memory ? 'in memory' : `data in ${dataDir}`}); it takes a few seconds…`);
const started = Date.now();
const runtime = await startRuntime({
  port,
  host,
  memory,
  dataDir,
  log: (line) => console.log(line),
  webhooks: { allowLoopback },
  rateLimits,
});
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
