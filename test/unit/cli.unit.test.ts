/**
 * The `arbiter` command as a user runs it: the prebuilt bundle behind `npx arbiter`,
 * spawned as a process, reading the recorded reference logs. Starts no database.
 */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sealBatch } from '../../domain/kernel/envelope.ts';
import { decideGame } from '../../domain/match/decide.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame } from '../../domain/match/state.ts';
// Folds the reference logs in-process too, to compare with what the command prints.
import { viewGame } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { parseLog, serializeLog } from '../../domain/verify/log.ts';
import { standaloneSvg } from '../../render/board.ts';
import { ensureBuilt } from '../support/build-setup.ts';
import { arbiterInProcess, type Ran } from '../support/cli.ts';

const RULESETS = everyRuleset();

const root = resolve(import.meta.dirname, '..', '..');
const bin = join(root, 'tools', 'arbiter-cli', 'bin', 'arbiter.mjs');
const logs = join(root, 'test', 'fixtures', 'logs');
const PG = join(logs, 'post-galactica.ndjson');

/** The installed command as a user runs it: a Node process on the prebuilt bundle. */
const arbiterBin = (...args: string[]): Ran => {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', cwd: root });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};

/** The command's own code in this process: what the bin runs (the first tests hold the two to the same answers). */
const arbiter = arbiterInProcess;

/** One sentence on stderr, exit 2, and nothing that looks like a stack trace. */
const expectUsageError = (result: Ran, sentence: RegExp) => {
  expect(result.status).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr).toMatch(sentence);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).not.toMatch(/\n\s+at |Error:|node:internal/);
};

let dir: string;

beforeAll(() => {
  ensureBuilt('cli');
  dir = mkdtempSync(join(tmpdir(), 'arbiter-cli-'));
});

describe('the arbiter command', () => {
  it('VIEW-6 npx arbiter runs the prebuilt bundle, not TypeScript through tsx', async () => {
    const launcher = readFileSync(bin, 'utf8');
    expect(launcher).not.toMatch(/tsx/);
    expect(launcher).toContain("import('../dist/arbiter.mjs')");
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.prepare).toContain('build-cli.mjs');
    const help = arbiterBin('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^arbiter: settle a dispute/);
    expect(help.stdout).toContain('arbiter verify <game.ndjson>');
  });

  it('VIEW-6 the bin answers as the command run in process does: its output, its one-sentence error and its exit status', async () => {
    const statuses = [];
    for (const args of [['--version'], ['verify', PG], ['vrify']]) {
      const [bin, inProcess] = [arbiterBin(...args), await arbiter(...args)];
      expect(bin, args.join(' ')).toEqual(inProcess);
      statuses.push(bin.status);
    }
    expect(statuses).toEqual([0, 0, 2]);
  });

  it('VIEW-7 --help for the tool and for each command, also as `arbiter help <command>`', async () => {
    expect((await arbiter('verify', '--help')).stdout).toMatch(
      /^usage: arbiter verify <game.ndjson>[\s\S]*exit status:[\s\S]* 3 {2}no check failed/,
    );
    expect((await arbiter('replay', '-h')).stdout).toMatch(/--explain N/);
    expect((await arbiter('help', 'replay')).stdout).toBe((await arbiter('replay', '--help')).stdout);
    const bare = await arbiter();
    expect(bare.status).toBe(2);
    expect(bare.stdout).toContain('usage:');
  });

  it('VIEW-7 an unknown command, an unknown option or a bad value is one sentence and exit 2', async () => {
    expectUsageError(
      await arbiter('vrify', PG),
      /^arbiter: there is no command "vrify"; the commands are verify, verify-tournament, replay, sign and keys/,
    );
    expectUsageError(await arbiter('replay', PG, '--frobnicate'), /^arbiter: replay has no option --frobnicate; see arbiter replay --help/);
    expectUsageError(await arbiter('replay', PG, '--at'), /^arbiter: option --at needs a value/);
    const events = readFileSync(PG, 'utf8').trim().split('\n').length - 1;
    expectUsageError(
      await arbiter('replay', PG, '--at', 'ten'),
      new RegExp(`^arbiter: --at takes an event number from 1 to ${events}, not "ten"`),
    );
    expectUsageError(await arbiter('replay', PG, '--at', '0'), /^arbiter: --at takes an event number from 1 to/);
    expectUsageError(await arbiter('replay', PG, '--explain', '99999'), /^arbiter: --explain takes an event number/);
    expectUsageError(await arbiter('verify', join(dir, 'missing.ndjson')), /^arbiter: there is no file .*missing\.ndjson/);
    writeFileSync(join(dir, 'notes.txt'), 'my notes on the game\n');
    expectUsageError(await arbiter('verify', join(dir, 'notes.txt')), /^arbiter: .*notes\.txt is not an Arbiter log: line 1/);
  });

  it('VIEW-7 --seat is checked against the seats of the log', async () => {
    expectUsageError(
      await arbiter('replay', PG, '--seat', 'green'),
      /^arbiter: there is no seat "green" in this game; its seats are red, blue$/m,
    );
    const blue = await arbiter('replay', PG, '--at', '60', '--seat', 'blue');
    expect(blue.status).toBe(0);
    expect(blue.stdout).toContain('as seen by blue');
  });

  it('VIEW-7 replay --at N is a summary a person reads: phase, turn, each side with its resources and units', async () => {
    const log = parseLog(readFileSync(PG, 'utf8'));
    const state = viewGame(RULESETS, foldGame(RULESETS, log.events.slice(0, 60)), null);
    const game = state?.game as { turn: number; phase: string; units: { id: string; seat: string; x: number; y: number }[] };
    const out = (await arbiter('replay', PG, '--at', '60')).stdout;
    expect(out).toContain(`event 60, playing`);
    expect(out).toContain(`turn ${game.turn}, round`);
    expect(out).toContain(`${game.phase} phase`);
    expect(out).toMatch(/^red \(vanguard\): \d+ carbon, \d+ crystal/m);
    for (const unit of game.units) expect(out).toContain(`${unit.id} `);
    const json = JSON.parse((await arbiter('replay', PG, '--at', '60', '--json')).stdout);
    expect(json).toEqual(JSON.parse(JSON.stringify(state)));
  });

  it('VIEW-7 replay --svg FILE writes the picture the viewer draws', async () => {
    const log = parseLog(readFileSync(PG, 'utf8'));
    const file = join(dir, 'board.svg');
    const result = await arbiter('replay', PG, '--at', '60', '--seat', 'red', '--svg', file);
    expect(result.stdout).toBe(`wrote the battlefield after event 60 to ${file}\n`);
    expect(result.status).toBe(0);
    const view = viewGame(RULESETS, foldGame(RULESETS, log.events.slice(0, 60)), 'red');
    const before = viewGame(RULESETS, foldGame(RULESETS, log.events.slice(0, 59)), 'red');
    const event = { event: log.events[59] as (typeof log.events)[number], before };
    expect(readFileSync(file, 'utf8')).toBe(`${standaloneSvg(view as NonNullable<typeof view>, log.events, 60, { event })}\n`);
    expect(readFileSync(file, 'utf8')).toMatch(/^<svg [^>]*viewBox=[\s\S]*data-piece="red-cc"/);
    expectUsageError(
      await arbiter('replay', PG, '--json', '--svg', file),
      /^arbiter: --json and --svg each print the state their own way; choose one$/m,
    );
  });

  it('VIEW-7 output piped into head ends quietly', async () => {
    const piped = spawnSync(
      'bash',
      ['-o', 'pipefail', '-c', `"${process.execPath}" "${bin}" replay "${PG}" --json | head -c 20 > /dev/null`],
      {
        encoding: 'utf8',
      },
    );
    expect(piped.stderr).toBe('');
    expect(piped.status).toBe(0);
  });

  it('VIEW-8 verify of a log exported while the game runs: the chain, the rules and the state pass, the seed and the dice are pending, exit 3', async () => {
    const log = parseLog(readFileSync(PG, 'utf8'));
    const events = log.events.slice(0, 60);
    const header = {
      ...log.header,
      status: 'playing',
      seed: null,
      viewer: null,
      state: viewGame(RULESETS, foldGame(RULESETS, events), null),
    };
    const running = join(dir, 'running.ndjson');
    writeFileSync(running, serializeLog(header, events));
    const result = await arbiter('verify', running);
    expect(result.stdout).toMatch(/^PASS {2}hash chain: intact over 60 events$/m);
    expect(result.stdout).toMatch(/^PENDING {2}seed: /m);
    expect(result.stdout).toMatch(/^PENDING {2}dice: /m);
    expect(result.stdout).toMatch(
      /^PASS {2}rules: \d+ commands re-decided under .* with the dice the log records give exactly the logged events/m,
    );
    expect(result.stdout).toMatch(/^PASS {2}state: /m);
    expect(result.stdout).not.toMatch(/^FAIL/m);
    expect(result.stdout).toMatch(/verdict: nothing failed; \d check\(s\) pending until the game ends/);
    expect(result.status).toBe(3);

    // Pending is no excuse for a broken chain: an edited event still fails, exit 1.
    const lines = readFileSync(running, 'utf8').split('\n');
    const line = lines.findIndex((l, i) => i > 0 && l.includes('"carbon":200'));
    lines[line] = (lines[line] as string).replace('"carbon":200', '"carbon":900');
    writeFileSync(join(dir, 'edited.ndjson'), lines.join('\n'));
    const tampered = await arbiter('verify', join(dir, 'edited.ndjson'));
    expect(tampered.stdout).toMatch(
      new RegExp(`^FAIL {2}hash chain: broken at line ${line + 1} .*its content does not match its hash`, 'm'),
    );
    expect(tampered.status).toBe(1);
  });

  it('TB-6 verify --origin proves a fork’s shared prefix with its origin’s log, and names the origin’s line where it was altered', async () => {
    const origin = parseLog(readFileSync(PG, 'utf8'));
    const version = 60;
    const requester = origin.header.seats[0]?.playerId ?? '';
    const command = { type: 'ForkGame', from: { gameId: origin.header.gameId, version }, kind: 'sandbox' } as const;
    const at = origin.events[version]?.at ?? '';
    const ctx = {
      rulesets: RULESETS,
      now: at,
      actor: { kind: 'player', playerId: requester, seat: null } as const,
      seed: 'c'.repeat(64),
      origin: {
        gameId: origin.header.gameId,
        at: foldGame(RULESETS, origin.events.slice(0, version)),
        head: foldGame(RULESETS, origin.events),
      },
    };
    const decision = decideGame(emptyGame, command, ctx, 'g_fork');
    if (!decision.ok) throw new Error(decision.violation.message);
    const label = `player:${requester}`;
    const meta = { gameId: 'g_fork', at, actor: label, commandId: 'fork-1', rulesVersion: origin.header.rulesVersion, command };
    const events = sealBatch(null, decision.events, meta);
    const state = foldGame(RULESETS, events);
    const seat = origin.header.seats[0]?.name ?? null;
    const header = {
      ...origin.header,
      gameId: 'g_fork',
      status: 'playing',
      seed: null,
      viewer: seat,
      state: viewGame(RULESETS, state, seat),
    };
    const fork = join(dir, 'fork.ndjson');
    writeFileSync(
      fork,
      serializeLog(
        { ...header, seedCommitment: (events[0]?.data as { seedCommitment?: string } | undefined)?.seedCommitment ?? '' },
        events,
      ),
    );

    const alone = await arbiter('verify', fork);
    expect(alone.stdout).toMatch(/^PENDING {2}origin: this log forks .* at version 60; give that game's log \(--origin\)/m);
    const proved = await arbiter('verify', fork, '--origin', PG);
    expect(proved.stdout).toMatch(/^PASS {2}origin: the fork starts from .* after event 60 \(chain hash [0-9a-f]{12}…\)/m);
    expect(proved.stdout).not.toMatch(/^FAIL/m);
    expect(proved.status).toBe(3);

    // The origin altered in the shared prefix: the origin check fails at that line of the origin's log, exit 1.
    const lines = readFileSync(PG, 'utf8').split('\n');
    lines[10] = (lines[10] as string).replace(/"at":"[^"]+"/, '"at":"2000-01-01T00:00:00.000Z"');
    writeFileSync(join(dir, 'origin-edited.ndjson'), lines.join('\n'));
    const altered = await arbiter('verify', fork, '--origin', join(dir, 'origin-edited.ndjson'));
    expect(altered.stdout).toMatch(/^FAIL {2}origin: in the origin log, the hash chain is broken at line 11 \(event 10\)/m);
    expect(altered.status).toBe(1);
  });

  it('RUL-10 arbiter --version prints its version and every ruleset with every rules version it verifies', async () => {
    const cli = JSON.parse(readFileSync(join(root, 'tools', 'arbiter-cli', 'package.json'), 'utf8')) as { version: string };
    const result = await arbiter('--version');
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      [
        `arbiter ${cli.version}`,
        'verifies logs of these rules versions:',
        '  post-galactica (Post Galactica): pg-0.2.0, pg-0.3.0, pg-0.4.0, pg-0.5.0, pg-0.6.0, pg-0.7.0, pg-0.8.0',
        "  soluna (Sol'una): sol-0.1.0, sol-0.2.0, sol-0.3.0, sol-0.4.0",
        '  gsc2 (GSC2): gsc2-0.1.0, gsc2-0.2.0, gsc2-0.3.0, gsc2-0.4.0, gsc2-0.5.0, gsc2-0.6.0, gsc2-0.7.0, gsc2-0.8.0',
        '',
      ].join('\n'),
    );
    expect((await arbiter('-V')).stdout).toBe(result.stdout);
    expect((await arbiter('--help')).stdout).toContain('-V, --version');
  });

  it('RUL-10 the command verifies the reference log of each version --version lists', async () => {
    const listed = [...(await arbiter('--version')).stdout.matchAll(/\b[a-z0-9]+-\d+\.\d+\.\d+\b/g)].map(([version]) => version);
    expect(listed.length).toBeGreaterThanOrEqual(12);
    for (const version of listed) {
      const result = await arbiter('verify', join(logs, 'versions', `${version}.ndjson`));
      expect(result.stdout, version).toMatch(new RegExp(`re-decided under .* ${version} give exactly the logged events`));
      expect(result.stdout, version).toContain('verdict: the log holds');
      expect(result.status, version).toBe(0);
    }
  });

  it('VIEW-8 verify of an ended game still passes every check, exit 0', async () => {
    for (const name of ['post-galactica', 'post-galactica-battle', 'soluna', 'gsc2']) {
      const result = await arbiter('verify', join(logs, `${name}.ndjson`));
      expect(result.stdout).toContain('verdict: the log holds');
      expect(result.stdout).not.toMatch(/^(FAIL|PENDING)/m);
      expect(result.status).toBe(0);
    }
  });
});
