/**
 * Calendar arithmetic (helpers/contract/calendar.ts): real days only, month and year ends, leap years, and
 * UTC whatever the local zone.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  addDays,
  isCalendarDate,
  isDateTime,
  monthBounds,
  timestampStepMs,
  utcDateOf,
  localDayHours,
} from '../helpers/contract/calendar';
import { noteTargetDate, TARGET_CLOCK_OFFSET_ENV, targetUtcToday } from '../helpers/wire/target-clock';

/** Runs `check` with the process in another local time zone (Node reads TZ again when it changes). */
function inZone(zone: string, check: () => void): void {
  const saved = process.env.TZ;
  process.env.TZ = zone;
  try {
    check();
  } finally {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  }
}

void test('isCalendarDate takes real days only, leap days by the Gregorian rule', () => {
  for (const day of ['2024-01-01', '2024-12-31', '2024-02-29', '2000-02-29', '2023-04-30'])
    assert.equal(isCalendarDate(day), true, day);
  for (const day of ['2023-02-29', '1900-02-29', '2024-02-30', '2023-04-31', '2024-13-01', '2024-00-10'])
    assert.equal(isCalendarDate(day), false, day);
  assert.equal(isCalendarDate('2024-01-00'), false);
});

void test('isCalendarDate takes the YYYY-MM-DD form only, and strings only', () => {
  for (const value of [
    '2024-1-01',
    '2024-01-1',
    ' 2024-01-01',
    '2024-01-01 ',
    '2024-01-01T00:00:00Z',
    '20240101',
  ])
    assert.equal(isCalendarDate(value), false, JSON.stringify(value));
  for (const value of [20240101, null, undefined, new Date('2024-01-01')])
    assert.equal(isCalendarDate(value), false, String(value));
});

void test('isDateTime needs a time zone designator and a parsable instant', () => {
  for (const value of [
    '2024-01-01T00:00:00Z',
    '2024-01-01T23:59:59.123456Z',
    '2024-06-30T12:00:00+05:30',
    '2024-06-30T12:00:00-08:00',
    '2024-01-01t00:00:00z',
  ])
    assert.equal(isDateTime(value), true, value);
  for (const value of [
    '2024-01-01T00:00:00',
    '2024-01-01',
    '2024-01-01T00:00Z',
    '2024-01-01T00:00:00+0530',
    '2024-01-01T00:00:60Z',
    '2024-01-01 00:00:00Z',
  ])
    assert.equal(isDateTime(value), false, value);
  assert.equal(isDateTime(Date.UTC(2024, 0, 1)), false);
});

void test('addDays crosses month, year and leap-day boundaries, both ways', () => {
  assert.equal(addDays('2024-01-31', 1), '2024-02-01');
  assert.equal(addDays('2024-02-28', 1), '2024-02-29');
  assert.equal(addDays('2023-02-28', 1), '2023-03-01');
  assert.equal(addDays('2024-12-31', 1), '2025-01-01');
  assert.equal(addDays('2024-03-01', -1), '2024-02-29');
  assert.equal(addDays('2025-01-01', -1), '2024-12-31');
  assert.equal(addDays('2024-05-17', 0), '2024-05-17');
  assert.equal(addDays('2024-01-01', 366), '2025-01-01');
});

void test('addDays refuses what is not a YYYY-MM-DD date', () => {
  assert.throws(() => addDays('2024-1-1', 1), /not a YYYY-MM-DD date: 2024-1-1/);
  assert.throws(() => addDays('2024-01-01T00:00:00Z', 1), /not a YYYY-MM-DD date/);
});

void test('addDays counts whole UTC days whatever the local zone, across a daylight saving change', () => {
  // The nights Europe moves its clocks: a local-time implementation would lose or repeat a day.
  inZone('Europe/Paris', () => {
    assert.equal(addDays('2024-03-30', 1), '2024-03-31');
    assert.equal(addDays('2024-03-31', 1), '2024-04-01');
    assert.equal(addDays('2024-10-27', -1), '2024-10-26');
  });
});

void test('monthBounds gives the first and last day, February by the leap rule', () => {
  assert.deepEqual(monthBounds('2024-02'), { first: '2024-02-01', last: '2024-02-29' });
  assert.deepEqual(monthBounds('2023-02'), { first: '2023-02-01', last: '2023-02-28' });
  assert.deepEqual(monthBounds('2024-04'), { first: '2024-04-01', last: '2024-04-30' });
  assert.deepEqual(monthBounds('2024-01'), { first: '2024-01-01', last: '2024-01-31' });
  assert.deepEqual(monthBounds('2024-12'), { first: '2024-12-01', last: '2024-12-31' });
});

void test('utcDateOf is the UTC date, not the local one, at either end of a day', () => {
  // Local dates there: 10 March (UTC-11), then 12 March (UTC+14).
  inZone('Pacific/Pago_Pago', () => assert.equal(utcDateOf(Date.UTC(2024, 2, 11, 0, 0, 0)), '2024-03-11'));
  inZone('Pacific/Kiritimati', () =>
    assert.equal(utcDateOf(Date.UTC(2024, 2, 11, 23, 59, 59, 999)), '2024-03-11'),
  );
  assert.equal(utcDateOf(Date.UTC(2024, 2, 12)), '2024-03-12');
});

void test("the target's today follows its Date header, not the machine's date", (t) => {
  t.mock.timers.enable({ apis: ['Date'], now: Date.UTC(2026, 11, 7, 10, 0, 0) });
  const saved = process.env[TARGET_CLOCK_OFFSET_ENV];
  try {
    // Before any dated answer: the offset the global setup published, else none.
    process.env[TARGET_CLOCK_OFFSET_ENV] = String(-300 * 86_400_000);
    assert.equal(targetUtcToday(), '2026-02-10');
    // A target pinned to 29 February 2028, at 11:30 UTC.
    noteTargetDate('Tue, 29 Feb 2028 11:30:00 GMT');
    assert.equal(targetUtcToday(), '2028-02-29');
    t.mock.timers.tick(13 * 3_600_000);
    assert.equal(targetUtcToday(), '2028-03-01');
    // An undated answer changes nothing.
    noteTargetDate(undefined);
    noteTargetDate('not a date');
    assert.equal(targetUtcToday(), '2028-03-01');
  } finally {
    if (saved === undefined) delete process.env[TARGET_CLOCK_OFFSET_ENV];
    else process.env[TARGET_CLOCK_OFFSET_ENV] = saved;
  }
});

void test('timestampStepMs: the step of a date-time as written, a second when it has no fraction', () => {
  assert.equal(timestampStepMs('2026-11-27T20:00:01Z'), 1000);
  assert.equal(timestampStepMs('2026-11-27T20:00:01+00:00'), 1000);
  assert.equal(timestampStepMs('2026-11-27T20:00:01.2Z'), 100);
  assert.equal(timestampStepMs('2026-11-27T20:00:01.234Z'), 1);
  assert.equal(timestampStepMs('2026-11-27T20:00:01.234567Z'), 1);
  // Not a date-time: the coarsest step, the safe wait.
  assert.equal(timestampStepMs(undefined), 1000);
  assert.equal(timestampStepMs('yesterday'), 1000);
});

void test('localDayHours: 23 and 25 hours on the days daylight saving time starts and ends, else 24', () => {
  assert.equal(localDayHours('2027-03-28', 'Europe/Paris'), 23);
  assert.equal(localDayHours('2027-10-31', 'Europe/Paris'), 25);
  assert.equal(localDayHours('2027-03-14', 'America/New_York'), 23);
  assert.equal(localDayHours('2027-11-07', 'America/New_York'), 25);
  assert.equal(localDayHours('2027-03-27', 'Europe/Paris'), 24);
  assert.equal(localDayHours('2027-03-28', 'Asia/Kolkata'), 24);
  assert.equal(localDayHours('2027-03-28', 'UTC'), 24);
});
