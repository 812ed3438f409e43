/**
 * Calendar arithmetic on `YYYY-MM-DD` dates and `YYYY-MM` months, in UTC so that no local offset moves a
 * day. ISO dates compare chronologically as plain strings.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

function format(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** True for a `YYYY-MM-DD` string naming a real calendar day (no 2024-02-30). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const instant = new Date(Date.UTC(year, month - 1, day));
  return (
    instant.getUTCFullYear() === year && instant.getUTCMonth() === month - 1 && instant.getUTCDate() === day
  );
}

/** True for an ISO 8601 date-time string with a time zone designator that parses to an instant. */
export function isDateTime(value: unknown): value is string {
  return typeof value === 'string' && DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

/**
 * The finest step of a date-time's fraction of a second, in ms: 1000 without a fraction, 100 for one digit, 1
 * for three or more. Two readings of a timestamp the server stamps anew show a difference only once that much
 * time has passed.
 */
export function timestampStepMs(value: unknown): number {
  // The fraction as matched holds its dot: one character more than its digits.
  const digits = (DATE_TIME.exec(String(value))?.[1]?.length ?? 1) - 1;
  return 1000 / 10 ** Math.min(digits, 3);
}

/** Today's date in UTC (the server's "today" may be one day off in its own time zone). */
export function utcToday(): string {
  return format(new Date());
}

export function addDays(date: string, days: number): string {
  const match = DATE.exec(date);
  if (!match) throw new Error(`not a YYYY-MM-DD date: ${date}`);
  return format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days)));
}

/** First and last day of a `YYYY-MM` month. */
export function monthBounds(yearMonth: string): { first: string; last: string } {
  const [year, month] = yearMonth.split('-').map(Number) as [number, number];
  return { first: `${yearMonth}-01`, last: format(new Date(Date.UTC(year, month, 0))) };
}
