/**
 * Matchers that name the shape they check. Each failure message states expected versus actual and
 * carries the response line as evidence.
 */
import { expect as base } from '@playwright/test';
import { ApiResponse } from './api-response';
import { findErrorCode } from '../contract/contract';
import { integerHeaderProblem, integerValue, RATE_LIMIT_HEADER_NAMES } from '../rules/ratelimits';
import { judgeAnswer } from '../rules/registry';
import { answerFacts } from './answer-checks';
import { responseSchemaErrors } from './schema-validator';

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';
export const RATE_LIMIT_HEADERS = RATE_LIMIT_HEADER_NAMES;
export const REQUEST_ID_HEADER = 'X-Request-Id';

interface MatcherResult {
  pass: boolean;
  message: () => string;
  name: string;
}

function evidence(response: ApiResponse): string {
  const text = response.isJson ? response.text.slice(0, 600) : `[${response.body.length} bytes]`;
  return `\n  ${response.describe()}\n  content-type: ${response.header('content-type') ?? '(absent)'}\n  body: ${text}`;
}

function asResponse(received: unknown): ApiResponse {
  if (!(received instanceof ApiResponse)) throw new Error('matcher expects an ApiResponse');
  return received;
}

function result(name: string, problems: string[], response: ApiResponse, isNot: boolean): MatcherResult {
  const pass = problems.length === 0;
  return {
    name,
    pass,
    message: () =>
      isNot
        ? `expected the response not to satisfy ${name}${evidence(response)}`
        : `${name}:\n  - ${problems.join('\n  - ')}${evidence(response)}`,
  };
}

/** The registry's rules of a problem body and of correlation (PROB-*, CORR-*), stated once there. */
const isProblemRule = (id: string) => id.startsWith('PROB-') || id.startsWith('CORR-');

/**
 * A problem as the contract's error table defines it: the status and code the test expects, the media type,
 * then every rule of the registry on problem bodies and correlation (helpers/rules/problems.ts, correlation.ts:
 * members, status mirror, type and status of the code, extensions, the generic detail of internal_error,
 * requestId and X-Request-Id), and the schema of the answer. The client applies the same rules to every
 * answer; the matcher states them against what the test expected.
 */
export function problemViolations(
  response: ApiResponse,
  expected: { status?: number; code?: string },
): string[] {
  const problems: string[] = [];
  if (expected.status !== undefined && response.status !== expected.status) {
    problems.push(`HTTP status: expected ${expected.status}, received ${response.status}`);
  }
  if (response.mediaType !== PROBLEM_MEDIA_TYPE) {
    problems.push(
      `content type: expected ${PROBLEM_MEDIA_TYPE}, received ${response.header('content-type') ?? '(absent)'}`,
    );
    return problems;
  }
  let body: Record<string, unknown>;
  try {
    body = response.json<Record<string, unknown>>();
  } catch (error) {
    return [...problems, (error as Error).message];
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return [...problems, 'body is not a JSON object'];
  if (expected.code !== undefined && body.code !== expected.code) {
    problems.push(`code: expected ${expected.code}, received ${String(body.code)}`);
    // The expected code's status and type, which the registry judges only for the code the body carries.
    const known = findErrorCode(expected.code);
    if (known && response.status !== known.status)
      problems.push(`${expected.code} must be HTTP ${known.status}, received ${response.status}`);
  }
  for (const { invariant, breaches } of judgeAnswer(answerFacts(response)))
    if (isProblemRule(invariant.id))
      problems.push(...breaches.map((b) => `[${invariant.id}] ${invariant.title}: ${b}`));
  problems.push(...responseSchemaErrors(response).map((e) => `schema: ${e}`));
  return problems;
}

const extended = base.extend({
  /** The response has this HTTP status. */
  toHaveStatus(received: unknown, status: number | number[]) {
    const response = asResponse(received);
    const allowed = Array.isArray(status) ? status : [status];
    const problems = allowed.includes(response.status)
      ? []
      : [`HTTP status: expected ${allowed.join(' or ')}, received ${response.status}`];
    return result('toHaveStatus', problems, response, this.isNot);
  },

  /** An RFC 9457 problem as the contract's error table defines it. */
  toBeProblem(received: unknown, expected: { status?: number; code?: string } = {}) {
    const response = asResponse(received);
    return result('toBeProblem', problemViolations(response, expected), response, this.isNot);
  },

  /** RateLimit-Limit, -Remaining, -Reset present as non-negative integers. */
  toHaveRateLimitHeaders(received: unknown) {
    const response = asResponse(received);
    const problems = RATE_LIMIT_HEADERS.flatMap((name) => {
      const problem = integerHeaderProblem(response.headers, name);
      return problem === undefined ? [] : [problem];
    });
    return result('toHaveRateLimitHeaders', problems, response, this.isNot);
  },

  /** The response body matches its documented schema (status and media type) in schemas/openapi.yaml. */
  toMatchResponseSchema(received: unknown) {
    const response = asResponse(received);
    return result('toMatchResponseSchema', responseSchemaErrors(response), response, this.isNot);
  },
});

/**
 * Assertions the current test has run (CONTRIBUTING, "A pass is earned"): every `expect(...)`, `expect.soft`
 * and `expect.poll` of a spec counts. The `_earnedPass` fixture fails a test that passed with none.
 * Tests run one at a time in a worker, so one counter per worker is enough.
 */
let assertionsRun = 0;

export const assertionCounter = {
  reset(): void {
    assertionsRun = 0;
  },
  get count(): number {
    return assertionsRun;
  },
};

const COUNTED_MEMBERS = new Set<PropertyKey>(['soft', 'poll']);

export const expect: typeof extended = new Proxy(extended, {
  apply(target, thisArg, args: Parameters<typeof extended>) {
    assertionsRun += 1;
    return Reflect.apply(target, thisArg, args);
  },
  get(target, property, receiver) {
    const value: unknown = Reflect.get(target, property, receiver);
    if (!COUNTED_MEMBERS.has(property) || typeof value !== 'function') return value;
    return (...args: unknown[]) => {
      assertionsRun += 1;
      return (value as (...a: unknown[]) => unknown).apply(target, args);
    };
  },
});

/** Integer value of a header, or undefined. */
export function intHeader(response: ApiResponse, name: string): number | undefined {
  return integerValue(response.header(name));
}
