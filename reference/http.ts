/**
 * Hono plumbing shared by the routes: the per-request variables, the problem responses and the error handler.
 */
import { gzipSync } from 'node:zlib';
import type { Context, ErrorHandler } from 'hono';
import type { Caller } from './auth';
import { currentBehaviour, isFault, isVariant } from './behaviour';
import type { Moment, ServerContext } from './context';
import { PROBLEM_CONTENT_TYPE, ProblemError, problemBody } from './problems';
import { REQUEST_ID_HEADER } from './request-id';
import type { ValidatedInput } from './validation';

export interface AppEnv {
  Variables: {
    requestId: string;
    caller: Caller;
    rateLimitHeaders: Record<string, string>;
  };
}

export type AppContext = Context<AppEnv>;

/**
 * Headers every response of the request carries: X-Request-Id always, RateLimit-* once the caller is
 * authenticated and counted. They are set when the response is built, never patched in afterwards.
 */
function commonHeaders(c: AppContext): Record<string, string> {
  return { [REQUEST_ID_HEADER]: c.get('requestId'), ...c.get('rateLimitHeaders') };
}

/** Headers a server may add beyond the contract's (caching, framework, links). */
const EXTRA_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Powered-By': 'patent-renewal-reference',
  Link: '</api/v2/external/>; rel="service"',
};

export function respond(
  c: AppContext,
  body: ConstructorParameters<typeof Response>[0],
  status: number,
  headers: Record<string, string>,
): Response {
  const extra = isVariant('extra-response-headers') ? EXTRA_HEADERS : {};
  // The JSON bodies are the strings here: the PDF downloads (bytes) are never coded.
  if (
    isVariant('gzip-responses') &&
    typeof body === 'string' &&
    acceptsGzip(c.req.header('accept-encoding'))
  ) {
    const coded = { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' };
    return new Response(gzipSync(body), {
      status,
      headers: { ...extra, ...headers, ...coded, ...commonHeaders(c) },
    });
  }
  return new Response(body, { status, headers: { ...extra, ...headers, ...commonHeaders(c) } });
}

/** Whether an Accept-Encoding header admits gzip (named or through `*`, with a non-zero weight). */
function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((entry) => {
    const [coding = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const weight = params.find((p) => p.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (weight === undefined || Number(weight.slice(2)) > 0);
  });
}

/** A JSON media type, with the charset parameter where the variant adds it. */
function mediaType(type: string): string {
  return isVariant('json-charset-utf8') ? `${type}; charset=utf-8` : type;
}

/** A date-time with fractional seconds, as toISOString prints it. */
const FRACTIONAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.\d+Z$/;
/** Any UTC date-time written with the `Z` designator. */
const ZULU_DATE_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?)Z$/;

/**
 * JSON text of a body; the variants write every object's members in reverse order (member order is free),
 * every date-time without its fractional seconds (ISO 8601 makes them optional), or with the UTC offset
 * `+00:00` instead of `Z` (both designate UTC).
 */
function jsonText(data: unknown): string {
  if (isVariant('timestamps-whole-seconds')) {
    return JSON.stringify(data, (_key, value: unknown) =>
      typeof value === 'string' ? value.replace(FRACTIONAL_DATE_TIME, '$1Z') : value,
    );
  }
  // (variant) The offset form with microseconds, as a database's timestamptz prints it.
  if (isVariant('timestamps-offset-and-fraction')) {
    return JSON.stringify(data, (_key, value: unknown) =>
      typeof value === 'string'
        ? value.replace(ZULU_DATE_TIME, (_all, time: string) => {
            const [whole = time, fraction = ''] = time.split('.');
            return `${whole}.${fraction.padEnd(6, '0').slice(0, 6)}+00:00`;
          })
        : value,
    );
  }
  if (isVariant('timestamps-offset-notation')) {
    return JSON.stringify(data, (_key, value: unknown) =>
      typeof value === 'string' ? value.replace(ZULU_DATE_TIME, '$1+00:00') : value,
    );
  }
  if (!isVariant('json-members-reversed')) return JSON.stringify(data);
  const reversed = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(reversed);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reversed(v)]),
    );
  };
  return JSON.stringify(reversed(data));
}

export function problemResponse(c: AppContext, problem: ProblemError): Response {
  // (variant) instance is the request path with its query string.
  const instance = isVariant('variant-extra-problem-members')
    ? `${c.req.path}${new URL(c.req.url).search}`
    : c.req.path;
  const body = problemBody(problem, c.get('requestId'), instance);
  if (isFault('rate-limit-headers-missing-on-errors')) c.set('rateLimitHeaders', {});
  return respond(c, jsonText(body), problem.status, {
    'Content-Type': mediaType(isFault('problem-served-as-json') ? 'application/json' : PROBLEM_CONTENT_TYPE),
    ...problem.headers,
  });
}

/** The detail of an unexpected failure: generic, or (faults) what a careless handler hands the client. */
function internalDetail(error: Error): string {
  switch (currentBehaviour().fault) {
    case 'internal-error-detail-stack':
      return String(error.stack); // the failure's stack trace
    case 'internal-error-detail-exception':
      return String(error); // the exception's class name and message
    case 'internal-error-detail-sql':
      // the statement that was running, as a database driver's error reports it
      return `${error.message} while executing: SELECT p.id, p.provider_id FROM patents p WHERE p.tenant_id = $1 ORDER BY p.id LIMIT 1`;
    case 'internal-error-detail-file-path':
      return `${error.message} (in ${process.cwd()}/reference/server.ts)`; // the module that failed
    default:
      return 'An unexpected error occurred. Retry later.';
  }
}

/** Known problems become their response; anything else a generic 500 that leaks nothing internal. */
export function errorHandler(): ErrorHandler<AppEnv> {
  return (error, c) => {
    const problem =
      error instanceof ProblemError ? error : new ProblemError('internal_error', internalDetail(error));
    return problemResponse(c, problem);
  };
}

export function json(c: AppContext, data: unknown, status = 200): Response {
  if (isFault('json-content-type-missing')) return respond(c, jsonText(data), status, {});
  return respond(c, jsonText(data), status, { 'Content-Type': mediaType('application/json') });
}

/** What an operation handler receives once auth, quota, scope, capability and validation have passed. */
export interface OperationRequest extends ValidatedInput {
  ctx: ServerContext;
  caller: Caller;
  at: Moment;
  c: AppContext;
}

export type OperationHandler = (request: OperationRequest) => Response | Promise<Response>;
