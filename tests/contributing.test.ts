/**
 * CONTRIBUTING.md's map of the harness stays true: every module of helpers/ is listed with the job it owns,
 * and every module listed exists.
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
      [...row[0].matchAll(/`([\w-]+\.ts)`/g)].map((m) => m[1]!),
    ),
  );
  const modules = fs.readdirSync(path.join(ROOT, 'helpers')).filter((f) => f.endsWith('.ts'));
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
