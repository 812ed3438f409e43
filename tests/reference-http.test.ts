/**
 * Reference server over HTTP, what every operation shares: request id, authentication, quota and RateLimit
 * headers, scopes, capability, problem shape, routing, pagination and kept-alive connections. The read-only
 * lists (patents, events, invoices, freezes) are tests/reference-http-resources.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReferenceServer } from '../reference/server';
import {
  assertProblem,
  assertRateLimitHeaders,
  base,
  call,
  type Json,
  NOW,
  P,
  serveReference,
  server,
  UUID,
} from './reference-http-support';

serveReference();

void describe('request id', () => {
  void test('a non-empty inbound X-Request-Id is echoed and is the problem requestId', async () => {
    const reply = await call(`${P}/patents/${crypto.randomUUID()}`, {
      headers: { 'X-Request-Id': 'trace-42' },
    });
    assertProblem(reply, 404, 'not_found');
    assert.equal(reply.headers.get('x-request-id'), 'trace-42');
    assert.equal(reply.body.requestId, 'trace-42');
  });

  void test('otherwise a fresh UUID, on every response including 401 and unknown routes', async () => {
    for (const reply of [
      await call(`${P}/patents`),
      await call(`${P}/patents`, { key: null }),
      await call(`${P}/nowhere`),
      await call('/elsewhere', { key: null }),
      await call(`${P}/patents`, { headers: { 'X-Request-Id': '' } }),
    ]) {
      assert.match(reply.headers.get('x-request-id') ?? '', UUID);
    }
  });
});

void describe('authentication', () => {
  void test('missing, unknown and malformed keys give 401 invalid_api_key without RateLimit headers', async () => {
    for (const key of [null, 'a'.repeat(64), 'not-a-key', server.keys.all.toUpperCase()]) {
      const reply = await call(`${P}/patents`, { key });
      assertProblem(reply, 401, 'invalid_api_key');
      assert.equal(reply.headers.get('ratelimit-limit'), null);
    }
  });

  void test('an expired key gives 401 api_key_expired', async () => {
    assertProblem(await call(`${P}/patents`, { key: server.keys.expired }), 401, 'api_key_expired');
  });

  void test('authentication comes before route matching', async () => {
    assertProblem(await call(`${P}/nowhere`, { key: null }), 401, 'invalid_api_key');
  });
});

void describe('scopes and capability', () => {
  const operations: [string, string, string][] = [
    ['patentsRead', 'GET', `${P}/patents`],
    ['patentsWrite', 'GET', `${P}/patents/sync/00000000-0000-4000-8000-000000000000`],
    ['invoicesRead', 'GET', `${P}/invoices`],
    ['freezesWrite', 'GET', `${P}/exchange-rate-freezes`],
  ];
  const scopes: Record<string, string> = {
    patentsRead: 'patents:read',
    patentsWrite: 'patents:write',
    invoicesRead: 'invoices:read',
    freezesWrite: 'exchange-rate-freezes:write',
  };

  void test('a single-scope key passes its operations and gets 403 insufficient_scope elsewhere', async () => {
    for (const [role, method] of operations) {
      for (const [otherRole, , otherPath] of operations) {
        const reply = await call(otherPath, { key: server.keys[role as 'patentsRead'], method });
        if (role === otherRole) {
          assert.notEqual(reply.status, 403, `${role} on ${otherPath}`);
        } else {
          assertProblem(reply, 403, 'insufficient_scope');
          assert.equal(reply.body.requiredScope, scopes[otherRole]);
          assertRateLimitHeaders(reply);
        }
      }
    }
  });

  void test('an empty scope list grants nothing', async () => {
    const reply = await call(`${P}/patents`, { key: server.keys.noScopes });
    assertProblem(reply, 403, 'insufficient_scope');
    assert.equal(reply.body.requiredScope, 'patents:read');
    const post = await call(`${P}/patent-instructions`, {
      key: server.keys.noScopes,
      method: 'POST',
      body: '{}',
    });
    assert.equal(post.body.requiredScope, 'patents:instructions:write');
  });

  void test('without the freeze capability the three freeze operations give 403 forbidden', async () => {
    const key = server.keys.noFreeze;
    assertProblem(await call(`${P}/exchange-rate-freezes`, { key }), 403, 'forbidden');
    assertProblem(await call(`${P}/exchange-rate-freezes/2026-03`, { key }), 403, 'forbidden');
    assertProblem(await call(`${P}/exchange-rate-freezes/2026-03`, { key, method: 'PUT' }), 403, 'forbidden');
    assert.equal((await call(`${P}/patents`, { key })).status, 200);
  });

  void test('scope is checked before validation', async () => {
    const reply = await call(`${P}/patents/not-a-uuid`, { key: server.keys.invoicesRead });
    assertProblem(reply, 403, 'insufficient_scope');
  });
});

void describe('routing and problems', () => {
  void test('an unknown route or a wrong method under the prefix is a 404 not_found problem', async () => {
    for (const [method, path] of [
      ['GET', `${P}/nowhere`],
      ['DELETE', `${P}/patents`],
      ['POST', `${P}/invoices`],
      ['GET', `${P}/patents/${crypto.randomUUID()}/events/${crypto.randomUUID()}/documents/xlsx`],
    ] as const) {
      const reply = await call(path, { method });
      assertProblem(reply, 404, 'not_found');
      assertRateLimitHeaders(reply);
    }
  });

  void test('another tenant’s resource answers exactly like a random missing id', async () => {
    const other = (await call(`${P}/patents?itemsPerPage=1`, { key: server.keys.otherTenant })).body.data[0];
    const theirs = await call(`${P}/patents/${other.id}`);
    const missing = await call(`${P}/patents/${crypto.randomUUID()}`);
    assertProblem(theirs, 404, 'not_found');
    const strip = (b: Json) => ({ ...b, requestId: undefined, instance: undefined });
    assert.deepEqual(strip(theirs.body), strip(missing.body));
    assert.deepEqual(Object.keys(theirs.body).sort(), Object.keys(missing.body).sort());
  });

  void test('an unexpected failure is a 500 internal_error with a generic detail (fail-next-requests)', async () => {
    const key = server.keys.otherTenant;
    const state = await fetch(`${base}/__provider-states/fail-next-requests`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ count: 2 }),
    });
    assert.equal(state.status, 200);
    for (let i = 0; i < 2; i += 1) {
      const reply = await call(`${P}/patents`, { key });
      assertProblem(reply, 500, 'internal_error');
      assert.doesNotMatch(JSON.stringify(reply.body), /fail-next|Error:|at /);
      assertRateLimitHeaders(reply);
    }
    assert.equal((await call(`${P}/patents`, { key })).status, 200);
  });
});

void describe('quota', () => {
  void test('RateLimit headers: the quota, the remaining calls (current one counted), seconds to local midnight', async () => {
    const first = await call(`${P}/patents`, { key: server.keys.patentsRead });
    const second = await call(`${P}/patents/${crypto.randomUUID()}`, { key: server.keys.patentsRead });
    assert.equal(first.headers.get('ratelimit-limit'), '1000000');
    assert.equal(
      Number(first.headers.get('ratelimit-remaining')) - 1,
      Number(second.headers.get('ratelimit-remaining')),
    );
    assert.equal(second.status, 404);
    assert.equal(first.headers.get('ratelimit-reset'), String(15 * 3600)); // 09:00 UTC -> midnight UTC
  });

  void test('the reset follows the configured time zone', async () => {
    const paris = createReferenceServer({ now: NOW, timeZone: 'Europe/Paris' });
    const reply = await paris.app.request(`${P}/patents`, { headers: { 'x-api-key': paris.keys.all } });
    assert.equal(reply.headers.get('ratelimit-reset'), String(14 * 3600)); // 10:00 in Paris
  });

  void test('past the daily quota: 429 rate_limit_exceeded with Retry-After and no RateLimit headers', async () => {
    const own = createReferenceServer({ now: NOW });
    const request = (path: string) => own.app.request(path, { headers: { 'x-api-key': own.keys.lowQuota } });
    for (let i = 0; i < 5; i += 1) {
      await own.app.request(`${P}/patents`, { headers: { 'x-api-key': 'f'.repeat(64) } }); // 401s never count
    }
    let last: Response | undefined;
    for (let i = 1; i <= 30; i += 1) {
      last = await request(i % 3 === 0 ? `${P}/nowhere` : `${P}/patents`); // 4xx count too
      assert.notEqual(last.status, 429, `call ${i}`);
    }
    assert.equal(last?.headers.get('ratelimit-remaining'), '0');
    const over = await request(`${P}/patents`);
    assert.equal(over.status, 429);
    assert.equal(over.headers.get('retry-after'), String(15 * 3600));
    assert.equal(over.headers.get('ratelimit-limit'), null);
    assert.equal(over.headers.get('ratelimit-remaining'), null);
    const body = (await over.json()) as Json;
    assert.equal(body.code, 'rate_limit_exceeded');
    assert.equal(body.requestId, over.headers.get('x-request-id'));
    // Other keys are unaffected.
    assert.equal(
      (await own.app.request(`${P}/patents`, { headers: { 'x-api-key': own.keys.all } })).status,
      200,
    );
  });
});

void describe('pagination', () => {
  void test('default page size 10, 1-based pages, totals', async () => {
    const reply = await call(`${P}/patents`);
    assert.deepEqual(reply.body.pagination, {
      totalItems: 42,
      currentPage: 1,
      itemsPerPage: 10,
      totalPages: 5,
      hasMore: true,
    });
    assert.equal(reply.body.data.length, 10);
    assertRateLimitHeaders(reply);
  });

  void test('itemsPerPage above 100 is clamped to 100', async () => {
    const reply = await call(`${P}/patent-events?dueFrom=2000-01-01&dueTo=2100-01-01&itemsPerPage=1000`);
    assert.equal(reply.body.pagination.itemsPerPage, 100);
    assert.equal(reply.body.data.length, 100);
  });

  void test('a page past the end is empty with hasMore false; the last page has hasMore false', async () => {
    const past = await call(`${P}/patents?currentPage=9`);
    assert.deepEqual(past.body.data, []);
    assert.equal(past.body.pagination.hasMore, false);
    assert.equal((await call(`${P}/patents?currentPage=5`)).body.pagination.hasMore, false);
  });

  void test('currentPage below 1, itemsPerPage below 1 or not a number: 400 pointing at the parameter', async () => {
    for (const [query, param] of [
      ['currentPage=0', '/currentPage'],
      ['itemsPerPage=0', '/itemsPerPage'],
      ['itemsPerPage=-5', '/itemsPerPage'],
      ['itemsPerPage=abc', '/itemsPerPage'],
      ['currentPage=1.5', '/currentPage'],
    ]) {
      const reply = await call(`${P}/patents?${query}`);
      assertProblem(reply, 400, 'validation_failed');
      assert.equal(reply.body.errors[0].pointer, param, query);
    }
  });

  void test('an empty list has totalPages 0', async () => {
    const reply = await call(`${P}/patents?providerId=nobody`);
    assert.deepEqual(reply.body.pagination, {
      totalItems: 0,
      currentPage: 1,
      itemsPerPage: 10,
      totalPages: 0,
      hasMore: false,
    });
  });
});

void describe('connections', () => {
  void test('an idle keep-alive connection is still served after the 5 s that Node would keep it', async () => {
    const { connect } = await import('node:net');
    const { port } = new URL(base);
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    const request = `GET ${P}/patents?itemsPerPage=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nx-api-key: ${server.keys.all}\r\n\r\n`;
    const answers = () => received.match(/HTTP\/1\.1 200/g)?.length ?? 0;
    const until = async (count: number) => {
      for (let i = 0; i < 100 && answers() < count; i++) await new Promise((r) => setTimeout(r, 20));
    };
    socket.write(request);
    await until(1);
    await new Promise((resolve) => setTimeout(resolve, 6_500));
    assert.equal(
      socket.destroyed || socket.readyState !== 'open',
      false,
      'the server kept the connection open',
    );
    socket.write(request);
    await until(2);
    socket.destroy();
    assert.equal(answers(), 2);
  });
});
