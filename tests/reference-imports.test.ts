/**
 * The reference stands on its own: no module under reference/ imports from the suite (helpers/, specs/), so it
 * can be run, or copied, without the harness it is tested by. Shared facts live in schemas/.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const ROOT = path.join(__dirname, '..');
const REFERENCE = path.join(ROOT, 'reference');
const SUITE = ['helpers', 'specs'].map((dir) => path.join(ROOT, dir) + path.sep);

/** Module specifiers of a source: static imports and re-exports, dynamic imports, requires. */
const SPECIFIER = /\b(?:from|import|require)\s*\(?\s*['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.[cm]?[jt]s$/.test(entry.name) ? [full] : [];
  });
}

void test('no module of the reference imports from the suite (helpers/, specs/)', () => {
  const files = sourceFiles(REFERENCE);
  assert.ok(files.length > 20, 'the reference modules are found');
  const crossings = files.flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(SPECIFIER)]
      .map((m) => m[1] as string)
      .filter((specifier) => specifier.startsWith('.'))
      .filter((specifier) => {
        const target = path.resolve(path.dirname(file), specifier);
        return SUITE.some((dir) => `${target}${path.sep}`.startsWith(dir));
      })
      .map((specifier) => `${path.relative(ROOT, file)} imports ${specifier}`),
  );
  assert.deepEqual(crossings, []);
});
