/**
 * `npm start` as a user runs it: a real child process with its own DynamoDB Local, data
 * kept in a folder across restarts, and nothing left running after Ctrl-C (SIGINT).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/dynamodb-local.ts';
import { listeningSockets } from '../../infra/local/listening-sockets.ts';

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
  while (!/listening on (\S+)/.test(output)) {
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

/** `npm start <args>` that is expected to stop at once, before DynamoDB Local: its exit code and output. */
const refused = (args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<{ code: number | null; output: string }> =>
  new Promise((done) => {
    const child = spawn('npm', ['start', ...args], {
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

  it('an unknown option is one sentence naming the options there are', async () => {
    const { code, output } = await refused(['--', '--prot', '4301']);
    expect(arbiterLines(output)).toEqual([
      'Arbiter: there is no option --prot; the options are --port, --memory, --data-dir, --host, --allow-loopback-webhooks, --cors-origins (npm start -- --help says what each does)',
    ]);
    expect(code).toBe(2);
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('REL-26 a malformed ARBITER_RATE_LIMITS is one sentence naming the limits, before DynamoDB Local is started', async () => {
    const { code, output } = await refused(['--', '--memory'], { ARBITER_RATE_LIMITS: 'games=lots' });
    expect(arbiterLines(output)).toEqual(['Arbiter: ARBITER_RATE_LIMITS: games is a whole number of requests an hour from 1, not "lots".']);
    expect(output).not.toContain('DynamoDB Local');
    expect(code).toBe(2);
  });

  it('a port already in use is one sentence, before DynamoDB Local is started', async () => {
    const port = await freePort();
    const holder = createServer();
    await new Promise<void>((listening) => holder.listen(port, '127.0.0.1', () => listening()));
    try {
      const { code, output } = await refused(['--', '--port', String(port), '--memory']);
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

describe('DOC-5 npm start, asked for help or given a setting it cannot use', () => {
  it('DOC-5 npm start -- --help prints every option with its variable and default, and starts nothing', async () => {
    const { code, output } = await refused(['--', '--help']);
    expect(code).toBe(0);
    const usage = output.slice(output.indexOf('Usage: npm start -- [options]'));
    const options = usage.split('\n').flatMap((line) => /^ {2}(?:-h, )?(--[a-z-]+)/.exec(line)?.[1] ?? []);
    expect(options).toEqual(['--port', '--host', '--data-dir', '--memory', '--allow-loopback-webhooks', '--cors-origins', '--help']);
    expect(usage).toContain("--port N                   the API's port; 0 picks a free one [PORT] (default 3000)");
    expect(usage).toContain('(default games=100,players=60,webhooks=60,invites=30)');
    expect(usage).toContain('ARBITER_MAX_WAITS_PER_KEY  waiting requests (?wait=) one API key may hold at once (default 10)');
    expect(usage).toContain('It needs Node.js ^20.19.0 || ^22.12.0 || >=24.0.0 and Java 17 or later');
    expect(arbiterLines(output)).toEqual([]);
  });

  it('DOC-5 a malformed --cors-origins is one sentence, before DynamoDB Local is started', async () => {
    const { code, output } = await refused(['--', '--memory', '--cors-origins', 'example.com']);
    expect(arbiterLines(output)).toEqual([
      'Arbiter: CORS origin "example.com" is not an origin: write scheme://host[:port], scheme://host:* for any port, or * for any origin (no path, no trailing slash).',
    ]);
    expect(output).not.toMatch(/\n\s+at /);
    expect(code).toBe(2);
  });

  it('DOC-5 a malformed ARBITER_MAX_WAITS_PER_KEY is one sentence, before DynamoDB Local is started', async () => {
    const { code, output } = await refused(['--', '--memory'], { ARBITER_MAX_WAITS_PER_KEY: 'lots' });
    expect(arbiterLines(output)).toEqual(['Arbiter: ARBITER_MAX_WAITS_PER_KEY must be a whole number of at least 1, not "lots"']);
    expect(output).not.toContain('DynamoDB Local');
    expect(code).toBe(2);
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

// The three tests that start a whole runtime each use their own port and data folder, and spend
// most of their time waiting for DynamoDB Local's JVM: they run side by side.
describe('npm start', () => {
  it.concurrent('serves the API on the chosen port, keeps data in its folder across restarts, and stops everything on Ctrl-C', async () => {
    const port = await freePort();
    const first = await start(port);
    expect(first.url).toBe(`http://127.0.0.1:${port}`);
    expect(first.output()).toContain(`data in ${dataDir}`);
    expect(first.output()).toMatch(
      /starting DynamoDB Local .*it takes a few seconds…\n[\s\S]*DynamoDB Local and the API are up after \d+\.\d s\./,
    );
    const registered = await fetch(`${first.url}/players`, { method: 'POST', body: JSON.stringify({ name: 'Ann' }) });
    const { apiKey } = (await registered.json()) as { apiKey: string };

    expect(await interrupt(first)).toBe(0);
    expect(first.output()).toContain('Arbiter: stopped.');
    expect(await reachable(first.url)).toBe(false);
    expect(await reachable(first.dynamoEndpoint)).toBe(false);

    const second = await start(port);
    const me = await fetch(`${second.url}/me/games`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(me.status).toBe(200);
    expect(await interrupt(second)).toBe(0);
    expect(await reachable(second.dynamoEndpoint)).toBe(false);
  }, 180_000);
});

describe('DOC-5 a data folder in use', () => {
  it.concurrent('DOC-5 a second npm start on a data folder in use is one sentence naming the runtime that holds it, and starts nothing', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'arbiter-in-use-'));
    const port = await freePort();
    const first = await start(port, [
      process.execPath,
      '--import',
      'tsx',
      'infra/local/main.ts',
      '--port',
      String(port),
      '--data-dir',
      folder,
    ]);
    try {
      const { code, output } = await refused(['--', '--port', String(await freePort()), '--data-dir', folder]);
      expect(arbiterLines(output)).toEqual([
        `Arbiter: the data folder ${folder} is in use by another Arbiter, pid ${first.child.pid} ` +
          `(infra/local/main.ts --port ${port} --data-dir ${folder}); stop that one first, or give this one another folder with --data-dir (or --memory).`,
      ]);
      expect(output).not.toMatch(/\n\s+at /);
      expect(code).toBe(1);
      expect(await reachable(first.url)).toBe(true); // the first runs on, untouched
    } finally {
      const exited = new Promise((done) => first.child.once('exit', done));
      process.kill(-(first.child.pid ?? 0), 'SIGINT');
      await exited;
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
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

describe('REL-19 npm start, on this machine only', () => {
  it.concurrent('REL-19 every socket the processes of npm start listen on is on 127.0.0.1, and DynamoDB Local runs with -disableTelemetry', async () => {
    const port = await freePort();
    const started = await start(port, ['npm', 'start', '--', '--port', String(port), '--memory']);
    const group = started.child.pid ?? 0;
    try {
      const processes = family(group);
      const sockets = processes.flatMap((pid) => listeningSockets(pid) ?? []).map(({ address, port }) => `${address}:${port}`);
      const dynamoPort = new URL(started.dynamoEndpoint).port;
      expect([...new Set(sockets)].sort()).toEqual([`127.0.0.1:${port}`, `127.0.0.1:${dynamoPort}`].sort());
      const jvms = processes.map(commandLine).filter((args) => args.some((arg) => arg.endsWith('DynamoDBLocal.jar')));
      expect(jvms).toHaveLength(1);
      expect(jvms[0]).toContain('-disableTelemetry');
      expect(started.output()).not.toContain('WARNING');
    } finally {
      const exited = new Promise((done) => started.child.once('exit', done));
      process.kill(-group, 'SIGINT'); // Ctrl-C reaches the whole job
      await exited;
    }
  }, 120_000);
});
