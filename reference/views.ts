/**
 * Wire representations: store records to the contract's JSON objects. Kept apart from the domain so that
 * what is stored and what is shown can each change in one place.
 */
import type {
  ExchangeRateFreeze,
  Fees,
  FrozenRateEvent,
  Instruction,
  InstructionReceipt,
  Invoice,
  Patent,
  PatentEvent,
  PatentSyncBatch,
  SyncResultItem,
} from '../schemas/types';
import { currentFees, totalOf } from './domain/fees';
import { duePeriod } from './domain/due-period';
import { isFxRateFrozen } from './domain/freezes';
import { instructability } from './domain/instructability';
import { subtotalOf, totalIncludingTaxOf } from './domain/invoices';
import { batchStatus, resultOutcome } from './domain/sync';
import { page, type Page, type PageRequest } from './pagination';
import type {
  EventRecord,
  FeeAmounts,
  InstructionReceiptRecord,
  InvoiceLine,
  InvoiceRecord,
  PatentRecord,
  Store,
  SyncBatchRecord,
  Tenant,
} from './store';
import { eventsOfPatent } from './store';

export function patentView(p: PatentRecord): Patent {
  return {
    object: 'patent',
    id: p.id,
    providerId: p.providerId,
    clientCaseReference: p.clientCaseReference,
    clientFamilyReference: p.clientFamilyReference,
    title: p.title,
    office: p.office,
    patentType: p.patentType as Patent['patentType'],
    applicationNumber: p.applicationNumber,
    applicationDate: p.applicationDate,
    nationalPhaseEntryDate: p.nationalPhaseEntryDate,
    priorityDate: p.priorityDate,
    publicationNumber: p.publicationNumber,
    publicationDate: p.publicationDate,
    grantPublicationNumber: p.grantPublicationNumber,
    grantDate: p.grantDate,
    pctApplicationNumber: p.pctApplicationNumber,
    officialNumbers: { ...p.officialNumbers },
    expirationDate: p.expirationDate,
    extendedExpirationDate: p.extendedExpirationDate,
    lapseDate: p.lapseDate,
    renewalsManagedFrom: p.renewalsManagedFrom,
    status: p.status as Patent['status'],
    filingRoute: p.filingRoute as Patent['filingRoute'],
    applicantType: p.applicantType as Patent['applicantType'],
    claimCount: p.claimCount,
    designatedCountries: p.designatedCountries ? [...p.designatedCountries] : null,
    owner: p.owner,
    secondaryOwners: p.secondaryOwners ? [...p.secondaryOwners] : null,
    subCase: p.subCase,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

function feesObject(
  store: Store,
  tenant: Tenant,
  event: EventRecord | undefined,
  amounts: FeeAmounts,
  extra: Pick<Fees, 'invoiceId' | 'feesStatus' | 'regularizedInvoiceId' | 'regularizationReason'> & {
    eventId: string | null;
    patentId: string | null;
  },
): Fees {
  const patent = extra.patentId === null ? undefined : store.patents.get(extra.patentId);
  return {
    object: 'fees',
    invoiceId: extra.invoiceId,
    eventId: extra.eventId,
    patent: { id: patent?.id ?? null, providerId: patent?.providerId ?? null },
    currency: amounts.currency,
    total: totalOf(amounts.components),
    components: amounts.components.map((c) => ({ type: c.type, amount: c.amount })),
    feesStatus: extra.feesStatus,
    isFxRateFrozen: event === undefined ? false : isFxRateFrozen(tenant, event),
    regularizedInvoiceId: extra.regularizedInvoiceId,
    regularizationReason: extra.regularizationReason,
  };
}

/** The fees of an event as they stand now (estimated, locked or invoiced). */
export function eventFeesView(store: Store, tenant: Tenant, event: EventRecord, today: string): Fees {
  return feesObject(store, tenant, event, currentFees(event, today), {
    invoiceId: event.feesStatus === 'INVOICED' ? event.invoiceId : null,
    feesStatus: event.feesStatus,
    eventId: event.id,
    patentId: event.patentId,
    regularizedInvoiceId: null,
    regularizationReason: null,
  });
}

function invoiceLineView(store: Store, tenant: Tenant, invoice: InvoiceRecord, line: InvoiceLine): Fees {
  const event = line.eventId === null ? undefined : store.events.get(line.eventId);
  return feesObject(store, tenant, event, line.fees, {
    invoiceId: invoice.id,
    feesStatus: 'INVOICED',
    eventId: line.eventId,
    patentId: line.patentId,
    regularizedInvoiceId: line.regularizedInvoiceId,
    regularizationReason: line.regularizationReason,
  });
}

export function eventView(
  store: Store,
  tenant: Tenant,
  event: EventRecord,
  today: string,
  options: { withFees?: boolean; patentEvents?: EventRecord[] } = {},
): PatentEvent {
  const patent = store.patents.get(event.patentId);
  const verdict = instructability(
    event,
    options.patentEvents ?? eventsOfPatent(store, event.patentId),
    today,
  );
  const isRenewal = event.eventType === 'RENEWAL';
  const view: PatentEvent = {
    object: 'patentEvent',
    id: event.id,
    patent: { id: event.patentId, providerId: patent?.providerId ?? null },
    eventType: event.eventType,
    dueDate: event.dueDate,
    gracePeriodEndDate: event.gracePeriodEndDate,
    // paymentSequenceNumber is shown only when it differs from the annuity year (absent, not null, otherwise).
    renewal: isRenewal
      ? event.paymentSequenceNumber === event.annuityYear
        ? { annuityYear: event.annuityYear }
        : { annuityYear: event.annuityYear, paymentSequenceNumber: event.paymentSequenceNumber }
      : null,
    appliedDecision: event.appliedDecision,
    duePeriod: duePeriod(event, today),
    processingStatus: event.processingStatus,
    processingStatusUpdatedAt: event.processingStatusUpdatedAt,
    isFxRateFrozen: isFxRateFrozen(tenant, event),
    feesStatus: event.feesStatus,
    createdAt: event.createdAt,
    updatedAt: event.updatedAt,
    instructability: {
      isAllowed: verdict.isAllowed,
      allowedDecisions: [...verdict.allowedDecisions],
      blockedReason: verdict.blockedReason,
      opensAt: verdict.opensAt,
      mode: verdict.mode,
    },
  };
  if (options.withFees) view.fees = eventFeesView(store, tenant, event, today);
  return view;
}

export function invoiceView(store: Store, tenant: Tenant, invoice: InvoiceRecord): Invoice {
  return {
    object: 'invoice',
    id: invoice.id,
    reference: invoice.reference,
    number: invoice.number,
    issueDate: invoice.issueDate,
    origin: invoice.origin,
    ipRightType: invoice.ipRightType,
    currency: invoice.currency,
    vatRate: invoice.vatRate,
    vatNumber: invoice.vatNumber,
    subtotalExcludingTax: subtotalOf(invoice),
    totalIncludingTax: totalIncludingTaxOf(invoice),
    hasPdfDocument: invoice.hasPdfDocument,
    hasXlsxDocument: invoice.hasXlsxDocument,
    fees: invoice.lines.map((line) => invoiceLineView(store, tenant, invoice, line)),
    createdAt: invoice.createdAt,
  };
}

export function receiptView(receipt: InstructionReceiptRecord): InstructionReceipt {
  return {
    object: 'instructionReceipt',
    issueDate: receipt.issueDate,
    reference: receipt.reference,
    number: receipt.number,
    instructions: receipt.instructions.map((i): Instruction => ({
      object: 'instruction',
      id: i.id,
      decision: i.decision,
      status: i.status,
      executedAt: i.executedAt,
      scheduledForExecutionAt: null,
      renewedDesignatedCountries: i.renewedDesignatedCountries ? [...i.renewedDesignatedCountries] : null,
      excludedDesignatedCountries: null,
    })),
  };
}

export function syncResultView(store: Store, changeRequestId: string): SyncResultItem {
  const change = store.changeRequests.get(changeRequestId);
  if (change === undefined) throw new Error(`missing change request ${changeRequestId}`);
  const { outcome, reason } = resultOutcome(change);
  return {
    providerId: change.providerId,
    servicePatentId: change.patentId,
    action: change.kind,
    outcome,
    requestId: change.state === 'UNRECORDED' ? null : change.id,
    reason,
  };
}

export function batchView(store: Store, batch: SyncBatchRecord, results: PageRequest): PatentSyncBatch {
  const resultsPage: Page<string> = page(batch.results, results);
  return {
    object: 'patentSyncBatch',
    importId: batch.id,
    status: batchStatus(store, batch),
    mode: batch.mode,
    totalItems: batch.items.length,
    processedItems: batch.results.length,
    autoAppliedItems: batch.autoAppliedItems,
    stagedItems: batch.stagedItems,
    rejectedItems: batch.rejectedItems,
    suppressedItems: batch.suppressedItems,
    createdAt: batch.createdAt,
    completedAt: batch.completedAt,
    results: {
      pagination: resultsPage.pagination,
      data: resultsPage.data.map((id) => syncResultView(store, id)),
    },
  };
}

export function frozenRateEventView(
  store: Store,
  tenant: Tenant,
  event: EventRecord,
  today: string,
): FrozenRateEvent {
  const fees = currentFees(event, today);
  return {
    object: 'frozenRateEvent',
    clientCaseReference: store.patents.get(event.patentId)?.clientCaseReference ?? null,
    dueDate: event.dueDate,
    amount: totalOf(fees.components),
    currency: fees.currency,
    isFxRateFrozen: isFxRateFrozen(tenant, event),
    hasInstruction: event.instructionId !== null,
  };
}

export function freezeView(
  store: Store,
  tenant: Tenant,
  yearMonth: string,
  events: EventRecord[],
  today: string,
): ExchangeRateFreeze {
  return {
    object: 'exchangeRateFreeze',
    yearMonth,
    events: events.map((e) => frozenRateEventView(store, tenant, e, today)),
  };
}
