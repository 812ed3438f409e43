/**
 * The harness is built in layers, one folder each, and every import points down or sideways: contract facts
 * (pure, no Playwright) at the bottom, the rules one answer decides (pure too, one file per requirement area)
 * above them, then the run's settings and files, talking to the target, finding data, writing a test, and
 * the run's set-up and reports on top. `helpers/test.ts` is what a spec imports, and the only module of
 * helpers/ a spec imports. The contract layer, pure logic, has a unit test of its own for every module.
 * CONTRIBUTING.md, "The harness (helpers/)", describes the layers.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const ROOT = path.join(__dirname, '..');
const HELPERS = path.join(ROOT, 'helpers');

/** Bottom to top. A module may import modules of its own layer and of the layers before it. */
export const LAYERS = ['contract', 'rules', 'run', 'wire', 'data', 'spec', 'test.ts', 'setup'] as const;

/** The pure layers: no Playwright, no files, no network. */
const PURE: readonly (typeof LAYERS)[number][] = ['contract', 'rules'];

const rankOf = (file: string): number => {
  const first = path.relative(HELPERS, file).split(path.sep)[0]!;
  return LAYERS.indexOf(first as (typeof LAYERS)[number]);
};

function modules(): string[] {
  return fs
    .readdirSync(HELPERS, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(HELPERS, f));
}

/** Relative imports of a file (static, dynamic, require, re-exports, type-only included), resolved. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)'(\.{1,2}\/[^']+)'/g),
  ].map((m) => m[1]!);
  return specifiers.map((s) => {
    const resolved = path.resolve(path.dirname(file), s);
    return fs.existsSync(`${resolved}.ts`) ? `${resolved}.ts` : resolved;
  });
}

void test('every module of helpers/ sits in a layer folder (or is helpers/test.ts)', () => {
  const all = modules();
  assert.ok(all.length > 40);
  assert.deepEqual(
    all.filter((f) => rankOf(f) < 0).map((f) => path.relative(ROOT, f)),
    [],
    `modules outside the layers ${LAYERS.join(', ')}`,
  );
});

void test('every import inside helpers/ points to the same layer or one below', () => {
  const upward = modules().flatMap((file) =>
    importsOf(file)
      .filter((target) => target.startsWith(HELPERS + path.sep) && rankOf(target) > rankOf(file))
      .map((target) => `${path.relative(HELPERS, file)} -> ${path.relative(HELPERS, target)}`),
  );
  assert.deepEqual(upward, [], 'imports that point up a layer');
});

void test('the contract and rules layers are pure: no Playwright, no files, no network', () => {
  const pure = modules().filter((f) => PURE.includes(LAYERS[rankOf(f)]!));
  assert.ok(
    pure.some((f) => rankOf(f) === LAYERS.indexOf('rules')),
    'the rules layer is found',
  );
  const impure = pure
    .filter((f) =>
      /from '(@playwright\/test|node:fs|node:http|node:https|node:net)'/.test(fs.readFileSync(f, 'utf8')),
    )
    .map((f) => path.relative(ROOT, f));
  assert.deepEqual(impure, []);
});

void test('every module of the contract layer has a unit test in tests/ that imports it', () => {
  const TESTS = path.join(ROOT, 'tests');
  // Value imports only: a test that imports nothing but types runs none of the module's code.
  const VALUE_IMPORT = /^import\s+(?!type\b)[^;]*?\bfrom\s*'(\.\.\/helpers\/[^']+)'/gm;
  const tested = new Set(
    fs
      .readdirSync(TESTS)
      .filter((f) => f.endsWith('.test.ts'))
      .flatMap((file) =>
        [...fs.readFileSync(path.join(TESTS, file), 'utf8').matchAll(VALUE_IMPORT)].map(
          (m) => `${path.resolve(TESTS, m[1]!)}.ts`,
        ),
      ),
  );
  const contract = modules().filter((f) => rankOf(f) === LAYERS.indexOf('contract'));
  assert.ok(contract.length > 10, 'the contract modules are found');
  assert.deepEqual(
    contract.filter((f) => !tested.has(f)).map((f) => path.relative(ROOT, f)),
    [],
    'modules of helpers/contract/ without a unit test (a tests/*.test.ts importing it)',
  );
});

void test('no import cycle among the modules of helpers/, type-only imports included', () => {
  const graph = new Map(
    modules().map((f) => [f, importsOf(f).filter((t) => t.startsWith(HELPERS + path.sep))] as const),
  );
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, trail: string[]) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'open') {
      cycles.push(
        [...trail.slice(trail.indexOf(node)), node].map((f) => path.relative(HELPERS, f)).join(' -> '),
      );
      return;
    }
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
    state.set(node, 'done');
  };
  for (const node of graph.keys()) visit(node, []);
  assert.deepEqual(cycles, []);
});

void test('a spec imports the harness through helpers/test.ts only', () => {
  const specs = fs.readdirSync(path.join(ROOT, 'specs')).filter((f) => f.endsWith('.ts'));
  assert.ok(specs.length > 10);
  const elsewhere = specs.flatMap((spec) =>
    importsOf(path.join(ROOT, 'specs', spec))
      .filter((t) => t.startsWith(HELPERS + path.sep) && t !== path.join(HELPERS, 'test.ts'))
      .map((t) => `${spec} -> ${path.relative(ROOT, t)}`),
  );
  assert.deepEqual(elsewhere, []);
});

void test('every name helpers/test.ts gives the specs is used by a spec', () => {
  const facade = fs.readFileSync(path.join(HELPERS, 'test.ts'), 'utf8');
  const names = [...facade.matchAll(/export (?:type )?\{([^}]*)\} from/g)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((n) =>
        n
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)
          .pop()!
          .trim(),
      )
      .filter(Boolean),
  );
  assert.ok(names.length > 100, 'the re-exports were read');
  const specs = fs
    .readdirSync(path.join(ROOT, 'specs'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => fs.readFileSync(path.join(ROOT, 'specs', f), 'utf8'))
    .join('\n');
  const unused = names.filter((n) => !new RegExp(`\\b${n.replace(/\$/g, '\\$')}\\b`).test(specs));
  assert.deepEqual(unused, [], 're-exported for the specs but used by none');
});
