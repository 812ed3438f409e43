/**
 * No silent pass (CONTRIBUTING, "A pass is earned"): the static audit of specs/ finds no decisive assertion behind a branch that may
 * not be taken or a loop over a list not shown to be non-empty, and it does find such places when they exist.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { auditFile, auditSpecs } from '../scripts/silent-pass-audit';

void test('no spec asserts only behind a branch or a loop that may not run', () => {
  assert.deepEqual(
    auditSpecs().map((f) => `${f.file}:${f.line} ${f.kind}: ${f.text}`),
    [],
  );
});

const SAMPLE = `
import { expect, test } from '../helpers/spec/fixtures';
import { nonEmpty, notVerified } from '../helpers/data/verified';
const CASES = [1, 2];
test('[X-001] sample', async ({ api }) => {
  const items = await api.items();
  for (const item of items) expect(item).toBeDefined();            // finding: loop
  if (items.length > 2) expect(items[0]).toBe(1);                 // finding: branch
  items.length > 3 && expect(items[1]).toBe(2);                    // finding: branch
  items.forEach((item) => expect(item).toBe(1));                  // finding: loop
  for (const item of nonEmpty(items, 'data', 'items')) expect(item).toBe(1);
  for (const c of CASES) expect(c).toBeGreaterThan(0);
  if (items.length > 4) expect(items[2]).toBe(3);
  else notVerified('data', 'fewer than five items');
  // conditional by the contract: only INVOICED fees carry an invoiceId
  if (items.length > 5) expect(items[3]).toBe(4);
});
`;

void test('the audit finds loops and branches that may never assert, and accepts the honest forms', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'silent-pass-'));
  const file = path.join(dir, 'sample.spec.ts');
  fs.writeFileSync(file, SAMPLE);
  try {
    const found = auditFile(file).map((f) => `${f.line} ${f.kind}`);
    assert.deepEqual(found, ['7 loop', '8 branch', '9 branch', '10 loop']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
