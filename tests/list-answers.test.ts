/**
 * The shapes of the rules about list and single-read answers (helpers/contract/list-answers.ts), pure: the
 * items of a 200 list answer of one operation, a rule over each item, a list envelope of one kind of item, a
 * single read of the resource its path names; nothing judged on another operation, status or body.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answer, onePage } from './answer-support';
import { itemsOf, listOf, ofItems, readOf } from '../helpers/contract/list-answers';

const UUID_A = '0c6f5a2e-1f4e-4a53-9d89-2b8f2d0f9a11';
const UUID_B = '7d1e0b3a-5c2f-4e8b-a1d4-3f9c2b7e6a50';
const judge = (invariant: ReturnType<typeof listOf>, facts: Parameters<typeof answer>[0]) =>
  invariant.judge({}, answer(facts), { path: '/', owner: undefined });

void test('itemsOf: the object items of a 200 list answer of the operation, else undefined', () => {
  const list = { operationId: 'listPatents', body: onePage([{ object: 'patent' }, 'x', null]) };
  assert.deepEqual(itemsOf(answer(list), 'listPatents'), [{ object: 'patent' }]);
  assert.equal(itemsOf(answer(list), 'listInvoices'), undefined, 'another operation');
  assert.equal(itemsOf(answer({ ...list, status: 400 }), 'listPatents'), undefined, 'not a 200');
  assert.equal(itemsOf(answer({ ...list, body: { data: 'x' } }), 'listPatents'), undefined, 'no data array');
});

void test('ofItems: one breach per item that breaks the rule, where the rule applies', () => {
  const named = ofItems(
    'PAT-020',
    'items are named',
    ['listPatents'],
    (item) => (item.name === 'a' ? undefined : `name ${String(item.name)}`),
    (facts) => facts.query.name !== undefined,
  );
  const list = (...names: string[]) => ({
    operationId: 'listPatents',
    query: { name: ['a'] },
    body: onePage(names.map((name) => ({ name }))),
  });
  assert.deepEqual(judge(named, list('a', 'a')), []);
  assert.deepEqual(judge(named, list('a', 'b')), ['data/1: name b']);
  assert.equal(judge(named, list()), undefined, 'no items: nothing judged');
  assert.equal(judge(named, { ...list('b'), query: {} }), undefined, 'the rule does not apply');
});

void test('listOf: a 200 list answer is an envelope of items of one object; readOf: the resource of the path', () => {
  const patents = listOf('PAT-022', 'listPatents', 'patent');
  assert.deepEqual(judge(patents, { operationId: 'listPatents', body: onePage([{ object: 'patent' }]) }), []);
  assert.deepEqual(judge(patents, { operationId: 'listPatents', body: onePage([{ object: 'invoice' }]) }), [
    'data/0 is no patent',
  ]);
  assert.deepEqual(judge(patents, { operationId: 'listPatents', body: [] }), [
    'the body is no list envelope',
  ]);
  assert.equal(judge(patents, { operationId: 'listPatents', status: 404, body: {} }), undefined);
  const read = readOf('PAT-023', 'getPatent', 'patentId');
  const got = (id: string) => ({ operationId: 'getPatent', pathParams: { patentId: UUID_A }, body: { id } });
  assert.deepEqual(judge(read, got(UUID_A)), []);
  assert.equal(judge(read, got(UUID_B))!.length, 1);
  assert.equal(judge(read, { ...got(UUID_B), operationId: 'getInvoice' }), undefined);
});
