import { describe, expect, it } from 'vitest';
import { contractViolation } from '../support/contract.ts';

/** The check every end-to-end answer goes through (test/support/client.ts): it must be able to fail. */
describe('the contract check of end-to-end answers', () => {
  const problem = JSON.stringify({
    type: 'https://arbiter.dev/problems/not-found',
    title: 'Not found',
    status: 404,
    detail: 'There is no game g_x.',
  });

  it('API-2 accepts an answer as the document declares it, for a concrete path matched to its template', () => {
    expect(contractViolation('GET', '/games/g_x?x=1', 404, 'application/problem+json', problem)).toBeNull();
  });

  it('API-2 names a status the document does not list, a body off its schema, and a media type not declared', () => {
    expect(contractViolation('GET', '/games/g_x', 418, 'application/problem+json', problem)).toMatch(/does not list/);
    expect(contractViolation('GET', '/games/g_x', 404, 'application/problem+json', '{"title":"no status"}')).toMatch(
      /^GET \/games\/\{id\} 404: /,
    );
    expect(contractViolation('GET', '/games/g_x', 404, 'text/html', '<p>')).toMatch(/does not declare/);
  });

  it('API-2 leaves a path no route answers to the fault suite', () => {
    expect(contractViolation('GET', '/nope', 404, 'application/problem+json', problem)).toBeNull();
  });
});
