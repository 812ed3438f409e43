/**
 * Where an event stands in time. The instruction window opens on the first day of the month two months
 * before the due month; the grace period runs from the day after the due date to gracePeriodEndDate.
 */
import { isFault } from '../behaviour';
import { addMonths, firstDayOfMonth } from '../dates';
import type { EventRecord } from '../store';

export type DuePeriod = 'UPCOMING' | 'CURRENT' | 'GRACE_PERIOD' | 'LAPSED';

export function opensAt(event: Pick<EventRecord, 'dueDate'>): string {
  if (isFault('events-opens-at-not-first-of-month')) return addMonths(event.dueDate, -2);
  // (fault) setMonth(month - 2) before setDate(1): a day the opening month lacks rolls into the next month.
  if (isFault('instructability-opensat-month-overflow')) {
    const date = new Date(`${event.dueDate}T00:00:00Z`);
    date.setUTCMonth(date.getUTCMonth() - 2);
    date.setUTCDate(1);
    return date.toISOString().slice(0, 10);
  }
  // (fault) The opening month as ((dueMonth - 3 + 12) % 12) + 1, kept in the due year: no year borrowed.
  if (isFault('opens-at-month-arithmetic-without-year-borrow')) {
    const month = ((Number(event.dueDate.slice(5, 7)) - 3 + 12) % 12) + 1;
    return `${event.dueDate.slice(0, 4)}-${String(month).padStart(2, '0')}-01`;
  }
  return firstDayOfMonth(
    addMonths(firstDayOfMonth(event.dueDate), isFault('events-opens-at-one-month-late') ? -1 : -2),
  );
}

/** Last day a payment is still possible: the grace period end, or the due date when there is none. */
function lastPayableDay(event: Pick<EventRecord, 'dueDate' | 'gracePeriodEndDate'>): string {
  return event.gracePeriodEndDate ?? event.dueDate;
}

export function isLapsed(event: Pick<EventRecord, 'dueDate' | 'gracePeriodEndDate'>, today: string): boolean {
  return today > lastPayableDay(event);
}

/** LATE is never produced: every seeded event has a grace period, so "late" is GRACE_PERIOD then LAPSED. */
export function duePeriod(
  event: Pick<EventRecord, 'dueDate' | 'gracePeriodEndDate'>,
  today: string,
): DuePeriod {
  if (today < opensAt(event)) return 'UPCOMING';
  if (today <= event.dueDate) return 'CURRENT';
  if (!isLapsed(event, today)) return 'GRACE_PERIOD';
  return 'LAPSED';
}

/** The contract's standard grace period: six months after the due date. */
export function defaultGracePeriodEnd(dueDate: string): string {
  return addMonths(dueDate, 6);
}
