/**
 * Bodies that reach the wire byte for byte (helpers/contract/raw-body.ts): the UTF-8 bytes of a text that
 * must not parse as JSON, so that a test meant to send a malformed body cannot send a valid one.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { malformedJson } from '../helpers/contract/raw-body';

void test('malformedJson gives the UTF-8 bytes of the text as written', () => {
  assert.deepEqual(malformedJson('{"a":'), Buffer.from('{"a":', 'utf8'));
  assert.deepEqual([...malformedJson('{"é"')], [0x7b, 0x22, 0xc3, 0xa9, 0x22]);
  assert.equal(malformedJson('').length, 0);
  assert.equal(malformedJson("{'a': 1}").toString('utf8'), "{'a': 1}");
});

void test('malformedJson refuses a text that parses as JSON, whitespace and scalars included', () => {
  for (const text of ['{}', '[]', ' {"a": 1} ', '"text"', '1', 'null', '\n true \n'])
    assert.throws(() => malformedJson(text), /is valid JSON/, JSON.stringify(text));
});
