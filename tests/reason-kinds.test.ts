/**
 * "Not verified" is classified: every skip of the suite names the kind of its reason (a setting, the data,
 * a time bound, or the target's own answer), the type of helpers/data/verified.ts asking for it. The
 * certification groups the skipped tests by kind, the target's own answers first as suspicious with the
 * exchange that removed the precondition; the gate names them; Allure labels them. Proven on synthetic
 * results, on the sources (no skip bypasses the helpers), and on a real run against the reference fault
 * freezes-put-answers-before-freezing, whose PUT shows no event frozen (FRZ-013 ends not verified).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { REASON_KINDS, SUSPICIOUS_PREFIX } from '../helpers/run/report-config';
import { renderHtml } from '../scripts/certification/html';
import { renderMarkdown } from '../scripts/certification/markdown';
import { buildCertification, SKIP_KINDS } from '../scripts/certification/model';
import { evaluateGate, formatGate } from '../scripts/gate';
import { flattenReport, readRunResults, type RunResults } from '../scripts/run-results';
import { ROOT, runPlaywright, syntheticReport, tempDir, type SyntheticTest } from './report-support';

const PUT = {
  request: {
    method: 'PUT',
    url: 'https://staging.example.test/api/v2/external/exchange-rate-freezes/2027-02',
    headers: { 'x-api-key': '$API_KEY' },
  },
  response: {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: '{"events":[{"isFxRateFrozen":false}]}',
  },
};

const SKIPS: SyntheticTest[] = [
  {
    title: '[FRZ-013] a freeze freezes the events it lists',
    outcome: 'skipped',
    reason: 'not verified: no event the PUT of 2027-02 lists with isFxRateFrozen true to check',
    kind: 'target',
    exchanges: [PUT],
    reproduce:
      "# $API_KEY: the key of setting API_KEY\ncurl -sS -i -X PUT 'https://staging.example.test/api/v2/external/exchange-rate-freezes/2027-02'",
  },
  {
    title: '[SYNC-001] a batch is applied',
    outcome: 'skipped',
    reason: 'ALLOW_WRITES is not enabled in the target configuration',
    kind: 'setting',
  },
  {
    title: '[PAG-001] a list pages',
    outcome: 'skipped',
    reason: 'no event found in the primary tenant (API_KEY)',
    kind: 'data',
  },
  {
    title: '[PAG-002] a list pages again',
    outcome: 'skipped',
    reason: 'no patent found in the primary tenant (API_KEY)',
    kind: 'data',
  },
  {
    title: '[SYNC-002] a batch finishes',
    outcome: 'skipped',
    reason: 'not verified: batch x still PROCESSING',
    kind: 'time',
  },
  { title: '[PAT-001] a skip no helper made', outcome: 'skipped', reason: 'did not run' },
  { title: '[PAT-002] passes', outcome: 'passed' },
];

const runOf = (tests: SyntheticTest[]): RunResults => ({
  ...flattenReport(syntheticReport(tests)),
  sha256: 'f'.repeat(64),
  file: '/x/results.json',
});

void test('the kinds: the suspicious one first, each with the words the reports show', () => {
  assert.deepEqual([...REASON_KINDS], ['target', 'setting', 'data', 'time', 'freedom']);
  assert.deepEqual([...SKIP_KINDS], [...REASON_KINDS, 'unclassified']);
});

void test('the certification groups not-verified tests by kind, the suspicious first with its exchange, and counts each kind', () => {
  const c = buildCertification(runOf(SKIPS), { now: new Date('2026-01-15T12:00:00Z') });
  assert.deepEqual(
    c.notVerified.map((g) => [g.kind, g.suspicious, g.tests.length]),
    [
      ['target', true, 1],
      ['setting', false, 1],
      ['data', false, 2],
      ['time', false, 1],
      ['unclassified', false, 1],
    ],
  );
  assert.deepEqual(c.totals.notVerifiedByKind, {
    target: 1,
    setting: 1,
    data: 2,
    time: 1,
    freedom: 0,
    unclassified: 1,
  });
  const suspicious = c.notVerified[0]!.tests[0]!;
  assert.equal(suspicious.evidence?.exchanges[0]?.request.method, 'PUT');
  assert.match(
    c.explanation,
    /1 test\(s\) were not verified because of the target's own answers \(suspicious/,
  );
  // The deciding test's line in the requirement table carries the kind too.
  const frz = c.requirements.find((r) => r.id === 'FRZ-013')!;
  assert.equal(frz.tests[0]!.skipKind, 'target');

  const md = renderMarkdown(c);
  const section = md.slice(md.indexOf('## Not verified, by kind'));
  assert.ok(
    section.indexOf("### SUSPICIOUS: the target's own answers (1)") < section.indexOf('### setting (1)'),
  );
  assert.ok(section.indexOf('### data (2)') < section.indexOf('### time (1)'));
  assert.match(
    section,
    /PUT https:\/\/staging\.example\.test\/api\/v2\/external\/exchange-rate-freezes\/2027-02/,
  );
  assert.match(section, /Reproduce \(export API_KEY first\)/);
  assert.match(md, /\| tests \| 1 \| 1 \| 2 \| 1 \| 0 \| 1 \|/);
  assert.match(md, /\(SUSPICIOUS: the target\): not verified: no event the PUT/);

  const html = renderHtml(c);
  assert.match(
    html,
    /<section class="not-verified target" id="not-verified-target"><h3 class="suspicious">SUSPICIOUS/,
  );
  assert.match(
    html,
    /<details class="evidence" open><summary>Requests and responses<\/summary><pre class="exchange">PUT https:/,
  );
  assert.ok(html.indexOf('id="not-verified-target"') < html.indexOf('id="not-verified-setting"'));
  assert.match(html, /<th>target \(suspicious\)<\/th>/);
});

void test('without a skip of the target kind the certification shows no suspicious group', () => {
  const c = buildCertification(runOf(SKIPS.slice(1)));
  assert.equal(
    c.notVerified.some((g) => g.suspicious),
    false,
  );
  assert.equal(c.totals.notVerifiedByKind.target, 0);
  assert.doesNotMatch(renderMarkdown(c), /### SUSPICIOUS/);
  assert.doesNotMatch(c.explanation, /suspicious/);
});

void test('the gate names the suspicious not-verified tests, with the exchange, and does not fail on them', () => {
  const gate = evaluateGate(runOf(SKIPS), [], [], new Date('2026-01-15T12:00:00Z'), null);
  assert.equal(gate.ok, true, formatGate(gate));
  assert.deepEqual(
    gate.suspicious.map((t) => t.title),
    ['[FRZ-013] a freeze freezes the events it lists'],
  );
  const text = formatGate(gate);
  assert.match(text, /6 skipped \(1 of them SUSPICIOUS: the target's own answers\)/);
  assert.match(
    text,
    /SUSPICIOUS NOT VERIFIED[^\n]*\(1\):\n {2}- \[FRZ-013\] a freeze freezes the events it lists: not verified: .* \(PUT https:\/\/staging\.example\.test\/api\/v2\/external\/exchange-rate-freezes\/2027-02 -> 200\)/,
  );
});

interface AllureStep {
  name: string;
  attachments: { name: string }[];
  steps?: AllureStep[];
}

/** Files of the suite that may call Playwright's skip directly: the helpers that classify every skip. */
const SKIPS_ALLOWED_IN = new Set(['helpers/data/verified.ts']);

void test("no spec or helper skips but through the classifying helpers (Playwright's test.skip and testInfo.skip carry no kind)", () => {
  const files = ['specs', 'helpers'].flatMap((dir) =>
    fs
      .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => path.join(dir, f).split(path.sep).join('/')),
  );
  const direct = files
    .filter((f) => !SKIPS_ALLOWED_IN.has(f))
    .flatMap((f) =>
      fs
        .readFileSync(path.join(ROOT, f), 'utf8')
        .split('\n')
        .map((line, i) => ({ f, i, line }))
        .filter(
          ({ line }) =>
            /\b(test|info|testInfo)(\(\))?\.(skip|fixme)\s*\(/.test(line) && !line.trim().startsWith('*'),
        )
        .map(({ f, i, line }) => `${f}:${i + 1}: ${line.trim()}`),
    );
  assert.deepEqual(
    direct,
    [],
    'skip with skipIf/skipBecause/notVerified (helpers/data/verified.ts), naming the kind',
  );
});

void test('a fault whose answer removes the precondition shows a suspicious not-verified with the exchange; the clean reference none', () => {
  const grep = ['--grep', 'FRZ-013', '--workers', '1'];
  const env = { CONFORMANCE_REPORTERS: 'dot' };
  const faulty = tempDir('reason-kinds-fault-');
  const clean = tempDir('reason-kinds-clean-');
  try {
    const run = runPlaywright(faulty, grep, {
      ...env,
      REFERENCE_FAULT: 'freezes-put-answers-before-freezing',
    });
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`.slice(-3000));
    const results = readRunResults(path.join(faulty, 'results.json'));
    const c = buildCertification(results);
    const group = c.notVerified.find((g) => g.suspicious);
    assert.ok(group, renderMarkdown(c).slice(0, 3000));
    const [notVerified] = group.tests;
    assert.match(notVerified!.title, /^\[FRZ-013\]/);
    assert.match(
      notVerified!.reason,
      /^not verified: no event the PUT of \d{4}-\d{2} lists with isFxRateFrozen true/,
    );
    const exchange = notVerified!.evidence!.exchanges[0]!;
    assert.equal(exchange.request.method, 'PUT');
    assert.match(exchange.request.url, /\/exchange-rate-freezes\/\d{4}-\d{2}$/);
    assert.equal(exchange.request.headers['x-api-key'], '$API_KEY', 'the key is redacted');
    assert.match(exchange.response.body, /"isFxRateFrozen":false/);
    assert.match(notVerified!.evidence!.reproduce ?? '', /curl .*-X PUT/);
    assert.match(renderMarkdown(c), /### SUSPICIOUS: the target's own answers \(1\)/);
    assert.match(formatGate(evaluateGate(results, [], [], new Date(), null)), /SUSPICIOUS NOT VERIFIED/);

    const allure = fs
      .readdirSync(path.join(faulty, 'allure-results'))
      .filter((f) => f.endsWith('-result.json'))
      .map(
        (f) =>
          JSON.parse(fs.readFileSync(path.join(faulty, 'allure-results', f), 'utf8')) as {
            name: string;
            status: string;
            labels: { name: string; value: string }[];
            statusDetails?: { message?: string };
            steps?: AllureStep[];
          },
      )
      .find((r) => /FRZ-013/.test(r.name))!;
    assert.equal(allure.status, 'skipped');
    assert.deepEqual(
      allure.labels.filter((l) => l.name === 'not verified'),
      [{ name: 'not verified', value: 'target' }],
    );
    // The exchange and its reproduction, attached after the test as a failure's are.
    const attached = (steps: AllureStep[] = []): string[] =>
      steps.flatMap((step) => [...step.attachments.map((a) => a.name), ...attached(step.steps)]);
    assert.deepEqual(attached(allure.steps).sort(), ['http-exchanges.json', 'reproduce.sh']);
    assert.ok(
      allure.statusDetails?.message?.startsWith(`${SUSPICIOUS_PREFIX}: not verified: `),
      allure.statusDetails?.message,
    );

    const cleanRun = runPlaywright(clean, grep, env);
    assert.equal(cleanRun.status, 0, `${cleanRun.stdout}\n${cleanRun.stderr}`.slice(-3000));
    const cleanCertification = buildCertification(readRunResults(path.join(clean, 'results.json')));
    assert.deepEqual(cleanCertification.notVerified, []);
    assert.equal(cleanCertification.totals.tests.skipped, 0);
  } finally {
    fs.rmSync(faulty, { recursive: true, force: true });
    fs.rmSync(clean, { recursive: true, force: true });
  }
});
