/**
 * The CI gate: reads Playwright's JSON results (reports/results.json) and baseline.yaml, and exits
 * non-zero on any failure the baseline does not list, on a test verified by an earlier run against the
 * same target and not verified now (scripts/verification-history.ts) that the baseline does not accept,
 * on expired baseline entries, on entries whose tests now pass (so the baseline stays true), on malformed
 * entries and on errors outside the tests. Tests not verified because of the target's own answers (the
 * suspicious kind, helpers/data/verified.ts) are named apart, with the exchange: not a failure by themselves.
 *
 *   npm run gate [-- --results path/to/results.json --baseline path/to/baseline.yaml]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { reportPaths, ROOT } from '../helpers/run/report-config';
import { requirementById } from '../schemas/requirements';
import { boundResults } from './run-binding';
import { readRunResults, type RunResults, type TestOutcome, unanswered } from './run-results';
import {
  historyFile,
  lostVerifications,
  readHistory,
  runTarget,
  testKey,
  updatedHistory,
  writeHistory,
  type LostVerification,
  type VerificationHistory,
} from './verification-history';

export const BASELINE_FILE = path.join(ROOT, 'baseline.yaml');

export interface BaselineEntry {
  requirement?: string;
  test?: string;
  /** What the entry accepts: a failure (the default), or a lost verification (`not verified`). */
  accepts?: 'failure' | 'not verified';
  reason: string;
  /** YYYY-MM-DD, valid through that day (UTC). */
  expires: string;
}

export interface GateResult {
  ok: boolean;
  /** Failures no entry accepts. */
  newFailures: TestOutcome[];
  /** Failures an entry accepts, with the entry. */
  knownFailures: { test: TestOutcome; entry: BaselineEntry }[];
  /** Passed tests that recorded a SHOULD or MAY deviation: shown, never failing the gate. */
  warned: TestOutcome[];
  /** Skipped tests whose precondition the target's own answer removed: named, never failing the gate by themselves. */
  suspicious: TestOutcome[];
  /** Tests verified by an earlier run against the target and not verified now, no entry accepting it. */
  lostVerification: LostVerification[];
  /** Lost verifications an entry accepts, with the entry. */
  acceptedLosses: { loss: LostVerification; entry: BaselineEntry }[];
  /** The target, and whether an earlier run against it was on record (undefined: no history consulted). */
  history?: { target: string; earlierRun: boolean };
  expired: BaselineEntry[];
  /** Entries whose tests ran and all passed. */
  nowPassing: BaselineEntry[];
  /** Entries none of whose tests ran in this run (skipped or absent): reported, not failing. */
  notRun: BaselineEntry[];
  invalid: string[];
  runErrors: string[];
  /**
   * Tests that ended because the target did not answer (reset, refused, timed out): they judged nothing, so
   * they are no failure of the target, and the gate cannot pass on them either (NOT JUDGED).
   */
  couldNotJudge: TestOutcome[];
  counts: { total: number; passed: number; failed: number; skipped: number };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function entryLabel(entry: BaselineEntry): string {
  return entry.requirement ? `requirement ${entry.requirement}` : `test "${entry.test}"`;
}

/** Parses baseline.yaml; problems are returned, not thrown, so the gate can list them all. */
export function parseBaseline(text: string): { entries: BaselineEntry[]; invalid: string[] } {
  const raw = (parse(text) as unknown) ?? [];
  const invalid: string[] = [];
  const entries: BaselineEntry[] = [];
  if (!Array.isArray(raw)) return { entries, invalid: ['the baseline must be a YAML list'] };
  raw.forEach((item: unknown, index) => {
    const where = `entry ${index + 1}`;
    if (typeof item !== 'object' || item === null) {
      invalid.push(`${where}: not a mapping`);
      return;
    }
    const e = item as Record<string, unknown>;
    const unknownKeys = Object.keys(e).filter(
      (k) => !['requirement', 'test', 'accepts', 'reason', 'expires'].includes(k),
    );
    if (e.accepts !== undefined && e.accepts !== 'failure' && e.accepts !== 'not verified')
      invalid.push(`${where}: "accepts" is "failure" (the default) or "not verified"`);
    if (unknownKeys.length) invalid.push(`${where}: unknown field(s) ${unknownKeys.join(', ')}`);
    const expires = e.expires instanceof Date ? e.expires.toISOString().slice(0, 10) : e.expires;
    const requirement = typeof e.requirement === 'string' ? e.requirement.trim() : undefined;
    const test = typeof e.test === 'string' ? e.test : undefined;
    if ((requirement === undefined) === (test === undefined)) {
      invalid.push(`${where}: give exactly one of "requirement" or "test"`);
      return;
    }
    if (requirement !== undefined && !requirementById(requirement)) {
      invalid.push(`${where}: requirement ${requirement} is not in schemas/requirements.yaml`);
    }
    if (typeof e.reason !== 'string' || !e.reason.trim()) invalid.push(`${where}: "reason" is missing`);
    if (typeof expires !== 'string' || !DATE.test(expires) || Number.isNaN(Date.parse(expires))) {
      invalid.push(`${where}: "expires" must be a date YYYY-MM-DD`);
      return;
    }
    entries.push({
      ...(requirement !== undefined ? { requirement } : { test: test! }),
      ...(e.accepts === 'not verified' ? { accepts: 'not verified' as const } : {}),
      reason: String(e.reason ?? ''),
      expires,
    });
  });
  return { entries, invalid };
}

function matches(entry: BaselineEntry, test: Pick<TestOutcome, 'ids' | 'title'>): boolean {
  return entry.requirement ? test.ids.includes(entry.requirement) : test.title === entry.test;
}

const acceptsLoss = (entry: BaselineEntry) => entry.accepts === 'not verified';

export function evaluateGate(
  run: RunResults,
  entries: BaselineEntry[],
  invalid: string[] = [],
  today = new Date(),
  history?: VerificationHistory | null,
): GateResult {
  const day = today.toISOString().slice(0, 10);
  const tests = run.tests;
  const failed = tests.filter((t) => t.outcome === 'failed' && !unanswered(t));
  const result: GateResult = {
    ok: false,
    newFailures: [],
    knownFailures: [],
    warned: tests.filter((t) => t.outcome === 'passed' && (t.warnings?.length ?? 0) > 0),
    suspicious: tests.filter((t) => t.outcome === 'skipped' && t.skipKind === 'target'),
    lostVerification: [],
    acceptedLosses: [],
    ...(history !== undefined ? { history: { target: runTarget(run), earlierRun: history !== null } } : {}),
    expired: entries.filter((e) => e.expires < day),
    nowPassing: [],
    notRun: [],
    invalid,
    runErrors: run.errors,
    couldNotJudge: tests.filter(unanswered),
    counts: {
      total: tests.length,
      passed: tests.filter((t) => t.outcome === 'passed').length,
      failed: failed.length,
      skipped: tests.filter((t) => t.outcome === 'skipped').length,
    },
  };
  for (const test of failed) {
    const entry = entries.find((e) => !acceptsLoss(e) && matches(e, test));
    if (entry) result.knownFailures.push({ test, entry });
    else result.newFailures.push(test);
  }
  const byKey = new Map(tests.map((t) => [testKey(t), t]));
  for (const loss of lostVerifications(history ?? undefined, run)) {
    const entry = entries.find((e) => acceptsLoss(e) && matches(e, byKey.get(loss.test)!));
    if (entry) result.acceptedLosses.push({ loss, entry });
    else result.lostVerification.push(loss);
  }
  for (const entry of entries) {
    const ran = tests.filter((t) => matches(entry, t) && t.outcome !== 'skipped');
    // An entry accepting a lost verification is in use while a test it names is not verified.
    const inUse = acceptsLoss(entry) && result.acceptedLosses.some((a) => a.entry === entry);
    if (ran.length === 0 || inUse) result.notRun.push(entry);
    else if (ran.every((t) => t.outcome === 'passed')) result.nowPassing.push(entry);
  }
  result.ok = evaluatedOk(result);
  return result;
}

export function formatGate(result: GateResult): string {
  const c = result.counts;
  const lines = [
    `gate: ${c.total} tests, ${c.passed} passed (${result.warned.length} of them warned), ${c.failed} failed, ${c.skipped} skipped` +
      (result.suspicious.length
        ? ` (${result.suspicious.length} of them SUSPICIOUS: the target's own answers)`
        : ''),
  ];
  const section = (title: string, items: string[]) => {
    if (items.length) lines.push(`${title} (${items.length}):`, ...items.map((i) => `  - ${i}`));
  };
  section(
    'NEW FAILURES, not in baseline.yaml',
    result.newFailures.map(
      (t) =>
        `${t.title}${t.project ? ` [${t.project}]` : ''} (${t.failureKind}): ${t.error?.split('\n')[0] ?? ''}`,
    ),
  );
  section(
    'COULD NOT JUDGE: the target did not answer (a connection reset or refused, or no answer in time); no behaviour was observed, and the gate cannot pass on them',
    result.couldNotJudge.map(
      (t) => `${t.title}${t.project ? ` [${t.project}]` : ''}: ${t.error?.split('\n')[0] ?? ''}`,
    ),
  );
  section(
    'LOST VERIFICATION: verified by an earlier run against this target, not verified now (fix it, or accept it in baseline.yaml with accepts: not verified)',
    result.lostVerification.map(
      (l) =>
        `${l.test}: verified by run ${l.before.verifiedBy!.runId} (${l.before.verifiedBy!.at}); now not verified${l.now.kind === 'target' ? " (SUSPICIOUS: the target's own answer)" : ''}: ${l.now.reason ?? 'no reason given'}`,
    ),
  );
  section(
    'EXPIRED baseline entries (fix the failure or renew the entry with a new date and reason)',
    result.expired.map((e) => `${entryLabel(e)} expired ${e.expires}: ${e.reason}`),
  );
  section(
    'baseline entries that NOW PASS (remove them from baseline.yaml)',
    result.nowPassing.map((e) => `${entryLabel(e)}: ${e.reason}`),
  );
  section('INVALID baseline entries', result.invalid);
  section(
    'ERRORS outside the tests',
    result.runErrors.map((e) => e.split('\n')[0] ?? e),
  );
  section(
    "SUSPICIOUS NOT VERIFIED: the target's own answer removed the precondition (reported, not failing by itself; the certification shows the exchange)",
    result.suspicious.map((t) => {
      const answer = t.evidence?.exchanges[t.evidence.exchanges.length - 1];
      const exchange = answer
        ? ` (${answer.request.method} ${answer.request.url} -> ${answer.response.status})`
        : '';
      return `${t.title}${t.project ? ` [${t.project}]` : ''}: ${t.skipReason ?? 'no reason given'}${exchange}`;
    }),
  );
  section(
    'WARNED (a SHOULD or MAY deviation: reported, not failing)',
    result.warned.map((t) => `${t.title}: ${t.warnings!.join('; ')}`),
  );
  section(
    'known failures accepted by the baseline',
    result.knownFailures.map((k) => `${k.test.title} <- ${entryLabel(k.entry)} until ${k.entry.expires}`),
  );
  section(
    'lost verifications accepted by the baseline',
    result.acceptedLosses.map((a) => `${a.loss.test} <- ${entryLabel(a.entry)} until ${a.entry.expires}`),
  );
  if (result.history && !result.history.earlierRun)
    lines.push(
      `first run on record against ${result.history.target}: no earlier verification to lose; this run is the record from now on`,
    );
  section(
    'baseline entries whose tests did not run here (left alone)',
    result.notRun.map((e) => entryLabel(e)),
  );
  if (c.total === 0) lines.push('no test results: nothing was run');
  lines.push(
    result.ok
      ? 'gate: PASSED'
      : judgedNothingWrong(result)
        ? 'gate: NOT JUDGED (the target did not answer)'
        : 'gate: FAILED',
  );
  return lines.join('\n');
}

export interface GateOptions {
  /** A results file named explicitly: it stands for itself. Otherwise the last run's (or `runId`'s). */
  resultsFile?: string;
  runId?: string;
  /** Missing file: an empty baseline. */
  baselineFile?: string;
  /** Where the verification history is kept; default: the reports folder's history/ (kept by CI). */
  historyDir?: string;
  log?: (text: string) => void;
}

/** Whether the gate did not pass only because the target did not answer some tests: nothing judged failed. */
function judgedNothingWrong(result: GateResult): boolean {
  return !result.ok && result.couldNotJudge.length > 0 && evaluatedOk({ ...result, couldNotJudge: [] });
}

/** The gate's conditions, the unanswered tests among them. */
function evaluatedOk(result: GateResult): boolean {
  return (
    result.couldNotJudge.length === 0 &&
    result.newFailures.length === 0 &&
    result.lostVerification.length === 0 &&
    result.expired.length === 0 &&
    result.nowPassing.length === 0 &&
    result.invalid.length === 0 &&
    result.runErrors.length === 0 &&
    result.counts.total > 0
  );
}

/**
 * Runs the gate; returns its exit code: 0 passed, 1 failed, 2 not judged (no results of the run, or the
 * target did not answer tests and nothing else failed).
 */
export function runGate(options: GateOptions = {}): number {
  const log = options.log ?? ((text: string) => process.stdout.write(text));
  let run: RunResults;
  if (options.resultsFile) {
    run = readRunResults(options.resultsFile);
  } else {
    const bound = boundResults(reportPaths(), options.runId);
    if (bound.kind === 'none') {
      log(`gate: ${bound.message}.\ngate: NOT JUDGED (no results of this run)\n`);
      return 2;
    }
    if (bound.kind === 'not run') {
      log(`gate: NOT RUN: the preflight refused the target: ${bound.preflight.message ?? ''}\n`);
      return 2;
    }
    run = bound.run;
  }
  const baselineFile = options.baselineFile ?? BASELINE_FILE;
  const { entries, invalid } = fs.existsSync(baselineFile)
    ? parseBaseline(fs.readFileSync(baselineFile, 'utf8'))
    : { entries: [], invalid: [] };
  // The run is compared with what earlier runs against the same target verified, then becomes the record.
  const target = runTarget(run);
  const file = historyFile(options.historyDir ?? reportPaths().historyDir, target);
  const history = readHistory(file, target);
  const result = evaluateGate(run, entries, invalid, new Date(), history ?? null);
  writeHistory(file, updatedHistory(history, run));
  log(`${formatGate(result)}\n`);
  return result.ok ? 0 : judgedNothingWrong(result) ? 2 : 1;
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

if (require.main === module) {
  const results = argument('--results');
  const baseline = argument('--baseline');
  const runId = argument('--run');
  process.exitCode = runGate({
    ...(results ? { resultsFile: results } : {}),
    ...(baseline ? { baselineFile: baseline } : {}),
    ...(runId ? { runId } : {}),
  });
}
