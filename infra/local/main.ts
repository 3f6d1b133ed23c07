/**
 * `npm start`: Arbiter on this machine; `npm start -- --help` lists its options (USAGE).
 * Whatever is wrong with how it was started, or with what it needs (DOC-6: Node.js and Java),
 * is one sentence before DynamoDB Local starts (DOC-5): exit 2 for a mistake in the command,
 * 1 for what the machine lacks or holds (a port, a data folder in use).
 */
import { createServer } from 'node:net';
import { javaProblem, nodeProblem } from './prerequisites.ts';

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

const { readStartOptions } = await import('./start-options.ts');
const { CLI_PACKAGE_PATH } = await import('../../functions/web/assets.ts');

const asked = readStartOptions(process.argv.slice(2), process.env);
if (asked.kind === 'refused') refuse(asked.sentence);
if (asked.kind === 'help') {
  console.log(asked.text);
  process.exit(0);
}
const { port, host, memory, dataDir, allowLoopback, cors, rateLimits, dynamoEndpoint, tablePrefix } = (
  asked as Extract<typeof asked, { kind: 'start' }>
).settings;
// The API handler reads the CORS origins from the environment when it is made; the flag wins.
process.env.ARBITER_CORS_ORIGINS = cors.origins.join(',');

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
console.log(`Arbiter: the service's own figures, in Prometheus text, for this machine only: ${runtime.url}/metrics`);
console.log(`Arbiter: browser pages may call it from ${cors.origins.join(', ')} (--cors-origins).`);
console.log(`Arbiter: DynamoDB Local at ${runtime.dynamoEndpoint}; stream read after each write. Ctrl-C stops everything.`);
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
