/**
 * Every day of the year, in every zone: the reference pinned to a day (reference/clock.ts, REFERENCE_TODAY)
 * shows it everywhere (its today, its Date header), the mutation run serves the faults of the date rules and
 * the calendar faults on pinned references beside clean controls, and the calendar matrix covers the
 * boundaries it names.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createClock, pinnedTodayProblem } from '../reference/clock';
import { createReferenceServer } from '../reference/server';
import { FAULTS } from '../reference/faults';
import { embeddedReferenceClock } from '../helpers/run/target';
import { localDayHours, monthBounds, zoneOffsetMs } from '../helpers/contract/calendar';
import { CALENDAR_MATRIX, CALENDAR_SAMPLE, DATE_RULES } from '../scripts/calendar-matrix';
import { parseSweepArgs } from '../scripts/calendar-sweep';
import { selectTargets } from '../scripts/mutation-select';

void test('a pinned today starts at local midday, or at the wall time given, and runs on', async () => {
  const ny = createClock({ today: '2028-02-29', timeZone: 'America/New_York' });
  assert.equal(ny.today(), '2028-02-29');
  assert.equal(ny.now().toISOString().slice(0, 13), '2028-02-29T17');
  // Local 00:30 in Kolkata: the UTC date is still the day before.
  const kolkata = createClock({ today: '2027-06-01T00:30', timeZone: 'Asia/Kolkata' });
  assert.equal(kolkata.today(), '2027-06-01');
  assert.equal(kolkata.now().toISOString().slice(0, 16), '2027-05-31T19:00');
  const before = kolkata.now().getTime();
  await new Promise((resolve) => setTimeout(resolve, 30));
  assert.ok(kolkata.now().getTime() - before >= 25, 'the pinned clock runs');
  // On the day daylight saving time starts, midday is already summer time.
  const paris = createClock({ today: '2027-03-28', timeZone: 'Europe/Paris' });
  assert.equal(paris.now().toISOString().slice(0, 16), '2027-03-28T10:00');
  assert.equal(paris.secondsUntilNextMidnight(), 12 * 3600);
});

void test('a pinned today that is not a day is refused, at start', () => {
  assert.equal(pinnedTodayProblem('2027-02-28'), undefined);
  assert.match(pinnedTodayProblem('2027-02-29') ?? '', /not a calendar day/);
  assert.match(pinnedTodayProblem('2027-2-1') ?? '', /not a date/);
  assert.match(pinnedTodayProblem('2027-02-01T24:00') ?? '', /wall time/);
  assert.throws(() => createClock({ today: '2027-13-01' }), /pinned today/);
  assert.throws(() => embeddedReferenceClock({ REFERENCE_TODAY: '2027-02-30' }), /REFERENCE_TODAY/);
  assert.throws(() => embeddedReferenceClock({ REFERENCE_TIME_ZONE: 'Mars/Olympus' }), /REFERENCE_TIME_ZONE/);
  assert.deepEqual(
    embeddedReferenceClock({ REFERENCE_TODAY: '2028-02-29', TARGET_TIME_ZONE: 'Europe/Paris' }),
    {
      timeZone: 'Europe/Paris',
      today: '2028-02-29',
    },
  );
});

void test("the pinned reference's seed, date rules and Date header follow its today", async () => {
  const server = createReferenceServer({ today: '2028-02-29', timeZone: 'Pacific/Honolulu' });
  const listening = await server.listen(0, '127.0.0.1');
  try {
    const response = await fetch(`${listening.url}/api/v2/external/patents?itemsPerPage=1`, {
      headers: { 'x-api-key': server.keys.all },
    });
    await response.arrayBuffer();
    assert.equal(response.status, 200);
    // Midday in Honolulu (UTC-10) is 22:00 UTC, the same day.
    assert.match(response.headers.get('date') ?? '', /^Tue, 29 Feb 2028 22:/);
    assert.equal(server.clock.today(), '2028-02-29');
  } finally {
    await listening.close();
  }
});

void test('the calendar matrix covers the boundaries it names, in three kinds of zone', () => {
  const days = CALENDAR_MATRIX.map((p) => p.today.slice(0, 10));
  const lastDays = days.filter((d) => monthBounds(d.slice(0, 7)).last === d).map((d) => Number(d.slice(8)));
  for (const length of [28, 29, 30, 31])
    assert.ok(lastDays.includes(length), `a last day of a ${length}-day month`);
  for (const length of [28, 29, 30, 31]) {
    const after = days.some(
      (d) => d.endsWith('-01') && Number(monthBounds(addMonth(d, -1)).last.slice(8)) === length,
    );
    assert.ok(after, `the first day after a ${length}-day month`);
  }
  assert.ok(
    days.some((d) => d.endsWith('-02-29')),
    'a 29 February',
  );
  assert.ok(days.some((d) => d.endsWith('-12-31')) && days.some((d) => d.endsWith('-01-01')), 'a year end');
  const dst = CALENDAR_MATRIX.filter((p) => localDayHours(p.today.slice(0, 10), p.timeZone) !== 24);
  assert.ok(
    dst.some((p) => localDayHours(p.today.slice(0, 10), p.timeZone) === 23),
    'a 23-hour day',
  );
  assert.ok(
    dst.some((p) => localDayHours(p.today.slice(0, 10), p.timeZone) === 25),
    'a 25-hour day',
  );
  const offsets = CALENDAR_MATRIX.map((p) => zoneOffsetMinutes(p.timeZone, p.today.slice(0, 10)));
  assert.ok(
    offsets.some((o) => o < 0),
    'a zone behind UTC',
  );
  assert.ok(
    offsets.some((o) => o > 0 && o % 60 !== 0),
    'a zone ahead of UTC by a fraction of an hour',
  );
  assert.ok(CALENDAR_MATRIX.length >= 14, 'at least 14 pairs');
  // Local and UTC dates apart: ahead of UTC just after midnight, behind it just before.
  const apart = CALENDAR_MATRIX.filter((p) => {
    const clock = createClock({ today: p.today, timeZone: p.timeZone });
    return clock.now().toISOString().slice(0, 10) !== clock.today();
  });
  assert.ok(apart.length >= 2, 'pairs whose local date is not the UTC date');
  assert.equal(CALENDAR_SAMPLE.length, 3);
});

void test('every mutation run serves the date rules on the sample pairs and a calendar fault on its day', () => {
  const targets = selectTargets({});
  for (const pair of CALENDAR_SAMPLE) {
    const on = targets.filter(
      (t) => t.calendar?.today === pair.today && t.calendar.timeZone === pair.timeZone,
    );
    assert.ok(
      on.some((t) => t.kind === 'clean'),
      `a clean control on ${pair.today}`,
    );
    assert.ok(on.some((t) => t.fault?.name === 'period-due-month-spans-thirty-days'));
    for (const t of on.filter((u) => u.kind === 'fault'))
      assert.ok(
        t.fault!.requirements.some((r) => DATE_RULES.has(r)),
        `${t.name} breaks a date rule`,
      );
  }
  for (const fault of FAULTS.filter((f) => f.calendar)) {
    const own = targets.find((t) => t.project === `fault:${fault.name}`)!;
    assert.deepEqual(own.calendar, fault.calendar);
    assert.ok(
      targets.some(
        (t) =>
          t.kind === 'clean' &&
          t.calendar?.today === fault.calendar!.today &&
          t.calendar.timeZone === fault.calendar!.timeZone,
      ),
      `a clean control for ${fault.name}'s calendar`,
    );
  }
  // One target per project name.
  assert.equal(new Set(targets.map((t) => t.project)).size, targets.length);
  // No `@` in a name: Playwright would read it as a tag of every test of the reference.
  assert.ok(targets.every((t) => !t.project.includes('@')));
  // --only and the sweep's pairs leave the sample out; a sweep's pair also the faults pinned to days of their own.
  assert.ok(
    selectTargets({ only: new Set(['period-due-month-spans-thirty-days']) }).every((t) => !t.calendar),
  );
  const pair = selectTargets({ calendarPair: true });
  assert.ok(pair.every((t) => !t.calendar));
  assert.ok(pair.some((t) => t.fault?.name === 'period-due-month-spans-thirty-days'));
  assert.ok(!pair.some((t) => t.fault?.calendar));
});

void test('the sweep takes pairs by index and passes everything else to the mutation run', () => {
  assert.equal(parseSweepArgs([]).pairs.length, CALENDAR_MATRIX.length);
  const { pairs, passThrough } = parseSweepArgs(['--pairs', '0,4', '--only', 'a']);
  assert.deepEqual(pairs, [CALENDAR_MATRIX[0], CALENDAR_MATRIX[4]]);
  assert.deepEqual(passThrough, ['--only', 'a']);
  assert.throws(() => parseSweepArgs(['--pairs', '99']), /no pair 99/);
});

function addMonth(date: string, months: number): string {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 7);
}

function zoneOffsetMinutes(timeZone: string, date: string): number {
  return zoneOffsetMs(Date.parse(`${date}T12:00:00Z`), timeZone) / 60_000;
}
