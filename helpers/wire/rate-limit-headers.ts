/**
 * The rate-limit rules' part that needs more than one answer, and what the client knows of an answer that
 * the single-answer rules need (helpers/rules/ratelimits.ts, judged on every exchange:
 * helpers/wire/answer-checks.ts). Contract, Limits: the counter "resets at midnight server local time (not
 * UTC, not a rolling window)"; which answers are necessarily authenticated: schemas/OPEN-POINTS.md, E4.
 *
 * - which keys' answers the quota counts (the configured keys but the expired one) and TARGET_TIME_ZONE;
 * - whether an answer is necessarily authenticated (its path parameters checked by the worker's schema
 *   validator);
 * - the countdown (RATE-013): the reset an answer announces is the same instant on every answer of the key
 *   until that instant has passed (the value counts down with the clock), compared with the run's first
 *   announcement of the key, across the run's processes (the run folder).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { OpenAPIV3_1 } from 'openapi-types';
import { loadOpenApi } from '../../schemas/ajv';
import type { ApiResponse } from './api-response';
import { type AfterAuthentication, errorCodes, operationById, type OperationId } from '../contract/contract';
import type { AnswerFacts } from '../contract/invariant-types';
import {
  announcedResetOf,
  answerTime,
  describeReset,
  integerValue,
  LOCAL_CLOCK_TOLERANCE_SECONDS,
} from '../rules/ratelimits';
import { announcementFile, createWhole, inCoordinatedRun } from '../run/run-folder';
import { schemaErrors } from './schema-validator';
import type { Target } from '../run/target';

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
    createWhole(announcementFile(target, keyDigest(key)), JSON.stringify(announcement));
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

/**
 * Whether the reset the answer announces (when the rate-limit rules judge one) is the instant the key's
 * first announcement in the run named (RATE-013); the answer becomes the first when none is held or that
 * instant has passed. `key` and `target` name the announcement; `durationMs` is the exchange's.
 */
export function countdownBreaches(
  answer: AnswerFacts,
  durationMs: number,
  target: string,
  key: string,
): string[] {
  const reset = announcedResetOf(answer);
  if (reset === undefined) return [];
  const { time: at, instant } = reset;
  const now: Announcement = { instant, at: Date.now(), dated: at.dated, durationMs };
  const first = firstAnnouncement(target, key);
  if (first === undefined || at.ms >= first.instant - at.toleranceMs) {
    announce(target, key, now);
    return [];
  }
  if (Math.abs(instant - first.instant) <= countdownToleranceMs(first, now)) return [];
  return [
    `[RATE-013] ${describeReset(reset)}, but an earlier answer of the key announced the reset at ${iso(first.instant)}: ` +
      'the seconds do not count down with the clock to one midnight',
  ];
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
  const at = answerTime(answer.headers.date, Date.now());
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
