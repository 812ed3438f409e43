/**
 * The formats of every answer (helpers/rules/conventions.ts, documents.ts, freezes.ts, evolution.ts; the
 * value formats of helpers/contract/value-formats.ts), pure, through the registry: `object`,
 * dates, UTC timestamps and money judged by the schema of each value; the PDF bytes and the Content-Disposition
 * of a download; the members of a freeze's events; the path prefix. Each breaks on a faulty answer, holds on a
 * conformant one (the freedoms included: +00:00, a lower-case z, fewer decimals, filename*, a token filename,
 * frozen events without object) and judges nothing where the answer does not show it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answer, breachesOf } from './answer-support';
import type { AnswerFacts } from '../helpers/contract/invariant-types';
import { isDocumentOperation } from '../helpers/contract/schema-walk';
import { isUtcTimestamp } from '../helpers/contract/value-formats';
import { dispositionProblem } from '../helpers/rules/documents';
import { frozenRateEventProblem } from '../helpers/rules/freezes';
import { INVARIANTS } from '../helpers/rules/registry';

const FEES = {
  object: 'fees',
  invoiceId: null,
  currency: 'EUR',
  total: '120.5',
  components: [{ type: 'OFFICE', amount: '120.5000' }],
};
const EVENT = {
  object: 'patentEvent',
  eventType: 'RENEWAL',
  dueDate: '2026-03-31',
  gracePeriodEndDate: null,
  createdAt: '2026-01-05T09:30:00.000Z',
  updatedAt: '2026-01-05T09:30:00+00:00',
  processingStatusUpdatedAt: '2026-01-05t09:30:00z',
  fees: FEES,
};
const events = (...data: unknown[]) =>
  answer({
    operationId: 'listEventsByPeriod',
    path: '/api/v2/external/events',
    body: { data, pagination: { totalItems: data.length, currentPage: 1, itemsPerPage: 10, totalPages: 1 } },
  });

void test('the registry holds the format invariants', () => {
  for (const id of [
    'CONV-002',
    'CONV-005',
    'CONV-006',
    'CONV-007',
    'DOC-001',
    'DOC-004',
    'FRZ-004',
    'EVO-001',
  ])
    assert.ok(
      INVARIANTS.some((i) => i.id === id),
      id,
    );
});

void test('CONV-002: a resource without object, or naming another type, breaks; an optional object may be absent', () => {
  assert.deepEqual(breachesOf('CONV-002', events(EVENT)), []);
  const bare = { ...FEES, object: undefined };
  assert.deepEqual(breachesOf('CONV-002', events({ ...EVENT, fees: bare })), [
    '/data/0/fees: carries no object member',
  ]);
  const invoice = answer({
    operationId: 'getInvoice',
    body: { object: 'invoice', createdAt: '2026-01-05T09:30:00Z', fees: [{ ...FEES, object: 'fee' }] },
  });
  assert.equal(breachesOf('CONV-002', invoice)!.length, 1, 'an invoice line named otherwise');
  const freeze = (event: object) =>
    answer({ operationId: 'getExchangeRateFreeze', body: { object: 'exchangeRateFreeze', events: [event] } });
  assert.deepEqual(
    breachesOf('CONV-002', freeze({ dueDate: '2026-01-02' })),
    [],
    'frozen event without object',
  );
  assert.equal(breachesOf('CONV-002', freeze({ object: 7 }))!.length, 1);
  assert.equal(breachesOf('CONV-002', answer({ body: { object: 'patent' } })), undefined, 'no operation');
});

void test('CONV-005, CONV-006: calendar dates and UTC timestamps; Z, z and +00:00, any fraction; null is not judged', () => {
  assert.deepEqual(breachesOf('CONV-005', events(EVENT)), []);
  assert.deepEqual(breachesOf('CONV-006', events(EVENT)), []);
  assert.deepEqual(breachesOf('CONV-005', events({ ...EVENT, dueDate: '2026-03-31T00:00:00.000Z' })), [
    '/data/0/dueDate: date "2026-03-31T00:00:00.000Z"',
  ]);
  assert.equal(breachesOf('CONV-005', events({ ...EVENT, dueDate: '2026-02-30' }))!.length, 1);
  for (const stamp of [
    '2026-01-05T09:30:00',
    '2026-01-05T10:30:00+01:00',
    '2026-01-05T09:30:00-00:00',
    1767605400,
  ])
    assert.equal(breachesOf('CONV-006', events({ ...EVENT, createdAt: stamp }))!.length, 1, String(stamp));
  assert.equal(breachesOf('CONV-005', events({ dueDate: null })), undefined, 'only a null date');
  assert.ok(isUtcTimestamp('2024-02-29T23:59:60Z') && !isUtcTimestamp('2023-02-29T10:00:00Z'));
  assert.ok(!isUtcTimestamp('2024-01-01T24:00:00Z'));
  // A leap second falls only at 23:59.
  assert.ok(isUtcTimestamp('2016-12-31T23:59:60.5+00:00'));
  assert.ok(!isUtcTimestamp('2024-05-01T12:34:60Z') && !isUtcTimestamp('2024-05-01T23:58:60Z'));
  assert.equal(breachesOf('CONV-006', events({ ...EVENT, createdAt: '2024-05-01T12:34:60Z' }))!.length, 1);
});

void test('CONV-007: money is a decimal string at any scale, never a number nor an exponent', () => {
  assert.deepEqual(breachesOf('CONV-007', events(EVENT)), []);
  const numbers = { ...FEES, total: 120.5, components: [{ type: 'OFFICE', amount: '1.2E+3' }] };
  assert.deepEqual(breachesOf('CONV-007', events({ ...EVENT, fees: numbers })), [
    '/data/0/fees/total: money amount 120.5',
    '/data/0/fees/components/0/amount: money amount "1.2E+3"',
  ]);
  assert.deepEqual(breachesOf('CONV-007', events({ ...EVENT, fees: { ...FEES, total: null } })), []);
  assert.equal(breachesOf('CONV-007', events({ dueDate: '2026-01-01' })), undefined, 'no money shown');
});

const download = (facts: Partial<AnswerFacts>) =>
  answer({
    operationId: 'getInvoiceDocument',
    mediaType: 'application/pdf',
    path: '/api/v2/external/patents/a/events/b/invoice-document',
    headers: { 'content-disposition': 'attachment; filename="invoice.pdf"' },
    bodyStart: '%PDF-1.7',
    ...facts,
  });

void test('DOC-001: a 200 download starts with %PDF-; other answers are not judged', () => {
  assert.deepEqual(breachesOf('DOC-001', download({})), []);
  assert.equal(breachesOf('DOC-001', download({ bodyStart: '<!DOCTYP' }))!.length, 1);
  assert.equal(breachesOf('DOC-001', download({ status: 404, bodyStart: '{"type":' })), undefined);
  assert.equal(breachesOf('DOC-001', answer({ operationId: 'listPatents', bodyStart: '{' })), undefined);
  assert.ok(isDocumentOperation('getOfficialReceiptDocument') && !isDocumentOperation('getInvoice'));
});

void test('DOC-004: Content-Disposition parses per RFC 6266 and names a file (filename, filename*, a token)', () => {
  assert.deepEqual(breachesOf('DOC-004', download({})), []);
  for (const ok of [
    'attachment; filename=invoice.pdf',
    `attachment; filename="invoice.pdf"; filename*=UTF-8''invoice%20%E2%82%AC.pdf`,
    `attachment; filename*=UTF-8''r%C3%A9c%C3%A9piss%C3%A9.pdf`,
    // Any RFC 5646 language tag (RFC 8187), not only the shapes the parser knows.
    `attachment; filename*=UTF-8'en-US'receipt.pdf`,
    `attachment; FILENAME*=utf-8'de-CH-1901'quittung.pdf`,
  ])
    assert.equal(dispositionProblem(ok), undefined, ok);
  for (const bad of [
    'attachment; filename="x.pdf";',
    'attachment',
    'attachment; filename=""',
    `attachment; filename*=UTF-8'en-US'`,
    `attachment; filename*=UTF-8'en US'receipt.pdf`,
    undefined,
  ])
    assert.ok(dispositionProblem(bad), String(bad));
  assert.equal(breachesOf('DOC-004', download({ headers: {} }))!.length, 1);
});

void test('FRZ-004: each event of a freeze has its members, wherever the freeze appears', () => {
  const good = {
    clientCaseReference: null,
    dueDate: '2026-03-31',
    amount: '100',
    currency: 'EUR',
    isFxRateFrozen: false,
    hasInstruction: true,
  };
  const freeze = (...list: unknown[]) =>
    answer({
      operationId: 'putExchangeRateFreeze',
      method: 'PUT',
      body: { object: 'exchangeRateFreeze', events: list },
    });
  assert.deepEqual(breachesOf('FRZ-004', freeze(good, { ...good, clientCaseReference: 'C-1' })), []);
  assert.equal(breachesOf('FRZ-004', freeze({ ...good, amount: 100 }))!.length, 1);
  assert.match(
    frozenRateEventProblem({ ...good, currency: 'eur', hasInstruction: 'no' })!,
    /currency.*hasInstruction/,
  );
  assert.ok(frozenRateEventProblem({ ...good, dueDate: '2026-02-30' }));
  assert.ok(frozenRateEventProblem({ ...good, clientCaseReference: 7 }));
  assert.equal(breachesOf('FRZ-004', freeze()), undefined, 'no event shown');
  const list = answer({
    body: { data: [{ object: 'exchangeRateFreeze', yearMonth: '2026-01' }], pagination: {} },
  });
  assert.equal(breachesOf('FRZ-004', list), undefined, 'a list item has no events');
});

void test('EVO-001: a 2xx answer shows the operation under the prefix; a 404 only where no resource can be missing', () => {
  const at = (operationId: string, path: string, status: number) => answer({ operationId, path, status });
  assert.deepEqual(breachesOf('EVO-001', at('listInvoices', '/api/v2/external/invoices', 200)), []);
  assert.deepEqual(breachesOf('EVO-001', at('listInvoices', '/gateway/api/v2/external/invoices', 200)), []);
  assert.equal(breachesOf('EVO-001', at('listInvoices', '/api/v2/external/invoices', 404))!.length, 1);
  assert.equal(breachesOf('EVO-001', at('getInvoice', '/api/v2/external/invoices/x', 404)), undefined);
  assert.equal(breachesOf('EVO-001', at('listInvoices', '/api/v2/external/invoices', 401)), undefined);
  assert.equal(
    breachesOf('EVO-001', at('listInvoices', '/api/v2/external/other', 404)),
    undefined,
    'another path',
  );
  assert.equal(breachesOf('EVO-001', answer({ status: 404 })), undefined, 'no operation');
});
