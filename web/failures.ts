/**
 * VIEW-14: what the page says when something goes wrong, as plain values the page shows
 * and the unit tests pin: why a file is not a log, in one sentence, and a rules check's
 * difference field by field rather than two JSON blobs side by side.
 */
import { LogFormatError } from '../domain/verify/log.ts';

/** One sentence: which file, and what about it is not an exported log. */
export const whyNotALog = (source: string, error: unknown): string => {
  if (error instanceof LogFormatError) {
    const said = error.message.replace(/^line \d+: /, '');
    if (error.line === 1 && said === 'is not JSON')
      return `${source} is not an Arbiter log: its first line is not JSON, and an exported log starts with a JSON header line.`;
    if (error.line === 1)
      return `${source} is not an Arbiter log: its first line is not the header an export starts with ("format": "arbiter-log/1").`;
    return `${source} is not an Arbiter log: line ${error.line} ${said}.`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `${source} could not be opened as an Arbiter log: ${message.replace(/\.$/, '')}.`;
};

/** A file with nothing in it: said before parsing, which would call it a missing header. */
export const emptyFile = (source: string): string => `${source} is empty: an exported log has a header line and one line per event.`;

export interface FieldDifference {
  /** Where in the event, e.g. `data.roll.value` or `data.path[1].x`. */
  readonly path: string;
  /** What the rules decide (JSON), or `(absent)`. */
  readonly expected: string;
  /** What the log holds (JSON), or `(absent)`. */
  readonly found: string;
}

const ABSENT = '(absent)';
const show = (value: unknown): string => (value === undefined ? ABSENT : JSON.stringify(value));
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const key = (path: string, k: string): string =>
  /^[A-Za-z_$][\w$]*$/.test(k) ? (path ? `${path}.${k}` : k) : `${path}[${JSON.stringify(k)}]`;

/** Every leaf where `found` differs from `expected`, in document order; [] when they are equal. */
export const diffJson = (expected: unknown, found: unknown, path = ''): FieldDifference[] => {
  if (Array.isArray(expected) && Array.isArray(found)) {
    const n = Math.max(expected.length, found.length);
    return Array.from({ length: n }, (_, i) => diffJson(expected[i], found[i], `${path}[${i}]`)).flat();
  }
  if (isObject(expected) && isObject(found)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(found)])];
    return keys.flatMap((k) => diffJson(expected[k], found[k], key(path, k)));
  }
  if (JSON.stringify(expected) === JSON.stringify(found)) return [];
  return [{ path: path || '(the whole value)', expected: show(expected), found: show(found) }];
};

const readJson = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};

/**
 * The rules check's detail (domain/verify/rules-check.ts writes `logged:` and `re-decided:`
 * lines, each a canonical JSON event or a parenthesised note) as differences field by
 * field; null when the detail is not such a pair.
 */
export const rulesDifference = (detail: readonly string[] | undefined): FieldDifference[] | null => {
  const line = (label: string) =>
    detail?.map((l) => new RegExp(`^\\s*${label}:\\s+(.*)$`).exec(l)?.[1]).find((v): v is string => v !== undefined);
  const logged = line('logged');
  const decided = line('re-decided');
  if (logged === undefined || decided === undefined) return null;
  const found = readJson(logged);
  const expected = readJson(decided);
  if (!found.ok || !expected.ok) return [{ path: '(the event)', expected: decided, found: logged }];
  return diffJson(expected.value, found.value);
};
