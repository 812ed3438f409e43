/**
 * A connection that drops under a request is no answer of the target. The client sends the request once more
 * where a replay is harmless (an idempotent method, a sync push with its externalImportRef); any other
 * request keeps the error, which the reports show as "could not judge" (scripts/certification/model.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { APIRequestContext } from '@playwright/test';
import { ApiClient, TargetError, replaySafe } from '../helpers/wire/api-client';
import { answeringContext } from './answer-support';

/** A request context whose first `drops` requests meet a reset, then answer 200 with `{}`. */
const dropping = (drops: number) => answeringContext({}, drops);

const client = (context: APIRequestContext, retried: (number | undefined)[] = []) =>
  new ApiClient(
    {
      request: context,
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 1000,
      record: () => {},
      onRetry: (s) => retried.push(s),
    },
    'k',
  );

void test('a GET whose connection dropped is sent once more, and the replay is told', async () => {
  const { context, sent } = dropping(1);
  const retried: (number | undefined)[] = [];
  const response = await client(context, retried).send({ method: 'GET', path: '/api/v2/external/patents' });
  assert.equal(response.status, 200);
  assert.equal(response.exchange.retryAttempt, 1);
  assert.deepEqual(sent, ['GET /api/v2/external/patents', 'GET /api/v2/external/patents']);
  assert.deepEqual(retried, [undefined]);
});

void test('a second drop is the error: the target did not answer', async () => {
  const { context, sent } = dropping(2);
  await assert.rejects(
    client(context).send({ method: 'GET', path: '/api/v2/external/patents' }),
    (e: unknown) => e instanceof TargetError && /did not answer GET .*ECONNRESET/.test(e.message),
  );
  assert.equal(sent.length, 2);
});

void test('a POST that may have run is never sent twice; a sync push with its import ref is', async () => {
  const instructions = dropping(1);
  await assert.rejects(
    client(instructions.context).send({
      method: 'POST',
      path: '/api/v2/external/patent-instructions',
      body: { instructions: [] },
    }),
    TargetError,
  );
  assert.equal(instructions.sent.length, 1);
  const sync = dropping(1);
  const response = await client(sync.context).send({
    method: 'POST',
    path: '/api/v2/external/patents/sync',
    body: { externalImportRef: 'ref-1', items: [] },
  });
  assert.equal(response.status, 200);
  assert.equal(sync.sent.length, 2);
});

void test('what a replay may be sent for', () => {
  const at = (method: string, path: string, body?: unknown) => ({
    method,
    url: `http://t${path}`,
    headers: {},
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  assert.ok(replaySafe(at('GET', '/api/v2/external/invoices')));
  assert.ok(replaySafe(at('PUT', '/api/v2/external/exchange-rate-freezes/2026-05')));
  assert.ok(replaySafe(at('POST', '/api/v2/external/patents/sync', { externalImportRef: 'r', items: [] })));
  assert.ok(!replaySafe(at('POST', '/api/v2/external/patents/sync', { items: [] })));
  assert.ok(!replaySafe(at('POST', '/api/v2/external/patent-instructions', { instructions: [] })));
});
