/**
 * The three PDF downloads of an event (instruction receipt, official receipt, invoice): a real PDF, served as
 * application/pdf, as an attachment with an RFC 6266 filename; 404 not_found until the document exists.
 * Contract: Document downloads (scope `patents:read`); Errors (not_found: "also document routes until the
 * document exists").
 */
import { randomUUID } from 'node:crypto';
import {
  type ApiClient,
  type ApiResponse,
  AWAITING_DECISION,
  claim,
  type DocumentOperation,
  EARLIEST_PENDING_OFFERS_PROCEED,
  earliestPending,
  type EventRef,
  expect,
  expectJudgedDuring,
  expectRuleHolds,
  isRenewal,
  type Located,
  locateInstructionReceipt,
  type Portfolio,
  postInstructions,
  refOf,
  sharedDocumentDownload,
  type Target,
  test,
  titled,
} from '../helpers/test';
import type { Invoice } from '../schemas/types';

interface Context {
  api: ApiClient;
  portfolio: Portfolio;
  /** Drives a back-office state; undefined when no provider-states endpoint is configured. */
  providerState?: (name: string, body: object) => Promise<unknown>;
}

interface DocumentKind {
  label: string;
  operationId: DocumentOperation;
  /** Finds, through the API, an event whose document exists. */
  locate: (context: Context) => Promise<Located>;
  /** The data state the event is found in, when one is needed (the tests skip without it). */
  needs?: 'invoiced';
}

function download(api: ApiClient, operationId: DocumentOperation, ref: EventRef): Promise<ApiResponse> {
  return api.call(operationId, { path: { ...ref } });
}

/** How many executed PROCEEDs are probed for an official receipt before giving up. */
const OFFICIAL_RECEIPT_PROBES = 6;

/** An INVOICED event on an invoice that has a PDF document. */
async function locateInvoicedEvent({ api, portfolio }: Context): Promise<Located> {
  const invoiced = new Map((await portfolio.eventsIn('invoiced')).map((e) => [e.id, e]));
  const list = await api.call('listInvoices', { query: { itemsPerPage: 100 } });
  expect(list, 'the invoice list').toHaveStatus(200);
  for (const invoice of list.json<{ data: Invoice[] }>().data) {
    if (!invoice.hasPdfDocument || invoice.origin === 'REGULARIZATION') continue;
    const event = invoice.fees.map((line) => invoiced.get(line.eventId ?? '')).find((e) => e !== undefined);
    if (event) return { ref: refOf(event) };
  }
  return {
    cause: 'data',
    skip: `no INVOICED event on an invoice with a PDF document found in ${portfolio.label}`,
  };
}

/**
 * An event with an official receipt. Not visible in any resource: the oldest executed PROCEEDs are probed;
 * when none has one and provider states are configured, one is issued on an unclaimed patent.
 */
async function locateOfficialReceipt({ api, portfolio, providerState }: Context): Promise<Located> {
  const proceeded = (await portfolio.events())
    .filter((e) => isRenewal(e) && e.appliedDecision === 'PROCEED')
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  const probed = proceeded.slice(0, OFFICIAL_RECEIPT_PROBES);
  for (const event of probed) {
    const response = await download(api, 'getOfficialReceiptDocument', refOf(event));
    if (response.status === 200) return { ref: refOf(event) };
  }
  const reason = `none of the ${probed.length} oldest events with an executed PROCEED in ${portfolio.label} has an official receipt`;
  if (!providerState)
    return { cause: 'setting', skip: `${reason}, and PROVIDER_STATES_URL is not configured` };
  const event = proceeded.find((e) => claim(api.baseUrl, 'patent', e.patent.id));
  if (!event)
    return { cause: 'data', skip: `${reason}, and every patent with one is claimed by another test` };
  await providerState('official-receipt-issued', { eventId: event.id });
  return { ref: refOf(event) };
}

const KINDS: DocumentKind[] = [
  {
    label: 'instruction receipt',
    operationId: 'getInstructionReceiptDocument',
    // Decided events are probed: a decision entered otherwise than by an instruction may have no receipt.
    // The receipt of an instruction executed by the suite is checked by the DOC-005 test below.
    locate: ({ api, portfolio }) => locateInstructionReceipt(api, portfolio),
  },
  {
    label: 'official receipt',
    operationId: 'getOfficialReceiptDocument',
    locate: locateOfficialReceipt,
  },
  {
    label: 'invoice',
    operationId: 'getInvoiceDocument',
    locate: locateInvoicedEvent,
    needs: 'invoiced',
  },
];

/** The document of a kind, located and downloaded once for the run and shared by the tests of its clauses. */
async function existingDocument(kind: DocumentKind, context: Context): Promise<ApiResponse> {
  if (kind.needs) context.portfolio.needs(kind.needs);
  const { ref, response } = await sharedDocumentDownload(context.api, kind.operationId, () =>
    kind.locate(context),
  );
  expect(response, `the ${kind.label} of event ${ref.eventId}`).toHaveStatus(200);
  return response;
}

function withStates(
  context: Context,
  providerState: (name: string, body: object) => Promise<unknown>,
  target: Target,
): Context {
  return target.providerStatesUrl === undefined ? context : { ...context, providerState };
}

/** A PDF file served as application/pdf: the registry's rules of a download. */
function expectPdf(response: ApiResponse): void {
  expectRuleHolds('DOC-001', response);
  expectRuleHolds('DOC-002', response);
}

test.describe('documents', () => {
  for (const kind of KINDS) {
    test(
      ...titled(`[DOC-001] the ${kind.label} download is a PDF document with at least one page`),
      async ({ api, portfolio, providerState, target }) => {
        const response = await existingDocument(kind, withStates({ api, portfolio }, providerState, target));
        // The body starts as a PDF file: the registry's rule. That it parses, with a page, needs the whole
        // body, which the registry does not hold: checked here.
        expectRuleHolds('DOC-001', response);
        let pages = 0;
        try {
          // Loaded here, not with the file: every process that lists the tests would pay for it.
          const { PDFDocument } = await import('pdf-lib');
          pages = (await PDFDocument.load(response.body)).getPageCount();
        } catch (error) {
          throw new Error(
            `${response.describe()}: the body does not parse as a PDF: ${(error as Error).message}`,
          );
        }
        expect(pages, 'pages of the document').toBeGreaterThanOrEqual(1);
      },
    );

    test(
      ...titled(`[DOC-002] the ${kind.label} download has content type application/pdf`),
      async ({ api, portfolio, providerState, target }) => {
        const response = await existingDocument(kind, withStates({ api, portfolio }, providerState, target));
        expectRuleHolds('DOC-002', response);
      },
    );

    test(
      ...titled(
        `[DOC-003, DOC-004] the ${kind.label} download is an attachment with a non-empty RFC 6266 filename`,
      ),
      async ({ api, portfolio, providerState, target }) => {
        const response = await existingDocument(kind, withStates({ api, portfolio }, providerState, target));
        expectRuleHolds('DOC-003', response);
        // RFC 6266 and a non-empty filename or filename*.
        expectRuleHolds('DOC-004', response);
      },
    );

    test(
      ...titled(
        `[PROB-016] the ${kind.label} download for an unknown event of a known patent answers 404 not_found`,
      ),
      async ({ api, portfolio }) => {
        const patent = await portfolio.patent(() => true, 'at all');
        const response = await download(api, kind.operationId, {
          patentId: patent.id,
          eventId: randomUUID(),
        });
        expect(response).toBeProblem({ status: 404, code: 'not_found' });
      },
    );
  }

  test.describe('404 until the document exists', () => {
    test(
      ...titled(
        '[DOC-005] the instruction receipt download answers 404 not_found for an event not yet open to instruction',
      ),
      async ({ api, portfolio }) => {
        // Not open to instruction yet: no decision can be executed, so no instruction and no fees movement.
        const event = await portfolio.eventIn('too-early', AWAITING_DECISION);
        const response = await download(api, 'getInstructionReceiptDocument', refOf(event));
        // The snapshot's state plus the run's writes since: only an instruction of the event gives it a receipt.
        await portfolio.requireUnmoved(event, 'documents', 'event-decision');
        expect(response).toBeProblem({ status: 404, code: 'not_found' });
      },
    );

    test(
      ...titled('[DOC-007] the invoice download answers 404 not_found for an event whose fees are ESTIMATED'),
      async ({ api, portfolio }) => {
        const event = await portfolio.eventIn('too-early', {
          what: 'awaiting a decision, with ESTIMATED fees',
          holds: (e) => AWAITING_DECISION.holds(e) && e.feesStatus === 'ESTIMATED',
        });
        const response = await download(api, 'getInvoiceDocument', refOf(event));
        // The snapshot's state plus the run's writes since: only invoicing the event gives it an invoice.
        await portfolio.requireUnmoved(event, 'documents', 'fees-status');
        expect(response).toBeProblem({ status: 404, code: 'not_found' });
      },
    );

    /** Claims a patent whose earliest pending event can be instructed with PROCEED now. */
    async function claimProceedable(portfolio: Portfolio): Promise<EventRef> {
      const { events } = await portfolio.claim('proceedable', { refine: EARLIEST_PENDING_OFFERS_PROCEED });
      return refOf(earliestPending(events)!);
    }

    async function proceed(api: ApiClient, ref: EventRef): Promise<void> {
      const response = await postInstructions(api, [{ eventId: ref.eventId, decision: 'PROCEED' }]);
      expect(response, 'the PROCEED instruction').toHaveStatus(201);
    }

    test(
      ...titled(
        '[DOC-005] the instruction receipt download answers 404 not_found until the event is instructed, then a PDF',
      ),
      async ({ api, portfolio, requireSetting }) => {
        requireSetting('ALLOW_INSTRUCTIONS');
        const ref = await claimProceedable(portfolio);
        const before = await download(api, 'getInstructionReceiptDocument', ref);
        expect(before).toBeProblem({ status: 404, code: 'not_found' });
        await proceed(api, ref);
        const after = await download(api, 'getInstructionReceiptDocument', ref);
        expect(after, 'the instruction receipt after the instruction').toHaveStatus(200);
        expectPdf(after);
      },
    );

    test(
      ...titled(
        '[DOC-006] the official receipt download answers 404 not_found until the official receipt is issued, then a PDF',
      ),
      async ({ api, portfolio, requireSetting, providerState }) => {
        requireSetting('ALLOW_INSTRUCTIONS');
        requireSetting('PROVIDER_STATES_URL');
        const ref = await claimProceedable(portfolio);
        await proceed(api, ref);
        const before = await download(api, 'getOfficialReceiptDocument', ref);
        expect(before).toBeProblem({ status: 404, code: 'not_found' });
        await providerState('official-receipt-issued', { eventId: ref.eventId });
        const after = await download(api, 'getOfficialReceiptDocument', ref);
        expect(after, 'the official receipt once issued').toHaveStatus(200);
        expectPdf(after);
      },
    );

    test(
      ...titled(
        '[DOC-007, DOC-008] the invoice download answers 404 not_found while the fees are LOCKED, then a PDF once invoiced',
      ),
      async ({ api, portfolio, requireSetting, providerState }) => {
        requireSetting('ALLOW_INSTRUCTIONS');
        requireSetting('PROVIDER_STATES_URL');
        const ref = await claimProceedable(portfolio);
        await proceed(api, ref);
        const before = await download(api, 'getInvoiceDocument', ref);
        // 404 not_found while LOCKED: the relation judges a served download only, so the 404 is checked here.
        expect(before).toBeProblem({ status: 404, code: 'not_found' });
        await providerState('event-invoiced', { eventId: ref.eventId });
        // Served, then the fees read after it show INVOICED: the relation's rule, on the pair read here.
        await expectJudgedDuring(
          'DOC-008',
          api.baseUrl,
          `event ${ref.eventId}: invoice download, then fees`,
          async () => {
            const after = await download(api, 'getInvoiceDocument', ref);
            expect(after, 'the invoice once the event is invoiced').toHaveStatus(200);
            expectPdf(after);
            expect(await api.call('getEventFees', { path: { ...ref } })).toHaveStatus(200);
          },
        );
      },
    );
  });
});
