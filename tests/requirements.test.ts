/**
 * Self-test of the requirement catalogue: ids, shape, and that every clause and section is really in the
 * contract. Run: node --import tsx --test tests/requirements.test.ts
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  CONTRACT_FILE,
  LEVELS,
  loadRequirements,
  requirementById,
  type Requirement,
} from '../schemas/requirements';

const contract = fs.readFileSync(CONTRACT_FILE, 'utf8');
const catalogue = loadRequirements();
const entries = catalogue.requirements;

/** The operations of the contract, in contract order (endpoints 1 to 14, then the three downloads). */
const OPERATION_IDS = [
  'listPatents',
  'getPatent',
  'listPatentEvents',
  'getPatentEvent',
  'getEventFees',
  'listEventsByPeriod',
  'postInstructions',
  'syncPatents',
  'getSyncBatch',
  'listInvoices',
  'getInvoice',
  'listExchangeRateFreezes',
  'putExchangeRateFreeze',
  'getExchangeRateFreeze',
  'getInstructionReceiptDocument',
  'getOfficialReceiptDocument',
  'getInvoiceDocument',
] as const;

const EXPECTED_AREAS: Record<string, string> = {
  conventions: 'CONV',
  auth: 'AUTH',
  scopes: 'SCOPE',
  isolation: 'ISO',
  problems: 'PROB',
  correlation: 'CORR',
  pagination: 'PAG',
  ratelimits: 'RATE',
  documents: 'DOC',
  evolution: 'EVO',
  patents: 'PAT',
  events: 'EVT',
  fees: 'FEE',
  period: 'PER',
  instructions: 'INS',
  sync: 'SYNC',
  invoices: 'INV',
  freezes: 'FRZ',
};

const REQUIRED_STRINGS = ['id', 'area', 'level', 'section', 'clause', 'requirement'] as const;
const KNOWN_KEYS = new Set<string>([
  ...REQUIRED_STRINGS,
  'operations',
  'lenient',
  'notTestedReason',
  'emptiedBy',
  'decidable',
  'retired',
]);

const headings = new Set(
  contract
    .split('\n')
    .map((line) => /^#{1,6}\s+(.+?)\s*$/.exec(line)?.[1])
    .filter((heading): heading is string => heading !== undefined),
);

/** Collects every problem and fails once, so a single run lists all of them. */
function assertNone(problems: string[], what: string): void {
  assert.equal(problems.length, 0, `${problems.length} ${what}:\n  ${problems.join('\n  ')}`);
}

void describe('requirement catalogue', () => {
  void it('names the contract and declares exactly the expected areas and prefixes', () => {
    assert.equal(catalogue.contract, path.basename(CONTRACT_FILE));
    assert.equal(typeof catalogue.version, 'number');
    const declared = Object.fromEntries(catalogue.areas.map((area) => [area.key, area.prefix]));
    assert.deepEqual(declared, EXPECTED_AREAS);
    for (const area of catalogue.areas) assert.ok(area.title.trim(), `area ${area.key} has a title`);
  });

  void it('holds at least 150 entries', () => {
    assert.ok(entries.length >= 150, `expected at least 150 entries, found ${entries.length}`);
  });

  void it('has unique ids of the form AREA-NNN with the prefix of their area', () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const entry of entries) {
      if (seen.has(entry.id)) problems.push(`${entry.id}: duplicate id`);
      seen.add(entry.id);
      if (!/^[A-Z]+-\d{3}$/.test(entry.id)) problems.push(`${entry.id}: not of the form AREA-NNN`);
      const prefix = EXPECTED_AREAS[entry.area];
      if (prefix && !entry.id.startsWith(`${prefix}-`)) {
        problems.push(`${entry.id}: area ${entry.area} needs prefix ${prefix}`);
      }
    }
    assertNone(problems, 'bad ids');
  });

  void it('numbers each area contiguously from 001, so no entry was silently deleted', () => {
    const problems: string[] = [];
    for (const [area, prefix] of Object.entries(EXPECTED_AREAS)) {
      const numbers = entries
        .filter((entry) => entry.area === area)
        .map((entry) => Number(entry.id.slice(prefix.length + 1)))
        .sort((a, b) => a - b);
      if (numbers.length === 0) problems.push(`${prefix}: no entries`);
      numbers.forEach((n, index) => {
        if (n !== index + 1)
          problems.push(`${prefix}: expected ${prefix}-${String(index + 1).padStart(3, '0')}`);
      });
    }
    assertNone(problems, 'numbering gaps');
  });

  void it('has well-formed entries', () => {
    const problems: string[] = [];
    const operations = new Set<string>(OPERATION_IDS);
    for (const entry of entries as (Requirement & Record<string, unknown>)[]) {
      const where = entry.id ?? JSON.stringify(entry).slice(0, 60);
      for (const key of REQUIRED_STRINGS) {
        const value = entry[key];
        if (typeof value !== 'string' || !value.trim())
          problems.push(`${where}: ${key} must be a non-empty string`);
      }
      for (const key of Object.keys(entry)) {
        if (!KNOWN_KEYS.has(key)) problems.push(`${where}: unknown member ${key}`);
      }
      if (!LEVELS.includes(entry.level))
        problems.push(`${where}: level ${String(entry.level)} not in ${LEVELS}`);
      if (!(entry.area in EXPECTED_AREAS)) problems.push(`${where}: unknown area ${String(entry.area)}`);
      if (!Array.isArray(entry.operations) || entry.operations.length === 0) {
        problems.push(`${where}: operations must be a non-empty list`);
      } else {
        const ops: unknown[] = entry.operations;
        if (ops.includes('*') && ops.length > 1) problems.push(`${where}: '*' must stand alone`);
        for (const op of ops) {
          if (op !== '*' && !operations.has(String(op)))
            problems.push(`${where}: unknown operation ${String(op)}`);
        }
        if (new Set(ops).size !== ops.length) problems.push(`${where}: duplicate operations`);
      }
      if (entry.lenient !== undefined && entry.lenient !== true)
        problems.push(`${where}: lenient is only ever true`);
      if (
        entry.decidable !== undefined &&
        (!['answer', 'relation'].includes(String(entry.decidable)) || entry.level === 'MAY')
      )
        problems.push(
          `${where}: decidable is only ever "answer" or "relation", and never on a MAY entry (a freedom)`,
        );
      if (entry.retired !== undefined && entry.retired !== true)
        problems.push(`${where}: retired is only ever true`);
      if (
        entry.notTestedReason !== undefined &&
        (typeof entry.notTestedReason !== 'string' || !entry.notTestedReason.trim())
      ) {
        problems.push(`${where}: notTestedReason must be a non-empty string`);
      }
    }
    assertNone(problems, 'malformed entries');
  });

  void it('quotes every clause verbatim from the contract, within one line', () => {
    const problems: string[] = [];
    for (const entry of entries) {
      if (!contract.includes(entry.clause)) problems.push(`${entry.id}: ${JSON.stringify(entry.clause)}`);
      else if (entry.clause.includes('\n')) problems.push(`${entry.id}: clause spans lines`);
      else if (entry.clause.includes('|')) problems.push(`${entry.id}: clause spans table cells`);
    }
    assertNone(problems, 'clauses not found in the contract');
  });

  void it('places every entry under a heading of the contract', () => {
    const problems = entries
      .filter((entry) => !headings.has(entry.section))
      .map((entry) => `${entry.id}: ${JSON.stringify(entry.section)}`);
    assertNone(problems, 'sections that are not contract headings');
  });

  void it('finds entries by id', () => {
    const first = entries[0];
    assert.ok(first, 'the catalogue is not empty');
    assert.equal(requirementById(first.id), first);
    assert.equal(requirementById('NOPE-000'), undefined);
    assert.equal(loadRequirements(), catalogue, 'the catalogue is parsed once and cached');
  });
});
