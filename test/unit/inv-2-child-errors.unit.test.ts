/**
 * INV-2: a child process of `npm start` (DynamoDB Local's JVM, its watchdog) and its pipes never
 * end the runtime with an unhandled 'error' event. Here a real child exits and the test writes
 * to its stdin: the pipe's EPIPE is reported on the line it is given. Without the listener the
 * error would end this test's worker, and the run would fail.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { listenForErrors } from '../../infra/local/dynamodb-local.ts';
import { eventually } from '../support/client.ts';

describe('INV-2 a child process error never ends the runtime', () => {
  it('INV-2 a write to the pipe of a child that closed its end is an EPIPE reported, not thrown', async () => {
    const lines: string[] = [];
    // The child closes its stdin at once, then lives a little: the parent's end of the pipe has no reader.
    const script = "require('fs').closeSync(0); process.stdout.write('closed'); setInterval(() => {}, 1000);";
    const child = listenForErrors(spawn(process.execPath, ['-e', script], { stdio: 'pipe' }), 'the test child', (line) => lines.push(line));
    await once(child.stdout as NodeJS.ReadableStream, 'data');
    // Far more than a pipe buffers, so the write reaches the closed end.
    child.stdin?.write('x'.repeat(1024 * 1024));
    const reported = await eventually(
      async () => [...lines],
      (seen) => seen.length > 0,
      5000,
    );
    child.kill();
    expect(
      reported.some((line) => /^the test child: write (EPIPE|ECONNRESET)/.test(line)),
      reported.join('; '),
    ).toBe(true);
  });

  it('INV-2 a program that cannot be started is reported, not thrown', async () => {
    const lines: string[] = [];
    const child = listenForErrors(spawn('/nonexistent/arbiter-no-such-program', [], { stdio: 'pipe' }), 'the missing child', (line) =>
      lines.push(line),
    );
    await new Promise((resolve) => child.on('close', resolve));
    expect(lines).toContainEqual(expect.stringMatching(/^the missing child: spawn \/nonexistent\/arbiter-no-such-program ENOENT/));
  });
});
