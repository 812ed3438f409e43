/**
 * Where a pass of the mutation run (scripts/mutation.ts) spent its time, from the pass's clock marks and its
 * Playwright JSON results: written to reports/mutation.json (`profile`) and printed by `npm run bench`.
 */
import { entryOfTitle } from '../helpers/run/mutation-targets';

export type ReferenceKind = 'clean' | 'fault' | 'variant';

/** What the profile reads of the JSON results: each test's start, duration and worker, by describe. */
interface ResultSuite {
  title: string;
  specs?: { tests: { results: { startTime: string; duration: number; workerIndex: number }[] }[] }[];
  suites?: ResultSuite[];
}

/** Where one pass's time went (seconds). */
export interface PassProfile {
  pass: string;
  references: number;
  tests: number;
  /** Seeding the references and starting their servers, in this process. */
  serversSeconds: number;
  /** From Playwright's start to its first test: loading, listing, global setup, the first workers. */
  runnerStartSeconds: number;
  /** From the first test's start to the last test's end. */
  testsSeconds: number;
  /** The tests' durations summed over the workers, by kind of reference. */
  testsSummedSeconds: Record<ReferenceKind, number>;
  /** Workers started (a failure the run did not expect replaces its worker). */
  workers: number;
  /** From the last test's end to Playwright's exit (the workers' teardown, the global teardown, the reports). */
  exitSeconds: number;
  /** Closing the servers and reading the outcomes, in the mutation process. */
  closeSeconds: number;
}

const seconds = (ms: number) => Math.round(ms / 10) / 100;

/**
 * The profile of a pass: `kinds` gives each reference's kind by entry name, `at` the pass's clock marks
 * (performance.now() of the mutation process; `epochOffset` turns the results' wall-clock starts into it).
 */
export function passProfile(
  pass: string,
  kinds: ReadonlyMap<string, ReferenceKind>,
  tests: number,
  report: { suites: ResultSuite[] },
  at: { started: number; serversReady: number; exited: number; closed: number; epochOffset: number },
): PassProfile {
  const results: { start: number; end: number; worker: number; entry: string | undefined }[] = [];
  const visit = (suite: ResultSuite, entry: string | undefined) => {
    const within = entryOfTitle(suite.title) ?? entry;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const r of test.results) {
          const start = Date.parse(r.startTime) - at.epochOffset;
          results.push({ start, end: start + r.duration, worker: r.workerIndex, entry: within });
        }
    for (const child of suite.suites ?? []) visit(child, within);
  };
  for (const suite of report.suites) visit(suite, undefined);
  const first = Math.min(...results.map((r) => r.start), at.exited);
  const last = Math.max(...results.map((r) => r.end), first);
  const summed: Record<ReferenceKind, number> = { clean: 0, fault: 0, variant: 0 };
  for (const r of results) {
    const kind = r.entry === undefined ? undefined : kinds.get(r.entry);
    if (kind) summed[kind] += r.end - r.start;
  }
  return {
    pass,
    references: kinds.size,
    tests,
    serversSeconds: seconds(at.serversReady - at.started),
    runnerStartSeconds: seconds(first - at.serversReady),
    testsSeconds: seconds(last - first),
    testsSummedSeconds: {
      clean: seconds(summed.clean),
      fault: seconds(summed.fault),
      variant: seconds(summed.variant),
    },
    workers: new Set(results.map((r) => r.worker)).size,
    exitSeconds: seconds(at.exited - last),
    closeSeconds: seconds(at.closed - at.exited),
  };
}
