/** The `arbiter` command in tests, run by its own code in this process: no Node start per case. */
import { run } from '../../tools/arbiter-cli/src/run.ts';

/** What a run of the command gave: its exit code, and what it wrote to stdout and to stderr. */
export type Ran = { status: number | null; stdout: string; stderr: string };

/**
 * `arbiter <args>` as tools/arbiter-cli/src/run.ts runs it for the bin (test/unit/cli.unit.test.ts holds
 * the two to the same answers), its output captured.
 */
export const arbiterInProcess = async (...args: string[]): Promise<Ran> => {
  let stdout = '';
  let stderr = '';
  const status = await run(
    args,
    (text) => {
      stdout += text;
    },
    (text) => {
      stderr += text;
    },
  );
  return { status, stdout, stderr };
};
