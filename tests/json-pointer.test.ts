/**
 * RFC 6901 JSON Pointers of field errors (helpers/contract/json-pointer.ts): the syntax, the unescaping
 * order, and whether a pointer lands in the body that was sent or where a missing member would be.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  isJsonPointer,
  pointerMisfit,
  pointerTokens,
  pointsIntoDocument,
  resolvePointer,
} from '../helpers/contract/json-pointer';

void test('isJsonPointer: the whole document, slash-led tokens, ~ only as ~0 or ~1', () => {
  for (const pointer of ['', '/', '/items/0/title', '/a~0b', '/a~1b', '/~01', '//', '/ ', '/é'])
    assert.equal(isJsonPointer(pointer), true, JSON.stringify(pointer));
  for (const pointer of ['items', '#/items', '/a~2', '/a~', '/~', 'items/0'])
    assert.equal(isJsonPointer(pointer), false, JSON.stringify(pointer));
});

void test('pointerTokens unescapes ~1 before ~0, so ~01 stays ~1', () => {
  assert.deepEqual(pointerTokens(''), []);
  assert.deepEqual(pointerTokens('/'), ['']);
  assert.deepEqual(pointerTokens('/a~1b/c~0d'), ['a/b', 'c~d']);
  assert.deepEqual(pointerTokens('/~01'), ['~1']);
  assert.deepEqual(pointerTokens('/items/0'), ['items', '0']);
});

const body = { items: [{ title: 'x', tags: [] }, null], 'a/b': 1, '': 'empty key', nothing: null };

void test('resolvePointer finds members and array elements, and nothing else', () => {
  assert.deepEqual(resolvePointer(body, ''), { found: true, value: body });
  assert.deepEqual(resolvePointer(body, '/items/0/title'), { found: true, value: 'x' });
  assert.deepEqual(resolvePointer(body, '/items/1'), { found: true, value: null });
  assert.deepEqual(resolvePointer(body, '/a~1b'), { found: true, value: 1 });
  assert.deepEqual(resolvePointer(body, '/'), { found: true, value: 'empty key' });
  assert.deepEqual(resolvePointer(body, '/nothing'), { found: true, value: null });
  for (const pointer of ['/items/2', '/items/01', '/items/-', '/items/length', '/toString', '/nothing/x'])
    assert.deepEqual(resolvePointer(body, pointer), { found: false }, pointer);
});

void test('pointsIntoDocument: a value of the body, or a missing member of one of its objects or arrays', () => {
  assert.equal(pointsIntoDocument(body, ''), true);
  assert.equal(pointsIntoDocument(body, '/items/0/title'), true);
  // A required member that was not sent is where the server would point.
  assert.equal(pointsIntoDocument(body, '/items/0/providerId'), true);
  assert.equal(pointsIntoDocument(body, '/items/5'), true);
  assert.equal(pointsIntoDocument(body, '/missing'), true);
  // Two levels missing, or below a value that holds no members: nothing the body had.
  assert.equal(pointsIntoDocument(body, '/missing/deeper'), false);
  assert.equal(pointsIntoDocument(body, '/items/0/title/x'), false);
  assert.equal(pointsIntoDocument(body, '/nothing/x'), false);
  assert.equal(pointsIntoDocument(body, '/items/1/title'), false);
  assert.equal(pointsIntoDocument(body, 'items'), false);
  assert.equal(pointsIntoDocument(body, '/a~2'), false);
});

void test('pointerMisfit says why a pointer does not fit, and nothing when it does', () => {
  assert.equal(pointerMisfit(body, '/items/0/title'), undefined);
  assert.equal(pointerMisfit(body, '/items/0/providerId'), undefined);
  assert.equal(pointerMisfit(body, 5), 'pointer 5 is not a string');
  assert.equal(pointerMisfit(body, null), 'pointer null is not a string');
  assert.equal(pointerMisfit(body, 'items/0'), 'pointer "items/0" is not an RFC 6901 JSON Pointer');
  assert.equal(
    pointerMisfit(body, '/missing/deeper'),
    'pointer "/missing/deeper" designates nothing in the body that was sent',
  );
});

void test('pointerMisfit with documented members: a lacked member must be documented, never an array entry', () => {
  const documented = new Set(['/items', '/items/*', '/items/*/providerId', '/items/*/title']);
  assert.equal(pointerMisfit(body, '/items/0/providerId', documented), undefined);
  assert.match(pointerMisfit(body, '/items/0/nickname', documented)!, /nor a documented member it lacks/);
  assert.match(pointerMisfit(body, '/items/5', documented)!, /nor a documented member it lacks/);
  assert.equal(pointerMisfit(null, '/items', documented), undefined, 'a body that is no object lacks it');
  assert.equal(pointerMisfit(body, '/items/0/nickname'), undefined, 'without the set: any missing member');
});
