/**
 * INV-2: no request holds the service. For each ruleset, the costliest decision at the largest
 * size its limits accept (test/support/largest-*.ts builds each: the state and the command),
 * timed as the command path runs it, in-process: the median and the slowest of repeated runs,
 * against the goal of at most 50 ms. Printed, never asserted (timed tests flake on
 * shared machines).
 */
import { decide as gscDecide } from '../domain/gsc2/decide.ts';
import { decide as solDecide } from '../domain/soluna/decide.ts';
import { slowestGsc2Command } from '../scenarios/largest-gsc2.ts';
import { costlyPostGalacticaCommands } from '../scenarios/largest-post-galactica.ts';
import { slowestSolunaCommand } from '../scenarios/largest-soluna.ts';
import { goal } from './support/goals.ts';

const GOAL_MS = 50;
const RUNS = 30;

/** Median and slowest milliseconds of `RUNS` runs of `work`, after three to warm up. */
const time = (work: () => unknown): { median: number; slowest: number } => {
  for (let i = 0; i < 3; i += 1) work();
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    work();
    runs.push(performance.now() - started);
  }
  runs.sort((a, b) => a - b);
  return { median: runs[Math.floor(RUNS / 2)] ?? 0, slowest: runs.at(-1) ?? 0 };
};

const ms = (n: number) => `${n.toFixed(1)} ms`;

const line = (ruleset: string, name: string, figures: { median: number; slowest: number }) =>
  `${ruleset.padEnd(15)} ${name.padEnd(56)} median ${ms(figures.median).padStart(8)}, slowest ${ms(figures.slowest).padStart(8)}`;

console.log(
  `INV-2: the costliest command each ruleset accepts, at its largest accepted size (${RUNS} runs each; goal: at most ${GOAL_MS} ms)`,
);
const slowest: { ruleset: string; name: string; median: number; slowest: number }[] = [];
for (const command of costlyPostGalacticaCommands()) {
  const figures = time(command.decide);
  console.log(line('post-galactica', command.name, figures));
  slowest.push({ ruleset: 'post-galactica', name: command.name, ...figures });
}
const gsc = slowestGsc2Command();
const gscFigures = time(() => gscDecide(gsc.state, gsc.command, gsc.rc));
console.log(line('gsc2', 'SubmitOrders revealing both full fleets’ beams', gscFigures));
slowest.push({ ruleset: 'gsc2', name: 'SubmitOrders revealing both full fleets’ beams', ...gscFigures });
const sol = slowestSolunaCommand();
const solFigures = time(() => solDecide(sol.state, sol.command, sol.rc));
console.log(line('soluna', 'SubmitActions revealing both warbands’ longest moves', solFigures));
slowest.push({ ruleset: 'soluna', name: 'SubmitActions revealing both warbands’ longest moves', ...solFigures });

console.log('\nThe slowest command per ruleset (median):');
for (const ruleset of ['post-galactica', 'gsc2', 'soluna']) {
  const worst = slowest.filter((s) => s.ruleset === ruleset).sort((a, b) => b.median - a.median)[0];
  if (!worst) continue;
  goal({
    id: 'INV-2',
    title: `the slowest command, ${ruleset} (median)`,
    value: worst.median,
    unit: 'ms',
    atMost: GOAL_MS,
    detail: worst.name,
  });
}
