/**
 * REL-14: DynamoDB Local counts as started only once its own JVM listens on the port. A port
 * found free can be taken by another program before the JVM binds it; a connection alone then
 * reached that program, and a runtime's tables went to a test's HTTP server (crash.e2e failed
 * so, once). Only the port given is checked here: a port chosen by `freePort` is tried again on
 * another, which no test can make another program take on cue.
 */
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { PortTaken, startDynamoLocal } from '../../infra/local/dynamodb-local.ts';

describe('REL-14 DynamoDB Local on a port another program holds', () => {
  it('REL-14 is refused as a port taken, and nothing is sent to the program that holds it', async () => {
    const requests: string[] = [];
    const squatter = createServer((request, response) => {
      requests.push(`${request.method} ${request.url}`);
      response.writeHead(404).end();
    });
    await new Promise<void>((listening) => squatter.listen(0, '127.0.0.1', () => listening()));
    const { port } = squatter.address() as { port: number };
    try {
      const started = startDynamoLocal({ port, dataDir: null });
      await expect(started).rejects.toBeInstanceOf(PortTaken);
      await expect(started).rejects.toThrow(`port ${port} was taken by another program before DynamoDB Local could listen on it`);
      expect(requests).toEqual([]);
    } finally {
      squatter.close();
    }
  }, 60_000);
});
