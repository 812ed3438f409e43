/**
 * The rate-limit header rule, checked by the client (helpers/wire/api-client.ts) on every answer the suite
 * receives, at no extra request. Contract, Limits: "every successfully authenticated response carries
 * `RateLimit-Limit` ..., `RateLimit-Remaining` ... and `RateLimit-Reset` (seconds until the next reset).
 * These three are absent on the 429 response, which carries `Retry-After` ..."; the counter "resets at
 * midnight server local time (not UTC, not a rolling window)". Decisions: schemas/OPEN-POINTS.md, E4.
 *
 * For an answer to a configured key (not the expired one):
 *  - a necessarily authenticated answer carries the three as non-negative integers, Remaining at most Limit
 *    (RATE-006, RATE-007, RATE-009); 400, 401, other 404s, 5xx and unknown routes are not required to;
 *  - a 429 carries none of the three, and Retry-After in whole seconds (RATE-010, RATE-011);
 *  - the reset either announces is a midnight (RATE-013): the answer's time plus the seconds is a
 *    quarter-hour of UTC (every time zone offset in use is a multiple of 15 minutes), or the midnight of
 *    TARGET_TIME_ZONE when set; and it is the same instant on every answer of the key until that instant
 *    has passed (the value counts down with the clock).
 * The answer's time is its Date header (the server's own clock) when present, else the local clock.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { expect } from '@playwright/test';
import type { OpenAPIV3_1 } from 'openapi-types';
import { loadOpenApi } from '../../schemas/ajv';
import type { ApiResponse } from './api-response';
import {
  type AfterAuthentication,
  errorCodes,
  operationById,
  type OperationId,
  rateLimitHeaderNames,
} from '../contract/contract';
import { announcementFile, inCoordinatedRun, withFolder } from '../run/run-folder';
import { schemaErrors } from './schema-validator';
import type { Target } from '../run/target';

/** RateLimit-Limit, -Remaining and -Reset (lower-case), in that order. */
export const RATE_LIMIT_HEADER_NAMES = rateLimitHeaderNames();

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
const DAY_SECONDS = 86_400;

export interface RateLimitRule {
  /** The configured keys whose answers are checked (not the expired one: its answers are 401s). */
  keys: ReadonlySet<string>;
  /** TARGET_TIME_ZONE: the reset must be this zone's midnight; undefined: a quarter-hour of UTC. */
  timeZone?: string;
}

export function rateLimitRule(target: Target): RateLimitRule {
  const keys = Object.entries(target.keys)
    .filter(([role, key]) => role !== 'expired' && key !== undefined)
    .map(([, key]) => key!);
  return { keys: new Set(keys), ...(target.timeZone ? { timeZone: target.timeZone } : {}) };
}

/**
 * Problem codes whose condition needs the caller identified: its scopes, its account, its data or its quota
 * (E4), as their problem schemas say (`x-after-authentication`); some only on a well-formed request (see
 * `wellFormedPath`). Read once, with the statuses they come with.
 */
let afterAuthentication: { codes: Map<string, AfterAuthentication>; statuses: Set<number> } | undefined;

function codesAfterAuthentication() {
  if (afterAuthentication) return afterAuthentication;
  const known = errorCodes().filter((e) => e.afterAuthentication !== false);
  afterAuthentication = {
    codes: new Map(known.map((e) => [e.code, e.afterAuthentication])),
    statuses: new Set(known.map((e) => e.status)),
  };
  return afterAuthentication;
}

/**
 * Whether the answer can only have come after the key was authenticated (E4): any 2xx of an operation, and
 * a problem whose condition concerns the caller. A 400 may come before authentication (B14), a 5xx
 * anywhere (B1); a request to no operation of the contract proves nothing.
 */
export function necessarilyAuthenticated(response: ApiResponse): boolean {
  const { status, operationId } = response;
  if (operationId === undefined) return false;
  if (status >= 200 && status < 300) return true;
  const { codes, statuses } = codesAfterAuthentication();
  if (!statuses.has(status) || !response.isJson) return false;
  let code: unknown;
  try {
    code = response.json<{ code?: unknown }>().code;
  } catch {
    return false; // not JSON: the schema check reports it
  }
  const when = typeof code === 'string' ? codes.get(code) : undefined;
  if (when === undefined) return false;
  return when !== 'well-formed-path' || wellFormedPath(response.exchange.request.url, operationId);
}

interface PathShape {
  pattern: RegExp;
  /** Component schema of each path parameter, in order. */
  schemas: string[];
}
const pathShapes = new Map<OperationId, PathShape>();

function pathShape(operationId: OperationId): PathShape {
  let shape = pathShapes.get(operationId);
  if (shape) return shape;
  const operation = operationById(operationId);
  const doc = loadOpenApi();
  const declared = (operation.definition.parameters ?? []).map((p) =>
    '$ref' in p ? (doc.components?.parameters?.[p.$ref.split('/').pop()!] as OpenAPIV3_1.ParameterObject) : p,
  );
  const schemas = operation.pathParams.map((name) => {
    const schema = declared.find((p) => p.in === 'path' && p.name === name)?.schema as
      OpenAPIV3_1.ReferenceObject | undefined;
    if (!schema?.$ref) throw new Error(`path parameter ${name} of ${operationId} has no component schema`);
    return schema.$ref.split('/').pop()!;
  });
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // End-anchored: BASE_URL may carry a path prefix.
  const source = operation.path
    .split(/\{\w+\}/)
    .map(literal)
    .join('([^/]*)');
  shape = { pattern: new RegExp(`${source}$`), schemas };
  pathShapes.set(operationId, shape);
  return shape;
}

/** The request went to the operation's route with every path parameter in its documented form. */
function wellFormedPath(url: string, operationId: OperationId): boolean {
  const { pattern, schemas } = pathShape(operationId);
  const match = pattern.exec(new URL(url).pathname);
  if (!match) return false;
  return schemas.every((schema, i) => {
    try {
      return schemaErrors(schema, decodeURIComponent(match[i + 1]!)).length === 0;
    } catch {
      return false;
    }
  });
}

/** When the answer was made: its Date header, else the local clock (the check runs as it arrives). */
function answerTime(headers: Record<string, string>): { ms: number; toleranceMs: number; dated: boolean } {
  const date = Date.parse(headers.date ?? '');
  return Number.isFinite(date)
    ? { ms: date, toleranceMs: DATE_HEADER_TOLERANCE_SECONDS * 1000, dated: true }
    : { ms: Date.now(), toleranceMs: LOCAL_CLOCK_TOLERANCE_SECONDS * 1000, dated: false };
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** Seconds since the last midnight, on the wall clock of `timeZone`. */
function secondsOfDay(ms: number, timeZone: string): number {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClocks.set(timeZone, format);
  }
  const part = (type: string, parts: Intl.DateTimeFormatPart[]) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  const parts = format.formatToParts(new Date(ms));
  return part('hour', parts) * 3600 + part('minute', parts) * 60 + part('second', parts);
}

/**
 * The reset a key announced first in the run (per target), until that instant passes: every process of the
 * run compares with the same announcement, the first one made (helpers/run/run-folder.ts,
 * `announcementFile`), so that the countdown has had the whole run to show (RATE-013).
 */
export interface Announcement {
  /** The announced reset instant (ms). */
  instant: number;
  /** When it was announced, on the local clock (ms). */
  at: number;
  /** Whether the answer's time came from its Date header (else the local clock stood in). */
  dated: boolean;
  /** How long the exchange took (ms): the server stamped Date and computed the reset within it. */
  durationMs: number;
}

/**
 * How far two Date-stamped answers of one key may place the same midnight apart: each Date header is cut to
 * the second and each reset rounded to the second (under 3 s between two answers, whatever the rounding),
 * plus the time each exchange took, within which the server stamped one and computed the other.
 */
export const COUNTDOWN_TOLERANCE_SECONDS = 3;

const announced = new Map<string, Announcement>();

function keyDigest(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/** The run's first announcement of the key, read once per process (the file never changes once written). */
function firstAnnouncement(target: string, key: string): Announcement | undefined {
  const memory = `${target} ${key}`;
  if (!announced.has(memory)) {
    try {
      const stored = JSON.parse(
        fs.readFileSync(announcementFile(target, keyDigest(key)), 'utf8'),
      ) as Announcement;
      if (Number.isFinite(stored.instant) && Number.isFinite(stored.at)) announced.set(memory, stored);
    } catch {
      /* none yet in the run (or not readable): this process may make the first */
    }
  }
  return announced.get(memory);
}

/** Records the key's announcement as the run's first, unless another process recorded one already. */
function announce(target: string, key: string, announcement: Announcement): void {
  announced.set(`${target} ${key}`, announcement);
  if (!inCoordinatedRun()) return;
  try {
    fs.writeFileSync(withFolder(announcementFile(target, keyDigest(key))), JSON.stringify(announcement), {
      flag: 'wx',
    });
  } catch {
    /* another process of the run announced first, or there is no run folder: the process keeps its own */
  }
}

/** The tolerance between two announcements of one key (ms). */
function countdownToleranceMs(a: Announcement, b: Announcement): number {
  if (!a.dated || !b.dated) return LOCAL_CLOCK_TOLERANCE_SECONDS * 1000;
  return COUNTDOWN_TOLERANCE_SECONDS * 1000 + a.durationMs + b.durationMs;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** What the announced reset breaks (RATE-004, RATE-013): a midnight, no further than a day, the same instant. */
function resetViolations(
  response: ApiResponse,
  header: string,
  seconds: number,
  target: string,
  key: string,
  rule: RateLimitRule,
): string[] {
  const at = answerTime(response.headers);
  const instant = at.ms + seconds * 1000;
  const tolerance = at.toleranceMs / 1000;
  const what = `the answer's time (${iso(at.ms)}) + ${header} ${seconds} s = ${iso(instant)}`;
  const out: string[] = [];
  if (seconds > LONGEST_LOCAL_DAY_SECONDS + tolerance)
    out.push(`[RATE-004] ${header} ${seconds} s is more than a local day (${LONGEST_LOCAL_DAY_SECONDS} s)`);
  if (rule.timeZone) {
    const s = secondsOfDay(instant, rule.timeZone);
    if (Math.min(s, DAY_SECONDS - s) > tolerance)
      out.push(`[RATE-013] ${what} is not a midnight in TARGET_TIME_ZONE=${rule.timeZone}`);
  } else {
    const r = (instant / 1000) % QUARTER_HOUR_SECONDS;
    if (Math.min(r, QUARTER_HOUR_SECONDS - r) > tolerance)
      out.push(`[RATE-013] ${what} is not a quarter-hour of UTC, so not a midnight of any time zone`);
  }
  const now: Announcement = {
    instant,
    at: Date.now(),
    dated: at.dated,
    durationMs: response.exchange.durationMs,
  };
  const first = firstAnnouncement(target, key);
  if (first === undefined || at.ms >= first.instant - at.toleranceMs) announce(target, key, now);
  else if (Math.abs(instant - first.instant) > countdownToleranceMs(first, now))
    out.push(
      `[RATE-013] ${what}, but an earlier answer of the key announced the reset at ${iso(first.instant)}: ` +
        'the seconds do not count down with the clock to one midnight',
    );
  return out;
}

/**
 * Records what an answer outside the client (the preflight's) announced for a key, so that the countdown
 * check has the whole run to show: only a Date-stamped 200 with an integer RateLimit-Reset counts.
 */
export function noteAnnouncedReset(
  target: string,
  key: string,
  answer: { status: number; headers: Record<string, string>; durationMs: number },
): void {
  const at = answerTime(answer.headers);
  const reset = integerValue(answer.headers['ratelimit-reset']);
  if (answer.status !== 200 || !at.dated || reset === undefined) return;
  if (firstAnnouncement(target, key) !== undefined) return;
  announce(target, key, {
    instant: at.ms + reset * 1000,
    at: Date.now(),
    dated: true,
    durationMs: answer.durationMs,
  });
}

function integerValue(value: string | undefined): number | undefined {
  return value !== undefined && /^\s*\d+\s*$/.test(value) ? Number(value) : undefined;
}

function integerHeader(response: ApiResponse, name: string): number | undefined {
  return integerValue(response.header(name));
}

/** What the answer breaks of the rate-limit rules; empty when it keeps them or is not concerned. */
export function rateLimitViolations(
  response: ApiResponse,
  key: string,
  rule: RateLimitRule,
  target: string,
): string[] {
  if (!rule.keys.has(key)) return [];
  const out: string[] = [];
  if (response.status === 429) {
    for (const name of RATE_LIMIT_HEADER_NAMES)
      if (response.header(name) !== undefined) out.push(`[RATE-010] header ${name} is present on the 429`);
    const retryAfter = integerHeader(response, 'retry-after');
    if (retryAfter === undefined)
      out.push(
        `[RATE-011] header retry-after is not a whole number of seconds: ${JSON.stringify(response.header('retry-after') ?? null)}`,
      );
    else out.push(...resetViolations(response, 'Retry-After', retryAfter, target, key, rule));
    return out;
  }
  if (!necessarilyAuthenticated(response)) return [];
  const [limit, remaining, reset] = RATE_LIMIT_HEADER_NAMES.map((name) => {
    const value = integerHeader(response, name);
    if (value === undefined) {
      const raw = response.header(name);
      out.push(
        `[RATE-006, RATE-007, RATE-009] header ${name} is ${raw === undefined ? 'missing' : `not a non-negative integer: ${JSON.stringify(raw)}`}`,
      );
    }
    return value;
  });
  if (limit !== undefined && remaining !== undefined && remaining > limit)
    out.push(`[RATE-007] RateLimit-Remaining ${remaining} is above RateLimit-Limit ${limit}`);
  if (reset !== undefined)
    out.push(...resetViolations(response, 'RateLimit-Reset', reset, target, key, rule));
  return out;
}

/** Fails the current test when the answer breaks a rate-limit rule (the assertion is made only then). */
export function assertRateLimitHeaders(
  response: ApiResponse,
  key: string,
  rule: RateLimitRule,
  target: string,
): void {
  const violations = rateLimitViolations(response, key, rule, target);
  if (violations.length === 0) return;
  expect(
    violations,
    `${response.describe()}: the ${response.status} answer of ${response.operationId ?? 'the request'} to a configured key ` +
      'breaks the rate-limit rules of the contract (Limits; schemas/OPEN-POINTS.md E4)',
  ).toEqual([]);
}

/**
 * How long to wait (ms) before an answer of the key can show whether its reset counts down with the clock: a
 * reset that stays put drifts from the run's first announcement by the seconds elapsed since, which tell
 * once they exceed the countdown tolerance (a second of room for the fresh exchange's own duration).
 */
export function countdownWaitMs(target: string, key: string): number {
  const first = firstAnnouncement(target, key);
  if (first === undefined) return 0;
  // Without a Date header the local clock's tolerance (a minute) is more than a run can wait: no wait.
  if (!first.dated) return 0;
  return Math.max(
    0,
    first.at + countdownToleranceMs(first, { ...first, durationMs: 1000 }) + 1000 - Date.now(),
  );
}

/** The reset instant (ms) the run's first answer of the key announced, if any did. */
export function announcedReset(target: string, key: string): number | undefined {
  return firstAnnouncement(target, key)?.instant;
}
