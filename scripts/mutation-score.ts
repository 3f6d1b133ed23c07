/**
 * RUL-9: the score of a StrykerJS report (its incremental file is one), counted as StrykerJS
 * counts it: killed and timed out over every mutant that is valid (not ignored, and neither a
 * compile nor a runtime error). Used to add up the parts of a scope cut into parts.
 */

/** A mutant as a report holds it; only its status, and whether it ran at module load, are read. */
export interface ReportedMutant {
  readonly status: string;
  readonly static?: boolean;
}

/** The part of a mutation-testing report (the mutation-testing-elements schema) read here. */
export interface MutationReport {
  readonly files: Readonly<Record<string, { readonly mutants: readonly ReportedMutant[] }>>;
}

export interface MutationScore {
  readonly mutants: number;
  readonly killed: number;
  readonly timeout: number;
  readonly survived: number;
  readonly noCoverage: number;
  readonly ignored: number;
  readonly errors: number;
  /** Killed and timed out, in percent of the valid mutants; 100 when there are none. */
  readonly score: number;
}

const withScore = (counts: Omit<MutationScore, 'score'>): MutationScore => {
  const detected = counts.killed + counts.timeout;
  const valid = detected + counts.survived + counts.noCoverage;
  return { ...counts, score: valid === 0 ? 100 : (100 * detected) / valid };
};

export const scoreOf = (report: MutationReport): MutationScore => {
  const statuses = Object.values(report.files).flatMap((file) => file.mutants.map((m) => m.status));
  const count = (...wanted: string[]) => statuses.filter((s) => wanted.includes(s)).length;
  return withScore({
    mutants: statuses.length,
    killed: count('Killed'),
    timeout: count('Timeout'),
    survived: count('Survived'),
    noCoverage: count('NoCoverage'),
    ignored: count('Ignored'),
    errors: count('CompileError', 'RuntimeError'),
  });
};

export const sumScores = (scores: readonly MutationScore[]): MutationScore =>
  withScore({
    mutants: scores.reduce((n, s) => n + s.mutants, 0),
    killed: scores.reduce((n, s) => n + s.killed, 0),
    timeout: scores.reduce((n, s) => n + s.timeout, 0),
    survived: scores.reduce((n, s) => n + s.survived, 0),
    noCoverage: scores.reduce((n, s) => n + s.noCoverage, 0),
    ignored: scores.reduce((n, s) => n + s.ignored, 0),
    errors: scores.reduce((n, s) => n + s.errors, 0),
  });

/**
 * The report without its static mutants (code run at module load) that were not killed, so that
 * an incremental run tests them again. StrykerJS re-tests a surviving mutant only when a test that
 * covers it is added; a static mutant is covered by no test (its code runs before any test), so a
 * new test that kills it never counts, and its first verdict would be kept for good. Every other
 * field of the report is kept as it is.
 */
export const forgetStaticSurvivors = <R extends MutationReport>(report: R): R => ({
  ...report,
  files: Object.fromEntries(
    Object.entries(report.files).map(([name, file]) => [
      name,
      { ...file, mutants: file.mutants.filter((m) => !(m.static === true && (m.status === 'Survived' || m.status === 'NoCoverage'))) },
    ]),
  ),
});
