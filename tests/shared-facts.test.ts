/**
 * Every member two resources state about one thing has a judge or a ruling (helpers/contract/shared-facts.ts):
 * the pairs are derived from the document, so a member added to two resources fails here until it is ruled.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { FACT_KEYS } from '../helpers/contract/consistency';
import { derivedPairs, pairKey, SHARED_FACTS } from '../helpers/contract/shared-facts';
import { RELATION_BY_ID } from '../helpers/rules/relations';
import { INVARIANTS } from '../helpers/rules/registry';
import { requirementById } from '../schemas/requirements';
import { SHARED_FACTS_DOC, sharedFactsPage } from '../scripts/gen-shared-facts';

const ROOT = path.join(__dirname, '..');
const FIXED_FACT_REQUIREMENTS = ['FEE-012', 'FEE-014', 'INV-006'];

void test('every shared member derived from the document has exactly one row, and every row a derived pair', () => {
  const derived = derivedPairs().map(pairKey);
  const rows = SHARED_FACTS.map(pairKey);
  assert.deepEqual(
    derived.filter((k) => !rows.includes(k)),
    [],
    'shared members with neither a judge nor a ruling',
  );
  assert.deepEqual(
    rows.filter((k) => !derived.includes(k)),
    [],
    'rows of no shared member',
  );
  assert.deepEqual(
    rows.filter((k, i) => rows.indexOf(k) !== i),
    [],
    'rows given twice',
  );
});

void test('every row has judges or a ruling, not both, and every judge exists', () => {
  const invariantIds = new Set(INVARIANTS.map((i) => i.id));
  const specs = fs
    .readdirSync(path.join(ROOT, 'specs'))
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => fs.readFileSync(path.join(ROOT, 'specs', f), 'utf8'))
    .join('\n');
  const cited = (id: string) => new RegExp(`\\[[A-Z0-9, -]*\\b${id}\\b[A-Z0-9, -]*\\]`).test(specs);
  for (const row of SHARED_FACTS) {
    const where = pairKey(row);
    assert.ok(
      (row.judgedBy !== undefined && row.judgedBy.length > 0) !== (row.ruling !== undefined),
      `${where}: judges or a ruling`,
    );
    for (const judge of row.judgedBy ?? []) {
      if ('relation' in judge)
        assert.ok(RELATION_BY_ID.has(judge.relation), `${where}: no relation ${judge.relation}`);
      else if ('invariant' in judge)
        assert.ok(invariantIds.has(judge.invariant), `${where}: no rule ${judge.invariant} in the registry`);
      else if ('ledgerFact' in judge)
        assert.ok(
          judge.ledgerFact in FACT_KEYS || FIXED_FACT_REQUIREMENTS.includes(judge.ledgerFact),
          `${where}: no ledger fact ${judge.ledgerFact}`,
        );
      else {
        assert.ok(requirementById(judge.test) !== undefined, `${where}: no requirement ${judge.test}`);
        assert.ok(cited(judge.test), `${where}: no spec test cites ${judge.test}`);
      }
    }
  }
});

void test('every ruling quotes the contract', () => {
  const contract = fs.readFileSync(path.join(ROOT, 'schemas', 'patent-renewal-api-v2.md'), 'utf8');
  assert.deepEqual(
    SHARED_FACTS.filter((r) => r.ruling && !contract.includes(r.ruling.clause)).map(pairKey),
    [],
  );
});

void test('docs/shared-facts.md is current', () => {
  assert.equal(
    fs.readFileSync(SHARED_FACTS_DOC, 'utf8'),
    sharedFactsPage(),
    'run npx tsx scripts/gen-shared-facts.ts',
  );
});
