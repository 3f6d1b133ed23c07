/**
 * PERF-4, COST-3: `arbiter verify` of a 10,000-event log with real dice, as a user runs it:
 * the installed `arbiter` bin (the CLI bundle, built here first, as `npm ci` does), start-up
 * included, timed from outside over several runs; and `arbiter --help` (VIEW-6). Then verify
 * in one process against the baseline commit's code on the same log (COST-3), and where the
 * time of one verify goes, check by check. Printed, never asserted.
 *
 * A mutation-testing run or another bench may share the machine, so the bin's lines give its
 * CPU time (user and system, every thread of the process) beside its wall time, and the goal
 * is judged on the CPU time: on an idle machine the wall time of this single-threaded work is
 * no more than that, plus reading the file. The in-process comparison takes turns, each side
 * timed in CPU time, and gives the median of the turns' ratios.
 */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findRolls } from '../domain/kernel/rolls.ts';
import { everyRuleset } from '../domain/rulesets.ts';
import { LogFold } from '../domain/verify/fold.ts';
import { parseLog } from '../domain/verify/log.ts';
import { checkChain, checkDice, checkRules, checkSeed, checkState } from '../domain/verify/verify.ts';
import { BASELINE, baselineTree, bundleModule, cpuMs, median, ROOT } from './support/baseline.ts';
import { goal } from './support/goals.ts';
import { longGameLog } from './support/long-game.ts';

const RULESETS = everyRuleset();

const RUNS = 7;
const TURNS = 15;
const VERIFY_GOAL_MS = 1000;
const HELP_GOAL_MS = 300;
const RATIO_GOAL = 1.0;
/** The installed bin (`npm ci` links the workspace's package), else the package's own. */
const installed = join(ROOT, 'node_modules/.bin/arbiter');
const cli = existsSync(installed) ? installed : join(ROOT, 'tools/arbiter-cli/bin/arbiter.mjs');
/** Loaded before the bin, it reports the process's CPU time as it exits, on a line of its own. */
const REPORT_CPU =
  "data:text/javascript,process.on('exit',()=>{const u=process.cpuUsage();process.stderr.write('\\nbench-cpu-ms='+((u.user+u.system)/1000)+'\\n')})";

const ms = (n: number) => `${Math.round(n)} ms`;

/** Wall and CPU time of `node <bin> ...args`, `RUNS` times; throws unless every run exits as `exit`. */
const runTimes = (args: readonly string[], exit: number): { wall: number[]; cpu: number[] } => {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    const run = spawnSync(process.execPath, ['--import', REPORT_CPU, cli, ...args], { encoding: 'utf8' });
    wall.push(performance.now() - started);
    if (run.status !== exit) throw new Error(`arbiter ${args.join(' ')} exited ${run.status}: ${run.stdout}${run.stderr}`);
    cpu.push(Number(/bench-cpu-ms=([\d.]+)/.exec(run.stderr)?.[1] ?? Number.NaN));
  }
  return { wall, cpu };
};

/** The goal is judged on the CPU time (see above); the wall times are printed beside it. */
const line = (id: string, title: string, { wall, cpu }: { wall: number[]; cpu: number[] }, goalMs: number) =>
  goal({
    id,
    title: `${title}, CPU median`,
    value: median(cpu),
    unit: 'ms',
    atMost: goalMs,
    detail: `wall median ${ms(median(wall))}; wall ${wall.map((t) => Math.round(t)).join(', ')}`,
  });

/** What both trees bundle: every ruleset loaded, the log parser and the verifier, and the baseline's long game. */
const VERIFIER = `import './domain/rulesets.ts';
export { parseLog } from './domain/verify/log.ts';
export { verifyLog } from './domain/verify/verify.ts';
export { longGameLog } from './bench/support/long-game.ts';
`;

interface Verifier {
  parseLog(text: string): unknown;
  verifyLog(log: unknown): readonly { readonly ok: boolean }[];
  longGameLog(events: number): string;
}

/**
 * COST-3: verify in this process with this tree's code and with the baseline's, in turns, on
 * the same log: the long game as the baseline plays it, since that is a log both verify in
 * full (the baseline does not implement the rules versions this tree plays now, and would
 * refuse to re-adjudicate a log of them).
 */
const againstBaseline = async (dir: string) => {
  const tree = baselineTree(BASELINE, dir);
  const title = `verify in one process / ${BASELINE}'s, CPU`;
  if (!tree) {
    goal({
      id: 'COST-3',
      title,
      value: Number.NaN,
      unit: '',
      atMost: RATIO_GOAL,
      detail: `baseline ${BASELINE} not available (no git history here)`,
    });
    return;
  }
  const before = (await import(await bundleModule(tree, VERIFIER, join(dir, 'baseline.mjs')))) as Verifier;
  const now = (await import(await bundleModule(ROOT, VERIFIER, join(dir, 'now.mjs')))) as Verifier;
  const text = before.longGameLog(10_000);
  const time = (verifier: Verifier) =>
    cpuMs(() => {
      const checks = verifier.verifyLog(verifier.parseLog(text));
      if (!checks.every((c) => c.ok)) throw new Error(`the log does not verify: ${JSON.stringify(checks)}`);
    });
  for (let i = 0; i < 3; i += 1) {
    time(before);
    time(now);
  }
  const was: number[] = [];
  const is: number[] = [];
  for (let turn = 0; turn < TURNS; turn += 1) {
    was.push(time(before));
    is.push(time(now));
  }
  const ratio = median(is.map((t, i) => t / (was[i] as number)));
  goal({
    id: 'COST-3',
    title,
    value: ratio,
    unit: '',
    atMost: RATIO_GOAL,
    detail: `parse and every check, median of ${TURNS} turns: ${ms(median(is))}; at ${BASELINE}: ${ms(median(was))}; the ratio is the median of the turns' ratios, of the medians ${(median(is) / median(was)).toFixed(2)}`,
  });
};

const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs')], { encoding: 'utf8' });
if (build.status !== 0) throw new Error(`building the CLI failed: ${build.stderr}`);

const dir = mkdtempSync(join(tmpdir(), 'arbiter-verify-bench-'));
try {
  const text = longGameLog(10_000);
  const file = join(dir, 'long-game.ndjson');
  writeFileSync(file, text);
  const log = parseLog(text);
  const rolls = log.events.reduce((n, e) => n + findRolls(e.data).length, 0);
  const commands = log.events.filter((e) => e.command !== undefined).length;
  console.log(`PERF-4, COST-3 arbiter verify, the installed bin, start-up included (${RUNS} runs each)\n`);
  console.log(
    `  the log: a Sol'una game of ${log.events.length.toLocaleString('en-US')} events, ${commands.toLocaleString('en-US')} commands, ${rolls} dice rolls (${(text.length / 1e6).toFixed(1)} MB)`,
  );
  line('COST-3', 'verify of 10,000 events through the installed bin', runTimes(['verify', file], 0), VERIFY_GOAL_MS);
  line('VIEW-6', 'arbiter --help through the installed bin', runTimes(['--help'], 0), HELP_GOAL_MS);
  await againstBaseline(dir);

  // One verify in this process, check by check (CPU time); warm from playing the game, where the CLI runs cold.
  const time = cpuMs;
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
