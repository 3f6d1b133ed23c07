/**
 * DOC-2: the shell blocks of the docs, as a test runs them. Pure: parses a markdown file's
 * fenced blocks and the `<!-- doc-run: … -->` markers beside them, splits each shell block
 * into the commands a reader pastes, writes the one bash script that runs a file's blocks in
 * order (so variables carry from block to block), reads back what each command printed, and
 * compares that with the outputs the text shows, allowing for ids and times.
 *
 * What a doc may say (docs/development.md, "Docs that run"):
 * - a fence ```sh (or bash, shell, console) is run, unless the line before it is
 *   `<!-- doc-run: skip (the reason) -->`; a skipped block is still split into commands here
 *   and syntax-checked with `bash -n` by the test;
 * - `# => text` lines right after a command are what it prints (`…` matches anything within a
 *   line, a line of `…` alone any number of lines; JSON is compared compact, so one line of
 *   it may show what jq prints over many); `# => [exit 3]` is its exit status, else 0;
 * - `<!-- doc-run: output -->` before a plain block: the end of what the shell block before
 *   it printed; `output npm-start`: the banner of an npm start with a DynamoDB Local of its
 *   own (test/e2e/npm-start.e2e.test.ts checks it); `output webhook`: a message the file's
 *   webhook receiver got;
 * - `<!-- doc-run: after README.md -->` anywhere: run that file's blocks first, on the same
 *   runtime (a page that goes on from the README's match);
 * - `<!-- doc-run: once (the reason) -->` before a shell block: run where its own file runs, not
 *   again before a file that goes on from it (a block that only checks, such as a verify, and
 *   leaves nothing the next blocks use).
 */

const SHELLS = new Set(['sh', 'bash', 'shell', 'console']);
const MARKER = /^\s*<!--\s*doc-run:\s*(.*?)\s*-->\s*$/;

export class DocError extends Error {}

export interface Command {
  /** Where the command starts in its file (1-based). */
  readonly line: number;
  readonly text: string;
  /** The `# =>` lines after it, without the `# => ` (empty: the text shows no output). */
  readonly shows: readonly string[];
  /** The exit status the text expects (`# => [exit N]`), else 0. */
  readonly exit: number;
}

export interface ShellBlock {
  readonly file: string;
  /** The fence's line (1-based). */
  readonly line: number;
  readonly source: string;
  /** Why it is not run; null when it is. */
  readonly skip: string | null;
  /** Why it runs only where its own file runs, not before a file that goes on from it; null when it runs there too. */
  readonly once: string | null;
  readonly commands: readonly Command[];
}

export type OutputOf = 'block' | 'npm-start' | 'webhook';

export interface OutputBlock {
  readonly file: string;
  readonly line: number;
  readonly of: OutputOf;
  /** The shell block before it in the file (its index in `shells`), -1 when none. */
  readonly after: number;
  readonly lines: readonly string[];
}

export interface DocFile {
  readonly file: string;
  /** Files whose blocks run first (`after`). */
  readonly after: readonly string[];
  readonly shells: readonly ShellBlock[];
  readonly outputs: readonly OutputBlock[];
}

type Marker = { readonly skip: string } | { readonly once: string } | { readonly output: OutputOf } | { readonly after: string };

const parseMarker = (text: string, where: string): Marker => {
  const skip = /^skip\s*\((.+)\)$/.exec(text);
  if (skip?.[1]) return { skip: skip[1].trim() };
  const once = /^once\s*\((.+)\)$/.exec(text);
  if (once?.[1]) return { once: once[1].trim() };
  const output = /^output(?:\s+(npm-start|webhook))?$/.exec(text);
  if (output) return { output: (output[1] as OutputOf | undefined) ?? 'block' };
  const after = /^after\s+(\S+)$/.exec(text);
  if (after?.[1]) return { after: after[1] };
  throw new DocError(
    `${where}: "doc-run: ${text}" is not a marker (skip (reason), once (reason), output, output npm-start, output webhook, after FILE)`,
  );
};

/** The fenced blocks and markers of one markdown file. */
export const parseDoc = (file: string, markdown: string): DocFile => {
  const lines = markdown.split('\n');
  const after: string[] = [];
  const shells: ShellBlock[] = [];
  const outputs: OutputBlock[] = [];
  let pending: { marker: Marker; line: number } | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const where = `${file}:${i + 1}`;
    const marker = MARKER.exec(line);
    if (marker) {
      const parsed = parseMarker(marker[1] ?? '', where);
      if ('after' in parsed) after.push(parsed.after);
      else pending = { marker: parsed, line: i + 1 };
      continue;
    }
    const fence = /^(\s*)(`{3,})\s*([^\s`]*)/.exec(line);
    if (!fence) {
      if (pending && line.trim() !== '') throw new DocError(`${file}:${pending.line}: a doc-run marker must be the line before a fence`);
      continue;
    }
    const close = fence[2] ?? '```';
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !(lines[i] ?? '').trimStart().startsWith(close); i++) body.push(lines[i] ?? '');
    const indent = (fence[1] ?? '').length;
    const source = body.map((l) => l.slice(Math.min(indent, l.length - l.trimStart().length))).join('\n');
    const lang = fence[3] ?? '';
    const marked = pending?.marker ?? null;
    pending = null;
    if (SHELLS.has(lang)) {
      if (marked && 'output' in marked) throw new DocError(`${where}: an output marker before a shell block`);
      const skip = marked && 'skip' in marked ? marked.skip : null;
      const once = marked && 'once' in marked ? marked.once : null;
      const commands = lang === 'console' ? consoleCommands(source, start + 2) : splitCommands(source, start + 2, `${where}`);
      shells.push({ file, line: start + 1, source, skip, once, commands });
    } else if (marked && 'output' in marked) {
      outputs.push({ file, line: start + 1, of: marked.output, after: shells.length - 1, lines: source.split('\n') });
    } else if (marked) {
      throw new DocError(`${where}: only a shell block is skipped or run once; a ${lang || 'plain'} block is never run`);
    }
  }
  return { file, after, shells, outputs };
};

const SHOWS = /^\s*# =>(?: (.*))?$/;

/** `# => [exit N]` is an exit status; every other `# =>` line is output. */
const withShows = (text: string, line: number, shows: string[]): Command => {
  const exit = shows.map((s) => /^\[exit (\d+)\]$/.exec(s)).find((m) => m !== null);
  return { line, text, shows: shows.filter((s) => !/^\[exit \d+\]$/.test(s)), exit: exit ? Number(exit[1]) : 0 };
};

/**
 * A shell block's commands, as bash reads them: a command goes on past a line ending in `\`,
 * `|`, `&&` or `||`, or while a quote, `$(`, `(` or `{` is open; a `#` starting a word outside
 * quotes begins a comment, so an apostrophe there opens nothing.
 */
export const splitCommands = (source: string, firstLine: number, where = 'block'): Command[] => {
  const commands: Command[] = [];
  const open: string[] = [];
  let current: string[] = [];
  let startLine = 0;
  let shows: string[] = [];
  let last: { text: string; line: number } | null = null;
  const flush = () => {
    if (last) commands.push(withShows(last.text, last.line, shows));
    last = null;
    shows = [];
  };
  const lines = source.split('\n');
  for (const [n, line] of lines.entries()) {
    if (open.length === 0 && current.length === 0) {
      const show = SHOWS.exec(line);
      if (show) {
        if (!last) throw new DocError(`${where}, line ${firstLine + n}: "# =>" follows no command`);
        shows.push((show[1] ?? '').trimEnd());
        continue;
      }
      if (/^\s*(#.*)?$/.test(line)) {
        flush();
        continue;
      }
      flush();
      startLine = firstLine + n;
    }
    current.push(line);
    const code = scanLine(line, open);
    const continues = /(\\|\||&&)\s*$/.test(code);
    if (open.length === 0 && !continues) {
      last = { text: current.join('\n'), line: startLine };
      current = [];
    }
  }
  if (open.length > 0 || current.length > 0) throw new DocError(`${where}: a command is not finished (an open ${open.at(-1) ?? 'line'})`);
  flush();
  return commands;
};

/**
 * Scans one line, keeping the open quotes and brackets in `open`; answers the line's code
 * without its comment, to see whether it ends in a continuation.
 */
const scanLine = (line: string, open: string[]): string => {
  for (let i = 0; i < line.length; i++) {
    const c = line[i] ?? '';
    const top = open.at(-1);
    if (top === "'") {
      if (c === "'") open.pop();
    } else if (top === '"') {
      if (c === '\\') i++;
      else if (c === '"') open.pop();
      else if (c === '$' && line[i + 1] === '(') open.push('(');
    } else {
      const wordStart = i === 0 || /[\s;|&(]/.test(line[i - 1] ?? '');
      if (c === '\\') i++;
      else if (c === "'" || c === '"') open.push(c);
      else if (c === '(') open.push('(');
      else if (c === ')' && top === '(') open.pop();
      else if (c === '{' && wordStart && /\s/.test(line[i + 1] ?? ' ')) open.push('{');
      else if (c === '}' && top === '{' && wordStart) open.pop();
      else if (c === '#' && wordStart) return line.slice(0, i);
    }
  }
  return line;
};

/** A console block: `$ command` lines, each followed by what it prints. */
const consoleCommands = (source: string, firstLine: number): Command[] => {
  const commands: { text: string; line: number; shows: string[] }[] = [];
  for (const [n, line] of source.split('\n').entries()) {
    const prompt = /^\$ (.*)$/.exec(line);
    if (prompt) commands.push({ text: prompt[1] ?? '', line: firstLine + n, shows: [] });
    else if (line.trim() !== '') commands.at(-1)?.shows.push(line.trimEnd());
  }
  return commands.map((c) => withShows(c.text, c.line, c.shows));
};

/** A command's place in a run: the block's index among the run's blocks, then the command's. */
export const commandId = (block: number, command: number): string => `${block}.${command}`;

const MARK = '\u001edoc-run';

/**
 * One bash script running `blocks` in order in one shell, so variables carry from block to
 * block; before and after each command a mark line, the second with its exit status and
 * time. `rewrite` makes the test's substitutions (the runtime's URL, the receiver's), which
 * the test shows. `pageTurn`, a command, runs where the blocks go on from one file to the next.
 */
export const scriptFor = (blocks: readonly ShellBlock[], rewrite: (text: string) => string = (t) => t, pageTurn = ''): string => {
  const out = [
    'set -o pipefail',
    'exec 2>&1',
    `__doc_run_mark() { printf '\\n${MARK} %s\\n' "$*"; }`,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash's own ${…} (microseconds without the point)
    '__doc_run_ms() { local t=${EPOCHREALTIME/./}; echo $((t / 1000)); }',
  ];
  for (const [b, block] of blocks.entries()) {
    if (pageTurn && b > 0 && blocks[b - 1]?.file !== block.file) out.push(pageTurn);
    for (const [c, command] of block.commands.entries()) {
      const id = commandId(b, c);
      out.push(`__doc_run_mark begin ${id}; __doc_run_t=$(__doc_run_ms)`);
      out.push(rewrite(command.text));
      out.push(`__doc_run_mark end ${id} $? $(( $(__doc_run_ms) - __doc_run_t ))`);
    }
  }
  return `${out.join('\n')}\n`;
};

export interface Ran {
  readonly output: string;
  readonly status: number;
  readonly ms: number;
}

/** What each command of a script printed, its exit status and time, by `commandId`. */
export const readRun = (printed: string): Map<string, Ran> => {
  const ran = new Map<string, Ran>();
  const parts = printed.split(`\n${MARK} `);
  for (const [i, part] of parts.entries()) {
    const begin = /^begin (\S+)\n([\s\S]*)$/.exec(part);
    const end = /^end (\S+) (\d+) (-?\d+)/.exec(parts[i + 1] ?? '');
    if (!begin || !end || end[1] !== begin[1]) continue;
    ran.set(begin[1] ?? '', { output: begin[2] ?? '', status: Number(end[2]), ms: Number(end[3]) });
  }
  return ran;
};

/**
 * Ids, keys, secrets, hashes, times and durations, made the same whatever the run: an id the
 * doc shortens (`g_4f…`) reads as the full one does.
 */
const NORMAL: readonly (readonly [RegExp, string])[] = [
  [/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g, '<time>'],
  [/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/g, '<time>'],
  [/\barb\.p_[0-9a-f]+\.[\w-]+/g, '<api key>'],
  [/\bwhsec_(?:[A-Za-z0-9+/=]+…?|…)/g, 'whsec_<secret>'],
  [/\b(g|p|wh|msg)_(?:[0-9a-z]+…?|…)/g, '$1_<id>'],
  [/\b[0-9a-f]{64}\b/g, '<hash>'],
  [/\b\d+(?:\.\d+)? (s|ms)\b/g, '<n> $1'],
];

export const normalise = (text: string): string => NORMAL.reduce((t, [pattern, to]) => t.replace(pattern, to), text);

/** The JSON values of `text`, one after another (what jq or curl printed); null if it is not only JSON. */
export const jsonValues = (text: string): unknown[] | null => {
  const values: unknown[] = [];
  let rest = text.trim();
  while (rest !== '') {
    const end = valueEnd(rest);
    try {
      values.push(JSON.parse(rest.slice(0, end)));
    } catch {
      return null;
    }
    rest = rest.slice(end).trimStart();
  }
  return values;
};

/** Where the first JSON value of `text` ends: its closing bracket, or the first space after a scalar. */
const valueEnd = (text: string): number => {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') {
        inString = false;
        if (depth === 0) return i + 1;
      }
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
    } else if (depth === 0 && /\s/.test(c ?? '')) return i;
  }
  return text.length;
};

/** Shown and printed text as lines to compare: JSON made compact, one value a line, then normalised. */
const comparable = (text: string, asJson: boolean): string[] => {
  const values = asJson ? jsonValues(text) : null;
  const lines = values ? values.map((v) => JSON.stringify(v)) : text.replace(/\n+$/, '').split('\n');
  return lines.map((l) => normalise(l).trimEnd());
};

const pattern = (shown: readonly string[]): string =>
  shown
    .map((line) => (line === '…' ? '(?:[^\\n]*\\n)*?' : `${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('…', '[^\\n]*?')}\\n`))
    .join('');

/**
 * Whether `printed` is what the text `shows` (`whole`), or ends with it (`tail`: a plain block
 * after a shell block shows the end of what the block printed). JSON is compared compact.
 */
export const matches = (shown: readonly string[], printed: string, how: 'whole' | 'tail' = 'whole'): boolean => {
  const asJson = /^[[{]/.test(shown[0]?.trimStart() ?? '');
  const want = comparable(shown.join('\n'), asJson);
  const got = `${comparable(printed, asJson).join('\n')}\n`;
  const body = pattern(want);
  return new RegExp(how === 'whole' ? `^${body}$` : `^(?:[^]*\\n)?${body}$`).test(got);
};

/** What a comparison shows a person when it fails: both sides as compared. */
export const explainMismatch = (shown: readonly string[], printed: string): string => {
  const asJson = /^[[{]/.test(shown[0]?.trimStart() ?? '');
  return `the text shows:\n  ${comparable(shown.join('\n'), asJson).join('\n  ')}\nit printed:\n  ${comparable(printed, asJson).join('\n  ')}`;
};
