/**
 * The `toBeProblem` matcher (helpers/wire/matchers.ts): what the test expects (status, code, media type), then
 * the registry's rules of problem bodies and correlation, stated once in helpers/rules/problems.ts and
 * helpers/rules/correlation.ts,
 * on a target whose BASE_URL carries a path prefix of its own too.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiResponse } from '../helpers/wire/api-response';
import { answerFacts } from '../helpers/wire/answer-checks';
import { problemViolations } from '../helpers/wire/matchers';

const URL_UNDER_GATEWAY = 'http://target.test/gateway/api/v2/external/patents/not-a-uuid';

function problem(body: object, status = 400, url = URL_UNDER_GATEWAY): ApiResponse {
  return new ApiResponse(
    {
      request: { method: 'GET', url, headers: {} },
      status,
      headers: { 'content-type': 'application/problem+json; charset=utf-8', 'x-request-id': 'r-1' },
      body: Buffer.from(JSON.stringify(body)),
      durationMs: 0,
    },
    'getPatent',
  );
}

const invalid = {
  type: '/errors/validation-failed',
  title: 'Invalid',
  status: 400,
  code: 'validation_failed',
  requestId: 'r-1',
  errors: [{ pointer: '', code: 'invalid_string', message: 'not a UUID' }],
  vendorExtension: true,
};

void test('the path the invariants read starts at the API prefix, whatever path prefix BASE_URL carries', () => {
  assert.equal(answerFacts(problem(invalid)).path, '/api/v2/external/patents/not-a-uuid');
  assert.deepEqual(answerFacts(problem(invalid)).pathParams, { patentId: 'not-a-uuid' });
});

void test('a conformant problem passes, extension members and a charset parameter included', () => {
  assert.deepEqual(problemViolations(problem(invalid), { status: 400, code: 'validation_failed' }), []);
});

void test("the registry's problem rules speak through the matcher, each with its requirement", () => {
  const wrongType = problemViolations(problem({ ...invalid, type: '/errors/bad-request' }), {});
  assert.ok(
    wrongType.some((p) => p.startsWith('[PROB-011]')),
    wrongType.join('\n'),
  );
  const otherRequestId = problemViolations(problem({ ...invalid, requestId: 'r-2' }), {});
  assert.ok(
    otherRequestId.some((p) => p.startsWith('[CORR-002]')),
    otherRequestId.join('\n'),
  );
  const leak = problem(
    {
      type: '/errors/internal-error',
      title: 'Internal',
      status: 500,
      code: 'internal_error',
      requestId: 'r-1',
      detail: 'TypeError: x is undefined\n    at handler (/srv/app/routes.js:12:7)',
    },
    500,
  );
  const leaks = problemViolations(leak, { status: 500, code: 'internal_error' });
  assert.ok(
    leaks.some((p) => p.startsWith('[PROB-023]')),
    leaks.join('\n'),
  );
});

void test('what only the test knows: the expected status and code, and the media type', () => {
  assert.deepEqual(problemViolations(problem(invalid), { status: 404, code: 'not_found' }), [
    'HTTP status: expected 404, received 400',
    'code: expected not_found, received validation_failed',
    'not_found must be HTTP 404, received 400',
  ]);
  const json = new ApiResponse(
    {
      request: { method: 'GET', url: URL_UNDER_GATEWAY, headers: {} },
      status: 400,
      headers: { 'content-type': 'application/json', 'x-request-id': 'r-1' },
      body: Buffer.from(JSON.stringify(invalid)),
      durationMs: 0,
    },
    'getPatent',
  );
  assert.deepEqual(problemViolations(json, {}), [
    'content type: expected application/problem+json, received application/json',
  ]);
});
