/**
 * Opens the certification HTML and the Allure HTML of a small real run from the file system (file://, as a
 * user double-clicks them or a downloaded CI artifact) in Debian's chromium, checks that both show the run's
 * totals, and records every network request: none may go anywhere but the file itself. The run is against a reference with a fault (FAULT), so the
 * reports hold failures: a vendor reading either one must find, for a failing test, the requirement with
 * its clause, the failure kind, the requests and responses as received (key redacted) and a curl
 * reproduction.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { chromium, type Browser } from '@playwright/test';
import { historyIdentity } from '../helpers/contract/history-identity';
import { reportPaths } from '../helpers/run/report-config';
import { writeCertification } from '../scripts/certification/cli';
import type { Certification } from '../scripts/certification/model';
import { buildAllureReport } from '../scripts/report';
import { requirementById } from '../schemas/requirements';
import { readRunResults, type TestOutcome } from '../scripts/run-results';
import { existingSpecs, runPlaywright, tempDir } from './report-support';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const skip = fs.existsSync(CHROMIUM)
  ? false
  : `${CHROMIUM} is not installed (apt-get install -y chromium; .ci/run installs it)`;

/** Makes AUTH-006 fail: an unknown key gets 403 forbidden instead of 401 invalid_api_key. */
const FAULT = 'unknown-key-forbidden';
const FAILING_ID = 'AUTH-006';
const KEY_VALUE = /\b[0-9a-f]{64}\b/;

const dir = tempDir('render');
let failing: TestOutcome;
const paths = reportPaths({ REPORTS_DIR: dir });
let certification: Certification;
let counts: { total: number; passed: number; failed: number; skipped: number };
let browser: Browser | undefined;

before(
  async () => {
    if (skip) return;
    const specs = existingSpecs(['auth']);
    assert.ok(specs.length > 0, 'specs/auth.spec.ts is needed for a real run');
    const run = runPlaywright(dir, [...specs, '--workers', '2'], { REFERENCE_FAULT: FAULT });
    assert.ok(fs.existsSync(paths.resultsJson), `the run wrote no results:\n${run.stdout}\n${run.stderr}`);
    const results = readRunResults(paths.resultsJson);
    counts = {
      total: results.tests.length,
      passed: results.tests.filter((t) => t.outcome === 'passed').length,
      failed: results.tests.filter((t) => t.outcome === 'failed').length,
      skipped: results.tests.filter((t) => t.outcome === 'skipped').length,
    };
    assert.ok(counts.total > 0);
    const failed = results.tests.find((t) => t.outcome === 'failed' && t.ids.includes(FAILING_ID));
    assert.ok(failed?.evidence, `a failing ${FAILING_ID} test with evidence under ${FAULT}`);
    failing = failed;
    assert.equal(buildAllureReport(paths), true);
    certification = writeCertification(paths.resultsJson, dir);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  },
  { timeout: 180_000 },
);

after(async () => {
  await browser?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Opens a page, records every request it makes, and refuses (but records) any to another origin. */
async function openRecorded(url: string, allowed: (requestUrl: string) => boolean) {
  const context = await browser!.newContext();
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  await context.route('**/*', (route) =>
    allowed(route.request().url()) ? route.continue() : route.abort('blockedbyclient'),
  );
  const page = await context.newPage();
  await page.goto(url);
  return { context, page, requests };
}

void test('the certification HTML shows the run totals and loads nothing', { skip }, async () => {
  const file = pathToFileURL(paths.certificationHtml).href;
  const { context, page, requests } = await openRecorded(file, (u) => u === file);
  try {
    const totals = await page.locator('#test-totals').innerText();
    assert.equal(
      totals,
      `${counts.total} run: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
    );
    const all = page.locator('#totals-by-level tbody tr').first();
    const r = certification.totals.requirements;
    assert.deepEqual(
      await all.locator('td').allInnerTexts(),
      [r.total, r.passed, r.warned, r.inPart, r.notApplicable, r.failed, r.notTested].map(String),
    );
    assert.match(
      await page.locator('#verdict').innerText(),
      /Verdict: (CONFORMANT|NOT CONFORMANT|INCOMPLETE)\./,
    );
    assert.deepEqual(requests, [file], 'the page requests nothing but itself');
  } finally {
    await context.close();
  }
});

/** The Allure report as a user double-clicks it (or a downloaded CI artifact): one file, from the file system. */
const allureFile = () => pathToFileURL(path.join(paths.allureReport, 'index.html')).href;
const ownOrInline = (u: string) => u === allureFile() || u.startsWith('data:') || u.startsWith('blob:');

void test(
  'the Allure HTML opens from the file system, shows the run totals and loads nothing else',
  { skip },
  async () => {
    assert.deepEqual(
      fs.readdirSync(paths.allureReport).filter((f) => f.endsWith('.html')),
      ['index.html'],
      'one HTML file',
    );
    const { context, page, requests } = await openRecorded(allureFile(), ownOrInline);
    try {
      await page.getByText('Total', { exact: true }).first().waitFor({ timeout: 20_000 });
      const text = await page.locator('body').innerText();
      assert.match(text, new RegExp(`\\bTotal\\s+${counts.total}\\b`), 'total tests');
      assert.match(text, new RegExp(`\\bPassed\\s+${counts.passed}\\b`), 'passed tests');
      await page.waitForLoadState('networkidle');
      assert.deepEqual(
        requests.filter((u) => !ownOrInline(u)),
        [],
        'requests beyond the file itself',
      );
    } finally {
      await context.close();
    }
  },
);

void test(
  'a failing test in the certification HTML can be reproduced from the page alone',
  { skip },
  async () => {
    const file = pathToFileURL(paths.certificationHtml).href;
    const { context, page } = await openRecorded(file, (u) => u === file);
    try {
      const row = page.locator(`tr#${FAILING_ID}`);
      const requirement = requirementById(FAILING_ID)!;
      const rowText = await row.innerText();
      assert.ok(rowText.includes(FAILING_ID), 'the requirement id');
      assert.ok(rowText.includes(requirement.clause), `the clause text "${requirement.clause}"`);
      await row.locator('details > summary').first().click();
      const test = row.locator('li', { hasText: failing.title });
      assert.equal(await test.locator('.failure-kind').innerText(), 'contract violation');
      await test.locator('details.evidence > summary').click();
      const exchange = await test.locator('pre.exchange').last().innerText();
      assert.match(exchange, /^GET http:\/\/127\.0\.0\.1:\d+\/api\/v2\/external\//, 'the request line');
      assert.match(exchange, /^x-api-key: \$API_KEY$/m, 'the key header, redacted');
      assert.match(exchange, /^→ 403$/m, 'the status as received');
      assert.match(exchange, /"code":\s*"forbidden"/, 'the response body as received');
      const reproduce = await test.locator('pre.reproduce').innerText();
      assert.match(
        reproduce,
        /^curl -sS -i -X GET 'http:\/\/127\.0\.0\.1:\d+\/api\/v2\/external\/[^']+' -H "x-api-key: \$API_KEY"/m,
      );
      const evidence = await test.locator('details.evidence').innerText();
      assert.doesNotMatch(evidence, KEY_VALUE, 'no key value in the evidence');
    } finally {
      await context.close();
    }
  },
);

void test(
  'a failing test in the Allure HTML shows its clause, category, exchanges and reproduction',
  { skip },
  async () => {
    const { context, page } = await openRecorded(allureFile(), ownOrInline);
    try {
      await page.getByText(failing.title, { exact: true }).first().click();
      await page.getByText('Category: Contract violations').waitFor({ timeout: 20_000 });
      const description = page.frameLocator('[data-testid="test-result-description-frame"]').locator('body');
      const requirement = requirementById(FAILING_ID)!;
      assert.ok(
        (await description.innerText()).includes(requirement.clause),
        'the clause in the description',
      );
      await page.getByText('Attachments', { exact: false }).first().click();
      await page.getByText('reproduce.sh').first().click();
      const curl = page.getByText(/curl -sS -i -X GET/).last();
      await curl.waitFor({ timeout: 10_000 });
      assert.match(await curl.innerText(), /-H "x-api-key: \$API_KEY"/);
      await page.getByText('http-exchanges.json').first().click();
      const exchanges = page.getByText(/"request": \{/).first();
      await exchanges.waitFor({ timeout: 10_000 });
      const text = await exchanges.innerText();
      assert.match(text, /"x-api-key": "\$API_KEY"/);
      assert.match(text, /"status": 403/);
      assert.doesNotMatch(text, KEY_VALUE);
    } finally {
      await context.close();
    }
  },
);

void test('Allure history keys on the describe path and title, not the spec file', { skip }, () => {
  const results = fs
    .readdirSync(paths.allureResults)
    .filter((f) => f.endsWith('-result.json'))
    .map(
      (f) => JSON.parse(fs.readFileSync(path.join(paths.allureResults, f), 'utf8')) as Record<string, string>,
    );
  assert.equal(results.length, counts.total);
  for (const result of results) {
    // fullName is "<file> › <describe> › <title>": the identity is what follows the file.
    const titlePath = result.fullName!.split(' › ').slice(1);
    const identity = historyIdentity('', titlePath);
    assert.equal(result.historyId, identity, result.fullName);
    assert.equal(result.testCaseId, identity, result.fullName);
  }
});
