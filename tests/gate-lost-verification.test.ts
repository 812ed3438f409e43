/**
 * The gate fails a run that verified less than an earlier run against the same target: a test passed
 * before and skipped ("not verified") now, unless baseline.yaml accepts it. The record is kept per target
 * in the reports folder's history/ (kept by CI like the Allure history) and is sticky.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { evaluateGate, formatGate, parseBaseline, runGate } from '../scripts/gate';
import { flattenReport, type RunResults } from '../scripts/run-results';
import { historyFile, updatedHistory, type VerificationHistory } from '../scripts/verification-history';
import { syntheticReport, tempDir, writeJson, type SyntheticTest } from './report-support';

const TODAY = new Date('2026-01-15T12:00:00Z');

function run(tests: SyntheticTest[], runId: string): RunResults {
  const report = syntheticReport(tests);
  (report.config!.metadata as Record<string, unknown>).runId = runId;
  return { ...flattenReport(report), sha256: '', file: 'results.json' };
}

const verified = run(
  [
    { title: '[FRZ-013] a freeze freezes the events of its month', outcome: 'passed' },
    { title: '[PAT-001] every patent has object "patent"', outcome: 'passed' },
  ],
  'run-1',
);
const lost = run(
  [
    {
      title: '[FRZ-013] a freeze freezes the events of its month',
      outcome: 'skipped',
      reason: 'not verified: no event the PUT shows frozen',
    },
    { title: '[PAT-001] every patent has object "patent"', outcome: 'passed' },
  ],
  'run-2',
);

void test('a test verified before and not verified now fails the gate, with both outcomes and the reason', () => {
  const history = updatedHistory(undefined, verified);
  const result = evaluateGate(lost, [], [], TODAY, history);
  assert.equal(result.ok, false);
  assert.deepEqual(
    result.lostVerification.map((l) => l.test),
    ['[FRZ-013] a freeze freezes the events of its month'],
  );
  const text = formatGate(result);
  assert.match(text, /LOST VERIFICATION/);
  assert.match(text, /verified by run run-1 .*now not verified: not verified: no event the PUT shows frozen/);
  assert.match(text, /gate: FAILED$/);
});

void test('the baseline accepts a lost verification with accepts: not verified (and not with a failure entry)', () => {
  const history = updatedHistory(undefined, verified);
  const accepting = parseBaseline(
    '- requirement: FRZ-013\n  accepts: not verified\n  reason: the month has no renewal yet\n  expires: 2026-12-31\n',
  );
  assert.deepEqual(accepting.invalid, []);
  const accepted = evaluateGate(lost, accepting.entries, [], TODAY, history);
  assert.equal(accepted.ok, true, formatGate(accepted));
  assert.equal(accepted.acceptedLosses.length, 1);
  assert.deepEqual(accepted.nowPassing, [], 'an entry in use is not "now passing"');
  const failureEntry = parseBaseline('- requirement: FRZ-013\n  reason: known\n  expires: 2026-12-31\n');
  assert.equal(evaluateGate(lost, failureEntry.entries, [], TODAY, history).ok, false);
  assert.deepEqual(
    parseBaseline('- requirement: FRZ-013\n  accepts: maybe\n  reason: x\n  expires: 2026-12-31\n').invalid
      .length,
    1,
  );
});

void test('the first run against a target has nothing to lose and says so', () => {
  const result = evaluateGate(lost, [], [], TODAY, null);
  assert.equal(result.ok, true);
  assert.match(formatGate(result), /first run on record against https:\/\/staging\.example\.test/);
});

void test('the record is sticky: the loss is reported again until the test is verified again', () => {
  const afterLoss: VerificationHistory = updatedHistory(updatedHistory(undefined, verified), lost);
  const key = '[FRZ-013] a freeze freezes the events of its month';
  assert.equal(afterLoss.tests[key]!.outcome, 'skipped');
  assert.equal(afterLoss.tests[key]!.verifiedBy!.runId, 'run-1');
  assert.equal(evaluateGate(lost, [], [], TODAY, afterLoss).ok, false);
  const again = updatedHistory(afterLoss, verified);
  assert.equal(evaluateGate(verified, [], [], TODAY, again).ok, true);
});

void test('runGate keeps the record per target in the history folder, and the second gate fails on the loss', () => {
  const dir = tempDir('gate-history-');
  const historyDir = path.join(dir, 'history');
  const resultsOf = (tests: SyntheticTest[], runId: string) => {
    const report = syntheticReport(tests);
    (report.config!.metadata as Record<string, unknown>).runId = runId;
    return writeJson(path.join(dir, `${runId}.json`), report);
  };
  const logs: string[] = [];
  const log = (text: string) => void logs.push(text);
  const first = runGate({
    resultsFile: resultsOf([{ title: '[FRZ-013] a', outcome: 'passed' }], 'r1'),
    baselineFile: path.join(dir, 'none.yaml'),
    historyDir,
    log,
  });
  assert.equal(first, 0, logs.join(''));
  assert.match(logs.join(''), /first run on record/);
  const file = historyFile(historyDir, 'https://staging.example.test');
  assert.ok(fs.existsSync(file));
  assert.doesNotMatch(path.basename(file), /staging/, 'no URL in a file name');
  const second = runGate({
    resultsFile: resultsOf([{ title: '[FRZ-013] a', outcome: 'skipped', reason: 'no event found' }], 'r2'),
    baselineFile: path.join(dir, 'none.yaml'),
    historyDir,
    log,
  });
  assert.equal(second, 1, logs.join(''));
  assert.match(logs.join(''), /\[FRZ-013\] a: verified by run r1 .* now not verified: no event found/);
});
