/**
 * The workers' code cache (helpers/run/compile-cache.cjs): a module compiled once is loaded from the cache by
 * the next process and behaves the same; an edited module is compiled again; a module with a dynamic import()
 * is left to Node on Node 20 (a cached script loses it there); COMPILE_CACHE=off leaves everything to Node;
 * and the option the configuration adds to NODE_OPTIONS preloads it.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import Module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { withCompileCache } from '../helpers/run/compile-cache';

const PRELOAD = path.join(__dirname, '..', 'helpers', 'run', 'compile-cache.cjs');
/** Node 22.1 and later cache with module.enableCompileCache, in a layout of their own. */
const BUILT_IN =
  typeof (Module as unknown as { enableCompileCache?: unknown }).enableCompileCache === 'function';

/** The cache takes the project's files only: the modules of a test are written inside it (test-results/). */
function scratch(): { dir: string; tmp: string; cache: () => string[] } {
  const outputs = path.join(__dirname, '..', 'test-results');
  fs.mkdirSync(outputs, { recursive: true });
  const dir = fs.mkdtempSync(path.join(outputs, 'compile-cache-test-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-cache-test-'));
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const cache = () => {
    const folder = fs.readdirSync(tmp).find((name) => name.startsWith('prs-conformance-compile-cache-'));
    return folder ? fs.readdirSync(path.join(tmp, folder)).filter((name) => !name.includes('.')) : [];
  };
  return { dir, tmp, cache };
}

function run(entry: string, tmp: string, env: Record<string, string> = {}): string {
  const result = spawnSync(process.execPath, ['--require', PRELOAD, entry], {
    env: { ...process.env, NODE_OPTIONS: '', TMPDIR: tmp, ...env },
    encoding: 'utf8',
  });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout.trim();
}

void test('a module is cached by the process that compiled it and loaded from the cache by the next', () => {
  const { dir, tmp, cache } = scratch();
  const entry = path.join(dir, 'entry.js');
  fs.writeFileSync(
    entry,
    "#!/usr/bin/env node\nconst { twice } = require('./lib');\nconsole.log(twice(21), __filename === require.resolve('./entry'));\n",
  );
  fs.writeFileSync(path.join(dir, 'lib.js'), 'exports.twice = (n) => n * 2;\n');
  assert.equal(run(entry, tmp), '42 true');
  if (BUILT_IN) return;
  assert.equal(cache().length, 2, 'the entry and the module it requires are cached');
  const written = cache().map((name) => fs.statSync(path.join(tmp, fs.readdirSync(tmp)[0]!, name)).mtimeMs);
  assert.equal(run(entry, tmp), '42 true');
  const again = cache().map((name) => fs.statSync(path.join(tmp, fs.readdirSync(tmp)[0]!, name)).mtimeMs);
  assert.deepEqual(again, written, 'a usable cache is not written again');
  fs.writeFileSync(path.join(dir, 'lib.js'), 'exports.twice = (n) => n * 3;\n');
  assert.equal(run(entry, tmp), '63 true', 'an edited module is compiled again, not taken from the cache');
});

void test('a module with a dynamic import() is left to Node on Node 20, and its import works', () => {
  if (BUILT_IN) return;
  const { dir, tmp, cache } = scratch();
  const entry = path.join(dir, 'dynamic.js');
  fs.writeFileSync(entry, "import('node:path').then((p) => console.log(typeof p.join));\n");
  assert.equal(run(entry, tmp), 'function');
  assert.equal(run(entry, tmp), 'function');
  assert.deepEqual(cache(), []);
});

void test('a module outside the project (a temporary file) is left to Node', () => {
  if (BUILT_IN) return;
  const { tmp, cache } = scratch();
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-cache-outside-'));
  after(() => fs.rmSync(outside, { recursive: true, force: true }));
  const entry = path.join(outside, 'entry.js');
  fs.writeFileSync(entry, 'console.log(6 * 7);\n');
  assert.equal(run(entry, tmp), '42');
  assert.deepEqual(cache(), []);
});

void test('COMPILE_CACHE=off caches nothing', () => {
  const { dir, tmp, cache } = scratch();
  const entry = path.join(dir, 'entry.js');
  fs.writeFileSync(entry, 'console.log(1 + 1);\n');
  assert.equal(run(entry, tmp, { COMPILE_CACHE: 'off' }), '2');
  assert.deepEqual(cache(), []);
  assert.ok(!fs.readdirSync(tmp).some((name) => name.startsWith('prs-conformance-compile-cache-')));
});

void test('the option the configuration adds preloads the code cache into a process, once', () => {
  const options = withCompileCache(withCompileCache('--max-old-space-size=4096'));
  assert.equal(options.split('compile-cache.cjs').length, 2, options);
  assert.ok(options.startsWith('--max-old-space-size=4096 '));
  const result = spawnSync(
    process.execPath,
    ['-e', "console.log(require('node:module').prototype._compile.name)"],
    { env: { ...process.env, NODE_OPTIONS: options }, encoding: 'utf8' },
  );
  assert.equal(result.status, 0, result.stderr);
  if (!BUILT_IN) assert.equal(result.stdout.trim(), 'compileCached');
  const config = fs.readFileSync(path.join(__dirname, '..', 'playwright.config.ts'), 'utf8');
  assert.match(config, /process\.env\.NODE_OPTIONS = withCompileCache\(process\.env\.NODE_OPTIONS\)/);
});
