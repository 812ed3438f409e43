/**
 * The consistency ledger (helpers/contract/consistency.ts, helpers/run/consistency-ledger.ts) compares every
 * fact of every answer of the run with its latest sighting, on any route, in any worker: a difference that
 * no write and no date change explains fails the test that received the later answer, whichever it is. The
 * tests here read one resource on each route that shows it and make sure the ledger compared the sightings;
 * a comparison that did not happen is "not verified". Their reads run where writes are allowed: the
 * read-only run has no request to spare (its budget), and every other test's reads feed the ledger there.
 * Contract: What the service does (the client pushes its portfolio); Patent events (the by-period list);
 * Invoice (createdAt, the reliable bound for incremental sync; "when the invoice was recorded"); Patent sync
 * batch ("counted at triage, does not decrease when decisions are made").
 */
import {
  comparisonsOf,
  describeRequires,
  expect,
  FACT_KEYS,
  pause,
  renewals,
  test,
  titled,
  verifiedOnlyIf,
} from '../helpers/test';

/** Runs the reads and says how many comparisons of the fact they added. */
async function comparedDuring(key: string, reads: () => Promise<unknown>): Promise<number> {
  const before = comparisonsOf(key);
  await reads();
  return comparisonsOf(key) - before;
}

test.describe('consistency ledger', () => {
  describeRequires('ALLOW_WRITES');

  test(
    ...titled('[PAT-024] a patent shows the same client data on its list item and on its single read'),
    async ({ api, portfolio }) => {
      const patent = await portfolio.patent(
        (p) => typeof p.providerId === 'string' && !portfolio.isClaimed(p.id),
        'with a providerId that no test has claimed',
      );
      const compared = await comparedDuring(FACT_KEYS.patent(patent.id), async () => {
        const [single, list] = await Promise.all([
          api.call('getPatent', { path: { patentId: patent.id } }),
          api.call('listPatents', { query: { providerId: patent.providerId! } }),
        ]);
        expect(single).toHaveStatus(200);
        expect(list).toHaveStatus(200);
      });
      verifiedOnlyIf(compared > 0, 'data', `the ledger compared no second sighting of patent ${patent.id}`);
    },
  );

  test(
    ...titled(
      "[EVT-034] an event shows the same schedule and decision on its patent's list, its single read and the by-period list",
    ),
    async ({ api, portfolio }) => {
      const event = await portfolio.event(
        (e) => renewals([e]).length === 1 && !portfolio.isClaimed(e.patent.id),
        'of a patent that no test has claimed',
      );
      const compared = await comparedDuring(FACT_KEYS.eventSchedule(event.id), async () => {
        const patentId = event.patent.id;
        const [list, single, period] = await Promise.all([
          api.call('listPatentEvents', { path: { patentId }, query: { itemsPerPage: 100 } }),
          api.call('getPatentEvent', { path: { patentId, eventId: event.id } }),
          api.call('listEventsByPeriod', {
            query: { dueFrom: event.dueDate, dueTo: event.dueDate, itemsPerPage: 100 },
          }),
        ]);
        expect(list).toHaveStatus(200);
        expect(single).toHaveStatus(200);
        expect(period).toHaveStatus(200);
      });
      verifiedOnlyIf(
        compared >= 2,
        'data',
        `the ledger compared fewer than three sightings of event ${event.id}`,
      );
    },
  );

  test(
    ...titled("[FRZ-016] an event's isFxRateFrozen is the same on its single read and its patent's list"),
    async ({ api, portfolio }) => {
      const event = await portfolio.event(
        (e) => renewals([e]).length === 1 && !portfolio.isClaimed(e.patent.id),
        'of a patent that no test has claimed',
      );
      const patentId = event.patent.id;
      const compared = await comparedDuring(FACT_KEYS.frozenRate('event', event.id), async () => {
        const [single, list] = await Promise.all([
          api.call('getPatentEvent', { path: { patentId, eventId: event.id } }),
          api.call('listPatentEvents', { path: { patentId }, query: { itemsPerPage: 100 } }),
        ]);
        expect(single).toHaveStatus(200);
        expect(list).toHaveStatus(200);
      });
      verifiedOnlyIf(compared > 0, 'data', `the ledger compared no second sighting of event ${event.id}`);
    },
  );

  test(
    ...titled("[INV-024] an invoice's createdAt is the same on its list item and on its single read"),
    async ({ api }) => {
      const list = await api.call('listInvoices', { query: { itemsPerPage: 1 } });
      expect(list).toHaveStatus(200);
      const invoice = list.json<{ data: { id: string }[] }>().data[0];
      verifiedOnlyIf(invoice !== undefined, 'data', 'the primary tenant (API_KEY) has no invoice');
      const compared = await comparedDuring(FACT_KEYS.invoiceCreatedAt(invoice.id), async () => {
        const single = await api.call('getInvoice', { path: { invoiceId: invoice.id } });
        expect(single).toHaveStatus(200);
      });
      verifiedOnlyIf(compared > 0, 'data', `the ledger compared no second sighting of invoice ${invoice.id}`);
    },
  );

  test(
    ...titled('[INV-026] an invoice shows the same record on its list item and on its single read'),
    async ({ api, invoiceSnapshot }) => {
      const invoice = (await invoiceSnapshot(api))[0];
      verifiedOnlyIf(invoice !== undefined, 'data', 'the primary tenant (API_KEY) has no invoice');
      const compared = await comparedDuring(FACT_KEYS.invoiceRecord(invoice.id), async () => {
        const single = await api.call('getInvoice', { path: { invoiceId: invoice.id } });
        expect(single).toHaveStatus(200);
      });
      verifiedOnlyIf(compared > 0, 'data', `the ledger compared no second sighting of invoice ${invoice.id}`);
    },
  );

  test(
    ...titled('[SYNC-055] a batch shows the same record on its POST answer and on its status reads'),
    async ({ api, rejectedSyncBatch }) => {
      const { importId, postedAt, timestampStepMs } = await rejectedSyncBatch(api);
      // A timestamp moved by a read shows only once its finest step has passed since the POST: a second for
      // whole seconds (with a margin), a millisecond or two for milliseconds.
      await pause(postedAt + timestampStepMs * 1.1 + 1 - Date.now());
      const compared = await comparedDuring(FACT_KEYS.batch(importId), async () => {
        const page = (currentPage: number) =>
          api.call('getSyncBatch', { path: { importId }, query: { currentPage, itemsPerPage: 10 } });
        const [first, second] = await Promise.all([page(1), page(2)]);
        expect(first).toHaveStatus(200);
        expect(second).toHaveStatus(200);
      });
      verifiedOnlyIf(compared > 0, 'data', `the ledger compared no second sighting of batch ${importId}`);
    },
  );
});
