/**
 * Reports bound to their run (scripts/run-binding.ts): results of another run are never taken for the
 * last run's; a run refused by its preflight is NOT RUN; a folder with no run record (merged shards)
 * stands for itself; a run named with --run is matched by its id.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { reportPaths } from '../helpers/run/report-config';
import { writePreflightRecord, writeRunRecord } from '../helpers/run/run-record';
import { notRunCertification } from '../scripts/certification/model';
import { boundResults } from '../scripts/run-binding';
import { syntheticReport, tempDir, writeJson } from './report-support';

function folder(runId?: string, startedAt = '2026-01-15T09:59:00.000Z') {
  const dir = tempDir('binding');
  const paths = reportPaths({ REPORTS_DIR: dir });
  if (runId) {
    const report = syntheticReport([{ title: '[AUTH-001] a', outcome: 'passed' }]);
    report.config!.metadata = { ...report.config!.metadata, runId, runStartedAt: startedAt };
    writeJson(paths.resultsJson, report);
  }
  return { dir, paths };
}

void test("the last run's results are taken", () => {
  const { dir, paths } = folder('run-a');
  writeRunRecord(dir, { runId: 'run-a', startedAt: '2026-01-15T09:59:00.000Z' });
  assert.equal(boundResults(paths).kind, 'results');
  fs.rmSync(dir, { recursive: true, force: true });
});

void test('results of an earlier run are not taken for the last run', () => {
  const { dir, paths } = folder('run-a');
  writeRunRecord(dir, { runId: 'run-b', startedAt: '2026-01-15T11:00:00.000Z' });
  const bound = boundResults(paths);
  assert.equal(bound.kind, 'none');
  assert.match(
    bound.kind === 'none' ? bound.message : '',
    /no results of run run-b .*holds the results of run run-a/,
  );
  // The same id with another start time is another run too (an id fixed in the environment).
  writeRunRecord(dir, { runId: 'run-a', startedAt: '2026-01-15T11:00:00.000Z' });
  assert.equal(boundResults(paths).kind, 'none');
  fs.rmSync(dir, { recursive: true, force: true });
});

void test('a run named explicitly is matched by its id; a folder without a run record stands for itself', () => {
  const { dir, paths } = folder('run-a');
  assert.equal(boundResults(paths).kind, 'results');
  assert.equal(boundResults(paths, 'run-a').kind, 'results');
  assert.equal(boundResults(paths, 'run-z').kind, 'none');
  fs.rmSync(dir, { recursive: true, force: true });
});

void test('a run refused by its preflight is NOT RUN, with the message and the setting', () => {
  const { dir, paths } = folder('run-a');
  const refused = { runId: 'run-b', startedAt: '2026-01-15T11:00:00.000Z' };
  writeRunRecord(dir, refused);
  writePreflightRecord(dir, {
    ...refused,
    ok: false,
    message: 'API_KEY is not accepted by https://staging.example.test: 401 invalid_api_key',
    settings: ['API_KEY'],
    target: 'https://staging.example.test',
  });
  const bound = boundResults(paths);
  assert.equal(bound.kind, 'not run');
  const certification = notRunCertification(bound.kind === 'not run' ? bound.preflight : (refused as never));
  assert.equal(certification.overall, 'not run');
  assert.match(
    certification.explanation,
    /the preflight refused the target: API_KEY is not accepted.*Setting to fix: API_KEY/,
  );
  assert.equal(certification.totals.tests.total, 0);
  assert.equal(certification.target, 'https://staging.example.test');
  // A preflight record of another run does not make this run NOT RUN.
  writeRunRecord(dir, { runId: 'run-a', startedAt: '2026-01-15T09:59:00.000Z' });
  assert.equal(boundResults(paths).kind, 'results');
  fs.rmSync(path.join(dir), { recursive: true, force: true });
});
