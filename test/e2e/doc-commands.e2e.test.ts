/**
 * DOC-2: every shell block of README.md and docs/ runs as written, against a real `npm start`
 * that every docs file shares (see `server`). The README's banner of an `npm start` with its own
 * DynamoDB Local is checked by test/e2e/npm-start.e2e.test.ts, which starts one anyway. Each
 * file runs its blocks in order in ONE bash process, so variables carry from block to block; a
 * page that goes on from the README's match (`<!-- doc-run: after README.md -->`) runs the
 * README's blocks first.
 * What each command printed and its exit status are checked against what the text shows
 * (test/support/doc-blocks.ts). Nothing leaves this machine: see SUBSTITUTIONS, the only
 * changes made to what a reader pastes.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type NpmStart, startNpmStart } from '../support/browser.ts';
import { eventually } from '../support/client.ts';
import { commandId, type DocFile, explainMismatch, matches, parseDoc, readRun, type ShellBlock, scriptFor } from '../support/doc-blocks.ts';
import { Receiver } from '../support/webhook-receiver.ts';

const root = join(import.meta.dirname, '..', '..');

/** README.md and every markdown file under docs/. */
const docPaths = (): string[] => [
  'README.md',
  ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f))
    .sort(),
];
const docs = new Map<string, DocFile>(docPaths().map((f) => [f, parseDoc(f, readFileSync(join(root, f), 'utf8'))]));

/**
 * The blocks a file runs: those of the files it goes on from (but the ones marked `once`, run
 * and checked where their own file runs), then its own, each unless skipped.
 */
const blocksOf = (file: string, goneOnFrom = false): ShellBlock[] => {
  const doc = docs.get(file);
  if (!doc) throw new Error(`${file} is not a docs file`);
  return [
    ...doc.after.flatMap((earlier) => blocksOf(earlier, true)),
    ...doc.shells.filter((b) => b.skip === null && !(goneOnFrom && b.once !== null)),
  ];
};
const runnable = [...docs.keys()].filter((f) => docs.get(f)?.shells.some((b) => b.skip === null));

/** Chat webhook URLs a reader pastes; the test's loopback receiver takes their place. */
const CHAT_WEBHOOK = /https:\/\/(?:discord\.com\/api\/webhooks|hooks\.slack\.com\/services)\/[^\s"']*/g;

/**
 * The only changes made to what a reader pastes, shown here: the address npm start listens on
 * (the docs show its default, :3000; the test's runtime takes a free port), and a Discord or
 * Slack webhook URL, which becomes the test's receiver on 127.0.0.1 (that runtime runs with
 * --allow-loopback-webhooks). Durations are not shortened: no block waits for a deadline. Beyond
 * these, `npx` of an installed bin skips npm's lookup outside the README (NPX_IN_CHECKOUT).
 */
const SUBSTITUTIONS = (url: string, receiver: string) => (text: string) =>
  text.replaceAll('http://127.0.0.1:3000', url).replace(CHAT_WEBHOOK, receiver);

/**
 * Where the blocks run: a fresh folder with the checkout's node_modules and test/ (so
 * `npx arbiter` and the reference logs are where a reader in the checkout finds them), and
 * `npm install -g` going to a prefix of its own, with no registry in reach.
 */
const workspace = () => {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-docs-'));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  symlinkSync(join(root, 'test'), join(dir, 'test'));
  const prefix = join(dir, '.npm-global');
  mkdirSync(join(prefix, 'bin'), { recursive: true });
  const env = {
    ...process.env,
    PATH: `${join(prefix, 'bin')}:${process.env.PATH ?? ''}`,
    npm_config_prefix: prefix,
    npm_config_registry: 'http://127.0.0.1:9/',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
  return { dir, env };
};

const bash = (script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<string> =>
  new Promise((done, fail) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 180_000 });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.once('error', fail);
    child.once('close', () => done(out));
  });

/** What a webhook's body says, as its channel shows it: Discord's backslash escapes are shown as the character. */
const channelText = (body: string): string => {
  const parsed = JSON.parse(body) as { content?: string; text?: string; data?: { text?: string } };
  return (parsed.content ?? parsed.text ?? parsed.data?.text ?? '').replace(/\\(.)/g, '$1');
};

/**
 * One npm start for every docs file, on fresh tables of its own on the storage tier's DynamoDB
 * Local (ARBITER_DYNAMODB_ENDPOINT): the same runtime, without a JVM, npm and tsx start per file
 * on a 2-core machine. The files do not see each other there: each runs the README's blocks
 * first (or is the README), so it registers its own players and makes its own games, and every
 * block reads only what its players may (their games, inboxes, webhooks, clubs); what they make
 * together stays far below npm start's default rate limits. It delivers webhooks to loopback, as
 * the files that subscribe one need: each file's receiver gets only its own subscriptions'
 * deliveries.
 */
let shared: Promise<NpmStart> | undefined;
const server = (): Promise<NpmStart> =>
  (shared ??= startNpmStart(['--allow-loopback-webhooks'], {
    ARBITER_DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    ARBITER_TABLE_PREFIX: `docs${randomBytes(4).toString('hex')}-`,
  }));
afterAll(async () => {
  await (await shared?.catch(() => undefined))?.stop();
});

/**
 * `npx <bin>` of a bin the checkout installed runs that bin, where npx itself would find it,
 * in every file but the README, whose own run keeps npx's real lookup (its `npx arbiter verify`
 * is the docs' first): npm's start-up before each of the pages' other `npx arbiter` lines
 * cost about 0.75 CPU-s, some 6 CPU-s a run (ARC-3). Anything else goes to the real npx.
 */
const NPX_IN_CHECKOUT =
  // biome-ignore lint/suspicious/noTemplateCurlyInString: bash's own ${…}
  'npx() { if [ -x "node_modules/.bin/$1" ]; then local bin=$1; shift; "node_modules/.bin/${bin}" "$@"; else command npx "$@"; fi; }\n';

/**
 * Where a page goes on from the README's match, the shell waits as a reader turning to it does:
 * the page's first lines read read models (an inbox, a webhook's deliveries) that the text says
 * may lag a command by a moment, and the README's last command was the moment before. Without
 * it, a run on a busy machine failed once in `docs/api.md`, whose first line reads Bob's inbox
 * right after the README's Deploy.
 */
const PAGE_TURN = 'sleep 1.5';

/** How long a webhook the text shows may take to arrive after the last block: a stream poll and a delivery, on a busy machine. */
const WEBHOOK_WAIT_MS = 10_000;

interface Outcome {
  readonly problems: string[];
  readonly slowest: string;
}

/** Runs one docs file's blocks against its npm start (serverFor); answers what does not hold. */
const runDoc = async (file: string): Promise<Outcome> => {
  const blocks = blocksOf(file);
  const doc = docs.get(file) as DocFile;
  const [npmStart, receiver] = await Promise.all([server(), Receiver.start()]);
  const { dir, env } = workspace();
  try {
    const script = (file === 'README.md' ? '' : NPX_IN_CHECKOUT) + scriptFor(blocks, SUBSTITUTIONS(npmStart.url, receiver.url), PAGE_TURN);
    // Nothing leaves this machine: a URL the substitutions missed fails here, before anything runs.
    const away = script.match(/\bhttps?:\/\/(?!127\.0\.0\.1[:/])[^\s"']+/g);
    if (away) return { problems: [`${file}: the blocks would reach beyond this machine: ${away.join(', ')}`], slowest: '' };
    const printed = await bash(script, dir, env);
    const ran = readRun(printed);
    const problems: string[] = [];
    let slowest = { ms: 0, where: '' };
    const outputOf = new Map<ShellBlock, string>();
    for (const [b, block] of blocks.entries()) {
      let all = '';
      for (const [c, command] of block.commands.entries()) {
        const where = `${block.file}:${command.line} \`${command.text.split('\n')[0]}\``;
        const result = ran.get(commandId(b, c));
        if (!result) {
          problems.push(`${where}: never finished; the shell printed:\n${printed.slice(-2000)}`);
          return { problems, slowest: slowest.where };
        }
        all += result.output;
        if (result.ms > slowest.ms) slowest = { ms: result.ms, where: `${where} (${result.ms} ms)` };
        if (result.status !== command.exit)
          problems.push(`${where}: exit ${result.status}, the text expects ${command.exit}; it printed:\n${result.output}`);
        if (command.shows.length > 0 && !matches(command.shows, result.output))
          problems.push(`${where}: ${explainMismatch(command.shows, result.output)}`);
      }
      outputOf.set(block, all);
    }
    for (const shown of doc.outputs) {
      const where = `${file}:${shown.line} (output ${shown.of})`;
      if (shown.of === 'block') {
        const block = doc.shells[shown.after];
        const printedByBlock = block ? outputOf.get(block) : undefined;
        if (printedByBlock === undefined) problems.push(`${where}: follows no block that ran`);
        else if (!matches(shown.lines, printedByBlock, 'tail')) problems.push(`${where}: ${explainMismatch(shown.lines, printedByBlock)}`);
      } else if (shown.of === 'npm-start') {
        // The banner of an npm start with a DynamoDB Local of its own: test/e2e/npm-start.e2e.test.ts checks it.
      } else {
        // Deliveries follow the stream, so the last may still be on its way when the blocks end.
        const heard = () => receiver.received.some((r) => matches(shown.lines, channelText(r.body)));
        await eventually(
          async () => heard(),
          (yes) => yes,
          WEBHOOK_WAIT_MS,
        ).catch(() => undefined);
        const texts = receiver.received.map((r) => channelText(r.body));
        if (!heard()) problems.push(`${where}: no webhook the receiver got reads so; it got:\n${texts.join('\n--\n')}`);
      }
    }
    return { problems, slowest: slowest.where };
  } finally {
    await receiver.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

beforeAll(() => {
  const missing = ['curl', 'jq'].filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
  if (missing.length > 0)
    throw new Error(
      `The docs' walkthroughs need ${missing.join(' and ')}: install ${missing.join(' and ')} (apt-get install curl jq; .ci/run does).`,
    );
});

describe('DOC-2 every shell block of the docs parses', () => {
  it('DOC-2 bash -n accepts every shell block, run or skipped', () => {
    const failing: string[] = [];
    for (const doc of docs.values())
      for (const block of doc.shells) {
        const checked = spawnSync('bash', ['-n'], { input: block.source, encoding: 'utf8' });
        if (checked.status !== 0) failing.push(`${block.file}:${block.line}: ${checked.stderr.trim()}`);
      }
    expect(failing).toEqual([]);
  });
});

describe('DOC-2 every docs file runs as written against a real npm start', () => {
  it.concurrent.each(runnable)(
    'DOC-2 %s: each command exits as the text says and prints what it shows',
    async (file) => {
      const { problems, slowest } = await runDoc(file);
      expect(problems, `slowest command: ${slowest}`).toEqual([]);
    },
    240_000,
  );
});
