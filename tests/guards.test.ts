/**
 * The guard list (helpers/contract/guards.ts, docs/guards.md) is complete: every guard of the run-wide
 * comparisons is marked where it lives and every marker is a guard of the table; every clause is the
 * contract's words; every test end of kind target or time has its ruling; the page is current.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { GUARD_MARKER, GUARD_ROWS, TEST_END_RULINGS } from '../helpers/contract/guards';
import { GUARDS_DOC, markersIn, renderGuards, rulingOf, testEnds } from '../scripts/gen-guards';

const ROOT = path.join(__dirname, '..');
const contract = fs
  .readFileSync(path.join(ROOT, 'schemas', 'patent-renewal-api-v2.md'), 'utf8')
  .replace(/\s+/g, ' ');

/** Every .ts module under helpers/. */
function helperModules(dir = 'helpers'): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return helperModules(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

void test('every comparison guard is marked in its module, and every marker is a guard of the table', () => {
  const ids = new Set<string>(GUARD_ROWS.map((g) => g.id));
  for (const guard of GUARD_ROWS)
    assert.ok(
      markersIn(guard.where).includes(guard.id),
      `${guard.id}: no "// guard: ${guard.id}" in ${guard.where}`,
    );
  for (const file of helperModules()) {
    if (file === 'helpers/contract/guards.ts') continue;
    for (const id of markersIn(file)) {
      assert.ok(ids.has(id), `${file}: marker of an unknown guard ${id}`);
      assert.equal(GUARD_ROWS.find((g) => g.id === id)!.where, file, `${id} is marked outside its module`);
    }
  }
  assert.ok(GUARD_MARKER.flags.includes('g'));
});

void test("every guard and every ruling quotes the contract's words", () => {
  const quoted = [...GUARD_ROWS, ...TEST_END_RULINGS].filter(
    (g) => !contract.includes(g.clause.replace(/\s+/g, ' ')),
  );
  assert.deepEqual(
    quoted.map((g) => g.clause),
    [],
  );
});

void test('every test end of kind target, time or freedom is ruled, and every ruling finds exactly its end', () => {
  const ends = testEnds();
  assert.ok(ends.length > 100, `only ${ends.length} test ends found: the scan misses the calls`);
  const ruled = (kind: string) => kind === 'target' || kind === 'time' || kind === 'freedom';
  const unruled = ends.filter((e) => ruled(e.kind) && !rulingOf(e));
  assert.deepEqual(
    unruled.map((e) => `${e.file}:${e.line} ${e.reason}`),
    [],
    'rule each in TEST_END_RULINGS (helpers/contract/guards.ts)',
  );
  for (const ruling of TEST_END_RULINGS) {
    const found = ends.filter((e) => e.file === ruling.file && e.reason.includes(ruling.reason));
    assert.ok(found.length > 0, `${ruling.file}: no test end gives "${ruling.reason}"`);
    assert.ok(
      found.every((e) => ruled(e.kind)),
      `${ruling.file}: "${ruling.reason}" is not of kind target, time or freedom`,
    );
    // An end that says the target used a freedom is ruled by the freedom it quotes.
    if (found.some((e) => e.kind === 'freedom'))
      assert.equal(ruling.ruling, 'freedom', `${ruling.file}: "${ruling.reason}" ends as a freedom`);
  }
});

void test('the scan finds each kind of end and reads its cause', () => {
  const kinds = new Set(testEnds().map((e) => e.kind));
  for (const kind of ['data', 'setting', 'time', 'target'])
    assert.ok(kinds.has(kind), `no end of kind ${kind}`);
});

void test('docs/guards.md is up to date: run npx tsx scripts/gen-guards.ts', () => {
  assert.equal(fs.readFileSync(GUARDS_DOC, 'utf8'), renderGuards());
});
