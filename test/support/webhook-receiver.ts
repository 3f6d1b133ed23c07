/**
 * A webhook receiver for tests: a node:http server on 127.0.0.1 only (tests never send
 * traffic anywhere else), recording every request, answering with a status chosen per
 * webhook-id and attempt, or not at all.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  readonly headers: Record<string, string>;
  readonly body: string;
  /** 1 for the first request carrying this webhook-id, 2 for the second, … */
  readonly attempt: number;
}

/** The status to answer the n-th request of one webhook-id with; 'hang' never answers. */
export type Responder = (attempt: number, request: Received) => number | 'hang';

export class Receiver {
  readonly received: Received[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(respond: Responder = () => 204, handler?: (req: IncomingMessage, res: ServerResponse) => void): Promise<Receiver> {
    let receiver: Receiver | undefined;
    const server = createServer((req, res) => {
      if (handler) return handler(req, res);
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        const id = headers['webhook-id'];
        const attempt = (receiver?.received.filter((r) => r.headers['webhook-id'] === id).length ?? 0) + 1;
        const request = { headers, body: Buffer.concat(chunks).toString('utf8'), attempt };
        receiver?.received.push(request);
        const status = respond(attempt, request);
        if (status === 'hang') return;
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(status >= 400 ? `receiver says ${status}` : '');
      });
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    const { port } = server.address() as AddressInfo;
    receiver = new Receiver(server, `http://127.0.0.1:${port}/hooks/arbiter`);
    return receiver;
  }

  /** Requests with this webhook-id, in order. */
  byId(id: string): Received[] {
    return this.received.filter((r) => r.headers['webhook-id'] === id);
  }

  close(): Promise<void> {
    return new Promise((done) => {
      this.server.close(() => done());
      this.server.closeAllConnections();
    });
  }
}

/** A port on 127.0.0.1 that nothing listens on (a refused connection). */
export const closedPort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
};
