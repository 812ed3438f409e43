/**
 * The requirement pages (docs/requirements/, scripts/requirement-pages.ts) are committed for vendors to browse,
 * so they must say what the sources say today. Reading the test titles lists the suite with Playwright (about
 * two seconds, no test runs). Run: node --import tsx --test tests/requirement-pages.test.ts
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseOpenPoints, renderPages, stalePages } from '../scripts/requirement-pages';

const pages = renderPages();

void test('docs/requirements/ is up to date: run npm run requirements:pages', () => {
  assert.deepEqual(stalePages(pages), []);
});

void test('a page shows the faults that break its requirement and the variants that relax it', () => {
  const page = pages.get('PAG-009.md') ?? '';
  assert.match(page, /^# PAG-009$/m);
  assert.match(page, /`zero-based-pages`/);
  assert.match(page, /`order-depends-on-page-size`/);
  assert.match(page, /^- \[specs\/pagination\.spec\.ts\]/m);
  assert.match(page, /^- \[E3\.2\]\(\.\.\/\.\.\/schemas\/OPEN-POINTS\.md#e3-/m);
});

void test('a page names the judges of the registry that decide its requirement on every answer', () => {
  const page = pages.get('INV-007.md') ?? '';
  assert.match(page, /^## Judged on every answer \(1\)$/m);
  assert.match(page, /^- invariant on every `invoice` resource, wherever an answer holds it: /m);
  assert.match(
    pages.get('CONV-013.md') ?? '',
    /^- invariant on every answer: every answer matches the schema/m,
  );
  assert.match(
    pages.get('INS-028.md') ?? '',
    /^- run-wide record: no receipt number is shown for two owners/m,
  );
  assert.doesNotMatch(pages.get('AUTH-003.md') ?? '', /Judged on every answer/);
});

void test('the open points are read as numbered rows, titled points and paragraphs, each with the ids it names', () => {
  const text = [
    '## B. Readings',
    '',
    '| # | Point | Wording | Decision |',
    '|---|---|---|---|',
    '| B3 | Bounds | "x \\| y" | PAG-008 is kept. |',
    '',
    '### E4. Problems',
    '',
    '**Rate limits: the reset.** About RATE-013:',
    '',
    '- a case of it;',
    '',
    'Not required: RATE-003.',
    '',
    '- **Another point.** PROB-001 and',
    '  PROB-023.',
    '- a plain bullet naming CORR-001',
  ].join('\n');
  assert.deepEqual(
    parseOpenPoints(text).map(({ label, title, ids }) => ({ label, title, ids })),
    [
      { label: 'B3', title: 'Bounds', ids: ['PAG-008'] },
      { label: 'E4', title: 'Rate limits: the reset', ids: ['RATE-013', 'RATE-003'] },
      { label: 'E4', title: 'Another point', ids: ['PROB-001', 'PROB-023'] },
      { label: 'E4', title: 'a plain bullet naming CORR-001', ids: ['CORR-001'] },
    ],
  );
});
