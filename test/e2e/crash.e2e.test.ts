/**
 * REL-14 / REL-6: what a 201 promised is still there after `kill -9`. The runtime runs as
 * `npm start` runs it (a child process, data in a folder, its own process group); a burst of
 * creations is cut by SIGKILL the moment an acknowledgement arrives (the worst moment: the
 * answer is out, the next ones are in flight), and a restart on the same folder must know
 * every game it acknowledged: retrying its creation is a replay (200), never a new game (201).
 * REL-20: and once the stream has been read again, every game's read model (its view, each
 * seat's inbox entry, its lobby entry) is what the fold of its log makes of it.
 */
// The read models are checked against folds of the logs in this process.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { everyRuleset } from '../../domain/rulesets.ts';
import { createDynamoClient } from '../../functions/adapters/dynamo-client.ts';
import { createDeps } from '../../functions/adapters/dynamo-deps.ts';
import { tableNames } from '../../functions/adapters/tables.ts';
import { freePort } from '../../infra/local/dynamodb-local.ts';
import { eventually } from '../support/http.ts';
import { foldedGame, readModelDiff } from '../support/read-models.ts';

const RULESETS = everyRuleset();

const folders: string[] = [];
const launched: ChildProcess[] = [];
afterAll(() => {
  // A failed test must not leave a runtime (or its JVM) behind on this shared machine.
  for (const child of launched) if (child.exitCode === null && child.signalCode === null) kill(-pidOf(child));
  for (const folder of folders) for (const pid of dynamoLocalsServing(folder)) kill(pid);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const freshFolder = (): string => {
  const folder = mkdtempSync(join(tmpdir(), 'arbiter-crash-'));
  folders.push(folder);
  return folder;
};

interface Started {
  readonly child: ChildProcess;
  readonly url: string;
  /** Its DynamoDB Local, as `npm start` prints it. */
  readonly dynamoEndpoint: string;
}

/** `npm start` on `dataDir`, in a process group of its own, as a shell starts a job. */
const launch = (dataDir: string, port: number): { child: ChildProcess; output: () => string } => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/main.ts', '--port', String(port), '--data-dir', dataDir], {
    cwd: join(import.meta.dirname, '..', '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  launched.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
};

const start = async (dataDir: string): Promise<Started> => {
  const port = await freePort();
  const { child, output } = launch(dataDir, port);
  const up = () => output().includes('listening on');
  await until(
    up,
    60_000,
    () => `the runtime did not come up:\n${output()}`,
    () => child.exitCode !== null,
  );
  await until(
    () => /DynamoDB Local at (\S+);/.test(output()),
    10_000,
    () => `the runtime did not say where its DynamoDB Local is:\n${output()}`,
  );
  const dynamoEndpoint = /DynamoDB Local at (\S+);/.exec(output())?.[1] ?? '';
  return { child, url: `http://127.0.0.1:${port}`, dynamoEndpoint };
};

const until = async (condition: () => boolean, ms: number, message: () => string, hopeless: () => boolean = () => false): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (hopeless() || Date.now() > deadline) throw new Error(message());
    await new Promise((r) => setTimeout(r, 25));
  }
};

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((done) => child.once('exit', () => done()));

const pidOf = (child: ChildProcess): number => {
  // Never 0: kill(0) and kill(-0) would signal this very process group.
  if (!child.pid) throw new Error('the runtime has no pid');
  return child.pid;
};

const kill = (pid: number): void => {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
};

/** kill -9 of the whole runtime: every process in its group (node, and the JVM it started). */
const killGroup = (started: Started): void => kill(-pidOf(started.child));

/** The processes `ps` lists: pid, parent pid and command line. */
const processes = (): { pid: number; ppid: number; args: string }[] =>
  execFileSync('ps', ['-A', '-ww', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m) => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3] ?? '' }));

/** DynamoDB Local JVMs with their database in `folder`. */
const dynamoLocalsServing = (folder: string): number[] =>
  processes()
    .filter((p) => p.args.includes('DynamoDBLocal.jar') && p.args.includes(`-dbPath ${folder} `))
    .map((p) => p.pid);

const register = async (url: string): Promise<string> => {
  const reply = await fetch(`${url}/players`, { method: 'POST', body: JSON.stringify({ name: 'Crash' }) });
  expect(reply.status).toBe(201);
  return ((await reply.json()) as { apiKey: string }).apiKey;
};

const creation = (commandId: string) => JSON.stringify({ ruleset: 'post-galactica', seat: 'red', commandId });

/**
 * Creations from six clients at once until `crash` is called: at the `killAt`-th 201, before
 * its body is read, while the others are in flight. Returns the command ids answered 201.
 */
const burst = async (url: string, apiKey: string, label: string, killAt: number, crash: () => void): Promise<string[]> => {
  const acknowledged: string[] = [];
  let next = 0;
  let crashed = false;
  const worker = async () => {
    while (!crashed) {
      const commandId = `${label}-${String(next++).padStart(4, '0')}`;
      try {
        const reply = await fetch(`${url}/games`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}` },
          body: creation(commandId),
        });
        if (reply.status === 201) acknowledged.push(commandId);
        if (acknowledged.length >= killAt && !crashed) {
          crashed = true;
          crash();
        }
        await reply.text().catch(() => '');
      } catch {
        // The runtime is gone: its answer never came, so nothing was promised.
      }
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return acknowledged;
};

/** Every acknowledged creation is in the log, and retrying it replays the first answer. */
const expectAllKept = async (url: string, apiKey: string, acknowledged: readonly string[]): Promise<void> => {
  const headers = { authorization: `Bearer ${apiKey}` };
  const missing: string[] = [];
  for (const commandId of acknowledged) {
    const retry = await fetch(`${url}/games`, { method: 'POST', headers, body: creation(commandId) });
    const body = (await retry.json()) as { gameId: string; replayed: boolean };
    if (retry.status !== 200 || body.replayed !== true) missing.push(`${commandId} (retry answered ${retry.status})`);
    const events = await fetch(`${url}/games/${body.gameId}/events`, { headers });
    const log = (await events.json()) as { events: { commandId: string }[] };
    expect(log.events[0]?.commandId).toBe(commandId);
  }
  expect(missing, `acknowledged, then lost by kill -9: ${missing.join(', ')}`).toEqual([]);
};

/**
 * REL-20: every game in the log has, once the projector caught up, the read model its log
 * folds to: view, inbox entries and lobby entry. Waits for that, up to a bound.
 */
const expectReadModelsOfTheLog = async (runtime: Started): Promise<void> => {
  const { client } = createDynamoClient({ endpoint: runtime.dynamoEndpoint });
  try {
    const tables = tableNames();
    const deps = createDeps(client, tables, RULESETS);
    const scan = await client.send(
      new ScanCommand({
        TableName: tables.events,
        ProjectionExpression: 'gameId',
        FilterExpression: 'seq = :one',
        ExpressionAttributeValues: { ':one': { N: '1' } },
      }),
    );
    const gameIds = (scan.Items ?? []).flatMap((item) => (item.gameId?.S ? [item.gameId.S] : []));
    expect(scan.LastEvaluatedKey).toBeUndefined();
    expect(gameIds.length).toBeGreaterThan(0);
    const differences = async () => {
      const diff: string[] = [];
      for (const gameId of gameIds) diff.push(...(await readModelDiff(deps, await foldedGame(deps, gameId))));
      return diff;
    };
    const left = await eventually(differences, (diff) => diff.length === 0, 30_000).catch(async () => differences());
    expect(left, 'read models that did not converge on their log after the restart').toEqual([]);
  } finally {
    client.destroy();
  }
};

describe('kill -9 of the local runtime', () => {
  /** The runtime REL-14 restarted: REL-6 goes on from it, to save a JVM start; alone, it starts its own. */
  let restarted: { folder: string; runtime: Started } | null = null;

  it('REL-14 every creation answered 201 before kill -9 of the whole runtime (process group) mid-burst is there after a restart', async () => {
    const folder = freshFolder();
    const first = await start(folder);
    const apiKey = await register(first.url);
    const acknowledged = await burst(first.url, apiKey, 'rel14', 8, () => killGroup(first));
    await exited(first.child);
    expect(acknowledged.length).toBeGreaterThanOrEqual(8);

    const second = await start(folder);
    await expectAllKept(second.url, apiKey, acknowledged);
    restarted = { folder, runtime: second };
  }, 120_000);

  it('REL-20 after kill -9 mid-burst and a restart, every game has the view, inbox entries and lobby entry its log folds to', async () => {
    let runtime = restarted?.runtime;
    if (!runtime) {
      const folder = freshFolder();
      const first = await start(folder);
      const apiKey = await register(first.url);
      await burst(first.url, apiKey, 'rel20', 8, () => killGroup(first));
      await exited(first.child);
      runtime = await start(folder);
      restarted = { folder, runtime };
    }
    await expectReadModelsOfTheLog(runtime);
  }, 120_000);

  it('REL-6 kill -9 of the node process alone leaves no DynamoDB Local behind, and a restart never runs a second one on the folder', async () => {
    const folder = restarted?.folder ?? freshFolder();
    const first = restarted?.runtime ?? (await start(folder));
    const [orphan, ...others] = dynamoLocalsServing(folder);
    expect(others).toEqual([]);
    // Its JVM survives if whatever would stop it dies with the node process (here: every
    // other child of it), as it did before REL-6. The restart must stop that orphan.
    const helpers = processes().filter((p) => p.ppid === pidOf(first.child) && p.pid !== orphan);
    const apiKey = await register(first.url);
    const acknowledged = await burst(first.url, apiKey, 'rel6', 4, () => {
      for (const pid of [...helpers.map((p) => p.pid), pidOf(first.child)]) kill(pid);
    });
    await exited(first.child);
    expect(dynamoLocalsServing(folder)).toEqual([orphan]);

    const second = await start(folder);
    const serving = dynamoLocalsServing(folder);
    expect(serving).toHaveLength(1);
    expect(serving).not.toContain(orphan);
    await expectAllKept(second.url, apiKey, acknowledged);

    // A second runtime on a folder in use is refused before it starts anything.
    const third = launch(folder, 0);
    await exited(third.child);
    expect(third.child.exitCode).not.toBe(0);
    expect(third.output()).toContain(`in use by another Arbiter, pid ${second.child.pid} (infra/local/main.ts `);
    expect(dynamoLocalsServing(folder)).toEqual(serving);

    // kill -9 of the node process alone: its DynamoDB Local goes with it.
    kill(pidOf(second.child));
    await exited(second.child);
    await until(
      () => dynamoLocalsServing(folder).length === 0,
      10_000,
      () => `DynamoDB Local outlived its runtime: ${dynamoLocalsServing(folder).join(', ')}`,
    );
  }, 120_000);
});
