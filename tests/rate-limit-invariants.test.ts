/**
 * The rate-limit invariants (helpers/rules/ratelimits.ts), pure: the headers of a necessarily
 * authenticated answer and of a 429 to a counted key, and the reset either announces; nothing judged on an
 * answer the rules do not speak of (a key not counted, an answer not necessarily authenticated, an unknown
 * key context). The countdown across answers: tests/rate-limit-headers.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answer as neutralAnswer } from './answer-support';
import type { AnswerFacts, RateLimitFacts } from '../helpers/contract/invariant-types';
import {
  announcedResetOf,
  integerValue,
  RATE_LIMIT_HEADER_NAMES,
  RATELIMITS_RULES,
} from '../helpers/rules/ratelimits';
import { INVARIANTS, judgeAnswer, judgeExchange } from '../helpers/rules/registry';

const AT = '2024-03-10T23:00:00Z';
const DATE = new Date(Date.parse(AT)).toUTCString();
const QUOTA = { 'ratelimit-limit': '1000', 'ratelimit-remaining': '999', 'ratelimit-reset': '3600' };

/** An answer to a counted key, Date-stamped AT, with the quota headers of a conformant 200 unless replaced. */
function answer(facts: Partial<AnswerFacts> = {}, rateLimit: Partial<RateLimitFacts> = {}): AnswerFacts {
  return neutralAnswer({
    operationId: 'listPatents',
    headers: { date: DATE, ...QUOTA },
    dateHeader: DATE,
    rateLimit: { counted: true, authenticated: true, receivedAt: Date.parse(AT), ...rateLimit },
    ...facts,
  });
}

const without = (name: string) => Object.fromEntries(Object.entries(QUOTA).filter(([n]) => n !== name));
const TOO_MANY = { status: 429, headers: { date: DATE, 'retry-after': '3600' } };

/** The breaches of `id`, or undefined when it judged nothing. */
function breachesOf(id: string, facts: AnswerFacts): string[] | undefined {
  const judged = judgeExchange(facts).filter((j) => j.invariant.id === id);
  return judged.length === 0 ? undefined : judged.flatMap((j) => j.breaches);
}

void test('the rate-limit rules are in the registry, judged per exchange and not with the answer', () => {
  assert.deepEqual(
    RATELIMITS_RULES.map((i) => i.id),
    ['RATE-004', 'RATE-006', 'RATE-007', 'RATE-009', 'RATE-010', 'RATE-011', 'RATE-013'],
  );
  for (const invariant of RATELIMITS_RULES) assert.ok(INVARIANTS.includes(invariant));
  assert.equal(judgeExchange(answer()).length, RATELIMITS_RULES.length - 2, 'a 200: all but the 429 rules');
  assert.ok(judgeAnswer(answer()).every((j) => !RATELIMITS_RULES.includes(j.invariant)));
  assert.deepEqual(RATE_LIMIT_HEADER_NAMES, ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']);
  assert.equal(integerValue(' 12 '), 12);
  for (const bad of [undefined, '', '1.5', '-1', '1e3', 'x']) assert.equal(integerValue(bad), undefined);
});

void test('nothing is judged where the rules do not speak: a key not counted, an answer not authenticated', () => {
  for (const facts of [
    answer({}, { counted: false }),
    answer({ status: 429, headers: {} }, { counted: false }),
    answer({ status: 400, headers: {} }, { authenticated: false }),
    answer({ headers: {}, rateLimit: undefined }),
  ])
    assert.deepEqual(judgeExchange(facts), [], JSON.stringify(facts.rateLimit));
});

void test('RATE-006, RATE-007, RATE-009: the three headers of a necessarily authenticated answer', () => {
  for (const id of ['RATE-006', 'RATE-007', 'RATE-009']) assert.deepEqual(breachesOf(id, answer()), [], id);
  assert.deepEqual(breachesOf('RATE-006', answer({ headers: without('ratelimit-limit') })), [
    'header ratelimit-limit is missing',
  ]);
  assert.deepEqual(breachesOf('RATE-007', answer({ headers: { ...QUOTA, 'ratelimit-remaining': '-1' } })), [
    'header ratelimit-remaining is not a non-negative integer: "-1"',
  ]);
  assert.deepEqual(breachesOf('RATE-007', answer({ headers: { ...QUOTA, 'ratelimit-remaining': '1001' } })), [
    'RateLimit-Remaining 1001 with RateLimit-Limit 1000: the current call is not counted',
  ]);
  // "current call already counted": a full quota left after an authenticated call is one call too many.
  assert.equal(
    breachesOf('RATE-007', answer({ headers: { ...QUOTA, 'ratelimit-remaining': '1000' } }))!.length,
    1,
  );
  assert.deepEqual(
    breachesOf('RATE-007', answer({ headers: { ...QUOTA, 'ratelimit-remaining': '999' } })),
    [],
  );
  assert.deepEqual(breachesOf('RATE-009', answer({ headers: { ...QUOTA, 'ratelimit-reset': '60.5' } })), [
    'header ratelimit-reset is not a non-negative integer: "60.5"',
  ]);
  // Any daily quota is free (variant daily-quota-other-value).
  assert.deepEqual(
    breachesOf(
      'RATE-007',
      answer({ headers: { ...QUOTA, 'ratelimit-limit': '17', 'ratelimit-remaining': '0' } }),
    ),
    [],
  );
});

void test('RATE-010, RATE-011: a 429 carries none of the three, and Retry-After in whole seconds', () => {
  assert.deepEqual(breachesOf('RATE-010', answer(TOO_MANY)), []);
  assert.deepEqual(breachesOf('RATE-011', answer(TOO_MANY)), []);
  assert.equal(breachesOf('RATE-006', answer(TOO_MANY)), undefined, 'the 429 carries no Limit');
  assert.deepEqual(
    breachesOf('RATE-010', answer({ ...TOO_MANY, headers: { ...TOO_MANY.headers, ...QUOTA } })),
    [
      'header ratelimit-limit is present on the 429',
      'header ratelimit-remaining is present on the 429',
      'header ratelimit-reset is present on the 429',
    ],
  );
  assert.deepEqual(breachesOf('RATE-011', answer({ ...TOO_MANY, headers: { date: DATE } })), [
    'header retry-after is not a whole number of seconds: null',
  ]);
  // A 429 of a request to no operation is judged too.
  assert.deepEqual(
    breachesOf('RATE-011', answer({ ...TOO_MANY, operationId: undefined }, { authenticated: false })),
    [],
  );
});

void test('RATE-004: the reset announced is at most a local day away, Retry-After too', () => {
  assert.deepEqual(breachesOf('RATE-004', answer({ headers: { ...QUOTA, 'ratelimit-reset': '90000' } })), []);
  assert.deepEqual(breachesOf('RATE-004', answer({ headers: { ...QUOTA, 'ratelimit-reset': '90900' } })), [
    'RateLimit-Reset 90900 s is more than a local day (90000 s)',
  ]);
  assert.deepEqual(
    breachesOf('RATE-004', answer({ ...TOO_MANY, headers: { date: DATE, 'retry-after': '3600000' } })),
    ['Retry-After 3600000 s is more than a local day (90000 s)'],
  );
  assert.equal(breachesOf('RATE-004', answer({ headers: without('ratelimit-reset') })), undefined);
});

void test('RATE-013: the reset is a quarter-hour of UTC, or the midnight of TARGET_TIME_ZONE', () => {
  const reset = (seconds: number) => ({ headers: { ...QUOTA, 'ratelimit-reset': String(seconds) } });
  for (const seconds of [3600, 2700, 3605, 3595])
    assert.deepEqual(breachesOf('RATE-013', answer(reset(seconds))), [], `${seconds}`);
  assert.deepEqual(breachesOf('RATE-013', answer(reset(3606))), [
    "the answer's time (2024-03-10T23:00:00.000Z) + RateLimit-Reset 3606 s = 2024-03-11T00:00:06.000Z is not a quarter-hour of UTC, so not a midnight of any time zone",
  ]);
  // Without a Date header the local clock at arrival stands in, with a minute of room.
  const undated = (seconds: number) => answer({ ...reset(seconds), dateHeader: undefined });
  assert.deepEqual(breachesOf('RATE-013', undated(3660)), []);
  assert.equal(breachesOf('RATE-013', undated(3661))!.length, 1);
  const zone = { timeZone: 'America/New_York' };
  assert.deepEqual(
    breachesOf('RATE-013', answer({ ...reset(5 * 3600) }, zone)),
    [],
    '04:00Z on 11 March is midnight EDT',
  );
  assert.match(
    breachesOf('RATE-013', answer(reset(3600), zone))![0]!,
    /is not a midnight in TARGET_TIME_ZONE=America\/New_York$/,
  );
  // A day whose midnight a DST change skips starts at 01:00 (Santiago, 8 September 2024: 04:00Z).
  const before = new Date(Date.parse('2024-09-07T23:00:00Z')).toUTCString();
  const skipped = (seconds: number) =>
    answer(
      { headers: { ...QUOTA, date: before, 'ratelimit-reset': String(seconds) }, dateHeader: before },
      { timeZone: 'America/Santiago' },
    );
  assert.deepEqual(breachesOf('RATE-013', skipped(5 * 3600)), [], 'the first instant of the local day');
  assert.equal(breachesOf('RATE-013', skipped(4 * 3600))!.length, 1, '03:00Z is 23:00 local');
  // The reset may be computed as the request starts, Date stamped as the answer leaves.
  assert.deepEqual(breachesOf('RATE-013', answer(reset(3612), { durationMs: 8000 })), []);
  assert.deepEqual(
    breachesOf('RATE-013', answer({ ...TOO_MANY, headers: { date: DATE, 'retry-after': '2700' } })),
    [],
  );
  assert.deepEqual(announcedResetOf(answer(reset(3600)))?.instant, Date.parse('2024-03-11T00:00:00Z'));
  assert.equal(announcedResetOf(answer({ headers: without('ratelimit-reset') })), undefined);
});
