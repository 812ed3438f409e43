/**
 * The server's clock: real time unless pinned. `today` is the calendar date in the configured time zone,
 * because the contract resets the daily quota at local midnight and every date rule reads "today".
 */

export type NowOption = string | Date | (() => Date);

export interface Clock {
  readonly timeZone: string;
  now(): Date;
  /** Today's date (`YYYY-MM-DD`) in the configured time zone. */
  today(): string;
  /** The local date of an instant in the configured time zone. */
  localDate(instant: Date): string;
  /** Whole seconds (at least 1) until the next local midnight: the quota reset. */
  secondsUntilNextMidnight(): number;
  /** The offset of the configured zone from UTC at an instant, in ms (local wall time read as UTC, minus it). */
  offsetAt(instant: number): number;
}

function wallClock(instant: Date, formatter: Intl.DateTimeFormat): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return out;
}

/** `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM`: a local date (and wall time) in the clock's zone. */
const LOCAL_START = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

/**
 * The wall time a pinned day starts at when none is given: midday, so that a run of any length stays on
 * that day, and the UTC date is the same as the local one in every zone within twelve hours of UTC.
 */
const DEFAULT_START_TIME = [12, 0] as const;

export interface ClockOptions {
  /** Frozen clock: an ISO instant, a Date, or a function. Default: real time. */
  now?: NowOption;
  /**
   * A pinned today: the clock starts at this local date (and wall time, default midday) in `timeZone` and
   * then runs at real speed, so that every date rule, the seed and the quota reset read this day.
   */
  today?: string;
  timeZone?: string;
}

/** Checks a pinned today (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`); returns why it is not one, or undefined. */
export function pinnedTodayProblem(value: string): string | undefined {
  const match = LOCAL_START.exec(value);
  if (!match) return `${value} is not a date (YYYY-MM-DD, optionally THH:MM)`;
  const [year, month, day, hour = 0, minute = 0] = match
    .slice(1)
    .map((v) => (v === undefined ? 0 : Number(v)));
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  if (date.getUTCMonth() !== month! - 1 || date.getUTCDate() !== day!)
    return `${value} is not a calendar day`;
  if (hour! > 23 || minute! > 59) return `${value} is not a wall time of the day`;
  return undefined;
}

export function createClock(options: ClockOptions = {}): Clock {
  const timeZone = options.timeZone ?? 'UTC';
  // Throws a RangeError for an unknown zone: better at start-up than on the first request.
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  // Reading the wall clock (Intl) is the costliest step of many requests, and its answer changes once a
  // second: kept per second.
  const wallClocks = new Map<number, Record<string, number>>();
  const wallClockAt = (instant: Date): Record<string, number> => {
    const second = Math.floor(instant.getTime() / 1000);
    let w = wallClocks.get(second);
    if (w === undefined) {
      if (wallClocks.size >= 1024) wallClocks.clear();
      w = wallClock(instant, formatter);
      wallClocks.set(second, w);
    }
    return w;
  };
  const pinned = options.now;
  // A pinned today: real time shifted by a constant, so durations (background batches, countdowns) stay real.
  let shift = 0;
  const now = (): Date => {
    if (pinned === undefined) return new Date(Date.now() + shift);
    if (typeof pinned === 'function') return pinned();
    const instant = new Date(pinned);
    if (Number.isNaN(instant.getTime())) throw new RangeError(`invalid clock value: ${String(pinned)}`);
    return instant;
  };

  const localDate = (instant: Date): string => {
    const w = wallClockAt(instant);
    return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
  };

  /** Offset of the zone at an instant, in ms (local wall time read as UTC, minus the instant). */
  const offsetAt = (instant: number): number => {
    const w = wallClockAt(new Date(instant));
    const asUtc = Date.UTC(
      w.year ?? 0,
      (w.month ?? 1) - 1,
      w.day ?? 1,
      w.hour ?? 0,
      w.minute ?? 0,
      w.second ?? 0,
    );
    return asUtc - Math.floor(instant / 1000) * 1000;
  };

  const secondsUntilNextMidnight = (): number => {
    const current = now().getTime();
    const [y, m, d] = localDate(new Date(current)).split('-').map(Number) as [number, number, number];
    const nextMidnightWall = Date.UTC(y, m - 1, d + 1);
    // Two passes settle the offset even when the next midnight sits across a DST change.
    let instant = nextMidnightWall - offsetAt(current);
    instant = nextMidnightWall - offsetAt(instant);
    return Math.max(1, Math.ceil((instant - current) / 1000));
  };

  if (options.today !== undefined) {
    if (pinned !== undefined)
      throw new RangeError('a clock is either frozen (now) or starts on a pinned today');
    const problem = pinnedTodayProblem(options.today);
    if (problem) throw new RangeError(`pinned today: ${problem}`);
    const [y, m, d, h, min] = LOCAL_START.exec(options.today)!.slice(1);
    const [hour, minute] = h === undefined ? DEFAULT_START_TIME : [Number(h), Number(min)];
    const wall = Date.UTC(Number(y), Number(m) - 1, Number(d), hour, minute);
    // Two passes settle the offset across a change of daylight saving time, as for the next midnight.
    let start = wall - offsetAt(wall);
    start = wall - offsetAt(start);
    shift = start - Date.now();
  }

  return { timeZone, now, today: () => localDate(now()), localDate, secondsUntilNextMidnight, offsetAt };
}
