/**
 * Writes that reach beyond a claimed patent (helpers/wide-writes.ts) and the readers that expect no change
 * (`readsUndisturbed`, helpers/claim-status.ts): a freeze made while a reader compares two reads makes
 * the reader read again, in this process or another one of the run.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { test } from 'node:test';
import { readsUndisturbed } from '../helpers/claim-status';
import { removeRunFolder } from '../helpers/run-folder';
import { beginWideWrite, isWideWrite, wideWritesSince } from '../helpers/wide-writes';

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
      `require(${JSON.stringify(path.join(__dirname, '..', 'helpers', 'wide-writes.ts'))}).beginWideWrite(${JSON.stringify(target)}, 'PUT freeze 2026-03')`,
    ],
    { env: process.env },
  );
  assert.deepEqual(wideWritesSince(target, since), ['PUT freeze 2026-03']);
});

void test('freeze writers and EVT-031 readers run together, repeatedly, without interference', async () => {
  const { spawn } = await import('node:child_process');
  const fs = await import('node:fs');
  const os = await import('node:os');
  const root = path.join(__dirname, '..');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wide-writes-'));
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      REPORTS_DIR: dir,
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(dir, 'run.json'),
    };
    for (const name of ['BASE_URL', 'ENV_FILE', 'CONFORMANCE_RUN_ID']) delete env[name];
    const status = await new Promise<number | null>((resolve) => {
      const child = spawn(
        process.execPath,
        [
          path.join(root, 'node_modules', '@playwright', 'test', 'cli.js'),
          'test',
          'specs/freezes.spec.ts',
          'specs/events-per-patent.spec.ts',
          '--grep',
          'FRZ-|EVT-031',
          '--repeat-each',
          '3',
          '--reporter=json',
        ],
        { cwd: root, env, stdio: 'ignore' },
      );
      child.on('close', resolve);
    });
    const report = JSON.parse(fs.readFileSync(path.join(dir, 'run.json'), 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number };
    };
    assert.equal(report.stats.unexpected + report.stats.flaky, 0, 'no test failed');
    assert.ok(report.stats.expected > 30, `the writers and readers ran (${report.stats.expected} passed)`);
    assert.equal(status, 0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
