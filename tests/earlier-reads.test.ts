/**
 * The audit of earlier reads (helpers/contract/earlier-reads.ts) is complete: every test of specs/ has exactly
 * one ruling and every ruling one test; a test whose source reaches an earlier read or the journal is ruled as
 * doing so; a ruling says how it is carried out and the test's source does it; every run-wide comparison (each
 * fact of the consistency ledger, each relation, each fixed fact, each value unique in a tenant) has its ruling,
 * which agrees with what the fact depends on.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RUN_WIDE_READINGS, TEST_READINGS, type TestReading } from '../helpers/contract/earlier-reads';
import { FACT_KEYS, sightingsOf } from '../helpers/contract/consistency';
import { fixedFactsOf } from '../helpers/contract/fixed-facts';
import { RELATIONS } from '../helpers/rules/relations';
import { UNIQUE_VALUE_KINDS } from '../helpers/rules/registry';
import { specTests, type SpecTest } from '../scripts/earlier-reads';

const tests = specTests();
const where = (t: SpecTest) => `${t.file}:${t.line} ${t.title.slice(0, 90)}`;
const rulingOf = (t: SpecTest): TestReading[] =>
  TEST_READINGS.filter((r) => r.file === t.file && t.title.includes(r.title));

void describe('the tests of specs/', () => {
  void it('are found, each with its title', () => {
    assert.ok(tests.length > 250, `only ${tests.length} tests found: the scan misses the calls`);
    assert.ok(tests.every((t) => t.title.length > 0));
  });

  void it('each have exactly one ruling, and each ruling finds exactly one test', () => {
    assert.deepEqual(
      tests.filter((t) => rulingOf(t).length !== 1).map((t) => `${where(t)}: ${rulingOf(t).length} rulings`),
      [],
      'rule each in TEST_READINGS (helpers/contract/earlier-reads.ts)',
    );
    const found = (r: TestReading) => tests.filter((t) => t.file === r.file && t.title.includes(r.title));
    assert.deepEqual(
      TEST_READINGS.filter((r) => found(r).length !== 1).map(
        (r) => `${r.file} "${r.title}": ${found(r).length}`,
      ),
      [],
    );
  });

  void it('that reach the journal or the quiet gate are ruled as comparisons carried out so', () => {
    const wrong = tests.flatMap((t) => {
      const [reading] = rulingOf(t);
      if (!reading) return [];
      const problems: string[] = [];
      if (t.reaches.includes('alone') && reading.ruling !== 'serial')
        problems.push('reads alone, not ruled serial');
      if (reading.ruling === 'serial' && !t.reaches.includes('alone'))
        problems.push('ruled serial, reads no section alone');
      if (
        t.reaches.includes('journal') &&
        !t.reaches.includes('alone') &&
        reading.ruling !== 'read + known writes'
      )
        problems.push('asks the journal, not ruled read + known writes');
      if (
        reading.ruling === 'no comparison' &&
        (t.reaches.includes('journal') || t.reaches.includes('alone'))
      )
        problems.push('ruled no comparison, yet compares');
      return problems.map((p) => `${where(t)}: ${p}`);
    });
    assert.deepEqual(wrong, []);
  });

  void it('ruled read + known writes or serial say how, and their source does it', () => {
    const needs: Record<string, (t: SpecTest) => boolean> = {
      journal: (t) => t.reaches.includes('journal'),
      'own writes': (t) => t.reaches.includes('claim'),
      ledger: (t) => t.reaches.includes('ledger'),
      'quiet gate': (t) => t.reaches.includes('alone'),
    };
    const wrong = tests.flatMap((t) => {
      const [reading] = rulingOf(t);
      if (!reading || reading.ruling === 'no comparison' || reading.ruling === 'data no test writes')
        return [];
      if (reading.by === undefined) return [`${where(t)}: ruled ${reading.ruling} without saying how`];
      return needs[reading.by]!(t)
        ? []
        : [`${where(t)}: ruled by ${reading.by}, which its source does not reach`];
    });
    assert.deepEqual(wrong, []);
  });

  void it('each ruling says briefly what it rests on', () => {
    assert.deepEqual(
      TEST_READINGS.filter((r) => r.how.trim().length < 20).map((r) => `${r.file} "${r.title}"`),
      [],
    );
  });
});

void describe('the run-wide comparisons', () => {
  const P = '11111111-1111-4111-8111-111111111111';
  const E = '22222222-2222-4222-8222-222222222222';
  const I = '44444444-4444-4444-8444-444444444444';
  const B = '55555555-5555-4555-8555-555555555555';
  const fees = (over: Record<string, unknown>) => ({
    object: 'fees',
    eventId: E,
    patent: { id: P, providerId: 'ACME-1' },
    currency: 'EUR',
    total: '10.00',
    components: [{ type: 'OFFICE', amount: '10.00' }],
    isFxRateFrozen: false,
    invoiceId: null,
    feesStatus: 'LOCKED',
    ...over,
  });
  // One answer of each kind whose facts the ledger records.
  const bodies: unknown[] = [
    { object: 'patent', id: P, providerId: 'ACME-1', title: 'x' },
    {
      object: 'patentEvent',
      id: E,
      patent: { id: P, providerId: 'ACME-1' },
      eventType: 'RENEWAL',
      dueDate: '2026-05-01',
      isFxRateFrozen: false,
      instructability: {
        isAllowed: true,
        allowedDecisions: [],
        blockedReason: null,
        opensAt: null,
        mode: 'DIRECT',
      },
    },
    fees({}),
    {
      object: 'invoice',
      id: I,
      reference: 'INV-1',
      createdAt: '2026-01-01T00:00:00Z',
      fees: [fees({ feesStatus: 'INVOICED', invoiceId: I })],
    },
    {
      object: 'patentSyncBatch',
      importId: B,
      status: 'SETTLED',
      results: {
        pagination: { currentPage: 1, itemsPerPage: 10 },
        data: [{ providerId: 'x', action: 'CREATE' }],
      },
    },
  ];
  const freezeList = { data: [], pagination: { currentPage: 1, totalItems: 0 } };
  const sightings = [
    ...bodies.flatMap((b) => sightingsOf(b)),
    ...sightingsOf(freezeList, [], 'listExchangeRateFreezes'),
  ];
  // The keys each fact of the ledger takes for the answers above.
  const keysOf: Record<keyof typeof FACT_KEYS, string[]> = {
    patent: [FACT_KEYS.patent(P)],
    providerId: [FACT_KEYS.providerId(P)],
    eventSchedule: [FACT_KEYS.eventSchedule(E)],
    instructability: [FACT_KEYS.instructability(E)],
    patentOfEvent: [FACT_KEYS.patentOfEvent(E)],
    invoiceCreatedAt: [FACT_KEYS.invoiceCreatedAt(I)],
    invoiceRecord: [FACT_KEYS.invoiceRecord(I)],
    batch: [FACT_KEYS.batch(B)],
    frozenMonths: [FACT_KEYS.frozenMonths()],
    frozenRate: [FACT_KEYS.frozenRate('event', E), FACT_KEYS.frozenRate('fees', E)],
  };
  const keyName = (key: string) =>
    (Object.keys(keysOf) as (keyof typeof FACT_KEYS)[]).find((name) =>
      keysOf[name].some((k) => key === k || key.startsWith(`${k}:`)),
    );

  void it('each fact of the consistency ledger is ruled, as what it depends on says', () => {
    const ruled = new Map(
      RUN_WIDE_READINGS.filter((r) => r.judge === 'consistency ledger').map((r) => [r.id, r]),
    );
    for (const name of Object.keys(FACT_KEYS))
      assert.ok(ruled.has(name), `no ruling of the ledger's fact ${name}`);
    for (const name of ruled.keys()) assert.ok(name in FACT_KEYS, `${name} is no fact of the ledger`);
    const named = sightings.flatMap((s) => {
      const name = keyName(s.key);
      return name === undefined ? [] : [{ sighting: s, name }];
    });
    assert.deepEqual(
      [...new Set(named.map((n) => n.name))].sort(),
      Object.keys(FACT_KEYS).sort(),
      'the answers above show every fact of the ledger',
    );
    for (const { sighting, name } of named) {
      const moved = sighting.causes.some((cause) => cause !== 'date');
      assert.equal(
        ruled.get(name)!.ruling,
        moved ? 'read + known writes' : 'data no test writes',
        `${sighting.key}: depends on ${sighting.causes.join(', ') || 'nothing a write moves'}`,
      );
    }
  });

  void it('each fixed fact, relation and value unique in a tenant is ruled', () => {
    const ids = (judge: string) =>
      new Set(RUN_WIDE_READINGS.filter((r) => r.judge === judge).map((r) => r.id));
    const fixed = new Set(bodies.flatMap((b) => fixedFactsOf(b)).map((f) => f.key.split(':')[0]!));
    assert.deepEqual([...fixed].sort(), [...ids('fact ledger')].sort());
    for (const relation of RELATIONS) {
      const reading = RUN_WIDE_READINGS.find((r) => r.judge === 'relation' && r.id === relation.id);
      assert.ok(reading, `no ruling of relation ${relation.id}`);
      if (relation.movedBy.length > 0) assert.equal(reading.ruling, 'read + known writes', relation.id);
    }
    assert.equal(ids('relation').size, RELATIONS.length);
    assert.deepEqual([...ids('value unique in a tenant')].sort(), Object.keys(UNIQUE_VALUE_KINDS).sort());
  });
});
