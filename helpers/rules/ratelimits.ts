/**
 * The rules of the Rate limits area (RATE-) one answer decides, as invariants of the registry
 * (./registry.ts), each with its requirement id; the registry judges them on every exchange as it arrives
 * (`judgeExchange`), not with the answer's other rules. Contract, Limits: "every successfully authenticated response carries `RateLimit-Limit` ...,
 * `RateLimit-Remaining` ... and `RateLimit-Reset` (seconds until the next reset). These three are absent on
 * the 429 response, which carries `Retry-After` ..."; the counter "resets at midnight server local time (not
 * UTC, not a rolling window)". Decisions: schemas/OPEN-POINTS.md, E4.
 *
 * Judged only on an answer to a key whose answers the quota counts (a configured key other than the expired
 * one: AnswerFacts.rateLimit, which the client fills):
 *  - a necessarily authenticated answer carries the three as non-negative integers, Remaining at most Limit
 *    (RATE-006, RATE-007, RATE-009); 400, 401, other 404s, 5xx and unknown routes are not required to;
 *  - a 429 carries none of the three, and Retry-After in whole seconds (RATE-010, RATE-011);
 *  - the reset either announces is at most a local day away (RATE-004) and is a midnight (RATE-013): the
 *    answer's time plus the seconds is a quarter-hour of UTC (every time zone offset in use is a multiple of
 *    15 minutes), or the midnight of TARGET_TIME_ZONE when set.
 * That the instant is the same on every answer of the key needs the answers before it: the wire layer
 * compares them (helpers/wire/rate-limit-headers.ts) from `announcedResetOf` here, charged to RATE-013.
 * The answer's time is its Date header (the server's own clock) when present, else the local clock.
 */
import { rateLimitHeaderNames } from '../contract/contract';
import { ANSWER, type AnswerFacts, type Invariant, once, show } from '../contract/invariant-types';

/** RateLimit-Limit, -Remaining and -Reset (lower-case), in that order. */
export const RATE_LIMIT_HEADER_NAMES = rateLimitHeaderNames();
const [LIMIT, REMAINING, RESET] = RATE_LIMIT_HEADER_NAMES as [string, string, string];

/**
 * Tolerance on the instant a reset announces, from the Date header: the header is truncated to the second,
 * the server may round the seconds either way and computes them a moment before it writes the header.
 */
export const DATE_HEADER_TOLERANCE_SECONDS = 5;
/** Without a Date header the local clock stands in: room for the skew of two synchronised clocks too. */
export const LOCAL_CLOCK_TOLERANCE_SECONDS = 60;
/** The next local midnight is at most a day away, 25 hours on the day a DST change adds one. */
export const LONGEST_LOCAL_DAY_SECONDS = 25 * 3600;
const QUARTER_HOUR_SECONDS = 900;

/** A header value that is a non-negative integer (whitespace around it allowed), else undefined. */
export function integerValue(value: string | undefined): number | undefined {
  return value !== undefined && /^\s*\d+\s*$/.test(value) ? Number(value) : undefined;
}

/** What the answer's header `name` breaks of "a non-negative integer", if anything. */
export function integerHeaderProblem(headers: Record<string, string>, name: string): string | undefined {
  const raw = headers[name];
  if (integerValue(raw) !== undefined) return undefined;
  return `header ${name} is ${raw === undefined ? 'missing' : `not a non-negative integer: ${show(raw)}`}`;
}

/** When an answer was made, and how far off that may be. */
export interface AnswerTime {
  ms: number;
  toleranceMs: number;
  /** Whether it came from the Date header (else the local clock at its arrival stood in). */
  dated: boolean;
}

/**
 * When the answer was made: its Date header, else the local clock when it arrived. With a Date header, the
 * tolerance covers the exchange's duration too (the reset may be computed as the request starts).
 */
export function answerTime(dateHeader: string | undefined, receivedAt: number, durationMs = 0): AnswerTime {
  const date = Date.parse(dateHeader ?? '');
  return Number.isFinite(date)
    ? { ms: date, toleranceMs: DATE_HEADER_TOLERANCE_SECONDS * 1000 + durationMs, dated: true }
    : { ms: receivedAt, toleranceMs: LOCAL_CLOCK_TOLERANCE_SECONDS * 1000, dated: false };
}

/** The kinds of answer the rules speak of: a 429, a necessarily authenticated answer, or neither. */
function kindOf(answer: AnswerFacts): '429' | 'authenticated' | undefined {
  const facts = answer.rateLimit;
  if (!facts?.counted) return undefined;
  if (answer.status === 429) return '429';
  return facts.authenticated ? 'authenticated' : undefined;
}

/** The reset an answer announces: the header, its seconds, the answer's time and the instant. */
export interface AnnouncedReset {
  header: 'RateLimit-Reset' | 'Retry-After';
  seconds: number;
  time: AnswerTime;
  /** The announced reset instant (ms). */
  instant: number;
}

/**
 * The reset the answer announces, when the rules judge it: RateLimit-Reset of a necessarily authenticated
 * answer, Retry-After of a 429, each when it is a whole number of seconds.
 */
export function announcedResetOf(answer: AnswerFacts): AnnouncedReset | undefined {
  const kind = kindOf(answer);
  if (kind === undefined) return undefined;
  const header = kind === '429' ? 'Retry-After' : 'RateLimit-Reset';
  const seconds = integerValue(answer.headers[header.toLowerCase()]);
  if (seconds === undefined) return undefined;
  const time = answerTime(answer.dateHeader, answer.rateLimit!.receivedAt, answer.rateLimit!.durationMs);
  return { header, seconds, time, instant: time.ms + seconds * 1000 };
}

const calendars = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of an instant on the wall clock of `timeZone`. */
function localDay(ms: number, timeZone: string): string {
  let format = calendars.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    calendars.set(timeZone, format);
  }
  return format.format(new Date(ms));
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The evidence of an announced reset: the answer's time, the seconds and the instant. */
export const describeReset = ({ header, seconds, time, instant }: AnnouncedReset) =>
  `the answer's time (${iso(time.ms)}) + ${header} ${seconds} s = ${iso(instant)}`;

/** Whether the instant is a midnight: of `timeZone`, else a quarter-hour of UTC, within the tolerance. */
function midnightProblem(reset: AnnouncedReset, timeZone: string | undefined): string | undefined {
  const tolerance = reset.time.toleranceMs / 1000;
  // A local day starts within the tolerance of the instant: its midnight, or the first instant of a day whose
  // midnight a DST change skips (the clock jumps from 23:59:59 to 01:00).
  if (timeZone) {
    const span = reset.time.toleranceMs;
    return localDay(reset.instant - span, timeZone) === localDay(reset.instant + span, timeZone)
      ? `${describeReset(reset)} is not a midnight in TARGET_TIME_ZONE=${timeZone}`
      : undefined;
  }
  const r = (reset.instant / 1000) % QUARTER_HOUR_SECONDS;
  return Math.min(r, QUARTER_HOUR_SECONDS - r) > tolerance
    ? `${describeReset(reset)} is not a quarter-hour of UTC, so not a midnight of any time zone`
    : undefined;
}

/** A rule of the headers of a necessarily authenticated answer (not a 429). */
const ofAuthenticated =
  (rule: (headers: Record<string, string>) => string[]) =>
  (_: unknown, answer: AnswerFacts): string[] | undefined =>
    kindOf(answer) === 'authenticated' ? rule(answer.headers) : undefined;

/** A rule of the headers of a 429. */
const of429 =
  (rule: (headers: Record<string, string>) => string[]) =>
  (_: unknown, answer: AnswerFacts): string[] | undefined =>
    kindOf(answer) === '429' ? rule(answer.headers) : undefined;

export const RATELIMITS_RULES: readonly Invariant[] = [
  {
    id: 'RATE-004',
    title:
      'the reset an answer announces (RateLimit-Reset, Retry-After on a 429) is at most a local day away',
    subject: ANSWER,
    judge: (_, answer) => {
      const reset = announcedResetOf(answer);
      if (reset === undefined) return undefined;
      return once(
        reset.seconds > LONGEST_LOCAL_DAY_SECONDS + reset.time.toleranceMs / 1000
          ? `${reset.header} ${reset.seconds} s is more than a local day (${LONGEST_LOCAL_DAY_SECONDS} s)`
          : undefined,
      );
    },
  },
  {
    id: 'RATE-006',
    title: 'a necessarily authenticated answer carries RateLimit-Limit, a non-negative integer',
    subject: ANSWER,
    judge: ofAuthenticated((headers) => once(integerHeaderProblem(headers, LIMIT))),
  },
  {
    id: 'RATE-007',
    title:
      'a necessarily authenticated answer carries RateLimit-Remaining, a non-negative integer below RateLimit-Limit (the current call counted)',
    subject: ANSWER,
    judge: ofAuthenticated((headers) => {
      const problem = integerHeaderProblem(headers, REMAINING);
      if (problem !== undefined) return [problem];
      const limit = integerValue(headers[LIMIT]);
      const remaining = integerValue(headers[REMAINING])!;
      // "calls left today, current call already counted": every authenticated request counts.
      return once(
        limit !== undefined && remaining >= limit
          ? `RateLimit-Remaining ${remaining} with RateLimit-Limit ${limit}: the current call is not counted`
          : undefined,
      );
    }),
  },
  {
    id: 'RATE-009',
    title: 'a necessarily authenticated answer carries RateLimit-Reset, a non-negative integer of seconds',
    subject: ANSWER,
    judge: ofAuthenticated((headers) => once(integerHeaderProblem(headers, RESET))),
  },
  {
    id: 'RATE-010',
    title: 'a 429 carries none of RateLimit-Limit, -Remaining and -Reset',
    subject: ANSWER,
    judge: of429((headers) =>
      RATE_LIMIT_HEADER_NAMES.filter((name) => headers[name] !== undefined).map(
        (name) => `header ${name} is present on the 429`,
      ),
    ),
  },
  {
    id: 'RATE-011',
    title: 'a 429 carries Retry-After in whole seconds',
    subject: ANSWER,
    judge: of429((headers) =>
      once(
        integerValue(headers['retry-after']) === undefined
          ? `header retry-after is not a whole number of seconds: ${show(headers['retry-after'] ?? null)}`
          : undefined,
      ),
    ),
  },
  {
    id: 'RATE-013',
    title:
      'the reset an answer announces is a midnight: a quarter-hour of UTC, the midnight of TARGET_TIME_ZONE when set',
    subject: ANSWER,
    judge: (_, answer) => {
      const reset = announcedResetOf(answer);
      return reset === undefined ? undefined : once(midnightProblem(reset, answer.rateLimit!.timeZone));
    },
  },
];
