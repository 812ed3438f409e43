/**
 * The certification report's verdicts, computed from small synthetic Playwright JSON results.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { loadRequirements } from '../schemas/requirements';
import { writeCertification } from '../scripts/certification/cli';
import { renderHtml } from '../scripts/certification/html';
import { renderMarkdown } from '../scripts/certification/markdown';
import { buildCertification } from '../scripts/certification/model';
import { flattenReport, readRunResults, type RunResults } from '../scripts/run-results';
import { syntheticReport, tempDir, writeJson, type SyntheticTest } from './report-support';

const requirements = loadRequirements().requirements.filter((r) => !r.retired);
const testableMust = requirements.filter((r) => r.level === 'MUST' && !r.notTestedReason);

function run(tests: SyntheticTest[], errors: string[] = []): RunResults {
  return {
    ...flattenReport(syntheticReport(tests, errors)),
    sha256: 'f'.repeat(64),
    file: '/x/results.json',
  };
}

/** One passing test for every testable requirement, then the given tests. */
function fullRun(extra: SyntheticTest[] = [], except: string[] = []): RunResults {
  const passing = requirements
    .filter((r) => !r.notTestedReason && !except.includes(r.id))
    .map((r) => ({ title: `[${r.id}] passes`, outcome: 'passed' as const }));
  return run([...passing, ...extra]);
}

const verdictOf = (c: ReturnType<typeof buildCertification>, id: string) =>
  c.requirements.find((r) => r.id === id)!;

void test('a requirement passes when all its tests passed', () => {
  const c = buildCertification(
    run([
      { title: '[AUTH-001] one', outcome: 'passed' },
      { title: '[AUTH-001, AUTH-005] two', outcome: 'passed' },
    ]),
  );
  assert.equal(verdictOf(c, 'AUTH-001').verdict, 'passed');
  assert.equal(verdictOf(c, 'AUTH-001').tests.length, 2);
  assert.equal(verdictOf(c, 'AUTH-005').verdict, 'passed');
});

void test('a requirement fails when any of its tests failed, and the failure is classified', () => {
  const c = buildCertification(
    run([
      { title: '[AUTH-001] passes', outcome: 'passed' },
      {
        title: '[AUTH-001] fails',
        outcome: 'failed',
        error: 'Error: toBeProblem:\n  - HTTP status: expected 401',
      },
      {
        title: '[AUTH-005] cannot reach',
        outcome: 'failed',
        error: 'TargetError: the target did not answer GET',
      },
      { title: '[AUTH-006] helper bug', outcome: 'failed', error: 'TypeError: cannot read x of undefined' },
      { title: '[AUTH-007] slow', outcome: 'timedOut', error: 'Test timeout of 30000ms exceeded.' },
    ]),
  );
  const auth1 = verdictOf(c, 'AUTH-001');
  assert.equal(auth1.verdict, 'failed');
  assert.equal(auth1.tests.find((t) => t.title === '[AUTH-001] fails')?.failureKind, 'contract violation');
  assert.equal(verdictOf(c, 'AUTH-005').tests[0]?.failureKind, 'infrastructure error');
  assert.equal(verdictOf(c, 'AUTH-006').tests[0]?.failureKind, 'suite error');
  assert.equal(verdictOf(c, 'AUTH-007').tests[0]?.failureKind, 'infrastructure error');
  // The target not answering judged nothing: could not judge, never failed.
  for (const id of ['AUTH-005', 'AUTH-007']) {
    assert.equal(verdictOf(c, id).verdict, 'not tested');
    assert.match(verdictOf(c, id).reason ?? '', /^could not judge: the target did not answer 1 of 1 test/);
  }
  assert.equal(c.overall, 'not conformant');
  assert.deepEqual(c.mustFailed, ['AUTH-001', 'AUTH-006']);
});

void test('a run whose only failures are the target not answering certifies nothing as failed: incomplete', () => {
  const c = buildCertification(
    fullRun([
      {
        title: '[SYNC-046] two identical pushes together',
        outcome: 'failed',
        error:
          'TargetError: the target did not answer POST http://t/api/v2/external/patents/sync: read ECONNRESET',
      },
    ]),
  );
  assert.equal(verdictOf(c, 'SYNC-046').verdict, 'not tested');
  assert.deepEqual(c.mustFailed, []);
  assert.equal(c.overall, 'incomplete');
  assert.ok(c.mustNotVerified.some((m) => m.id === 'SYNC-046' && /could not judge/.test(m.reason)));
});

void test('a requirement whose tests all skipped is not tested, with the skip reasons', () => {
  const c = buildCertification(
    run([
      {
        title: '[AUTH-007] a',
        outcome: 'skipped',
        reason: 'API_KEY_EXPIRED is not configured (key role "expired")',
      },
      {
        title: '[AUTH-007] b',
        outcome: 'skipped',
        reason: 'API_KEY_EXPIRED is not configured (key role "expired")',
      },
    ]),
  );
  const v = verdictOf(c, 'AUTH-007');
  assert.equal(v.verdict, 'not tested');
  assert.equal(v.reason, 'skipped: API_KEY_EXPIRED is not configured (key role "expired")');
});

void test('a skipped test blocks a pass even when the other tests of the requirement passed', () => {
  const c = buildCertification(
    run([
      { title: '[SCOPE-002] a', outcome: 'passed' },
      { title: '[SCOPE-002] b', outcome: 'skipped', reason: 'ALLOW_WRITES is not enabled' },
    ]),
  );
  const v = verdictOf(c, 'SCOPE-002');
  assert.equal(v.verdict, 'not tested');
  assert.match(v.reason!, /only 1 of 2 tests ran and passed; skipped: ALLOW_WRITES is not enabled/);
});

void test('tests left out by a setting, the others passed: verified in part, which blocks "conformant"', () => {
  const c = buildCertification(
    fullRun(
      [
        { title: '[SCOPE-002] a', outcome: 'passed' },
        {
          title: '[SCOPE-002] b',
          outcome: 'skipped',
          reason: 'ALLOW_WRITES is not enabled',
          kind: 'setting',
        },
      ],
      ['SCOPE-002'],
    ),
  );
  const v = verdictOf(c, 'SCOPE-002');
  assert.equal(v.verdict, 'in part');
  assert.equal(
    v.reason,
    'verified in part: 1 of 2 tests ran and passed; left out by a setting: ALLOW_WRITES is not enabled',
  );
  assert.equal(c.totals.requirements.inPart, 1);
  assert.deepEqual(c.mustInPart, [{ id: 'SCOPE-002', reason: v.reason }]);
  assert.equal(c.overall, 'incomplete');
  assert.match(c.explanation, /1 were verified in part/);
});

void test("a judge's answers verify in part what a setting left untested; a data skip does not", () => {
  const skippedFor = (id: string, kind: string) => ({
    title: `[${id}] writes`,
    outcome: 'skipped' as const,
    reason: `left out (${kind})`,
    kind,
  });
  const c = buildCertification({
    ...run([
      skippedFor('PAG-001', 'setting'),
      skippedFor('PAG-002', 'data'),
      skippedFor('CORR-001', 'setting'),
    ]),
    invariants: [
      { id: 'PAG-001', title: 'PAG-001 judge', judged: 98, breaches: [] },
      { id: 'PAG-002', title: 'PAG-002 judge', judged: 167, breaches: [] },
      { id: 'CORR-001', title: 'CORR-001 judge', judged: 0, breaches: [] },
    ],
  });
  assert.equal(verdictOf(c, 'PAG-001').verdict, 'in part');
  assert.match(verdictOf(c, 'PAG-001').reason!, /its judge judged 98 answer\(s\) without a breach/);
  // Not a setting: the data the test needed was missing, which a bug could cause as well.
  assert.equal(verdictOf(c, 'PAG-002').verdict, 'not tested');
  assert.match(verdictOf(c, 'PAG-002').reason!, /^only its judge judged 167 answer/);
  // Nothing judged at all: not tested.
  assert.equal(verdictOf(c, 'CORR-001').verdict, 'not tested');
});

void test('a breach its judge saw fails the requirement, whatever became of the tests that cite it', () => {
  const c = buildCertification({
    ...fullRun(
      [{ title: '[PAG-001] writes', outcome: 'skipped', reason: 'no', kind: 'setting' }],
      ['PAG-001'],
    ),
    invariants: [
      { id: 'PAG-001', title: 'PAG-001 judge', judged: 3, breaches: ['GET /patents: a page of 101 items'] },
    ],
  });
  assert.equal(verdictOf(c, 'PAG-001').verdict, 'failed');
  assert.equal(c.overall, 'not conformant');
});

void test('a subject emptied by a freedom the catalogue quotes is not applicable, and blocks nothing', () => {
  const c = buildCertification({
    ...fullRun(
      [
        {
          title: '[PROB-006] detail and instance as strings when present',
          outcome: 'skipped',
          reason: 'not verified: no detail or instance member in the problem to check',
          kind: 'freedom',
        },
      ],
      ['PROB-006', 'INS-028'],
    ),
    invariants: [{ id: 'INS-028', title: 'INS-028 judge', judged: 0, breaches: [], emptied: 12 }],
  });
  const prob = verdictOf(c, 'PROB-006');
  assert.equal(prob.verdict, 'not applicable');
  assert.match(
    prob.reason!,
    /^not applicable: the target uses a freedom the contract grants \(Errors: "detail/,
  );
  const ins = verdictOf(c, 'INS-028');
  assert.equal(ins.verdict, 'not applicable');
  assert.match(ins.reason!, /integer or null.*12 answer\(s\) showed its subject without a value/);
  assert.equal(c.totals.requirements.notApplicable, 2);
  assert.equal(c.overall, 'conformant');
});

void test('no subject at all is not a freedom used: a requirement whose judge saw nothing stays not tested', () => {
  const c = buildCertification({
    ...fullRun([], ['INS-028']),
    invariants: [{ id: 'INS-028', title: 'INS-028 judge', judged: 0, breaches: [] }],
  });
  assert.equal(verdictOf(c, 'INS-028').verdict, 'not tested');
  assert.equal(c.overall, 'incomplete');
});

void test('a freedom skip on a requirement the catalogue names no freedom for is a gap', () => {
  const c = buildCertification(
    fullRun(
      [{ title: '[PROB-005] x', outcome: 'skipped', reason: 'nothing', kind: 'freedom' }],
      ['PROB-005'],
    ),
  );
  assert.equal(verdictOf(c, 'PROB-005').verdict, 'not tested');
  assert.equal(c.overall, 'incomplete');
});

void test('a requirement without a test is not tested: "no test" or the catalogue reason', () => {
  const c = buildCertification(run([{ title: '[AUTH-001] only', outcome: 'passed' }]));
  assert.equal(verdictOf(c, 'AUTH-002').verdict, 'not tested');
  assert.equal(verdictOf(c, 'AUTH-002').reason, 'no test in this run');
  assert.equal(verdictOf(c, 'AUTH-003').verdict, 'not tested');
  assert.match(verdictOf(c, 'AUTH-003').reason!, /^not testable over HTTP: /);
  assert.equal(verdictOf(c, 'AUTH-003').testable, false);
  assert.equal(c.overall, 'incomplete');
});

void test('conformant only when every testable MUST passed; untestable entries are listed, not blocking', () => {
  const c = buildCertification(fullRun());
  assert.equal(c.overall, 'conformant');
  assert.deepEqual(
    c.notTestable.map((n) => n.id),
    requirements.filter((r) => r.notTestedReason).map((r) => r.id),
  );
  assert.equal(c.totals.byLevel.find((l) => l.level === 'MUST')?.passed, testableMust.length);
});

void test('a MUST left untested because its test skipped makes the verdict incomplete', () => {
  const c = buildCertification(
    fullRun([{ title: '[AUTH-007] skipped', outcome: 'skipped', reason: 'no expired key' }], ['AUTH-007']),
  );
  assert.equal(c.overall, 'incomplete');
  assert.deepEqual(c.mustNotVerified, [{ id: 'AUTH-007', reason: 'skipped: no expired key' }]);
});

void test('a failed SHOULD is a warning, not a blocker; errors outside tests make the run incomplete', () => {
  const c = buildCertification(
    fullRun([{ title: '[INS-025] deviates', outcome: 'failed', error: 'expect(received).toBe(expected)' }]),
  );
  assert.equal(c.overall, 'conformant');
  assert.deepEqual(c.warnings, ['INS-025']);
  const withErrors = buildCertification({ ...fullRun(), errors: ['Error in global setup'] });
  assert.equal(withErrors.overall, 'incomplete');
});

void test('a flaky test (failed, then passed on retry) does not count as a pass', () => {
  const c = buildCertification(run([{ title: '[AUTH-001] flaky', outcome: 'flaky', error: 'expect(x)' }]));
  assert.equal(verdictOf(c, 'AUTH-001').verdict, 'failed');
});

void test('totals by area and level add up to the catalogue', () => {
  const c = buildCertification(
    run([
      { title: '[AUTH-001] a', outcome: 'passed' },
      { title: '[AUTH-002] b', outcome: 'failed', error: 'expect(' },
      { title: '[PAG-001] c', outcome: 'skipped', reason: 'r' },
    ]),
  );
  const all = c.totals.requirements;
  assert.equal(all.total, requirements.length);
  assert.deepEqual([all.passed, all.failed], [1, 1]);
  assert.equal(all.passed + all.failed + all.notTested, all.total);
  const sum = (key: 'total' | 'passed' | 'failed' | 'notTested') =>
    c.totals.byArea.reduce((s, a) => s + a[key], 0);
  assert.deepEqual(
    [sum('total'), sum('passed'), sum('failed'), sum('notTested')],
    [all.total, 1, 1, all.notTested],
  );
  const auth = c.totals.byArea.find((a) => a.area === 'auth')!;
  assert.deepEqual([auth.passed, auth.failed], [1, 1]);
  assert.deepEqual(c.totals.tests, { total: 3, passed: 1, failed: 1, skipped: 1 });
});

void test('tests citing unknown ids or none are reported', () => {
  const c = buildCertification(
    run([
      { title: '[ZZZ-999] unknown', outcome: 'passed' },
      { title: 'no id at all', outcome: 'passed' },
    ]),
  );
  assert.deepEqual(c.unknownIds, ['ZZZ-999']);
  assert.deepEqual(c.untracedTests, ['no id at all']);
});

void test('the files are written with the SHA-256 of the raw results and the run facts', () => {
  const dir = tempDir('certification');
  const file = writeJson(
    path.join(dir, 'results.json'),
    syntheticReport([
      { title: '[AUTH-001] a', outcome: 'passed' },
      { title: '[AUTH-002] <b> & "c"', outcome: 'failed', error: 'expect(<x>)' },
    ]),
  );
  const c = writeCertification(file, dir, { now: new Date('2026-01-15T11:00:00Z') });
  const expected = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  assert.equal(c.resultsSha256, expected);
  assert.equal(readRunResults(file).sha256, expected);
  assert.equal(c.target, 'https://staging.example.test');
  assert.equal(c.suiteVersion, '9.9.9');
  assert.equal(c.contractVersion, '2.0.0');
  assert.equal(c.runDate, '2026-01-15T10:00:00.000Z');
  const json = JSON.parse(fs.readFileSync(path.join(dir, 'certification.json'), 'utf8')) as typeof c;
  assert.equal(json.overall, 'not conformant');
  const md = fs.readFileSync(path.join(dir, 'certification.md'), 'utf8');
  assert.match(md, new RegExp(expected));
  assert.match(md, /\*\*Verdict: NOT CONFORMANT\.\*\*/);
  const html = fs.readFileSync(path.join(dir, 'certification.html'), 'utf8');
  assert.match(html, new RegExp(expected));
  assert.ok(html.includes('&lt;b&gt; &amp; &quot;c&quot;'), 'test titles are escaped');
  assert.ok(!html.includes('<b> & "c"'));
});

void test('the HTML and Markdown are self-contained: no external resource, no script', () => {
  const c = buildCertification(
    run([{ title: '[AUTH-001] a', outcome: 'failed', error: 'see https://example.com/x' }]),
  );
  const html = renderHtml(c);
  assert.ok(!/<script/i.test(html));
  assert.ok(!/<link\b/i.test(html));
  assert.ok(!/\b(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i.test(html), 'no external src or href');
  assert.ok(!/url\(|@import/i.test(html));
  assert.match(html, /Content-Security-Policy" content="default-src 'none'/);
  assert.ok(!/!\[|<img/i.test(renderMarkdown(c)), 'the Markdown embeds no images');
});

void test('a breach of an invariant is charged to its requirement; a requirement only an invariant decides follows its record', () => {
  const results = run([
    {
      title: '[AUTH-001] reads invoices',
      outcome: 'failed',
      error: 'Error: [CONV-012] ...',
      breached: ['CONV-012'],
    },
    { title: '[AUTH-005] passes', outcome: 'passed', breached: ['PAG-004'] },
    {
      title: '[INS-019] posts a bad eventId',
      outcome: 'passed',
      breached: ['INS-025'],
      warnings: ['[INS-025] the field error ... has code "format"'],
    },
  ]);
  const charged = results.tests.find((t) => t.title.startsWith('[AUTH-001]'))!;
  assert.deepEqual(charged.ids, ['AUTH-001', 'CONV-012']);
  assert.deepEqual(charged.charged, ['CONV-012']);
  assert.deepEqual(
    results.tests.find((t) => t.title.startsWith('[AUTH-005]'))!.ids,
    ['AUTH-005'],
    'a pass is charged nothing',
  );
  const warned = results.tests.find((t) => t.title.startsWith('[INS-019]'))!;
  assert.deepEqual(
    warned.ids,
    ['INS-019', 'INS-025'],
    'a pass warned of a SHOULD an answer broke is charged it',
  );
  assert.equal(buildCertification(results).requirements.find((r) => r.id === 'INS-025')!.verdict, 'warned');
  const c = buildCertification({
    ...results,
    invariants: [
      { id: 'PAG-004', title: 'totalPages', judged: 12, breaches: [] },
      { id: 'PAG-003', title: 'page size', judged: 0, breaches: [] },
    ],
  });
  assert.equal(verdictOf(c, 'CONV-012').verdict, 'failed');
  assert.equal(verdictOf(c, 'PAG-004').verdict, 'passed');
  assert.match(verdictOf(c, 'PAG-004').reason!, /judged 12 answer/);
  assert.equal(verdictOf(c, 'PAG-003').verdict, 'not tested');
  assert.match(verdictOf(c, 'PAG-003').reason!, /judged no answer/);
  assert.match(renderMarkdown(c), /invariant on every answer: 12 answer\(s\) judged/);
});

void test('the Allure environment block carries the verdict and the totals, replaced when the report is rebuilt', async () => {
  const { certificationInAllure } = await import('../scripts/report');
  const { reportPaths } = await import('../helpers/run/report-config');
  const dir = tempDir('allure-env');
  try {
    const paths = reportPaths({ REPORTS_DIR: dir });
    fs.mkdirSync(paths.allureResults, { recursive: true });
    const file = path.join(paths.allureResults, 'environment.properties');
    fs.writeFileSync(file, 'Target=http\\://t\nCertification=NOT RUN\n');
    const c = buildCertification(fullRun());
    certificationInAllure(paths, c);
    certificationInAllure(paths, c);
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
    assert.deepEqual(lines, [
      'Target=http\\://t',
      'Certification=CONFORMANT',
      `Requirements=${c.totals.requirements.total} requirements: ${c.totals.requirements.passed} passed, 0 warned, 0 in part, 0 not applicable, 0 failed, ${c.totals.requirements.notTested} not tested`,
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
