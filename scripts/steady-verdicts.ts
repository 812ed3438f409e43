/**
 * The steadiness command's pure parts (scripts/steady.ts runs the suite): its options, the cause of each
 * failed test, how much company each run had, and the summary and table of a series of runs. The target of
 * every run is the conformant reference, so every failed test is a false failure.
 */
import { stripAnsi, type RunResults } from './run-results';

export interface SteadyOptions {
  /** Runs in a row, in each lane. */
  runs: number;
  /** A forwarder holds each request this long before passing it on. */
  latencyMs?: number;
  /**
   * A forwarder closes a kept-alive connection idle this long, silently as gunicorn and uvicorn do, or
   * announcing it as Node does (`announced`: `Keep-Alive: timeout=<whole seconds>`).
   */
  keepAliveMs?: number;
  announced?: boolean;
  /** The suite's workers (WORKERS); unset: the suite's own default for its target. */
  workers?: number;
  /**
   * Lanes of runs going on at the same time, each run against a reference of its own: the runs share the
   * machine, not a target, whose data a run must know all writes to (another run's writes it cannot know).
   */
  concurrent: number;
  /** Variants of the reference switched on: as many as combine (rotated from run to run), or these. */
  variants?: 'widest' | string[];
}

const FLAGS = [
  '--steady',
  '--latency',
  '--keepalive',
  '--keepalive-announced',
  '--workers',
  '--concurrent',
  '--variants',
];

/** Whether the bench's arguments ask for the steadiness runs (`--concurrent` alone: one run in each lane). */
export const isSteadyRequest = (args: readonly string[]) =>
  args.includes('--steady') || args.includes('--concurrent');

/** The options of `npm run bench -- --steady N ...`; a wrong or unknown argument throws, naming it. */
export function parseSteadyArgs(args: readonly string[]): SteadyOptions {
  const values = new Map<string, string | undefined>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!FLAGS.includes(arg))
      throw new Error(`the steadiness runs take ${FLAGS.join(', ')}; not ${JSON.stringify(arg)}`);
    const next = args[i + 1];
    const value = next === undefined || next.startsWith('--') ? undefined : next;
    if (value !== undefined) i++;
    values.set(arg, value);
  }
  const count = (flag: string, least: number): number | undefined => {
    if (!values.has(flag)) return undefined;
    const text = values.get(flag);
    const n = Number(text);
    if (text === undefined || !Number.isInteger(n) || n < least)
      throw new Error(`${flag} takes a whole number of at least ${least}; got ${text ?? 'nothing'}`);
    return n;
  };
  const variants = values.get('--variants');
  const options: SteadyOptions = {
    runs: count('--steady', 1) ?? 1,
    concurrent: count('--concurrent', 1) ?? 1,
  };
  const latencyMs = count('--latency', 0);
  const keepAliveMs = count('--keepalive', 1);
  const workers = count('--workers', 1);
  if (latencyMs !== undefined) options.latencyMs = latencyMs;
  if (keepAliveMs !== undefined) options.keepAliveMs = keepAliveMs;
  if (values.has('--keepalive-announced')) {
    if (keepAliveMs === undefined || values.get('--keepalive-announced') !== undefined)
      throw new Error('--keepalive-announced takes no value and goes with --keepalive <ms>');
    options.announced = true;
  }
  if (workers !== undefined) options.workers = workers;
  if (values.has('--variants'))
    options.variants =
      variants === undefined
        ? 'widest'
        : variants
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean);
  return options;
}

const runs = (n: number) => `${n} run${n === 1 ? '' : 's'}`;

/** The settings of a series in words, for the table's first line. */
export function describeOptions(options: SteadyOptions): string {
  const parts = [
    `${options.concurrent > 1 ? `${options.concurrent} lanes at the same time, each of ` : ''}${runs(options.runs)} in a row`,
    options.latencyMs !== undefined || options.keepAliveMs !== undefined
      ? `through a forwarder (${[
          `${options.latencyMs ?? 0} ms latency`,
          ...(options.keepAliveMs !== undefined
            ? [
                `closing connections idle ${options.keepAliveMs} ms${options.announced ? ', announced' : ', unannounced'}`,
              ]
            : []),
        ].join(', ')})`
      : 'no delay (the embedded reference)',
    options.workers !== undefined ? `${options.workers} workers` : 'default workers',
    ...(options.variants === 'widest'
      ? ['the reference with as many variants as combine']
      : options.variants
        ? [`the reference with ${options.variants.join(', ')}`]
        : []),
  ];
  return parts.join('; ');
}

/**
 * The cause of a failed test, from its error: the target's connection reset or refused, no answer in time,
 * another request error, an assertion or a breach the suite found in an answer, or an error of the suite.
 */
export type Cause =
  'connection reset' | 'connection refused' | 'timeout' | 'no answer' | 'assertion' | 'suite error';

/** A run that ended badly with no failed test to blame (global set-up, teardown, a crash). */
export const RUN_ERROR = 'run error' as const;

const CAUSES: [Cause, RegExp][] = [
  ['connection reset', /ECONNRESET|EPIPE|socket hang up|other side closed|ECONNABORTED/],
  ['connection refused', /ECONNREFUSED/],
  ['timeout', /[Tt]imeout (?:of )?(?:\d+ ?ms )?exceeded|timed out|ETIMEDOUT/],
  ['no answer', /TargetError|the target did not answer/],
  // An expect, a matcher of the suite, or a breach charged to a requirement ([PER-007] ...).
  ['assertion', /expect\(|Expected:|Received:|to(?:Have|Be|Match)\w*|\[[A-Z]+-\d{3}\]/],
];

/**
 * The line of an error that says what went wrong: its first (colours and blank lines left out); for a failed
 * property of fast-check, whose first line only says that it failed, with its `Got ...` line, the error the
 * counterexample met.
 */
function causeLine(message: string): string {
  const lines = stripAnsi(message)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const first = lines[0] ?? '';
  const got = /Property failed after \d+ tests?/.test(first)
    ? lines.find((l) => l.startsWith('Got '))
    : undefined;
  return got ? `${first}: ${got.slice('Got '.length)}` : first;
}

/** The line of an error that says what went wrong (causeLine), at most 300 characters. */
export function firstLine(message: string): string {
  const line = causeLine(message);
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

/**
 * The cause of a failed test. The network's causes are read in the line that says what went wrong, where
 * the client and Playwright state them; an assertion anywhere in the message (whose later lines may quote
 * an answer).
 */
export function classifyFailure(message: string): Cause {
  const head = causeLine(message);
  for (const [cause, pattern] of CAUSES.slice(0, 4)) if (pattern.test(head)) return cause;
  return CAUSES[4]![1].test(stripAnsi(message)) ? 'assertion' : 'suite error';
}

export interface FalseFailure {
  /** The spec file and the test's titles, joined with ` › `. */
  test: string;
  cause: Cause | typeof RUN_ERROR;
  firstLine: string;
}

/** The failed tests of a run, each with its cause; and the errors outside any test. */
export function falseFailuresOf(results: Pick<RunResults, 'tests' | 'errors'>): FalseFailure[] {
  return [
    ...results.tests
      .filter((t) => t.outcome === 'failed')
      .map((t) => ({
        test: `${t.file} › ${t.fullTitle}`,
        cause: classifyFailure(t.error ?? ''),
        firstLine: firstLine(t.error ?? ''),
      })),
    ...results.errors.map((e) => ({ test: '(outside any test)', cause: RUN_ERROR, firstLine: firstLine(e) })),
  ];
}

/** Tests a run records as not judged (skipped) against the reference, listed at most. */
const NOT_JUDGED_LISTED = 20;

/**
 * The skipped tests of a run, each with the first line of its reason: against the reference nothing should
 * skip but what a variant takes away, and a test that could not judge its answer says so here, not as a failure.
 */
export function notJudgedOf(results: Pick<RunResults, 'tests'>): { test: string; reason: string }[] {
  return results.tests
    .filter((t) => t.outcome === 'skipped')
    .slice(0, NOT_JUDGED_LISTED)
    .map((t) => ({ test: `${t.file} › ${t.fullTitle}`, reason: firstLine(t.skipReason ?? '') }));
}

export interface RunRecord {
  lane: number;
  /** Its place in its lane, from 1. */
  run: number;
  startedAt: number;
  endedAt: number;
  wallSeconds: number;
  exitCode: number | null;
  tests: number;
  passed: number;
  failed: number;
  skipped: number;
  /** The variants the reference had in this run. */
  variants?: string[];
  falseFailures: FalseFailure[];
  /** The first skipped tests with their reasons. */
  notJudged?: { test: string; reason: string }[];
  /** The average number of other runs going on while this one ran. */
  company?: number;
  /** Where its raw results were kept, when it failed. */
  results?: string;
}

/** A run passed when its exit code was 0 and nothing failed. */
export const runPassed = (r: RunRecord) => r.exitCode === 0 && r.falseFailures.length === 0;

/** Each run's company: the other runs' time inside its own, divided by its own. */
export function withCompany(records: readonly RunRecord[]): RunRecord[] {
  return records.map((r) => {
    const span = r.endedAt - r.startedAt;
    const shared = records
      .filter((o) => o !== r)
      .reduce(
        (sum, o) => sum + Math.max(0, Math.min(r.endedAt, o.endedAt) - Math.max(r.startedAt, o.startedAt)),
        0,
      );
    return { ...r, company: span > 0 ? Math.round((shared / span) * 100) / 100 : 0 };
  });
}

export interface SteadySummary {
  date: string;
  commit?: string;
  settings: string;
  options: SteadyOptions;
  runs: number;
  runsPassed: number;
  falseFailures: number;
  byCause: Record<string, number>;
  /** Each test that failed, how often and why (its distinct first lines, at most three). */
  byTest: { test: string; failures: number; causes: Record<string, number>; firstLines: string[] }[];
  wallSeconds: { min: number; median: number; max: number } | null;
  records: RunRecord[];
}

export function summarize(
  options: SteadyOptions,
  records: readonly RunRecord[],
  meta: { date: string; commit?: string },
): SteadySummary {
  const all = records.flatMap((r) => r.falseFailures);
  const byCause: Record<string, number> = {};
  for (const f of all) byCause[f.cause] = (byCause[f.cause] ?? 0) + 1;
  const tests = new Map<string, SteadySummary['byTest'][number]>();
  for (const f of all) {
    const held = tests.get(f.test) ?? { test: f.test, failures: 0, causes: {}, firstLines: [] };
    held.failures += 1;
    held.causes[f.cause] = (held.causes[f.cause] ?? 0) + 1;
    if (!held.firstLines.includes(f.firstLine) && held.firstLines.length < 3)
      held.firstLines.push(f.firstLine);
    tests.set(f.test, held);
  }
  const walls = records.map((r) => r.wallSeconds).sort((a, b) => a - b);
  const mid = Math.floor(walls.length / 2);
  return {
    ...meta,
    settings: describeOptions(options),
    options,
    runs: records.length,
    runsPassed: records.filter(runPassed).length,
    falseFailures: all.length,
    byCause,
    byTest: [...tests.values()].sort((a, b) => b.failures - a.failures || a.test.localeCompare(b.test)),
    wallSeconds: walls.length
      ? {
          min: walls[0]!,
          median:
            walls.length % 2 ? walls[mid]! : Math.round(((walls[mid - 1]! + walls[mid]!) / 2) * 100) / 100,
          max: walls.at(-1)!,
        }
      : null,
    records: [...records].sort((a, b) => a.lane - b.lane || a.run - b.run),
  };
}

/** One line for a run as it ends. */
export function runLine(r: RunRecord, runs: number, lanes: number): string {
  const where = lanes > 1 ? `lane ${r.lane} run ${r.run}/${runs}` : `run ${r.run}/${runs}`;
  const verdict = runPassed(r)
    ? 'passed'
    : `FAILED (${r.failed} failed${r.exitCode === 0 ? '' : `, exit ${r.exitCode}`})`;
  return [
    `${where}: ${verdict}, ${r.tests} tests, ${r.skipped} skipped, ${r.wallSeconds} s`,
    ...r.falseFailures.map((f) => `    ${f.cause}: ${f.test}: ${f.firstLine}`),
    ...(r.notJudged ?? []).slice(0, 5).map((n) => `    not judged: ${n.test}: ${n.reason}`),
  ].join('\n');
}

/** The short table of a series: its runs, then the tests that failed with their causes. */
export function steadyTable(summary: SteadySummary): string[] {
  const lanes = summary.options.concurrent;
  const header = `${lanes > 1 ? 'lane  ' : ''}run   wall s   tests   failed   skipped${lanes > 1 ? '   company' : ''}`;
  const rows = summary.records.map(
    (r) =>
      `${lanes > 1 ? String(r.lane).padStart(4) + '  ' : ''}${String(r.run).padStart(3)}  ${r.wallSeconds.toFixed(1).padStart(7)}  ${String(r.tests).padStart(6)}  ${String(r.failed).padStart(7)}  ${String(r.skipped).padStart(8)}${lanes > 1 ? (r.company ?? 0).toFixed(2).padStart(10) : ''}${runPassed(r) ? '' : '   FAILED'}`,
  );
  const causes = Object.entries(summary.byCause)
    .map(([cause, n]) => `${cause} ${n}`)
    .join(', ');
  return [
    `steadiness: ${summary.settings}`,
    header,
    ...rows,
    `runs passed: ${summary.runsPassed}/${summary.runs}; false failures: ${summary.falseFailures}${causes ? ` (${causes})` : ''}` +
      (summary.wallSeconds
        ? `; wall ${summary.wallSeconds.min} to ${summary.wallSeconds.max} s, median ${summary.wallSeconds.median} s`
        : ''),
    ...(summary.byTest.length ? ['false failures by test:'] : []),
    ...summary.byTest.flatMap((t) => [
      `  ${String(t.failures).padStart(3)}x  ${t.test}`,
      `        ${Object.entries(t.causes)
        .map(([c, n]) => `${c} ${n}`)
        .join(', ')}: ${t.firstLines.join(' | ')}`,
    ]),
  ];
}
