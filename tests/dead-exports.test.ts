/**
 * No dead code behind an export: every function, constant, class or type that a module of helpers/, schemas/,
 * reference/ or scripts/ exports is named somewhere else in the project (another module, a spec, a project
 * test, the configuration) or again in its own module. An export named nowhere is code nobody runs, and it
 * drifts: a copy of the result rules beside the rules themselves, a tally read by no test.
 *
 * The check is by name, so it can only under-report (a name also used for something else counts as a use).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const ROOT = path.join(__dirname, '..');
/** Where the project's code lives; `generated` folders are written by tools and left out. */
const CODE_ROOTS = ['helpers', 'schemas', 'reference', 'scripts', 'specs', 'tests', 'bin'];
const CHECKED_ROOTS = ['helpers', 'schemas', 'reference', 'scripts'];
const CODE_FILE = /\.(ts|cjs|mjs|js)$/;
const EXPORTED =
  /^export (?:declare )?(?:async )?(?:function\*? |const |let |class |abstract class |interface |type |enum )(\w+)/gm;

function codeFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : codeFiles(relative);
    return CODE_FILE.test(entry.name) ? [relative] : [];
  });
}

void test('every export of a module is named somewhere besides its declaration', () => {
  const topLevel = fs.readdirSync(ROOT).filter((name) => CODE_FILE.test(name));
  const texts = new Map(
    [...CODE_ROOTS.flatMap(codeFiles), ...topLevel].map((file) => [
      file,
      fs.readFileSync(path.join(ROOT, file), 'utf8'),
    ]),
  );
  const checked = [...texts.keys()].filter((file) =>
    CHECKED_ROOTS.some((root) => file.startsWith(`${root}/`)),
  );
  assert.ok(checked.length > 50, `only ${checked.length} modules found under ${CHECKED_ROOTS.join(', ')}`);
  let exports = 0;
  const dead: string[] = [];
  for (const file of checked) {
    const text = texts.get(file)!;
    for (const [, name] of text.matchAll(EXPORTED)) {
      exports += 1;
      const word = new RegExp(`\\b${name}\\b`, 'g');
      const inItself = text.match(word)?.length ?? 0;
      const elsewhere = [...texts].some(([other, body]) => other !== file && word.test(body));
      if (!elsewhere && inItself <= 1) dead.push(`${file}: ${name}`);
    }
  }
  assert.ok(exports > 500, `only ${exports} exports found: the pattern no longer matches the code`);
  assert.deepEqual(dead, [], `exported, and named nowhere else:\n${dead.join('\n')}`);
});
