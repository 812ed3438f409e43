/**
 * The calendar matrix: the days and zones the reference is pinned to (REFERENCE_TODAY, REFERENCE_TIME_ZONE) to
 * show that no verdict of the suite depends on the day it runs or the zone of the target. The boundaries of
 * the contract's date rules: the last and first days of months of 28, 29, 30 and 31 days (dueMonth, opensAt),
 * a 29 February, the days daylight saving time starts and ends (the quota's local midnight, day-long windows),
 * the last day of a year and the first, and the hours when the local date and the UTC date differ. Zones:
 * behind UTC (Pacific/Honolulu, America/New_York), ahead of it by a fraction of an hour (Asia/Kolkata,
 * Asia/Kathmandu, Australia/Adelaide), with daylight saving time (Europe/Paris, America/New_York,
 * Australia/Adelaide, in both hemispheres).
 *
 * `npm run mutation:calendar` runs the mutation run on every pair; every mutation run runs the SAMPLE pairs.
 */

export interface CalendarPair {
  /** `YYYY-MM-DD` (the clock starts at local midday), or `YYYY-MM-DDTHH:MM`. */
  readonly today: string;
  readonly timeZone: string;
  /** The boundary it stands on. */
  readonly covers: string;
}

export const CALENDAR_MATRIX: readonly CalendarPair[] = [
  { today: '2027-01-31', timeZone: 'Pacific/Honolulu', covers: 'the last day of a 31-day month' },
  { today: '2027-02-01', timeZone: 'Asia/Kathmandu', covers: 'the first day of a month after 31 days' },
  { today: '2027-02-28', timeZone: 'Europe/Paris', covers: 'the last day of a 28-day February' },
  { today: '2027-03-01', timeZone: 'Pacific/Honolulu', covers: 'the first day after a 28-day February' },
  { today: '2028-02-29', timeZone: 'America/New_York', covers: 'a 29 February' },
  { today: '2028-03-01', timeZone: 'Asia/Kolkata', covers: 'the first day after a 29-day February' },
  { today: '2027-04-30', timeZone: 'Australia/Adelaide', covers: 'the last day of a 30-day month' },
  { today: '2027-05-01', timeZone: 'Asia/Kathmandu', covers: 'the first day after a 30-day month' },
  { today: '2027-03-28', timeZone: 'Europe/Paris', covers: 'daylight saving time starts (a 23-hour day)' },
  { today: '2027-10-31', timeZone: 'Europe/Paris', covers: 'daylight saving time ends (a 25-hour day)' },
  { today: '2027-03-14', timeZone: 'America/New_York', covers: 'daylight saving time starts, behind UTC' },
  { today: '2027-11-07', timeZone: 'America/New_York', covers: 'daylight saving time ends, behind UTC' },
  {
    today: '2027-10-03',
    timeZone: 'Australia/Adelaide',
    covers: 'daylight saving time starts, southern hemisphere, a half-hour zone',
  },
  { today: '2026-12-31', timeZone: 'Asia/Kathmandu', covers: 'the last day of a year' },
  { today: '2027-01-01', timeZone: 'Pacific/Honolulu', covers: 'the first day of a year' },
  { today: '2026-12-07', timeZone: 'Asia/Kolkata', covers: 'a plain day (the embedded reference’s zone)' },
  {
    today: '2027-06-01T00:30',
    timeZone: 'Asia/Kolkata',
    covers: 'a first of the month whose UTC date is still the last of the month before',
  },
  {
    today: '2027-06-30T21:00',
    timeZone: 'America/New_York',
    covers: 'a last of the month whose UTC date is already the first of the next',
  },
];

/**
 * The pairs every mutation run also serves, whatever its own day: a clean reference and the date-sensitive
 * faults on each. Fixed, so that the verdict of a run never depends on the day it is made.
 */
export const CALENDAR_SAMPLE: readonly CalendarPair[] = CALENDAR_MATRIX.filter((p) =>
  ['2028-02-29', '2027-10-31', '2027-06-01T00:30'].includes(p.today),
);

/**
 * The rules a test can only see on the days the data puts at their boundaries: the due window and the month
 * (PER), the instruction window and its opening day (EVT, INS), the quota's reset at local midnight (RATE),
 * the month of a freeze (FRZ). The faults that break them run on every SAMPLE pair too.
 */
export const DATE_RULES: ReadonlySet<string> = new Set([
  'PER-003',
  'PER-004',
  'PER-006',
  'EVT-017',
  'EVT-021',
  'EVT-023',
  'EVT-026',
  'EVT-028',
  'INS-013',
  'INS-021',
  'RATE-013',
  'FRZ-003',
]);

/** The file-name form of a pair. */
export const pairSlug = (p: Pick<CalendarPair, 'today' | 'timeZone'>) =>
  `${p.today}_${p.timeZone}`.replace(/[^A-Za-z0-9-]+/g, '_');
