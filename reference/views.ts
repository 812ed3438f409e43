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
import { currentBehaviour } from './behaviour';
import { currentFees, money, totalOf } from './domain/fees';
import { duePeriod } from './domain/due-period';
import { isFxRateFrozen } from './domain/freezes';
import { instructability } from './domain/instructability';
import { subtotalOf, totalIncludingTaxOf } from './domain/invoices';
import { batchStatus, resultOutcome } from './domain/sync';
import { page, type Page, type PageRequest } from './pagination';
import type {
  ComponentType,
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
  const { fault } = currentBehaviour();
  const view: Patent = {
    object: 'patent',
    id: p.id,
    providerId: p.providerId,
    clientCaseReference: p.clientCaseReference,
    clientFamilyReference: p.clientFamilyReference,
    title: p.title,
    office: p.office,
    patentType: p.patentType as Patent['patentType'],
    applicationNumber:
      fault === 'patents-application-number-normalized'
        ? (p.applicationNumber?.toUpperCase().replace(/\s+/g, '') ?? null)
        : p.applicationNumber,
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
    status: (p.status ??
      (fault === 'patents-missing-status-as-unknown' ? 'UNKNOWN' : null)) as Patent['status'],
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
  if (fault === 'patents-official-numbers-missing') delete (view as Partial<Patent>).officialNumbers;
  if (fault === 'timestamps-without-offset') {
    // Written as local date-times, without the zone.
    view.createdAt = view.createdAt?.slice(0, 19) ?? null;
    view.updatedAt = view.updatedAt?.slice(0, 19) ?? null;
  }
  // Date columns read back as midnight timestamps and serialized as such.
  if (fault === 'patents-dates-as-timestamps') {
    for (const name of ['applicationDate', 'priorityDate', 'grantDate'] as const)
      if (view[name] !== null) view[name] = `${view[name]}T00:00:00.000Z`;
  }
  // The stored record's owner serialized with the rest.
  if (currentBehaviour().fault === 'patent-view-leaks-tenant-id')
    Object.assign(view, { tenantId: p.tenantId });
  return view;
}

const COMPONENT_TYPES: readonly ComponentType[] = ['OFFICE', 'AGENT', 'SERVICE', 'GRACE_PERIOD'];

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
  const { fault } = currentBehaviour();
  const patent = extra.patentId === null ? undefined : store.patents.get(extra.patentId);
  let components: { type: ComponentType; amount: string | number | null }[] = amounts.components.map((c) => ({
    type: c.type,
    amount: c.amount,
  }));
  if (fault === 'fees-inapplicable-components-null') {
    components = COMPONENT_TYPES.map((type) => ({
      type,
      amount: amounts.components.find((c) => c.type === type)?.amount ?? null,
    }));
  }
  if (fault === 'fees-amounts-as-numbers')
    components = components.map((c) => ({ ...c, amount: Number(c.amount) }));
  const total = totalOf(amounts.components);
  return {
    object: 'fees',
    invoiceId: extra.invoiceId,
    eventId: extra.eventId,
    patent: {
      id: patent?.id ?? null,
      // Built from the event row, which carries no providerId.
      providerId: fault === 'fees-patent-provider-id-missing' ? null : (patent?.providerId ?? null),
    },
    currency: amounts.currency,
    total: fault === 'fees-amounts-as-numbers' ? (Number(total) as unknown as string) : total,
    components: components as Fees['components'],
    feesStatus: extra.feesStatus,
    isFxRateFrozen: event === undefined ? false : isFxRateFrozen(tenant, event),
    regularizedInvoiceId: extra.regularizedInvoiceId,
    regularizationReason: extra.regularizationReason,
  };
}

/** The fees of an event as they stand now (estimated, locked or invoiced). */
export function eventFeesView(store: Store, tenant: Tenant, event: EventRecord, today: string): Fees {
  const { fault } = currentBehaviour();
  let invoiceId =
    event.feesStatus === 'INVOICED' && fault !== 'fees-invoiced-without-invoice-id' ? event.invoiceId : null;
  if (fault === 'fees-invoice-id-of-patent' && invoiceId === null) {
    // The invoice looked up by patent instead of by event.
    invoiceId = eventsOfPatent(store, event.patentId).find((e) => e.invoiceId !== null)?.invoiceId ?? null;
  }
  let amounts = currentFees(event, today);
  // The billed amounts taken from the invoice's gross (VAT included) figures.
  const vatRate =
    fault === 'fees-invoiced-amounts-with-vat' && invoiceId !== null
      ? store.invoices.get(invoiceId)?.vatRate
      : null;
  if (vatRate) {
    const components = amounts.components.map((c) => ({
      ...c,
      amount: money(Number(c.amount) * (1 + vatRate)),
    }));
    amounts = { ...amounts, components };
  }
  return feesObject(store, tenant, event, amounts, {
    invoiceId,
    feesStatus:
      fault === 'fees-status-ignores-lock'
        ? event.invoiceId === null
          ? 'ESTIMATED'
          : 'INVOICED'
        : event.feesStatus,
    eventId: event.id,
    patentId: event.patentId,
    regularizedInvoiceId: null,
    regularizationReason: null,
  });
}

function invoiceLineView(store: Store, tenant: Tenant, invoice: InvoiceRecord, line: InvoiceLine): Fees {
  const event = line.eventId === null ? undefined : store.events.get(line.eventId);
  const view = feesObject(store, tenant, event, line.fees, {
    invoiceId: invoice.id,
    feesStatus: 'INVOICED',
    eventId: line.eventId,
    patentId: line.patentId,
    regularizedInvoiceId:
      currentBehaviour().fault === 'invoices-regularized-id-on-every-line'
        ? (line.regularizedInvoiceId ?? invoice.id)
        : line.regularizedInvoiceId,
    regularizationReason: line.regularizationReason,
  });
  // The lines serialized as bare breakdowns.
  if (currentBehaviour().fault === 'invoice-lines-without-object') delete (view as Partial<Fees>).object;
  return view;
}

export function eventView(
  store: Store,
  tenant: Tenant,
  event: EventRecord,
  today: string,
  options: { withFees?: boolean; patentEvents?: EventRecord[] } = {},
): PatentEvent {
  const { fault } = currentBehaviour();
  const patent = store.patents.get(event.patentId);
  const patentEvents = options.patentEvents ?? eventsOfPatent(store, event.patentId);
  const verdict = instructability(
    event,
    fault === 'events-allowed-ignores-earlier-pending' ? [event] : patentEvents,
    today,
  );
  const isRenewal = event.eventType === 'RENEWAL';
  const showSequence =
    event.paymentSequenceNumber !== event.annuityYear || fault === 'events-payment-sequence-always-shown';
  const view: PatentEvent = {
    object: 'patentEvent',
    id: event.id,
    patent: {
      id:
        fault === 'event-patent-id-is-provider-id' ? (patent?.providerId ?? event.patentId) : event.patentId,
      providerId:
        (fault === 'events-patent-provider-id-from-case-reference'
          ? patent?.clientCaseReference
          : patent?.providerId) ?? null,
    },
    eventType: event.eventType,
    // Dates read into Date objects and serialized as such.
    dueDate: fault === 'event-dates-as-timestamps' ? new Date(event.dueDate).toISOString() : event.dueDate,
    gracePeriodEndDate:
      fault === 'event-dates-as-timestamps' && event.gracePeriodEndDate !== null
        ? new Date(event.gracePeriodEndDate).toISOString()
        : event.gracePeriodEndDate,
    // paymentSequenceNumber is shown only when it differs from the annuity year (absent, not null, otherwise).
    renewal:
      isRenewal && (showSequence || fault !== 'events-renewal-null-without-sequence')
        ? showSequence
          ? { annuityYear: event.annuityYear, paymentSequenceNumber: event.paymentSequenceNumber }
          : { annuityYear: event.annuityYear }
        : null,
    appliedDecision:
      fault === 'instructions-applied-decision-hidden' && event.processingStatus === 'INSTRUCTED'
        ? null
        : event.appliedDecision,
    duePeriod: duePeriod(event, today),
    // The status of the event's instruction shown in place of the event's own processing status.
    processingStatus:
      fault === 'events-processing-status-from-instruction' && event.instructionId !== null
        ? ('EXECUTED' as PatentEvent['processingStatus'])
        : event.processingStatus,
    processingStatusUpdatedAt: event.processingStatusUpdatedAt,
    // A left join on the frozen months: null for a month that has never been frozen.
    isFxRateFrozen:
      fault === 'events-fx-frozen-null-when-never-frozen' && !isFxRateFrozen(tenant, event)
        ? (null as unknown as boolean)
        : isFxRateFrozen(tenant, event),
    feesStatus:
      fault === 'events-fees-status-stale-after-invoicing' && event.feesStatus === 'INVOICED'
        ? 'LOCKED'
        : event.feesStatus,
    createdAt: event.createdAt,
    updatedAt: event.updatedAt,
    instructability: {
      isAllowed: verdict.isAllowed,
      allowedDecisions: [...verdict.allowedDecisions],
      blockedReason:
        fault === 'events-blocked-reason-on-allowed' &&
        verdict.isAllowed &&
        patentEvents.some((e) => e.appliedDecision !== null)
          ? 'ALREADY_INSTRUCTED'
          : fault === 'events-blocked-reason-as-error-code' && verdict.blockedReason === 'ALREADY_INSTRUCTED'
            ? ('instruction_already_set' as PatentEvent['instructability']['blockedReason'])
            : verdict.blockedReason,
      opensAt: verdict.opensAt,
      mode: verdict.mode,
    },
  };
  if (fault === 'events-mode-missing')
    delete (view.instructability as Partial<PatentEvent['instructability']>).mode;
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
    currency:
      currentBehaviour().fault === 'currency-lower-case' ? invoice.currency.toLowerCase() : invoice.currency,
    vatRate:
      currentBehaviour().fault === 'vat-rate-as-percentage' && invoice.vatRate !== null
        ? invoice.vatRate * 100
        : invoice.vatRate,
    vatNumber: invoice.vatNumber,
    subtotalExcludingTax: subtotalOf(invoice),
    totalIncludingTax: totalIncludingTaxOf(invoice),
    hasPdfDocument: invoice.hasPdfDocument,
    hasXlsxDocument: invoice.hasXlsxDocument,
    fees:
      currentBehaviour().fault === 'invoices-line-per-component'
        ? invoice.lines.flatMap((line) =>
            line.fees.components.map((c) =>
              invoiceLineView(store, tenant, invoice, { ...line, fees: { ...line.fees, components: [c] } }),
            ),
          )
        : invoice.lines.map((line) => invoiceLineView(store, tenant, invoice, line)),
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
      status: currentBehaviour().fault === 'instructions-receipt-status-pending' ? 'PENDING' : i.status,
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
  const hidesCreatedId =
    currentBehaviour().fault === 'sync-accepted-create-without-id' && change.kind === 'CREATE';
  return {
    providerId: change.providerId,
    servicePatentId: hidesCreatedId ? null : change.patentId,
    action: change.kind,
    outcome,
    requestId:
      change.state === 'UNRECORDED' ||
      (currentBehaviour().fault === 'sync-rejected-without-request-id' && change.state === 'REJECTED')
        ? null
        : change.id,
    reason,
  };
}

const TRIAGE_STATES = ['APPLIED', 'AWAITING_REVIEW', 'REJECTED', 'SUPPRESSED', 'UNRECORDED'];

export function batchView(store: Store, batch: SyncBatchRecord, results: PageRequest): PatentSyncBatch {
  const { fault, variant } = currentBehaviour();
  const ordered = fault === 'sync-results-ordered-by-request-id' ? [...batch.results].sort() : batch.results;
  const resultsPage: Page<string> = page(ordered, results);
  const status = batchStatus(store, batch);
  return {
    object: 'patentSyncBatch',
    importId: batch.id,
    status,
    mode: batch.mode,
    totalItems: batch.items.length,
    processedItems:
      fault === 'sync-processed-items-short-by-one'
        ? Math.max(0, batch.results.length - 1)
        : fault === 'sync-processed-items-from-triage-outcomes'
          ? // counts triage outcomes only: a proposal reviewed since (accepted or refused) drops out
            batch.results.filter((id) => TRIAGE_STATES.includes(store.changeRequests.get(id)?.state ?? ''))
              .length
          : batch.results.length,
    autoAppliedItems: batch.autoAppliedItems,
    stagedItems:
      fault === 'sync-staged-count-live'
        ? batch.results.filter((id) => store.changeRequests.get(id)?.state === 'AWAITING_REVIEW').length
        : batch.stagedItems,
    rejectedItems: batch.rejectedItems,
    suppressedItems: batch.suppressedItems,
    createdAt: batch.createdAt,
    completedAt:
      variant === 'triaged-batch-completed-at-null' && status === 'TRIAGED' ? null : batch.completedAt,
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
    amount:
      currentBehaviour().fault === 'freezes-amount-as-number'
        ? (Number(totalOf(fees.components)) as unknown as string)
        : totalOf(fees.components),
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
