/**
 * `npm run lint:openapi` (part of `npm test`): Redocly's recommended rules over the document
 * `/openapi.json` serves. Exits with Redocly's code.
 *
 * Quiet by design (DOC-5): telemetry and the update notice are off by Redocly's documented
 * variables. Under Node 20 Redocly CLI 2.x also prints a boxed "Node.js 20 reached end-of-life"
 * notice on every run, with no variable or option to turn it off (the CLI checks the Node major
 * and prints, unconditionally); CI runs Node 20 (README, "Prerequisites"), so that box, and only
 * that box, is dropped from what Redocly prints. Should Redocly reword it, it shows again, and
 * the DOC-5 test of this script fails.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Redocly's own switches for what it would otherwise print or send (redocly.com/docs/cli/usage-data). */
export const REDOCLY_ENV = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } as const;

/**
 * `--skip-rule=info-license`: the recommended rules ask `info` for a license, and Arbiter
 * publishes none (package.json is private), so there is nothing true to put there.
 */
export const REDOCLY_ARGS = ['lint', '--extends=recommended', '--lint-config=off', '--skip-rule=info-license'] as const;

/**
 * `text` without Redocly's boxed Node 20 end-of-life notice (from a ╔ line to its ╚ line,
 * mentioning Node.js 20) and the blank lines around it; anything else, other boxes included, is kept.
 */
export const withoutNode20Notice = (text: string): string => {
  const lines = text.split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    const bottom = line.includes('╔') ? lines.findIndex((other, j) => j > i && other.includes('╚')) : -1;
    if (bottom > i && lines.slice(i, bottom).some((inside) => inside.includes('Node.js 20 '))) {
      while (kept.length > 0 && kept.at(-1)?.trim() === '') kept.pop();
      i = bottom;
      while (i + 2 < lines.length && lines[i + 1]?.trim() === '') i += 1;
      continue;
    }
    kept.push(line);
  }
  return kept.join('\n');
};

const lint = async (): Promise<number> => {
  const { openApiDocument } = await import('../functions/docs/http/openapi.ts');
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-openapi-'));
  try {
    // Redocly names the file it lints as a path relative to its working folder: a bare name.
    writeFileSync(join(dir, 'arbiter-openapi.json'), `${JSON.stringify(openApiDocument(), null, 2)}\n`);
    const cli = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
    const child = spawn(process.execPath, [cli, ...REDOCLY_ARGS, 'arbiter-openapi.json'], {
      cwd: dir,
      // Piped, Redocly would print without colour; it keeps it when this script's stderr is a terminal.
      env: { ...process.env, ...REDOCLY_ENV, ...(process.stderr.isTTY ? { FORCE_COLOR: '1' } : {}) },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    // Redocly prints its report on stderr; it is short, so it is held until Redocly ends.
    let report = '';
    child.stderr.on('data', (chunk: Buffer) => (report += chunk.toString()));
    const code = await new Promise<number>((done) => child.once('close', (exit) => done(exit ?? 1)));
    process.stderr.write(withoutNode20Notice(report));
    return code;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await lint();
