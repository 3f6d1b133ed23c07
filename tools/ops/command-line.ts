/**
 * The command lines of the operator scripts (`npm run smoke`, `npm run redrive`): options
 * parsed strictly, `--help` printing the usage, and a mistake in how the script was called
 * being one sentence with the usage and exit 2.
 */
import { readFileSync } from 'node:fs';
import { type ParseArgsConfig, parseArgs } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Prints `sentence` and the usage, then exits 2. */
export type Refuse = (sentence: string) => never;

/** Where a command line prints and how it exits: the process's own, or a caller's in the same process (the smoke's tests). */
export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
  exit(code: number): never;
}

export const processIo: CommandIo = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  exit: (code) => process.exit(code),
};

export const commandLine = <const O extends Options>(
  name: string,
  usage: string,
  options: O,
  args: readonly string[] = process.argv.slice(2),
  io: CommandIo = processIo,
) => {
  const refuse: Refuse = (sentence) => {
    io.err(`${name}: ${sentence}\n${usage}`);
    return io.exit(2);
  };
  const parsed = (() => {
    try {
      return parseArgs({ args: [...args], options: { ...options, help: { type: 'boolean', default: false } } as const });
    } catch (error) {
      return refuse((error as Error).message);
    }
  })();
  if ((parsed.values as Record<string, unknown>).help === true) {
    io.out(usage);
    io.exit(0);
  }
  return { values: parsed.values as ReturnType<typeof parseArgs<{ options: O }>>['values'], refuse };
};

/**
 * The outputs of the deployed Arbiter stack in `cdk deploy --outputs-file` (`{ "<stack>": { "<name>": … } }`):
 * those of the stack that has `marker`.
 */
export const stackOutputs = (
  path: string,
  marker: string,
  refuse: Refuse,
  missing = `${path} has no ${marker} output`,
): Readonly<Record<string, string>> => {
  const all = JSON.parse(readFileSync(path, 'utf8')) as Record<string, Record<string, string>>;
  return Object.values(all).find((stack) => stack[marker] !== undefined) ?? refuse(missing);
};
