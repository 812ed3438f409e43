/**
 * `--version` of the command: what a certification was made against, one `name value` line each, read from
 * the sources (package.json, `info.version` of schemas/openapi.yaml, `version` of schemas/requirements.yaml).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { cleanEnv, ROOT } from './report-support';

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as { version: string };

void describe('--version', () => {
  void test('one "name value" line each: suite (package.json), contract (openapi.yaml), catalogue', () => {
    const expected = [
      `suite ${pkg.version}`,
      `contract ${(parse(read('schemas/openapi.yaml')) as { info: { version: string } }).info.version}`,
      `requirement-catalogue ${(parse(read('schemas/requirements.yaml')) as { version: number }).version}`,
    ].join('\n');
    for (const flag of ['--version', '-v']) {
      const shown = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'conformance.cjs'), flag], {
        cwd: ROOT,
        encoding: 'utf8',
        env: cleanEnv(),
      });
      assert.equal(shown.status, 0, shown.stderr);
      assert.equal(shown.stdout, `${expected}\n`, flag);
    }
  });
  void test('the catalogue version is a whole number, documented in the catalogue', () => {
    const version = (parse(read('schemas/requirements.yaml')) as { version: unknown }).version;
    assert.ok(Number.isInteger(version) && (version as number) > 0);
    assert.match(read('schemas/requirements.yaml'), /^# version: the catalogue's version/m);
  });
});
