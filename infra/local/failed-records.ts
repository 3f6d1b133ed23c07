/**
 * The local on-failure destination of the stream consumers (REL-15): the records the
 * stream poller gave up on after its bounded retries, where an operator (and a redrive)
 * can find them. On disk, one JSON object per line in `<dataDir>/failed-stream-records.ndjson`;
 * with `--memory`, in this process only. On AWS the same records go to each consumer's
 * SQS on-failure queue instead.
 */
import { appendFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { DynamoDBRecord } from 'aws-lambda';

export interface FailedRecord {
  /** When the poller gave up on it (ISO 8601, UTC). */
  readonly failedAt: string;
  /** The consumers that gave up on it: the ones a redrive should hand it to again. */
  readonly consumers: readonly string[];
  /** From the record's key, when it has one. */
  readonly gameId: string | null;
  readonly seq: number | null;
  /** Deliveries that failed before it was given up. */
  readonly attempts: number;
  /** The record exactly as the consumers were handed it. */
  readonly record: DynamoDBRecord;
}

export interface FailedRecords {
  /** Where the records go, for log lines: a file path, or `memory`. */
  readonly location: string;
  add(entry: FailedRecord): Promise<void>;
  /** Every record set aside, oldest first. */
  read(): Promise<FailedRecord[]>;
}

export const failedRecordsPath = (dataDir: string): string => join(dataDir, 'failed-stream-records.ndjson');

export const memoryFailedRecords = (): FailedRecords => {
  const entries: FailedRecord[] = [];
  return {
    location: 'memory',
    add: async (entry) => {
      entries.push(entry);
    },
    read: async () => [...entries],
  };
};

/** Appends one line per record; the file is created (with its folder) on the first one. */
export const fileFailedRecords = (path: string): FailedRecords => ({
  location: path,
  add: async (entry) => {
    await mkdir(dirname(path), { recursive: true });
    await appendFile(path, `${JSON.stringify(entry)}\n`);
  },
  read: () => readFailedRecords(path),
});

/** The runtime's sink: in its data folder, or in memory when it keeps nothing on disk. */
export const failedRecordsFor = (options: { readonly memory: boolean; readonly dataDir: string }): FailedRecords =>
  options.memory ? memoryFailedRecords() : fileFailedRecords(failedRecordsPath(options.dataDir));

/** The entries of a sink file, oldest first; none when there is no file yet. */
export const readFailedRecords = async (path: string): Promise<FailedRecord[]> => {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return text
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => line.trim() !== '')
    .map(({ line, number }) => {
      try {
        return JSON.parse(line) as FailedRecord;
      } catch {
        throw new Error(`${path}:${number} is not a JSON line`);
      }
    });
};

const sameEntry = (a: FailedRecord, b: FailedRecord): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * AWS-3: take out of the file the entries `redriven` from a read of it. Entries the runtime
 * appended since that read stay (the file is read again just before it is replaced, through
 * a temporary file and a rename, so a reader never sees half of it). Returns what is left.
 */
export const removeFailedRecords = async (path: string, redriven: readonly FailedRecord[]): Promise<FailedRecord[]> => {
  const now = await readFailedRecords(path);
  const left = [...redriven];
  const keep = now.filter((entry) => {
    const index = left.findIndex((r) => sameEntry(r, entry));
    if (index < 0) return true;
    left.splice(index, 1);
    return false;
  });
  const temporary = `${path}.redrive-${process.pid}`;
  await writeFile(temporary, keep.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
  await rename(temporary, path);
  return keep;
};
