/**
 * The reference server: a conformant implementation of the Patent Renewal Service External API v2,
 * as a library. `createReferenceServer()` builds the app and its seeded state; `listen()` serves it.
 *
 * Request pipeline under /api/v2/external/: request id -> authentication -> daily quota -> RateLimit-*
 * headers -> route match -> scope -> capability -> validation (OpenAPI document) -> handler.
 */
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { authenticate, API_KEY_HEADER, requireCapability, requireScope, type Caller } from './auth';
import { parametersBeforeAuthentication } from './auth'; // variant validate-before-authenticate
import { createBehaviour, faultIs, variantIs, withBehaviour, type Behaviour } from './behaviour';
import { createClock, type Clock, type NowOption } from './clock';
import { currentMoment, type ServerContext } from './context';
import { reserveImportRef } from './domain/sync';
import type { AppContext, AppEnv, OperationHandler } from './http';
import { errorHandler, problemResponse } from './http';
import type { KeyRole, TenantSlot } from './keys';
import { createRandom } from './prng';
import { notFound, PROBLEM_CONTENT_TYPE, ProblemError, problemBody } from './problems';
import { failsNext, InjectedFailureError, registerProviderStates } from './provider-states';
import { countCall, limiterAheadOfRequestId, rateLimitHeaders, uncountCall } from './quota';
import { REQUEST_ID_HEADER, requestIdMiddleware } from './request-id';
import { documentHandlers } from './routes/documents';
import { freezeHandlers } from './routes/freezes';
import { instructionHandlers } from './routes/instructions';
import { invoiceHandlers } from './routes/invoices';
import { patentHandlers } from './routes/patents';
import { syncHandlers } from './routes/sync';
import { seedStore, type SeedProfile } from './seed';
import { createStore, type Store, type Tenant } from './store';
import { operationSpecs, parseJsonBody, validateRequest, type OperationSpec } from './validation';

export const API_PREFIX = '/api/v2/external';
export const DEFAULT_SEED = 20260101;

export interface ReferenceServerOptions {
  /** Pinned clock: an ISO instant, a Date, or a function. Default: real time. */
  now?: NowOption;
  /** A pinned today (`YYYY-MM-DD`, optionally `THH:MM`, local): the clock starts there and runs. Default: real. */
  today?: string;
  /** IANA time zone of "today" and of the quota reset. Default: UTC. */
  timeZone?: string;
  seed?: number;
  /** Name of a catalogued fault to switch on (read by the module that owns the rule); another name throws. */
  fault?: string;
  /** Name of a catalogued variant to switch on; another name throws. */
  variant?: string;
  /** Daily quota of every key but the low-quota one. Default: 1,000,000. */
  dailyQuota?: number;
  /** The data set: the default one, or the minimum test tenant (README). Default: "default". */
  seedProfile?: SeedProfile;
}

export interface ReferenceState {
  context: ServerContext;
  store: Store;
  tenants: Record<TenantSlot, Tenant>;
}

export interface ListeningServer {
  url: string;
  close(): Promise<void>;
}

export interface ReferenceServer {
  app: Hono<AppEnv>;
  keys: Record<KeyRole, string>;
  state: ReferenceState;
  behaviour: Behaviour;
  clock: Clock;
  seed: number;
  listen(port?: number, host?: string): Promise<ListeningServer>;
}

const HANDLERS: Record<string, OperationHandler> = {
  ...patentHandlers,
  ...instructionHandlers,
  ...syncHandlers,
  ...invoiceHandlers,
  ...freezeHandlers,
  ...documentHandlers,
};

/** The scope an operation is checked against: its own, another or none (null) under a scope fault. */
function scopeToCheck(ctx: ServerContext, spec: OperationSpec): string | null {
  const operation = spec.operationId;
  const freezeRead = spec.requiredCapability !== undefined && spec.method === 'GET';
  if (faultIs(ctx, 'scope-unchecked-get-invoice') && operation === 'getInvoice') return null;
  if (faultIs(ctx, 'scope-unchecked-events-by-period') && operation === 'listEventsByPeriod') return null;
  if (faultIs(ctx, 'scope-unchecked-freeze-reads') && freezeRead) return null;
  if (faultIs(ctx, 'sync-status-requires-read-scope') && operation === 'getSyncBatch') return 'patents:read';
  if (faultIs(ctx, 'instructions-require-patents-write') && operation === 'postInstructions')
    return 'patents:write';
  if (faultIs(ctx, 'freezes-reads-require-patents-read') && freezeRead) return 'patents:read';
  // The reads given the ":read" scope every other resource's reads have.
  if (faultIs(ctx, 'freeze-get-requires-read-scope') && freezeRead) return 'exchange-rate-freezes:read';
  return spec.requiredScope;
}

/** The caller of a request, or the 401 problem the authentication layer answers. */
function authenticatedCaller(ctx: ServerContext, headerValue: string | undefined): Caller {
  try {
    return authenticate(ctx, headerValue);
  } catch (error) {
    // (fault) The 401 body built by the authentication layer with a correlation id of its own.
    if (
      faultIs(ctx, 'request-id-regenerated-on-auth-failure') &&
      error instanceof ProblemError &&
      error.status === 401
    )
      throw new ProblemError(error.code, error.detail, { ...error.extensions, requestId: randomUUID() });
    throw error;
  }
}

/** The scope, then the capability, an operation requires of its caller. */
function checkAccess(ctx: ServerContext, spec: OperationSpec, caller: Caller): void {
  const scope = scopeToCheck(ctx, spec);
  if (scope !== null) requireScope(caller, scope);
  if (spec.requiredCapability !== undefined) requireCapability(caller, spec.requiredCapability);
}

function operationRoute(ctx: ServerContext, spec: OperationSpec, handler: OperationHandler) {
  return async (c: AppContext): Promise<Response> => {
    const caller = c.get('caller');
    // The order of the scope check and validation is not fixed by the contract (open point B14).
    const validatesFirst = variantIs(ctx, 'validation-before-scope');
    // (fault) The scope check mounted ahead of the rate limiter: its 403 is neither counted nor given headers.
    const scope = scopeToCheck(ctx, spec);
    if (
      faultIs(ctx, 'ratelimit-scope-denials-not-counted') &&
      scope !== null &&
      !caller.key.scopes.some((s) => s === scope)
    ) {
      uncountCall(ctx, caller.key);
      c.set('rateLimitHeaders', {});
    }
    if (!validatesFirst) checkAccess(ctx, spec, caller);
    const parsesBody =
      spec.body !== undefined ||
      (faultIs(ctx, 'freezes-put-requires-body') && spec.operationId === 'putExchangeRateFreeze');
    const body = parsesBody ? await requestBody(ctx, c) : undefined;
    if (body instanceof Response) return body;
    // (fault) The idempotence key written to the reference table before the envelope is validated.
    if (faultIs(ctx, 'import-ref-burned-by-envelope-400') && spec.operationId === 'syncPatents')
      reserveImportRef(ctx, caller.tenant, body);
    const input = validateRequest(spec, {
      pathParams: c.req.param() as Record<string, string>,
      search: new URL(c.req.url).searchParams,
      body,
    });
    if (validatesFirst) checkAccess(ctx, spec, caller);
    return handler({ ...input, ctx, caller, at: currentMoment(ctx), c });
  };
}

/** Request headers read at most (Node's default, pinned so that a runtime flag does not move it). */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * A request Node could not read, answered before any route: headers beyond MAX_HEADER_BYTES get 431, any
 * other unreadable request 400, as problem+json with a fresh X-Request-Id (nothing was read, so no path).
 */
function unreadable(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const code = error.code === 'HPE_HEADER_OVERFLOW' ? 'request_header_fields_too_large' : 'bad_request';
  const requestId = randomUUID();
  const problem = new ProblemError(code, 'The request could not be read.');
  const body = Buffer.from(JSON.stringify(problemBody(problem, requestId, '')), 'utf8');
  socket.end(
    [
      `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? ''}`,
      `Content-Type: ${PROBLEM_CONTENT_TYPE}`,
      `Content-Length: ${body.length}`,
      `${REQUEST_ID_HEADER}: ${requestId}`,
      'Connection: close',
      '',
      '',
    ].join('\r\n') + body.toString('latin1'),
    'latin1',
  );
}

/** A JSON media type (`application/json`, `application/<x>+json`, parameters allowed). */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i;

/**
 * The one place a request body is read and parsed as JSON (a bad media type or unparseable JSON is
 * validation_failed); the faults are what a framework's own body handling answers instead.
 */
async function requestBody(ctx: ServerContext, c: AppContext): Promise<unknown> {
  const contentType = c.req.header('content-type');
  if (faultIs(ctx, 'non-json-body-plain-415') && !JSON_MEDIA_TYPE.test((contentType ?? '').trim()))
    return new Response('Unsupported Media Type', {
      status: 415,
      headers: { 'Content-Type': 'text/plain; charset=UTF-8' },
    });
  if (faultIs(ctx, 'malformed-json-internal-error')) return (await c.req.json()) as unknown;
  if (faultIs(ctx, 'malformed-json-framework-error') && JSON_MEDIA_TYPE.test((contentType ?? '').trim())) {
    // The body parser's own error, mapped to a generic 400 before the validation layer is reached.
    const text = await c.req.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ProblemError('bad_request', 'Malformed JSON in request body.', { type: 'about:blank' });
    }
  }
  const text = await c.req.text();
  // (fault sync-large-batch-refused) The body parser's default limit of 1 MB, its own 413.
  if (faultIs(ctx, 'sync-large-batch-refused') && Buffer.byteLength(text) > 1024 * 1024)
    return new Response('Payload Too Large', {
      status: 413,
      headers: { 'Content-Type': 'text/plain; charset=UTF-8' },
    });
  return parseJsonBody(contentType, text);
}

/** Method and path templates of the operations, to tell a known path from an unknown one. */
function operationPaths(): { method: string; pattern: RegExp }[] {
  return operationSpecs().map((spec) => ({
    method: spec.method,
    pattern: new RegExp(`^${spec.path.replace(/\{\w+\}/g, '[^/]+')}/?$`),
  }));
}

/**
 * The answer to a request the routes do not take, whatever the reason: an unknown path, or a method the
 * path does not define. The fault is a router's own 405 for a known path, text/plain with Allow.
 */
function unmatched(ctx: ServerContext): (c: AppContext) => Response {
  const known = operationPaths();
  return (c) => {
    if (faultIs(ctx, 'undefined-method-plain-405')) {
      const allowed = known.filter((k) => k.pattern.test(c.req.path)).map((k) => k.method);
      if (allowed.length > 0 && !allowed.includes(c.req.method))
        return c.text('405 Method Not Allowed', 405, { Allow: allowed.join(', ') });
    }
    return faultIs(ctx, 'unknown-route-plain-404')
      ? c.text('404 Not Found', 404)
      : problemResponse(c, notFound());
  };
}

function buildApp(ctx: ServerContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(errorHandler());
  app.notFound(unmatched(ctx));
  // Everything a request does (background sync steps included) sees this server's behaviour.
  app.use('*', (_c, next) => withBehaviour(ctx.behaviour, next));
  // The Date header is the server's clock (RFC 9110, 6.6.1): a pinned today shows there, not the host's date.
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('Date', ctx.clock.now().toUTCString());
  });
  if (faultIs(ctx, 'rate-limit-before-request-id')) app.use(`${API_PREFIX}/*`, limiterAheadOfRequestId(ctx));
  app.use('*', requestIdMiddleware());
  // ---- variant validate-before-authenticate: parameters checked before the key (B14, OPEN-POINTS E4)
  if (variantIs(ctx, 'validate-before-authenticate'))
    app.use(`${API_PREFIX}/*`, parametersBeforeAuthentication());
  // ----

  app.use(`${API_PREFIX}/*`, async (c, next) => {
    const caller = authenticatedCaller(ctx, c.req.header(API_KEY_HEADER));
    c.set('caller', caller);
    // From here on every answer (2xx, 4xx, 5xx) carries the RateLimit-* headers; a 429 never gets here.
    c.set('rateLimitHeaders', rateLimitHeaders(countCall(ctx, caller.key)));
    await next();
    if (faultIs(ctx, 'failed-calls-not-counted') && c.res.status >= 400) uncountCall(ctx, caller.key);
  });
  app.use(`${API_PREFIX}/*`, async (c, next) => {
    const tenant = c.get('caller').tenant;
    if (failsNext(tenant, c.get('requestId'))) {
      tenant.failNextRequests -= 1;
      throw new InjectedFailureError('failure requested by the fail-next-requests provider state');
    }
    await next();
  });

  for (const spec of operationSpecs()) {
    const handler = HANDLERS[spec.operationId];
    if (handler === undefined) throw new Error(`no handler for operation ${spec.operationId}`);
    let path = spec.path;
    if (faultIs(ctx, 'invoice-routes-legacy-prefix') && spec.path.includes('/invoices'))
      path = path.replace('/api/v2/', '/api/v1/');
    app.on(spec.method, path.replace(/\{(\w+)\}/g, ':$1'), operationRoute(ctx, spec, handler));
  }
  registerProviderStates(app, ctx);
  return app;
}

// How long an idle keep-alive connection stays open.
const KEEP_ALIVE_MS = 120_000;

export function createReferenceServer(options: ReferenceServerOptions = {}): ReferenceServer {
  const behaviour = createBehaviour({ fault: options.fault, variant: options.variant });
  const seed = options.seed ?? DEFAULT_SEED;
  const clock = createClock({ now: options.now, today: options.today, timeZone: options.timeZone });
  const store = createStore();
  const ctx: ServerContext = { clock, store, behaviour, random: createRandom(seed) };
  const { keys, tenants } = withBehaviour(behaviour, () =>
    seedStore(ctx, { seed, dailyQuota: options.dailyQuota, profile: options.seedProfile }),
  );
  const app = buildApp(ctx);

  const listen = (port = 0, host = '127.0.0.1'): Promise<ListeningServer> =>
    new Promise((resolve, reject) => {
      const server = serve(
        { fetch: app.fetch, port, hostname: host, serverOptions: { maxHeaderSize: MAX_HEADER_BYTES } },
        (info: AddressInfo) => {
          const urlHost = host.includes(':') ? `[${host}]` : host;
          resolve({
            url: `http://${urlHost}:${info.port}`,
            close: () =>
              new Promise<void>((done) => {
                const http = server as Server;
                http.close(() => done());
                // Keep-alive connections would otherwise hold close() open until they time out.
                http.closeAllConnections();
              }),
          });
        },
      );
      // Node closes a keep-alive connection after 5 idle seconds, and a client that sends on it at that moment
      // gets a reset for a request the server never read. Idle connections stay open longer than a client
      // keeps them (close() ends them all).
      (server as Server).keepAliveTimeout = KEEP_ALIVE_MS;
      (server as Server).headersTimeout = KEEP_ALIVE_MS + 1000;
      // Without a listener Node answers a request it cannot read (headers too large...) with a bare status.
      if (!faultIs(ctx, 'oversized-header-bare-431'))
        server.on('clientError', (error, socket) =>
          withBehaviour(behaviour, () => unreadable(error, socket)),
        );
      server.once('error', reject);
    });

  return { app, keys, state: { context: ctx, store, tenants }, behaviour, clock, seed, listen };
}
