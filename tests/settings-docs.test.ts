/**
 * .env.example and the README's settings table are generated from helpers/settings.ts and kept current.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { envExample, readmeWithTable } from '../scripts/gen-env-example';

const ROOT = path.join(__dirname, '..');

void test('.env.example lists every declared setting (npm run gen:env)', () => {
  assert.equal(fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8'), envExample());
});

void test("the README's settings table lists every declared setting (npm run gen:env)", () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  assert.equal(readme, readmeWithTable(readme));
});
