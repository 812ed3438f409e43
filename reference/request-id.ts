/**
 * Correlation id: a non-empty inbound X-Request-Id is honoured, otherwise a fresh UUID. It is echoed on every
 * response and is `requestId` in every problem body.
 */
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './http';

export const REQUEST_ID_HEADER = 'X-Request-Id';

export function requestIdMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const inbound = c.req.header(REQUEST_ID_HEADER)?.trim();
    const requestId = inbound ? inbound : randomUUID();
    c.set('requestId', requestId);
    await next();
    // Responses built by this server already carry it; this covers any answer built elsewhere.
    if (!c.res.headers.has(REQUEST_ID_HEADER)) c.res.headers.set(REQUEST_ID_HEADER, requestId);
  };
}
