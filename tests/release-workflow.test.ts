/**
 * A release a vendor can get. The release workflow (.github/workflows/release.yml) builds, on a pushed v*
 * tag, what the README's "On a fresh machine" tells a newcomer to download and check: the tarball of
 * `npm pack`, tested first by installing it in an empty folder (`npm run test:package`), and its SHA-256,
 * both attached to the tag's GitHub release.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { cleanEnv, ROOT, tempDir } from './report-support';

const WORKFLOW = '.github/workflows/release.yml';
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

const pkg = JSON.parse(read('package.json')) as { version: string; scripts: Record<string, string> };

interface Step {
  id?: string;
  run?: string;
  uses?: string;
  env?: Record<string, string>;
}
const workflow = parse(read(WORKFLOW)) as {
  on: { push?: { tags?: string[]; branches?: string[] } } & Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, { steps: Step[] }>;
};

/** The tarball `npm pack` writes for this package.json: the name the release attaches. */
function packedName(): string {
  const pack = spawnSync('npm', ['pack', '--dry-run', '--json'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(pack.status, 0, pack.stderr);
  return (JSON.parse(pack.stdout) as { filename: string }[])[0]!.filename;
}

function freshMachineSection(): string {
  const readme = read('README.md');
  const start = readme.indexOf('## On a fresh machine');
  assert.ok(start >= 0, 'README.md has a section "On a fresh machine"');
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

void describe(`the release workflow (${WORKFLOW})`, () => {
  const jobs = Object.values(workflow.jobs);
  const steps = jobs.flatMap((job) => job.steps);
  const at = (pattern: RegExp) => steps.findIndex((s) => pattern.test(s.run ?? s.uses ?? ''));
  const step = (pattern: RegExp) => {
    const index = at(pattern);
    assert.ok(index >= 0, `no step matches ${pattern}`);
    return steps[index]!;
  };
  /** The tarball's name as the steps after the pack read it: the pack step's output. */
  const tarballFromPack = () => `\${{ steps.${step(/\bnpm pack\b/).id}.outputs.tarball }}`;

  void test('runs on a pushed v* tag, and on nothing else', () => {
    assert.deepEqual(Object.keys(workflow.on), ['push']);
    assert.deepEqual(workflow.on.push?.tags, ['v*']);
    assert.equal(workflow.on.push?.branches, undefined);
    assert.equal(workflow.permissions?.contents, 'write', 'creating a release needs contents: write');
    assert.equal(jobs.length, 1, 'one job: what is attached is what was tested');
  });

  void test('checks out, installs from the lockfile, then runs the package test before it packs', () => {
    assert.ok(at(/^actions\/checkout@v\d+$/) === 0, 'the first step checks out the tag');
    const install = at(/^npm ci\b/);
    assert.ok(install > 0, 'no npm ci: the release must install exactly what package-lock.json locks');
    assert.equal(at(/^npm (install|i)\b/), -1, 'npm install would not hold to the lockfile');
    const packageTest = at(/^npm run test:package$/);
    assert.ok(packageTest > install, 'npm run test:package does not follow npm ci');
    assert.equal(pkg.scripts['test:package'], 'node --import tsx --test tests/package.test.ts');
    assert.ok(at(/\bnpm pack\b/) > packageTest, 'the tarball is packed before the package test ran');
    // The release notes step checks the tag against package.json and CHANGELOG.md before anything is built.
    assert.ok(at(/scripts\/changelog\.ts --notes "\$GITHUB_REF_NAME"/) < packageTest);
  });

  void test("packs, writes the SHA-256 beside the tarball, attaches both to the tag's release", () => {
    const pack = step(/\bnpm pack\b/);
    assert.ok(pack.id, 'the pack step has an id, so the next steps read the tarball name it wrote');
    assert.match(pack.run!, /tarball=\$\(npm pack --silent\)" >> "\$GITHUB_OUTPUT"/);
    const checksum = step(/sha256sum/);
    assert.equal(checksum.run, 'sha256sum "$TARBALL" > "$TARBALL.sha256"');
    assert.equal(checksum.env?.TARBALL, tarballFromPack());
    const release = step(/gh release create/);
    assert.match(release.run!, /gh release create "\$GITHUB_REF_NAME" "\$TARBALL" "\$TARBALL\.sha256"/);
    assert.match(release.run!, /--notes-file "\$RUNNER_TEMP\/release-notes\.md"/);
    assert.equal(release.env?.TARBALL, tarballFromPack());
    assert.equal(release.env?.GH_TOKEN, '${{ github.token }}');
    assert.ok(at(/sha256sum/) > at(/\bnpm pack\b/) && at(/gh release create/) > at(/sha256sum/));
  });

  void test("its steps, run on a packed tarball, give a checksum file the README's check accepts", (t) => {
    if (spawnSync('sha256sum', ['--version']).status !== 0) return t.skip('no sha256sum on this machine');
    const dir = tempDir('release');
    try {
      const pack = spawnSync('npm', ['pack', '--silent', '--pack-destination', dir], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      assert.equal(pack.status, 0, pack.stderr);
      const tarball = pack.stdout.trim();
      assert.equal(tarball, packedName());
      const sh = (script: string) =>
        spawnSync('bash', ['-euo', 'pipefail', '-c', script], {
          cwd: dir,
          encoding: 'utf8',
          env: cleanEnv({ TARBALL: tarball }),
        });
      const written = sh(step(/sha256sum/).run!);
      assert.equal(written.status, 0, written.stderr);
      const check = freshMachineSection().match(/^sha256sum -c \S+/m);
      assert.ok(check, 'the README shows no sha256sum -c line');
      const checked = sh(check[0]);
      assert.equal(checked.status, 0, checked.stdout + checked.stderr);
      assert.match(checked.stdout, new RegExp(`^${tarball.replace(/\./g, '\\.')}: OK$`, 'm'));
      fs.appendFileSync(path.join(dir, tarball), 'tampered');
      assert.notEqual(sh(check[0]).status, 0, 'a changed tarball passes the check');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  void test("the README's fresh-machine section: a clone first, then the files the release attaches", () => {
    const section = freshMachineSection();
    const tarball = packedName();
    const clone = section.indexOf('\ngit clone ');
    assert.ok(clone >= 0, 'the section does not start from git clone');
    assert.ok(section.indexOf('\nnpm ci ') > clone, 'npm ci does not follow the clone');
    assert.ok(section.indexOf('\nnpm run conformance ') > clone, 'the run command does not follow npm ci');
    assert.ok(section.includes(WORKFLOW), `the section does not name ${WORKFLOW}`);
    for (const shown of [
      `\`${tarball}\``,
      `\`${tarball}.sha256\``,
      `\nsha256sum -c ${tarball}.sha256 `,
      `\nnpm install ./${tarball}\n`,
      `gh release download v${pkg.version} `,
      '`npm pack`',
      '`npm run test:package`',
    ]) {
      assert.ok(section.includes(shown), `the section does not show ${shown.trim()}`);
    }
    const install = section.indexOf(`\nnpm install ./${tarball}`);
    assert.ok(section.indexOf('\nsha256sum -c ') < install, 'the checksum is not checked before the install');
    assert.ok(clone < install, 'the clone does not come first');
    const otherVersions = [...section.matchAll(/[\w-]+-\d+\.\d+\.\d+(?:-[\w.]+)?\.tgz/g)]
      .map((m) => m[0])
      .filter((name) => name !== tarball);
    assert.deepEqual(otherVersions, [], 'tarballs of another version');
  });
});
