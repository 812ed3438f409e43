/**
 * Field rules over many items (helpers/contract/rule-breaches.ts): one line per offending item, and the two
 * stock rules, `objectIs` and `oneOf`, telling an absent member from a null one.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { breaches, objectIs, oneOf, type FieldRule } from '../helpers/contract/rule-breaches';

void test('breaches lists every item that breaks the rule, in order, where first', () => {
  const odd = (n: number) => (n % 2 === 1 ? `${n} is odd` : undefined);
  assert.deepEqual(
    breaches([1, 2, 3, 4], odd, (n) => `item ${n}`),
    ['item 1: 1 is odd', 'item 3: 3 is odd'],
  );
  assert.deepEqual(breaches([2, 4], odd, String), []);
  assert.deepEqual(breaches([], odd, String), []);
});

void test('only undefined means the rule holds: an empty problem text is still a breach', () => {
  assert.deepEqual(
    breaches(
      ['a'],
      () => '',
      (s) => s,
    ),
    ['a: '],
  );
});

void test('objectIs names the resource type the item must carry', () => {
  const rule = objectIs('patent');
  assert.equal(rule({ object: 'patent' }), undefined);
  assert.equal(rule({ object: 'Patent' }), 'object is "Patent"');
  assert.equal(rule({ object: null }), 'object is null');
  assert.equal(rule({}), 'object is undefined');
});

void test('oneOf needs the member present with one of the values; absent is not null', () => {
  const nullable = oneOf('status', ['ACTIVE', null]);
  assert.equal(nullable({ status: 'ACTIVE' }), undefined);
  assert.equal(nullable({ status: null }), undefined);
  assert.match(nullable({})!, /^status is absent, not one of ACTIVE/);
  assert.match(nullable({ status: 'active' })!, /^status is "active", not one of/);
  const strict = oneOf('status', ['ACTIVE', 'LAPSED']);
  assert.equal(strict({ status: null }), 'status is null, not one of ACTIVE, LAPSED');
  assert.equal(strict({ status: undefined }), 'status is undefined, not one of ACTIVE, LAPSED');
});

void test('a table of field rules runs each rule over the items', () => {
  const table: FieldRule<{ object?: unknown; status?: unknown }>[] = [
    { id: 'X-001', title: 'object', rule: objectIs('patent') },
    { id: 'X-002', title: 'status', rule: oneOf('status', ['ACTIVE']) },
  ];
  const items = [
    { object: 'patent', status: 'ACTIVE' },
    { object: 'event', status: 'ACTIVE' },
  ];
  assert.deepEqual(
    table.map(({ id, rule }) => [id, breaches(items, rule, (item) => String(item.object))]),
    [
      ['X-001', ['event: object is "event"']],
      ['X-002', []],
    ],
  );
});
