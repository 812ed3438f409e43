/**
 * The relations (helpers/rules/relations.ts): each row cites an active requirement the catalogue marks
 * `decidable: relation`, every such requirement has a row, and each row's judge bites on the pair it is about
 * and holds on the pairs time or the contract explain.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RELATIONS, relationSidesOf, type TimedSide, type Verdict } from '../helpers/rules/relations';
import { judgeConsistency, judgeRelations } from '../helpers/run/consistency-ledger';
import { loadRequirements } from '../schemas/requirements';
import type { AnswerFacts } from '../helpers/contract/invariant-types';
import { answer } from './answer-support';

const catalogue = loadRequirements().requirements.filter((r) => !r.retired);

void test('every relation cites a requirement marked decidable: relation, and every such requirement has a row', () => {
  const byId = new Map(catalogue.map((r) => [r.id, r]));
  for (const relation of RELATIONS) {
    const requirement = byId.get(relation.requirement);
    assert.ok(requirement, `${relation.id}: ${relation.requirement} is not an active requirement`);
    assert.equal(requirement.decidable, 'relation', `${relation.id}: ${relation.requirement} is not marked`);
  }
  const rowed = new Set(RELATIONS.map((r) => r.requirement));
  assert.deepEqual(
    catalogue.filter((r) => r.decidable === 'relation' && !rowed.has(r.id)).map((r) => r.id),
    [],
    'requirements marked decidable: relation with no row in helpers/rules/relations.ts',
  );
  assert.equal(new Set(RELATIONS.map((r) => r.id)).size, RELATIONS.length, 'row names are unique');
});

void test('every relation clause is the contract verbatim', async () => {
  const fs = await import('node:fs');
  const contract = fs.readFileSync(`${__dirname}/../schemas/patent-renewal-api-v2.md`, 'utf8');
  for (const relation of RELATIONS)
    assert.ok(contract.includes(relation.clause), `${relation.id}: ${relation.clause}`);
});

const facts = answer;

const E = '11111111-1111-4111-8111-111111111111';
const P = '22222222-2222-4222-8222-222222222222';
const X = '33333333-3333-4333-8333-333333333333';

/** The sides of `relation` an answer shows, timed at [sentAt, answeredAt]. */
function timed(relation: string, answered: AnswerFacts, sentAt: number, answeredAt: number): TimedSide[] {
  return relationSidesOf(answered)
    .filter((s) => s.relation === relation)
    .map((s) => ({ ...s, sentAt, answeredAt, where: `${answered.operationId} at ${sentAt}` }));
}

function judge(relation: string, first: TimedSide[], second: TimedSide[]): (string | undefined)[] {
  const text = (v: Verdict) => (typeof v === 'object' ? v.breach : v);
  const row = RELATIONS.find((r) => r.id === relation)!;
  const all = [...first, ...second];
  const a = all.filter((s) => s.side === 'a');
  const b = all.filter((s) => s.side === 'b');
  assert.ok(a.length > 0 && b.length > 0, `${relation}: both sides sighted`);
  return a.flatMap((x) => b.filter((y) => y.join === x.join).map((y) => text(row.judge(x, y))));
}

const event = (feesStatus: string, appliedDecision: string | null = null) => ({
  object: 'patentEvent',
  id: E,
  patent: { id: P, providerId: null },
  feesStatus,
  appliedDecision,
});
const fees = (feesStatus: string, invoiceId: string | null = null) => ({
  object: 'fees',
  eventId: E,
  invoiceId,
  patent: { id: P, providerId: null },
  feesStatus,
});
const getEvent = (e: object) =>
  facts({ operationId: 'getPatentEvent', pathParams: { patentId: P, eventId: E }, body: e });
const getFees = (f: object) =>
  facts({ operationId: 'getEventFees', pathParams: { patentId: P, eventId: E }, body: f });
const post = (decision: string) =>
  facts({
    method: 'POST',
    operationId: 'postInstructions',
    status: 201,
    requestBody: { instructions: [{ eventId: E, decision }] },
    body: { object: 'instructionReceipt', instructions: [] },
  });

void test('FEE-017: an event and its fees disagree on the status; invoicing between the reads explains LOCKED then INVOICED', () => {
  const R = 'event-fees-status-is-its-fees-status';
  assert.match(
    judge(R, timed(R, getEvent(event('LOCKED')), 0, 1), timed(R, getFees(fees('ESTIMATED')), 2, 3))[0]!,
    /LOCKED.*ESTIMATED/,
  );
  assert.deepEqual(
    judge(R, timed(R, getEvent(event('LOCKED')), 0, 1), timed(R, getFees(fees('INVOICED', X)), 2, 3)),
    ['holds'],
  );
  assert.match(
    judge(R, timed(R, getEvent(event('INVOICED')), 0, 1), timed(R, getFees(fees('LOCKED')), 2, 3))[0]!,
    /INVOICED/,
  );
  // One answer showing both (include=fees) leaves no time for an invoicing.
  const both = facts({
    operationId: 'listEventsByPeriod',
    body: { data: [{ ...event('LOCKED'), fees: fees('INVOICED', X) }] },
  });
  const sides = timed(R, both, 5, 6);
  assert.match(judge(R, sides, [])[0]!, /LOCKED.*INVOICED/);
});

void test('FEE-018 and INV-025: the invoice named must have a line for the event', () => {
  const R = 'invoiced-fees-have-a-line-on-their-invoice';
  const invoice = (lines: string[]) =>
    facts({
      operationId: 'getInvoice',
      body: {
        object: 'invoice',
        id: X,
        origin: 'GENERATED',
        fees: lines.map((eventId) => ({ ...fees('INVOICED', X), eventId })),
      },
    });
  const f = timed(R, getFees(fees('INVOICED', X)), 0, 1);
  assert.deepEqual(judge(R, f, timed(R, invoice([E]), 2, 3)), ['holds']);
  assert.match(judge(R, f, timed(R, invoice([P]), 2, 3))[0]!, /no line for the event/);
  const G = 'regularization-line-corrects-a-billed-line';
  const Y = '44444444-4444-4444-8444-444444444444';
  const reg = facts({
    operationId: 'listInvoices',
    body: {
      data: [
        {
          object: 'invoice',
          id: Y,
          origin: 'REGULARIZATION',
          fees: [{ ...fees('INVOICED', Y), regularizedInvoiceId: X }],
        },
        { object: 'invoice', id: X, origin: 'GENERATED', fees: [] },
      ],
    },
  });
  assert.match(judge(G, timed(G, reg, 0, 1), [])[0]!, /REGULARIZATION line names invoice/);
});

void test('DOC-007, DOC-008: the invoice download against the fees status, by time', () => {
  const doc = (status: number) =>
    facts({ operationId: 'getInvoiceDocument', status, pathParams: { patentId: P, eventId: E } });
  const N = 'invoice-document-not-before-invoicing';
  assert.match(judge(N, timed(N, doc(200), 0, 1), timed(N, getFees(fees('LOCKED')), 2, 3))[0]!, /served/);
  assert.deepEqual(judge(N, timed(N, getFees(fees('LOCKED')), 0, 1), timed(N, doc(200), 2, 3)), [
    'undecided',
  ]);
  const O = 'invoice-document-once-invoiced';
  assert.match(judge(O, timed(O, getEvent(event('INVOICED')), 0, 1), timed(O, doc(404), 2, 3))[0]!, /404/);
  assert.deepEqual(judge(O, timed(O, doc(404), 0, 1), timed(O, getEvent(event('INVOICED')), 2, 3)), [
    'undecided',
  ]);
});

void test('DOC-009, INS-008, FEE-010: what an executed instruction fixes for later reads', () => {
  const D = 'instruction-receipt-once-instructed';
  const receipt = (status: number) =>
    facts({ operationId: 'getInstructionReceiptDocument', status, pathParams: { patentId: P, eventId: E } });
  assert.match(judge(D, timed(D, post('DROP'), 0, 1), timed(D, receipt(404), 2, 3))[0]!, /404/);
  assert.deepEqual(judge(D, timed(D, receipt(404), 0, 1), timed(D, post('DROP'), 2, 3)), ['undecided']);
  const I = 'executed-decision-shows-on-the-event';
  assert.match(
    judge(I, timed(I, post('PROCEED'), 0, 1), timed(I, getEvent(event('LOCKED', 'DROP')), 2, 3))[0]!,
    /DROP/,
  );
  assert.deepEqual(
    judge(I, timed(I, post('PROCEED'), 0, 1), timed(I, getEvent(event('LOCKED', 'PROCEED')), 2, 3)),
    ['holds'],
  );
  const L = 'proceed-locks-the-fees';
  assert.match(
    judge(L, timed(L, post('PROCEED'), 0, 1), timed(L, getFees(fees('ESTIMATED')), 2, 3))[0]!,
    /ESTIMATED/,
  );
});

void test('PER-016: a by-period event must be among its patent events read whole', () => {
  const R = 'by-period-event-listed-under-its-patent';
  const period = facts({
    operationId: 'listEventsByPeriod',
    body: { pagination: {}, data: [event('ESTIMATED')] },
  });
  const whole = (ids: string[]) =>
    facts({
      operationId: 'listPatentEvents',
      pathParams: { patentId: P },
      body: {
        pagination: { currentPage: 1, totalItems: ids.length },
        data: ids.map((id) => ({ ...event('ESTIMATED'), id })),
      },
    });
  assert.deepEqual(judge(R, timed(R, period, 0, 1), timed(R, whole([E]), 2, 3)), ['holds']);
  assert.match(judge(R, timed(R, period, 0, 1), timed(R, whole([X]), 2, 3))[0]!, /not among/);
  // A page that does not hold every item says nothing of membership.
  const part = facts({
    operationId: 'listPatentEvents',
    pathParams: { patentId: P },
    body: { pagination: { currentPage: 1, totalItems: 5 }, data: [] },
  });
  assert.deepEqual(timed(R, part, 0, 1), []);
});

void test('the ledger pairs a download with its event only under the patent the run saw the event under', () => {
  const ns = `relations-test-${Date.now()}`;
  const times = (t: number) => ({ sentAt: t, answeredAt: t + 1 });
  // The event read INVOICED under its patent P: the ledger learns its patent and its fees status.
  judgeConsistency(event('INVOICED'), [], 'event read', times(0), ns, ns);
  judgeRelations(getEvent(event('INVOICED')), 'event read', times(0), ns, ns);
  const doc = (patentId: string) =>
    facts({ operationId: 'getInvoiceDocument', status: 404, pathParams: { patentId, eventId: E } });
  // Asked under another patent, a 404 is another resource's: no pair, no breach.
  assert.deepEqual(judgeRelations(doc(X), 'download under another patent', times(10), ns, ns), []);
  // Under its own patent, the 404 once INVOICED is a breach of DOC-008.
  const made = judgeRelations(doc(P), 'download under its patent', times(20), ns, ns);
  assert.ok(
    made.some((m) => m.requirement === 'DOC-008' && m.breach !== undefined),
    JSON.stringify(made),
  );
});

void test("a side is judged against the latest other side answered before it was sent: another worker's later read does not hide the pair", () => {
  const ns = `relations-history-${Date.now()}`;
  judgeConsistency(event('INVOICED'), [], 'event read', { sentAt: 0, answeredAt: 1 }, ns, ns);
  // This worker read the event INVOICED (answered at 11), then asked its invoice document (sent at 12) ...
  judgeRelations(getEvent(event('INVOICED')), 'this worker', { sentAt: 10, answeredAt: 11 }, ns, ns);
  // ... while another worker's read of the same event was answered at 13, before the download's answer (20).
  judgeRelations(getEvent(event('INVOICED')), 'another worker', { sentAt: 12, answeredAt: 13 }, ns, ns);
  const download = facts({
    operationId: 'getInvoiceDocument',
    status: 404,
    pathParams: { patentId: P, eventId: E },
  });
  const made = judgeRelations(download, 'download', { sentAt: 12, answeredAt: 20 }, ns, ns);
  assert.ok(
    made.some((m) => m.relation === 'invoice-document-once-invoiced' && m.breach !== undefined),
    JSON.stringify(made),
  );
});
