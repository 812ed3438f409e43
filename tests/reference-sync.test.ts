/**
 * Reference server: portfolio sync (inline and background batches, outcomes, counters, idempotence,
 * review through provider states).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createReferenceServer, type ReferenceServer } from '../reference/server';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const P = '/api/v2/external';
const NOW = '2026-03-15T09:00:00Z';

let server: ReferenceServer;
let base: string;
let close: () => Promise<void>;

before(async () => {
  server = createReferenceServer({ now: NOW });
  const listening = await server.listen(0);
  base = listening.url;
  close = listening.close;
});
after(() => close());

async function call(
  path: string,
  init: { method?: string; body?: unknown; raw?: string; key?: string } = {},
) {
  const hasBody = init.body !== undefined || init.raw !== undefined;
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? (hasBody ? 'POST' : 'GET'),
    headers: {
      'x-api-key': init.key ?? server.keys.patentsWrite,
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Json };
}

const sync = (body: unknown, key?: string) => call(`${P}/patents/sync`, { body, key });
const batch = (id: string, query = '') => call(`${P}/patents/sync/${id}${query}`);
const patentByProviderId = async (providerId: string) =>
  (await call(`${P}/patents?providerId=${encodeURIComponent(providerId)}`, { key: server.keys.all })).body
    .data[0];
const review = (importId: string, index: number, decision: string, reason?: string) =>
  fetch(`${base}/__provider-states/sync-item-reviewed`, {
    method: 'POST',
    headers: { 'x-api-key': server.keys.all, 'content-type': 'application/json' },
    body: JSON.stringify({ importId, index, decision, reason }),
  });

async function until(importId: string, done: (b: Json) => boolean): Promise<Json> {
  for (let i = 0; i < 200; i += 1) {
    const reply = await batch(importId);
    if (done(reply.body)) return reply.body;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the batch did not complete');
}

void describe('inline sync', () => {
  void test('outcomes in body order: APPLIED, STAGED (critical field, create), REJECTED; counters; TRIAGED', async () => {
    const target = await patentByProviderId('ACME-0002');
    const other = (await call(`${P}/patents?itemsPerPage=1`, { key: server.keys.otherTenant })).body.data[0];
    const items = [
      {
        providerId: 'ACME-0002',
        title: 'Renamed by sync',
        claimCount: 0,
        officialNumbers: { applicationNumber: 'X' },
      },
      { providerId: 'ACME-0003', office: 'ZZ' },
      { providerId: 'NEW-0001', office: 'FR', title: 'A new one' },
      { providerId: 'ACME-0004', applicationDate: '2020-02-30' },
      { title: 'no identifier' },
      { servicePatentId: crypto.randomUUID(), title: 'unknown' },
      { servicePatentId: other.id, title: 'another tenant' },
      { servicePatentId: target.id, subCase: 'DIV9' },
      { providerId: 'ACME-0005', status: (await patentByProviderId('ACME-0005')).status },
    ];
    const reply = await sync({ externalImportRef: 'inline-1', items });
    assert.equal(reply.status, 201);
    const b = reply.body;
    assert.equal(b.object, 'patentSyncBatch');
    assert.equal(b.mode, 'SYNC');
    assert.equal(b.status, 'TRIAGED');
    assert.notEqual(b.completedAt, null);
    assert.equal(b.totalItems, items.length);
    assert.equal(b.processedItems, items.length);
    assert.deepEqual(b.results.pagination, {
      totalItems: 9,
      currentPage: 1,
      itemsPerPage: 100,
      totalPages: 1,
      hasMore: false,
    });
    const outcomes = b.results.data.map((r: Json) => [r.action, r.outcome]);
    assert.deepEqual(outcomes, [
      ['UPDATE', 'APPLIED'],
      ['UPDATE', 'STAGED'],
      ['CREATE', 'STAGED'],
      [null, 'REJECTED'],
      [null, 'REJECTED'],
      [null, 'REJECTED'],
      [null, 'REJECTED'],
      ['UPDATE', 'APPLIED'],
      ['UPDATE', 'APPLIED'],
    ]);
    assert.deepEqual([b.autoAppliedItems, b.stagedItems, b.rejectedItems, b.suppressedItems], [3, 2, 4, 0]);
    const [applied, staged, created, invalid, noId] = b.results.data;
    assert.equal(applied.servicePatentId, target.id);
    assert.equal(staged.servicePatentId, (await patentByProviderId('ACME-0003')).id);
    assert.equal(created.servicePatentId, null);
    assert.equal(created.providerId, 'NEW-0001');
    assert.equal(noId.providerId, null);
    for (const r of b.results.data) {
      assert.match(r.requestId, /^[0-9a-f-]{36}$/);
      assert.equal(typeof r.reason === 'string', r.outcome === 'REJECTED', JSON.stringify(r));
    }
    assert.match(invalid.reason, /applicationDate/);

    const updated = await patentByProviderId('ACME-0002');
    assert.equal(updated.title, 'Renamed by sync');
    assert.equal(updated.claimCount, null, 'claimCount 0 is stored as null');
    assert.deepEqual(updated.officialNumbers, target.officialNumbers, 'officialNumbers is never written');
    assert.equal(updated.subCase, 'DIV9');
    assert.notEqual((await patentByProviderId('ACME-0003')).office, 'ZZ', 'staged: not written');
    assert.equal(await patentByProviderId('NEW-0001'), undefined);

    const polled = await batch(b.importId);
    assert.equal(polled.body.results.pagination.itemsPerPage, 10);
    assert.deepEqual(polled.body.results.data, b.results.data);
  });

  void test('the envelope is validated: 400 for empty items, non-object entries, empty ref, malformed JSON', async () => {
    for (const [name, init, pointer] of [
      ['empty items', { body: { items: [] } }, '/items'],
      ['missing items', { body: { externalImportRef: 'x' } }, '/items'],
      ['non-object entry', { body: { items: [{ providerId: 'A' }, 'B'] } }, '/items/1'],
      ['null entry', { body: { items: [null] } }, '/items/0'],
      ['empty ref', { body: { externalImportRef: '', items: [{ providerId: 'A' }] } }, '/externalImportRef'],
      ['malformed JSON', { raw: '{"items": [' }, ''],
      ['array body', { body: [{ providerId: 'A' }] }, ''],
    ] as const) {
      const reply = await call(`${P}/patents/sync`, init);
      assert.equal(reply.status, 400, name);
      assert.equal(reply.body.code, 'validation_failed');
      assert.ok(
        reply.body.errors.some((e: Json) => e.pointer === pointer),
        `${name}: ${JSON.stringify(reply.body.errors)}`,
      );
    }
  });

  void test('a batch of another tenant, or an unknown one, is 404; a bad importId is 400', async () => {
    const mine = await sync({ items: [{ providerId: 'ACME-0006', title: 'x' }] });
    assert.equal(
      (await call(`${P}/patents/sync/${mine.body.importId}`, { key: server.keys.otherTenant })).status,
      404,
    );
    assert.equal((await batch(crypto.randomUUID())).status, 404);
    assert.equal((await batch('123')).status, 400);
  });
});

void describe('idempotence', () => {
  void test('same ref and items replay the stored batch; different items give 409 conflict with existingBatchId', async () => {
    const items = [
      { providerId: 'ACME-0007', title: 'Idempotent title' },
      { providerId: 'IDEM-NEW', office: 'DE' },
    ];
    const first = await sync({ externalImportRef: 'idem-1', items });
    const replay = await sync({ externalImportRef: 'idem-1', items: items.map((i) => ({ ...i })) });
    assert.equal(replay.status, 201);
    assert.deepEqual(replay.body, first.body);
    const conflict = await sync({
      externalImportRef: 'idem-1',
      items: [{ providerId: 'ACME-0007', title: 'Other' }],
    });
    assert.equal(conflict.status, 409);
    assert.equal(conflict.body.code, 'conflict');
    assert.equal(conflict.body.existingBatchId, first.body.importId);
    assert.equal((await patentByProviderId('ACME-0007')).title, 'Idempotent title');
  });

  void test('two identical pushes at once make one batch', async () => {
    const body = { externalImportRef: 'race-1', items: [{ providerId: 'ACME-0008', title: 'Raced' }] };
    const replies = await Promise.all([sync(body), sync(body), sync(body)]);
    assert.deepEqual(new Set(replies.map((r) => r.status)), new Set([201]));
    assert.equal(new Set(replies.map((r) => r.body.importId)).size, 1);
    const batches = [...server.state.store.syncBatches.values()].filter(
      (b) => b.externalImportRef === 'race-1',
    );
    assert.equal(batches.length, 1);
  });

  void test('the same ref in another tenant is a different batch', async () => {
    const items = [{ providerId: 'X-1', office: 'FR' }];
    const a = await sync({ externalImportRef: 'shared-ref', items });
    const b = await sync(
      { externalImportRef: 'shared-ref', items: [{ providerId: 'Y-1', office: 'FR' }] },
      server.keys.otherTenant,
    );
    assert.equal(b.status, 201);
    assert.notEqual(a.body.importId, b.body.importId);
  });
});

void describe('background sync', () => {
  void test('more than 100 items: 202 PENDING ASYNC with no results, then completion with every outcome', async () => {
    const existing = ['ACME-0010', 'ACME-0011', 'ACME-0013', 'ACME-0014', 'ACME-0015'];
    const items = Array.from({ length: 150 }, (_, i) =>
      i % 2 === 0
        ? { providerId: existing[i % existing.length], title: `Bulk ${i}` }
        : { title: `invalid ${i}` },
    );
    const accepted = await sync({ externalImportRef: 'bulk-1', items });
    assert.equal(accepted.status, 202);
    const b = accepted.body;
    assert.deepEqual(
      [b.status, b.mode, b.completedAt, b.processedItems, b.totalItems],
      ['PENDING', 'ASYNC', null, 0, 150],
    );
    assert.deepEqual(b.results.data, []);
    const done = await until(b.importId, (x) => x.completedAt !== null);
    assert.equal(done.status, 'SETTLED');
    assert.equal(done.processedItems, 150);
    assert.equal(done.autoAppliedItems + done.rejectedItems, 150);
    assert.equal(done.rejectedItems, 75);
    assert.deepEqual(done.results.pagination, {
      totalItems: 150,
      currentPage: 1,
      itemsPerPage: 10,
      totalPages: 15,
      hasMore: true,
    });
    const big = await batch(b.importId, '?itemsPerPage=500&currentPage=2');
    assert.equal(big.body.results.pagination.itemsPerPage, 100);
    assert.equal(big.body.results.data.length, 50);
    assert.equal(big.body.results.data[0].outcome, 'APPLIED', 'item 100 is even');
    assert.equal(big.body.results.data[1].outcome, 'REJECTED');
    const replay = await sync({ externalImportRef: 'bulk-1', items });
    assert.equal(replay.status, 202, 'a replay repeats the original status code');
    assert.equal(replay.body.importId, b.importId);
  });
});

void describe('review', () => {
  void test('accepted create: ACCEPTED with the new patent id; refused: REJECTED with the reviewer reason; then SETTLED', async () => {
    const items = [
      { providerId: 'REVIEW-NEW', office: 'GB', title: 'Reviewed create', claimCount: -3 },
      { providerId: 'ACME-0031', office: 'JP' },
    ];
    const b = (await sync({ items })).body;
    assert.equal(b.status, 'TRIAGED');
    assert.equal((await review(b.importId, 0, 'accept')).status, 200);
    let polled = (await batch(b.importId)).body;
    assert.equal(polled.status, 'TRIAGED');
    const created = polled.results.data[0];
    assert.equal(created.outcome, 'ACCEPTED');
    const patent = await patentByProviderId('REVIEW-NEW');
    assert.equal(created.servicePatentId, patent.id);
    assert.equal(patent.office, 'GB');
    assert.equal(patent.claimCount, null);
    assert.equal((await call(`${P}/patents/${patent.id}`, { key: server.keys.all })).status, 200);

    const reason = 'Office change not supported by the annuity schedule — see ticket #42';
    assert.equal((await review(b.importId, 1, 'refuse', reason)).status, 200);
    polled = (await batch(b.importId)).body;
    assert.equal(polled.status, 'SETTLED');
    assert.deepEqual([polled.results.data[1].outcome, polled.results.data[1].reason], ['REJECTED', reason]);
    assert.equal(polled.stagedItems, 2, 'stagedItems never decreases');
    assert.equal(
      (await review(b.importId, 1, 'accept')).status,
      409,
      'a decided item cannot be reviewed again',
    );

    const again = (await sync({ items: [{ providerId: 'ACME-0031', office: 'JP' }] })).body;
    assert.equal(again.results.data[0].outcome, 'SUPPRESSED');
    assert.equal(typeof again.results.data[0].reason, 'string');
    assert.equal(again.suppressedItems, 1);
    assert.equal(again.status, 'SETTLED');
  });

  void test('an accepted staged update is applied', async () => {
    const b = (
      await sync({ items: [{ providerId: 'ACME-0033', status: 'LAPSED', lapseDate: '2026-01-01' }] })
    ).body;
    assert.equal(b.results.data[0].outcome, 'STAGED');
    assert.equal((await review(b.importId, 0, 'accept')).status, 200);
    const patent = await patentByProviderId('ACME-0033');
    assert.deepEqual([patent.status, patent.lapseDate], ['LAPSED', '2026-01-01']);
    assert.equal((await batch(b.importId)).body.results.data[0].outcome, 'ACCEPTED');
  });
});
