/**
 * The members of an answer body (helpers/contract/body-members.ts), pure: every member at any depth with the
 * object holding it, walked once per body; a rule over them judged on 2xx bodies only, and only where a
 * member it speaks of appears.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answer } from './answer-support';
import { membersOf, ofMembers } from '../helpers/contract/body-members';

void test('membersOf: every member at any depth, in arrays too, with its holder; the same walk for the same body', () => {
  const body = { object: 'invoice', fees: [{ object: 'fees', currency: 'EUR' }], n: null };
  const found = membersOf(body).map((m) => `${String(m.holder.object)}.${m.name}`);
  assert.deepEqual(found, ['invoice.object', 'invoice.fees', 'fees.object', 'fees.currency', 'invoice.n']);
  assert.equal(membersOf(body), membersOf(body), 'walked once per body');
  assert.deepEqual(membersOf('text'), []);
  assert.deepEqual(membersOf(null), []);
});

void test('ofMembers: judged on a 2xx body holding a member it speaks of, each breach naming where', () => {
  const currency = ofMembers('CONV-008', 'currency codes', ({ name, value }) =>
    name !== 'currency' ? null : value === 'EUR' ? undefined : `currency is ${String(value)}`,
  );
  const judge = (status: number, body: unknown) =>
    currency.judge({}, answer({ status, body }), { path: '/', owner: undefined });
  assert.deepEqual(judge(200, { object: 'fees', currency: 'EUR' }), []);
  assert.deepEqual(judge(201, { object: 'fees', id: 'f-1', currency: 'eur' }), [
    'currency of fees f-1: currency is eur',
  ]);
  assert.equal(judge(200, { object: 'patent' }), undefined, 'no member it speaks of');
  assert.equal(judge(400, { currency: 'eur' }), undefined, 'not a 2xx');
  assert.equal(judge(199, { currency: 'eur' }), undefined, 'not a 2xx');
  assert.equal(judge(204, undefined), undefined, 'no body');
});
