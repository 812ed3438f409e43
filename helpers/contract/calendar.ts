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

/** The UTC date of an instant (ms). The target's today is helpers/wire/target-clock.ts's, never the machine's. */
export function utcDateOf(instant: number): string {
  return format(new Date(instant));
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

/** The offset (ms) of `timeZone` from UTC at an instant: its wall clock read as UTC, minus the instant. */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant (ms) of local midnight starting `date` in `timeZone`. */
function localMidnight(date: string, timeZone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`);
  // Two passes settle the offset when the midnight sits next to a change of daylight saving time.
  return wall - zoneOffsetMs(wall - zoneOffsetMs(wall, timeZone), timeZone);
}

/** The length in hours of the local day `date` in `timeZone`: 24, or 23 and 25 where daylight saving changes. */
export function localDayHours(date: string, timeZone: string): number {
  return (localMidnight(addDays(date, 1), timeZone) - localMidnight(date, timeZone)) / 3_600_000;
}
