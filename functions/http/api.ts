/**
 * Lambda: the HTTP API (API Gateway HTTP API, payload v2). One function serves every
 * route; middy normalizes headers and turns every error into application/problem+json.
 */
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Deps } from '../app/deps.ts';
import { Problem } from '../app/problems.ts';
import { depsFromEnv } from '../runtime.ts';
import { problemResponse } from './respond.ts';
import type { Response } from './router.ts';
import { buildRouter } from './routes.ts';

/** Every failure leaves as problem+json; unexpected ones without internals. */
const problemErrors = (): middy.MiddlewareObj<APIGatewayProxyEventV2, Response> => ({
  onError: async (request) => {
    const error = request.error;
    if (error instanceof Problem) {
      request.response = problemResponse(error);
      return;
    }
    console.error('unhandled error', error);
    request.response = problemResponse(
      new Problem(500, 'internal', 'Internal error', 'Something went wrong on our side; nothing was written. Please retry.'),
    );
  },
});

export const makeApi = (deps: () => Deps) => {
  const router = buildRouter(deps);
  return middy<APIGatewayProxyEventV2, Response>()
    .use(httpHeaderNormalizer())
    .use(problemErrors())
    .handler((event) => router.handle(event));
};

export const handler = makeApi(depsFromEnv);
