/**
 * Finds, through the API, an event whose PDF document already exists. Events whose state makes the document
 * likely are probed in due-date order, a bounded number of times; nothing is created.
 */
import type { PatentEvent } from '../../schemas/types';
import type { ApiClient, ApiResponse } from '../wire/api-client';
import type { Portfolio } from './discovery';
import { skipBecause } from './verified';
import { renewals, sortByDue } from '../contract/event-rules';
import { sharedResponse, sharedSweep } from './shared-sweeps';

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

export interface EventRef {
  patentId: string;
  eventId: string;
}

/** Where a document exists, or why none was found (the skip reason, and its kind: helpers/data/verified.ts). */
export type Located = { ref: EventRef } | { skip: string; cause: 'setting' | 'data' };

export const refOf = (e: PatentEvent): EventRef => ({ patentId: e.patent.id, eventId: e.id });

/** How many events with an applied decision are probed for an instruction receipt. */
export const INSTRUCTION_RECEIPT_PROBES = 6;

/**
 * An event with an instruction receipt. A receipt is 404 "until an instruction receipt exists", and a decision
 * entered otherwise than through the instruction POST may have none, so decided events are probed.
 */
export async function locateInstructionReceipt(api: ApiClient, portfolio: Portfolio): Promise<Located> {
  const events = await portfolio.events();
  const operationId = 'getInstructionReceiptDocument';
  const found = await findEventWithDocument(api, events, operationId, INSTRUCTION_RECEIPT_PROBES);
  if (found) return { ref: refOf(found.event) };
  const decided = renewals(events).filter((e) => e.appliedDecision !== null).length;
  return {
    cause: 'data',
    skip:
      decided === 0
        ? `no event with an applied decision found in ${portfolio.label}`
        : `none of the ${Math.min(decided, INSTRUCTION_RECEIPT_PROBES)} oldest events with an applied decision in ${portfolio.label} has an instruction receipt`,
  };
}

const locatedInWorker = new Map<string, Promise<Located>>();

/** An event whose document exists, located once for the run (whichever worker asks first). */
export function sharedLocate(
  namespace: string,
  operationId: DocumentOperation,
  locate: () => Promise<Located>,
): Promise<Located> {
  const key = `${namespace}|${operationId}`;
  let located = locatedInWorker.get(key);
  if (!located) {
    located = sharedSweep(namespace, `document-${operationId}`, locate);
    locatedInWorker.set(key, located);
  }
  return located;
}

/**
 * The download of an existing document, made once for the run and shared by the tests that check different
 * clauses of it (helpers/data/shared-sweeps.ts). Skips with the locator's reason when no document was found.
 * `namespace` names the tenant of `api` (the primary tenant's by default).
 */
export async function sharedDocumentDownload(
  api: ApiClient,
  operationId: DocumentOperation,
  locate: () => Promise<Located>,
  namespace = api.baseUrl,
): Promise<{ ref: EventRef; response: ApiResponse }> {
  const found = await sharedLocate(namespace, operationId, locate);
  if ('skip' in found) skipBecause(found.cause, found.skip);
  const response = await sharedResponse(namespace, `document-${operationId}`, () =>
    api.call(operationId, { path: { ...found.ref } }),
  );
  return { ref: found.ref, response };
}
