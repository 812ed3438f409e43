/**
 * Reads shared by the run's workers (helpers/data/shared-sweeps.ts): made once whoever asks first, handed to
 * the others, re-made by a waiter when the first attempt failed, and stored without the key.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ApiResponse } from '../helpers/wire/api-client';
import { removeRunFolder, runFolder } from '../helpers/run/run-folder';
import { sharedResponse, sharedSweep } from '../helpers/data/shared-sweeps';

process.env.CONFORMANCE_RUN_ID = `shared-sweeps-test-${randomUUID()}`;
test.after(() => removeRunFolder(process.env.CONFORMANCE_RUN_ID!));

void test('concurrent callers share one sweep', async () => {
  let sweeps = 0;
  const sweep = async () => {
    sweeps += 1;
    await new Promise((resolve) => setTimeout(resolve, 30));
    return { items: [1, 2, 3] };
  };
  const results = await Promise.all([1, 2, 3].map(() => sharedSweep('http://t', 'list', sweep)));
  assert.equal(sweeps, 1);
  for (const result of results) assert.deepEqual(result, { items: [1, 2, 3] });
});

void test('sweeps of other targets or names are not shared', async () => {
  let sweeps = 0;
  const sweep = () => Promise.resolve(++sweeps);
  await sharedSweep('http://a', 'same', sweep);
  await sharedSweep('http://b', 'same', sweep);
  await sharedSweep('http://a', 'other', sweep);
  assert.equal(sweeps, 3);
});

void test('a failed sweep fails its caller, and a waiter sweeps for itself', async () => {
  let calls = 0;
  const sweep = async () => {
    calls += 1;
    if (calls === 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('the target answered 503');
    }
    return 'second';
  };
  const [first, second] = await Promise.allSettled([
    sharedSweep('http://t', 'failing', sweep),
    sharedSweep('http://t', 'failing', sweep),
  ]);
  assert.equal(first.status, 'rejected');
  assert.deepEqual(second, { status: 'fulfilled', value: 'second' });
});

void test('a shared response reaches the others marked shared, with the key left out of the file', async () => {
  const key = 'a'.repeat(64);
  const made = new ApiResponse(
    {
      request: { method: 'GET', url: 'http://t/api/v2/external/patents/x', headers: { 'x-api-key': key } },
      status: 404,
      headers: { 'content-type': 'application/problem+json' },
      body: Buffer.from('{"code":"not_found"}'),
      durationMs: 3,
    },
    'getPatent',
  );
  let calls = 0;
  const call = async () => {
    calls += 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return made;
  };
  const [own, other] = await Promise.all([
    sharedResponse('http://t', 'unknown-patent', call),
    sharedResponse('http://t', 'unknown-patent', call),
  ]);
  assert.equal(calls, 1);
  assert.equal(own, made);
  assert.equal(own!.exchange.shared, undefined);
  assert.equal(other!.exchange.shared, true);
  assert.equal(other!.status, 404);
  assert.equal(other!.operationId, 'getPatent');
  assert.deepEqual(other!.json(), { code: 'not_found' });
  const files = fs
    .readdirSync(runFolder(), { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile());
  assert.ok(files.length > 0);
  for (const file of files)
    assert.ok(
      !fs.readFileSync(path.join(file.parentPath, file.name), 'utf8').includes(key),
      `${file.name} holds the key`,
    );
});
