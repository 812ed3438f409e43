/**
 * Daily call quota per key. Every authenticated request counts; the counter resets at midnight in the
 * server's time zone (not UTC, not a rolling window).
 */
import type { MiddlewareHandler } from 'hono';
import { faultIs, isFault } from './behaviour';
import type { ServerContext } from './context';
import type { AppEnv } from './http';
import { sha256Hex } from './keys';
import { PROBLEM_CONTENT_TYPE, ProblemError, problemBody } from './problems';
import type { ApiKeyRecord, Store } from './store';

export interface RateLimitState {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/** Counts the call; over quota, throws 429 with Retry-After (and no RateLimit-* headers). */
export function countCall(ctx: ServerContext, key: ApiKeyRecord): RateLimitState {
  const slot = quotaSlot(ctx, key);
  const used = (ctx.store.quotaUsage.get(slot) ?? 0) + (faultIs(ctx, 'quota-counted-twice') ? 2 : 1);
  ctx.store.quotaUsage.set(slot, used);
  const resetSeconds = secondsUntilReset(ctx, key, slot);
  // (fault) The counter compared after counting with >=: the last call of the quota is refused.
  const over = faultIs(ctx, 'quota-refuses-last-call') ? used >= key.dailyQuota : used > key.dailyQuota;
  if (over && !faultIs(ctx, 'quota-never-enforced')) {
    throw new ProblemError(
      'rate_limit_exceeded',
      'The daily call quota of this API key is exhausted.',
      {},
      {
        ...(faultIs(ctx, 'retry-after-missing')
          ? {}
          : {
              // (fault) Retry-After in its HTTP-date form (the reset instant) rather than seconds.
              'Retry-After': faultIs(ctx, 'retry-after-as-http-date')
                ? new Date(ctx.clock.now().getTime() + resetSeconds * 1000).toUTCString()
                : // (fault) The millisecond difference to the reset, never divided by 1000.
                  String(
                    faultIs(ctx, 'ratelimit-retry-after-milliseconds') ? resetSeconds * 1000 : resetSeconds,
                  ),
            }),
        ...(faultIs(ctx, 'rate-limit-headers-on-429')
          ? rateLimitHeaders({ limit: key.dailyQuota, remaining: 0, resetSeconds })
          : {}),
      },
    );
  }
  // The calls left after this one; the fault reads the counter as it was before this call.
  const counted = faultIs(ctx, 'remaining-read-before-counting') ? used - 1 : used;
  const remaining = faultIs(ctx, 'remaining-not-decremented') ? key.dailyQuota : key.dailyQuota - counted;
  // (fault) The reset given as the Unix time of the next reset (X-RateLimit-Reset style), not seconds until it.
  const reset = faultIs(ctx, 'reset-as-epoch-seconds')
    ? Math.floor(ctx.clock.now().getTime() / 1000) + resetSeconds
    : resetSeconds;
  return { limit: key.dailyQuota, remaining: Math.max(0, remaining), resetSeconds: reset };
}

/** Takes a counted call back (the `failed-calls-not-counted` fault refunds the calls that end in an error). */
export function uncountCall(ctx: ServerContext, key: ApiKeyRecord): void {
  const slot = quotaSlot(ctx, key);
  ctx.store.quotaUsage.set(slot, Math.max(0, (ctx.store.quotaUsage.get(slot) ?? 0) - 1));
}

const DAY_MS = 86_400_000;

function quotaSlot(ctx: ServerContext, key: ApiKeyRecord): string {
  if (faultIs(ctx, 'quota-per-tenant')) return `${key.tenantId}|${ctx.clock.today()}`;
  if (faultIs(ctx, 'quota-reset-utc-midnight'))
    return `${key.hash}|${ctx.clock.now().toISOString().slice(0, 10)}`;
  if (faultIs(ctx, 'quota-rolling-window')) return `${key.hash}|${windowStart(ctx, key)}`;
  return `${key.hash}|${ctx.clock.today()}`;
}

/** Per store, the start of each key's rolling 24-hour window (only the `quota-rolling-window` fault has one). */
const windowStarts = new WeakMap<Store, Map<string, number>>();
/** Per store, the reset computed at the first call of a quota slot (the `reset-frozen-at-first-call` fault). */
const frozenResets = new WeakMap<Store, Map<string, number>>();

function perStore<T>(maps: WeakMap<Store, Map<string, T>>, store: Store): Map<string, T> {
  let map = maps.get(store);
  if (map === undefined) maps.set(store, (map = new Map()));
  return map;
}

/** The key's window opens at its first call and lasts 24 hours; the next call after it opens a new one. */
function windowStart(ctx: ServerContext, key: ApiKeyRecord): number {
  const starts = perStore(windowStarts, ctx.store);
  const now = ctx.clock.now().getTime();
  const start = starts.get(key.hash);
  if (start !== undefined && now < start + DAY_MS) return start;
  starts.set(key.hash, now);
  return now;
}

/** Seconds until the counter of the slot resets: the next midnight in the server's time zone. */
function secondsUntilReset(ctx: ServerContext, key: ApiKeyRecord, slot: string): number {
  const now = ctx.clock.now().getTime();
  if (faultIs(ctx, 'quota-reset-utc-midnight'))
    return Math.max(1, Math.ceil((Math.floor(now / DAY_MS + 1) * DAY_MS - now) / 1000));
  if (faultIs(ctx, 'quota-rolling-window'))
    return Math.max(1, Math.ceil((windowStart(ctx, key) + DAY_MS - now) / 1000));
  // (fault) The next reset taken as the start of the local day plus 86,400 s: an hour off on DST change days.
  if (faultIs(ctx, 'ratelimit-reset-dst-fixed-day')) {
    const [y, m, d] = ctx.clock.localDate(new Date(now)).split('-').map(Number) as [number, number, number];
    const wall = Date.UTC(y, m - 1, d);
    const start = wall - ctx.clock.offsetAt(wall - ctx.clock.offsetAt(now));
    return Math.max(1, Math.ceil((start + DAY_MS - now) / 1000));
  }
  if (faultIs(ctx, 'reset-frozen-at-first-call')) {
    // The quota record keeps the seconds computed when it was created, not the instant they led to.
    const frozen = perStore(frozenResets, ctx.store);
    if (!frozen.has(slot)) frozen.set(slot, ctx.clock.secondsUntilNextMidnight());
    return frozen.get(slot)!;
  }
  return ctx.clock.secondsUntilNextMidnight();
}

/**
 * Only the `rate-limit-before-request-id` fault mounts it: a limiter ahead of the request-id middleware that
 * answers an exhausted key with its own 429, before any request id exists.
 */
export function limiterAheadOfRequestId(ctx: ServerContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('x-api-key');
    const key = header ? ctx.store.keysByHash.get(sha256Hex(header)) : undefined;
    if (key === undefined || (ctx.store.quotaUsage.get(quotaSlot(ctx, key)) ?? 0) < key.dailyQuota)
      return next();
    const problem = new ProblemError(
      'rate_limit_exceeded',
      'The daily call quota of this API key is exhausted.',
    );
    return new Response(JSON.stringify(problemBody(problem, null, c.req.path)), {
      status: 429,
      headers: {
        'Content-Type': PROBLEM_CONTENT_TYPE,
        'Retry-After': String(ctx.clock.secondsUntilNextMidnight()),
      },
    });
  };
}

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  const reset = isFault('reset-in-milliseconds')
    ? state.resetSeconds * 1000
    : isFault('reset-in-minutes')
      ? Math.ceil(state.resetSeconds / 60)
      : state.resetSeconds;
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(reset),
  };
}
