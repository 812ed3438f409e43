/**
 * The dependency map (helpers/contract/write-effects.ts): every row quotes the contract, and each kind of write
 * moves what the contract makes depend on it, as far as it reaches, and nothing else.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  ALL_ASPECTS,
  answered,
  aspectsMovedBy,
  mayMove,
  MOVES_NOTHING,
  providerStateWrite,
  WRITE_EFFECTS,
  writeOf,
} from '../helpers/contract/write-effects';

const contract = fs
  .readFileSync(path.join(__dirname, '..', 'schemas', 'patent-renewal-api-v2.md'), 'utf8')
  .replace(/\s+/g, ' ');

const P = 'patent-1';
const E1 = 'event-1';
const E2 = 'event-2';
const seen = (e: string) => (e === E1 || e === E2 ? P : e === 'event-x' ? 'patent-x' : undefined);
const instruction = (...eventIds: string[]) =>
  writeOf('POST', '/api/v2/external/patent-instructions', {
    instructions: eventIds.map((eventId) => ({ eventId, decision: 'SKIP_THIS_TIME' })),
  });

void describe('the rows', () => {
  void it("quote the contract's words", () => {
    const missing = WRITE_EFFECTS.filter((e) => !contract.includes(e.clause.replace(/\s+/g, ' ')));
    assert.deepEqual(
      missing.map((e) => `${e.write} ${e.moves}: ${e.clause}`),
      [],
    );
  });

  void it('say each thing once', () => {
    const keys = WRITE_EFFECTS.map((e) => `${e.write} ${e.moves}`);
    assert.equal(new Set(keys).size, keys.length);
  });

  void it('leave no aspect that no write moves', () => {
    const moved = new Set(WRITE_EFFECTS.map((e) => e.moves));
    assert.deepEqual(
      ALL_ASPECTS.filter((a) => !moved.has(a)),
      [],
    );
  });
});

void describe('an instruction', () => {
  const written = instruction(E1);

  void it("moves its event's decision, fees and documents, not another event's", () => {
    for (const aspect of ['event-decision', 'fees-status', 'fees-amounts', 'documents'] as const) {
      assert.ok(mayMove(written, aspect, { patentId: P, eventId: E1 }, seen), aspect);
      assert.ok(!mayMove(written, aspect, { patentId: P, eventId: E2 }, seen), aspect);
    }
  });

  void it('moves the instructability of every event of its patent, and of any event when its patent was never seen', () => {
    assert.ok(mayMove(written, 'instructability', { patentId: P, eventId: E2 }, seen));
    assert.ok(!mayMove(written, 'instructability', { patentId: 'patent-x', eventId: 'event-x' }, seen));
    assert.ok(mayMove(instruction('unseen'), 'instructability', { patentId: 'patent-x' }, seen));
  });

  void it('may move its patent on (a DROP lapsing it), not another patent', () => {
    assert.ok(mayMove(written, 'patent-members', { patentId: P }, seen));
    assert.ok(!mayMove(written, 'patent-members', { patentId: 'patent-x' }, seen));
  });

  void it('moves no schedule, no frozen month, no invoice', () => {
    for (const aspect of ['event-schedule', 'frozen-months', 'invoice-set'] as const)
      assert.ok(!mayMove(written, aspect, { patentId: P, eventId: E1 }, seen), aspect);
  });
});

void describe('a sync push', () => {
  const written = writeOf('POST', '/api/v2/external/patents/sync', {
    items: [
      { servicePatentId: P, applicationDate: '2020-01-01' },
      { providerId: 'ACME-9', office: 'EP' },
    ],
  });

  void it('moves the members and the events of the patents it names, by servicePatentId or providerId', () => {
    assert.ok(mayMove(written, 'patent-members', { patentId: P }, seen));
    assert.ok(
      mayMove(written, 'event-schedule', { patentId: 'x', providerId: 'ACME-9', eventId: 'e' }, seen),
    );
    assert.ok(mayMove(written, 'instructability', { patentId: P, eventId: E2 }, seen));
    assert.ok(!mayMove(written, 'patent-members', { patentId: 'x', providerId: 'ACME-1' }, seen));
  });

  void it('moves no schedule, estimate or instructability when its items carried only references and names', () => {
    const titled = writeOf('POST', '/api/v2/external/patents/sync', {
      items: [
        { providerId: 'ACME-9', title: 'x', clientCaseReference: 'C-1', publicationDate: '2020-01-01' },
      ],
    });
    const subject = { patentId: 'x', providerId: 'ACME-9', eventId: 'e' };
    assert.deepEqual(titled.members?.sort(), ['clientCaseReference', 'publicationDate', 'title']);
    assert.ok(mayMove(titled, 'patent-members', subject, seen));
    assert.ok(mayMove(titled, 'freeze-rows', subject, seen), 'a freeze row shows the case reference');
    for (const aspect of ['event-schedule', 'instructability', 'frozen-rate', 'fees-amounts'] as const)
      assert.ok(!mayMove(titled, aspect, subject, seen), aspect);
    const claims = writeOf('POST', '/api/v2/external/patents/sync', {
      items: [{ servicePatentId: P, claimCount: 7 }],
    });
    assert.ok(mayMove(claims, 'fees-amounts', { patentId: P }, seen), 'claims price a renewal');
    assert.ok(!mayMove(claims, 'event-schedule', { patentId: P }, seen));
    const dated = writeOf('POST', '/api/v2/external/patents/sync', {
      items: [{ servicePatentId: P, grantDate: '2020-01-01' }],
    });
    assert.ok(mayMove(dated, 'event-schedule', { patentId: P }, seen));
    const renamed = writeOf('POST', '/api/v2/external/patents/sync', {
      items: [{ servicePatentId: P, providerId: 'NEW-1' }],
    });
    assert.deepEqual(renamed.members, ['providerId']);
  });

  void it('adds no patent until a review accepts a create', () => {
    assert.ok(!mayMove(written, 'patent-set', {}, seen));
    const accept = { importId: 'b', index: 0, decision: 'accept' };
    const review = providerStateWrite('sync-item-reviewed', accept, () => ({ providerId: 'ACME-7' }));
    assert.ok(mayMove(review, 'patent-set', {}, seen));
    assert.ok(mayMove(review, 'patent-members', { patentId: 'y', providerId: 'ACME-7' }, seen));
    assert.ok(!mayMove(review, 'patent-members', { patentId: 'y', providerId: 'ACME-1' }, seen));
    // An item naming its patent by servicePatentId only.
    const byId = providerStateWrite('sync-item-reviewed', accept, () => ({ patentId: P, providerId: null }));
    assert.ok(mayMove(byId, 'event-schedule', { patentId: P, eventId: E1 }, seen));
    // A review whose item the run saw writes what the item carried.
    const titled = providerStateWrite('sync-item-reviewed', accept, () => ({
      patentId: P,
      members: ['title'],
    }));
    assert.ok(mayMove(titled, 'patent-members', { patentId: P }, seen));
    assert.ok(!mayMove(titled, 'event-schedule', { patentId: P, eventId: E1 }, seen));
    // A refusal moves nothing.
    const refused = providerStateWrite(
      'sync-item-reviewed',
      { ...accept, decision: 'refuse' },
      () => undefined,
    );
    for (const aspect of ALL_ASPECTS) assert.ok(!mayMove(refused, aspect, { patentId: P }, seen), aspect);
  });
});

void describe('a freeze PUT', () => {
  const written = writeOf('PUT', '/api/v2/external/exchange-rate-freezes/2026-01', undefined);

  void it('moves the frozen flag of any fees, invoice lines included, the freeze list and estimates', () => {
    for (const aspect of ['frozen-rate', 'frozen-months', 'freeze-rows', 'fees-amounts'] as const)
      assert.ok(mayMove(written, aspect, { patentId: 'any', eventId: 'any' }, seen), aspect);
    assert.ok(mayMove(written, 'frozen-months', {}, seen));
  });

  void it('moves no decision, no instructability, no schedule, no fees status, no invoice', () => {
    for (const aspect of [
      'event-decision',
      'instructability',
      'event-schedule',
      'fees-status',
      'fees-shape',
      'invoice-set',
    ] as const)
      assert.ok(!mayMove(written, aspect, { patentId: P, eventId: E1 }, seen), aspect);
  });
});

void describe('back-office states', () => {
  const none = () => undefined;

  void it('act on their event, invoicing adding an invoice', () => {
    const invoiced = providerStateWrite('event-invoiced', { eventId: E1 }, none);
    assert.deepEqual(invoiced.eventIds, [E1]);
    assert.ok(mayMove(invoiced, 'fees-status', { eventId: E1 }, seen));
    assert.ok(mayMove(invoiced, 'invoice-set', {}, seen));
    assert.ok(!mayMove(invoiced, 'fees-status', { eventId: E2 }, seen));
    const revised = providerStateWrite('office-fee-revised', { eventId: E1 }, none);
    assert.deepEqual(aspectsMovedBy(revised.kind).sort(), ['fees-amounts', 'freeze-rows']);
  });

  void it('move nothing when they only make requests fail, everything when their subject is unknown', () => {
    assert.deepEqual(aspectsMovedBy(providerStateWrite('fail-next-requests', { count: 1 }, none).kind), []);
    const unknown = providerStateWrite('some-new-state', {}, none);
    assert.equal(unknown.kind, 'other');
    for (const aspect of ALL_ASPECTS) assert.ok(mayMove(unknown, aspect, {}, seen), aspect);
    const accept = { importId: 'b', index: 0, decision: 'accept' };
    assert.equal(providerStateWrite('sync-item-reviewed', accept, none).kind, 'other');
  });
});

void describe('an answered write', () => {
  void it('moved nothing when refused (4xx); a 5xx or a write without answer keeps what it is', () => {
    const written = instruction(E1);
    assert.deepEqual(answered(written, 422), MOVES_NOTHING);
    assert.deepEqual(answered(written, 409), MOVES_NOTHING);
    for (const aspect of ALL_ASPECTS) assert.ok(!mayMove(MOVES_NOTHING, aspect, {}, seen), aspect);
    assert.deepEqual(answered(written, 500), written);
    assert.deepEqual(answered(written, undefined), written);
    assert.deepEqual(answered(written, 201), written);
  });

  void it('of a method or route the map does not know moves everything', () => {
    const other = writeOf('DELETE', '/api/v2/external/patents/x', undefined);
    for (const aspect of ALL_ASPECTS) assert.ok(mayMove(other, aspect, {}, seen), aspect);
  });
});
