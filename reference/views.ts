/**
 * Wire representations: store records to the contract's JSON objects. Kept apart from the domain so that
 * what is stored and what is shown can each change in one place.
 *
 * Each view is the clean mapping of its table in the contract ("Resources and their fields"). The serializer
 * faults, which write a finished view otherwise, sit in a table beside it (`*_FAULTS`), applied by `written`;
 * the faults that choose other data (another input, another lookup) stay where that data is chosen.
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
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { enumOf } from '../schemas/openapi-facts';
import { currentBehaviour, isFault, isVariant, type FaultName } from './behaviour';
import { currentFees, money, totalOf } from './domain/fees';
import { duePeriod, isLapsed } from './domain/due-period';
import { isFxRateFrozen, isMonthFrozen } from './domain/freezes';
import { instructability } from './domain/instructability';
import { subtotalOf, totalIncludingTaxOf } from './domain/invoices';
import { batchStatus, resultOutcome } from './domain/sync';
import { page, type Page, type PageRequest } from './pagination';
import type {
  ChangeRequest,
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
import { DECISIONS, eventsOfPatent } from './store';

// ---------------------------------------------------------------- serializer faults

/** A view as a faulty serializer writes it: a member may change its type, go or come. */
type Written = Record<string, unknown>;

/** The serializer faults of a view: each rewrites the finished clean view (reading its record if need be). */
type SerializerFaults<View, Source = unknown> = Partial<
  Record<FaultName, (view: View, source: Source) => Written>
>;

/** The view as the serializer writes it: the clean view, or what the running fault's edit makes of it. */
function written<View extends Written, Source>(
  faults: SerializerFaults<View, Source>,
  view: View,
  source: Source,
): View {
  const { fault } = currentBehaviour();
  const edit = fault === undefined ? undefined : faults[fault];
  // The one place a view may leave the contract's shape its type states: a fault's edit is off-contract.
  return edit === undefined ? view : (edit(view, source) as View);
}

/** The view without some members (kept in order, as JSON.stringify writes them). */
function without(view: Written, names: readonly string[]): Written {
  return Object.fromEntries(Object.entries(view).filter(([name]) => !names.includes(name)));
}

/** A date read back as a midnight timestamp. */
const midnight = (date: string | null) => (date === null ? null : `${date}T00:00:00.000Z`);

// ---------------------------------------------------------------- patent

const PATENT_FAULTS: SerializerFaults<Patent, PatentRecord> = {
  'patents-object-class-name': (view) => ({ ...view, object: 'Patent' }),
  'patents-office-null-for-regional': (view) => ({
    ...view,
    office: ['WO', 'EP', 'EA'].includes(view.office) ? null : view.office,
  }),
  'patents-type-v1-labels': (view) => ({
    ...view,
    patentType: view.patentType === 'UTILITY' ? 'UTILITY_MODEL' : view.patentType,
  }),
  'patents-application-number-normalized': (view) => ({
    ...view,
    applicationNumber: view.applicationNumber?.toUpperCase().replace(/\s+/g, '') ?? null,
  }),
  'patents-missing-status-as-unknown': (view) => ({ ...view, status: view.status ?? 'UNKNOWN' }),
  'patents-filing-route-national-phase': (view) => ({
    ...view,
    filingRoute:
      view.filingRoute === 'PCT' && view.nationalPhaseEntryDate !== null
        ? 'PCT_NATIONAL_PHASE'
        : view.filingRoute,
  }),
  'patents-applicant-type-entity-labels': (view) => ({
    ...view,
    applicantType: view.applicantType === null ? null : `${view.applicantType}_ENTITY`,
  }),
  'patents-claim-count-as-string': (view) => ({
    ...view,
    claimCount: view.claimCount === null ? null : String(view.claimCount),
  }),
  'patents-designated-countries-joined': (view) => ({
    ...view,
    designatedCountries: view.designatedCountries?.join(',') ?? null,
  }),
  'patents-secondary-owners-joined': (view) => ({
    ...view,
    secondaryOwners: view.secondaryOwners?.join('; ') ?? null,
  }),
  'patents-official-numbers-missing': (view) => without(view, ['officialNumbers']),
  'patents-null-references-omitted': (view) =>
    without(
      view,
      (['clientCaseReference', 'clientFamilyReference', 'subCase'] as const).filter(
        (name) => view[name] === null,
      ),
    ),
  'patents-null-members-omitted': (view) =>
    Object.fromEntries(Object.entries(view).filter(([, v]) => v !== null)),
  'timestamps-without-offset': (view) => ({
    ...view,
    createdAt: view.createdAt?.slice(0, 19) ?? null,
    updatedAt: view.updatedAt?.slice(0, 19) ?? null,
  }),
  'patents-dates-as-timestamps': (view) => ({
    ...view,
    applicationDate: midnight(view.applicationDate),
    priorityDate: midnight(view.priorityDate),
    grantDate: midnight(view.grantDate),
  }),
  'patent-view-leaks-tenant-id': (view, record) => ({ ...view, tenantId: record.tenantId }),
};

export function patentView(p: PatentRecord): Patent {
  const view: Patent = {
    object: 'patent',
    id: p.id,
    providerId: p.providerId,
    clientCaseReference: p.clientCaseReference,
    clientFamilyReference: p.clientFamilyReference,
    title: p.title,
    office: p.office,
    patentType: p.patentType,
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
    status: p.status,
    filingRoute: p.filingRoute,
    applicantType: p.applicantType,
    claimCount: p.claimCount,
    designatedCountries: p.designatedCountries ? [...p.designatedCountries] : null,
    owner: p.owner,
    secondaryOwners: p.secondaryOwners ? [...p.secondaryOwners] : null,
    subCase: p.subCase,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
  return written(PATENT_FAULTS, view, p);
}

// ---------------------------------------------------------------- fees

const COMPONENT_TYPES: readonly ComponentType[] = enumOf('FeeComponent', 'type');

/** Faults of every fees object: the fees of an event and the lines of an invoice. */
const FEES_FAULTS: SerializerFaults<Fees> = {
  'fees-inapplicable-components-null': (view) => ({
    ...view,
    components: COMPONENT_TYPES.map((type) => ({
      type,
      amount: view.components.find((c) => c.type === type)?.amount ?? null,
    })),
  }),
  'fees-amounts-as-numbers': (view) => ({
    ...view,
    total: Number(view.total),
    components: view.components.map((c) => ({ ...c, amount: Number(c.amount) })),
  }),
  'fees-patent-provider-id-missing': (view) => ({ ...view, patent: { ...view.patent, providerId: null } }),
  'fees-fx-frozen-null-when-never-frozen': (view) => ({
    ...view,
    isFxRateFrozen: view.isFxRateFrozen || null,
  }),
};

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
  // How many decimals an amount shows is not stated: two here, the four of the fee tables in the variant.
  const scaled = (amount: string) =>
    isVariant('decimal-string-scale-free') ? new Decimal(amount).toFixed(4) : amount;
  const components = amounts.components.map((c) => ({ type: c.type, amount: scaled(c.amount) }));
  // The order of the components is not stated: as estimated here (OFFICE first).
  if (isVariant('fee-components-reversed')) components.reverse();
  const view: Fees = {
    object: 'fees',
    invoiceId: extra.invoiceId,
    eventId: extra.eventId,
    patent: {
      id: patent?.id ?? null,
      // The billing schema's client_ref column: the case reference taken for the client's patent reference.
      providerId:
        (isFault('fees-patent-providerid-holds-case-reference')
          ? patent?.clientCaseReference
          : patent?.providerId) ?? null,
    },
    currency: amounts.currency,
    total: scaled(totalOf(amounts.components)),
    components,
    feesStatus: extra.feesStatus,
    isFxRateFrozen: event === undefined ? false : isFxRateFrozen(tenant, event),
    regularizedInvoiceId: extra.regularizedInvoiceId,
    regularizationReason: extra.regularizationReason,
  };
  return written(FEES_FAULTS, view, undefined);
}

/** Faults of the fees embedded in another resource (an event's include=fees, an invoice's lines). */
const EMBEDDED_FEES_FAULTS: SerializerFaults<Fees> = {
  'embedded-fees-missing-object-member': (view) => without(view, ['object']),
};

/** The fees as embedded in another resource. */
function embeddedFees(view: Fees): Fees {
  return written(EMBEDDED_FEES_FAULTS, view, undefined);
}

/** The id of the draft invoice shell the billing module creates when an event's fees are locked. */
function draftInvoiceId(event: EventRecord): string {
  const hex = createHash('sha256').update(`draft-invoice:${event.id}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const EVENT_FEES_FAULTS: SerializerFaults<Fees, EventRecord> = {
  'fees-invoiced-without-invoice-id': (view) => ({ ...view, invoiceId: null }),
  'fees-status-null-before-instruction': (view, event) => ({
    ...view,
    feesStatus: event.instructionId === null ? null : view.feesStatus,
  }),
  'fees-event-fees-without-object': (view) => without(view, ['object']),
};

/** (variant) Estimates shown so far: the day's exchange rate moves every other one by a cent. */
let estimatesShown = 0;

/** An estimate at the live exchange rate (variant): its service fee a cent up on every other read, unless frozen. */
function liveRate(tenant: Tenant, event: EventRecord, amounts: FeeAmounts): FeeAmounts {
  if (!isVariant('fees-estimates-recomputed-live') || event.feesStatus !== 'ESTIMATED') return amounts;
  if (isFxRateFrozen(tenant, event) || estimatesShown++ % 2 === 0) return amounts;
  const components = amounts.components.map((c) =>
    c.type === 'SERVICE' ? { ...c, amount: money(new Decimal(c.amount).plus('0.01')) } : c,
  );
  return { ...amounts, components };
}

/** The fees of an event as they stand now (estimated, locked or invoiced). */
export function eventFeesView(store: Store, tenant: Tenant, event: EventRecord, today: string): Fees {
  let invoiceId = event.feesStatus === 'INVOICED' ? event.invoiceId : null;
  if (isFault('fees-invoice-id-of-patent') && invoiceId === null)
    invoiceId = eventsOfPatent(store, event.patentId).find((e) => e.invoiceId !== null)?.invoiceId ?? null;
  // The draft invoice's key exposed without looking at the status.
  if (isFault('fees-invoiceid-set-while-locked') && event.feesStatus === 'LOCKED')
    invoiceId = draftInvoiceId(event);
  let amounts = liveRate(tenant, event, currentFees(event, today));
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
  const feesStatus = isFault('fees-status-ignores-lock')
    ? event.invoiceId === null
      ? 'ESTIMATED'
      : 'INVOICED'
    : event.feesStatus;
  const view = feesObject(store, tenant, event, amounts, {
    invoiceId,
    feesStatus,
    eventId: event.id,
    patentId: event.patentId,
    regularizedInvoiceId: null,
    regularizationReason: null,
  });
  return written(EVENT_FEES_FAULTS, view, event);
}

const INVOICE_LINE_FAULTS: SerializerFaults<Fees> = {
  'invoices-regularized-id-on-every-line': (view) => ({
    ...view,
    regularizedInvoiceId: view.regularizedInvoiceId ?? view.invoiceId,
  }),
  'invoices-regularization-reason-defaulted': (view) => ({
    ...view,
    regularizationReason: view.regularizationReason ?? 'NOT_PAYABLE',
  }),
  'invoice-lines-without-object': (view) => without(view, ['object']),
};

/** Local currency of an office and its units per euro (the office fee schedules are in it). */
const OFFICE_CURRENCIES: Record<string, { currency: string; perEuro: string }> = {
  JP: { currency: 'JPY', perEuro: '162.40' },
  CN: { currency: 'CNY', perEuro: '7.83' },
  KR: { currency: 'KRW', perEuro: '1478.50' },
  IN: { currency: 'INR', perEuro: '90.25' },
  EA: { currency: 'RUB', perEuro: '98.60' },
  CH: { currency: 'CHF', perEuro: '0.94' },
  US: { currency: 'USD', perEuro: '1.08' },
  GB: { currency: 'GBP', perEuro: '0.85' },
};

/** A line's amounts as the office fee schedule gives them, before the conversion to the invoice currency. */
function unconverted(store: Store, invoice: InvoiceRecord, line: InvoiceLine): InvoiceLine['fees'] {
  const office = line.patentId === null ? undefined : store.patents.get(line.patentId)?.office;
  const local = office === undefined ? undefined : OFFICE_CURRENCIES[office];
  if (invoice.currency !== 'EUR' || local === undefined) return line.fees;
  return {
    currency: local.currency,
    components: line.fees.components.map((c) => ({
      type: c.type,
      amount: money(new Decimal(c.amount).times(local.perEuro)),
    })),
  };
}

function invoiceLineView(store: Store, tenant: Tenant, invoice: InvoiceRecord, line: InvoiceLine): Fees {
  const event = line.eventId === null ? undefined : store.events.get(line.eventId);
  // Copied from the office fee schedule before the conversion step, which only the invoice totals go through.
  const fees = isFault('invoice-lines-in-office-currency') ? unconverted(store, invoice, line) : line.fees;
  const view = feesObject(store, tenant, event, fees, {
    invoiceId: invoice.id,
    feesStatus: 'INVOICED',
    eventId: line.eventId,
    patentId: line.patentId,
    regularizedInvoiceId: line.regularizedInvoiceId,
    regularizationReason: line.regularizationReason,
  });
  return written(INVOICE_LINE_FAULTS, embeddedFees(view), undefined);
}

// ---------------------------------------------------------------- patent event

/** The renewal object with one member rewritten (events without a renewal stay as they are). */
function withRenewal(
  view: PatentEvent,
  edit: (renewal: NonNullable<PatentEvent['renewal']>) => Written,
): Written {
  return view.renewal === null ? view : { ...view, renewal: edit(view.renewal) };
}

const EVENT_FAULTS: SerializerFaults<PatentEvent, EventRecord> = {
  'events-object-v1-name': (view) => ({ ...view, object: 'renewal' }),
  'event-patent-id-is-provider-id': (view) => ({
    ...view,
    patent: { ...view.patent, id: view.patent.providerId ?? view.patent.id },
  }),
  'events-event-type-lower-case': (view) => ({ ...view, eventType: view.eventType.toLowerCase() }),
  'event-dates-as-timestamps': (view) => ({
    ...view,
    dueDate: new Date(view.dueDate).toISOString(),
    gracePeriodEndDate:
      view.gracePeriodEndDate === null ? null : new Date(view.gracePeriodEndDate).toISOString(),
  }),
  'events-annuity-year-as-string': (view) =>
    withRenewal(view, (renewal) => ({ ...renewal, annuityYear: String(renewal.annuityYear) })),
  'events-payment-sequence-always-shown': (view, event) =>
    withRenewal(view, (renewal) => ({ ...renewal, paymentSequenceNumber: event.paymentSequenceNumber })),
  'events-payment-sequence-as-string': (view) =>
    withRenewal(view, (renewal) =>
      'paymentSequenceNumber' in renewal
        ? { ...renewal, paymentSequenceNumber: String(renewal.paymentSequenceNumber) }
        : renewal,
    ),
  'events-renewal-null-without-sequence': (view) =>
    view.renewal !== null && !('paymentSequenceNumber' in view.renewal) ? { ...view, renewal: null } : view,
  'applied-decision-set-only-for-proceed': (view) => ({
    ...view,
    appliedDecision: view.appliedDecision === 'PROCEED' ? 'PROCEED' : null,
  }),
  'instructions-applied-decision-hidden': (view) => ({
    ...view,
    appliedDecision: view.processingStatus === 'INSTRUCTED' ? null : view.appliedDecision,
  }),
  'events-applied-decision-short-code': (view) => ({
    ...view,
    appliedDecision: view.appliedDecision === 'SKIP_THIS_TIME' ? 'SKIP' : view.appliedDecision,
  }),
  'events-due-period-v1-labels': (view) => ({
    ...view,
    duePeriod: view.duePeriod === 'GRACE_PERIOD' ? 'GRACE' : view.duePeriod,
  }),
  'events-processing-status-from-instruction': (view, event) => ({
    ...view,
    processingStatus: event.instructionId === null ? view.processingStatus : 'EXECUTED',
  }),
  'events-status-updated-at-as-date': (view) => ({
    ...view,
    processingStatusUpdatedAt: view.processingStatusUpdatedAt?.slice(0, 10) ?? null,
  }),
  'events-fx-frozen-null-when-never-frozen': (view) => ({
    ...view,
    isFxRateFrozen: view.isFxRateFrozen || null,
  }),
  'events-fees-status-stale-after-invoicing': (view) => ({
    ...view,
    feesStatus: view.feesStatus === 'INVOICED' ? 'LOCKED' : view.feesStatus,
  }),
  'events-blocked-reason-as-error-code': (view) => ({
    ...view,
    instructability: {
      ...view.instructability,
      blockedReason:
        view.instructability.blockedReason === 'ALREADY_INSTRUCTED'
          ? 'instruction_already_set'
          : view.instructability.blockedReason,
    },
  }),
  'events-mode-missing': (view) => ({ ...view, instructability: without(view.instructability, ['mode']) }),
};

/** (variant) How many times each instructed event was shown: the back office moves it on after the first. */
const instructedReads = new WeakMap<EventRecord, number>();

/** processingStatus and its timestamp as shown now. */
function processingOf(
  event: EventRecord,
): Pick<PatentEvent, 'processingStatus' | 'processingStatusUpdatedAt'> {
  const shown = {
    processingStatus: event.processingStatus,
    processingStatusUpdatedAt: event.processingStatusUpdatedAt,
  };
  if (!isVariant('processing-status-advanced-by-back-office') || event.processingStatus !== 'INSTRUCTED')
    return shown;
  const reads = (instructedReads.get(event) ?? 0) + 1;
  instructedReads.set(event, reads);
  if (reads === 1 || event.processingStatusUpdatedAt === null) return shown;
  const later = new Date(Date.parse(event.processingStatusUpdatedAt) + 1000).toISOString();
  return { processingStatus: 'PAYMENT_SENT', processingStatusUpdatedAt: later };
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
  const view: PatentEvent = {
    object: 'patentEvent',
    id: event.id,
    patent: {
      id: event.patentId,
      providerId:
        (isFault('events-patent-provider-id-from-case-reference')
          ? patent?.clientCaseReference
          : patent?.providerId) ?? null,
    },
    eventType: event.eventType,
    dueDate: event.dueDate,
    gracePeriodEndDate: event.gracePeriodEndDate,
    // paymentSequenceNumber is shown only when it differs from the annuity year (absent, not null, otherwise).
    renewal:
      event.eventType !== 'RENEWAL'
        ? null
        : event.paymentSequenceNumber === event.annuityYear
          ? { annuityYear: event.annuityYear }
          : { annuityYear: event.annuityYear, paymentSequenceNumber: event.paymentSequenceNumber },
    appliedDecision: event.appliedDecision,
    duePeriod: duePeriod(event, today),
    ...processingOf(event),
    isFxRateFrozen: isFxRateFrozen(tenant, event),
    feesStatus: event.feesStatus,
    createdAt: event.createdAt,
    updatedAt: event.updatedAt,
    instructability: {
      isAllowed: verdict.isAllowed,
      // The read model lists the decisions without the lapse rule, which only the POST applies.
      allowedDecisions:
        isFault('instructability-lapsed-event-keeps-proceed') && verdict.isAllowed && isLapsed(event, today)
          ? [...DECISIONS]
          : [...verdict.allowedDecisions],
      blockedReason:
        isFault('events-blocked-reason-on-allowed') &&
        verdict.isAllowed &&
        patentEvents.some((e) => e.appliedDecision !== null)
          ? 'ALREADY_INSTRUCTED'
          : verdict.blockedReason,
      opensAt: verdict.opensAt,
      mode: verdict.mode,
    },
    ...(options.withFees ? { fees: embeddedFees(eventFeesView(store, tenant, event, today)) } : {}),
  };
  return written(EVENT_FAULTS, view, event);
}

// ---------------------------------------------------------------- invoice

const INVOICE_FAULTS: SerializerFaults<Invoice, Tenant> = {
  'invoices-object-per-right-type': (view) => ({ ...view, object: 'patentInvoice' }),
  'invoices-origin-v1-credit-note': (view) => ({
    ...view,
    origin: view.origin === 'REGULARIZATION' ? 'CREDIT_NOTE' : view.origin,
  }),
  'currency-lower-case': (view) => ({ ...view, currency: view.currency.toLowerCase() }),
  'vat-rate-as-percentage': (view) => ({
    ...view,
    vatRate: view.vatRate === null ? null : view.vatRate * 100,
  }),
  'invoices-xlsx-flag-null-without-document': (view) => ({
    ...view,
    hasXlsxDocument: view.hasXlsxDocument || null,
  }),
  'invoice-view-leaks-customer-id': (view, tenant) => ({ ...view, customerId: tenant.id }),
};

export function invoiceView(store: Store, tenant: Tenant, invoice: InvoiceRecord): Invoice {
  // The lines read from the ledger rows (one per fee type) without grouping them by event.
  const perComponent =
    isFault('invoices-line-per-component') ||
    (isFault('invoice-lines-split-per-component') && invoice.origin === 'GENERATED');
  const lines = perComponent
    ? invoice.lines.flatMap((line) =>
        line.fees.components.map((c) => ({ ...line, fees: { ...line.fees, components: [c] } })),
      )
    : invoice.lines;
  const view: Invoice = {
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
    fees: lines.map((line) => invoiceLineView(store, tenant, invoice, line)),
    createdAt: invoice.createdAt,
  };
  return written(INVOICE_FAULTS, view, tenant);
}

// ---------------------------------------------------------------- instruction receipt

/** The receipt with each instruction line rewritten. */
function withLines(view: InstructionReceipt, edit: (line: Instruction, index: number) => Written): Written {
  return { ...view, instructions: view.instructions.map(edit) };
}

/** Designations as stored: comma-separated text, empty when none. */
const asText = (countries: string[] | null | undefined) => (countries ?? []).join(',');

const RECEIPT_FAULTS: SerializerFaults<InstructionReceipt> = {
  'instructions-receipt-object-receipt': (view) => ({ ...view, object: 'receipt' }),
  'instructions-receipt-number-padded': (view) => ({ ...view, number: String(view.number).padStart(6, '0') }),
  'instructions-designations-as-text': (view) =>
    withLines(view, (line) => ({
      ...line,
      renewedDesignatedCountries: asText(line.renewedDesignatedCountries),
      excludedDesignatedCountries: asText(line.excludedDesignatedCountries),
    })),
  'instructions-receipt-later-lines-pending': (view) =>
    withLines(view, (line, index) => (index > 0 ? { ...line, status: 'PENDING', executedAt: null } : line)),
  'instructions-receipt-status-pending': (view) =>
    withLines(view, (line) => ({ ...line, status: 'PENDING' })),
  'instructions-receipt-status-lower-case': (view) =>
    withLines(view, (line) => ({ ...line, status: line.status.toLowerCase() })),
  'instructions-receipt-lines-without-object': (view) => withLines(view, (line) => without(line, ['object'])),
  'instruction-receipt-skip-decision-null': (view) =>
    withLines(view, (line) => ({
      ...line,
      decision: line.decision === 'SKIP_THIS_TIME' ? null : line.decision,
    })),
};

export function receiptView(receipt: InstructionReceiptRecord): InstructionReceipt {
  const view: InstructionReceipt = {
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
  return written(RECEIPT_FAULTS, view, undefined);
}

// ---------------------------------------------------------------- sync batch

const SYNC_RESULT_FAULTS: SerializerFaults<SyncResultItem, ChangeRequest> = {
  'sync-accepted-create-without-id': (view) => ({
    ...view,
    servicePatentId: view.action === 'CREATE' ? null : view.servicePatentId,
  }),
  'sync-staged-create-shows-request-id': (view, change) => ({
    ...view,
    servicePatentId:
      change.kind === 'CREATE' && change.state === 'AWAITING_REVIEW' ? change.id : view.servicePatentId,
  }),
  'sync-rejected-without-request-id': (view, change) => ({
    ...view,
    requestId: change.state === 'REJECTED' ? null : view.requestId,
  }),
};

export function syncResultView(store: Store, changeRequestId: string): SyncResultItem {
  const change = store.changeRequests.get(changeRequestId);
  if (change === undefined) throw new Error(`missing change request ${changeRequestId}`);
  const { outcome, reason } = resultOutcome(change);
  const view: SyncResultItem = {
    providerId: change.providerId,
    servicePatentId: change.patentId,
    action: change.kind,
    outcome,
    requestId: change.state === 'UNRECORDED' ? null : change.id,
    reason,
  };
  return written(SYNC_RESULT_FAULTS, view, change);
}

const BATCH_FAULTS: SerializerFaults<PatentSyncBatch> = {
  'sync-batch-object-class-name': (view) => ({ ...view, object: 'PatentSyncBatch' }),
  'sync-total-items-valid-only': (view) => ({ ...view, totalItems: view.totalItems - view.rejectedItems }),
  'sync-processed-items-short-by-one': (view) => ({
    ...view,
    processedItems: Math.max(0, view.processedItems - 1),
  }),
};

const OUTCOME_RANK: Record<string, number> = {
  REJECTED: 0,
  APPLIED: 1,
  STAGED: 2,
  ACCEPTED: 2,
  SUPPRESSED: 3,
};

function groupedByOutcome(store: Store, results: readonly string[]): string[] {
  const rank = (id: string) => {
    const change = store.changeRequests.get(id);
    return change === undefined ? 4 : (OUTCOME_RANK[resultOutcome(change).outcome] ?? 4);
  };
  return results
    .map((id, position) => ({ id, position, rank: rank(id) }))
    .sort((a, b) => a.rank - b.rank || a.position - b.position)
    .map((r) => r.id);
}

/** The triage outcomes of a change request (a proposal reviewed since has left them). */
const TRIAGE_STATES = ['APPLIED', 'AWAITING_REVIEW', 'REJECTED', 'SUPPRESSED', 'UNRECORDED'];

export function batchView(store: Store, batch: SyncBatchRecord, results: PageRequest): PatentSyncBatch {
  let ordered = isFault('sync-results-ordered-by-request-id') ? [...batch.results].sort() : batch.results;
  // Ordered by (outcome, position), the index the results table has.
  if (isFault('sync-results-grouped-by-outcome')) ordered = groupedByOutcome(store, batch.results);
  const resultsPage: Page<string> = page(ordered, results);
  if (isFault('sync-results-has-more-inclusive'))
    resultsPage.pagination = {
      ...resultsPage.pagination,
      hasMore: resultsPage.pagination.currentPage <= resultsPage.pagination.totalPages,
    };
  const status = batchStatus(store, batch);
  const stateOf = (id: string) => store.changeRequests.get(id)?.state ?? '';
  const view: PatentSyncBatch = {
    object: 'patentSyncBatch',
    importId: batch.id,
    status,
    mode: batch.mode,
    totalItems: batch.items.length,
    processedItems: isFault('sync-processed-items-from-triage-outcomes')
      ? batch.results.filter((id) => TRIAGE_STATES.includes(stateOf(id))).length
      : batch.results.length,
    autoAppliedItems: batch.autoAppliedItems,
    stagedItems: isFault('sync-staged-count-live')
      ? batch.results.filter((id) => stateOf(id) === 'AWAITING_REVIEW').length
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
  return written(BATCH_FAULTS, view, undefined);
}

// ---------------------------------------------------------------- exchange rate freeze

const FREEZE_FAULTS: SerializerFaults<ExchangeRateFreeze> = {
  'freezes-month-read-as-date': (view) => ({ ...view, yearMonth: `${view.yearMonth}-01` }),
  'freezes-amount-as-number': (view) => ({
    ...view,
    events: view.events?.map((e) => ({ ...e, amount: Number(e.amount) })),
  }),
};

function frozenRateEventView(
  store: Store,
  tenant: Tenant,
  event: EventRecord,
  today: string,
): FrozenRateEvent {
  const fees = currentFees(event, today);
  return {
    // The contract lists the members of a frozen-rate event without `object`: it is given here all the same.
    ...(isVariant('frozen-rate-events-without-object') ? {} : { object: 'frozenRateEvent' as const }),
    clientCaseReference: store.patents.get(event.patentId)?.clientCaseReference ?? null,
    dueDate: event.dueDate,
    // Only the office fee goes through the exchange rates: the freeze keeps its converted amount alone.
    amount: totalOf(
      isFault('freeze-event-amount-office-fee-only')
        ? fees.components.filter((c) => c.type === 'OFFICE')
        : fees.components,
    ),
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
  const view: ExchangeRateFreeze = {
    object: 'exchangeRateFreeze',
    yearMonth,
    events: events.map((e) => frozenRateEventView(store, tenant, e, today)),
  };
  return written(FREEZE_FAULTS, view, undefined);
}
