/**
 * Hono plumbing shared by the routes: the per-request variables, the problem responses and the error handler.
 */
import type { Context, ErrorHandler } from 'hono';
import type { Caller } from './auth';
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

export function respond(
  c: AppContext,
  body: ConstructorParameters<typeof Response>[0],
  status: number,
  headers: Record<string, string>,
): Response {
  return new Response(body, { status, headers: { ...headers, ...commonHeaders(c) } });
}

export function problemResponse(c: AppContext, problem: ProblemError): Response {
  const body = problemBody(problem, c.get('requestId'), c.req.path);
  return respond(c, JSON.stringify(body), problem.status, {
    'Content-Type': PROBLEM_CONTENT_TYPE,
    ...problem.headers,
  });
}

/** Known problems become their response; anything else a generic 500 that leaks nothing internal. */
export function errorHandler(): ErrorHandler<AppEnv> {
  return (error, c) => {
    const problem =
      error instanceof ProblemError
        ? error
        : new ProblemError('internal_error', 'An unexpected error occurred. Retry later.');
    return problemResponse(c, problem);
  };
}

export function json(c: AppContext, data: unknown, status = 200): Response {
  return respond(c, JSON.stringify(data), status, { 'Content-Type': 'application/json' });
}

/** What an operation handler receives once auth, quota, scope, capability and validation have passed. */
export interface OperationRequest extends ValidatedInput {
  ctx: ServerContext;
  caller: Caller;
  at: Moment;
  c: AppContext;
}

export type OperationHandler = (request: OperationRequest) => Response | Promise<Response>;
