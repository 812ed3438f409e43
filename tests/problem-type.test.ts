/**
 * PROB-002, stated once in the registry (helpers/rules/problems.ts): a problem's type is a URI
 * reference (RFC 3986), relative or absolute; whitespace, control characters and the characters the grammar
 * excludes make it none.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { codesWithoutRequirement, isUriReference } from '../helpers/rules/problems';
import { answer, breachesOf } from './answer-support';

const problem = (type: unknown) =>
  answer({
    operationId: 'getPatent',
    status: 404,
    mediaType: 'application/problem+json',
    path: '/api/v2/external/patents/x',
    body: { type, title: 'Not found', status: 404, code: 'not_found', requestId: 'r-1' },
  });

void test('relative and absolute URI references are types; text that is none is not', () => {
  // The empty string is a URI reference too (RFC 3986: a relative reference may be empty).
  for (const ok of [
    '/errors/not-found',
    'https://example.com/errors/not-found',
    'about:blank',
    'not-found',
    '',
  ])
    assert.ok(isUriReference(ok), ok);
  for (const bad of ['/errors/not found', '/errors/{code}', '/errors/"x"', 'a\tb', '/errors/a|b'])
    assert.equal(isUriReference(bad), false, bad);
});

void test('the registry judges the type of every problem with it', () => {
  assert.deepEqual(breachesOf('PROB-002', problem('/errors/not-found')), []);
  assert.equal(breachesOf('PROB-002', problem('/errors/{code}'))?.length, 1);
  assert.equal(breachesOf('PROB-002', problem(404))?.length, 1);
});

void test('every error code of the contract has the one problems requirement its rule is charged to', () => {
  assert.deepEqual(codesWithoutRequirement(), [], 'add or fix the requirement whose clause is the type');
});
