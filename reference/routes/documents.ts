/**
 * The three PDF downloads of an event; each is 404 until its document exists.
 */
import { pdfResponse } from '../documents';
import type { OperationHandler } from '../http';
import { notFound } from '../problems';
import { eventOf } from './lookup';

const getInstructionReceiptDocument: OperationHandler = (req) => {
  const { patent, event } = eventOf(req);
  const receipt =
    event.instructionReceiptId === null ? undefined : req.ctx.store.receipts.get(event.instructionReceiptId);
  const instruction = receipt?.instructions.find((i) => i.eventId === event.id);
  if (receipt === undefined || instruction === undefined) throw notFound();
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
  const { patent, event } = eventOf(req);
  const receipt = event.officialReceipt;
  if (receipt === null) throw notFound();
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
  const { patent, event } = eventOf(req);
  const invoice =
    event.feesStatus === 'INVOICED' && event.invoiceId !== null
      ? req.ctx.store.invoices.get(event.invoiceId)
      : undefined;
  if (invoice === undefined || !invoice.hasPdfDocument) throw notFound();
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
