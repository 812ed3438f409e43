import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  canonical,
  dateMayHaveMoved,
  judgeSightings,
  sightingsOf,
  type TimedSighting,
  type WriteSpan,
} from '../helpers/contract/consistency';
import { judgeConsistency } from '../helpers/run/consistency-ledger';
import { writeOf, type RunWrite } from '../helpers/contract/write-effects';

const P = '11111111-1111-4111-8111-111111111111';
const E = '22222222-2222-4222-8222-222222222222';
const E2 = '33333333-3333-4333-8333-333333333333';
const I = '44444444-4444-4444-8444-444444444444';

const event = (over: Record<string, unknown> = {}) => ({
  object: 'patentEvent',
  id: E,
  patent: { id: P, providerId: 'ACME-1' },
  eventType: 'RENEWAL',
  dueDate: '2026-05-01',
  gracePeriodEndDate: '2026-11-01',
  renewal: { annuityYear: 5 },
  appliedDecision: null,
  duePeriod: 'CURRENT',
  processingStatus: 'NOT_INSTRUCTED',
  feesStatus: 'ESTIMATED',
  isFxRateFrozen: false,
  createdAt: null,
  updatedAt: '2026-01-01T00:00:00Z',
  instructability: {
    isAllowed: true,
    allowedDecisions: ['PROCEED'],
    blockedReason: null,
    opensAt: null,
    mode: 'DIRECT',
  },
  ...over,
});

const fees = (over: Record<string, unknown> = {}) => ({
  object: 'fees',
  invoiceId: null,
  eventId: E,
  patent: { id: P, providerId: 'ACME-1' },
  currency: 'EUR',
  total: '10.00',
  components: [{ type: 'OFFICE', amount: '10.00' }],
  feesStatus: 'ESTIMATED',
  isFxRateFrozen: false,
  ...over,
});

const byKey = (body: unknown, key: string) => sightingsOf(body).filter((s) => s.key === key);

const timed = (
  body: unknown,
  key: string,
  sentAt: number,
  answeredAt: number,
  where: string,
): TimedSighting => {
  const [sighting] = byKey(body, key);
  assert.ok(sighting, `no sighting ${key}`);
  return { ...sighting, sentAt, answeredAt, where };
};

void describe('sightingsOf', () => {
  void it('gives an event its schedule, its frozen rate, its instructability, its patent and the patent providerId copy', () => {
    const keys = sightingsOf(event()).map((s) => s.key);
    assert.deepEqual(keys.sort(), [
      `event-fx:${E}`,
      `event-patent:${E}`,
      `event:${E}:instructability`,
      `event:${E}:schedule`,
      `patent-provider:${P}`,
    ]);
  });

  void it('leaves out what may change with no write: duePeriod, processingStatus, feesStatus, updatedAt', () => {
    const [a] = byKey(event(), `event:${E}:schedule`);
    const [b] = byKey(
      event({
        duePeriod: 'GRACE_PERIOD',
        processingStatus: 'PAYMENT_SENT',
        feesStatus: 'INVOICED',
        updatedAt: null,
      }),
      `event:${E}:schedule`,
    );
    assert.equal(a!.value, b!.value);
  });

  void it('compares a patent without officialNumbers, status and updatedAt', () => {
    const patent = (over: Record<string, unknown>) => ({
      object: 'patent',
      id: P,
      providerId: 'ACME-1',
      title: 'T',
      status: 'GRANTED',
      officialNumbers: { applicationNumber: 'A' },
      updatedAt: '2026-01-01T00:00:00Z',
      ...over,
    });
    const [a] = byKey(patent({}), `patent:${P}`);
    const [b] = byKey(
      patent({ status: 'LAPSED', officialNumbers: { applicationNumber: 'B' }, updatedAt: null }),
      `patent:${P}`,
    );
    const [c] = byKey(patent({ title: 'U' }), `patent:${P}`);
    assert.equal(a!.value, b!.value);
    assert.notEqual(a!.value, c!.value);
  });

  void it('reads embedded fees and invoice lines, but no providerId copy from an invoice line', () => {
    const list = { data: [event({ fees: fees() })] };
    assert.equal(byKey(list, `patent-provider:${P}`).length, 2);
    const invoice = {
      object: 'invoice',
      id: I,
      reference: 'INV-1',
      createdAt: '2026-01-01T12:00:00Z',
      fees: [fees({ feesStatus: 'INVOICED', invoiceId: I })],
    };
    assert.equal(byKey(invoice, `patent-provider:${P}`).length, 0);
    assert.equal(byKey(invoice, `event-patent:${E}`).length, 1);
    assert.equal(byKey(invoice, `invoice:${I}:createdAt`).length, 1);
    assert.equal(byKey(invoice, `invoiced-fees:${E}:${I}`).length, 1);
  });

  void it('compares estimated amounts never, locked amounts always', () => {
    assert.equal(byKey(fees(), `locked-fees:${E}`).length, 0);
    assert.equal(byKey(fees({ feesStatus: 'LOCKED' }), `locked-fees:${E}`)[0]!.causes.length, 0);
  });
});

void describe('canonical', () => {
  void it('ignores member order at every depth', () => {
    assert.equal(
      canonical({ b: 1, a: { d: 2, c: [1, { y: 1, x: 2 }] } }),
      canonical({ a: { c: [1, { x: 2, y: 1 }], d: 2 }, b: 1 }),
    );
  });
});

void describe('dateMayHaveMoved', () => {
  void it('is true across a quarter hour of UTC, where some zone has its midnight', () => {
    const t = Date.parse('2026-01-01T10:14:59.000Z');
    assert.equal(dateMayHaveMoved(t, t + 500), false);
    assert.equal(dateMayHaveMoved(t, t + 1500), true);
  });
});

void describe('judgeSightings', () => {
  const t = Date.parse('2026-01-01T10:01:00.000Z');
  const first = timed(event(), `event:${E}:schedule`, t, t + 10, 'GET /events -> 200');
  const moved = timed(
    event({ dueDate: '2026-05-02' }),
    `event:${E}:schedule`,
    t + 20,
    t + 30,
    'GET /patent-events -> 200',
  );
  const write = (start: number, end: number | undefined, written: RunWrite): WriteSpan => ({
    what: 'POST',
    start,
    end,
    write: written,
  });
  const syncOf = (patentId: string): RunWrite => ({
    kind: 'sync',
    patentIds: [patentId],
    providerIds: [],
    eventIds: [],
  });

  void it('agrees on equal values', () => {
    assert.equal(
      judgeSightings(first, { ...first, sentAt: t + 20, answeredAt: t + 30 }, [], () => undefined),
      undefined,
    );
  });

  void it('fails a difference nobody caused, id first, both exchanges and times in the message', () => {
    const breach = judgeSightings(first, moved, [], () => undefined);
    assert.equal(breach!.requirement, 'EVT-034');
    assert.match(breach!.message, /^\[EVT-034\] /);
    assert.match(breach!.message, /dueDate "2026-05-01" then "2026-05-02"/);
    assert.match(breach!.message, /GET \/events -> 200 \(sent 2026-01-01T10:01:00.000Z/);
    assert.match(breach!.message, /GET \/patent-events -> 200/);
  });

  void it('excuses a write moving the fact under way between the two, not one before or after', () => {
    const reach = syncOf(P);
    assert.equal(
      judgeSightings(first, moved, [write(t + 12, t + 15, reach)], () => undefined),
      undefined,
    );
    assert.equal(
      judgeSightings(first, moved, [write(t - 5, t + 2, reach)], () => undefined),
      undefined,
    );
    assert.equal(
      judgeSightings(first, moved, [write(t + 25, undefined, reach)], () => undefined),
      undefined,
    );
    assert.ok(judgeSightings(first, moved, [write(t - 9, t - 1, reach)], () => undefined));
    assert.ok(judgeSightings(first, moved, [write(t + 31, t + 40, reach)], () => undefined));
    const elsewhere = syncOf('other');
    assert.ok(judgeSightings(first, moved, [write(t + 12, t + 15, elsewhere)], () => undefined));
    // A freeze PUT moves no schedule.
    const freeze = writeOf('PUT', '/api/v2/external/exchange-rate-freezes/2026-05', undefined);
    assert.ok(judgeSightings(first, moved, [write(t + 12, t + 15, freeze)], () => undefined));
  });

  void it('excuses a write made while a long read answered later was under way, sent before the other read', () => {
    const reach = syncOf(P);
    // The sweep (sent first, answered last) began before the write the single read (sent after it) shows.
    const single = timed(event({ dueDate: '2026-05-02' }), `event:${E}:schedule`, t + 20, t + 30, 'single');
    const sweep = timed(event(), `event:${E}:schedule`, t, t + 31, 'sweep');
    assert.equal(
      judgeSightings(single, sweep, [write(t + 5, t + 15, reach)], () => undefined),
      undefined,
    );
    assert.ok(judgeSightings(single, sweep, [], () => undefined));
  });

  void it('excuses an instructability change when the date may have moved, never a schedule change', () => {
    const key = `event:${E}:instructability`;
    const late = t + 15 * 60 * 1000;
    const a = timed(event(), key, t, t + 10, 'a');
    const b = timed(event({ instructability: { isAllowed: false } }), key, late, late + 10, 'b');
    assert.equal(
      judgeSightings(a, b, [], () => undefined),
      undefined,
    );
    const c = { ...moved, sentAt: late, answeredAt: late + 10 };
    assert.ok(judgeSightings(first, c, [], () => undefined));
  });

  void it("excuses a change of a later event's instructability by an instruction of an earlier event of its patent", () => {
    const key = `event:${E2}:instructability`;
    const later = (reason: string) =>
      event({
        id: E2,
        instructability: {
          isAllowed: false,
          allowedDecisions: [],
          blockedReason: reason,
          opensAt: '2027-01-01',
          mode: 'DIRECT',
        },
      });
    // A server may rank EARLIER_EVENT_PENDING first while both hold: once the earlier event is instructed,
    // only TOO_EARLY is left.
    const a = timed(later('EARLIER_EVENT_PENDING'), key, t, t + 10, 'a');
    const b = timed(later('TOO_EARLY'), key, t + 20, t + 30, 'b');
    const instruct = (eventId: string) =>
      write(
        t + 12,
        t + 15,
        writeOf('POST', '/api/v2/external/patent-instructions', { instructions: [{ eventId }] }),
      );
    const patentOf = (e: string) => (e === E ? P : e === 'elsewhere' ? 'other' : undefined);
    assert.equal(judgeSightings(a, b, [instruct(E)], patentOf), undefined);
    assert.equal(
      judgeSightings(a, b, [instruct(E)], () => undefined),
      undefined,
      'an event never seen',
    );
    assert.equal(judgeSightings(a, b, [instruct('elsewhere')], patentOf)?.requirement, 'EVT-032');
  });

  void it("excuses a change of a patent's client data by a push naming it or an instruction of one of its events, not by a freeze", () => {
    const patent = (title: string) => ({ object: 'patent', id: P, providerId: 'ACME-1', title });
    const a = timed(patent('A'), `patent:${P}`, t, t + 10, 'a');
    const b = timed(patent('B'), `patent:${P}`, t + 20, t + 30, 'b');
    const instruction = writeOf('POST', '/api/v2/external/patent-instructions', {
      instructions: [{ eventId: E }],
    });
    const freeze = writeOf('PUT', '/api/v2/external/exchange-rate-freezes/2026-05', undefined);
    assert.equal(
      judgeSightings(a, b, [write(t + 12, t + 15, syncOf(P))], () => P),
      undefined,
    );
    assert.equal(
      judgeSightings(a, b, [write(t + 12, t + 15, instruction)], () => P),
      undefined,
    );
    assert.equal(
      judgeSightings(a, b, [write(t + 12, t + 15, instruction)], () => 'other')?.requirement,
      'PAT-024',
    );
    assert.equal(judgeSightings(a, b, [write(t + 12, t + 15, freeze)], () => P)?.requirement, 'PAT-024');
  });

  void it('never excuses a link between resources, and charges a copy to its own requirement', () => {
    const a = timed(event(), `event-patent:${E}`, t, t + 10, 'a');
    const b = timed(
      fees({ patent: { id: 'other', providerId: 'ACME-1' } }),
      `event-patent:${E}`,
      t + 20,
      t + 30,
      'b',
    );
    assert.equal(
      judgeSightings(a, b, [write(t, t + 30, writeOf('DELETE', '/x', undefined))], () => undefined)
        ?.requirement,
      'FEE-004',
    );
    const patent = { object: 'patent', id: P, providerId: 'ACME-2' };
    const own = timed(patent, `patent-provider:${P}`, t + 20, t + 30, 'patent');
    const copy = timed(event(), `patent-provider:${P}`, t, t + 10, 'event');
    assert.equal(judgeSightings(copy, own, [], () => undefined)?.requirement, 'EVT-002');
  });
});

void describe('guards the clause fixes (docs/guards.md)', () => {
  const whole = (months: string[]) => ({
    data: months.map((yearMonth) => ({ object: 'exchangeRateFreeze', yearMonth })),
    pagination: { currentPage: 1, itemsPerPage: 20, totalItems: months.length, totalPages: 1 },
  });

  void it('an empty freeze list read whole is a fact (no month frozen), told by its operation', () => {
    const empty = sightingsOf(whole([]), [], 'listExchangeRateFreezes').filter(
      (s) => s.key === 'freezes:months',
    );
    assert.equal(empty.length, 1);
    assert.equal(empty[0]!.value, canonical({ months: [] }));
    // Another operation's empty list is no freeze list.
    assert.equal(
      sightingsOf(whole([]), [], 'listInvoices').filter((s) => s.key === 'freezes:months').length,
      0,
    );
  });

  void it('a month that appears after an empty list with no freeze PUT between is a breach of FRZ-015', () => {
    const ns = `guards-test-${Date.now()}`;
    const read = (months: string[], t: number) =>
      judgeConsistency(
        whole(months),
        [],
        `freeze list at ${t}`,
        { sentAt: t, answeredAt: t + 1 },
        ns,
        ns,
        'listExchangeRateFreezes',
      );
    assert.deepEqual(read([], 0), []);
    assert.deepEqual(
      read(['2026-01'], 10).map((b) => b.requirement),
      ['FRZ-015'],
    );
  });

  void it('a sighting answered before the one the ledger holds is still compared with it', () => {
    const ns = `guards-order-${Date.now()}`;
    const patent = (title: string) => ({ object: 'patent', id: P, providerId: 'ACME-1', title });
    // Another worker's sighting answered at 100 is held; this process's own, answered at 50, differs.
    assert.deepEqual(
      judgeConsistency(patent('B'), [], 'later read', { sentAt: 90, answeredAt: 100 }, ns, ns),
      [],
    );
    const breaches = judgeConsistency(
      patent('A'),
      [],
      'earlier read',
      { sentAt: 40, answeredAt: 50 },
      ns,
      ns,
    );
    assert.deepEqual(
      breaches.map((b) => b.requirement),
      ['PAT-024'],
    );
    assert.match(breaches[0]!.message, /first earlier read .*then later read/);
  });
});
