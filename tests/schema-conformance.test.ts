/**
 * The schema check as one judge of the registry (helpers/contract/schema-conformance.ts, CONV-013): an answer
 * that breaks its schema is charged to CONV-013, and every other rule still judges the same answer, each
 * breach under its own requirement. Answers from the embedded reference, altered where a test says so.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answerSchemaErrors, schemaErrors } from '../helpers/contract/schema-conformance';
import { ApiClient, type ApiResponse } from '../helpers/wire/api-client';
import { createReferenceServer } from '../reference/server';
import { answer, answeringContext, breachesOf } from './answer-support';

const reference = createReferenceServer({ timeZone: 'Asia/Kolkata' });

async function patentsPage(): Promise<{ body: Record<string, unknown>; data: Record<string, unknown>[] }> {
  const response = await reference.app.request('/api/v2/external/patents?itemsPerPage=2', {
    headers: { 'x-api-key': reference.keys.all },
  });
  const body = (await response.json()) as Record<string, unknown>;
  return { body, data: body.data as Record<string, unknown>[] };
}

const listAnswer = (body: unknown) => answer({ operationId: 'listPatents', body });

void test("a conformant answer breaks no schema, and the schema judges every operation's answer", async () => {
  const { body } = await patentsPage();
  assert.deepEqual(breachesOf('CONV-013', listAnswer(body)), []);
  assert.equal(
    breachesOf('CONV-013', answer({ body })),
    undefined,
    'an answer to no operation is not judged',
  );
});

void test('a schema breach is charged to CONV-013, and the rules the answer also breaks are judged beside it', async () => {
  const { body, data } = await patentsPage();
  // A member of the wrong type (a schema breach), an office no rule allows (PAT-003, which the schema's
  // string type lets through) and no X-Request-Id (CORR-001): three judges, one answer.
  data[1]!.claimCount = 'three';
  data[0]!.office = 'ZZZZ';
  const facts = answer({ operationId: 'listPatents', body, headers: {} });
  const schema = breachesOf('CONV-013', facts) ?? [];
  assert.equal(schema.length, 1);
  assert.match(schema[0]!, /\/data\/1\/claimCount/);
  assert.equal(breachesOf('PAT-003', facts)?.length, 1, 'PAT-003 still judges the same answer');
  assert.equal(breachesOf('CORR-001', facts)?.length, 1, 'CORR-001 still judges the same answer');
});

void test('a content type the document does not give the status is a schema breach', async () => {
  const { body } = await patentsPage();
  const errors = answerSchemaErrors({
    operationId: 'listPatents',
    status: 200,
    mediaType: 'text/plain',
    contentType: 'text/plain',
    isJson: false,
    json: () => body,
  });
  assert.deepEqual(errors, ['content type text/plain is not one of application/json']);
});

void test('a component schema names what is wrong, and where', () => {
  const problem = { type: 'about:blank', title: 'x', status: 404, code: 'not_found', requestId: 'r-1' };
  assert.deepEqual(schemaErrors('Problem', problem), []);
  assert.ok(schemaErrors('Problem', { status: '404' }).some((e) => e.startsWith('/status')));
});

void test('the client shows a schema-invalid answer to every judge instead of stopping at the schema', async () => {
  const { body, data } = await patentsPage();
  data[0]!.claimCount = 'three';
  const judged: ApiResponse[] = [];
  const deps = { baseUrl: 'http://127.0.0.1:9', timeoutMs: 1000, record: () => {} };
  const judging = new ApiClient(
    { ...deps, request: answeringContext(body).context, onAnswer: (r) => judged.push(r) },
    'k',
  );
  const response = await judging.call('listPatents');
  assert.equal(judged.length, 1, 'the checks of every answer received it');
  assert.equal(judged[0], response);
  // A client without the checks (a preflight) still refuses the answer on its schema.
  const plain = new ApiClient({ ...deps, request: answeringContext(body).context }, 'k');
  await assert.rejects(plain.call('listPatents'), /does not match the listPatents schema/);
});
