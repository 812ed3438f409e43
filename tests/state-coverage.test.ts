/**
 * The state-coverage table (helpers/contract/state-coverage.ts, docs/state-coverage.md): every state value on
 * every operation that shows it, exercised by a complete run, ruled unreachable by a quoted clause, or shown as
 * not verified; the document is current with the table and its record.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import {
  cellKey,
  cells,
  cellsOf,
  stateCoverageMarkdown,
  UNREACHABLE,
} from '../helpers/contract/state-coverage';
import { STATE_CELLS_RECORD, STATE_COVERAGE_DOC } from '../scripts/gen-state-coverage';

const record = () =>
  (JSON.parse(fs.readFileSync(STATE_CELLS_RECORD, 'utf8')) as { cells: Record<string, number> }).cells;

void test('every unreachable cell quotes the contract and names a cell of the table', () => {
  const contract = fs.readFileSync(path.join(__dirname, '..', 'schemas', 'patent-renewal-api-v2.md'), 'utf8');
  const table = new Set(cells().map((c) => cellKey(c.operationId, c.state, c.value)));
  for (const u of UNREACHABLE) {
    assert.ok(contract.includes(u.clause), `not in the contract: ${u.clause}`);
    assert.ok(
      table.has(cellKey(u.operationId, u.state, u.value)),
      `no such cell: ${u.operationId} ${u.state}=${u.value}`,
    );
  }
});

void test('the record names cells of the table only', () => {
  const table = new Set(cells().map((c) => cellKey(c.operationId, c.state, c.value)));
  assert.deepEqual(
    Object.keys(record()).filter((cell) => !table.has(cell)),
    [],
    'cells the table no longer has: run npx tsx scripts/gen-state-coverage.ts',
  );
});

void test('docs/state-coverage.md is up to date: run npx tsx scripts/gen-state-coverage.ts', () => {
  assert.equal(fs.readFileSync(STATE_COVERAGE_DOC, 'utf8'), `${stateCoverageMarkdown(record())}\n`);
});

void test('an answer shows the cells of its resources, a download its availability', () => {
  const event = {
    object: 'patentEvent',
    id: 'e',
    appliedDecision: 'DROP',
    feesStatus: 'LOCKED',
    instructability: { blockedReason: 'ALREADY_INSTRUCTED' },
  };
  const shown = cellsOf('getPatentEvent', 200, event);
  assert.ok(shown.includes(cellKey('getPatentEvent', 'decision applied', 'DROP')));
  assert.ok(shown.includes(cellKey('getPatentEvent', 'blocked reason', 'ALREADY_INSTRUCTED')));
  assert.deepEqual(cellsOf('getPatentEvent', 404, { code: 'not_found' }), []);
  assert.deepEqual(cellsOf('getInvoiceDocument', 404, undefined), [
    cellKey('getInvoiceDocument', 'document', 'missing'),
  ]);
  const batch = {
    object: 'patentSyncBatch',
    status: 'SETTLED',
    results: { data: [{ outcome: 'REJECTED', action: null }] },
  };
  assert.ok(cellsOf('syncPatents', 201, batch).includes(cellKey('syncPatents', 'item outcome', 'REJECTED')));
});
