/**
 * DOC-2: how the docs' shell blocks are read, run and compared (test/support/doc-blocks.ts),
 * and that every block of README.md and docs/ is either run by test/e2e/doc-commands or
 * marked with the reason it is not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandId, DocError, jsonValues, matches, normalise, parseDoc, readRun, scriptFor, splitCommands } from '../support/doc-blocks.ts';

const root = join(import.meta.dirname, '..', '..');
const FENCE = '```';
const md = (...lines: string[]) => lines.join('\n');

describe('DOC-2 reading a markdown file', () => {
  it('DOC-2 a shell block runs unless the line before it skips it with a reason; other blocks are not shell blocks', () => {
    const doc = parseDoc(
      'x.md',
      md(
        `${FENCE}sh`,
        'echo one',
        FENCE,
        '<!-- doc-run: skip (deploys to AWS) -->',
        `${FENCE}bash`,
        'npx cdk deploy',
        FENCE,
        `${FENCE}ts`,
        'const a = 1;',
        FENCE,
      ),
    );
    expect(doc.shells.map((b) => [b.line, b.skip, b.commands.map((c) => c.text)])).toEqual([
      [1, null, ['echo one']],
      [5, 'deploys to AWS', ['npx cdk deploy']],
    ]);
  });

  it('DOC-2 a block marked once runs in its own file, with its reason; a once without a reason is refused', () => {
    const doc = parseDoc(
      'x.md',
      md('<!-- doc-run: once (only checks) -->', `${FENCE}sh`, 'npx arbiter verify game.ndjson', FENCE, `${FENCE}sh`, 'ls', FENCE),
    );
    expect(doc.shells.map((b) => [b.line, b.skip, b.once])).toEqual([
      [2, null, 'only checks'],
      [5, null, null],
    ]);
    expect(() => parseDoc('x.md', md('<!-- doc-run: once -->', `${FENCE}sh`, 'ls', FENCE))).toThrow(
      'x.md:1: "doc-run: once" is not a marker',
    );
    expect(() => parseDoc('x.md', md('<!-- doc-run: once (why) -->', `${FENCE}text`, 'hi', FENCE))).toThrow(
      'x.md:2: only a shell block is skipped or run once',
    );
  });

  it('DOC-2 a skip without its reason, a marker away from a fence, or an unknown marker is refused with its line', () => {
    expect(() => parseDoc('x.md', md('<!-- doc-run: skip -->', `${FENCE}sh`, 'ls', FENCE))).toThrow(
      'x.md:1: "doc-run: skip" is not a marker',
    );
    expect(() => parseDoc('x.md', md('<!-- doc-run: skip (why) -->', 'prose', `${FENCE}sh`, 'ls', FENCE))).toThrow(
      'x.md:1: a doc-run marker must be the line before a fence',
    );
    expect(() => parseDoc('x.md', md('<!-- doc-run: maybe -->', `${FENCE}sh`, 'ls', FENCE))).toThrow(DocError);
    expect(() => parseDoc('x.md', md('<!-- doc-run: skip (why) -->', `${FENCE}text`, 'hi', FENCE))).toThrow(
      'x.md:2: only a shell block is skipped',
    );
  });

  it('DOC-2 "after FILE" anywhere runs that file first; an output marker ties a plain block to the shell block before it', () => {
    const doc = parseDoc(
      'x.md',
      md(
        '<!-- doc-run: after README.md -->',
        `${FENCE}sh`,
        'ls',
        FENCE,
        '<!-- doc-run: output -->',
        FENCE,
        'a',
        FENCE,
        '<!-- doc-run: output webhook -->',
        `${FENCE}text`,
        'b',
        FENCE,
      ),
    );
    expect(doc.after).toEqual(['README.md']);
    expect(doc.outputs.map((o) => [o.line, o.of, o.after, o.lines])).toEqual([
      [6, 'block', 0, ['a']],
      [10, 'webhook', 0, ['b']],
    ]);
  });

  it('DOC-2 a console block is $ commands, each followed by what it prints', () => {
    const doc = parseDoc('x.md', md(`${FENCE}console`, '$ echo hi', 'hi', '$ false', FENCE));
    expect(doc.shells[0]?.commands.map((c) => [c.line, c.text, c.shows])).toEqual([
      [2, 'echo hi', ['hi']],
      [4, 'false', []],
    ]);
  });
});

describe('DOC-2 splitting a block into the commands a reader pastes', () => {
  it("DOC-2 a command goes on past \\, a trailing pipe and a quote left open, and a comment's apostrophe opens nothing", () => {
    const commands = splitCommands(
      md(
        '# Register.',
        'A=$(curl -s -XPOST $B/players \\',
        '  -d \'{"name":"Ann"}\' | jq -r .apiKey)',
        "curl -s $B -d '{",
        '  "kinds": ["a"]}\' |',
        '  jq .',
        "echo ok   # Bob's own",
        'c() { curl -s "$1" -d "{\\"a\\":$2}"; }',
      ),
      10,
    );
    expect(commands.map((c) => [c.line, c.text.split('\n').length])).toEqual([
      [11, 2],
      [13, 3],
      [16, 1],
      [17, 1],
    ]);
  });

  it('DOC-2 "# =>" lines after a command are what it prints, "# => [exit N]" its exit status', () => {
    const [first, second] = splitCommands(
      md('npx arbiter verify game.ndjson', '# => PASS', '# => …', '# => [exit 3]', 'echo 6', '# => 6'),
      1,
    );
    expect([first?.shows, first?.exit, second?.shows, second?.exit]).toEqual([['PASS', '…'], 3, ['6'], 0]);
  });

  it('DOC-2 "# =>" after no command, or a quote never closed, is refused', () => {
    expect(() => splitCommands(md('# => 6'), 1, 'x.md:1')).toThrow('x.md:1, line 1: "# =>" follows no command');
    expect(() => splitCommands(md("curl -d '{", '}'), 1, 'x.md:1')).toThrow("x.md:1: a command is not finished (an open ')");
  });
});

describe('DOC-2 one script for a file, and what each command printed', () => {
  const blocks = parseDoc(
    'x.md',
    md(`${FENCE}sh`, 'B=http://127.0.0.1:3000', 'curl -s $B/x', FENCE, `${FENCE}sh`, 'echo "$B"', FENCE),
  ).shells;

  it('DOC-2 every command of every block runs in one script, between marks, with the substitutions made', () => {
    const script = scriptFor(blocks, (t) => t.replace('http://127.0.0.1:3000', 'http://127.0.0.1:4123'));
    expect(script).toContain('B=http://127.0.0.1:4123\n');
    expect(script.match(/__doc_run_mark begin (\S+);/g)).toEqual([
      '__doc_run_mark begin 0.0;',
      '__doc_run_mark begin 0.1;',
      '__doc_run_mark begin 1.0;',
    ]);
    expect(script.indexOf('echo "$B"')).toBeGreaterThan(script.indexOf('curl -s $B/x'));
  });

  it('DOC-2 the page turn runs where the blocks go on from one file to the next, and only there', () => {
    const next = parseDoc('y.md', md(`${FENCE}sh`, 'echo next', FENCE)).shells;
    const script = scriptFor([...blocks, ...next], (t) => t, 'sleep 1.5');
    expect(script.split('\n').filter((line) => line === 'sleep 1.5')).toHaveLength(1);
    expect(script.indexOf('sleep 1.5')).toBeGreaterThan(script.indexOf('echo "$B"'));
    expect(script.indexOf('sleep 1.5')).toBeLessThan(script.indexOf('echo next'));
    expect(scriptFor(blocks, (t) => t, 'sleep 1.5')).not.toContain('sleep');
  });

  it('DOC-2 the marks give each command its output, exit status and time', () => {
    const printed = [
      '',
      '\u001edoc-run begin 0.0',
      '{"a":1}',
      '\u001edoc-run end 0.0 0 12',
      '\u001edoc-run begin 1.0',
      '',
      '\u001edoc-run end 1.0 7 3',
      '',
    ].join('\n');
    expect(Object.fromEntries(readRun(printed))).toEqual({
      [commandId(0, 0)]: { output: '{"a":1}', status: 0, ms: 12 },
      [commandId(1, 0)]: { output: '', status: 7, ms: 3 },
    });
  });
});

describe('DOC-2 comparing what was printed with what the text shows', () => {
  it('DOC-2 ids, keys, secrets, hashes, times and durations read the same whatever the run', () => {
    expect(
      normalise(
        'g_4ee65a8e4de60dc954db p_d5588ffdc7eceae428ab wh_5fee234baa11d46fda88 msg_ed84a6cf3c84a9c2fc37136277f49b94 arb.p_d5588ffdc7eceae428ab.kWtvLl5br9-Ut1TIhtk whsec_5dDO2x+cE0/B= 7f83b96b3dc4a9e93c70ace58dfbeab6a99e821d55fd6afb203f79df61bdc827 2026-12-01T20:39:17.196Z 2025-03-03 10:00 UTC up after 11.5 s',
      ),
    ).toBe('g_<id> p_<id> wh_<id> msg_<id> <api key> whsec_<secret> <hash> <time> <time> up after <n> s');
    expect(normalise('game g_4f… and whsec_…')).toBe('game g_<id> and whsec_<secret>');
  });

  it('DOC-2 JSON is compared compact: one line the text shows matches what jq prints over many', () => {
    const printed =
      '{\n  "status": "playing",\n  "version": 6,\n  "step": {\n    "key": "deploy-red",\n    "openedAt": "2026-12-01T20:39:17.196Z"\n  }\n}\n';
    expect(matches(['{"status":"playing","version":6,"step":{"key":"deploy-red","openedAt":"…"}}'], printed)).toBe(true);
    expect(matches(['{"status":"playing","version":7,"step":{"key":"deploy-red","openedAt":"…"}}'], printed)).toBe(false);
    expect(matches(['{"status":"playing",', ' "version":6,"step":{"key":"deploy-red","openedAt":"…"}}'], printed)).toBe(true);
  });

  it('DOC-2 … matches anything within a line, a line of … any lines; the whole output must match unless a tail is asked', () => {
    const printed =
      'g_4ee65a8e4de60dc954db: post-galactica pg-0.7.0, 8 events, playing\nPASS  hash chain\nPENDING  seed\nverdict: pending\n';
    expect(matches(['g_…: post-galactica …, 8 events, playing', '…', 'verdict: pending'], printed)).toBe(true);
    expect(matches(['g_…: post-galactica …, 9 events, playing', '…', 'verdict: pending'], printed)).toBe(false);
    expect(matches(['PENDING  seed', 'verdict: pending'], printed)).toBe(false);
    expect(matches(['PENDING  seed', 'verdict: pending'], printed, 'tail')).toBe(true);
    expect(matches(['PASS  hash chain'], printed, 'tail')).toBe(false);
  });

  it('DOC-2 what jq prints one value after another is read as JSON values; anything else is not', () => {
    expect(jsonValues('"red"\n{\n  "a": [1, 2]\n}\n6\n')).toEqual(['red', { a: [1, 2] }, 6]);
    expect(jsonValues('red won the roll-off')).toBeNull();
  });
});

/** README.md and every markdown file under docs/, as the docs test reads them. */
const docPaths = [
  'README.md',
  ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f)),
];
const docs = docPaths.map((f) => parseDoc(f, readFileSync(join(root, f), 'utf8')));

describe("DOC-2 the repo's docs", () => {
  it('DOC-2 every shell block is run by test/e2e/doc-commands, or skipped for one of these reasons', () => {
    const skipped = docs.flatMap((d) => d.shells.filter((b) => b.skip !== null).map((b) => `${b.file}: ${b.skip}`));
    expect(skipped).toEqual([
      'README.md: installs, then starts the service; the docs test starts npm start itself',
      'docs/aws.md: deploys to AWS: needs an account and credentials',
      "docs/aws.md: operates a deployed stack, or a stopped npm start's data folder; test/e2e/redrive.e2e.test.ts runs the local redrive",
      "docs/aws.md: restores a deployed stack's tables: needs an account and credentials",
      "docs/aws.md: backs up and restores npm start's data folder; test/e2e/ops-5-backup.e2e.test.ts runs both",
      'docs/tournaments.md: an outline with placeholders; test/service/tournaments.service.test.ts plays it through the API',
    ]);
    // Run where its own file runs, and not again before a file that goes on from it.
    const once = docs.flatMap((d) => d.shells.filter((b) => b.once !== null).map((b) => `${b.file}:${b.line}: ${b.once}`));
    expect(once).toEqual([
      'README.md:116: it only checks the log: a page that goes on from the README need not check it again',
      'README.md:130: a match of its own: no page that goes on from the README uses it',
    ]);
    const run = docs.filter((d) => d.shells.some((b) => b.skip === null)).map((d) => d.file);
    expect(run.sort()).toEqual(['README.md', 'docs/api.md', 'docs/clubs.md', 'docs/disputes.md', 'docs/play-by-mail.md']);
  });

  it('DOC-2 no command hides in a plain block, where nothing would run it', () => {
    const hidden: string[] = [];
    for (const file of docPaths) {
      const text = readFileSync(join(root, file), 'utf8').split('\n');
      let lang: string | null = null;
      for (const [n, line] of text.entries()) {
        const fence = /^\s*```\s*(\S*)/.exec(line);
        if (fence) lang = lang === null ? (fence[1] ?? '') : null;
        else if ((lang === '' || lang === 'text') && /^\s*(\$ |curl |npm |npx |arbiter |jq |[A-Z]+=)/.test(line))
          hidden.push(`${file}:${n + 1}: ${line.trim()}`);
      }
    }
    expect(hidden).toEqual([]);
  });

  it('DOC-2 each "after" names a docs file with shell blocks, and the JSON the text shows is JSON', () => {
    const files = new Map(docs.map((d) => [d.file, d]));
    for (const doc of docs)
      for (const after of doc.after) expect(files.get(after)?.shells.length, `${doc.file}: after ${after}`).toBeGreaterThan(0);
    for (const doc of docs)
      for (const block of doc.shells)
        for (const command of block.commands)
          if (/^[[{]/.test(command.shows[0] ?? ''))
            expect(jsonValues(command.shows.join('\n')), `${block.file}:${command.line}`).not.toBeNull();
  });
});
