/** The wire representation of an exchange-rate freeze and its frozen-rate events. */
import type { ExchangeRateFreeze, FrozenRateEvent } from '../../schemas/types';
import Decimal from 'decimal.js';
import { isFault, isVariant } from '../behaviour';
import { currentFees, estimateFees, money, totalOf } from '../domain/fees';
import { hasInstructionSnapshots, isMonthFrozen } from '../domain/freezes';
import type { EventRecord, Store, Tenant } from '../store';
import { type SerializerFaults, written } from './serializer';

const FREEZE_FAULTS: SerializerFaults<ExchangeRateFreeze> = {
  'freezes-month-read-as-date': (view) => ({ ...view, yearMonth: `${view.yearMonth}-01` }),
  'freezes-amount-as-number': (view) => ({
    ...view,
    events: view.events?.map((e) => ({ ...e, amount: Number(e.amount) })),
  }),
};

/** (fault freeze-amount-invoiced-gross) An invoiced event's amount read from its invoice, VAT included. */
function invoicedGross(store: Store, event: EventRecord, amount: string): string {
  const invoice = event.invoiceId === null ? undefined : store.invoices.get(event.invoiceId);
  if (!isFault('freeze-amount-invoiced-gross') || event.feesStatus !== 'INVOICED' || !invoice) return amount;
  return money(new Decimal(amount).times(new Decimal(invoice.vatRate ?? 0).plus(1)));
}

function frozenRateEventView(
  store: Store,
  tenant: Tenant,
  event: EventRecord,
  today: string,
  preview: boolean,
): FrozenRateEvent {
  // (fault freeze-get-reports-unfrozen-potential-rows) A preview: the live estimate, whatever the freeze holds.
  const fees = preview ? estimateFees(event, today) : currentFees(event, today);
  const patent = store.patents.get(event.patentId);
  return {
    // The contract lists the members of a frozen-rate event without `object`: it is given here all the same.
    ...(isVariant('frozen-rate-events-without-object') ? {} : { object: 'frozenRateEvent' as const }),
    // (fault) The row builder maps "client reference" onto the patent's providerId.
    clientCaseReference:
      (isFault('freeze-row-client-case-reference-holds-provider-id')
        ? patent?.providerId
        : patent?.clientCaseReference) ?? null,
    dueDate: event.dueDate,
    // Only the office fee goes through the exchange rates: the freeze keeps its converted amount alone.
    amount: invoicedGross(
      store,
      event,
      totalOf(
        isFault('freeze-event-amount-office-fee-only')
          ? fees.components.filter((c) => c.type === 'OFFICE')
          : // (fault) Only the FX-exposed parts, OFFICE and AGENT, summed.
            isFault('freezes-amount-excludes-service-fee')
            ? fees.components.filter((c) => c.type === 'OFFICE' || c.type === 'AGENT')
            : fees.components,
      ),
    ),
    // (fault) The row written in the tenant's billing currency, the amount left in the event's.
    currency: isFault('freeze-rows-in-tenant-currency') ? 'EUR' : fees.currency,
    isFxRateFrozen: preview ? false : isMonthFrozen(tenant, event),
    // The snapshot a PUT stored (only the fault fx-has-instruction-frozen-snapshot stores one).
    hasInstruction: hasInstructionSnapshots.get(event) ?? event.instructionId !== null,
  };
}

export function freezeView(
  store: Store,
  tenant: Tenant,
  yearMonth: string,
  events: EventRecord[],
  today: string,
  options: { preview?: boolean } = {},
): ExchangeRateFreeze {
  const view: ExchangeRateFreeze = {
    object: 'exchangeRateFreeze',
    yearMonth,
    events: events.map((e) => frozenRateEventView(store, tenant, e, today, options.preview ?? false)),
  };
  // (variant) The order of a freeze's events is not stated: latest due first.
  if (isVariant('freeze-events-latest-first')) view.events?.reverse();
  return written(FREEZE_FAULTS, view, undefined);
}
