/**
 * Finds, through the API, an event whose PDF document already exists. Events whose state makes the document
 * likely are probed in due-date order, a bounded number of times; nothing is created.
 */
import type { PatentEvent } from '../schemas/types';
import type { ApiClient, ApiResponse } from './api-client';
import { renewals, sortByDue } from './discovery';

export type DocumentOperation =
  'getInstructionReceiptDocument' | 'getOfficialReceiptDocument' | 'getInvoiceDocument';

export const DOCUMENT_OPERATIONS: readonly DocumentOperation[] = [
  'getInstructionReceiptDocument',
  'getOfficialReceiptDocument',
  'getInvoiceDocument',
];

/** An executed instruction comes with a receipt; a paid (PROCEED) event may have an official receipt; an invoiced one an invoice. */
function likelyHolder(operationId: DocumentOperation, event: PatentEvent): boolean {
  switch (operationId) {
    case 'getInstructionReceiptDocument':
      return event.appliedDecision !== null;
    case 'getOfficialReceiptDocument':
      return event.appliedDecision === 'PROCEED';
    case 'getInvoiceDocument':
      return event.feesStatus === 'INVOICED';
  }
}

export interface FoundDocument {
  event: PatentEvent;
  /** The 200 answer of the download. */
  response: ApiResponse;
}

/**
 * The first likely event (oldest due date first, invoiced ones first for the official receipt) whose document
 * answers 200 to `client`; undefined after `maxProbes` downloads without one.
 */
export async function findEventWithDocument(
  client: ApiClient,
  events: PatentEvent[],
  operationId: DocumentOperation,
  maxProbes = 6,
): Promise<FoundDocument | undefined> {
  const candidates = sortByDue(renewals(events).filter((e) => likelyHolder(operationId, e)));
  if (operationId === 'getOfficialReceiptDocument') {
    candidates.sort((a, b) => Number(b.feesStatus === 'INVOICED') - Number(a.feesStatus === 'INVOICED'));
  }
  for (const event of candidates.slice(0, maxProbes)) {
    const response = await client.call(operationId, {
      path: { patentId: event.patent.id, eventId: event.id },
    });
    if (response.status === 200) return { event, response };
  }
  return undefined;
}
