/**
 * A connection that drops under a request is no answer of the target. The client sends the request once more,
 * on a connection of its own, where a replay is harmless (an idempotent method, a sync push with its
 * externalImportRef, an instruction whose events read back carry no decision); any other request keeps the
 * error, which the reports show as "could not judge" (scripts/certification/model.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { APIRequestContext } from '@playwright/test';
import { ApiClient, TargetError, replaySafe } from '../helpers/wire/api-client';
import { Connections } from '../helpers/wire/connections';
import { eventsInstructed, instructionNotRun } from '../helpers/wire/replays';
import type { ExchangeRequest } from '../helpers/wire/exchange';
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

const instruction = (instructions: unknown): ExchangeRequest => ({
  method: 'POST',
  url: 'http://t/api/v2/external/patent-instructions',
  headers: {},
  body: JSON.stringify({ instructions }),
});

void test('an instruction dropped is sent again only when the target shows it did not run', async () => {
  const post = (showsNotRun: boolean) => {
    const { context, sent } = dropping(1);
    const asked: string[] = [];
    const api = new ApiClient(
      {
        request: context,
        baseUrl: 'http://127.0.0.1:9',
        timeoutMs: 1000,
        record: () => {},
        showsNotRun: async (request) => {
          asked.push(request.url);
          return showsNotRun;
        },
      },
      'k',
    );
    const sending = api.send({
      method: 'POST',
      path: '/api/v2/external/patent-instructions',
      body: { instructions: [{ eventId: 'e-1', decision: 'PROCEED' }] },
    });
    return { sending, sent, asked };
  };
  const notRun = post(true);
  assert.equal((await notRun.sending).status, 200);
  assert.equal(notRun.sent.length, 2);
  assert.equal(notRun.asked.length, 1);
  const mayHaveRun = post(false);
  await assert.rejects(
    mayHaveRun.sending,
    (e: unknown) => e instanceof TargetError && /not sent again: the target does not show/.test(e.message),
  );
  assert.equal(mayHaveRun.sent.length, 1);
});

void test('what an instruction read back must show to be sent again: every event read, none with a decision', async () => {
  const events: Record<string, { appliedDecision?: unknown } | undefined> = {
    open: { appliedDecision: null },
    decided: { appliedDecision: 'PROCEED' },
    silent: {},
  };
  const read = async (id: string) => events[id];
  const one = (...ids: string[]) => instruction(ids.map((eventId) => ({ eventId, decision: 'DROP' })));
  assert.equal(await instructionNotRun(one('open', 'open'), read), true);
  assert.equal(await instructionNotRun(one('open', 'decided'), read), false, 'a decision: it may have run');
  assert.equal(await instructionNotRun(one('open', 'unknown'), read), false, 'an event not read');
  assert.equal(await instructionNotRun(one('silent'), read), false, 'no appliedDecision shown');
  assert.equal(await instructionNotRun(one('open'), () => Promise.reject(new Error('down'))), false);
  assert.deepEqual(eventsInstructed(one('a', 'b', 'a')), ['a', 'b']);
  assert.equal(eventsInstructed(instruction([])), undefined, 'names no event');
  assert.equal(eventsInstructed(instruction([{ eventId: 7 }])), undefined, 'an id that is not a string');
  assert.equal(eventsInstructed({ ...instruction([]), body: '{"instructions": [' }), undefined);
  assert.equal(eventsInstructed({ ...one('a'), url: 'http://t/api/v2/external/patents/sync' }), undefined);
});

void test('a replay goes on a connection of its own; a write goes there from the start', async () => {
  const reuse = dropping(1);
  const fresh = answeringContext({});
  const opened: boolean[] = [];
  const connections = new Connections(async ({ closeEach }) => {
    opened.push(closeEach);
    return closeEach ? fresh.context : reuse.context;
  });
  const api = new ApiClient(
    { connections, baseUrl: 'http://127.0.0.1:9', timeoutMs: 1000, record: () => {} },
    'k',
  );
  await api.send({ method: 'GET', path: '/api/v2/external/patents' });
  assert.deepEqual(reuse.sent, ['GET /api/v2/external/patents']);
  assert.deepEqual(fresh.sent, ['GET /api/v2/external/patents']);
  await api.send({ method: 'POST', path: '/api/v2/external/patents/sync', body: { items: [] } });
  assert.deepEqual(fresh.sent.at(-1), 'POST /api/v2/external/patents/sync');
  assert.equal(reuse.sent.length, 1);
  assert.deepEqual(opened, [false, true]);
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
