/**
 * The packed suite: `npm pack` gives a package that installs in an empty folder and runs with `npx` from
 * there: `--help`, `--version`, a short run against the embedded reference, a refused preflight (exit 2,
 * plain). The release workflow runs it (`npm run test:package`) before it packs the tarball it attaches.
 *
 * Installing: `npm install --offline <tarball>` first. npm's offline mode needs the registry metadata of
 * every dependency in the local cache, which an `npm ci` does not put there; when it is missing, the
 * tarball is unpacked into node_modules/<name> as npm would, and the dependencies are linked from this
 * checkout's node_modules, one link per package. Either way the package folder holds exactly the packed
 * files, so a file missing from `files` in package.json fails the run.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { versionText } from '../scripts/cli';
import { cleanEnv, ROOT, tempDir } from './report-support';

const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  bin: Record<string, string>;
};

void describe('the packed command, installed in an empty folder', () => {
  const dir = tempDir('pack');
  const app = path.join(dir, 'app');
  let packed: string[] = [];
  let installedBy = '';

  const npx = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    spawnSync('npx', ['--offline', pkg.name, ...args], {
      cwd: app,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: cleanEnv(env),
      timeout: 180_000,
    });

  before(() => {
    const pack = spawnSync('npm', ['pack', '--json', '--pack-destination', dir], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(pack.status, 0, pack.stderr);
    const [info] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
    packed = info!.files.map((f) => f.path);
    const tarball = path.join(dir, path.basename(info!.filename));
    fs.mkdirSync(app);
    fs.writeFileSync(path.join(app, 'package.json'), '{ "name": "app", "private": true }\n');
    const install = spawnSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], {
      cwd: app,
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (install.status === 0) {
      installedBy = 'npm install --offline';
      return;
    }
    installedBy = 'unpacked, dependencies linked';
    const modules = path.join(app, 'node_modules');
    const target = path.join(modules, pkg.name);
    fs.mkdirSync(target, { recursive: true });
    const untar = spawnSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
    assert.equal(untar.status, 0, String(untar.stderr));
    for (const entry of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
      if (entry === '.bin' || entry === pkg.name || entry.startsWith('.')) continue;
      fs.symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
    }
    fs.mkdirSync(path.join(modules, '.bin'));
    for (const [name, file] of Object.entries(pkg.bin)) {
      fs.symlinkSync(path.join('..', pkg.name, file), path.join(modules, '.bin', name));
    }
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  void test('the package holds what a run needs and nothing of the project', () => {
    for (const file of [
      'bin/conformance.cjs',
      'playwright.config.ts',
      'allurerc.ts',
      'helpers/setup/global-setup.ts',
      'reference/server.ts',
      'schemas/openapi.yaml',
      'schemas/generated/openapi.json',
      'schemas/generated/requirements.json',
      'schemas/generated/openapi.ts',
      'schemas/requirements.yaml',
      'schemas/patent-renewal-api-v2.md',
      'scripts/cli.ts',
      'scripts/report.ts',
      'specs/auth.spec.ts',
      'README.md',
      'CHANGELOG.md',
    ]) {
      assert.ok(packed.includes(file), `${file} is not packed`);
    }
    const stray = packed.filter(
      (f) => /^(tests|\.ci|\.github|reports|node_modules)\//.test(f) || f === '.env',
    );
    assert.deepEqual(stray, []);
  });

  void test('npx <package> --help, from the empty folder', () => {
    const help = npx(['--help']);
    assert.equal(help.status, 0, `${installedBy}: ${help.stderr}`);
    assert.match(help.stdout, new RegExp(`^${pkg.name} \\d+\\.\\d+\\.\\d+`));
    assert.match(help.stdout, /Exit codes:/);
  });

  void test("npx <package> --version: the checkout's suite, contract and catalogue versions", () => {
    const shown = npx(['--version']);
    assert.equal(shown.status, 0, `${installedBy}: ${shown.stderr}`);
    assert.equal(shown.stdout, versionText());
  });

  void test('a short run against the embedded reference: exit 0, reports in ./reports', () => {
    const run = npx(['--grep', 'AUTH-001', '--reporter=json', '--workers', '1']);
    assert.equal(run.status, 0, `${installedBy}: ${run.stderr.slice(-3000)}`);
    const report = JSON.parse(run.stdout) as { stats: { expected: number; unexpected: number } };
    assert.ok(report.stats.expected > 0 && report.stats.unexpected === 0);
    const certification = JSON.parse(
      fs.readFileSync(path.join(app, 'reports', 'certification.json'), 'utf8'),
    ) as { overall: string; target: string };
    assert.equal(certification.target, 'embedded reference');
    assert.equal(certification.overall, 'incomplete');
    assert.ok(fs.existsSync(path.join(app, 'reports', 'allure-report', 'index.html')));
  });

  void test('a refused preflight: exit 2 and a plain message', () => {
    const run = npx(['--out', 'refused'], { BASE_URL: 'http://127.0.0.1:9', API_KEY: 'any-key' });
    assert.equal(run.status, 2, run.stdout + run.stderr);
    assert.match(run.stderr, /preflight: the target cannot be judged[\s\S]*setting to fix: BASE_URL/);
    assert.doesNotMatch(run.stderr, /^\s+at .+[(:]\d+/m);
    const certification = JSON.parse(
      fs.readFileSync(path.join(app, 'refused', 'certification.json'), 'utf8'),
    ) as { overall: string };
    assert.equal(certification.overall, 'not run');
  });
});
