/**
 * Reads Playwright's JSON report (reports/results.json) into one flat outcome per test, for the
 * certification report and the CI gate. A test's requirement ids come from its title (`idsOf`).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  CONTRACT_VIOLATION,
  INFRASTRUCTURE_ERROR,
  isInvariantsFile,
  REASON_KIND_ANNOTATION,
  REASON_KINDS,
  type ReasonKind,
} from '../helpers/run/report-config';
import { idsOf } from './traceability';

export type Outcome = 'passed' | 'failed' | 'skipped';

/**
 * The kind of a skip: the one its test named (helpers/data/verified.ts), or `unclassified` for a skip no
 * helper of the suite made (the run stopped before the test, a skip of another tool).
 */
export type SkipKind = ReasonKind | 'unclassified';

/** Why a test failed: the target broke the contract, could not be reached, or the suite itself broke. */
export type FailureKind = 'contract violation' | 'infrastructure error' | 'suite error';

export interface TestOutcome {
  title: string;
  /** Describe blocks and title, joined with ` › `. */
  fullTitle: string;
  file: string;
  line: number;
  /** Playwright project name; empty for the default project. */
  project: string;
  ids: string[];
  /** Ids among `ids` that the title does not cite: an answer the test received broke their invariant. */
  charged?: string[];
  outcome: Outcome;
  /** For skipped tests: the reason given to `test.skip`, or why the test did not run. */
  skipReason?: string;
  /** For skipped tests: the kind of the reason; `target` (suspicious) comes with `evidence`, the answer that removed the precondition. */
  skipKind?: SkipKind;
  /** For passed tests: the SHOULD or MAY deviations it recorded (`warned`): the test is warned, not passed. */
  warnings?: string[];
  /** For failed tests: the first lines of the error, without terminal colours. */
  error?: string;
  failureKind?: FailureKind;
  /**
   * For failed tests: what the suite sent and received (keys redacted) and a curl reproduction; for a skip of
   * the `target` kind: the answer that removed the precondition, the same way.
   */
  evidence?: FailureEvidence;
}

/** One exchange as `exchangeEvidence` (helpers/wire/exchange.ts) writes it into the http-exchanges.json attachment. */
export interface ExchangeEvidence {
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  response: { status: number; headers: Record<string, string>; body: string };
  durationMs?: number;
  retryAttempt?: number;
  shared?: boolean;
}

export interface FailureEvidence {
  /** The last exchanges of the test (the failing one is usually the last), at most EVIDENCE_EXCHANGES. */
  exchanges: ExchangeEvidence[];
  /** How many exchanges the test made in all. */
  exchangeCount: number;
  /** The reproduce.sh attachment: a curl command for the last exchange, the key left in $API_KEY. */
  reproduce?: string;
}

/** Exchanges kept per failed test in the certification: enough to see the failing one and its lead-up. */
export const EVIDENCE_EXCHANGES = 3;

/** What one invariant of the registry judged in the run (reports/invariants.json, helpers/wire/answer-checks.ts). */
export interface InvariantRecord {
  id: string;
  title: string;
  /** Answers the invariant judged. */
  judged: number;
  /** The first breaches, each with its exchange. */
  breaches: string[];
  /** Subjects shown without what it judges, under a freedom the catalogue quotes (`emptiedBy`). */
  emptied?: number;
}

export interface RunResults {
  tests: TestOutcome[];
  /** The invariants' judgements, when the run recorded them beside its results. */
  invariants?: InvariantRecord[];
  /** Errors outside any test (global setup, collection). */
  errors: string[];
  startTime?: string;
  durationMs?: number;
  /** `metadata` of the Playwright config (see playwright.config.ts). */
  metadata: Record<string, unknown>;
  sha256: string;
  file: string;
}

interface JsonAnnotation {
  type: string;
  description?: string;
}

interface JsonError {
  message?: string;
  value?: string;
}

interface JsonAttachment {
  name: string;
  contentType?: string;
  /** base64 of an attachment given as a body; attachments given as files carry `path` instead. */
  body?: string;
  path?: string;
}

interface JsonResult {
  status?: string;
  errors?: JsonError[];
  error?: JsonError;
  annotations?: JsonAnnotation[];
  attachments?: JsonAttachment[];
}

interface JsonTest {
  projectName?: string;
  status?: 'expected' | 'unexpected' | 'flaky' | 'skipped';
  expectedStatus?: string;
  annotations?: JsonAnnotation[];
  results?: JsonResult[];
}

interface JsonSpec {
  title: string;
  file: string;
  line?: number;
  tests?: JsonTest[];
}

interface JsonSuite {
  title: string;
  file?: string;
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}

export interface JsonReport {
  config?: { metadata?: Record<string, unknown> };
  suites?: JsonSuite[];
  errors?: JsonError[];
  stats?: { startTime?: string; duration?: number };
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

function errorText(error: JsonError | undefined): string {
  return stripAnsi(error?.message ?? error?.value ?? '').trim();
}

/** The first lines of a failure message, enough to say what was observed. */
function shorten(text: string, maxLines = 12, maxChars = 1500): string {
  const lines = text.split('\n');
  let out = lines.slice(0, maxLines).join('\n');
  if (lines.length > maxLines) out += '\n…';
  return out.length > maxChars ? `${out.slice(0, maxChars)}…` : out;
}

/** A test that ended because the target did not answer (reset, refused, timed out): it judged nothing. */
export const unanswered = (t: { outcome: string; failureKind?: string }) =>
  t.outcome === 'failed' && t.failureKind === 'infrastructure error';

export function failureKind(message: string): FailureKind {
  if (INFRASTRUCTURE_ERROR.test(message)) return 'infrastructure error';
  if (CONTRACT_VIOLATION.test(message)) return 'contract violation';
  return 'suite error';
}

function attachmentText(result: JsonResult | undefined, name: string): string | undefined {
  const attachment = result?.attachments?.find((a) => a.name === name);
  if (attachment?.body !== undefined) return Buffer.from(attachment.body, 'base64').toString('utf8');
  if (attachment?.path && fs.existsSync(attachment.path)) return fs.readFileSync(attachment.path, 'utf8');
  return undefined;
}

/** The evidence the `_evidence` fixture (helpers/spec/fixtures.ts) attached to a failed result, if any. */
function evidenceOf(result: JsonResult | undefined): FailureEvidence | undefined {
  const exchangesText = attachmentText(result, 'http-exchanges.json');
  const reproduce = attachmentText(result, 'reproduce.sh');
  if (exchangesText === undefined && reproduce === undefined) return undefined;
  let exchanges: ExchangeEvidence[] = [];
  try {
    exchanges = exchangesText === undefined ? [] : (JSON.parse(exchangesText) as ExchangeEvidence[]);
  } catch {
    exchanges = [];
  }
  return {
    exchanges: exchanges.slice(-EVIDENCE_EXCHANGES),
    exchangeCount: exchanges.length,
    ...(reproduce === undefined ? {} : { reproduce: reproduce.trim() }),
  };
}

function skipReasonOf(test: JsonTest): string {
  const annotations = [
    ...(test.annotations ?? []),
    ...(test.results ?? []).flatMap((r) => r.annotations ?? []),
  ];
  const skip = annotations.find((a) => a.type === 'skip' || a.type === 'fixme');
  if (skip?.description) return skip.description;
  if ((test.results ?? []).length === 0) return 'did not run (the run stopped before it)';
  return 'skipped without a reason';
}

/** The kind the test's helpers gave its skip (the last, should a retry have skipped again). */
function skipKindOf(test: JsonTest): SkipKind {
  const given = annotationsOf(test, REASON_KIND_ANNOTATION, '').pop();
  return REASON_KINDS.find((k) => k === given) ?? 'unclassified';
}

function annotationsOf(test: JsonTest, type: string, fallback: string): string[] {
  const annotations = [
    ...(test.annotations ?? []),
    ...(test.results ?? []).flatMap((r) => r.annotations ?? []),
  ];
  return [...new Set(annotations.filter((a) => a.type === type).map((a) => a.description ?? fallback))];
}

function warningsOf(test: JsonTest): string[] {
  return annotationsOf(test, 'warning', 'warned');
}

/**
 * The requirements a test was charged with beyond its title's: an answer it received broke an invariant of
 * the registry (the `breach` annotation of helpers/wire/answer-checks.ts): the test failed, or, for a SHOULD,
 * was warned.
 */
function breachedOf(test: JsonTest): string[] {
  return annotationsOf(test, 'breach', '').filter(Boolean);
}

function outcomeOf(test: JsonTest): Outcome {
  if (test.status === 'skipped') return 'skipped';
  if (test.status === 'expected') {
    const last = test.results?.[test.results.length - 1];
    return last?.status === 'skipped' ? 'skipped' : 'passed';
  }
  // 'unexpected', and 'flaky' (failed, then passed on a retry): not a clean pass.
  return 'failed';
}

export function flattenReport(report: JsonReport): Omit<RunResults, 'sha256' | 'file'> {
  const tests: TestOutcome[] = [];
  const visit = (suite: JsonSuite, path: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const outcome = outcomeOf(test);
        const entry: TestOutcome = {
          title: spec.title,
          fullTitle: [...path, spec.title].join(' › '),
          file: spec.file,
          line: spec.line ?? 0,
          project: test.projectName ?? '',
          ids: idsOf(spec.title),
          outcome,
        };
        // A failed test, or a passed one warned of a SHOULD an answer broke: charged to that requirement too.
        if (outcome === 'failed' || (outcome === 'passed' && warningsOf(test).length > 0)) {
          const charged = breachedOf(test).filter((id) => !entry.ids.includes(id));
          if (charged.length) {
            entry.ids = [...entry.ids, ...charged];
            entry.charged = charged;
          }
        }
        if (outcome === 'skipped') {
          entry.skipReason = skipReasonOf(test);
          entry.skipKind = skipKindOf(test);
          const evidence =
            entry.skipKind === 'target' ? evidenceOf(test.results?.[test.results.length - 1]) : undefined;
          if (evidence) entry.evidence = evidence;
        }
        const warnings = outcome === 'passed' ? warningsOf(test) : [];
        if (warnings.length) entry.warnings = warnings;
        if (outcome === 'failed') {
          const failed = [...(test.results ?? [])].reverse().find((r) => r.status !== 'passed');
          const message =
            (failed?.errors ?? []).map(errorText).filter(Boolean).join('\n\n') ||
            errorText(failed?.error) ||
            (failed?.status === 'timedOut'
              ? 'Test timeout exceeded'
              : `test ended ${failed?.status ?? 'badly'}`);
          entry.error = shorten(message);
          entry.failureKind = test.status === 'flaky' ? 'suite error' : failureKind(message);
          if (test.status === 'flaky') entry.error = `flaky: failed, then passed on a retry\n${entry.error}`;
          const evidence = evidenceOf(failed);
          if (evidence) entry.evidence = evidence;
        }
        tests.push(entry);
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...path, child.title]);
  };
  // The top-level suites are files: their titles are file paths, kept in `file`, not in the title path.
  for (const fileSuite of report.suites ?? []) visit(fileSuite, []);
  return {
    tests,
    errors: (report.errors ?? []).map((e) => shorten(errorText(e))),
    ...(report.stats?.startTime ? { startTime: report.stats.startTime } : {}),
    ...(report.stats?.duration !== undefined ? { durationMs: report.stats.duration } : {}),
    metadata: report.config?.metadata ?? {},
  };
}

/** Reads and flattens a results file; the SHA-256 is of its exact bytes. */
export function readRunResults(file: string): RunResults {
  if (!fs.existsSync(file)) {
    throw new Error(`${file} does not exist: run the suite first (npx playwright test)`);
  }
  const raw = fs.readFileSync(file);
  const report = JSON.parse(raw.toString('utf8')) as JsonReport;
  const flat = flattenReport(report);
  const invariants = readInvariants(path.dirname(file), flat.metadata.runId);
  return {
    ...flat,
    ...(invariants ? { invariants } : {}),
    sha256: createHash('sha256').update(raw).digest('hex'),
    file,
  };
}

/**
 * The invariants' records of the run `runId` in `dir`: the run's own file, or those of its shards carried
 * beside the merged results (helpers/run/report-config.ts, `invariantsFileOf`); none when no file there was
 * written by this run. A file of another run is never read.
 */
function readInvariants(dir: string, runId: unknown): InvariantRecord[] | undefined {
  if (!fs.existsSync(dir) || runId === undefined) return undefined;
  const records = fs
    .readdirSync(dir)
    .filter(isInvariantsFile)
    .sort()
    .map(
      (name) =>
        JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as {
          runId?: string;
          invariants?: InvariantRecord[];
        },
    )
    .filter((record) => record.runId === runId);
  return records.length > 0 ? records.flatMap((record) => record.invariants ?? []) : undefined;
}
