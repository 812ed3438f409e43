/**
 * The shape of a refused request's rule (helpers/contract/request-refusals.ts) and the request facts it
 * reads (helpers/contract/invariant-types.ts), pure: 400 validation_failed for a request the rule names, not
 * judged on another request, outside the API's prefix, or on an answer that comes before validation.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answer } from './answer-support';
import { isOperation, queryValue, queryValues } from '../helpers/contract/invariant-types';
import { refused } from '../helpers/contract/request-refusals';

const reversed = refused(
  'INV-015',
  'a reversed window is refused',
  (a) => isOperation(a, 'listInvoices') && (queryValue(a, 'to') ?? '9') < (queryValue(a, 'from') ?? '0'),
);
const asked = (status: number, code: unknown, facts = {}) =>
  reversed.judge(
    {},
    answer({
      operationId: 'listInvoices',
      query: { from: ['2'], to: ['1'] },
      status,
      body: { code },
      ...facts,
    }),
    { path: '/', owner: undefined },
  );

void test('a request the rule names: 400 validation_failed holds, anything else breaks', () => {
  assert.deepEqual(asked(400, 'validation_failed'), []);
  assert.deepEqual(asked(200, undefined), ['answered 200 ""']);
  assert.deepEqual(asked(400, 'bad_request'), ['answered 400 "bad_request"']);
  assert.deepEqual(asked(422, 'validation_failed'), ['answered 422 "validation_failed"']);
});

void test('not judged: another request, outside the prefix, an answer before validation', () => {
  assert.equal(asked(200, undefined, { query: { from: ['1'], to: ['2'] } }), undefined);
  assert.equal(asked(200, undefined, { operationId: 'listPatents' }), undefined);
  assert.equal(asked(200, undefined, { path: '/health' }), undefined);
  for (const status of [401, 403, 429]) assert.equal(asked(status, 'x'), undefined, String(status));
});

void test('the request facts: every value of a parameter, the one value, the operation', () => {
  const facts = answer({ operationId: 'listInvoices', query: { sort: ['a', 'b'], page: ['2'] } });
  assert.deepEqual(queryValues(facts, 'sort'), ['a', 'b']);
  assert.deepEqual(queryValues(facts, 'absent'), []);
  assert.equal(queryValue(facts, 'page'), '2');
  assert.equal(queryValue(facts, 'sort'), undefined, 'two values: no one value');
  assert.equal(queryValue(facts, 'absent'), undefined);
  assert.ok(isOperation(facts, 'listInvoices') && !isOperation(facts, 'listPatents'));
});
