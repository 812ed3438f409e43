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
import { isFault, isVariant } from './behaviour';
import { currentFees, money, totalOf } from './domain/fees';
import { duePeriod } from './domain/due-period';
import { isFxRateFrozen, isMonthFrozen } from './domain/freezes';
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
  const view: Patent = {
    // The class name serialized as the type.
    object: isFault('patents-object-class-name') ? ('Patent' as Patent['object']) : 'patent',
    id: p.id,
    providerId: p.providerId,
    clientCaseReference: p.clientCaseReference,
    clientFamilyReference: p.clientFamilyReference,
    title: p.title,
    // The office looked up among the national offices only: the regional ones (WO, EP, EA) come out null.
    office:
      isFault('patents-office-null-for-regional') && ['WO', 'EP', 'EA'].includes(p.office)
        ? (null as unknown as string)
        : p.office,
    // The v1 label of the utility model.
    patentType: (isFault('patents-type-v1-labels') && p.patentType === 'UTILITY'
      ? 'UTILITY_MODEL'
      : p.patentType) as Patent['patentType'],
    applicationNumber: isFault('patents-application-number-normalized')
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
      (isFault('patents-missing-status-as-unknown') ? 'UNKNOWN' : null)) as Patent['status'],
    // A PCT national phase labelled by its own route name.
    filingRoute: (isFault('patents-filing-route-national-phase') &&
    p.filingRoute === 'PCT' &&
    p.nationalPhaseEntryDate !== null
      ? 'PCT_NATIONAL_PHASE'
      : p.filingRoute) as Patent['filingRoute'],
    // The fee-category label of the US office in place of the applicant size.
    applicantType: (isFault('patents-applicant-type-entity-labels') && p.applicantType !== null
      ? `${p.applicantType}_ENTITY`
      : p.applicantType) as Patent['applicantType'],
    // Read from a BIGINT column, which the driver hands over as a string.
    claimCount:
      isFault('patents-claim-count-as-string') && p.claimCount !== null
        ? (String(p.claimCount) as unknown as number)
        : p.claimCount,
    // The list columns written as they are stored: comma- or semicolon-separated text.
    designatedCountries: p.designatedCountries
      ? isFault('patents-designated-countries-joined')
        ? (p.designatedCountries.join(',') as unknown as string[])
        : [...p.designatedCountries]
      : null,
    owner: p.owner,
    secondaryOwners: p.secondaryOwners
      ? isFault('patents-secondary-owners-joined')
        ? (p.secondaryOwners.join('; ') as unknown as string[])
        : [...p.secondaryOwners]
      : null,
    subCase: p.subCase,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
  if (isFault('patents-official-numbers-missing')) delete (view as Partial<Patent>).officialNumbers;
  // A serializer that skips null members, configured on the reference columns.
  if (isFault('patents-null-references-omitted')) {
    for (const name of ['clientCaseReference', 'clientFamilyReference', 'subCase'] as const)
      if (view[name] === null) delete (view as Partial<Patent>)[name];
  }
  // A serializer that writes a missing value as undefined, which JSON.stringify drops with its member.
  if (isFault('patents-null-members-omitted')) {
    for (const [name, value] of Object.entries(view))
      if (value === null) (view as unknown as Record<string, unknown>)[name] = undefined;
  }
  if (isFault('timestamps-without-offset')) {
    // Written as local date-times, without the zone.
    view.createdAt = view.createdAt?.slice(0, 19) ?? null;
    view.updatedAt = view.updatedAt?.slice(0, 19) ?? null;
  }
  // Date columns read back as midnight timestamps and serialized as such.
  if (isFault('patents-dates-as-timestamps')) {
    for (const name of ['applicationDate', 'priorityDate', 'grantDate'] as const)
      if (view[name] !== null) view[name] = `${view[name]}T00:00:00.000Z`;
  }
  // The stored record's owner serialized with the rest.
  if (isFault('patent-view-leaks-tenant-id')) Object.assign(view, { tenantId: p.tenantId });
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
  const patent = extra.patentId === null ? undefined : store.patents.get(extra.patentId);
  let components: { type: ComponentType; amount: string | number | null }[] = amounts.components.map((c) => ({
    type: c.type,
    amount: c.amount,
  }));
  // The order of the components is not stated: the variant lists them in reverse.
  if (isVariant('fee-components-reversed')) components.reverse();
  if (isFault('fees-inapplicable-components-null')) {
    components = COMPONENT_TYPES.map((type) => ({
      type,
      amount: amounts.components.find((c) => c.type === type)?.amount ?? null,
    }));
  }
  if (isFault('fees-amounts-as-numbers'))
    components = components.map((c) => ({ ...c, amount: Number(c.amount) }));
  const total = totalOf(amounts.components);
  return {
    object: 'fees',
    invoiceId: extra.invoiceId,
    eventId: extra.eventId,
    patent: {
      id: patent?.id ?? null,
      // Built from the event row, which carries no providerId.
      providerId: isFault('fees-patent-provider-id-missing') ? null : (patent?.providerId ?? null),
    },
    currency: amounts.currency,
    total: isFault('fees-amounts-as-numbers') ? (Number(total) as unknown as string) : total,
    components: components as Fees['components'],
    feesStatus: extra.feesStatus,
    // A left join on the frozen months: null for a month that has never been frozen.
    isFxRateFrozen:
      isFault('fees-fx-frozen-null-when-never-frozen') &&
      (event === undefined || !isFxRateFrozen(tenant, event))
        ? (null as unknown as boolean)
        : event === undefined
          ? false
          : isFxRateFrozen(tenant, event),
    regularizedInvoiceId: extra.regularizedInvoiceId,
    regularizationReason: extra.regularizationReason,
  };
}

/** The fees of an event as they stand now (estimated, locked or invoiced). */
export function eventFeesView(store: Store, tenant: Tenant, event: EventRecord, today: string): Fees {
  let invoiceId =
    event.feesStatus === 'INVOICED' && !isFault('fees-invoiced-without-invoice-id') ? event.invoiceId : null;
  if (isFault('fees-invoice-id-of-patent') && invoiceId === null) {
    // The invoice looked up by patent instead of by event.
    invoiceId = eventsOfPatent(store, event.patentId).find((e) => e.invoiceId !== null)?.invoiceId ?? null;
  }
  let amounts = currentFees(event, today);
  // The billed amounts taken from the invoice's gross (VAT included) figures.
  const vatRate =
    isFault('fees-invoiced-amounts-with-vat') && invoiceId !== null
      ? store.invoices.get(invoiceId)?.vatRate
      : null;
  if (vatRate) {
    const components = amounts.components.map((c) => ({
      ...c,
      amount: money(Number(c.amount) * (1 + vatRate)),
    }));
    amounts = { ...amounts, components };
  }
  const view = feesObject(store, tenant, event, amounts, {
    invoiceId,
    feesStatus: isFault('fees-status-ignores-lock')
      ? event.invoiceId === null
        ? 'ESTIMATED'
        : 'INVOICED'
      : // Read from the fee record, which exists only once the event has been instructed.
        isFault('fees-status-null-before-instruction') && event.instructionId === null
        ? (null as unknown as Fees['feesStatus'])
        : event.feesStatus,
    eventId: event.id,
    patentId: event.patentId,
    regularizedInvoiceId: null,
    regularizationReason: null,
  });
  // The breakdown serialized without its type.
  if (isFault('fees-event-fees-without-object')) delete (view as Partial<Fees>).object;
  return view;
}

function invoiceLineView(store: Store, tenant: Tenant, invoice: InvoiceRecord, line: InvoiceLine): Fees {
  const event = line.eventId === null ? undefined : store.events.get(line.eventId);
  const view = feesObject(store, tenant, event, line.fees, {
    invoiceId: invoice.id,
    feesStatus: 'INVOICED',
    eventId: line.eventId,
    patentId: line.patentId,
    regularizedInvoiceId: isFault('invoices-regularized-id-on-every-line')
      ? (line.regularizedInvoiceId ?? invoice.id)
      : line.regularizedInvoiceId,
    // The reason column's default (NOT_PAYABLE) read back on every line.
    regularizationReason: isFault('invoices-regularization-reason-defaulted')
      ? (line.regularizationReason ?? 'NOT_PAYABLE')
      : line.regularizationReason,
  });
  // The lines serialized as bare breakdowns.
  if (isFault('invoice-lines-without-object')) delete (view as Partial<Fees>).object;
  return view;
}

export function eventView(
  store: Store,
  tenant: Tenant,
  event: EventRecord,
  today: string,
  options: { withFees?: boolean; patentEvents?: EventRecord[] } = {},
): PatentEvent {
  const patent = store.patents.get(event.patentId);
  const patentEvents = options.patentEvents ?? eventsOfPatent(store, event.patentId);
  const verdict = instructability(
    event,
    isFault('events-allowed-ignores-earlier-pending') ? [event] : patentEvents,
    today,
  );
  const isRenewal = event.eventType === 'RENEWAL';
  // The annuity year read from a varchar column.
  const annuityYear: number | string = isFault('events-annuity-year-as-string')
    ? String(event.annuityYear)
    : event.annuityYear;
  const showSequence =
    event.paymentSequenceNumber !== event.annuityYear || isFault('events-payment-sequence-always-shown');
  const view: PatentEvent = {
    // The v1 name of the resource.
    object: isFault('events-object-v1-name') ? ('renewal' as PatentEvent['object']) : 'patentEvent',
    id: event.id,
    patent: {
      id: isFault('event-patent-id-is-provider-id') ? (patent?.providerId ?? event.patentId) : event.patentId,
      providerId:
        (isFault('events-patent-provider-id-from-case-reference')
          ? patent?.clientCaseReference
          : patent?.providerId) ?? null,
    },
    // The kind written as the enum is stored (lower case).
    eventType: isFault('events-event-type-lower-case') ? event.eventType.toLowerCase() : event.eventType,
    // Dates read into Date objects and serialized as such.
    dueDate: isFault('event-dates-as-timestamps') ? new Date(event.dueDate).toISOString() : event.dueDate,
    gracePeriodEndDate:
      isFault('event-dates-as-timestamps') && event.gracePeriodEndDate !== null
        ? new Date(event.gracePeriodEndDate).toISOString()
        : event.gracePeriodEndDate,
    // paymentSequenceNumber is shown only when it differs from the annuity year (absent, not null, otherwise).
    renewal:
      isRenewal && (showSequence || !isFault('events-renewal-null-without-sequence'))
        ? showSequence
          ? {
              annuityYear: annuityYear as number,
              // Read from a text column of the office's numbering.
              paymentSequenceNumber: isFault('events-payment-sequence-as-string')
                ? (String(event.paymentSequenceNumber) as unknown as number)
                : event.paymentSequenceNumber,
            }
          : { annuityYear: annuityYear as number }
        : null,
    appliedDecision:
      isFault('instructions-applied-decision-hidden') && event.processingStatus === 'INSTRUCTED'
        ? null
        : // The decision shown as the short code the instruction table stores.
          isFault('events-applied-decision-short-code') && event.appliedDecision === 'SKIP_THIS_TIME'
          ? ('SKIP' as PatentEvent['appliedDecision'])
          : event.appliedDecision,
    // The internal period mapped through the v1 labels.
    duePeriod:
      isFault('events-due-period-v1-labels') && duePeriod(event, today) === 'GRACE_PERIOD'
        ? ('GRACE' as PatentEvent['duePeriod'])
        : duePeriod(event, today),
    // The status of the event's instruction shown in place of the event's own processing status.
    processingStatus:
      isFault('events-processing-status-from-instruction') && event.instructionId !== null
        ? ('EXECUTED' as PatentEvent['processingStatus'])
        : event.processingStatus,
    // Read from a date column: the day of the change only.
    processingStatusUpdatedAt:
      isFault('events-status-updated-at-as-date') && event.processingStatusUpdatedAt !== null
        ? event.processingStatusUpdatedAt.slice(0, 10)
        : event.processingStatusUpdatedAt,
    // A left join on the frozen months: null for a month that has never been frozen.
    isFxRateFrozen:
      isFault('events-fx-frozen-null-when-never-frozen') && !isFxRateFrozen(tenant, event)
        ? (null as unknown as boolean)
        : isFxRateFrozen(tenant, event),
    feesStatus:
      isFault('events-fees-status-stale-after-invoicing') && event.feesStatus === 'INVOICED'
        ? 'LOCKED'
        : event.feesStatus,
    createdAt: event.createdAt,
    updatedAt: event.updatedAt,
    instructability: {
      isAllowed: verdict.isAllowed,
      allowedDecisions: [...verdict.allowedDecisions],
      blockedReason:
        isFault('events-blocked-reason-on-allowed') &&
        verdict.isAllowed &&
        patentEvents.some((e) => e.appliedDecision !== null)
          ? 'ALREADY_INSTRUCTED'
          : isFault('events-blocked-reason-as-error-code') && verdict.blockedReason === 'ALREADY_INSTRUCTED'
            ? ('instruction_already_set' as PatentEvent['instructability']['blockedReason'])
            : verdict.blockedReason,
      opensAt: verdict.opensAt,
      mode: verdict.mode,
    },
  };
  if (isFault('events-mode-missing'))
    delete (view.instructability as Partial<PatentEvent['instructability']>).mode;
  if (options.withFees) view.fees = eventFeesView(store, tenant, event, today);
  return view;
}

export function invoiceView(store: Store, tenant: Tenant, invoice: InvoiceRecord): Invoice {
  return {
    // The type named after the right kind of the invoice.
    object: isFault('invoices-object-per-right-type') ? ('patentInvoice' as Invoice['object']) : 'invoice',
    id: invoice.id,
    reference: invoice.reference,
    number: invoice.number,
    issueDate: invoice.issueDate,
    // The v1 name of a regularization.
    origin:
      isFault('invoices-origin-v1-credit-note') && invoice.origin === 'REGULARIZATION'
        ? ('CREDIT_NOTE' as Invoice['origin'])
        : invoice.origin,
    ipRightType: invoice.ipRightType,
    currency: isFault('currency-lower-case') ? invoice.currency.toLowerCase() : invoice.currency,
    vatRate:
      isFault('vat-rate-as-percentage') && invoice.vatRate !== null ? invoice.vatRate * 100 : invoice.vatRate,
    vatNumber: invoice.vatNumber,
    subtotalExcludingTax: subtotalOf(invoice),
    totalIncludingTax: totalIncludingTaxOf(invoice),
    hasPdfDocument: invoice.hasPdfDocument,
    // A left join on the XLSX documents: null when there is none.
    hasXlsxDocument:
      isFault('invoices-xlsx-flag-null-without-document') && !invoice.hasXlsxDocument
        ? (null as unknown as boolean)
        : invoice.hasXlsxDocument,
    fees: isFault('invoices-line-per-component')
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
  // The designation columns written as they are stored: comma-separated text, empty when none.
  const designations = (countries: string[] | null) =>
    isFault('instructions-designations-as-text')
      ? ((countries ?? []).join(',') as unknown as string[])
      : countries
        ? [...countries]
        : null;
  return {
    // The record's type name in place of the resource's.
    object: isFault('instructions-receipt-object-receipt')
      ? ('receipt' as 'instructionReceipt')
      : 'instructionReceipt',
    issueDate: receipt.issueDate,
    reference: receipt.reference,
    // The sequential number written zero-padded, as in the display reference.
    number: isFault('instructions-receipt-number-padded')
      ? (String(receipt.number).padStart(6, '0') as unknown as number)
      : receipt.number,
    instructions: receipt.instructions.map((i, index): Instruction => {
      // The lines after the first shown as queued behind it, though every line was executed.
      const queued = isFault('instructions-receipt-later-lines-pending') && index > 0;
      const line: Instruction = {
        object: 'instruction',
        id: i.id,
        decision: i.decision,
        status:
          isFault('instructions-receipt-status-pending') || queued
            ? 'PENDING'
            : isFault('instructions-receipt-status-lower-case')
              ? (i.status.toLowerCase() as Instruction['status'])
              : i.status,
        executedAt: queued ? null : i.executedAt,
        scheduledForExecutionAt: null,
        renewedDesignatedCountries: designations(i.renewedDesignatedCountries),
        excludedDesignatedCountries: designations(null),
      };
      // The instruction records copied as they are, without their type.
      if (isFault('instructions-receipt-lines-without-object')) delete (line as Partial<Instruction>).object;
      return line;
    }),
  };
}

export function syncResultView(store: Store, changeRequestId: string): SyncResultItem {
  const change = store.changeRequests.get(changeRequestId);
  if (change === undefined) throw new Error(`missing change request ${changeRequestId}`);
  const { outcome, reason } = resultOutcome(change);
  const hidesCreatedId = isFault('sync-accepted-create-without-id') && change.kind === 'CREATE';
  // A create awaiting review shows the id of its change request as the patent id it will get.
  const reservesId =
    isFault('sync-staged-create-shows-request-id') &&
    change.kind === 'CREATE' &&
    change.state === 'AWAITING_REVIEW';
  return {
    providerId: change.providerId,
    servicePatentId: hidesCreatedId ? null : reservesId ? change.id : change.patentId,
    action: change.kind,
    outcome,
    requestId:
      change.state === 'UNRECORDED' ||
      (isFault('sync-rejected-without-request-id') && change.state === 'REJECTED')
        ? null
        : change.id,
    reason,
  };
}

const TRIAGE_STATES = ['APPLIED', 'AWAITING_REVIEW', 'REJECTED', 'SUPPRESSED', 'UNRECORDED'];

export function batchView(store: Store, batch: SyncBatchRecord, results: PageRequest): PatentSyncBatch {
  const ordered = isFault('sync-results-ordered-by-request-id') ? [...batch.results].sort() : batch.results;
  const resultsPage: Page<string> = page(ordered, results);
  const status = batchStatus(store, batch);
  return {
    // The class name serialized as the type.
    object: isFault('sync-batch-object-class-name')
      ? ('PatentSyncBatch' as 'patentSyncBatch')
      : 'patentSyncBatch',
    importId: batch.id,
    status,
    mode: batch.mode,
    // Only the items that passed validation counted.
    totalItems: batch.items.length - (isFault('sync-total-items-valid-only') ? batch.rejectedItems : 0),
    processedItems: isFault('sync-processed-items-short-by-one')
      ? Math.max(0, batch.results.length - 1)
      : isFault('sync-processed-items-from-triage-outcomes')
        ? // counts triage outcomes only: a proposal reviewed since (accepted or refused) drops out
          batch.results.filter((id) => TRIAGE_STATES.includes(store.changeRequests.get(id)?.state ?? ''))
            .length
        : batch.results.length,
    autoAppliedItems: batch.autoAppliedItems,
    stagedItems: isFault('sync-staged-count-live')
      ? batch.results.filter((id) => store.changeRequests.get(id)?.state === 'AWAITING_REVIEW').length
      : batch.stagedItems,
    rejectedItems: batch.rejectedItems,
    suppressedItems: batch.suppressedItems,
    createdAt: batch.createdAt,
    completedAt:
      isVariant('triaged-batch-completed-at-null') && status === 'TRIAGED' ? null : batch.completedAt,
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
    // The contract lists the members of a frozen-rate event without `object`: the variant leaves it out.
    ...(isVariant('frozen-rate-events-without-object') ? {} : { object: 'frozenRateEvent' as const }),
    clientCaseReference: store.patents.get(event.patentId)?.clientCaseReference ?? null,
    dueDate: event.dueDate,
    amount: isFault('freezes-amount-as-number')
      ? (Number(totalOf(fees.components)) as unknown as string)
      : totalOf(fees.components),
    currency: fees.currency,
    isFxRateFrozen: isMonthFrozen(tenant, event),
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
    // The month kept as its first day.
    yearMonth: isFault('freezes-month-read-as-date') ? `${yearMonth}-01` : yearMonth,
    events: events.map((e) => frozenRateEventView(store, tenant, e, today)),
  };
}
