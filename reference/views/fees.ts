/**
 * The fees object: an event's fees as they stand now, and the fees an event or an invoice line embeds.
 * Every fees object is written by `feesObject`, so the faults of FEES_FAULTS reach all of them.
 */
import type { Fees } from '../../schemas/types';
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { enumOf } from '../../schemas/openapi-facts';
import { isFault, isVariant } from '../behaviour';
import { currentFees, estimateFees, money, totalOf } from '../domain/fees';
import { isFxRateFrozen } from '../domain/freezes';
import type { ComponentType, EventRecord, FeeAmounts, Store, Tenant } from '../store';
import { eventsOfPatent } from '../store';
import { type SerializerFaults, without, written } from './serializer';

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

/** A fees object from stored amounts: the one writer of an event's fees and of an invoice's lines. */
export function feesObject(
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
    // The total summed over OFFICE, AGENT and SERVICE, the late surcharge left out.
    total: scaled(
      totalOf(
        isFault('fees-total-omits-grace-surcharge')
          ? amounts.components.filter((c) => c.type !== 'GRACE_PERIOD')
          : amounts.components,
      ),
    ),
    components,
    feesStatus: extra.feesStatus,
    // The flag read from the fee snapshot, which only a lock writes: estimated fees read false.
    isFxRateFrozen:
      event === undefined || (isFault('fees-fx-flag-ignores-freeze') && event.feesStatus === 'ESTIMATED')
        ? false
        : isFxRateFrozen(tenant, event),
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
export function embeddedFees(view: Fees): Fees {
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

/** (fault) The quote each ESTIMATED event got at its first read. */
const quotes = new WeakMap<EventRecord, FeeAmounts>();

/** The fees of an event as they stand now (estimated, locked or invoiced). */
export function eventFeesView(store: Store, tenant: Tenant, event: EventRecord, today: string): Fees {
  let invoiceId = event.feesStatus === 'INVOICED' ? event.invoiceId : null;
  // The invoice joined through the GENERATED invoice sequence: IMPORTED invoices are not found.
  if (
    isFault('fees-invoice-id-generated-invoices-only') &&
    invoiceId !== null &&
    store.invoices.get(invoiceId)?.origin !== 'GENERATED'
  )
    invoiceId = null;
  if (isFault('fees-invoice-id-of-patent') && invoiceId === null)
    invoiceId = eventsOfPatent(store, event.patentId).find((e) => e.invoiceId !== null)?.invoiceId ?? null;
  // The draft invoice's key exposed without looking at the status.
  if (isFault('fees-invoiceid-set-while-locked') && event.feesStatus === 'LOCKED')
    invoiceId = draftInvoiceId(event);
  // The amounts of an invoiced event taken from the live estimator instead of its invoice line.
  const billedFromEstimate =
    isFault('invoiced-fees-route-returns-estimate-amounts') && event.feesStatus === 'INVOICED';
  let amounts = liveRate(
    tenant,
    event,
    billedFromEstimate ? estimateFees(event, today) : currentFees(event, today),
  );
  // The first quote of an estimate stored by the read and served again on later reads.
  if (isFault('estimate-quote-cached-on-first-read') && event.feesStatus === 'ESTIMATED') {
    const quoted = quotes.get(event);
    if (quoted === undefined) quotes.set(event, amounts);
    else amounts = quoted;
  }
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
  // The event's line taken as its latest invoice line, a REGULARIZATION one included.
  const line = isFault('regularization-fields-leak-to-event-fees')
    ? [...store.invoices.values()]
        .flatMap((invoice) => invoice.lines)
        .filter((l) => l.eventId === event.id)
        .at(-1)
    : undefined;
  const view = feesObject(store, tenant, event, amounts, {
    invoiceId,
    feesStatus,
    eventId: event.id,
    patentId: event.patentId,
    regularizedInvoiceId: line?.regularizedInvoiceId ?? null,
    regularizationReason: line?.regularizationReason ?? null,
  });
  return written(EVENT_FEES_FAULTS, view, event);
}
