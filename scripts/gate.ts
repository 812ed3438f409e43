/**
 * The CI gate: reads Playwright's JSON results (reports/results.json) and baseline.yaml, and exits
 * non-zero on any failure the baseline does not list, on expired baseline entries, on entries whose
 * tests now pass (so the baseline stays true), on malformed entries and on errors outside the tests.
 *
 *   npm run gate [-- --results path/to/results.json --baseline path/to/baseline.yaml]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { reportPaths, ROOT } from '../helpers/run/report-config';
import { requirementById } from '../schemas/requirements';
import { boundResults } from './run-binding';
import { readRunResults, type RunResults, type TestOutcome } from './run-results';

export const BASELINE_FILE = path.join(ROOT, 'baseline.yaml');

export interface BaselineEntry {
  requirement?: string;
  test?: string;
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
  expired: BaselineEntry[];
  /** Entries whose tests ran and all passed. */
  nowPassing: BaselineEntry[];
  /** Entries none of whose tests ran in this run (skipped or absent): reported, not failing. */
  notRun: BaselineEntry[];
  invalid: string[];
  runErrors: string[];
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
      (k) => !['requirement', 'test', 'reason', 'expires'].includes(k),
    );
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
      reason: String(e.reason ?? ''),
      expires,
    });
  });
  return { entries, invalid };
}

function matches(entry: BaselineEntry, test: TestOutcome): boolean {
  return entry.requirement ? test.ids.includes(entry.requirement) : test.title === entry.test;
}

export function evaluateGate(
  run: RunResults,
  entries: BaselineEntry[],
  invalid: string[] = [],
  today = new Date(),
): GateResult {
  const day = today.toISOString().slice(0, 10);
  const tests = run.tests;
  const failed = tests.filter((t) => t.outcome === 'failed');
  const result: GateResult = {
    ok: false,
    newFailures: [],
    knownFailures: [],
    expired: entries.filter((e) => e.expires < day),
    nowPassing: [],
    notRun: [],
    invalid,
    runErrors: run.errors,
    counts: {
      total: tests.length,
      passed: tests.filter((t) => t.outcome === 'passed').length,
      failed: failed.length,
      skipped: tests.filter((t) => t.outcome === 'skipped').length,
    },
  };
  for (const test of failed) {
    const entry = entries.find((e) => matches(e, test));
    if (entry) result.knownFailures.push({ test, entry });
    else result.newFailures.push(test);
  }
  for (const entry of entries) {
    const ran = tests.filter((t) => matches(entry, t) && t.outcome !== 'skipped');
    if (ran.length === 0) result.notRun.push(entry);
    else if (ran.every((t) => t.outcome === 'passed')) result.nowPassing.push(entry);
  }
  result.ok =
    result.newFailures.length === 0 &&
    result.expired.length === 0 &&
    result.nowPassing.length === 0 &&
    result.invalid.length === 0 &&
    result.runErrors.length === 0 &&
    tests.length > 0;
  return result;
}

export function formatGate(result: GateResult): string {
  const c = result.counts;
  const lines = [`gate: ${c.total} tests, ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`];
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
    'known failures accepted by the baseline',
    result.knownFailures.map((k) => `${k.test.title} <- ${entryLabel(k.entry)} until ${k.entry.expires}`),
  );
  section(
    'baseline entries whose tests did not run here (left alone)',
    result.notRun.map((e) => entryLabel(e)),
  );
  if (c.total === 0) lines.push('no test results: nothing was run');
  lines.push(result.ok ? 'gate: PASSED' : 'gate: FAILED');
  return lines.join('\n');
}

export interface GateOptions {
  /** A results file named explicitly: it stands for itself. Otherwise the last run's (or `runId`'s). */
  resultsFile?: string;
  runId?: string;
  /** Missing file: an empty baseline. */
  baselineFile?: string;
  log?: (text: string) => void;
}

/** Runs the gate; returns its exit code: 0 passed, 1 failed, 2 no results of the run to judge. */
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
  const result = evaluateGate(run, entries, invalid);
  log(`${formatGate(result)}\n`);
  return result.ok ? 0 : 1;
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
