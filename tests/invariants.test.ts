/**
 * The invariant registry (helpers/contract/invariants.ts), pure: each invariant holds on a conformant
 * resource, breaks on the faulty one, and judges nothing where the resource does not show what it is about.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { INVARIANTS, resourcesOf, uniqueValuesOf, type AnswerFacts } from '../helpers/contract/invariants';
import { requirementById } from '../schemas/requirements';

const GET: AnswerFacts = { method: 'GET', operationId: 'getInvoice', dateHeader: undefined };
const POST_SYNC: AnswerFacts = {
  method: 'POST',
  operationId: 'syncPatents',
  dateHeader: 'Wed, 25 Nov 2026 12:00:00 GMT',
};
const invariant = (id: string) => INVARIANTS.find((i) => i.id === id)!;

void test('every invariant cites an active requirement of the catalogue, and ids are unique', () => {
  for (const { id } of INVARIANTS) assert.ok(requirementById(id) && !requirementById(id)!.retired, id);
  assert.equal(new Set(INVARIANTS.map((i) => `${i.id} ${i.title}`)).size, INVARIANTS.length);
});

void test('CONV-012: an invoice line in another currency than the invoice breaks it', () => {
  const judge = (fees: unknown[]) =>
    invariant('CONV-012').judge({ object: 'invoice', currency: 'EUR', fees }, GET);
  assert.deepEqual(judge([{ eventId: 'a', currency: 'EUR' }]), []);
  assert.equal(
    judge([
      { eventId: 'a', currency: 'EUR' },
      { eventId: 'b', currency: 'JPY' },
    ])!.length,
    1,
  );
  assert.equal(judge([]), undefined, 'an invoice without lines judges nothing');
});

void test('SYNC-014: a result with action null must have servicePatentId null', () => {
  const batch = (results: unknown[]) => ({ object: 'patentSyncBatch', results: { data: results } });
  const judge = (results: unknown[]) => invariant('SYNC-014').judge(batch(results), GET);
  assert.deepEqual(judge([{ action: null, servicePatentId: null }]), []);
  assert.equal(judge([{ action: null, servicePatentId: '0c6f5a2e-1f4e-4a53-9d89-2b8f2d0f9a11' }])!.length, 1);
  assert.equal(judge([{ action: 'UPDATE', servicePatentId: 'x' }]), undefined);
});

void test('SYNC-054: createdAt of a batch a POST created lies within minutes of the answer Date', () => {
  const judge = (createdAt: unknown, answer = POST_SYNC) =>
    invariant('SYNC-054').judge({ object: 'patentSyncBatch', createdAt }, answer);
  assert.deepEqual(judge('2026-11-25T12:00:01Z'), []);
  assert.deepEqual(judge('2026-11-25T11:55:30.123Z'), []);
  assert.equal(judge('2026-11-25T17:30:00Z')!.length, 1, 'local wall clock marked Z, 5 h 30 ahead');
  assert.equal(judge('2026-11-25T17:30:00Z', { ...POST_SYNC, method: 'GET' }), undefined);
  assert.equal(judge('2026-11-25T17:30:00Z', { ...POST_SYNC, dateHeader: undefined }), undefined);
  assert.equal(judge(null), undefined);
});

void test('resources are found wherever they sit, with their path', () => {
  const found = resourcesOf({ data: [{ object: 'invoice', fees: [{ object: 'fees' }] }] });
  assert.deepEqual(
    found.map((f) => [f.resource.object, f.path]),
    [
      ['invoice', '/data/0'],
      ['fees', '/data/0/fees/0'],
    ],
  );
});

void test('receipt numbers and invoice references are the values unique in a tenant', () => {
  const values = uniqueValuesOf([
    { object: 'instructionReceipt', number: 7, instructions: [{ id: 'b' }, { id: 'a' }] },
    { object: 'instructionReceipt', number: null, instructions: [{ id: 'c' }] },
    { object: 'invoice', id: 'i1', reference: 'INV-1' },
  ]);
  assert.deepEqual(
    values.map((v) => [v.requirement, v.kind, v.value, v.owner]),
    [
      ['INS-028', 'receipt number', '7', 'the receipt of instruction(s) a, b'],
      ['INV-006', 'invoice reference', 'INV-1', 'invoice i1'],
    ],
  );
});
