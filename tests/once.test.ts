/**
 * A read made once (helpers/contract/once.ts): on the first call only, the same promise for every caller,
 * a rejection included.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { once } from '../helpers/contract/once';

void test('nothing is read before the first call, and the read is made once', async () => {
  let reads = 0;
  const read = once(async () => ++reads);
  assert.equal(reads, 0);
  assert.equal(await read(), 1);
  assert.equal(await read(), 1);
  assert.equal(reads, 1);
});

void test("concurrent callers get the one promise, and the first call's arguments are the ones read with", async () => {
  const seen: string[] = [];
  const read = once(async (name: string) => {
    seen.push(name);
    await new Promise((resolve) => setTimeout(resolve, 10));
    return name;
  });
  const first = read('first');
  const second = read('second');
  assert.equal(first, second);
  assert.deepEqual(await Promise.all([first, second]), ['first', 'first']);
  assert.deepEqual(seen, ['first']);
});

void test('a failed read fails every caller, and is not made again', async () => {
  let reads = 0;
  const read = once(async () => {
    reads += 1;
    throw new Error('the target answered 503');
  });
  await assert.rejects(read(), /503/);
  await assert.rejects(read(), /503/);
  assert.equal(reads, 1);
});

void test('each once() holds its own read', async () => {
  let reads = 0;
  const make = () => once(async () => ++reads);
  const [a, b] = [make(), make()];
  assert.equal(await a(), 1);
  assert.equal(await b(), 2);
  assert.equal(await a(), 1);
});
