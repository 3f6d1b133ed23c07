/**
 * An HTTP function (API Gateway HTTP API, payload v2) around a router: middy normalizes
 * headers, logs one JSON line per request, adds the CORS headers and turns every error into
 * application/problem+json. The API (api.ts) and the documentation (docs.ts) functions are
 * each one of these; the local runtime serves every route from one (`makeApi`, every-route.ts).
 */
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { Problem } from '../kernel/problems.ts';
import { commandIdIn } from './command-id.ts';
import { type CorsPolicy, corsHeaders, corsPolicyFromEnv, isPreflight, preflightResponse } from './cors.ts';
import { problemResponse } from './respond.ts';
import type { ClientContext, Response, Router } from './router.ts';

type Correlate = (event: APIGatewayProxyEventV2) => ReturnType<typeof correlation>;

/** One structured log line; Lambda's JSON log format and the local runtime both print it as one line. */
export type LogLine = (entry: Readonly<Record<string, unknown>>) => void;

export const consoleLog: LogLine = (entry) => {
  const line = JSON.stringify(entry);
  if (entry.level === 'error') console.error(line);
  else console.log(line);
};

const requestIdOf = (event: APIGatewayProxyEventV2): string => event.requestContext?.requestId ?? 'unknown';

/**
 * OPS-3: what ties each line to the rest of a request's story: API Gateway's request id, the
 * game the path names and the command id its body names (null when none), and whether this
 * handler had served nothing before (a cold start on Lambda: one handler per container).
 */
const correlation = (event: APIGatewayProxyEventV2, coldStart: boolean) => {
  const gameId = /^\/?games\/([^/]+)/.exec(event.rawPath ?? '')?.[1] ?? null;
  const body = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString() : event.body;
  return { requestId: requestIdOf(event), gameId, commandId: (gameId && commandIdIn(body)) ?? null, coldStart };
};

/**
 * Every failure leaves as problem+json. An unexpected one is a 500 that carries the
 * request id and nothing else of ours; its stack goes to the log under the same id (REL-9).
 */
const problemErrors = (log: LogLine, ids: Correlate): middy.MiddlewareObj<APIGatewayProxyEventV2, Response> => ({
  onError: async (request) => {
    const error = request.error;
    if (error instanceof Problem) {
      request.response = problemResponse(error);
      return;
    }
    const requestId = requestIdOf(request.event);
    if (error instanceof Error && error.name === 'TimeoutError') {
      // INV-9: the request ran out of time (middy stops it just before Lambda would). What it
      // sent may have been recorded or not, so it is no "nothing was written" 500, and no bug:
      // the same commandId sent again answers with the first result, or decides it now.
      log({ level: 'warn', msg: 'timed out', ...ids(request.event) });
      request.response = problemResponse(
        new Problem(
          503,
          'timed-out',
          'Timed out',
          `Arbiter took too long to answer and stopped; what you sent may or may not have been recorded. Send it again with the same commandId or requestId: one already recorded answers with its first result, one that was not is decided now. Quote request id ${requestId} if it happens again.`,
          { requestId, retryAfter: 1 },
        ),
      );
      return;
    }
    log({
      level: 'error',
      msg: 'unhandled error',
      ...ids(request.event),
      error: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    });
    request.response = problemResponse(
      new Problem(
        500,
        'internal',
        'Internal error',
        `Something went wrong on our side; nothing was written. Please retry, and quote request id ${requestId} if it happens again.`,
        { requestId },
      ),
    );
  },
});

/** One JSON line per request (method, route, status, milliseconds, request id), and the id in a response header. */
const requestLog = (log: LogLine, router: Router, ids: Correlate): middy.MiddlewareObj<APIGatewayProxyEventV2, Response> => {
  const started = new WeakMap<object, number>();
  const finish = (request: middy.Request<APIGatewayProxyEventV2, Response>) => {
    const { event, response } = request;
    const requestId = requestIdOf(event);
    if (response) response.headers = { ...response.headers, 'x-request-id': requestId };
    const method = event.requestContext?.http?.method ?? 'UNKNOWN';
    const status = response?.statusCode ?? 500;
    log({
      level: status >= 500 ? 'error' : 'info',
      msg: 'request',
      method,
      route: router.templateOf(method, event.rawPath ?? '/') ?? null,
      path: event.rawPath,
      status,
      ms: Math.round(performance.now() - (started.get(request) ?? performance.now())),
      ...ids(event),
    });
  };
  return {
    before: async (request) => {
      started.set(request, performance.now());
    },
    after: async (request) => finish(request),
    onError: async (request) => finish(request),
  };
};

/**
 * The handler of `router`'s routes. `cors` defaults to what ARBITER_CORS_ORIGINS says (read when
 * the handler is made), else pages from this machine (API-5, functions/http/cors.ts).
 */
export const httpHandler = (router: Router, log: LogLine = consoleLog, cors: CorsPolicy = corsPolicyFromEnv(process.env)) => {
  // The first request's lines say cold start, every line of it; its response ends the cold start.
  let cold = true;
  const ids: Correlate = (event) => correlation(event, cold);
  const warm: middy.MiddlewareObj<APIGatewayProxyEventV2, Response> = {
    after: async () => {
      cold = false;
    },
    onError: async () => {
      cold = false;
    },
  };
  // middy runs `after`/`onError` middlewares in reverse order: the CORS headers go on the
  // problem answer too, and the log sees the final response. A preflight is answered in
  // the handler step (not by an early return, which would skip the log and these headers).
  return middy<APIGatewayProxyEventV2, Response>()
    .use(warm)
    .use(requestLog(log, router, ids))
    .use(httpHeaderNormalizer())
    .use(corsHeaders(cors))
    .use(problemErrors(log, ids))
    .handler(async (event, context) =>
      isPreflight(event) ? preflightResponse(cors, event) : router.handle(event, (context as ClientContext | undefined)?.clientGone),
    );
};
