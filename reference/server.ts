/**
 * The reference server: a conformant implementation of the Patent Renewal Service External API v2,
 * as a library. `createReferenceServer()` builds the app and its seeded state; `listen()` serves it.
 *
 * Request pipeline under /api/v2/external/: request id -> authentication -> daily quota -> RateLimit-*
 * headers -> route match -> scope -> capability -> validation (OpenAPI document) -> handler.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { authenticate, API_KEY_HEADER, requireCapability, requireScope } from './auth';
import { createBehaviour, withBehaviour, type Behaviour } from './behaviour';
import { createClock, type Clock, type NowOption } from './clock';
import { currentMoment, type ServerContext } from './context';
import type { AppContext, AppEnv, OperationHandler } from './http';
import { errorHandler, problemResponse } from './http';
import type { KeyRole, TenantSlot } from './keys';
import { createRandom } from './prng';
import { notFound } from './problems';
import { registerProviderStates } from './provider-states';
import { countCall, limiterAheadOfRequestId, rateLimitHeaders, uncountCall } from './quota';
import { requestIdMiddleware } from './request-id';
import { documentHandlers } from './routes/documents';
import { freezeHandlers } from './routes/freezes';
import { instructionHandlers } from './routes/instructions';
import { invoiceHandlers } from './routes/invoices';
import { patentHandlers } from './routes/patents';
import { syncHandlers } from './routes/sync';
import { seedStore, type SeedProfile } from './seed';
import { createStore, type Store, type Tenant } from './store';
import { FAULTS } from './faults';
import { VARIANTS } from './variants';
import { operationSpecs, parseJsonBody, validateRequest, type OperationSpec } from './validation';

export const API_PREFIX = '/api/v2/external';
export const DEFAULT_SEED = 20260101;

export interface ReferenceServerOptions {
  /** Pinned clock: an ISO instant, a Date, or a function. Default: real time. */
  now?: NowOption;
  /** IANA time zone of "today" and of the quota reset. Default: UTC. */
  timeZone?: string;
  seed?: number;
  /** Name of a fault to switch on (read by the module that owns the rule). */
  fault?: string;
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

function operationRoute(ctx: ServerContext, spec: OperationSpec, handler: OperationHandler) {
  return async (c: AppContext): Promise<Response> => {
    const caller = c.get('caller');
    const { fault, variant } = ctx.behaviour;
    const checkAccess = () => {
      const unguarded =
        (fault === 'scope-unchecked-get-invoice' && spec.operationId === 'getInvoice') ||
        (fault === 'scope-unchecked-events-by-period' && spec.operationId === 'listEventsByPeriod') ||
        (fault === 'scope-unchecked-freeze-reads' &&
          spec.requiredCapability !== undefined &&
          spec.method === 'GET');
      const scope =
        fault === 'sync-status-requires-read-scope' && spec.operationId === 'getSyncBatch'
          ? 'patents:read'
          : fault === 'instructions-require-patents-write' && spec.operationId === 'postInstructions'
            ? 'patents:write'
            : // The freeze reads list renewal events: guarded as event reads.
              fault === 'freezes-reads-require-patents-read' &&
                spec.requiredCapability !== undefined &&
                spec.method === 'GET'
              ? 'patents:read'
              : spec.requiredScope;
      if (!unguarded) requireScope(caller, scope);
      if (spec.requiredCapability !== undefined) requireCapability(caller, spec.requiredCapability);
    };
    // The order of the scope check and validation is not fixed by the contract (open point B14).
    if (variant !== 'validation-before-scope') checkAccess();
    // Every PUT routed through the JSON body parser, the bodiless freeze PUT included.
    const parsesBody =
      spec.body !== undefined ||
      (fault === 'freezes-put-requires-body' && spec.operationId === 'putExchangeRateFreeze');
    const body = parsesBody ? parseJsonBody(c.req.header('content-type'), await c.req.text()) : undefined;
    const input = validateRequest(spec, {
      pathParams: c.req.param() as Record<string, string>,
      search: new URL(c.req.url).searchParams,
      body,
    });
    if (variant === 'validation-before-scope') checkAccess();
    return handler({ ...input, ctx, caller, at: currentMoment(ctx), c });
  };
}

function buildApp(ctx: ServerContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(errorHandler());
  app.notFound((c) =>
    ctx.behaviour.fault === 'unknown-route-plain-404'
      ? c.text('404 Not Found', 404)
      : problemResponse(c, notFound()),
  );
  // Everything a request does (background sync steps included) sees this server's behaviour.
  app.use('*', (_c, next) => withBehaviour(ctx.behaviour, next));
  // The rate limiter mounted ahead of the request id: its 429 carries none.
  if (ctx.behaviour.fault === 'rate-limit-before-request-id')
    app.use(`${API_PREFIX}/*`, limiterAheadOfRequestId(ctx));
  app.use('*', requestIdMiddleware());

  app.use(`${API_PREFIX}/*`, async (c, next) => {
    const caller = authenticate(ctx, c.req.header(API_KEY_HEADER));
    c.set('caller', caller);
    // From here on every answer (2xx, 4xx, 5xx) carries the RateLimit-* headers; a 429 never gets here.
    c.set('rateLimitHeaders', rateLimitHeaders(countCall(ctx, caller.key)));
    await next();
    if (ctx.behaviour.fault === 'failed-calls-not-counted' && c.res.status >= 400)
      uncountCall(ctx, caller.key);
  });
  app.use(`${API_PREFIX}/*`, async (c, next) => {
    const tenant = c.get('caller').tenant;
    if (tenant.failNextRequests > 0) {
      tenant.failNextRequests -= 1;
      throw new Error('failure requested by the fail-next-requests provider state');
    }
    await next();
  });

  for (const spec of operationSpecs()) {
    const handler = HANDLERS[spec.operationId];
    if (handler === undefined) throw new Error(`no handler for operation ${spec.operationId}`);
    let path = spec.path;
    if (ctx.behaviour.fault === 'invoice-routes-legacy-prefix' && spec.path.includes('/invoices'))
      path = path.replace('/api/v2/', '/api/v1/');
    app.on(spec.method, path.replace(/\{(\w+)\}/g, ':$1'), operationRoute(ctx, spec, handler));
  }
  registerProviderStates(app, ctx);
  return app;
}

export function createReferenceServer(options: ReferenceServerOptions = {}): ReferenceServer {
  if (options.fault && !FAULTS.some((f) => f.name === options.fault)) {
    throw new Error(`unknown fault: ${options.fault} (see reference/faults)`);
  }
  if (options.variant && !VARIANTS.some((v) => v.name === options.variant)) {
    throw new Error(`unknown variant: ${options.variant} (see reference/variants)`);
  }
  const seed = options.seed ?? DEFAULT_SEED;
  const clock = createClock({ now: options.now, timeZone: options.timeZone });
  const behaviour = createBehaviour({ fault: options.fault, variant: options.variant });
  const store = createStore();
  const ctx: ServerContext = { clock, store, behaviour, random: createRandom(seed) };
  const { keys, tenants } = withBehaviour(behaviour, () =>
    seedStore(ctx, { seed, dailyQuota: options.dailyQuota, profile: options.seedProfile }),
  );
  const app = buildApp(ctx);

  const listen = (port = 0, host = '127.0.0.1'): Promise<ListeningServer> =>
    new Promise((resolve, reject) => {
      const server = serve({ fetch: app.fetch, port, hostname: host }, (info: AddressInfo) => {
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
      });
      server.once('error', reject);
    });

  return { app, keys, state: { context: ctx, store, tenants }, behaviour, clock, seed, listen };
}
