/**
 * The local stand-in for API Gateway: a node:http server that turns each request into
 * the HTTP API (payload v2) event Lambda would receive and calls the same handler.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

export type ApiHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

const MAX_BODY = 1024 * 1024;

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        fail(new Error('body too large'));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });

const toEvent = (req: IncomingMessage, body: string): APIGatewayProxyEventV2 => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]));
  const query = Object.fromEntries(url.searchParams.entries());
  const method = req.method ?? 'GET';
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    ...(Object.keys(query).length > 0 ? { queryStringParameters: query } : {}),
    ...(body === '' ? {} : { body }),
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
  };
};

const lambdaContext = (): Context =>
  ({ functionName: 'api', awsRequestId: randomUUID(), getRemainingTimeInMillis: () => 29_000 }) as unknown as Context;

const send = (res: ServerResponse, result: APIGatewayProxyStructuredResultV2): void => {
  res.writeHead(result.statusCode ?? 200, (result.headers ?? {}) as Record<string, string>);
  res.end(result.body ?? '');
};

export const startHttpServer = (handler: ApiHandler, port: number, host: string): Promise<Server> =>
  new Promise((done, fail) => {
    const server = createServer(async (req, res) => {
      try {
        const body = await readBody(req);
        send(res, await handler(toEvent(req, body), lambdaContext()));
      } catch (error) {
        res.writeHead(413, { 'content-type': 'application/problem+json' });
        res.end(JSON.stringify({ type: 'https://arbiter.dev/problems/too-large', title: 'Too large', status: 413, detail: String(error) }));
      }
    });
    server.once('error', fail);
    server.listen(port, host, () => done(server));
  });
