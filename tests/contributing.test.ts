/**
 * CONTRIBUTING.md's map of the harness stays true: every module of helpers/ is listed with the job it owns,
 * and every module listed exists. And the house rule that keeps worker processes shared: every spec takes its
 * `test` from helpers/test.ts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const ROOT = path.join(__dirname, '..');

function harnessSection(): string {
  const text = fs.readFileSync(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8');
  const start = text.indexOf('## The harness (helpers/)');
  assert.ok(start >= 0, 'CONTRIBUTING.md has a section "The harness (helpers/)"');
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

void test('CONTRIBUTING.md lists every module of helpers/, and only those', () => {
  const listed = new Set(
    [...harnessSection().matchAll(/^\|[^|]*\|/gm)].flatMap((row) =>
      [...row[0].matchAll(/`([\w/-]+\.ts)`/g)].map((m) => m[1]!),
    ),
  );
  // Listed by their path below helpers/ (`wire/api-client.ts`), layer folder included.
  const modules = fs
    .readdirSync(path.join(ROOT, 'helpers'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.split(path.sep).join('/'));
  assert.ok(modules.length > 20);
  assert.deepEqual(
    modules.filter((m) => !listed.has(m)),
    [],
    'helpers/ modules missing from the map in CONTRIBUTING.md',
  );
  assert.deepEqual(
    [...listed].filter((m) => !modules.includes(m)),
    [],
    'modules listed in CONTRIBUTING.md that helpers/ does not hold',
  );
});

void test('every spec takes its test from helpers/test.ts, so all spec files share worker processes', () => {
  const specs = fs.readdirSync(path.join(ROOT, 'specs')).filter((f) => f.endsWith('.spec.ts'));
  assert.ok(specs.length > 10);
  const elsewhere = specs.filter((file) => {
    const text = fs.readFileSync(path.join(ROOT, 'specs', file), 'utf8');
    const imports = [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)];
    const sources = imports.filter((m) => m[1]!.split(',').some((n) => n.trim() === 'test')).map((m) => m[2]);
    return sources.length !== 1 || sources[0] !== '../helpers/test';
  });
  assert.deepEqual(elsewhere, [], 'specs whose test does not come from ../helpers/test');
});

void test("the suite's test type carries no browser fixtures, and its own per-test fixtures make no steps", () => {
  const fixtures = fs.readFileSync(path.join(ROOT, 'helpers', 'spec', 'fixtures.ts'), 'utf8');
  // `test` of @playwright/test sets up some thirty browser option fixtures around every test, a reported
  // step each (most of a run's steps); the suite sends no browser.
  assert.match(fixtures, /import \{ _baseTest as base\b/, 'helpers/spec/fixtures.ts extends _baseTest');
  const body = fixtures.slice(fixtures.indexOf('export const test = base.extend'));
  const testScoped = [...body.matchAll(/^ {2}(\w+): \[\n([\s\S]*?)\n {2}\],$/gm)].filter(
    ([, , definition]) => !/scope: 'worker'/.test(definition!),
  );
  assert.ok(testScoped.length >= 8, 'the per-test fixtures of helpers/spec/fixtures.ts are found');
  assert.deepEqual(
    testScoped.filter(([, , definition]) => !/box: 'self'/.test(definition!)).map(([, name]) => name),
    [],
    "per-test fixtures without { box: 'self' }",
  );
});

void test('no worker sends Allure runtime messages: the reporter adds the metadata', () => {
  const offenders = ['helpers', 'specs']
    .flatMap((dir) =>
      fs
        .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
        .map((f) => path.join(dir, f)),
    )
    .filter((file) => file.endsWith('.ts') && file !== path.join('helpers', 'setup', 'allure-reporter.ts'))
    .filter((file) => /from 'allure-js-commons'/.test(fs.readFileSync(path.join(ROOT, file), 'utf8')));
  assert.deepEqual(offenders, []);
});
