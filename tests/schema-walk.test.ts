/**
 * The schema walk (helpers/contract/schema-walk.ts), pure: a body followed along its documented schema gives
 * each value with its format, money and `object` member, through $ref, allOf, anyOf and nullable types; members
 * the schema does not declare are not walked.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  documentedResponse,
  moneyPattern,
  responseSchema,
  walkBody,
  walkComponent,
  type WalkedValue,
} from '../helpers/contract/schema-walk';

function walked(component: string, body: unknown): Map<string, WalkedValue> {
  const found = new Map<string, WalkedValue>();
  walkComponent(component, body, (w) => found.set(w.path, w));
  return found;
}

void test('a fees object: its object member, its money (inline pattern and the Decimal component), nullable ids', () => {
  const fees = walked('Fees', {
    object: 'fees',
    invoiceId: null,
    total: 12,
    components: [{ type: 'OFFICE', amount: '10.00' }],
    extra: { createdAt: 'not walked' },
  });
  assert.deepEqual(fees.get('/')!.objectMember, { required: true, names: 'fees' });
  assert.equal(fees.get('/total')!.money, true, 'a number where a decimal string is due is still money');
  assert.equal(fees.get('/components/0/amount')!.money, true, 'the Decimal component, by $ref');
  assert.equal(fees.get('/invoiceId')!.format, 'uuid');
  assert.equal(
    [...fees.keys()].some((p) => p.startsWith('/extra')),
    false,
    'an undeclared member',
  );
  assert.equal(moneyPattern(), '^-?\\d+(\\.\\d+)?$');
});

void test('an event: $ref with siblings, anyOf with null, nested resources; a freeze event: object not required', () => {
  const event = walked('PatentEvent', {
    object: 'patentEvent',
    dueDate: '2026-03-31',
    createdAt: '2026-01-01T00:00:00Z',
    renewal: { annuityYear: 3 },
    instructability: { opensAt: '2026-01-01' },
    fees: { object: 'fees' },
  });
  assert.equal(event.get('/dueDate')!.format, 'date');
  assert.equal(event.get('/createdAt')!.format, 'date-time');
  assert.equal(event.get('/instructability/opensAt')!.format, 'date');
  assert.deepEqual(event.get('/fees')!.objectMember, { required: true, names: 'fees' });
  const freeze = walked('ExchangeRateFreeze', { events: [{ amount: '1', dueDate: '2026-01-02' }] });
  assert.deepEqual(freeze.get('/events/0')!.objectMember, { required: false, names: 'frozenRateEvent' });
  assert.equal(freeze.get('/events/0/amount')!.money, true);
});

void test("an operation's response schema: by status and media type; problems through oneOf and allOf", () => {
  const list = responseSchema('listInvoices', 200, 'application/json')!;
  const paths: string[] = [];
  walkBody({ data: [{ object: 'invoice', issueDate: null, fees: [{}] }], pagination: {} }, list, (w) =>
    paths.push(w.path),
  );
  assert.deepEqual(paths, ['/data/0', '/data/0/issueDate', '/data/0/fees/0']);
  assert.equal(responseSchema('listInvoices', 200, 'text/html'), undefined);
  assert.ok(responseSchema('getPatent', 404, 'application/problem+json'));
  assert.ok(documentedResponse('getPatent', 404)!.pointer.startsWith('#/components/responses/'));
  assert.equal(documentedResponse('listPatents', 418), undefined);
  assert.ok('application/pdf' in documentedResponse('getInvoiceDocument', 200)!.response.content!);
});
