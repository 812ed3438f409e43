/**
 * Reference server over HTTP, the read-only lists and their resources: patents, events (by patent and by
 * period), fees, invoices and exchange-rate freezes. What every operation shares is tests/reference-http.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReferenceServer } from '../reference/server';
import {
  allPages,
  assertProblem,
  call,
  type Json,
  NOW,
  P,
  serveReference,
  server,
} from './reference-http-support';

serveReference();

void describe('patents', () => {
  const fields = ['clientCaseReference', 'office', 'applicationDate', 'publicationNumber', 'status'];

  void test('sort by each allowed field, both directions, nulls last, ties by id', async () => {
    for (const field of fields) {
      for (const descending of [false, true]) {
        const items = await allPages(`${P}/patents?sort=${descending ? '-' : ''}${field}`);
        assert.equal(items.length, 42);
        for (let i = 1; i < items.length; i += 1) {
          const [a, b] = [items[i - 1], items[i]];
          const [x, y] = [a[field], b[field]];
          if (x === null) {
            assert.equal(y, null, `${field}: null before a value`);
            assert.ok(a.id < b.id);
          } else if (y !== null) {
            if (x === y) assert.ok(a.id < b.id, `${field}: ties by id`);
            else
              assert.ok(
                descending ? x > y : x < y,
                `${field} ${descending ? 'desc' : 'asc'}: ${x} then ${y}`,
              );
          }
        }
        assert.ok(
          items.some((p) => p[field] === null) || field === 'office',
          `the seed has nulls in ${field}`,
        );
      }
    }
  });

  void test('an unknown sort field gives 400 at /sort', async () => {
    for (const sort of ['title', '-id', '', 'office,status']) {
      const reply = await call(`${P}/patents?sort=${encodeURIComponent(sort)}`);
      assertProblem(reply, 400, 'validation_failed');
      assert.equal(reply.body.errors[0].pointer, '/sort');
    }
  });

  void test('providerId filters by exact match, at most one patent, never another tenant’s', async () => {
    const one = await call(`${P}/patents?providerId=ACME-0001`);
    assert.equal(one.body.data.length, 1);
    assert.equal(one.body.data[0].providerId, 'ACME-0001');
    assert.equal((await call(`${P}/patents?providerId=acme-0001`)).body.data.length, 0);
    assert.equal((await call(`${P}/patents?providerId=BORE-0001`)).body.data.length, 0);
    assert.equal(
      (await call(`${P}/patents?providerId=BORE-0001`, { key: server.keys.otherTenant })).body.data.length,
      1,
    );
  });

  void test('the seed has the variety the suite needs', async () => {
    const patents = await allPages(`${P}/patents`);
    const offices = new Set(patents.map((p) => p.office));
    for (const office of ['WO', 'EP', 'EA', 'US', 'FR', 'DE', 'GB', 'JP'])
      assert.ok(offices.has(office), office);
    assert.ok(patents.some((p) => p.providerId === null));
    assert.ok(patents.every((p) => (p.office === 'WO') === Array.isArray(p.designatedCountries)));
    assert.ok(new Set(patents.map((p) => p.owner)).size >= 3);
    assert.ok(new Set(patents.map((p) => p.clientFamilyReference)).size >= 5);
    assert.ok(new Set(patents.map((p) => p.status)).size >= 4);
    const patent = (await call(`${P}/patents/${patents[0].id}`)).body;
    assert.deepEqual(patent, patents[0]);
    assert.equal(patent.object, 'patent');
  });

  void test('a bad patentId is 400 invalid_string at /patentId', async () => {
    const reply = await call(`${P}/patents/123`);
    assertProblem(reply, 400, 'validation_failed');
    assert.deepEqual(
      reply.body.errors.map((e: Json) => [e.pointer, e.code]),
      [['/patentId', 'invalid_string']],
    );
  });
});

void describe('events', () => {
  void test('events of a patent are ordered by due date and well formed', async () => {
    const patents = await allPages(`${P}/patents`);
    let withSequence = 0;
    for (const patent of patents) {
      const events = await allPages(`${P}/patents/${patent.id}/events`);
      assert.ok(events.length >= 3 && events.length <= 8, `${events.length} events`);
      for (let i = 0; i < events.length; i += 1) {
        const e = events[i];
        assert.equal(e.object, 'patentEvent');
        assert.equal(e.patent.id, patent.id);
        assert.equal(e.eventType, 'RENEWAL');
        assert.notEqual(e.renewal, null);
        if ('paymentSequenceNumber' in e.renewal) {
          withSequence += 1;
          assert.notEqual(e.renewal.paymentSequenceNumber, e.renewal.annuityYear);
        }
        assert.equal('fees' in e, false);
        assert.equal(e.instructability.isAllowed, e.instructability.allowedDecisions.length > 0);
        assert.equal(e.instructability.isAllowed, e.instructability.blockedReason === null);
        assert.equal(e.instructability.mode, 'DIRECT');
        if (i > 0) {
          assert.ok(events[i - 1].dueDate <= e.dueDate);
          assert.ok(events[i - 1].renewal.annuityYear < e.renewal.annuityYear);
        }
      }
    }
    assert.ok(withSequence > 0);
  });

  void test('opensAt is the first day of the month two months before the due month; duePeriod follows the clock', async () => {
    const events = await allPages(`${P}/patent-events?dueFrom=2000-01-01&dueTo=2100-01-01`);
    const periods = new Set<string>();
    for (const e of events) {
      const [y, m] = e.dueDate.split('-').map(Number);
      const index = y * 12 + (m - 1) - 2;
      const opensAt = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
      assert.equal(e.instructability.opensAt, opensAt);
      const today = '2026-03-15';
      const expected =
        today < opensAt
          ? 'UPCOMING'
          : today <= e.dueDate
            ? 'CURRENT'
            : today <= e.gracePeriodEndDate
              ? 'GRACE_PERIOD'
              : 'LAPSED';
      assert.equal(e.duePeriod, expected);
      periods.add(e.duePeriod);
    }
    assert.deepEqual([...periods].sort(), ['CURRENT', 'GRACE_PERIOD', 'LAPSED', 'UPCOMING']);
  });

  void test('an event is found only under its own patent', async () => {
    const [first, second] = await allPages(`${P}/patents`);
    const event = (await call(`${P}/patents/${first.id}/events?itemsPerPage=1`)).body.data[0];
    assert.equal((await call(`${P}/patents/${first.id}/events/${event.id}`)).status, 200);
    assertProblem(await call(`${P}/patents/${second.id}/events/${event.id}`), 404, 'not_found');
    assertProblem(await call(`${P}/patents/${second.id}/events/${event.id}/fees`), 404, 'not_found');
    assertProblem(await call(`${P}/patents/${first.id}/events/nope`), 400, 'validation_failed');
  });
});

void describe('events by period', () => {
  void test('a missing or incomplete window, or an inverted one, gives 400', async () => {
    for (const query of [
      '',
      'dueFrom=2026-01-01',
      'dueTo=2026-01-01',
      'dueFrom=2026-03-01&dueTo=2026-02-01',
      'dueMonth=2026-13',
      'dueMonth=2026-1',
      'dueMonth=abc',
      'dueFrom=2026-02-30&dueTo=2026-03-01',
      'dueMonth=2026-03&dueFrom=2026-03-01&dueTo=2026-03-31',
    ]) {
      const reply = await call(`${P}/patent-events?${query}`);
      assertProblem(reply, 400, 'validation_failed');
      assert.ok(reply.body.errors.length > 0, query);
      for (const error of reply.body.errors) assert.match(error.pointer, /^(\/[^/]+)+$/);
    }
  });

  void test('the window is inclusive and dueMonth is a whole month', async () => {
    const all = await allPages(`${P}/patent-events?dueFrom=2000-01-01&dueTo=2100-01-01`);
    const target = all.find((e) => e.dueDate.startsWith('2026-04'));
    const day = target.dueDate;
    const exact = await allPages(`${P}/patent-events?dueFrom=${day}&dueTo=${day}`);
    assert.ok(exact.some((e) => e.id === target.id));
    assert.ok(exact.every((e) => e.dueDate === day));
    const month = await allPages(`${P}/patent-events?dueMonth=2026-04`);
    assert.deepEqual(
      month.map((e) => e.id).sort(),
      all
        .filter((e) => e.dueDate.startsWith('2026-04'))
        .map((e) => e.id)
        .sort(),
    );
    for (let i = 1; i < all.length; i += 1) assert.ok(all[i - 1].dueDate <= all[i].dueDate);
  });

  void test('filters narrow: offices (repeated or comma-separated), owners, family, eventTypes', async () => {
    const window = 'dueFrom=2000-01-01&dueTo=2100-01-01';
    const patents = new Map((await allPages(`${P}/patents`)).map((p) => [p.id, p]));
    const all = await allPages(`${P}/patent-events?${window}`);
    const repeated = await allPages(`${P}/patent-events?${window}&offices=EP&offices=US`);
    const comma = await allPages(`${P}/patent-events?${window}&offices=EP,US`);
    assert.deepEqual(repeated, comma);
    assert.deepEqual(
      repeated.map((e) => e.id),
      all.filter((e) => ['EP', 'US'].includes(patents.get(e.patent.id).office)).map((e) => e.id),
    );
    const owner = 'Cobalt Energy Ltd';
    const byOwner = await allPages(`${P}/patent-events?${window}&owners=${encodeURIComponent(owner)}`);
    assert.ok(byOwner.length > 0 && byOwner.length < all.length);
    assert.ok(byOwner.every((e) => patents.get(e.patent.id).owner === owner));
    const byFamily = await allPages(`${P}/patent-events?${window}&family=FAM-002`);
    assert.ok(
      byFamily.length > 0 &&
        byFamily.every((e) => patents.get(e.patent.id).clientFamilyReference === 'FAM-002'),
    );
    assert.equal((await allPages(`${P}/patent-events?${window}&eventTypes=RENEWAL`)).length, all.length);
    assert.equal((await allPages(`${P}/patent-events?${window}&eventTypes=OPPOSITION`)).length, 0);
  });

  void test('include=fees attaches the fees of each event; unknown include values are ignored', async () => {
    const plain = await call(`${P}/patent-events?dueMonth=2026-03`);
    assert.ok(plain.body.data.every((e: Json) => !('fees' in e)));
    const withFees = await call(`${P}/patent-events?dueMonth=2026-03&include=bogus,fees`);
    assert.equal(withFees.status, 200);
    for (const e of withFees.body.data) {
      assert.equal(e.fees.object, 'fees');
      assert.equal(e.fees.eventId, e.id);
      const fees = (await call(`${P}/patents/${e.patent.id}/events/${e.id}/fees`)).body;
      assert.deepEqual(e.fees, fees);
    }
    assert.equal((await call(`${P}/patent-events?dueMonth=2026-03&include=bogus`)).status, 200);
  });
});

void describe('fees', () => {
  void test('components: OFFICE and SERVICE always, AGENT off EP/WO, GRACE_PERIOD only in grace; total is the exact sum', async () => {
    const patents = new Map((await allPages(`${P}/patents`)).map((p) => [p.id, p]));
    const events = await allPages(`${P}/patent-events?dueFrom=2000-01-01&dueTo=2100-01-01&include=fees`);
    const statuses = new Set<string>();
    for (const e of events) {
      const fees = e.fees;
      const types = fees.components.map((c: Json) => c.type);
      statuses.add(fees.feesStatus);
      assert.equal(fees.feesStatus, e.feesStatus);
      assert.ok(types.includes('OFFICE') && types.includes('SERVICE'));
      assert.equal(types.includes('AGENT'), !['EP', 'WO'].includes(patents.get(e.patent.id).office));
      if (fees.feesStatus === 'ESTIMATED')
        assert.equal(types.includes('GRACE_PERIOD'), e.duePeriod === 'GRACE_PERIOD');
      const cents = fees.components.reduce(
        (sum: number, c: Json) => sum + Math.round(Number(c.amount) * 100),
        0,
      );
      assert.equal(Math.round(Number(fees.total) * 100), cents);
      for (const c of fees.components) assert.match(c.amount, /^-?\d+\.\d{2}$/);
      assert.equal(fees.invoiceId === null, fees.feesStatus !== 'INVOICED');
      assert.equal(fees.regularizedInvoiceId, null);
      assert.equal(fees.regularizationReason, null);
    }
    assert.deepEqual([...statuses].sort(), ['ESTIMATED', 'INVOICED', 'LOCKED']);
    assert.ok(events.some((e) => e.fees.currency === 'USD') && events.some((e) => e.fees.currency === 'GBP'));
  });
});

void describe('invoices', () => {
  void test('patent invoices only, at least 25, every origin, sorted by -issueDate by default with nulls last', async () => {
    const invoices = await allPages(`${P}/invoices`);
    assert.ok(invoices.length >= 25, `${invoices.length}`);
    assert.ok(invoices.every((i) => i.ipRightType === 'PATENT'));
    assert.deepEqual([...new Set(invoices.map((i) => i.origin))].sort(), [
      'GENERATED',
      'IMPORTED',
      'REGULARIZATION',
    ]);
    for (let i = 1; i < invoices.length; i += 1) {
      const [a, b] = [invoices[i - 1].issueDate, invoices[i].issueDate];
      if (a !== null && b !== null) assert.ok(a >= b);
      else assert.equal(b, null);
    }
    assert.ok(new Set(invoices.map((i) => i.createdAt.slice(0, 10))).size >= 5);
    for (const trademark of [...server.state.store.invoices.values()].filter(
      (i) => i.ipRightType === 'TRADEMARK',
    )) {
      assertProblem(await call(`${P}/invoices/${trademark.id}`), 404, 'not_found');
    }
  });

  void test('origins: IMPORTED have no number; REGULARIZATION lines point at an earlier invoice with a reason', async () => {
    const invoices = await allPages(`${P}/invoices`);
    const byId = new Map(invoices.map((i) => [i.id, i]));
    for (const invoice of invoices) {
      assert.equal(invoice.number === null, invoice.origin === 'IMPORTED');
      let cents = 0;
      for (const line of invoice.fees) {
        assert.equal(line.feesStatus, 'INVOICED');
        assert.equal(line.invoiceId, invoice.id);
        cents += Math.round(Number(line.total) * 100);
        if (invoice.origin === 'REGULARIZATION') {
          const original = byId.get(line.regularizedInvoiceId);
          assert.ok(original, 'points at an invoice of the list');
          assert.ok(original.createdAt < invoice.createdAt);
          assert.ok(['NOT_PAYABLE', 'ANNUITY_ERROR', 'ACCOUNTING_ERROR'].includes(line.regularizationReason));
        } else {
          assert.equal(line.regularizedInvoiceId, null);
          assert.equal(line.regularizationReason, null);
        }
      }
      assert.equal(Math.round(Number(invoice.subtotalExcludingTax) * 100), cents);
      const single = await call(`${P}/invoices/${invoice.id}`, { key: server.keys.invoicesRead });
      assert.deepEqual(single.body, invoice);
    }
  });

  void test('sorting by createdAt and issueDate both ways; unknown sort gives 400', async () => {
    for (const sort of ['createdAt', '-createdAt', 'issueDate']) {
      const items = await allPages(`${P}/invoices?sort=${sort}`);
      const field = sort.replace('-', '');
      for (let i = 1; i < items.length; i += 1) {
        const [a, b] = [items[i - 1][field], items[i][field]];
        assert.ok(sort.startsWith('-') ? a >= b : a <= b, `${sort}: ${a} then ${b}`);
      }
    }
    const reply = await call(`${P}/invoices?sort=number`);
    assertProblem(reply, 400, 'validation_failed');
    assert.equal(reply.body.errors[0].pointer, '/sort');
  });

  void test('issue-date and created windows are inclusive; To before From gives 400', async () => {
    const invoices = await allPages(`${P}/invoices`);
    const imported = invoices.find((i) => i.origin === 'IMPORTED');
    const created = imported.createdAt.slice(0, 10);
    const byCreated = await allPages(`${P}/invoices?createdFrom=${created}&createdTo=${created}`);
    assert.ok(byCreated.some((i) => i.id === imported.id));
    assert.ok(byCreated.every((i) => i.createdAt.slice(0, 10) === created));
    const byIssue = await allPages(
      `${P}/invoices?issueDateFrom=${imported.issueDate}&issueDateTo=${imported.issueDate}`,
    );
    assert.ok(byIssue.some((i) => i.id === imported.id));
    assert.notEqual(imported.issueDate, created, 'IMPORTED invoices are backdated');
    const since = await allPages(`${P}/invoices?createdFrom=${created}`);
    assert.ok(since.every((i) => i.createdAt.slice(0, 10) >= created));
    for (const query of [
      'issueDateFrom=2026-02-01&issueDateTo=2026-01-01',
      'createdFrom=2026-02-01&createdTo=2026-01-31',
    ]) {
      assertProblem(await call(`${P}/invoices?${query}`), 400, 'validation_failed');
    }
    assertProblem(await call(`${P}/invoices?createdFrom=yesterday`), 400, 'validation_failed');
  });
});

void describe('exchange-rate freezes', () => {
  void test('list of frozen months; a month read lists its events with their freeze flag', async () => {
    const list = await call(`${P}/exchange-rate-freezes`, { key: server.keys.freezesWrite });
    assert.equal(list.status, 200);
    assert.ok(list.body.data.length >= 2);
    for (const item of list.body.data) assert.deepEqual(Object.keys(item).sort(), ['object', 'yearMonth']);
    const frozen = list.body.data[0].yearMonth;
    const month = await call(`${P}/exchange-rate-freezes/${frozen}`);
    assert.equal(month.body.object, 'exchangeRateFreeze');
    assert.ok(month.body.events.length > 0);
    for (const e of month.body.events) {
      assert.equal(e.object, 'frozenRateEvent');
      assert.equal(e.isFxRateFrozen, true);
      assert.ok(e.dueDate.startsWith(frozen));
    }
    const events = await allPages(`${P}/patent-events?dueMonth=${frozen}`);
    assert.ok(events.every((e) => e.isFxRateFrozen));
  });

  void test('PUT freezes a month (events and fees too), idempotently; a month not frozen reads isFxRateFrozen false', async () => {
    const own = createReferenceServer({ now: NOW });
    const req = async (path: string, method = 'GET') => {
      const r = await own.app.request(path, { method, headers: { 'x-api-key': own.keys.all } });
      return { status: r.status, body: (await r.json()) as Json };
    };
    const month = '2026-04';
    const before = await req(`${P}/exchange-rate-freezes/${month}`);
    assert.equal(before.status, 200);
    assert.ok(before.body.events.length > 0);
    assert.ok(before.body.events.every((e: Json) => e.isFxRateFrozen === false));
    const put = await req(`${P}/exchange-rate-freezes/${month}`, 'PUT');
    assert.equal(put.status, 200);
    assert.ok(put.body.events.every((e: Json) => e.isFxRateFrozen === true));
    const again = await req(`${P}/exchange-rate-freezes/${month}`, 'PUT');
    assert.deepEqual(again, put);
    const events = (await req(`${P}/patent-events?dueMonth=${month}&include=fees`)).body.data;
    assert.ok(events.every((e: Json) => e.isFxRateFrozen && e.fees.isFxRateFrozen));
    const list = (await req(`${P}/exchange-rate-freezes?itemsPerPage=100`)).body.data.map(
      (i: Json) => i.yearMonth,
    );
    assert.ok(list.includes(month));
    for (const e of put.body.events) {
      const event = events.find((x: Json) => x.dueDate === e.dueDate);
      assert.ok(event);
      assert.equal(e.hasInstruction, event.appliedDecision !== null);
    }
  });

  void test('a bad yearMonth gives 400 at /yearMonth', async () => {
    for (const bad of ['2026-13', '2026-1', 'abc', '2026-00', '202603']) {
      for (const method of ['GET', 'PUT']) {
        const reply = await call(`${P}/exchange-rate-freezes/${bad}`, { method });
        assertProblem(reply, 400, 'validation_failed');
        assert.equal(reply.body.errors[0].pointer, '/yearMonth');
      }
    }
  });
});
