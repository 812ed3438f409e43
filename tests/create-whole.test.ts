/**
 * createWhole (helpers/run/run-folder.ts): the first call creates the file with its whole content, a later call
 * leaves it as it is and says so, and no temporary file stays behind. That no reader sees the file before its
 * content holds by construction (the content is written first, then linked into place, which is atomic); a race
 * between processes is too narrow for a test to provoke at will.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { createWhole } from '../helpers/run/run-folder';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'create-whole-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

void test('the first call creates the file with its content; a later one keeps it and returns false', () => {
  const file = path.join(dir, 'nested', 'owner');
  assert.equal(createWhole(file, 'invoice a'), true);
  assert.equal(createWhole(file, 'invoice b'), false);
  assert.equal(fs.readFileSync(file, 'utf8'), 'invoice a');
  assert.deepEqual(
    fs.readdirSync(path.dirname(file)).filter((n) => n.endsWith('.tmp')),
    [],
    'no temporary file left behind',
  );
});
