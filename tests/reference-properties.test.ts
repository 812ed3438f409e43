/**
 * Reference server: generated cases (fast-check, seeded; FC_SEED and FC_RUNS replay or widen a run).
 * 1. `instructability.isAllowed` is true exactly when an instruction POST for that event alone succeeds.
 * 2. No request, however malformed, produces a 500; every 4xx is a problem+json body with the required members.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { createReferenceServer } from '../reference/server';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const P = '/api/v2/external';
const SEED = Number(process.env.FC_SEED ?? 20260315);
const RUNS = Number(process.env.FC_RUNS ?? 50);

const BLOCKED_CODES: Record<string, [number, string]> = {
  ALREADY_INSTRUCTED: [409, 'instruction_already_set'],
  TOO_EARLY: [422, 'instruction_too_early'],
  EARLIER_EVENT_PENDING: [422, 'instruction_skipped'],
};

void test('isAllowed is true exactly when an instruction POST for the event alone succeeds', async (t) => {
  t.diagnostic(`fast-check seed ${SEED}, ${RUNS} runs`);
  const day = 24 * 3600 * 1000;
  const start = Date.parse('2024-01-01T10:00:00Z');
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 0, max: 5 * 365 }),
      fc.nat(),
      fc.nat(),
      async (dayOffset, eventPick, decisionPick) => {
        const server = createReferenceServer({ now: new Date(start + dayOffset * day) });
        const tenantA = server.state.tenants.A.id;
        const events = [...server.state.store.events.values()].filter((e) => e.tenantId === tenantA);
        const chosen = events[eventPick % events.length];
        assert.ok(chosen);
        const headers = { 'x-api-key': server.keys.all };
        const view = (await (
          await server.app.request(`${P}/patents/${chosen.patentId}/events/${chosen.id}`, { headers })
        ).json()) as Json;
        const { isAllowed, allowedDecisions, blockedReason } = view.instructability;
        const decision = isAllowed ? allowedDecisions[decisionPick % allowedDecisions.length] : 'PROCEED';
        const reply = await server.app.request(`${P}/patent-instructions`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ instructions: [{ eventId: chosen.id, decision }] }),
        });
        const body = (await reply.json()) as Json;
        assert.equal(reply.status === 201, isAllowed, JSON.stringify({ view, body }));
        if (!isAllowed) {
          assert.deepEqual([reply.status, body.code], BLOCKED_CODES[blockedReason], JSON.stringify(body));
        } else {
          const after = (await (
            await server.app.request(`${P}/patents/${chosen.patentId}/events/${chosen.id}`, { headers })
          ).json()) as Json;
          assert.equal(after.appliedDecision, decision);
        }
      },
    ),
    { seed: SEED, numRuns: RUNS },
  );
});

void test('no fuzzed request produces a 500, and every 4xx is a well-formed problem', async (t) => {
  t.diagnostic(`fast-check seed ${SEED}, ${RUNS * 4} runs`);
  const server = createReferenceServer({ now: '2026-03-15T09:00:00Z' });
  const store = server.state.store;
  const someEvent = [...store.events.values()][0];
  const realIds = [someEvent?.id, someEvent?.patentId, [...store.invoices.keys()][0]].filter(
    (id): id is string => id !== undefined,
  );
  const segment = fc.oneof(
    fc.constantFrom(
      'patents',
      'patent-events',
      'patent-instructions',
      'sync',
      'events',
      'fees',
      'documents',
      'instruction-receipt',
      'official-receipt',
      'invoice',
      'invoices',
      'exchange-rate-freezes',
      '2026-03',
      '2026-13',
      '%E0%A4%A',
      '%00',
      '..',
      '%2F',
      '~',
    ),
    fc.constantFrom(...realIds),
    fc.uuid(),
    fc.stringMatching(/^[A-Za-z0-9._~-]{0,12}$/),
  );
  const queryKey = fc.constantFrom(
    'itemsPerPage',
    'currentPage',
    'sort',
    'providerId',
    'dueFrom',
    'dueTo',
    'dueMonth',
    'offices',
    'owners',
    'family',
    'eventTypes',
    'include',
    'issueDateFrom',
    'issueDateTo',
    'createdFrom',
    'createdTo',
    'x',
  );
  const queryValue = fc.oneof(
    fc.constantFrom(
      '',
      '0',
      '-1',
      '1',
      '101',
      '1e3',
      'NaN',
      '2026-03-15',
      '2026-03',
      '-issueDate',
      'fees',
      'EP,US',
      '%ZZ',
    ),
    fc.stringMatching(/^[A-Za-z0-9,._~-]{0,10}$/),
  );
  const body = fc.oneof(
    fc.constant(undefined),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
    fc.json(),
    fc.constantFrom(
      '{"instructions":[{"eventId":"00000000-0000-4000-8000-000000000000","decision":"PROCEED"}]}',
      '{"items":[{"providerId":"A"}]}',
      '{"items":[{}],"externalImportRef":"fuzz"}',
      '{"instructions":[]}',
      'null',
    ),
  );
  const request = fc.record({
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'),
    segments: fc.array(segment, { maxLength: 7 }),
    query: fc.array(fc.tuple(queryKey, queryValue), { maxLength: 5 }),
    key: fc.constantFrom<string | undefined>(
      server.keys.all,
      server.keys.all,
      server.keys.noScopes,
      server.keys.expired,
      'zz',
      undefined,
    ),
    contentType: fc.constantFrom<string | undefined>(
      'application/json',
      'text/plain',
      'application/problem+json',
      undefined,
    ),
    requestId: fc.option(fc.stringMatching(/^[A-Za-z0-9-]{1,20}$/), { nil: undefined }),
    body,
  });
  await fc.assert(
    fc.asyncProperty(request, async (r) => {
      const query = r.query.map(([k, v]) => `${k}=${v}`).join('&');
      const path = `${P}/${r.segments.join('/')}${query ? `?${query}` : ''}`;
      const headers: Record<string, string> = {};
      if (r.key !== undefined) headers['x-api-key'] = r.key;
      if (r.contentType !== undefined) headers['content-type'] = r.contentType;
      if (r.requestId !== undefined) headers['x-request-id'] = r.requestId;
      const withBody = !['GET', 'HEAD'].includes(r.method) && r.body !== undefined;
      const response = await server.app.request(path, {
        method: r.method,
        headers,
        body: withBody ? r.body : undefined,
      });
      const text = await response.text();
      const context = `${r.method} ${path} -> ${response.status} ${text.slice(0, 300)}`;
      assert.ok(response.status < 500, context);
      assert.ok(response.headers.get('x-request-id'), context);
      if (r.requestId !== undefined) assert.equal(response.headers.get('x-request-id'), r.requestId, context);
      if (response.status >= 400 && r.method !== 'HEAD') {
        assert.equal(response.headers.get('content-type'), 'application/problem+json', context);
        const problem = JSON.parse(text) as Json;
        for (const member of ['type', 'title', 'status', 'code', 'requestId'])
          assert.ok(member in problem, `${member}: ${context}`);
        assert.equal(problem.status, response.status, context);
        assert.equal(problem.requestId, response.headers.get('x-request-id'), context);
        assert.equal(problem.type, `/errors/${String(problem.code).replace(/_/g, '-')}`, context);
        if (problem.code === 'validation_failed') {
          assert.ok(Array.isArray(problem.errors) && problem.errors.length > 0, context);
          for (const e of problem.errors) {
            assert.match(e.pointer, /^(\/([^~]|~[01])*)*$/, context);
            assert.equal(typeof e.code, 'string', context);
            assert.equal(typeof e.message, 'string', context);
          }
        }
      }
    }),
    { seed: SEED, numRuns: RUNS * 4 },
  );
});
