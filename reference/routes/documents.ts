/**
 * The three PDF downloads of an event; each is 404 until its document exists.
 */
import { faultIs } from '../behaviour';
import { pdfResponse } from '../documents';
import type { OperationHandler, OperationRequest } from '../http';
import { respond } from '../http';
import { notFound, ProblemError } from '../problems';
import { countCall, rateLimitHeaders } from '../quota';
import type { EventRecord, PatentRecord } from '../store';
import { eventsOfPatent } from '../store';
import { eventOf, patentOf } from './lookup';

/** The event of a document route, found only through its own patent in the caller's portfolio. */
function documentEventOf(req: OperationRequest): { patent: PatentRecord; event: EventRecord } {
  // The streaming handler wrapped in the rate limiter a second time.
  if (faultIs(req.ctx, 'quota-double-charge-on-downloads'))
    req.c.set('rateLimitHeaders', rateLimitHeaders(countCall(req.ctx, req.caller.key)));
  if (faultIs(req.ctx, 'document-event-looked-up-by-id-alone')) {
    // The patent checked against the tenant, then the document's event loaded by its id alone.
    const patent = patentOf(req);
    const event = req.ctx.store.events.get(req.path.eventId as string);
    if (event === undefined) throw notFound();
    return { patent, event };
  }
  return eventOf(req);
}

/** The answer of a download whose document does not exist yet: not_found, or (fault) a code of its own. */
function documentNotReady(req: OperationRequest): ProblemError {
  if (faultIs(req.ctx, 'document-not-ready-custom-code'))
    return new ProblemError('document_not_available', 'The document has not been generated yet.');
  return notFound();
}

const getInstructionReceiptDocument: OperationHandler = (req) => {
  const { patent, event } = documentEventOf(req);
  // The latest receipt of the patent, whichever of its events the path names.
  const receiptEvent = faultIs(req.ctx, 'instruction-receipt-looked-up-by-patent')
    ? (eventsOfPatent(req.ctx.store, patent.id)
        .filter((e) => e.instructionReceiptId !== null)
        .at(-1) ?? event)
    : event;
  const receipt =
    receiptEvent.instructionReceiptId === null
      ? undefined
      : req.ctx.store.receipts.get(receiptEvent.instructionReceiptId);
  const instruction = faultIs(req.ctx, 'receipt-document-first-line-only')
    ? // The renderer reads the receipt's first line only.
      receipt?.instructions.slice(0, 1).find((i) => i.eventId === receiptEvent.id)
    : receipt?.instructions.find((i) => i.eventId === receiptEvent.id);
  if (faultIs(req.ctx, 'instruction-receipt-before-instruction') && instruction === undefined) {
    // A blank receipt for an event that was never instructed, instead of 404.
    return pdfResponse(req.c, {
      title: 'Instruction receipt',
      reference: '-',
      fileName: `instruction-receipt-${event.id}.pdf`,
      lines: [`Due date: ${event.dueDate}`, 'Decision: -'],
    });
  }
  if (receipt === undefined || instruction === undefined) throw documentNotReady(req);
  return pdfResponse(req.c, {
    title: 'Instruction receipt',
    reference: receipt.reference,
    fileName: `instruction-receipt-${receipt.reference}.pdf`,
    lines: [
      `Issue date: ${receipt.issueDate}`,
      `Patent: ${patent.clientCaseReference ?? patent.id} (${patent.office})`,
      `Due date: ${event.dueDate}`,
      `Decision: ${instruction.decision}, executed ${instruction.executedAt}`,
    ],
  });
};

const getOfficialReceiptDocument: OperationHandler = (req) => {
  const { patent, event } = documentEventOf(req);
  // The official receipt filed with the invoice: not found before the event is invoiced.
  let receipt =
    faultIs(req.ctx, 'official-receipt-document-needs-invoice') && event.feesStatus !== 'INVOICED'
      ? null
      : event.officialReceipt;
  // The receipt taken as issued as soon as the payment is decided, before the office has issued it.
  if (faultIs(req.ctx, 'official-receipt-before-issue') && event.appliedDecision === 'PROCEED') {
    receipt ??= { reference: `OR-PENDING-${event.id.slice(0, 8)}`, issueDate: req.at.today };
  }
  if (receipt === null) throw documentNotReady(req);
  return pdfResponse(req.c, {
    title: 'Official receipt',
    reference: receipt.reference,
    fileName: `official-receipt-${receipt.reference}.pdf`,
    lines: [
      `Issue date: ${receipt.issueDate}`,
      `Patent: ${patent.clientCaseReference ?? patent.id} (${patent.office})`,
      `Annuity ${event.annuityYear}, due ${event.dueDate}`,
    ],
  });
};

const getInvoiceDocument: OperationHandler = (req) => {
  const { patent, event } = documentEventOf(req);
  let invoice =
    event.feesStatus === 'INVOICED' && event.invoiceId !== null
      ? req.ctx.store.invoices.get(event.invoiceId)
      : undefined;
  // The PDF looked up by invoice number, which IMPORTED invoices do not have.
  if (faultIs(req.ctx, 'invoice-document-looked-up-by-number') && invoice?.number === null)
    invoice = undefined;
  // A locked event answered as a document still being produced by the billing run.
  if (
    invoice === undefined &&
    event.feesStatus === 'LOCKED' &&
    faultIs(req.ctx, 'invoice-document-202-while-billing')
  )
    return respond(req.c, null, 202, {});
  if (
    invoice === undefined &&
    event.feesStatus === 'LOCKED' &&
    faultIs(req.ctx, 'invoice-document-while-locked')
  ) {
    // A pro-forma served as the invoice before the event is invoiced.
    return pdfResponse(req.c, {
      title: 'Invoice (pro forma)',
      reference: '-',
      fileName: `invoice-${event.id}.pdf`,
      lines: [
        `Patent: ${patent.clientCaseReference ?? patent.id} (${patent.office})`,
        `Due date: ${event.dueDate}`,
      ],
    });
  }
  if (invoice === undefined || !invoice.hasPdfDocument) throw documentNotReady(req);
  return pdfResponse(req.c, {
    title: 'Invoice',
    reference: invoice.reference,
    fileName: `invoice-${invoice.reference}.pdf`,
    lines: [
      `Issue date: ${invoice.issueDate ?? '-'}`,
      `Patent: ${patent.clientCaseReference ?? patent.id} (${patent.office})`,
      `Currency: ${invoice.currency}`,
    ],
  });
};

export const documentHandlers: Record<string, OperationHandler> = {
  getInstructionReceiptDocument,
  getOfficialReceiptDocument,
  getInvoiceDocument,
};
