/**
 * Correlation id: a non-empty inbound X-Request-Id is honoured, otherwise a fresh UUID. It is echoed on every
 * response and is `requestId` in every problem body.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { isFault, isVariant } from './behaviour';
import type { AppEnv } from './http';

export const REQUEST_ID_HEADER = 'X-Request-Id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A fresh id: a UUID, or (variant) `req_` and 26 Crockford base-32 characters, as a ULID. */
function generateId(): string {
  if (!isVariant('request-id-ulid')) return randomUUID();
  return `req_${[...randomBytes(26)].map((b) => CROCKFORD[b % 32]).join('')}`;
}

export function requestIdMiddleware(): MiddlewareHandler<AppEnv> {
  // Only the `request-id-constant` fault uses it: one id for the server's whole life.
  const fixed = randomUUID();
  return async (c, next) => {
    const inbound = c.req.header(REQUEST_ID_HEADER)?.trim();
    let requestId = inbound ? inbound : generateId();
    // (fault) The id kept in a uuid-sized column: a longer inbound value is cut to 36 characters.
    if (isFault('inbound-request-id-truncated-to-uuid-length') && inbound) requestId = inbound.slice(0, 36);
    // (fault) Only an inbound id shaped as a UUID is trusted; any other is replaced.
    if (isFault('inbound-request-id-must-be-uuid') && inbound && !UUID.test(inbound))
      requestId = generateId();
    // (fault) The logging id is always generated; only the response header echoes the inbound one.
    const echoed = isFault('problem-request-id-ignores-inbound') && inbound ? inbound : undefined;
    if (echoed !== undefined) requestId = generateId();
    if (isFault('inbound-request-id-ignored')) requestId = generateId();
    if (isFault('empty-inbound-request-id-echoed') && inbound !== undefined) requestId = inbound;
    if (isFault('request-id-constant') && !inbound) requestId = fixed;
    c.set('requestId', requestId);
    await next();
    // Responses built by this server already carry it; this covers any answer built elsewhere.
    if (!c.res.headers.has(REQUEST_ID_HEADER)) c.res.headers.set(REQUEST_ID_HEADER, requestId);
    if (echoed !== undefined) c.res.headers.set(REQUEST_ID_HEADER, echoed);
    if (isFault('request-id-missing-on-errors') && c.res.status >= 400)
      c.res.headers.delete(REQUEST_ID_HEADER);
  };
}
