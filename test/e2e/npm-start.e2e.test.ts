/**
 * `npm start` as a user runs it: a real child process with its own DynamoDB Local, data
 * kept in a folder across restarts, and nothing left running after Ctrl-C (SIGINT). How it
 * reads its options and words each refusal is a pure function, tested in the unit tier
 * (test/unit/start-options.unit.test.ts); here only what needs npm or the machine: npm keeping
 * an option, a busy port, no Java, and one whole lifecycle (two DynamoDB Local starts: each
 * costs seconds of both cores, so the checks that need a running one share it). That lifecycle's
 * banner is also the one the README shows (DOC-2): the docs' walkthroughs run against an npm
 * start on the storage tier's DynamoDB Local, whose banner says so instead.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/dynamodb-local.ts';
import { listeningSockets } from '../../infra/local/listening-sockets.ts';
import { explainMismatch, matches, parseDoc } from '../support/doc-blocks.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'arbiter-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Started {
  readonly child: ChildProcess;
  readonly url: string;
  readonly dynamoEndpoint: string;
  output(): string;
}

/** The runtime on `port` with its data in dataDir; or, given a command, that command, in a process group of its own. */
const start = async (port: number, command?: readonly string[]): Promise<Started> => {
  const [file, ...args] = command ?? [
    process.execPath,
    '--import',
    'tsx',
    'infra/local/main.ts',
    '--port',
    String(port),
    '--data-dir',
    dataDir,
  ];
  const child = spawn(file ?? '', args, {
    cwd: join(import.meta.dirname, '..', '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: command !== undefined,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  // Up is the whole banner: its lines after `listening on` (the DynamoDB Local endpoint among
  // them) may come in a later chunk of output than that one.
  while (!/listening on (\S+)[\s\S]*Ctrl-C stops everything/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not come up:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    url: /listening on (\S+)/.exec(output)?.[1] ?? '',
    dynamoEndpoint: /DynamoDB Local at (\S+?);/.exec(output)?.[1] ?? '',
    output: () => output,
  };
};

const interrupt = (started: Started): Promise<number | null> =>
  new Promise((done) => {
    started.child.once('exit', (code) => done(code));
    started.child.kill('SIGINT');
  });

const reachable = async (url: string) => {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
};

/**
 * `npm start <args>` that is expected to stop at once, before DynamoDB Local: its exit code
 * and output. With `via: 'node'`, the main module as npm start runs it, without npm's own
 * start-up, where npm is not what is tested.
 */
const refused = (
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
  via: 'npm' | 'node' = 'npm',
): Promise<{ code: number | null; output: string }> =>
  new Promise((done) => {
    const [file, ...prefix] = via === 'npm' ? ['npm', 'start'] : [process.execPath, '--import', 'tsx', 'infra/local/main.ts'];
    const child = spawn(file ?? '', [...prefix, ...args], {
      cwd: join(import.meta.dirname, '..', '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('close', (code) => done({ code, output }));
  });

/** The lines Arbiter itself printed (npm prints its own header and, on a failure, its own notes). */
const arbiterLines = (output: string) => output.split('\n').filter((line) => line.startsWith('Arbiter:'));

describe('npm start, told wrongly', () => {
  it('npm start --port 4301 (without --) says in one line how to pass the option, and starts nothing', async () => {
    const { code, output } = await refused(['--port', '4301']);
    expect(arbiterLines(output)).toEqual(['Arbiter: npm kept --port for itself; put -- before the options: npm start -- --port 4301']);
    expect(code).toBe(2);
  });

  it('a port already in use is one sentence, before DynamoDB Local is started', async () => {
    const port = await freePort();
    const holder = createServer();
    await new Promise<void>((listening) => holder.listen(port, '127.0.0.1', () => listening()));
    try {
      const { code, output } = await refused(['--port', String(port), '--memory'], {}, 'node');
      expect(arbiterLines(output)).toEqual([
        `Arbiter: port ${port} on 127.0.0.1 is in use by another program; choose another: npm start -- --port ${port + 1}`,
      ]);
      expect(output).not.toContain('DynamoDB Local');
      expect(code).toBe(1);
    } finally {
      await new Promise((closed) => holder.close(closed));
    }
  });
});

describe('DOC-6 npm start checks what it needs', () => {
  it('DOC-6 with no java on the PATH it is one sentence naming what to install, before DynamoDB Local is started', async () => {
    const emptyPath = mkdtempSync(join(tmpdir(), 'arbiter-no-java-'));
    try {
      // The main module as npm start runs it, by node's own path: the PATH holds nothing, java least of all.
      const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/main.ts', '--memory', '--port', '0'], {
        cwd: join(import.meta.dirname, '..', '..'),
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, PATH: emptyPath },
      });
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise((done) => child.once('close', done));
      expect(arbiterLines(output)).toEqual([
        'Arbiter: DynamoDB Local is a Java program and there is no java on the PATH; install Java 17 or later ' +
          '(e.g. apt-get install openjdk-17-jre-headless, brew install openjdk@17, or https://adoptium.net).',
      ]);
      expect(output).not.toContain('starting DynamoDB Local');
      expect(code).toBe(1);
    } finally {
      rmSync(emptyPath, { recursive: true, force: true });
    }
  });
});

/** `pid` and every process under it, from the parent pids in /proc/<pid>/stat. */
const family = (pid: number): number[] => {
  const parents = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        // The parent pid is the second field after the command name, which is in parentheses.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return [[Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])] as const];
      } catch {
        return [];
      }
    });
  const under = (parent: number): number[] => parents.filter(([, ppid]) => ppid === parent).flatMap(([child]) => [child, ...under(child)]);
  return [pid, ...under(pid)];
};

const commandLine = (pid: number): string[] => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

describe('npm start, from start to Ctrl-C and again', () => {
  it('REL-19 DOC-5 serves the API on the chosen port from loopback only, refuses a second runtime on its data folder, keeps data across restarts, and stops everything on Ctrl-C', async () => {
    const port = await freePort();
    // As a user runs it: npm, in a job of its own (Ctrl-C reaches the whole job).
    const first = await start(port, ['npm', 'start', '--', '--port', String(port), '--data-dir', dataDir]);
    const group = first.child.pid ?? 0;
    try {
      expect(first.url).toBe(`http://127.0.0.1:${port}`);
      expect(first.output()).toContain(`data in ${dataDir}`);
      expect(first.output()).toMatch(
        /starting DynamoDB Local .*it takes a few seconds…\n[\s\S]*DynamoDB Local and the API are up after \d+\.\d s\./,
      );
      expect(first.output()).not.toContain('WARNING');

      // DOC-2: the banner README.md shows (its `output npm-start` block), with the README's port and folder put back (the folder is named twice: DynamoDB Local's data and the signing key).
      const readme = parseDoc('README.md', readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8'));
      const shown = readme.outputs.filter((output) => output.of === 'npm-start');
      expect(shown).toHaveLength(1);
      const printed = first.output();
      const banner = printed
        .slice(0, printed.indexOf('Ctrl-C stops everything.') + 'Ctrl-C stops everything.'.length)
        .replaceAll(first.url, 'http://127.0.0.1:3000')
        .replaceAll(dataDir, '.data');
      for (const { lines } of shown) expect(matches(lines, banner, 'tail'), explainMismatch(lines, banner)).toBe(true);

      // REL-19: every socket its processes listen on is on 127.0.0.1, and DynamoDB Local runs without telemetry.
      const processes = family(group);
      const sockets = processes.flatMap((pid) => listeningSockets(pid) ?? []).map(({ address, port }) => `${address}:${port}`);
      const dynamoPort = new URL(first.dynamoEndpoint).port;
      expect([...new Set(sockets)].sort()).toEqual([`127.0.0.1:${port}`, `127.0.0.1:${dynamoPort}`].sort());
      const jvms = processes.map(commandLine).filter((args) => args.some((arg) => arg.endsWith('DynamoDBLocal.jar')));
      expect(jvms).toHaveLength(1);
      expect(jvms[0]).toContain('-disableTelemetry');

      // DOC-5: a second runtime on the folder is one sentence naming the one that holds it, and starts nothing.
      const second = await refused(['--', '--port', String(await freePort()), '--data-dir', dataDir]);
      const [line, ...more] = arbiterLines(second.output);
      expect(more).toEqual([]);
      const holder = Number(/in use by another Arbiter, pid (\d+) /.exec(line ?? '')?.[1]);
      expect(processes).toContain(holder);
      expect(line).toBe(
        `Arbiter: the data folder ${dataDir} is in use by another Arbiter, pid ${holder} ` +
          `(infra/local/main.ts --port ${port} --data-dir ${dataDir}); stop that one first, or give this one another folder with --data-dir (or --memory).`,
      );
      expect(second.output).not.toMatch(/\n\s+at /);
      expect(second.code).toBe(1);
      expect(await reachable(first.url)).toBe(true); // the first runs on, untouched

      const registered = await fetch(`${first.url}/players`, { method: 'POST', body: JSON.stringify({ name: 'Ann' }) });
      const { apiKey } = (await registered.json()) as { apiKey: string };

      // 'close', not 'exit': npm exits at once on Ctrl-C; the runtime under it still holds the pipe while it stops.
      const closed = new Promise((done) => first.child.once('close', done));
      process.kill(-group, 'SIGINT');
      await closed;
      expect(first.output()).toContain('Arbiter: stopped.');
      expect(await reachable(first.url)).toBe(false);
      expect(await reachable(first.dynamoEndpoint)).toBe(false);

      // Started again on the same folder (the main module alone: npm is not the subject now), the player is still there.
      const again = await start(port);
      const me = await fetch(`${again.url}/me/games`, { headers: { authorization: `Bearer ${apiKey}` } });
      expect(me.status).toBe(200);
      expect(await interrupt(again)).toBe(0);
      expect(again.output()).toContain('Arbiter: stopped.');
      expect(await reachable(again.dynamoEndpoint)).toBe(false);
    } finally {
      try {
        process.kill(-group, 'SIGKILL');
      } catch {
        // already stopped, as it should be
      }
    }
  }, 180_000);
});
