/**
 * The run's writes since an earlier read (helpers/data/writes-since.ts): each taken as its answer left it (a
 * write in flight awaited, one refused moving nothing), asked what it may have moved through the dependency
 * map; and the tests that compare a read with an earlier one, run beside the writers, repeatedly, without a
 * false failure.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { writeOf } from '../helpers/contract/write-effects';
import { writesSince } from '../helpers/data/writes-since';
import {
  beginLedgerWrite,
  beginProviderStateWrite,
  judgeConsistency,
} from '../helpers/run/consistency-ledger';
import { holdQuiet } from '../helpers/run/quiet';
import { runPlaywright, tempDir } from './report-support';

const P = 'patent-1';
const E1 = 'event-1';
const E2 = 'event-2';
const patentOf = (e: string) => (e === E1 || e === E2 ? P : undefined);
const instruction = (eventId: string) =>
  writeOf('POST', '/api/v2/external/patent-instructions', { instructions: [{ eventId }] });
const freeze = writeOf('PUT', '/api/v2/external/exchange-rate-freezes/2026-05', undefined);
const target = () => `http://127.0.0.1:1/writes-since-${randomUUID()}`;

void describe('writesSince', () => {
  void it('tells that an instruction of an earlier event moved the instructability of a later one of its patent', async () => {
    const ns = target();
    const since = Date.now();
    beginLedgerWrite(ns, 'POST instruction', instruction(E1))(201);
    const writes = await writesSince(ns, since, patentOf);
    const later = { id: E2, patent: { id: P, providerId: 'ACME-1' } };
    assert.ok(writes.movedEvent(later, 'instructability'));
    assert.ok(!writes.movedEvent(later, 'event-decision'), 'the later event has no decision of it');
    assert.ok(!writes.movedEvent({ id: 'event-9', patent: { id: 'patent-9' } }, 'instructability'));
    assert.deepEqual(writes.movers({ eventId: E2, patentId: P }, 'instructability'), ['POST instruction']);
  });

  void it('knows what a review wrote from the push of its item: a title moves no event', async () => {
    const ns = target();
    const tenant = `${ns}-primary`;
    const since = Date.now();
    const items = [{ servicePatentId: P, title: 'Conformance title' }];
    const batch = {
      object: 'patentSyncBatch',
      importId: 'b-1',
      status: 'TRIAGED',
      results: {
        pagination: { currentPage: 1, itemsPerPage: 10 },
        data: [{ providerId: null, servicePatentId: P, action: 'UPDATE', requestId: 'r-1' }],
      },
    };
    judgeConsistency(
      batch,
      [],
      'POST sync',
      { sentAt: since, answeredAt: since + 1 },
      tenant,
      ns,
      'syncPatents',
      JSON.stringify({ items }),
    );
    beginProviderStateWrite(ns, tenant, 'sync-item-reviewed', {
      importId: 'b-1',
      index: 0,
      decision: 'accept',
    })();
    const writes = await writesSince(ns, since, patentOf);
    assert.ok(writes.movedPatent({ id: P }, 'patent-members'));
    assert.ok(!writes.movedEvent({ id: E1, patent: { id: P } }, 'instructability', 'event-schedule'));
  });

  void it('awaits a write in flight: refused, it moved nothing; executed, it did', async () => {
    for (const [status, moved] of [
      [422, false],
      [201, true],
    ] as const) {
      const ns = target();
      const since = Date.now();
      const end = beginLedgerWrite(ns, 'POST instruction', instruction(E1));
      setTimeout(() => end(status), 100);
      const writes = await writesSince(ns, since, patentOf);
      assert.equal(writes.movedEvent({ id: E1, patent: { id: P } }, 'event-decision'), moved, `${status}`);
    }
  });

  void it('awaits nothing inside a quiet section: the writes of others not answered are unsent', async () => {
    const ns = target();
    const since = Date.now();
    beginLedgerWrite(ns, 'POST instruction', instruction(E1));
    const end = await holdQuiet(ns, ['event-decision']);
    const started = Date.now();
    const writes = await writesSince(ns, since, patentOf);
    end();
    assert.ok(Date.now() - started < 1000);
    assert.ok(writes.movedEvent({ id: E1, patent: { id: P } }, 'event-decision'));
  });

  void it("leaves out of an invoice the lines' frozen flag a freeze since may have moved, and nothing else", async () => {
    const ns = target();
    const since = Date.now();
    beginLedgerWrite(ns, 'PUT freeze', freeze)(200);
    const line = {
      object: 'fees',
      eventId: E1,
      patent: { id: P, providerId: 'ACME-1' },
      currency: 'EUR',
      total: '10.00',
      isFxRateFrozen: false,
    };
    const invoice = { object: 'invoice', id: 'invoice-1', reference: 'R-1', fees: [line] };
    const writes = await writesSince(ns, since, patentOf);
    const { isFxRateFrozen: _flag, ...rest } = line;
    assert.deepEqual(writes.unmoved('Invoice', invoice), { ...invoice, fees: [rest] });
    const none = await writesSince(target(), since, patentOf);
    assert.deepEqual(none.unmoved('Invoice', invoice), invoice);
  });
});

void describe('the tests that set a read against an earlier one', () => {
  void it('run beside the writers, repeatedly, without a false failure', () => {
    const dir = tempDir('writes-since');
    try {
      // A run of its own (CONFORMANCE_RUN_ID emptied: its global setup fixes a new one), on more workers than
      // cores: the freezes, instructions and pushes of the writers overlap the readers' reads.
      const run = runPlaywright(
        dir,
        [
          'specs/freezes.spec.ts',
          'specs/events-per-patent.spec.ts',
          'specs/invoices.spec.ts',
          'specs/period.spec.ts',
          'specs/pagination.spec.ts',
          'specs/sync-outcomes.spec.ts',
          '--grep',
          'FRZ-|EVT-03|INV-022|PER-00|PAG-001|SYNC-04',
          '--repeat-each',
          '2',
          '--workers',
          '6',
        ],
        { CONFORMANCE_RUN_ID: '', CONFORMANCE_REPORTERS: 'dot' },
        1,
      );
      const report = JSON.parse(readFileSync(path.join(dir, 'results.json'), 'utf8')) as {
        stats: { expected: number; unexpected: number; flaky: number; skipped: number };
      };
      assert.equal(report.stats.unexpected + report.stats.flaky, 0, `no test failed:\n${run.stdout}`);
      assert.equal(report.stats.skipped, 0, `no test ended not verified:\n${run.stdout}`);
      assert.ok(report.stats.expected > 60, `the writers and readers ran (${report.stats.expected} passed)`);
      assert.equal(run.status, 0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
