/**
 * PERF-4: `arbiter verify` of a 10,000-event log with real dice, as a user runs it: the
 * prebuilt CLI bundle (built here first, as `npm ci` does), start-up included, timed from
 * outside over several runs; and `arbiter --help` (VIEW-6). Then where the time of one
 * verify goes, check by check, in this process. Printed, never asserted.
 */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findRolls } from '../domain/kernel/rolls.ts';
import { everyRuleset } from '../domain/rulesets.ts';
import { LogFold } from '../domain/verify/fold.ts';
import { parseLog } from '../domain/verify/log.ts';
import { checkChain, checkDice, checkRules, checkSeed, checkState } from '../domain/verify/verify.ts';
import { longGameLog } from './support/long-game.ts';

const RULESETS = everyRuleset();

const RUNS = 7;
const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'tools/arbiter-cli/bin/arbiter.mjs');

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const ms = (n: number) => `${Math.round(n)} ms`;

/** Wall time of `node <cli> ...args`, `RUNS` times; throws unless every run exits as `exit`. */
const wallTimes = (args: readonly string[], exit: number): number[] =>
  Array.from({ length: RUNS }, () => {
    const started = performance.now();
    const run = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
    const took = performance.now() - started;
    if (run.status !== exit) throw new Error(`arbiter ${args.join(' ')} exited ${run.status}: ${run.stdout}${run.stderr}`);
    return took;
  });

const line = (title: string, times: readonly number[], goalMs: number) => {
  const m = median(times);
  const all = times.map((t) => Math.round(t)).join(', ');
  console.log(
    `  ${title}: median ${ms(m)}  (goal < ${goalMs >= 1000 ? `${goalMs / 1000} s` : `${goalMs} ms`})  ${m < goalMs ? 'met' : 'NOT MET'}  [${all}]`,
  );
};

const build = spawnSync(process.execPath, [join(root, 'scripts/build-cli.mjs')], { encoding: 'utf8' });
if (build.status !== 0) throw new Error(`building the CLI failed: ${build.stderr}`);

const dir = mkdtempSync(join(tmpdir(), 'arbiter-verify-bench-'));
try {
  const text = longGameLog(10_000);
  const file = join(dir, 'long-game.ndjson');
  writeFileSync(file, text);
  const log = parseLog(text);
  const rolls = log.events.reduce((n, e) => n + findRolls(e.data).length, 0);
  const commands = log.events.filter((e) => e.command !== undefined).length;
  console.log(`PERF-4 arbiter verify, the prebuilt CLI, start-up included (${RUNS} runs each)\n`);
  console.log(
    `  the log: a Sol'una game of ${log.events.length.toLocaleString('en-US')} events, ${commands.toLocaleString('en-US')} commands, ${rolls} dice rolls (${(text.length / 1e6).toFixed(1)} MB)`,
  );
  line('verify', wallTimes(['verify', file], 0), 1000);
  line('--help', wallTimes(['--help'], 0), 300);

  // One verify in this process, check by check; warm from playing the game, where the CLI runs cold.
  const time = (work: () => unknown): number => {
    const started = performance.now();
    work();
    return performance.now() - started;
  };
  const fold = new LogFold(log.events, RULESETS);
  const parts = {
    parse: time(() => parseLog(text)),
    chain: time(() => checkChain(log)),
    seed: time(() => checkSeed(log)),
    dice: time(() => checkDice(log)),
    rules: time(() => checkRules(log, fold)),
    state: time(() => checkState(log, fold)),
  };
  console.log(
    `\n  in this process (warm), one pass: ${Object.entries(parts)
      .map(([k, v]) => `${k} ${ms(v)}`)
      .join(', ')}`,
  );
  console.log(
    `  events folded for the rules and state checks together: ${fold.folded.toLocaleString('en-US')} (the log has ${log.events.length.toLocaleString('en-US')})\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
