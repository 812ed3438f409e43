/**
 * The freedoms that can leave a requirement with nothing to judge (the catalogue's `emptiedBy`): each quotes
 * the contract's words, each is shown by a reference variant that uses it, so that the certification's "not
 * applicable" is proven on a target that uses the freedom and passes; and a test that ends for a freedom cites
 * only requirements the catalogue lists for one.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { loadRequirements } from '../schemas/requirements';
import { VARIANTS } from '../reference/variants';
import { testEnds } from '../scripts/gen-guards';

const ROOT = path.join(__dirname, '..');
const contract = fs
  .readFileSync(path.join(ROOT, 'schemas', 'patent-renewal-api-v2.md'), 'utf8')
  .replace(/\s+/g, ' ');
const emptied = loadRequirements().requirements.filter((r) => r.emptiedBy);

void test('every freedom that empties a requirement quotes the contract', () => {
  assert.ok(emptied.length > 0, 'the catalogue lists no freedom (emptiedBy)');
  for (const r of emptied) {
    const quotes = [...r.emptiedBy!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
    assert.ok(quotes.length > 0, `${r.id}: emptiedBy quotes nothing`);
    for (const quote of quotes)
      assert.ok(contract.includes(quote), `${r.id}: "${quote}" is not in the contract`);
  }
});

void test('every such freedom is used by a reference variant that relaxes the requirement', () => {
  const relaxed = new Set(VARIANTS.flatMap((v) => [...v.requirements]));
  assert.deepEqual(
    emptied.filter((r) => !relaxed.has(r.id)).map((r) => r.id),
    [],
    'add a variant that uses the freedom (reference/variants/)',
  );
});

void test('a test that ends for a freedom cites requirements the catalogue lists for one', () => {
  const listed = new Set(emptied.map((r) => r.id));
  const ends = testEnds().filter((e) => e.kind === 'freedom');
  assert.ok(ends.length > 0, 'no test ends for a freedom: the scan misses the calls');
  for (const end of ends) {
    const source = fs.readFileSync(path.join(ROOT, end.file), 'utf8').split('\n');
    // The nearest title above the end names the requirements it cites.
    const title = source
      .slice(0, end.line)
      .reverse()
      .find((l) => /titled\(/.test(l) || /\[[A-Z]+-\d{3}/.test(l));
    const ids = [...(title ?? '').matchAll(/[A-Z]+-\d{3}/g)].map((m) => m[0]);
    assert.ok(ids.length > 0, `${end.file}:${end.line}: no requirement cited above the end`);
    for (const id of ids)
      assert.ok(listed.has(id), `${end.file}:${end.line}: ${id} lists no freedom (emptiedBy)`);
  }
});
