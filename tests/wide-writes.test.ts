/**
 * Writes that reach beyond a claimed patent (helpers/wire/wide-writes.ts) and the readers that expect no change
 * (`readsUndisturbed`, helpers/data/claims.ts): a freeze made while a reader compares two reads makes
 * the reader read again, in this process or another one of the run.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { test } from 'node:test';
import { readsUndisturbed } from '../helpers/data/claims';
import { removeRunFolder } from '../helpers/run/run-folder';
import {
  beginWideWrite,
  isWideWrite,
  wideWritesAnswered,
  wideWritesSince,
} from '../helpers/wire/wide-writes';
import { runPlaywright, tempDir } from './report-support';

process.env.CONFORMANCE_RUN_ID = `wide-writes-test-${randomUUID()}`;
test.after(() => removeRunFolder(process.env.CONFORMANCE_RUN_ID!));

const BASE = 'http://127.0.0.1:1';

void test('a freeze write, and nothing else, is a wide write', () => {
  assert.equal(isWideWrite('PUT', `${BASE}/api/v2/external/exchange-rate-freezes/2026-11`), true);
  assert.equal(isWideWrite('PUT', `${BASE}/api/v2/external/exchange-rate-freezes/not-a-month`), true);
  assert.equal(isWideWrite('GET', `${BASE}/api/v2/external/exchange-rate-freezes/2026-11`), false);
  assert.equal(isWideWrite('POST', `${BASE}/api/v2/external/patent-instructions`), false);
  assert.equal(isWideWrite('POST', `${BASE}/api/v2/external/patents/sync`), false);
});

void test('a write under way, or ended since, overlaps; one ended before does not', async () => {
  const target = `${BASE}/a`;
  const end = beginWideWrite(target, 'PUT freeze 2026-01');
  assert.deepEqual(wideWritesSince(target, Date.now()), ['PUT freeze 2026-01']);
  end();
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.deepEqual(wideWritesSince(target, Date.now()), []);
  assert.deepEqual(wideWritesSince(`${BASE}/other`, 0), [], 'another target');
});

void test('a reading made again waits for the writes under way to have their answer, for a bounded time', async () => {
  const target = `${BASE}/answered`;
  const end = beginWideWrite(target, 'PUT freeze 2026-03');
  const started = Date.now();
  setTimeout(end, 100);
  await wideWritesAnswered(target);
  const waited = Date.now() - started;
  assert.ok(waited >= 90, `resolved after ${waited} ms, before the write had its answer`);
  assert.ok(waited < 1_000, `resolved after ${waited} ms`);
  // A write that never has its answer holds the reader back no longer than the bound.
  beginWideWrite(target, 'PUT freeze 2026-04');
  const bounded = Date.now();
  await wideWritesAnswered(target, 150);
  assert.ok(Date.now() - bounded >= 140 && Date.now() - bounded < 1_000);
});

void test('a reader overlapped by a write reads again, and keeps the undisturbed reads', async () => {
  const target = `${BASE}/b`;
  let reads = 0;
  const result = await readsUndisturbed(
    target,
    async () => {
      reads += 1;
      // The first attempt: another test freezes a month between the reader's two reads.
      if (reads === 1) beginWideWrite(target, 'PUT freeze 2026-02')();
      // Reads take time: the next attempt starts after the write has ended (a write that ended in the
      // millisecond an attempt starts counts as overlapping it).
      await new Promise((resolve) => setTimeout(resolve, 5));
      return reads;
    },
    'two reads',
  );
  assert.equal(result, 2);
  assert.equal(reads, 2);
});

void test('a write journaled by another process of the run is seen', async () => {
  const target = `${BASE}/c`;
  const since = Date.now();
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `require(${JSON.stringify(path.join(__dirname, '..', 'helpers', 'wire', 'wide-writes.ts'))}).beginWideWrite(${JSON.stringify(target)}, 'PUT freeze 2026-03')`,
    ],
    { env: process.env },
  );
  assert.deepEqual(wideWritesSince(target, since), ['PUT freeze 2026-03']);
});

void test('freeze writers and EVT-031 readers run together, repeatedly, without interference', () => {
  const dir = tempDir('wide-writes');
  try {
    // A run of its own (CONFORMANCE_RUN_ID emptied: its global setup fixes a new one).
    const run = runPlaywright(
      dir,
      [
        'specs/freezes.spec.ts',
        'specs/events-per-patent.spec.ts',
        '--grep',
        'FRZ-|EVT-031',
        '--repeat-each',
        '3',
      ],
      { CONFORMANCE_RUN_ID: '', CONFORMANCE_REPORTERS: 'dot' },
    );
    const report = JSON.parse(readFileSync(path.join(dir, 'results.json'), 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number };
    };
    assert.equal(report.stats.unexpected + report.stats.flaky, 0, `no test failed:\n${run.stdout}`);
    assert.ok(report.stats.expected > 30, `the writers and readers ran (${report.stats.expected} passed)`);
    assert.equal(run.status, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
