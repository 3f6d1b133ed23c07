/**
 * DOC-3: GET /openapi.json names as its one server where the client reached the API: on AWS the
 * API's URL, from the domain name API Gateway puts in the event (the execute-api host or a
 * custom domain); locally the address the stand-in listens on (test/browser/api-docs). A
 * hand-built event that names no domain gets the document as built, with its two example servers.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../functions/docs/http/openapi.ts';
import { handler } from '../../functions/http/docs.ts';

const get = async (domainName: string | undefined, headers: Record<string, string> = {}) => {
  const event = {
    version: '2.0',
    rawPath: '/openapi.json',
    headers,
    isBase64Encoded: false,
    requestContext: { requestId: 'r-1', ...(domainName ? { domainName } : {}), http: { method: 'GET', sourceIp: '203.0.113.9' } },
  } as unknown as APIGatewayProxyEventV2;
  const answer = (await handler(event, {} as never)) as { statusCode: number; body: string };
  expect(answer.statusCode).toBe(200);
  return JSON.parse(answer.body) as { servers: { url: string }[]; paths: object };
};

describe('DOC-3 the servers of the served document', () => {
  it('DOC-3 on AWS its one server is the URL the API was reached at: the execute-api host, or the custom domain', async () => {
    const onAws = await get('a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com', { 'x-forwarded-proto': 'https' });
    expect(onAws.servers.map((s) => s.url)).toEqual(['https://a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com']);
    expect(onAws.paths).toEqual(openApiDocument().paths);
    // API Gateway always says https; without the header, https is what it would have said.
    expect((await get('arbiter.example.org')).servers.map((s) => s.url)).toEqual(['https://arbiter.example.org']);
  });

  it('DOC-3 an event that names no domain gets the document as built', async () => {
    expect((await get(undefined)).servers.map((s) => s.url)).toEqual([
      'http://127.0.0.1:3000',
      'https://{apiId}.execute-api.{region}.amazonaws.com',
    ]);
  });
});
