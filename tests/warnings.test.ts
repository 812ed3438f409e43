/**
 * Warnings are a verdict: a SHOULD the target does not follow (another field error code than the example
 * the contract gives) leaves its test passed but the requirement WARNED in the certification, unknown with
 * the warning in Allure (never passed), and listed by the gate without failing it. A real run against the
 * reference variant field-error-codes-own, whose codes are the validator's own.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { buildCertification } from '../scripts/certification/model';
import { evaluateGate, formatGate } from '../scripts/gate';
import { readRunResults } from '../scripts/run-results';
import { cleanEnv, ROOT, tempDir } from './report-support';

void test('a warned SHOULD is warned in the certification, in Allure and by the gate, and fails nothing', () => {
  const reports = tempDir('warnings-');
  const run = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '--grep', 'INS-025|INS-026'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 1 << 26,
      env: cleanEnv({
        REPORTS_DIR: reports,
        CONFORMANCE_REPORTERS: 'dot',
        REFERENCE_VARIANT: 'field-error-codes-own',
        FORCE_COLOR: '0',
      }),
    },
  );
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`.slice(-3000));
  const results = readRunResults(path.join(reports, 'results.json'));
  const certification = buildCertification(results);
  for (const id of ['INS-025', 'INS-026']) {
    const row = certification.requirements.find((r) => r.id === id)!;
    assert.equal(row.verdict, 'warned', `${id}: ${row.reason}`);
    // Recorded by the registry's invariant on the answer (helpers/wire/answer-checks.ts), charged to its id.
    assert.match(
      row.reason!,
      new RegExp(`\\[${id}\\] the field error for an instruction \\w+ .* have code\\(s\\) "\\w+"`),
    );
  }
  assert.ok(certification.warnings.includes('INS-025') && certification.warnings.includes('INS-026'));
  assert.equal(certification.totals.requirements.warned, 2);

  const allure = fs
    .readdirSync(path.join(reports, 'allure-results'))
    .filter((f) => f.endsWith('-result.json'))
    .map(
      (f) =>
        JSON.parse(fs.readFileSync(path.join(reports, 'allure-results', f), 'utf8')) as {
          name: string;
          status: string;
          statusDetails?: { message?: string };
        },
    );
  const warned = allure.filter((r) => /INS-02[56]/.test(r.name));
  assert.equal(warned.length, 2);
  for (const r of warned) {
    assert.equal(r.status, 'unknown', `${r.name} is not shown as passed`);
    assert.match(r.statusDetails?.message ?? '', /^warned: .*\[INS-02[56]\]/);
  }

  const gate = evaluateGate(results, [], [], new Date(), null);
  assert.equal(gate.ok, true, formatGate(gate));
  assert.match(formatGate(gate), /WARNED \(a SHOULD or MAY deviation: reported, not failing\) \(2\)/);
  fs.rmSync(reports, { recursive: true, force: true });
});
