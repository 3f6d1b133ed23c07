/**
 * The local stand-in for API Gateway: a node:http server that turns each request into
 * the HTTP API (payload v2) event Lambda would receive and calls the same handler.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { type CorsPolicy, corsHeadersFor, corsPolicyFromEnv } from '../../functions/http/cors.ts';
import { bodyTooLarge, MAX_BODY_BYTES } from '../../functions/http/input-guard.ts';
import { problemResponse } from '../../functions/http/respond.ts';
import type { ClientContext } from '../../functions/http/router.ts';
import { Problem } from '../../functions/kernel/problems.ts';
import { metricsResponse } from './metrics-route.ts';

export type ApiHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * Like API Gateway, the stand-in hands the handler bodies far over the API's own limit
 * (the handler enforces MAX_BODY_BYTES, the same on AWS and here), up to this much.
 */
const PASS_LIMIT = Math.max(MAX_BODY_BYTES, 1024 * 1024);
/**
 * Past PASS_LIMIT the rest of an upload is read and dropped, so the client can read the
 * 413 instead of a reset connection (REL-7); past this much more, the socket is closed.
 */
const DISCARD_LIMIT = 16 * 1024 * 1024;

/**
 * Keep-alive (REL-10): clients reuse idle connections for up to about a minute (browsers,
 * curl, Node's fetch with a server hint). The server keeps them longer than any of them,
 * and announces it, so a client never writes to a socket the server has just closed.
 * Node requires the header timeout to exceed the keep-alive timeout.
 */
export const KEEP_ALIVE_MS = 75_000;
const HEADERS_MARGIN_MS = 5_000;

type Body = { readonly text: string } | { readonly tooLarge: number };

const readBody = (req: IncomingMessage): Promise<Body> =>
  new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= PASS_LIMIT) chunks.push(chunk);
      else if (size > DISCARD_LIMIT) done({ tooLarge: size });
    });
    req.on('end', () => done(size > PASS_LIMIT ? { tooLarge: size } : { text: Buffer.concat(chunks).toString('utf8') }));
    req.on('error', fail);
  });

/**
 * The payload v2 event API Gateway would send. `domainName` is the address this server listens
 * on, as API Gateway's is the API's own host; the scheme goes in x-forwarded-proto as there.
 */
const toEvent = (req: IncomingMessage, body: string, requestId: string, domainName: string): APIGatewayProxyEventV2 => {
  // Split by hand: a request target such as "//x" is a path here, never a URL with a host.
  const target = req.url ?? '/';
  const mark = target.indexOf('?');
  const url = { pathname: mark < 0 ? target : target.slice(0, mark), search: mark < 0 ? '' : target.slice(mark) };
  const searchParams = new URLSearchParams(url.search);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')])),
    'x-forwarded-proto': 'http',
  };
  const query = Object.fromEntries(searchParams.entries());
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
      domainName,
      domainPrefix: 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: '$default',
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
  };
};

/** Lambda's context, plus the client's disconnect, which Lambda never hears of (REL-23: a wait stops on it). */
const lambdaContext = (clientGone: AbortSignal): Context & ClientContext =>
  ({ functionName: 'api', awsRequestId: randomUUID(), getRemainingTimeInMillis: () => 29_000, clientGone }) as unknown as Context &
    ClientContext;

const send = (res: ServerResponse, result: APIGatewayProxyStructuredResultV2, extra: Record<string, string> = {}): void => {
  // The client left before its answer (a wait it gave up on): there is nobody to write to.
  if (res.destroyed) return;
  res.writeHead(result.statusCode ?? 200, { ...(result.headers as Record<string, string> | undefined), ...extra });
  // A binary body (the CLI's package) comes base64-encoded, as Lambda hands it to API Gateway.
  res.end(result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? ''));
};

export interface HttpServerOptions {
  readonly port: number;
  readonly host: string;
  /** Where a failure outside the handler is logged, as one JSON line. */
  readonly log?: (entry: Readonly<Record<string, unknown>>) => void;
  /**
   * For the answers the stand-in gives itself (an oversize body), as the handler's CORS
   * middleware gives every other: ARBITER_CORS_ORIGINS, else pages on this machine.
   */
  readonly cors?: CorsPolicy;
  /** The viewer's files (functions/web/assets.ts), answered before the API sees the request. */
  readonly web?: (path: string) => APIGatewayProxyStructuredResultV2 | null;
  /** How long an idle connection is kept (KEEP_ALIVE_MS); a test shortens it to see it honoured quickly. */
  readonly keepAliveMs?: number;
  /** OPS-3: the body of `GET /metrics` (metrics-route.ts), answered to a caller on this machine only; no route without it. */
  readonly metrics?: () => string;
}

/** What the stand-in answers bytes that are not HTTP at all (API Gateway never passes such a request on). */
export const malformedRequest = (): Problem =>
  new Problem(400, 'malformed-request', 'Malformed HTTP request', 'The request is not valid HTTP/1.1; nothing was read from it.');

/** `host:port` of the address the server listens on (an IPv6 address in brackets), as in its URL. */
const listeningOn = (server: Server, host: string): string => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
};

export const startHttpServer = (handler: ApiHandler, options: HttpServerOptions): Promise<Server> =>
  new Promise((done, fail) => {
    const log = options.log ?? ((entry) => console.error(JSON.stringify(entry)));
    const cors = options.cors ?? corsPolicyFromEnv(process.env);
    const server = createServer(async (req, res) => {
      const requestId = randomUUID();
      const gone = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) gone.abort();
      });
      try {
        if (options.metrics && req.method === 'GET' && (req.url ?? '').split('?')[0] === '/metrics') {
          send(res, metricsResponse(req.socket.remoteAddress, options.metrics), { 'x-request-id': requestId });
          return;
        }
        const page = req.method === 'GET' || req.method === 'HEAD' ? options.web?.((req.url ?? '/').split('?')[0] ?? '/') : null;
        if (page) {
          send(res, req.method === 'HEAD' ? { ...page, body: '' } : page);
          return;
        }
        const body = await readBody(req);
        if ('tooLarge' in body) {
          // Say so, then close: the rest of an oversize upload is not worth the connection.
          send(res, problemResponse(bodyTooLarge(body.tooLarge > DISCARD_LIMIT ? null : body.tooLarge)), {
            ...corsHeadersFor(cors, typeof req.headers.origin === 'string' ? req.headers.origin : undefined),
            connection: 'close',
            'x-request-id': requestId,
          });
          return;
        }
        send(res, await handler(toEvent(req, body.text, requestId, listeningOn(server, options.host)), lambdaContext(gone.signal)));
      } catch (error) {
        // The handler answers its own errors; this is a failure of the stand-in itself (REL-9).
        log({ level: 'error', msg: 'local http server error', requestId, stack: error instanceof Error ? error.stack : String(error) });
        if (res.headersSent) {
          res.destroy();
          return;
        }
        send(
          res,
          problemResponse(
            new Problem(500, 'internal', 'Internal error', `Something went wrong on our side; quote request id ${requestId}.`, {
              requestId,
            }),
          ),
          { 'x-request-id': requestId },
        );
      }
    });
    // Bytes that are not HTTP at all: Node would answer a bare 400; answer it as problem+json too.
    server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
      if (error.code === 'ECONNRESET' || !socket.writable) {
        socket.destroy();
        return;
      }
      const problem = problemResponse(malformedRequest());
      const body = String(problem.body);
      socket.end(
        `HTTP/1.1 400 Bad Request\r\ncontent-type: application/problem+json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    });
    server.keepAliveTimeout = options.keepAliveMs ?? KEEP_ALIVE_MS;
    // Node requires headersTimeout above keepAliveTimeout, or a reused socket can be cut mid-request.
    server.headersTimeout = server.keepAliveTimeout + HEADERS_MARGIN_MS;
    server.once('error', fail);
    server.listen(options.port, options.host, () => done(server));
  });
