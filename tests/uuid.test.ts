/**
 * The textual form of an id (helpers/contract/uuid.ts): 8-4-4-4-12 hexadecimal digits, either case, and
 * nothing around them.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { UUID } from '../helpers/contract/uuid';

void test('UUID takes the 8-4-4-4-12 form in either case', () => {
  for (const id of [
    randomUUID(),
    randomUUID().toUpperCase(),
    '3F2504E0-4f89-11D3-9a0c-0305e82c3301',
    '00000000-0000-0000-0000-000000000000',
  ])
    assert.equal(UUID.test(id), true, id);
});

void test('UUID refuses prefixes, braces, other groupings, other digits and anything around the id', () => {
  const id = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
  for (const value of [
    `urn:uuid:${id}`,
    `{${id}}`,
    id.replace(/-/g, ''),
    '3f2504e04-f89-11d3-9a0c-0305e82c3301',
    id.replace('3f', 'g3'),
    `${id}\n`,
    ` ${id}`,
    `${id}0`,
    id.slice(1),
    '',
  ])
    assert.equal(UUID.test(value), false, JSON.stringify(value));
});
