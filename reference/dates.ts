/**
 * Calendar arithmetic on `YYYY-MM-DD` strings. Dates are compared as strings (ISO order is
 * chronological order), and all arithmetic runs in UTC so no local offset can shift a day.
 */

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: string): [number, number, number] {
  const match = DATE_RE.exec(date);
  if (!match) throw new Error(`not a date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function format(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return format(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** Adds calendar months; the day is clamped to the end of a shorter month (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return format(year, month, Math.min(d, daysInMonth(year, month)));
}

export function addYears(date: string, years: number): string {
  return addMonths(date, years * 12);
}

/** `YYYY-MM` of a date. */
export function yearMonthOf(date: string): string {
  return date.slice(0, 7);
}

export function firstDayOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** First and last day of a `YYYY-MM` month. */
export function monthBounds(yearMonth: string): { first: string; last: string } {
  const first = `${yearMonth}-01`;
  return { first, last: addDays(addMonths(first, 1), -1) };
}

/** Midday UTC of a date: the seed's timestamps sit there so no time zone moves them to another day. */
export function middayUtc(date: string): string {
  return `${date}T12:00:00.000Z`;
}

export function utcDateOf(timestamp: string): string {
  return timestamp.slice(0, 10);
}
