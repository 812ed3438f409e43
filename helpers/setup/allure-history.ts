/**
 * The Allure history (`reports/history/history.jsonl`, one JSON line per report built), kept small. Allure 3
 * (the `allure` package, 3.18.0) appends for every test of every run its full name, every label, its error
 * message and trace, and limits the file by count only; the awesome report copies each test's earlier results
 * into the single-file HTML. 70 runs into one folder made a 36 MB history and a 60 MB report.
 *
 * After each report the file is written again: each entry keeps only the members the report reads of it, and
 * only as far back as it reads them (RESULT_MEMBERS: the history tab and the new, fixed, regressed and flaky
 * markers read the earlier statuses, dates and durations of every run kept; the trend charts the ten newest
 * runs; the coverage diff map the names and labels of the newest alone). The newest entries are kept while they
 * fit both bounds, a count and a byte budget. What is read where was found in Allure's code; allurerc.ts sets no
 * chart or filter option that reads more, and one that did would add its members here.
 */
import fs from 'node:fs';

/** The runs the history tab lists and the markers look back over (Allure's `historyLimit`). */
export const HISTORY_RUNS = 50;

/**
 * The most the history file may hold, so that the CI cache, the artifact and the report that embeds the history
 * stay small however many tests the suite grows to (the README gives this suite's figure at HISTORY_RUNS runs).
 */
export const HISTORY_BYTES = 8_000_000;

/** The members of an entry (one run) the report reads. */
export const ENTRY_MEMBERS = {
  uuid: 'the trend charts: the id of each run',
  name: 'the trend charts: the name of each run',
  timestamp: 'the order of the runs (newest first) and the dates of the trend charts',
  url: 'the link of each run in the trend charts',
  metrics: 'the metrics widget',
  testResults: 'the earlier results, by history id',
} as const;

/** The newest runs the trend charts read (Allure's DEFAULT_CHART_HISTORY_LIMIT and the stability chart's limit). */
export const CHART_RUNS = 10;

/** A member of a test's earlier result: in how many of the newest entries the report reads it, and where. */
interface ReadMember {
  runs: number;
  readBy: string;
}

/**
 * What the report reads of a test's earlier result: an entry keeps a member while it is among the newest
 * `runs` entries (the labels, only those the coverage diff map groups by).
 */
export const RESULT_MEMBERS: Readonly<Record<string, ReadMember>> = {
  status: {
    runs: HISTORY_RUNS,
    readBy: 'the history tab, the status dots, the new, fixed, regressed and flaky markers, the trend charts',
  },
  stop: {
    runs: HISTORY_RUNS,
    readBy: 'the date in the history tab and the status dots; the durations chart',
  },
  start: { runs: HISTORY_RUNS, readBy: 'the date in the history tab without a stop; the durations chart' },
  duration: { runs: HISTORY_RUNS, readBy: 'the duration in the history tab' },
  id: { runs: HISTORY_RUNS, readBy: 'the link to the earlier result in the history tab' },
  url: { runs: HISTORY_RUNS, readBy: 'the link to the earlier result in the history tab' },
  historyId: {
    runs: CHART_RUNS,
    readBy: 'the status age pyramid and the coverage diff map match tests by it',
  },
  environment: { runs: CHART_RUNS, readBy: 'the charts of each environment file a result under it' },
  name: { runs: 1, readBy: 'the coverage diff map: the name of a test the current run lacks' },
  labels: {
    runs: 1,
    readBy: 'the coverage diff map: where a test the current run lacks sits (COVERAGE_LABELS)',
  },
};

/**
 * What Allure writes that no view reads, and an entry drops: the test cases a run knew, and of a result its
 * full name, its error's message and trace (the history tab shows an `error` member, which Allure does not
 * write) and its report links. tests/allure-history.test.ts holds this list and the two above to Allure's
 * writer, so that a member a newer Allure adds is read here before it is kept or dropped.
 */
export const UNREAD_MEMBERS = {
  entry: ['knownTestCaseIds'],
  result: ['fullName', 'message', 'trace', 'reportLinks'],
} as const;

/** The labels the coverage diff map groups by (its behaviour labels). */
export const COVERAGE_LABELS: readonly string[] = ['epic', 'feature', 'story'];

type Json = Record<string, unknown>;

const isLabel = (label: unknown): label is { name: string } =>
  typeof label === 'object' && label !== null && typeof (label as { name?: unknown }).name === 'string';

/** A test's earlier result as the entry `age` runs back from the newest (0) keeps it. */
function trimResult(result: Json, age: number): Json {
  const kept: Json = {};
  for (const [member, { runs }] of Object.entries(RESULT_MEMBERS)) {
    if (age >= runs || result[member] === undefined) continue;
    kept[member] =
      member === 'labels' && Array.isArray(result.labels)
        ? result.labels.filter((l) => isLabel(l) && COVERAGE_LABELS.includes(l.name))
        : result[member];
  }
  return kept;
}

/** One entry, `age` runs back from the newest (0), with only what the report reads of it. */
export function trimEntry(entry: Json, age: number): Json {
  const kept = Object.fromEntries(
    Object.keys(ENTRY_MEMBERS)
      .filter((member) => entry[member] !== undefined)
      .map((member) => [member, entry[member]]),
  );
  const results = (entry.testResults ?? {}) as Record<string, Json>;
  kept.testResults = Object.fromEntries(
    Object.entries(results).map(([historyId, result]) => [historyId, trimResult(result, age)]),
  );
  return kept;
}

export interface HistoryBounds {
  runs: number;
  bytes: number;
}

/**
 * The history file's text bounded: the entries trimmed, the newest kept while they fit the count and the
 * byte budget, in the file's order (Allure appends, so the last line is the newest). The newest entry is
 * kept even alone over the budget: without it every test of the next report would show as new. A line that
 * is not JSON is dropped, since Allure stops on it.
 */
export function boundHistory(
  text: string,
  bounds: HistoryBounds = { runs: HISTORY_RUNS, bytes: HISTORY_BYTES },
) {
  const entries = text
    .split('\n')
    .filter((line) => line.trim())
    .flatMap((line) => {
      try {
        const entry: unknown = JSON.parse(line);
        return typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? [entry as Json] : [];
      } catch {
        return [];
      }
    })
    .reverse();
  const kept: string[] = [];
  let bytes = 0;
  for (const entry of entries) {
    if (kept.length === bounds.runs) break;
    const line = `${JSON.stringify(trimEntry(entry, kept.length))}\n`;
    const size = Buffer.byteLength(line);
    if (kept.length > 0 && bytes + size > bounds.bytes) break;
    kept.push(line);
    bytes += size;
  }
  // The budget, not the count, ended the history: fewer runs than the history tab would list.
  const byBudget = kept.length < Math.min(bounds.runs, entries.length);
  return { text: kept.reverse().join(''), runs: kept.length, bytes, byBudget };
}

/** Bounds the history file in place (after Allure appended this report's entry); nothing when there is none. */
export function boundHistoryFile(file: string): ReturnType<typeof boundHistory> | undefined {
  if (!fs.existsSync(file)) return undefined;
  const bounded = boundHistory(fs.readFileSync(file, 'utf8'));
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, bounded.text);
  fs.renameSync(temporary, file);
  return bounded;
}
