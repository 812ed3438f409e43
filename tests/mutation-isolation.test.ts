/**
 * The mutation run serves every reference from the same workers (scripts/mutation.ts,
 * scripts/mutation-suite/entries.spec.ts): a fault must never reach another reference's verdict. One worker
 * runs a fault whose answers poison what a worker holds (the invoice snapshot, a shared read), then the clean
 * reference's same tests: they must pass, and the run must show that they did run after the fault's, in that
 * worker.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { entryOfTitle } from '../helpers/run/mutation-targets';

const ROOT = path.join(__dirname, '..');
const FAULT = 'invoices-object-per-right-type';

interface Result {
  status: string;
  startTime: string;
  workerIndex: number;
}
interface Suite {
  title: string;
  specs?: { title: string; file: string; tests: { results: Result[] }[] }[];
  suites?: Suite[];
}

function resultsByEntry(suites: Suite[]) {
  const rows: { entry: string; file: string; title: string; result: Result }[] = [];
  const visit = (suite: Suite, entry: string | undefined) => {
    const within = entryOfTitle(suite.title) ?? entry;
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        for (const result of t.results)
          if (within) rows.push({ entry: within, file: spec.file, title: spec.title, result });
    for (const child of suite.suites ?? []) visit(child, within);
  };
  for (const suite of suites) visit(suite, undefined);
  return rows;
}

void test('a fault run before the clean reference in the same worker leaves the clean verdict untouched', () => {
  const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'mutation-isolation-'));
  try {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'scripts', 'mutation.ts'), '--only', FAULT],
      {
        cwd: ROOT,
        env: { ...process.env, REPORTS_DIR: reports, WORKERS: '1' },
        encoding: 'utf8',
        timeout: 240_000,
      },
    );
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    const summary = JSON.parse(fs.readFileSync(path.join(reports, 'mutation.json'), 'utf8')) as {
      survivors: string[];
      clean: { failed: string[]; passed: number };
    };
    assert.deepEqual(summary.survivors, []);
    assert.deepEqual(summary.clean.failed, []);
    const rows = resultsByEntry(
      (
        JSON.parse(fs.readFileSync(path.join(reports, 'mutation-results.json'), 'utf8')) as {
          suites: Suite[];
        }
      ).suites,
    );
    const kills = rows.filter((r) => r.entry === `fault:${FAULT}` && r.result.status === 'failed');
    assert.ok(kills.length > 0, 'the fault was killed by a failing test');
    // The clean reference's runs of the very tests that killed the fault: same worker, later, passed.
    for (const kill of kills) {
      const clean = rows.find((r) => r.entry === 'clean' && r.file === kill.file && r.title === kill.title);
      assert.ok(clean, `the clean reference ran ${kill.title} too`);
      assert.equal(clean.result.workerIndex, kill.result.workerIndex, 'in the same worker');
      assert.ok(Date.parse(clean.result.startTime) > Date.parse(kill.result.startTime), 'after the fault');
      assert.equal(clean.result.status, 'passed');
    }
  } finally {
    fs.rmSync(reports, { recursive: true, force: true });
  }
});
