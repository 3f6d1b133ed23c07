/**
 * `npm start`: Arbiter on this machine. Settings: PORT (3000), ARBITER_DATA_DIR (.data),
 * ARBITER_MEMORY=1 to keep nothing on disk; or `npm start -- --port 3001 --memory`.
 * Webhooks never reach loopback unless started with `--allow-loopback-webhooks`
 * (ARBITER_WEBHOOKS_ALLOW_LOOPBACK=1), for a receiver on this machine.
 * Browser pages may call the API from the origins in `--cors-origins` (ARBITER_CORS_ORIGINS),
 * comma-separated; by default from this machine only (http://localhost:*, http://127.0.0.1:*, http://[::1]:*).
 */
import { parseArgs } from 'node:util';

// The SDK warns that its 2027 releases need Node 22; the local runtime may run on 20 (Lambda runs 22).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

import { corsPolicyFromEnv } from '../../functions/http/cors.ts';
import { startRuntime } from './runtime.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    memory: { type: 'boolean' },
    'data-dir': { type: 'string' },
    host: { type: 'string' },
    'allow-loopback-webhooks': { type: 'boolean' },
    'cors-origins': { type: 'string' },
  },
});

const port = Number(values.port ?? process.env.PORT ?? 3000);
const memory = values.memory ?? process.env.ARBITER_MEMORY === '1';
const dataDir = values['data-dir'] ?? process.env.ARBITER_DATA_DIR ?? '.data';
const host = values.host ?? process.env.HOST ?? '127.0.0.1';
const allowLoopback = values['allow-loopback-webhooks'] ?? process.env.ARBITER_WEBHOOKS_ALLOW_LOOPBACK === '1';
// The API handler reads the CORS origins from the environment when it is made; the flag wins.
if (values['cors-origins'] !== undefined) process.env.ARBITER_CORS_ORIGINS = values['cors-origins'];
const cors = corsPolicyFromEnv(process.env); // a malformed origin stops here, before anything starts

console.log(`Arbiter: starting DynamoDB Local (${memory ? 'in memory' : `data in ${dataDir}`})…`);
const runtime = await startRuntime({ port, host, memory, dataDir, log: (line) => console.log(line), webhooks: { allowLoopback } });
if (allowLoopback) console.log('Arbiter: webhooks may be delivered to loopback addresses (127.0.0.0/8, ::1).');
console.log(`Arbiter: listening on ${runtime.url}  (OpenAPI: ${runtime.url}/openapi.json)`);
console.log(`Arbiter: browser pages may call it from ${cors.origins.join(', ')} (--cors-origins).`);
console.log(`Arbiter: DynamoDB Local at ${runtime.dynamoEndpoint}; stream polled every 250 ms. Ctrl-C stops everything.`);

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
