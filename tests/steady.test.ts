/**
 * The steadiness command's pure parts (scripts/steady-verdicts.ts): its arguments, the cause of a failed
 * test, each run's company, the summary and its table; and the widest combination of variants
 * (scripts/variant-groups.ts). No suite runs here.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { flattenReport } from '../scripts/run-results';
import {
  classifyFailure,
  describeOptions,
  falseFailuresOf,
  firstLine,
  isSteadyRequest,
  notJudgedOf,
  parseSteadyArgs,
  steadyTable,
  summarize,
  withCompany,
  type RunRecord,
} from '../scripts/steady-verdicts';
import { widestOf } from '../scripts/variant-groups';
import { syntheticReport } from './report-support';

void test('the arguments: N runs, the forwarder, workers, lanes and variants', () => {
  assert.deepEqual(parseSteadyArgs(['--steady', '3']), { runs: 3, concurrent: 1 });
  assert.deepEqual(
    parseSteadyArgs(['--steady', '20', '--latency', '100', '--keepalive', '300', '--workers', '16']),
    { runs: 20, concurrent: 1, latencyMs: 100, keepAliveMs: 300, workers: 16 },
  );
  assert.deepEqual(parseSteadyArgs(['--steady', '2', '--variants', '--concurrent', '3']), {
    runs: 2,
    concurrent: 3,
    variants: 'widest',
  });
  assert.deepEqual(parseSteadyArgs(['--steady', '2', '--variants', 'a, b']).variants, ['a', 'b']);
  // --concurrent alone: one run in each lane.
  assert.deepEqual(parseSteadyArgs(['--concurrent', '3']), { runs: 1, concurrent: 3 });
  assert.equal(parseSteadyArgs(['--steady', '1', '--latency', '0']).latencyMs, 0);
  assert.deepEqual(parseSteadyArgs(['--steady', '1', '--keepalive', '300', '--keepalive-announced']), {
    runs: 1,
    concurrent: 1,
    keepAliveMs: 300,
    announced: true,
  });
  assert.ok(isSteadyRequest(['--steady', '1']) && isSteadyRequest(['--concurrent', '2']));
  assert.ok(!isSteadyRequest(['--latency', '100']));
});

void test('a wrong or unknown argument is refused, naming it', () => {
  assert.throws(
    () => parseSteadyArgs(['--steady', '0']),
    /--steady takes a whole number of at least 1; got 0/,
  );
  assert.throws(() => parseSteadyArgs(['--steady', '2.5']), /--steady/);
  assert.throws(() => parseSteadyArgs(['--steady']), /got nothing/);
  assert.throws(() => parseSteadyArgs(['--steady', '3', '--keepalive', '0']), /--keepalive/);
  assert.throws(() => parseSteadyArgs(['--steady', '3', '--runs', '2']), /not "--runs"/);
  assert.throws(() => parseSteadyArgs(['--steady', '3', '--read-only']), /not "--read-only"/);
  assert.throws(() => parseSteadyArgs(['--steady', '3', '--keepalive-announced']), /goes with --keepalive/);
});

void test('the settings in words', () => {
  assert.equal(
    describeOptions({ runs: 1, concurrent: 1 }),
    '1 run in a row; no delay (the embedded reference); default workers',
  );
  assert.equal(
    describeOptions({ runs: 10, concurrent: 3, keepAliveMs: 300, workers: 16, variants: 'widest' }),
    '3 lanes at the same time, each of 10 runs in a row; through a forwarder (0 ms latency, closing ' +
      'connections idle 300 ms, unannounced); 16 workers; the reference with as many variants as combine',
  );
  assert.match(
    describeOptions({ runs: 2, concurrent: 1, latencyMs: 100, keepAliveMs: 300, announced: true }),
    /through a forwarder \(100 ms latency, closing connections idle 300 ms, announced\)/,
  );
});

void test('a failure is classified by the first line that says something', () => {
  const cases: [string, string][] = [
    [
      'TargetError: the target did not answer POST http://127.0.0.1:1/api/v2/external/patent-instructions within 30000 ms: apiRequestContext.fetch: socket hang up',
      'connection reset',
    ],
    ['Error: apiRequestContext.fetch: read ECONNRESET\nCall log:', 'connection reset'],
    ['Error: connect ECONNREFUSED 127.0.0.1:4000', 'connection refused'],
    ['Test timeout of 30000ms exceeded.', 'timeout'],
    [
      'TargetError: the target did not answer GET http://x/ within 30000 ms: apiRequestContext.fetch: Timeout 30000ms exceeded.',
      'timeout',
    ],
    ['TargetError: the answer is not JSON', 'no answer'],
    [
      '\u001b[31mError: [PER-007] offices narrows the window: repeat encoding answered 200 with neither both values, nor one, nor none\u001b[39m\n\nexpect(received).toBe(expected)',
      'assertion',
    ],
    [
      'Error: expect(received).toBe(expected) // Object.is equality\n\nExpected: 200\nReceived: 404',
      'assertion',
    ],
    [
      'Error: [EVT-032] blockedReason changed with no write or date change that could explain it',
      'assertion',
    ],
    ["TypeError: Cannot read properties of undefined (reading 'id')", 'suite error'],
    // A failed property says what went wrong on its `Got` line.
    [
      'Error: Property failed after 1 tests\n{ seed: 1, path: "0", endOnFailure: true }\nCounterexample: [InstructEarliest(3, 0)]\nShrunk 0 time(s)\nGot TargetError: the target did not answer POST http://x/ within 10000 ms: apiRequestContext.fetch: socket hang up (ECONNRESET)',
      'connection reset',
    ],
    [
      'Error: Property failed after 3 tests\nCounterexample: [1]\nGot error: expect(received).toBe(expected)',
      'assertion',
    ],
    // A later line that quotes an answer does not make an assertion a reset.
    ['Error: [INS-019] answered 500\n  body: "socket hang up"', 'assertion'],
  ];
  for (const [message, cause] of cases) assert.equal(classifyFailure(message), cause, message);
  assert.equal(firstLine('\n\n  \u001b[2mError: one\u001b[22m\ntwo'), 'Error: one');
  assert.equal(firstLine('x'.repeat(400)).length, 300);
  assert.equal(
    firstLine('Error: Property failed after 2 tests\nCounterexample: [1]\nGot error: boom\n  at x'),
    'Error: Property failed after 2 tests: error: boom',
  );
});

void test('the tests a run did not judge, with their reasons', () => {
  const results = flattenReport(
    syntheticReport([
      { title: '[PAG-008] a', outcome: 'passed' },
      {
        title: '[AUTH-001] d',
        outcome: 'skipped',
        reason: 'not verified (target): the PUT froze nothing\nmore',
      },
    ]),
  );
  assert.deepEqual(notJudgedOf(results), [
    { test: 'synthetic.spec.ts › [AUTH-001] d', reason: 'not verified (target): the PUT froze nothing' },
  ]);
});

void test('the false failures of a run: every failed test with its cause, and the errors outside tests', () => {
  const results = flattenReport(
    syntheticReport(
      [
        { title: '[PAG-008] a', outcome: 'passed' },
        { title: '[PER-007] b', outcome: 'failed', error: 'Error: [PER-007] repeat encoding answered 200' },
        { title: '[INS-019] c', outcome: 'timedOut' },
        { title: '[AUTH-001] d', outcome: 'skipped', reason: 'no key' },
      ],
      ['Error: global setup: the reference did not start'],
    ),
  );
  assert.deepEqual(falseFailuresOf(results), [
    {
      test: 'synthetic.spec.ts › [PER-007] b',
      cause: 'assertion',
      firstLine: 'Error: [PER-007] repeat encoding answered 200',
    },
    { test: 'synthetic.spec.ts › [INS-019] c', cause: 'timeout', firstLine: 'Test timeout exceeded' },
    {
      test: '(outside any test)',
      cause: 'run error',
      firstLine: 'Error: global setup: the reference did not start',
    },
  ]);
});

const record = (r: Partial<RunRecord> & Pick<RunRecord, 'lane' | 'run'>): RunRecord => ({
  startedAt: 0,
  endedAt: 10_000,
  wallSeconds: 10,
  exitCode: 0,
  tests: 516,
  passed: 516,
  failed: 0,
  skipped: 0,
  falseFailures: [],
  ...r,
});

void test("a run's company: the other runs' time inside its own, divided by its own", () => {
  const [a, b, c] = withCompany([
    record({ lane: 1, run: 1, startedAt: 0, endedAt: 100 }),
    record({ lane: 2, run: 1, startedAt: 0, endedAt: 50 }),
    record({ lane: 3, run: 1, startedAt: 200, endedAt: 300 }),
  ]);
  assert.equal(a!.company, 0.5);
  assert.equal(b!.company, 1);
  assert.equal(c!.company, 0);
});

void test('the summary counts runs and causes, and names each failed test with how often and why', () => {
  const reset = {
    test: 'sync.spec.ts › [SYNC-001] x',
    cause: 'connection reset' as const,
    firstLine: 'TargetError: ... socket hang up',
  };
  const records = [
    record({ lane: 1, run: 2, wallSeconds: 12, failed: 1, exitCode: 1, falseFailures: [reset] }),
    record({ lane: 1, run: 1, wallSeconds: 10 }),
    record({
      lane: 1,
      run: 3,
      wallSeconds: 14,
      failed: 2,
      exitCode: 1,
      falseFailures: [
        reset,
        { test: 'period.spec.ts › [PER-007] y', cause: 'assertion', firstLine: 'Error: [PER-007] z' },
      ],
    }),
  ];
  const summary = summarize({ runs: 3, concurrent: 1, latencyMs: 100 }, records, {
    date: '2026-12-07T00:00:00Z',
  });
  assert.equal(summary.runs, 3);
  assert.equal(summary.runsPassed, 1);
  assert.equal(summary.falseFailures, 3);
  assert.deepEqual(summary.byCause, { 'connection reset': 2, assertion: 1 });
  assert.deepEqual(summary.byTest[0], {
    test: 'sync.spec.ts › [SYNC-001] x',
    failures: 2,
    causes: { 'connection reset': 2 },
    firstLines: ['TargetError: ... socket hang up'],
  });
  assert.deepEqual(summary.wallSeconds, { min: 10, median: 12, max: 14 });
  assert.deepEqual(
    summary.records.map((r) => r.run),
    [1, 2, 3],
  );
  const table = steadyTable(summary).join('\n');
  assert.match(table, /^steadiness: 3 runs in a row; through a forwarder \(100 ms latency\)/);
  assert.match(table, /runs passed: 1\/3; false failures: 3 \(connection reset 2, assertion 1\)/);
  assert.match(table, /2x {2}sync\.spec\.ts › \[SYNC-001\] x\n\s+connection reset 2: TargetError/);
  assert.match(table, /\n\s+2\s+12\.0\s+516\s+1\s+0 {3}FAILED/);
});

void test('the widest combination of variants: one per switch file, rotated from turn to turn', () => {
  const files = new Map<string, Set<string>>([
    ['a1', new Set(['a.ts'])],
    ['a2', new Set(['a.ts'])],
    ['b1', new Set(['b.ts'])],
    ['ab', new Set(['a.ts', 'b.ts'])],
    ['c1', new Set(['c.ts'])],
    ['nowhere', new Set()],
  ]);
  assert.deepEqual(widestOf(files, 0), ['a1', 'b1', 'c1']);
  assert.deepEqual(widestOf(files, 1), ['a2', 'b1', 'c1']);
  assert.deepEqual(widestOf(files, 2), ['a1', 'b1', 'c1']);
  // A variant of two files comes after those of one: taken only where both its files are still free.
  assert.deepEqual(widestOf(new Map([...files].filter(([n]) => n !== 'b1')), 0), ['a1', 'c1']);
  assert.deepEqual(widestOf(new Map([['ab', new Set(['a.ts', 'b.ts'])]])), ['ab']);
});
