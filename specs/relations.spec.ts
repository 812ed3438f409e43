/**
 * Relations: what two sources state about one thing (helpers/rules/relations.ts), judged by the run-wide
 * ledger on every pair of sightings, whichever tests read the two sides. Each test here reads both sides of
 * one relation and earns its pass when its own reads completed a pair: the rule itself is stated once, in
 * the row. Contract: Fees status of an event; Fees (INVOICED, regularizedInvoiceId); Document downloads
 * ("404 until"); Events ("Executing a PROCEED locks its fees"); Patent events (the by-period list, its include=fees).
 * The tests run where writes are allowed: the read-only run has no request to spare.
 */
import {
  describeRequires,
  expect,
  expectJudgedDuring,
  instructableFirst,
  invoicedEventPerKind,
  isRenewal,
  nonEmpty,
  postInstructions,
  test,
  titled,
} from '../helpers/test';
import type { Fees, Invoice, PatentEvent } from '../schemas/types';

test.describe('relations', () => {
  // The read-only run has no request to spare (its budget): there, the other tests' reads feed the relations.
  describeRequires('ALLOW_WRITES');

  test(
    ...titled('[FEE-018] the invoice that INVOICED fees name has a line for their event'),
    async ({ api, portfolio, invoiceSnapshot }) => {
      await expectJudgedDuring(
        'FEE-018',
        api.baseUrl,
        'invoiced events of each kind of invoice: their fees, then the invoice they name',
        async () => {
          for (const { kind, event } of nonEmpty(
            await invoicedEventPerKind(portfolio, await invoiceSnapshot(api)),
            'data',
            'invoiced event',
          )) {
            const path = { patentId: event.patent.id, eventId: event.id };
            const fees = await api.call('getEventFees', { path });
            expect(fees).toHaveStatus(200);
            const { invoiceId, feesStatus } = fees.json<Fees>();
            // No longer INVOICED (a run's write): no pair for this event.
            if (feesStatus !== 'INVOICED' || !invoiceId)
              test.info().annotations.push({
                type: 'not judged',
                description: `event ${event.id} (${kind} invoice) is no longer INVOICED`,
              });
            else expect(await api.call('getInvoice', { path: { invoiceId } })).toHaveStatus(200);
          }
        },
      );
    },
  );

  test(
    ...titled('[INV-025] the original invoice a REGULARIZATION line names has a line for the same event'),
    async ({ api, invoiceSnapshot }) => {
      const invoices = await invoiceSnapshot(api);
      // Every invoice a REGULARIZATION line names, not the first alone: a line that names the wrong invoice
      // may be any of them, and which one the snapshot lists first moves with the data.
      const originals = [
        ...new Set(
          invoices
            .filter((i: Invoice) => i.origin === 'REGULARIZATION')
            .flatMap((i) => i.fees.map((line) => line.regularizedInvoiceId))
            .filter((id): id is string => typeof id === 'string'),
        ),
      ];
      await expectJudgedDuring(
        'INV-025',
        api.baseUrl,
        `original invoices ${originals.join(', ')}`,
        async () => {
          for (const original of nonEmpty(originals, 'data', 'original invoice a REGULARIZATION line names'))
            expect(await api.call('getInvoice', { path: { invoiceId: original } })).toHaveStatus(200);
        },
      );
    },
  );

  test(
    ...titled('[DOC-008] the invoice download of an event whose fees show INVOICED is not 404'),
    async ({ api, portfolio, invoiceSnapshot }) => {
      // An invoiced event of each kind of invoice: the download must be served whichever kind billed it.
      for (const { kind, event } of nonEmpty(
        await invoicedEventPerKind(portfolio, await invoiceSnapshot(api)),
        'data',
        'invoiced event',
      )) {
        const path = { patentId: event.patent.id, eventId: event.id };
        await expectJudgedDuring(
          'DOC-008',
          api.baseUrl,
          `event ${event.id} (${kind} invoice): fees, then invoice download`,
          async () => {
            expect(await api.call('getEventFees', { path })).toHaveStatus(200);
            await api.call('getInvoiceDocument', { path });
          },
        );
      }
    },
  );

  test(
    ...titled('[DOC-008] an invoice download served means the fees read after it show INVOICED'),
    async ({ api, portfolio, invoiceSnapshot }) => {
      await expectJudgedDuring(
        'DOC-008',
        api.baseUrl,
        'invoiced events of each kind of invoice: invoice download, then fees',
        async () => {
          for (const { kind, event } of nonEmpty(
            await invoicedEventPerKind(portfolio, await invoiceSnapshot(api)),
            'data',
            'invoiced event',
          )) {
            const path = { patentId: event.patent.id, eventId: event.id };
            const download = await api.call('getInvoiceDocument', { path });
            // Not served: no pair for this half (the other test charges a 404 after INVOICED).
            if (download.status !== 200)
              test.info().annotations.push({
                type: 'not judged',
                description: `event ${event.id} (${kind} invoice): its download answered ${download.status}`,
              });
            else expect(await api.call('getEventFees', { path })).toHaveStatus(200);
          }
        },
      );
    },
  );

  test(
    ...titled(
      '[DOC-009] after an executed SKIP_THIS_TIME or DROP, the instruction receipt download is served',
    ),
    async ({ api, portfolio, requireSetting }) => {
      requireSetting('ALLOW_INSTRUCTIONS');
      const { events } = await portfolio.claim('allowed');
      const event = instructableFirst(events)!;
      // A decision that does not pay: it leaves the PROCEED path to the fees tests.
      const offered = event.instructability.allowedDecisions;
      const decision = offered.find((d) => d !== 'PROCEED') ?? offered[0]!;
      const path = { patentId: event.patent.id, eventId: event.id };
      const posted = await postInstructions(api, [{ eventId: event.id, decision }]);
      expect(posted).toHaveStatus(201);
      await expectJudgedDuring(
        'DOC-009',
        api.baseUrl,
        `event ${event.id}: receipt download after ${decision}`,
        async () => {
          await api.call('getInstructionReceiptDocument', { path });
        },
      );
    },
  );

  test(
    ...titled("[PER-016] an event of the by-period list is among its patent's events"),
    async ({ api, portfolio }) => {
      const event: PatentEvent = await portfolio.event(
        (e) => isRenewal(e) && !portfolio.isClaimed(e.patent.id),
        'a renewal event of a patent that no test has claimed',
      );
      await expectJudgedDuring(
        'PER-016',
        api.baseUrl,
        `the window of ${event.dueDate} and patent ${event.patent.id}`,
        async () => {
          const [period, events] = await Promise.all([
            api.call('listEventsByPeriod', {
              query: { dueFrom: event.dueDate, dueTo: event.dueDate, itemsPerPage: 100 },
            }),
            api.call('listPatentEvents', {
              path: { patentId: event.patent.id },
              query: { itemsPerPage: 100 },
            }),
          ]);
          expect(period).toHaveStatus(200);
          expect(events).toHaveStatus(200);
        },
      );
    },
  );

  test(
    ...titled(
      "[PER-017] the Fees object include=fees adds to an event is its fees route's: same currency and component types",
    ),
    async ({ api, portfolio }) => {
      const event: PatentEvent = await portfolio.event(
        (e) => isRenewal(e) && e.feesStatus === 'ESTIMATED' && !portfolio.isClaimed(e.patent.id),
        'an ESTIMATED renewal event of a patent that no test has claimed',
      );
      await expectJudgedDuring(
        'PER-017',
        api.baseUrl,
        `the fees of event ${event.id}, embedded and on their route`,
        async () => {
          const [period, fees] = await Promise.all([
            api.call('listEventsByPeriod', {
              query: { dueFrom: event.dueDate, dueTo: event.dueDate, include: 'fees', itemsPerPage: 100 },
            }),
            api.call('getEventFees', { path: { patentId: event.patent.id, eventId: event.id } }),
          ]);
          expect(period).toHaveStatus(200);
          expect(fees).toHaveStatus(200);
        },
      );
    },
  );
});
