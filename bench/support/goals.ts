/**
 * COST-5: one way for a bench to state a figure against its goal. `goal(...)` prints one line in
 * one format (the figure, the goal and the figure's ratio to it, the committed baseline's figure
 * for the same line and the ratio to that, then met or NOT MET) and records the line in
 * `bench/results/<bench>.json`, which bench/summary.ts reads at the end of `npm run bench` to
 * list the goals missed. A miss is printed and listed, never thrown: timings on a shared machine
 * are information, and what to do about a miss is decided by people, not by an exit code.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

export const BENCH_DIR = resolve(import.meta.dirname, '..');
export const RESULTS_DIR = join(BENCH_DIR, 'results');
export const BASELINE_FILE = join(BENCH_DIR, 'baseline.json');

/** The goal: the figure at most, or at least, this bound (in the figure's unit). */
type Bound = { readonly atMost: number; readonly atLeast?: never } | { readonly atLeast: number; readonly atMost?: never };

export type Goal = {
  /** The requirement the goal comes from, e.g. `COST-3`. */
  readonly id: string;
  /** What is measured. With the id it is the line's key in the baseline, so it holds no measured figure. */
  readonly title: string;
  /** The figure; not finite (NaN) when it could not be measured here, with the reason in `detail`. */
  readonly value: number;
  /** `ms`, `KiB`, `x` (a ratio printed as 1.13x), `` (a bare ratio), or any other word printed after the figure. */
  readonly unit: string;
  /** Printed after the verdict (the figures behind the value); not part of the key. */
  readonly detail?: string;
} & Bound;

export type Verdict = 'met' | 'NOT MET' | 'NOT MEASURED';

/** A goal as recorded in a results file. */
export type GoalLine = Goal & { readonly key: string; readonly verdict: Verdict };

export interface Results {
  readonly bench: string;
  readonly commit: string;
  readonly startedAt: string;
  readonly goals: readonly GoalLine[];
}

export interface BaselineEntry {
  readonly value: number;
  readonly unit: string;
}

export interface Baseline {
  readonly commit: string;
  readonly takenAt: string;
  /** The CPUs and Node the figures were taken on. */
  readonly machine: string;
  readonly note: string;
  readonly goals: Readonly<Record<string, BaselineEntry>>;
}

/** A line's key in the baseline: stable as long as its id and title are. */
export const keyOf = (goal: Pick<Goal, 'id' | 'title'>): string => `${goal.id} ${goal.title}`;

export const verdictOf = (goal: Goal): Verdict => {
  if (!Number.isFinite(goal.value)) return 'NOT MEASURED';
  const ok = goal.atMost !== undefined ? goal.value <= goal.atMost : goal.value >= (goal.atLeast ?? Number.NaN);
  return ok ? 'met' : 'NOT MET';
};

/** The figure in its unit, with as many decimals as its size deserves. */
export const formatValue = (value: number, unit: string): string => {
  if (!Number.isFinite(value)) return '-';
  if (unit === 'x') return `${value.toFixed(2)}x`;
  if (unit === '') return value.toFixed(2);
  const digits = Number.isInteger(value) || Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  const shown = value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${shown} ${unit}`;
};

export const formatBound = (goal: Goal): string =>
  goal.atMost !== undefined ? `<= ${formatValue(goal.atMost, goal.unit)}` : `>= ${formatValue(goal.atLeast ?? Number.NaN, goal.unit)}`;

/** The figure over its bound: at most 1 meets an `atMost` goal, at least 1 an `atLeast` goal. */
export const ratioToGoal = (goal: Goal): number => goal.value / (goal.atMost ?? goal.atLeast ?? Number.NaN);

/** The figure over the baseline's figure for the same key, when the baseline has one in the same unit. */
export const ratioToBaseline = (goal: Goal, entry: BaselineEntry | undefined): number =>
  entry && entry.unit === goal.unit ? goal.value / entry.value : Number.NaN;

/** A ratio to two decimals, `-` when there is none (no baseline, nothing measured). */
export const formatRatio = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '-');

export const readBaseline = (file = BASELINE_FILE): Baseline | null =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Baseline) : null;

/** What the baseline says beside a line: its figure and the ratio to it, or that it has none. */
export const baselineText = (goal: Goal, baseline: Baseline | null): string => {
  const entry = baseline?.goals[keyOf(goal)];
  if (!entry) return 'baseline: none';
  if (entry.unit !== goal.unit) return `baseline ${formatValue(entry.value, entry.unit)}: another unit`;
  return `baseline ${formatValue(entry.value, entry.unit)}  vs baseline ${formatRatio(ratioToBaseline(goal, entry))}`;
};

/** The one line every goal prints. */
export const goalLine = (goal: Goal, baseline: Baseline | null): string => {
  const figures = `${formatValue(goal.value, goal.unit).padStart(10)}  goal ${formatBound(goal)}  vs goal ${formatRatio(ratioToGoal(goal))}`;
  const detail = goal.detail ? `  [${goal.detail}]` : '';
  return `  ${goal.id.padEnd(12)} ${goal.title.padEnd(60)} ${figures}  ${baselineText(goal, baseline)}  ${verdictOf(goal)}${detail}`;
};

/** The commit the tree is at, `+` when files differ from it; `unknown` without git. */
export const currentCommit = (): string => {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', BENCH_DIR, ...args], { stdio: 'pipe' })
        .toString()
        .trim();
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') === '' ? '' : '+'}`;
  } catch {
    return 'unknown';
  }
};

/** The bench this process runs: `fold` for `tsx bench/fold.bench.ts`. */
const benchName = (): string => basename(process.argv[1] ?? 'bench').replace(/\.bench\.[cm]?[jt]s$/, '');

let recorded: { results: Results; file: string; baseline: Baseline | null } | null = null;

/** This process's results, started afresh at its first goal so that no line of an earlier run survives. */
const resultsOfThisRun = () => {
  if (!recorded) {
    const bench = benchName();
    mkdirSync(RESULTS_DIR, { recursive: true });
    recorded = {
      results: { bench, commit: currentCommit(), startedAt: new Date().toISOString(), goals: [] },
      file: join(RESULTS_DIR, `${bench}.json`),
      baseline: readBaseline(),
    };
  }
  return recorded;
};

/** Prints the goal's line and records it in this bench's results file (rewritten at each line, so a crash keeps the lines before it). */
export const goal = (goal: Goal): Verdict => {
  const run = resultsOfThisRun();
  const key = keyOf(goal);
  if (run.results.goals.some((g) => g.key === key)) throw new Error(`two goal lines with the key "${key}"`);
  const verdict = verdictOf(goal);
  console.log(goalLine(goal, run.baseline));
  run.results = { ...run.results, goals: [...run.results.goals, { ...goal, key, verdict }] };
  writeFileSync(run.file, `${JSON.stringify(run.results, null, 2)}\n`);
  return verdict;
};
