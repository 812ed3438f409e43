/**
 * Exchange-rate freezes: a frozen month freezes the rates of every event due in it. The flag is derived
 * from the tenant's frozen months, so events, fees and freeze reads always agree.
 */
import { isFault, isVariant } from '../behaviour';
import { yearMonthOf } from '../dates';
import type { EventRecord, Store, Tenant } from '../store';
import { eventsOf } from '../store';

/** Whether the event's due month is frozen: the flag a freeze read shows. */
export function isMonthFrozen(tenant: Tenant, event: Pick<EventRecord, 'dueDate' | 'feesStatus'>): boolean {
  // Whether every event a freeze lists reads frozen is open (OPEN-POINTS B22): fees already fixed by a lock or
  // an invoice have no rate left to freeze in the variant.
  if (isVariant('freeze-events-may-include-unfrozen-entries') && event.feesStatus !== 'ESTIMATED')
    return false;
  return tenant.frozenMonths.has(yearMonthOf(event.dueDate));
}

/** The flag the event and its fees show. */
export function isFxRateFrozen(tenant: Tenant, event: Pick<EventRecord, 'dueDate' | 'feesStatus'>): boolean {
  if (isFault('freezes-put-flags-no-event')) return false;
  // (fault) The freeze writes the flag with `UPDATE ... WHERE fees_status = 'ESTIMATED'`: fixed fees keep false.
  if (isFault('freeze-flag-written-on-estimated-events-only') && event.feesStatus !== 'ESTIMATED')
    return false;
  return isMonthFrozen(tenant, event);
}

/** (fault fx-repeated-put-duplicates-freeze) The freezes inserted again by a repeated PUT, per tenant. */
const repeatedFreezes = new WeakMap<Tenant, string[]>();

/** (fault fx-has-instruction-frozen-snapshot) hasInstruction of each event as the PUT of its month stored it. */
export const hasInstructionSnapshots = new WeakMap<EventRecord, boolean>();

/** Idempotent: freezing a frozen month changes nothing. */
export function freezeMonth(tenant: Tenant, yearMonth: string): void {
  // (fault) Each PUT inserts a freeze row, with no unique key on the month.
  if (isFault('fx-repeated-put-duplicates-freeze') && tenant.frozenMonths.has(yearMonth))
    repeatedFreezes.set(tenant, [...(repeatedFreezes.get(tenant) ?? []), yearMonth]);
  tenant.frozenMonths.add(yearMonth);
}

export function frozenMonths(tenant: Tenant): string[] {
  const months = [...tenant.frozenMonths, ...(repeatedFreezes.get(tenant) ?? [])].sort();
  // The order of the freeze list is not stated: the earliest month first here.
  return isVariant('freezes-list-latest-first') ? months.reverse() : months;
}

/**
 * Renewal events due in the month, by due date: the events the freeze of the month affects. Which events
 * those are is the server's reading (schemas/OPEN-POINTS.md B22); the variant takes those due from it on.
 */
export function eventsDueInMonth(store: Store, tenant: Tenant, yearMonth: string): EventRecord[] {
  const fromMonthOn = isVariant('freezes-month-affects-later-months');
  const all = isFault('freezes-month-read-all-tenants');
  return (all ? [...store.events.values()] : eventsOf(store, tenant))
    .filter(
      (e) =>
        e.eventType === 'RENEWAL' &&
        (fromMonthOn ? yearMonthOf(e.dueDate) >= yearMonth : yearMonthOf(e.dueDate) === yearMonth),
    )
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id.localeCompare(b.id));
}
