/**
 * DOC-1: the README is what a newcomer reads first, in about five minutes: what Arbiter is,
 * the two set-up commands with what they print, one curl match, and a table of contents into
 * docs/ for everything else. Every relative link in it and in docs/ leads somewhere.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

const markdownUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownUnder(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replaceAll(' ', '-');
const anchorsOf = (text: string) => new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => anchorOf(heading ?? '')));

/** Links outside code blocks: `[text](target)`. */
const linksOf = (text: string) => [...text.replace(/```[\s\S]*?```/g, '').matchAll(/\]\(([^)\s]+)\)/g)].map(([, target]) => target ?? '');

describe('DOC-1 the README', () => {
  it('DOC-1 is at most 200 lines: what Arbiter is, the set-up commands with their output and times, prerequisites, one curl match and a table of contents', () => {
    expect(README.split('\n').length).toBeLessThanOrEqual(200);
    expect(README).toMatch(/^# Arbiter\n\nArbiter referees remote and play-by-mail wargames/);
    expect(README).toMatch(/!\[[^\]]+\]\(docs\/screenshots\/[\w-]+\.png\)/);
    expect(README).toContain('npm ci ');
    expect(README).toContain('npm start ');
    expect(README).toContain('Arbiter: listening on http://127.0.0.1:3000');
    expect(README).toMatch(/`npm test` runs\s+every check and test; it takes about \d+½? minutes on 2 cores/);
    for (const needed of ['Node.js', 'Java', 'curl and jq']) expect(README).toContain(needed);
    expect(README).toContain('curl -s -XPOST $B/players');
    const contents = README.slice(README.indexOf('## Where to go next'));
    for (const page of ['api', 'play-by-mail', 'disputes', 'aws', 'reliability', 'performance', 'design', 'running', 'development']) {
      expect(contents, page).toContain(`](docs/${page}.md)`);
    }
    expect(contents).toContain('](docs/rules/README.md)');
  });

  it('DOC-1 every relative link in README.md and docs/ leads to a file that exists, and to a heading there when it names one', () => {
    const files = [join(ROOT, 'README.md'), ...markdownUnder(join(ROOT, 'docs'))];
    const broken = files.flatMap((file) =>
      linksOf(readFileSync(file, 'utf8'))
        .filter((target) => !/^(https?:|mailto:)/.test(target))
        .flatMap((target) => {
          const [path = '', anchor] = target.split('#');
          const to = path === '' ? file : join(dirname(file), path);
          if (!existsSync(to)) return [`${relative(ROOT, file)}: ${target} (no such file)`];
          if (anchor && to.endsWith('.md') && !anchorsOf(readFileSync(to, 'utf8')).has(anchor)) {
            return [`${relative(ROOT, file)}: ${target} (no such heading)`];
          }
          return [];
        }),
    );
    expect(broken).toEqual([]);
  });
});
