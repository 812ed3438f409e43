/**
 * No module over 600 lines: a file that long holds more than one job, and the next change to it is a hunt
 * (CONTRIBUTING, "Small modules"). Data tables are the exception, each named here with what it holds: their
 * length is their rows, and a row is read alone.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const ROOT = path.join(__dirname, '..');
const LIMIT = 600;
const CODE_ROOTS = ['helpers', 'schemas', 'reference', 'scripts', 'specs', 'tests', 'bin'];
const CODE_FILE = /\.(ts|cjs|mjs|js)$/;

/** The data tables, by path: what their rows are. */
const DATA_TABLES: Record<string, string> = {
  'helpers/contract/earlier-reads.ts': 'a ruling for every test that sets a read against an earlier one',
  'helpers/contract/partition-answers.ts': 'the answer the contract gives each input partition',
};
/** Written by tools from schemas/openapi.yaml, never by hand. */
const GENERATED = /(^|\/)generated\//;

function codeFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return codeFiles(relative);
    return CODE_FILE.test(entry.name) ? [relative] : [];
  });
}

const linesOf = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n').length - 1;

void test(`no module is over ${LIMIT} lines, but the data tables`, () => {
  const files = [...CODE_ROOTS.flatMap(codeFiles), ...fs.readdirSync(ROOT).filter((n) => CODE_FILE.test(n))];
  assert.ok(files.length > 200, `only ${files.length} modules found`);
  const over = files
    .filter((file) => !GENERATED.test(file) && !(file in DATA_TABLES))
    .map((file) => ({ file, lines: linesOf(file) }))
    .filter(({ lines }) => lines > LIMIT)
    .map(({ file, lines }) => `${file}: ${lines} lines`);
  assert.deepEqual(
    over,
    [],
    `over ${LIMIT} lines (split by job, or name a data table here):\n${over.join('\n')}`,
  );
});

void test('each data table named is there, and is one', () => {
  for (const file of Object.keys(DATA_TABLES)) {
    assert.ok(fs.existsSync(path.join(ROOT, file)), `${file} is gone: take it off the list`);
    assert.ok(linesOf(file) > LIMIT, `${file} is within the limit: take it off the list`);
  }
});
