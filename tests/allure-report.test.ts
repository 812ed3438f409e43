/**
 * The Allure HTML built by `npm run report`: no analytics, nothing loaded from another origin, history
 * carried between builds. Built from a few synthetic Allure results (the format allure-playwright writes).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { reportPaths } from '../helpers/run/report-config';
import { buildAllureReport, externalReferences, REPORT_CSP, stripAnalytics } from '../scripts/report';
import { filesUnder, tempDir, writeAllureResult } from './report-support';

const dir = tempDir('allure');
after(() => fs.rmSync(dir, { recursive: true, force: true }));
const paths = reportPaths({ REPORTS_DIR: dir });

function writeResults(): void {
  writeAllureResult(paths.allureResults, '[AUTH-001] passes', 'passed');
  writeAllureResult(
    paths.allureResults,
    '[AUTH-005] fails',
    'failed',
    'toBeProblem:\n  - HTTP status: expected 401, received 200',
  );
  writeAllureResult(
    paths.allureResults,
    '[AUTH-007] skipped',
    'skipped',
    'API_KEY_EXPIRED is not configured',
  );
  fs.writeFileSync(path.join(paths.allureResults, 'environment.properties'), 'Target=embedded reference\n');
}

void test('the built report has no analytics and loads nothing from another origin', () => {
  writeResults();
  assert.equal(buildAllureReport(paths), true);
  const index = fs.readFileSync(path.join(paths.allureReport, 'index.html'), 'utf8');
  assert.ok(index.includes(REPORT_CSP), 'the Content-Security-Policy is pinned');
  for (const file of filesUnder(paths.allureReport)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const pattern of [/googletagmanager/i, /google-analytics/i, /\bgtag\s*\(/, /G-[A-Z0-9]{8,}/]) {
      assert.ok(!pattern.test(text), `${path.relative(paths.allureReport, file)} matches ${pattern}`);
    }
  }
  assert.deepEqual(externalReferences(paths.allureReport), []);
  // No tag in the page refers to an absolute URL other than its own files (SVG namespaces aside).
  const absolute = [...index.matchAll(/\b(?:src|href)\s*=\s*["']?((?:https?:)?\/\/[^"'\s>]+)/gi)].map(
    (m) => m[1],
  );
  assert.deepEqual(absolute, []);
});

void test('history is carried from one build to the next', () => {
  const lines = () => fs.readFileSync(paths.historyFile, 'utf8').trim().split('\n').filter(Boolean).length;
  if (!fs.existsSync(paths.historyFile)) {
    writeResults();
    buildAllureReport(paths);
  }
  const before = lines();
  writeResults();
  assert.equal(buildAllureReport(paths), true);
  assert.equal(lines(), before + 1);
});

void test('the analytics snippet of the report template is removed and detected when present', () => {
  const template = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>r</title></head><body>
    <script src="app-1.js"></script>
    <script async src="https://www.googletagmanager.com/gtag/js?id=G-LNDJ3J7WT0"></script>
    <script>
        window.dataLayer = window.dataLayer || [];
        function gtag(){dataLayer.push(arguments);}
        gtag('js', new Date());
        gtag('config', 'G-LNDJ3J7WT0', { "report": "awesome" });
    </script>
    <script>window.allureReportDataReady = true;</script>
  </body></html>`;
  const probe = tempDir('allure-probe');
  try {
    fs.writeFileSync(path.join(probe, 'index.html'), template);
    assert.ok(externalReferences(probe).length >= 2, 'the check sees the snippet');
    const stripped = stripAnalytics(template);
    fs.writeFileSync(path.join(probe, 'index.html'), stripped);
    assert.deepEqual(externalReferences(probe), []);
    assert.ok(stripped.includes('<script src="app-1.js"></script>'), 'the report script stays');
    assert.ok(stripped.includes('window.allureReportDataReady = true'), 'other inline scripts stay');
    assert.match(stripped, /<meta charset="utf-8">\s*<meta http-equiv="Content-Security-Policy"/);
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
});
