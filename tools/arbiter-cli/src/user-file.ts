/** A file the user named on the command line, read whole; one that cannot be read is one sentence and exit 2. */
import { readFileSync } from 'node:fs';
import { UsageError } from './usage.ts';

export const readUserFile = (file: string): string => {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(code === 'ENOENT' ? `there is no file ${file}` : `cannot read ${file} (${code ?? 'unknown error'})`);
  }
};
