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

export function createClock(options: { now?: NowOption; timeZone?: string } = {}): Clock {
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
  const now = (): Date => {
    if (pinned === undefined) return new Date();
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

  return { timeZone, now, today: () => localDate(now()), localDate, secondsUntilNextMidnight, offsetAt };
}
