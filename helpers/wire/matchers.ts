/**
 * Matchers that name the shape they check. Each failure message states expected versus actual and
 * carries the response line as evidence.
 */
import { expect as base } from '@playwright/test';
import { ApiResponse } from './api-response';
import { errorCode } from '../contract/contract';
import {
  integerHeaderProblem,
  integerValue,
  RATE_LIMIT_HEADER_NAMES,
} from '../contract/rate-limit-invariants';
import { responseSchemaErrors } from './schema-validator';

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';
export const RATE_LIMIT_HEADERS = RATE_LIMIT_HEADER_NAMES;
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What an internal failure's detail must not show: a stack frame line, or a source file with a line number. */
const INTERNAL_LEAKS = [
  /^\s*at\s.*\.\w+:\d+/m,
  /[\w-]\.(?:[cm]?[jt]sx?|py|java|kt|rb|go|cs|php|scala)(?::\d+|", line \d+)/i,
];

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

/** The problem-body checks shared by every error: members, status mirror, type of the code, extensions. */
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
  for (const member of ['type', 'title', 'status', 'code', 'requestId']) {
    if (!(member in body)) problems.push(`member ${member} is missing`);
  }
  if (body.status !== response.status)
    problems.push(`member status ${String(body.status)} differs from HTTP ${response.status}`);
  // Authentication 8: every response carries X-Request-Id; the same value is requestId in every problem body.
  const requestId = response.header(REQUEST_ID_HEADER);
  if (requestId === undefined || requestId.trim() === '')
    problems.push(`header ${REQUEST_ID_HEADER} is missing or empty`);
  else if ('requestId' in body && body.requestId !== requestId)
    problems.push(
      `member requestId ${JSON.stringify(body.requestId)} differs from header ${REQUEST_ID_HEADER} ${JSON.stringify(requestId)}`,
    );
  const code = typeof body.code === 'string' ? body.code : undefined;
  if (expected.code !== undefined && code !== expected.code) {
    problems.push(`code: expected ${expected.code}, received ${String(body.code)}`);
  }
  const checkedCode = expected.code ?? code;
  if (checkedCode) {
    let known: ReturnType<typeof errorCode> | undefined;
    try {
      known = errorCode(checkedCode);
    } catch {
      known = undefined; // a code outside the contract's table: only the base members are checked
    }
    if (known) {
      if (body.type !== known.type)
        problems.push(`type: expected ${known.type} for ${checkedCode}, received ${String(body.type)}`);
      if (response.status !== known.status)
        problems.push(`${checkedCode} must be HTTP ${known.status}, received ${response.status}`);
      for (const ext of known.extensions)
        if (!(ext in body)) problems.push(`extension member ${ext} of ${checkedCode} is missing`);
    }
  }
  if (checkedCode === 'internal_error' && typeof body.detail === 'string') {
    // Errors: internal_error has a "generic detail": no stack frame, no source file of the implementation.
    const leak = INTERNAL_LEAKS.find((pattern) => pattern.test(body.detail as string));
    if (leak) problems.push(`detail of internal_error is not generic: it matches ${String(leak)}`);
  }
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
