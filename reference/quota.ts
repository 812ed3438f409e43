/**
 * Daily call quota per key. Every authenticated request counts; the counter resets at midnight in the
 * server's time zone (not UTC, not a rolling window).
 */
import { currentBehaviour } from './behaviour';
import type { ServerContext } from './context';
import { ProblemError } from './problems';
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

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  const reset =
    currentBehaviour().fault === 'reset-in-milliseconds' ? state.resetSeconds * 1000 : state.resetSeconds;
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(reset),
  };
}
