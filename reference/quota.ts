/**
 * Daily call quota per key. Every authenticated request counts; the counter resets at midnight in the
 * server's time zone (not UTC, not a rolling window).
 */
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
  const slot = `${key.hash}|${ctx.clock.today()}`;
  const used = (ctx.store.quotaUsage.get(slot) ?? 0) + 1;
  ctx.store.quotaUsage.set(slot, used);
  const resetSeconds = ctx.clock.secondsUntilNextMidnight();
  if (used > key.dailyQuota) {
    throw new ProblemError(
      'rate_limit_exceeded',
      'The daily call quota of this API key is exhausted.',
      {},
      { 'Retry-After': String(resetSeconds) },
    );
  }
  return { limit: key.dailyQuota, remaining: Math.max(0, key.dailyQuota - used), resetSeconds };
}

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(state.resetSeconds),
  };
}
