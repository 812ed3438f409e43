/**
 * The Allure history kept small (helpers/setup/allure-history.ts): each entry keeps every member the report
 * reads of it, as far back as it reads it, and nothing else; the file stays within its count and its byte
 * budget, the newest entries kept; and a report built on the trimmed history still shows a test that failed
 * before and passes now as fixed, its earlier status in its history.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { reportPaths } from '../helpers/run/report-config';
import {
  boundHistory,
  CHART_RUNS,
  COVERAGE_LABELS,
  ENTRY_MEMBERS,
  HISTORY_BYTES,
  HISTORY_RUNS,
  RESULT_MEMBERS,
  trimEntry,
  UNREAD_MEMBERS,
} from '../helpers/setup/allure-history';
import { buildAllureReport } from '../scripts/report';
import { packageFile } from '../scripts/package-paths';
import { tempDir, writeAllureResult } from './report-support';

const dir = tempDir('allure-history');
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A test's result in an entry as Allure 3 writes it: every member, a failure's message and trace. */
const fullResult = (n: number) => ({
  id: `id-${n}`,
  name: `[AUTH-00${n}] a test`,
  fullName: `auth.spec.ts › auth › [AUTH-00${n}] a test`,
  environment: 'default',
  status: 'failed',
  message: 'toBeProblem:\n  - HTTP status: expected 401, received 200',
  trace: '    at auth.spec.ts:12:5\n'.repeat(20),
  start: 1_000 + n,
  stop: 1_050 + n,
  duration: 50,
  labels: [
    { name: 'epic', value: 'Authentication with x-api-key' },
    { name: 'feature', value: 'listPatents' },
    { name: 'story', value: `AUTH-00${n}` },
    { name: 'severity', value: 'critical' },
    { name: 'tag', value: 'auth' },
    { name: 'thread', value: 'pid-1-worker-0' },
  ],
  url: '',
  historyId: `history-${n}`,
  reportLinks: [],
});

const fullEntry = (uuid: string, tests: number) => ({
  uuid,
  name: 'conformance',
  timestamp: 1_000,
  knownTestCaseIds: Array.from({ length: tests }, (_, n) => `case-${n}`),
  testResults: Object.fromEntries(
    Array.from({ length: tests }, (_, n) => [`history-${n}`, fullResult(n)] as const),
  ),
  metrics: {},
  url: '',
});

/** What Allure's history writer puts in an entry and in a result (the object literals it returns). */
function allureWrites(): { entry: string[]; result: string[] } {
  const code = fs.readFileSync(packageFile('@allurereport/core', 'dist/history.js'), 'utf8');
  const literal = (after: string) => {
    const from = code.indexOf(after);
    assert.ok(from >= 0, `${after} not found in @allurereport/core's history.js`);
    const body = /return \{([^}]*)\}/.exec(code.slice(from))![1]!;
    return [...body.matchAll(/^\s*(\w+)\s*[:,]/gm)].map((m) => m[1]!);
  };
  return { entry: literal('const createHistory ='), result: literal('const createHistoryItems =') };
}

void test('Allure writes no member the history neither keeps nor names as read by no view', () => {
  const writes = allureWrites();
  assert.ok(writes.result.includes('status') && writes.entry.includes('testResults'), 'the parse found them');
  const named = new Set([...Object.keys(RESULT_MEMBERS), ...UNREAD_MEMBERS.result]);
  const unnamed = writes.result.filter((m) => !named.has(m));
  assert.deepEqual(unnamed, [], 'a member of a result Allure writes: read by a view (RESULT_MEMBERS) or not');
  const namedEntry = new Set([...Object.keys(ENTRY_MEMBERS), ...UNREAD_MEMBERS.entry]);
  const unnamedEntry = writes.entry.filter((m) => !namedEntry.has(m));
  assert.deepEqual(
    unnamedEntry,
    [],
    'a member of an entry Allure writes: read by a view (ENTRY_MEMBERS) or not',
  );
});

void test('the depths are the ones Allure reads to', () => {
  const charts = fs.readFileSync(packageFile('@allurereport/charts-api', 'dist/constants.js'), 'utf8');
  assert.match(charts, new RegExp(`DEFAULT_CHART_HISTORY_LIMIT = ${CHART_RUNS};`));
  const stability = fs.readFileSync(
    packageFile('@allurereport/web-commons', 'dist/charts/generateStabilityDistributionChart.js'),
    'utf8',
  );
  assert.match(stability, new RegExp(`DEFAULT_LIMIT = ${CHART_RUNS};`));
  assert.ok(CHART_RUNS <= HISTORY_RUNS);
});

void test('an entry keeps every member the report reads of it, as far back as it reads it, and nothing else', () => {
  const entry = fullEntry('run', 3);
  for (const age of [0, 1, CHART_RUNS - 1, CHART_RUNS, HISTORY_RUNS - 1]) {
    const trimmed = trimEntry(entry, age) as typeof entry;
    assert.deepEqual(Object.keys(trimmed).sort(), Object.keys(ENTRY_MEMBERS).sort(), `entry at age ${age}`);
    assert.deepEqual(Object.keys(trimmed.testResults), Object.keys(entry.testResults));
    const read = Object.entries(RESULT_MEMBERS)
      .filter(([, { runs }]) => age < runs)
      .map(([member]) => member);
    for (const [historyId, result] of Object.entries(trimmed.testResults)) {
      const full = entry.testResults[historyId]!;
      assert.deepEqual(Object.keys(result).sort(), [...read].sort(), `${historyId} at age ${age}`);
      for (const member of read) {
        const expected =
          member === 'labels'
            ? full.labels.filter((l) => COVERAGE_LABELS.includes(l.name))
            : full[member as keyof typeof full];
        assert.deepEqual(result[member as keyof typeof result], expected, `${member} at age ${age}`);
      }
    }
  }
  assert.ok(
    RESULT_MEMBERS.status!.runs === HISTORY_RUNS,
    'the markers and the history tab read every run kept',
  );
});

void test('the history stays within its byte budget for big entries, the newest kept', () => {
  // Big in what is kept: a long link per result, which trimming keeps.
  const big = (uuid: string) => {
    const entry = fullEntry(uuid, 200);
    for (const result of Object.values(entry.testResults))
      result.url = `https://ci.example.test/${'x'.repeat(5_000)}`;
    return JSON.stringify(entry);
  };
  const uuids = Array.from({ length: 20 }, (_, n) => `run-${n}`);
  const bounded = boundHistory(`${uuids.map(big).join('\n')}\n`);
  assert.equal(Buffer.byteLength(bounded.text), bounded.bytes);
  assert.ok(bounded.bytes <= HISTORY_BYTES, `${bounded.bytes} bytes over the budget of ${HISTORY_BYTES}`);
  assert.ok(bounded.byBudget && bounded.runs > 1 && bounded.runs < uuids.length, `${bounded.runs} runs kept`);
  const kept = bounded.text
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { uuid: string }).uuid);
  assert.deepEqual(kept, uuids.slice(-bounded.runs), 'the newest, in the order of the file');
});

void test('the count bounds the history too, the newest is kept alone over the budget, broken lines go', () => {
  const lines = ['a', 'b', 'c', 'd'].map((uuid) => JSON.stringify(fullEntry(uuid, 2)));
  const uuidsOf = (text: string) =>
    text
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { uuid: string }).uuid);
  assert.deepEqual(uuidsOf(boundHistory(lines.join('\n'), { runs: 2, bytes: HISTORY_BYTES }).text), [
    'c',
    'd',
  ]);
  const alone = boundHistory(lines.join('\n'), { runs: HISTORY_RUNS, bytes: 1 });
  assert.deepEqual(uuidsOf(alone.text), ['d']);
  assert.equal(alone.byBudget, true);
  const broken = boundHistory(`${lines[0]}\n{"uuid": "tr\n\n${lines[1]}\n`);
  assert.deepEqual(uuidsOf(broken.text), ['a', 'b']);
  assert.equal(broken.byBudget, false);
});

/** The data files the single-file report embeds, by path (its `d("path", "base64")` calls). */
function embedded(index: string): Map<string, unknown> {
  const files = new Map<string, unknown>();
  for (const [, name, data] of index.matchAll(/\bd\("([^"]+\.json)","([^"]*)"\)/g)) {
    files.set(name!, JSON.parse(Buffer.from(data!, 'base64').toString('utf8')));
  }
  return files;
}

void test('a report on the trimmed history shows a test failed before and passing now as fixed, with its history', () => {
  const paths = reportPaths({ REPORTS_DIR: dir });
  const build = (status: string) => {
    fs.rmSync(paths.allureResults, { recursive: true, force: true });
    writeAllureResult(paths.allureResults, '[AUTH-001] passes', 'passed');
    writeAllureResult(
      paths.allureResults,
      '[AUTH-005] fails, then passes',
      status,
      status === 'failed' ? 'toBeProblem: expected 401, received 200' : undefined,
    );
    assert.equal(buildAllureReport(paths), true);
  };
  build('failed');
  build('failed');
  build('passed');
  const entries = fs
    .readFileSync(paths.historyFile, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { testResults: Record<string, Record<string, unknown>> });
  assert.equal(entries.length, 3);
  const [, earlier, newest] = entries;
  // Allure keys a result by a history id of its own; the newest entry alone keeps the names.
  const keyOf = (name: string) =>
    Object.keys(newest!.testResults).find((k) => newest!.testResults[k]!.name === name)!;
  const flipping = keyOf('[AUTH-005] fails, then passes');
  assert.equal(earlier!.testResults[flipping]!.status, 'failed');
  assert.equal(earlier!.testResults[flipping]!.message, undefined, 'no message kept');
  assert.equal(earlier!.testResults[flipping]!.labels, undefined, 'labels of the newest only');
  assert.deepEqual(newest!.testResults[keyOf('[AUTH-001] passes')]!.labels, [
    { name: 'epic', value: 'Authentication with x-api-key' },
    { name: 'story', value: 'AUTH-001' },
  ]);
  const files = embedded(fs.readFileSync(path.join(paths.allureReport, 'index.html'), 'utf8'));
  const results = [...files]
    .filter(([name]) => name.startsWith('data/test-results/'))
    .map(([, r]) => r as { name: string; transition?: string; history: { status: string; stop?: number }[] });
  const fixed = results.find((r) => r.name === '[AUTH-005] fails, then passes');
  assert.ok(fixed, 'the test is in the report');
  assert.equal(fixed.transition, 'fixed');
  assert.deepEqual(
    fixed.history.map((h) => h.status),
    ['failed', 'failed'],
  );
  assert.ok(
    fixed.history.every((h) => typeof h.stop === 'number'),
    'each earlier run has its date',
  );
  const steady = results.find((r) => r.name === '[AUTH-001] passes');
  assert.equal(
    steady?.transition,
    undefined,
    'a test that passed before and passes now is neither new nor fixed',
  );
});
