/**
 * COST-5: the end of `npm run bench`. Every goal line the benches of this run recorded
 * (bench/support/goals.ts), in one table beside the committed baseline, ending with the goals
 * missed, so that no "NOT MET" scrolls past unseen. Printed, never thrown.
 *
 *   tsx bench/summary.ts --begin      removes the goal results of earlier runs (the start of `npm run bench`: the summary reads this run only)
 *   tsx bench/summary.ts              the table, then "Goals missed:" and the list, or "none"
 *   tsx bench/summary.ts --baseline   `npm run bench:baseline`: bench/baseline.json from the latest results
 */

import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import {
  BASELINE_FILE,
  type Baseline,
  BENCH_DIR,
  formatBound,
  formatRatio,
  formatValue,
  type GoalLine,
  keyOf,
  RESULTS_DIR,
  type Results,
  ratioToBaseline,
  ratioToGoal,
  readBaseline,
} from './support/goals.ts';

/** The goal results files (other tools keep their own figures in bench/results/ too: those are not ours to read or clear). */
const goalResultsFiles = (): { file: string; results: Results }[] =>
  existsSync(RESULTS_DIR)
    ? readdirSync(RESULTS_DIR)
        .filter((name) => name.endsWith('.json'))
        .map((name) => ({
          file: join(RESULTS_DIR, name),
          results: JSON.parse(readFileSync(join(RESULTS_DIR, name), 'utf8')) as Partial<Results>,
        }))
        .filter((f): f is { file: string; results: Results } => typeof f.results.startedAt === 'string' && Array.isArray(f.results.goals))
    : [];

/** Every goal results file, in the order the benches ran. */
const readResults = (): Results[] =>
  goalResultsFiles()
    .map((f) => f.results)
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt));

/** The cells of a goal's row: id, title, value, goal, vs goal, vs baseline, verdict. */
const rowOf = (line: GoalLine, baseline: Baseline | null): string[] => {
  const entry = baseline?.goals[keyOf(line)];
  return [
    line.id,
    line.title,
    formatValue(line.value, line.unit),
    formatBound(line),
    formatRatio(ratioToGoal(line)),
    entry ? formatRatio(ratioToBaseline(line, entry)) : 'none',
    line.verdict,
  ];
};

/** Rows as text columns, each as wide as its widest cell (numbers right-aligned). */
const table = (rows: readonly string[][]): string[] => {
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => r[c]?.length ?? 0))) ?? [];
  const rightAligned = new Set([2, 4, 5]);
  return rows.map((r) =>
    `  ${r.map((cell, c) => (rightAligned.has(c) ? cell.padStart(widths[c] ?? 0) : cell.padEnd(widths[c] ?? 0))).join('  ')}`.trimEnd(),
  );
};

/** Benches of bench/ that recorded no goal line in this run. */
const benchesWithoutGoals = (results: readonly Results[]): string[] => {
  const ran = new Set(results.map((r) => r.bench));
  return readdirSync(BENCH_DIR)
    .filter((name) => name.endsWith('.bench.ts'))
    .map((name) => name.replace(/\.bench\.ts$/, ''))
    .filter((bench) => !ran.has(bench));
};

const summary = () => {
  const results = readResults();
  const baseline = readBaseline();
  const lines = results.flatMap((r) => r.goals);
  const commits = [...new Set(results.map((r) => r.commit))].join(', ');
  console.log(`\nCOST-5 the goals of this run (${lines.length} lines; commit ${commits || 'none'})`);
  console.log(
    baseline
      ? `  vs baseline: this run's figure over the baseline's (bench/baseline.json, ${baseline.commit}, ${baseline.takenAt}, ${baseline.machine})`
      : '  no baseline (bench/baseline.json): `npm run bench:baseline` writes one from the latest run',
  );
  const header = ['id', 'title', 'value', 'goal', 'vs goal', 'vs baseline', 'verdict'];
  for (const row of table([header, ...lines.map((line) => rowOf(line, baseline))])) console.log(row);
  const without = benchesWithoutGoals(results);
  if (without.length > 0) console.log(`\n  benches with no goal line in this run: ${without.join(', ')}`);
  const missed = lines.filter((line) => line.verdict !== 'met');
  console.log(`\nGoals missed: ${missed.length === 0 ? 'none' : missed.length}`);
  for (const line of missed) {
    const why = line.verdict === 'NOT MEASURED' ? `not measured${line.detail ? `: ${line.detail}` : ''}` : `goal ${formatBound(line)}`;
    console.log(`  ${line.id} ${line.title}: ${formatValue(line.value, line.unit)} (${why})`);
  }
};

/** bench/baseline.json: every measured goal line of the latest results, with the commit and date they were taken at. */
const writeBaseline = () => {
  const results = readResults();
  if (results.length === 0) throw new Error('no results in bench/results/: run `npm run bench` first');
  const goals: Record<string, { value: number; unit: string }> = {};
  for (const line of results.flatMap((r) => r.goals))
    if (Number.isFinite(line.value)) goals[line.key] = { value: line.value, unit: line.unit };
  const baseline: Baseline = {
    commit: [...new Set(results.map((r) => r.commit))].join(', '),
    takenAt: results[0]?.startedAt ?? '',
    machine: `${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`,
    note: 'One full `npm run bench` on a machine shared with other work: timings move by tens of percent between runs; counts and sizes do not. A commit with + had uncommitted changes in the tree.',
    goals,
  };
  writeFileSync(BASELINE_FILE, `${JSON.stringify(baseline, null, 2)}\n`);
  console.log(`bench/baseline.json: ${Object.keys(goals).length} lines from ${results.length} benches at ${baseline.commit}`);
};

const mode = process.argv[2];
if (mode === '--begin') for (const { file } of goalResultsFiles()) rmSync(file);
else if (mode === '--baseline') writeBaseline();
else if (mode === undefined) summary();
else throw new Error(`unknown option ${mode}: --begin, --baseline or none`);
