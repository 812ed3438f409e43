/**
 * .env.example and the README's settings table are generated from helpers/run/settings.ts and kept current,
 * and every variable the suite reads is declared there.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { declaredVariables } from '../helpers/run/settings';
import { envExample, readmeWithTable } from '../scripts/gen-env-example';

const ROOT = path.join(__dirname, '..');

void test('.env.example lists every declared setting (npm run gen:env)', () => {
  assert.equal(fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8'), envExample());
});

void test("the README's settings table lists every declared setting (npm run gen:env)", () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  assert.equal(readme, readmeWithTable(readme));
});

/** Where the suite reads its environment. */
const SOURCES = ['helpers', 'specs', 'scripts', 'bin', 'playwright.config.ts'];

function sourceFiles(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!fs.statSync(full).isDirectory()) return [full];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && /\.(ts|cjs|js)$/.test(f.name))
    .map((f) => path.join(f.parentPath, f.name));
}

const ENV = String.raw`(?:\bprocess\.env|(?<![\w.$])env|\bloadEnv\(\))`;
/**
 * The forms a read takes: `env.NAME`, `env['NAME']`, `env[CONSTANT]` (a constant holding the name, as
 * `const NAME_ENV = 'NAME'`) and the readers that take a name (`envFlag('NAME')`, `numberSetting(...)`,
 * `requireSetting(...)`). Names iterated from a declared list are declared by construction.
 */
const READS = [
  new RegExp(String.raw`${ENV}\.([A-Za-z_]\w*)`, 'g'),
  new RegExp(String.raw`${ENV}\[\s*['"\x60](\w+)['"\x60]\s*\]`, 'g'),
  new RegExp(String.raw`${ENV}\[\s*([A-Z][A-Z0-9_]*)\s*\]`, 'g'),
  /\b(?:envFlag|numberSetting|requireSetting)\(\s*['"](\w+)['"]/g,
];

void test('every environment variable read in helpers/, specs/, scripts/, bin/ and playwright.config.ts is declared in helpers/run/settings.ts', () => {
  const files = SOURCES.flatMap(sourceFiles);
  const constants = new Map<string, string>();
  for (const file of files)
    for (const [, name, value] of fs
      .readFileSync(file, 'utf8')
      .matchAll(/\bconst ([A-Z][A-Z0-9_]*) = '(\w+)'/g))
      constants.set(name!, value!);
  const declared = declaredVariables();
  const undeclared: string[] = [];
  const read = new Set<string>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const pattern of READS)
      for (const [, found] of text.matchAll(pattern)) {
        const name = constants.get(found!) ?? found!;
        read.add(name);
        if (!declared.has(name)) undeclared.push(`${path.relative(ROOT, file)}: ${name}`);
      }
  }
  // The scan itself must see reads of every form, or it proves nothing.
  for (const name of [
    'BASE_URL',
    'QUOTA_FLOOR',
    'ALLOW_WRITES',
    'PREFLIGHT_OTHER_TENANT_FREEZE',
    'ASYNC_TIMEOUT_MS',
  ])
    assert.ok(read.has(name), `the scan found no read of ${name}`);
  assert.deepEqual(
    [...new Set(undeclared)],
    [],
    'declare these in helpers/run/settings.ts (then npm run gen:env)',
  );
});
