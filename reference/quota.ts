/**
 * Daily call quota per key. Every authenticated request counts; the counter resets at midnight in the
 * server's time zone (not UTC, not a rolling window).
 */
import type { MiddlewareHandler } from 'hono';
import { currentBehaviour } from './behaviour';
import type { ServerContext } from './context';
import type { AppEnv } from './http';
import { sha256Hex } from './keys';
import { PROBLEM_CONTENT_TYPE, ProblemError, problemBody } from './problems';
import type { ApiKeyRecord } from './store';

export interface RateLimitState {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/** Counts the call; over quota, throws 429 with Retry-After (and no RateLimit-* headers). */
export function countCall(ctx: ServerContext, key: ApiKeyRecord): RateLimitState {
  const { fault } = ctx.behaviour;
  const slot = quotaSlot(ctx, key);
  const used = (ctx.store.quotaUsage.get(slot) ?? 0) + (fault === 'quota-counted-twice' ? 2 : 1);
  ctx.store.quotaUsage.set(slot, used);
  const resetSeconds = ctx.clock.secondsUntilNextMidnight();
  if (used > key.dailyQuota && fault !== 'quota-never-enforced') {
    throw new ProblemError(
      'rate_limit_exceeded',
      'The daily call quota of this API key is exhausted.',
      {},
      {
        ...(fault === 'retry-after-missing' ? {} : { 'Retry-After': String(resetSeconds) }),
        ...(fault === 'rate-limit-headers-on-429'
          ? rateLimitHeaders({ limit: key.dailyQuota, remaining: 0, resetSeconds })
          : {}),
      },
    );
  }
  const remaining = fault === 'remaining-not-decremented' ? key.dailyQuota : key.dailyQuota - used;
  return { limit: key.dailyQuota, remaining: Math.max(0, remaining), resetSeconds };
}

/** Takes a counted call back (the `failed-calls-not-counted` fault refunds the calls that end in an error). */
export function uncountCall(ctx: ServerContext, key: ApiKeyRecord): void {
  const slot = quotaSlot(ctx, key);
  ctx.store.quotaUsage.set(slot, Math.max(0, (ctx.store.quotaUsage.get(slot) ?? 0) - 1));
}

function quotaSlot(ctx: ServerContext, key: ApiKeyRecord): string {
  if (ctx.behaviour.fault === 'quota-per-tenant') return `${key.tenantId}|${ctx.clock.today()}`;
  return `${key.hash}|${ctx.clock.today()}`;
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
  const reset =
    currentBehaviour().fault === 'reset-in-milliseconds' ? state.resetSeconds * 1000 : state.resetSeconds;
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(reset),
  };
}
