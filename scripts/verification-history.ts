/**
 * What the runs against one target have verified, kept beside the Allure history (reports/history/, which
 * the CI workflow keeps between runs): per test, when it was last verified (passed) and how its last run
 * ended. The gate compares a run with it: a test verified before and not verified now (skipped: its
 * decisive check could not run) has lost its verification, and a bug that removes the data a check needs
 * would otherwise pass the gate in silence.
 *
 * The record is sticky: a test stays "verified before" until it is verified again, so that a loss is
 * reported by every gate until it is fixed or accepted in baseline.yaml, not only by the first one. Tests
 * no longer in the suite are dropped from the record. Delete the file to start afresh against a target.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RunResults, TestOutcome } from './run-results';

export interface TestRecord {
  /** The outcome of the test's last run against the target. */
  outcome: TestOutcome['outcome'];
  /** The reason of that outcome, for a skipped or failed test. */
  reason?: string;
  /** The run that last verified the test, and when: absent when it never was. */
  verifiedBy?: { runId: string; at: string };
  /** The run the outcome comes from, and when. */
  lastRun: { runId: string; at: string };
}

export interface VerificationHistory {
  /** The target as the run's metadata names it (an origin, or "embedded reference"); no key, no path. */
  target: string;
  tests: Record<string, TestRecord>;
}

export interface LostVerification {
  /** The test's key: project, describe path and title. */
  test: string;
  ids: string[];
  before: TestRecord;
  now: { outcome: TestOutcome['outcome']; reason?: string; kind?: TestOutcome['skipKind'] };
}

/** The test's identity across runs: its project and full title (file moves do not matter). */
export const testKey = (t: TestOutcome) => (t.project ? `${t.project} › ${t.fullTitle}` : t.fullTitle);

export const runTarget = (run: RunResults) =>
  typeof run.metadata.target === 'string' && run.metadata.target ? run.metadata.target : 'unknown target';

const runIdOf = (run: RunResults) =>
  typeof run.metadata.runId === 'string' ? run.metadata.runId : run.sha256.slice(0, 16) || 'unknown run';

/** One file per target, named by a digest of the target so that no URL becomes a file name. */
export function historyFile(historyDir: string, target: string): string {
  const digest = createHash('sha256').update(target).digest('hex').slice(0, 16);
  return path.join(historyDir, `verification-${digest}.json`);
}

export function readHistory(file: string, target: string): VerificationHistory | undefined {
  if (!fs.existsSync(file)) return undefined;
  const history = JSON.parse(fs.readFileSync(file, 'utf8')) as VerificationHistory;
  // A digest collision would compare two targets: refuse it rather than judge one by the other.
  if (history.target !== target)
    throw new Error(
      `${file} records ${history.target}, not ${target}: remove it or use another reports folder`,
    );
  return history;
}

/** Tests verified in an earlier run against the target that the run did not verify (skipped). */
export function lostVerifications(
  history: VerificationHistory | undefined,
  run: RunResults,
): LostVerification[] {
  if (!history) return [];
  return run.tests.flatMap((t) => {
    const before = history.tests[testKey(t)];
    if (!before?.verifiedBy || t.outcome !== 'skipped') return [];
    return [
      {
        test: testKey(t),
        ids: t.ids,
        before,
        now: { outcome: t.outcome, reason: t.skipReason, kind: t.skipKind },
      },
    ];
  });
}

/** The history after the run: every test of the run, its outcome, and its last verification. */
export function updatedHistory(
  history: VerificationHistory | undefined,
  run: RunResults,
): VerificationHistory {
  const runId = runIdOf(run);
  const at = run.startTime ?? new Date().toISOString();
  const tests: Record<string, TestRecord> = {};
  for (const t of run.tests) {
    const key = testKey(t);
    const earlier = history?.tests[key];
    const reason =
      t.outcome === 'skipped' ? t.skipReason : t.outcome === 'failed' ? t.error?.split('\n')[0] : undefined;
    const verifiedBy = t.outcome === 'passed' ? { runId, at } : earlier?.verifiedBy;
    tests[key] = {
      outcome: t.outcome,
      ...(reason ? { reason } : {}),
      ...(verifiedBy ? { verifiedBy } : {}),
      lastRun: { runId, at },
    };
  }
  return { target: runTarget(run), tests };
}

export function writeHistory(file: string, history: VerificationHistory): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(history, null, 1)}\n`);
}
