/**
 * A pass is earned (CONTRIBUTING, Principles): the harness fails a test that passed without running an assertion, and
 * notVerified/nonEmpty/verifiedOnlyIf end a test as skipped (not verified). Proven on tests/must-fail/.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

interface JsonSpec {
  title: string;
  tests: { status: string; results: { status: string; error?: { message?: string } }[] }[];
}
interface JsonSuite {
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}

function specsOf(suite: JsonSuite): JsonSpec[] {
  return [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specsOf)];
}

void test('the earned-pass fixture fails vacuous tests and reports notVerified as skipped', () => {
  const root = path.join(__dirname, '..');
  const output = fs.mkdtempSync(path.join(os.tmpdir(), 'must-fail-'));
  const run = spawnSync(
    process.execPath,
    [require.resolve('@playwright/test/cli'), 'test', '--config', 'tests/must-fail/playwright.config.ts'],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, MUST_FAIL_OUTPUT_DIR: output, PLAYWRIGHT_JSON_OUTPUT_NAME: undefined },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  fs.rmSync(output, { recursive: true, force: true });
  const report = JSON.parse(run.stdout) as { suites: JsonSuite[] };
  const outcome = new Map(
    report.suites.flatMap(specsOf).map((s) => {
      const result = s.tests[0]!.results[0]!;
      return [
        s.title.replace(/^\[PAG-001\] /, ''),
        { status: result.status, error: result.error?.message ?? '' },
      ];
    }),
  );
  const expected: Record<string, string> = {
    'a test that runs no assertion must fail': 'failed',
    'a loop over an empty list must fail': 'failed',
    'a branch not taken must fail': 'failed',
    'one assertion earns the pass': 'passed',
    'expect.soft counts': 'passed',
    'notVerified ends as skipped': 'skipped',
    'nonEmpty of nothing ends as skipped': 'skipped',
    'verifiedOnlyIf of a false condition ends as skipped': 'skipped',
    'a test declared without titled() must fail': 'failed',
    'a test that asks nothing of the target must fail': 'failed',
  };
  for (const [title, status] of Object.entries(expected)) {
    const got = outcome.get(title);
    assert.ok(got, `no result for "${title}"`);
    assert.equal(got.status, status, `"${title}": expected ${status}, got ${got.status} ${got.error}`);
    if (title.includes('without titled()')) assert.match(got.error, /must be declared as test\(\.\.\.titled/);
    else if (title.includes('asks nothing'))
      assert.match(got.error, /passed without asking anything of the target/);
    else if (status === 'failed') assert.match(got.error, /passed without running any assertion/);
  }
  assert.equal(outcome.size, Object.keys(expected).length);
});
