/**
 * A problem answer as the registry's rules read it (helpers/contract/problem-bodies.ts), pure: a 4xx or 5xx
 * under the API's prefix, its body when it is application/problem+json, the rules of every problem or of one
 * code, the field errors, a POST whose parameters are all in its body, the body members a POST documents.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answer } from './answer-support';
import {
  bodyMembers,
  bodyOnly,
  errorsAt,
  fieldErrorsOf,
  ofCode,
  ofProblem,
  problemAnswer,
  problemBody,
} from '../helpers/contract/problem-bodies';

const PROBLEM = 'application/problem+json';
const problem = (status: number, body: unknown = { code: 'not_found' }, mediaType = PROBLEM) =>
  answer({ status, mediaType, body });

void test('a problem answer: 4xx or 5xx under the prefix; its body only as application/problem+json', () => {
  assert.ok(problemAnswer(problem(400)) && problemAnswer(problem(503)));
  assert.ok(!problemAnswer(problem(399)), 'below 400');
  assert.ok(!problemAnswer(answer({ status: 404, path: '/health' })), 'outside the prefix');
  assert.deepEqual(problemBody(problem(404)), { code: 'not_found' });
  assert.equal(problemBody(problem(404, { code: 'x' }, 'application/json')), undefined, 'not a problem type');
  assert.equal(problemBody(problem(404, ['x'])), undefined, 'not an object');
  assert.equal(problemBody(problem(200)), undefined);
});

void test('ofProblem and ofCode: judged on problem bodies, of the code named', () => {
  const titled = ofProblem('PROB-004', 'a title', (b) => (typeof b.title === 'string' ? [] : ['no title']));
  const conflict = ofCode('SYNC-048', 'an existing batch', 'conflict', (b) =>
    typeof b.existingBatchId === 'string' ? [] : ['no existingBatchId'],
  );
  const judge = (invariant: typeof titled, facts: ReturnType<typeof answer>) =>
    invariant.judge({}, facts, { path: '/', owner: undefined });
  assert.deepEqual(judge(titled, problem(404, { title: 'Not found' })), []);
  assert.deepEqual(judge(titled, problem(404, {})), ['no title']);
  assert.equal(judge(titled, answer({ status: 200, body: {} })), undefined);
  assert.deepEqual(judge(conflict, problem(409, { code: 'conflict' })), ['no existingBatchId']);
  assert.equal(judge(conflict, problem(404, { code: 'not_found' })), undefined, 'another code');
});

void test('field errors, a POST whose parameters are all in its body, the members a POST documents', () => {
  const body = { errors: [{ pointer: '/items/0', code: 'a' }, 'x', { pointer: '/items/0', code: 'b' }] };
  assert.equal(fieldErrorsOf(body).length, 3);
  assert.deepEqual(fieldErrorsOf({ errors: 'x' }), []);
  assert.deepEqual(
    errorsAt(body, '/items/0').map((e) => e.code),
    ['a', 'b'],
  );
  assert.ok(bodyOnly(answer({ method: 'POST' })));
  assert.ok(!bodyOnly(answer({ method: 'POST', query: { dryRun: ['1'] } })), 'a query parameter');
  assert.ok(!bodyOnly(answer({ method: 'PUT' })));
  assert.ok(bodyMembers('postInstructions').size > 0, 'the instruction POST documents its members');
  assert.equal(bodyMembers('listPatents').size, 0, 'a GET has no body');
});
