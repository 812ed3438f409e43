/**
 * The examples of schemas/openapi.yaml (scripts/openapi-examples.ts): every operation's JSON success answer
 * and every problem code has one, each valid against its schema as the suite's schema check reads it, and each
 * what the embedded reference answers now (a stale example fails: run npx tsx scripts/openapi-examples.ts).
 * The three PDF downloads answer a binary stream: no JSON example applies to them. A mock served by a tool from
 * the document alone (openapi-backend) answers every other operation with its example.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import OpenAPIBackend from 'openapi-backend';
import { loadOpenApi, OPENAPI_PATH } from '../schemas/ajv';
import { errorCodes, operations } from '../helpers/contract/contract';
import { answerSchemaErrors, schemaErrors } from '../helpers/contract/schema-conformance';
import { collectExamples, examplesInDocument } from '../scripts/openapi-examples';

const inDocument = () => examplesInDocument(loadOpenApi() as unknown as Record<string, unknown>);

void test('every operation with a JSON success answer, and every problem code, has an example', () => {
  const { operations: ops, problems } = inDocument();
  const json = operations().filter((op) =>
    Object.entries(op.definition.responses ?? {}).some(
      ([status, response]) =>
        status.startsWith('2') && 'content' in response && 'application/json' in (response.content ?? {}),
    ),
  );
  assert.equal(json.length, 14);
  assert.deepEqual(
    json.map((op) => op.operationId).filter((id) => !(id in ops)),
    [],
    'operations without an example',
  );
  assert.deepEqual(
    errorCodes()
      .map((c) => c.code)
      .filter((code) => !(code in problems)),
    [],
    'codes without an example',
  );
});

void test('every example is valid against its schema', () => {
  const { operations: ops, problems } = inDocument();
  for (const [operationId, { status, body }] of Object.entries(ops))
    assert.deepEqual(
      answerSchemaErrors({
        operationId,
        status,
        mediaType: 'application/json',
        contentType: 'application/json',
        isJson: true,
        json: () => body,
      }),
      [],
      `the example of ${operationId}`,
    );
  for (const code of errorCodes()) {
    assert.deepEqual(schemaErrors(code.schema, problems[code.code]), [], `the example of ${code.code}`);
  }
});

void test('the examples are what the embedded reference answers now', async () => {
  assert.deepEqual(inDocument(), await collectExamples());
});

void test('a mock served from the document by a tool (openapi-backend) answers every operation with its example, schema-valid on the wire', async () => {
  const { operations: ops } = inDocument();
  // The tool reads the document alone: routing, and each operation's answer from its examples.
  const mock = new OpenAPIBackend({ definition: OPENAPI_PATH, quick: true, validate: false });
  mock.register({
    notFound: () => ({ status: 404, body: {} }),
    notImplemented: (c) => {
      const { status, mock: body } = mock.mockResponseForOperation(c.operation.operationId!);
      return { status, body };
    },
  });
  await mock.init();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    void Promise.resolve(
      mock.handleRequest({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers as Record<string, string>,
      }),
    ).then((answer: { status: number; body: unknown }) =>
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const served = operations().filter((op) => op.operationId in ops);
    assert.equal(served.length, 14);
    for (const op of served) {
      const url = `http://127.0.0.1:${port}${op.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'yearMonth' ? '2026-05' : '00000000-0000-4000-8000-000000000001'))}`;
      const response = await fetch(url, {
        method: op.method,
        ...(op.method === 'GET' ? {} : { body: '{}' }),
      });
      const text = await response.text();
      const contentType = response.headers.get('content-type') ?? undefined;
      assert.equal(
        response.status,
        ops[op.operationId]!.status,
        `${op.operationId}: the status of its example`,
      );
      assert.deepEqual(JSON.parse(text), ops[op.operationId]!.body, `${op.operationId}: its example`);
      assert.deepEqual(
        answerSchemaErrors({
          operationId: op.operationId,
          status: response.status,
          mediaType: (contentType ?? '').split(';')[0]!.trim(),
          contentType,
          isJson: true,
          json: () => JSON.parse(text) as unknown,
        }),
        [],
        `${op.operationId} served by the mock`,
      );
    }
  } finally {
    server.close();
  }
});
