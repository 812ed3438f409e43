/**
 * The rate-limit clock as the client judges every exchange (helpers/wire/answer-checks.ts, rateLimitBreaches):
 * the reset an answer announces is a midnight (a quarter-hour of UTC, or the midnight of TARGET_TIME_ZONE), no
 * more than a local day away (helpers/rules/ratelimits.ts), and the same instant on every answer
 * of the key until it has passed (helpers/wire/rate-limit-headers.ts); the run's first announcement (the
 * preflight's included) and the wait before a countdown can show.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { rateLimitBreaches } from '../helpers/wire/answer-checks';
import { ApiResponse } from '../helpers/wire/api-response';
import {
  announcedReset,
  countdownWaitMs,
  noteAnnouncedReset,
  type RateLimitRule,
} from '../helpers/wire/rate-limit-headers';

// Outside a coordinated run the announcements stay in this process, and each test names its own target.
delete process.env.CONFORMANCE_RUN_ID;

const KEY = 'clock-test-key';
const target = () => `http://clock-${randomUUID()}.test`;
const ms = (iso: string) => Date.parse(iso);

/** A 200 list answer to KEY with `reset` seconds, Date-stamped `at` (no Date header when undefined). */
function answer(at: string | undefined, reset: number, durationMs = 0): ApiResponse {
  return new ApiResponse(
    {
      request: { method: 'GET', url: 'http://clock.test/api/v2/external/patents', headers: {} },
      status: 200,
      headers: {
        'content-type': 'application/json',
        'ratelimit-limit': '1000',
        'ratelimit-remaining': '999',
        'ratelimit-reset': String(reset),
        ...(at === undefined ? {} : { date: new Date(ms(at)).toUTCString() }),
      },
      body: Buffer.from('{}'),
      durationMs,
    },
    'listPatents',
  );
}

function check(on: string, response: ApiResponse, timeZone?: string): string[] {
  const rule: RateLimitRule = { keys: new Set([KEY]), ...(timeZone ? { timeZone } : {}) };
  return rateLimitBreaches(response, KEY, rule, on).map((b) => b.message);
}

const NOT_QUARTER = /^\[RATE-013\] .* is not a quarter-hour of UTC/;

void test('a Date-stamped reset lands on a quarter-hour of UTC, within 5 s either way', () => {
  const at = '2024-03-10T23:00:00Z';
  for (const seconds of [3600, 2700, 3605, 3595])
    assert.deepEqual(check(target(), answer(at, seconds)), [], `${seconds}`);
  for (const seconds of [3606, 3594, 3000]) {
    const found = check(target(), answer(at, seconds));
    assert.equal(found.length, 1, `${seconds}`);
    assert.match(found[0]!, NOT_QUARTER);
  }
});

void test('without a Date header the local clock stands in, with a minute of room', (t) => {
  t.mock.timers.enable({ apis: ['Date'], now: ms('2024-03-10T23:00:00Z') });
  assert.deepEqual(check(target(), answer(undefined, 3660)), []);
  assert.deepEqual(check(target(), answer(undefined, 3540)), []);
  assert.match(check(target(), answer(undefined, 3661))[0]!, NOT_QUARTER);
});

void test('a reset more than 25 hours away breaks RATE-004', () => {
  const at = '2024-03-10T23:00:00Z';
  assert.deepEqual(check(target(), answer(at, 25 * 3600)), []);
  const found = check(target(), answer(at, 25 * 3600 + 900));
  assert.equal(found.length, 1);
  assert.match(found[0]!, /^\[RATE-004\] .*: RateLimit-Reset 90900 s is more than a local day \(90000 s\)$/);
});

void test("with TARGET_TIME_ZONE the reset is that zone's midnight, on a 23-hour day too", () => {
  const zone = 'America/New_York';
  // 04:00Z is 23:00 EST on 9 March; clocks go forward at 02:00 on 10 March, so that day lasts 23 hours.
  assert.deepEqual(check(target(), answer('2024-03-10T04:00:00Z', 3600), zone), []);
  assert.deepEqual(check(target(), answer('2024-03-10T04:00:00Z', 3596), zone), [], 'four seconds early');
  assert.deepEqual(check(target(), answer('2024-03-10T05:00:00Z', 23 * 3600), zone), []);
  // A quarter-hour of UTC, but not midnight in New York.
  const half = check(target(), answer('2024-03-10T04:00:00Z', 1800), zone);
  assert.equal(half.length, 1);
  assert.match(half[0]!, /is not a midnight in TARGET_TIME_ZONE=America\/New_York$/);
  assert.equal(check(target(), answer('2024-03-10T05:00:00Z', 24 * 3600), zone).length, 1, '01:00 EDT');
});

void test('later answers of the key count down to the instant the first announced', () => {
  const on = target();
  assert.deepEqual(check(on, answer('2024-03-10T23:00:00Z', 3600)), []);
  assert.equal(announcedReset(on, KEY), ms('2024-03-11T00:00:00Z'));
  assert.deepEqual(check(on, answer('2024-03-10T23:15:00Z', 2700)), []);
  // Still a quarter-hour, but fifteen minutes after the announced midnight: the seconds did not count down.
  const stuck = check(on, answer('2024-03-10T23:15:00Z', 3600));
  assert.equal(stuck.length, 1);
  assert.match(stuck[0]!, /earlier answer of the key announced the reset at 2024-03-11T00:00:00\.000Z/);
  assert.equal(announcedReset(on, KEY), ms('2024-03-11T00:00:00Z'), 'the first announcement stands');
  assert.equal(announcedReset(target(), KEY), undefined, 'another target has its own');
});

void test('two answers may place the instant 3 s apart, plus the time both exchanges took', () => {
  const on = target();
  assert.deepEqual(check(on, answer('2024-03-10T23:00:00Z', 3600)), []);
  assert.deepEqual(check(on, answer('2024-03-10T23:30:00Z', 1803)), []);
  assert.equal(check(on, answer('2024-03-10T23:30:00Z', 1804)).length, 1);
  assert.deepEqual(check(on, answer('2024-03-10T23:30:00Z', 1804, 1000)), []);
});

void test('once the announced instant has passed (5 s of room), the next answer announces the next one', () => {
  const passed = target();
  check(passed, answer('2024-03-10T23:00:00Z', 3600));
  assert.deepEqual(check(passed, answer('2024-03-11T00:00:00Z', 86_400)), []);
  assert.equal(announcedReset(passed, KEY), ms('2024-03-12T00:00:00Z'));

  const edge = target();
  check(edge, answer('2024-03-10T23:00:00Z', 3600));
  assert.deepEqual(check(edge, answer('2024-03-10T23:59:55Z', 86_405)), []);
  const before = target();
  check(before, answer('2024-03-10T23:00:00Z', 3600));
  assert.equal(check(before, answer('2024-03-10T23:59:54Z', 86_406)).length, 1);
});

void test("the preflight's answer becomes the run's first announcement, only from a Date-stamped 200", () => {
  const date = new Date(ms('2024-03-10T23:00:00Z')).toUTCString();
  const ignored: { status: number; headers: Record<string, string> }[] = [
    { status: 429, headers: { date, 'ratelimit-reset': '3600' } },
    { status: 200, headers: { 'ratelimit-reset': '3600' } },
    { status: 200, headers: { date, 'ratelimit-reset': '1.5' } },
    { status: 200, headers: { date, 'ratelimit-reset': '-1' } },
    { status: 200, headers: { date } },
  ];
  for (const { status, headers } of ignored) {
    const on = target();
    noteAnnouncedReset(on, KEY, { status, headers, durationMs: 10 });
    assert.equal(announcedReset(on, KEY), undefined, JSON.stringify({ status, headers }));
  }
  const on = target();
  noteAnnouncedReset(on, KEY, { status: 200, headers: { date, 'ratelimit-reset': '3600' }, durationMs: 10 });
  noteAnnouncedReset(on, KEY, { status: 200, headers: { date, 'ratelimit-reset': '1800' }, durationMs: 10 });
  assert.equal(announcedReset(on, KEY), ms('2024-03-11T00:00:00Z'), 'the first is kept');
  assert.match(check(on, answer('2024-03-10T23:15:00Z', 3600))[0]!, /earlier answer of the key announced/);
});

void test('countdownWaitMs: the time until a reset that stays put would tell, never below zero', (t) => {
  t.mock.timers.enable({ apis: ['Date'], now: ms('2024-03-10T22:00:00Z') });
  assert.equal(countdownWaitMs(target(), KEY), 0, 'nothing announced: nothing to wait for');
  const on = target();
  const date = new Date(ms('2024-03-10T23:00:00Z')).toUTCString();
  noteAnnouncedReset(on, KEY, { status: 200, headers: { date, 'ratelimit-reset': '3600' }, durationMs: 250 });
  // 3 s of tolerance, the first exchange's 250 ms, a second for the fresh one, a second to tell.
  assert.equal(countdownWaitMs(on, KEY), 5250);
  t.mock.timers.tick(5000);
  assert.equal(countdownWaitMs(on, KEY), 250);
  t.mock.timers.tick(250);
  assert.equal(countdownWaitMs(on, KEY), 0);
  t.mock.timers.tick(60_000);
  assert.equal(countdownWaitMs(on, KEY), 0);
});

void test('countdownWaitMs does not wait on an announcement timed by the local clock', (t) => {
  t.mock.timers.enable({ apis: ['Date'], now: ms('2024-03-10T23:00:00Z') });
  const on = target();
  assert.deepEqual(check(on, answer(undefined, 3600)), []);
  assert.equal(announcedReset(on, KEY), ms('2024-03-11T00:00:00Z'));
  assert.equal(countdownWaitMs(on, KEY), 0);
});
