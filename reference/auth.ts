/**
 * API keys, tenants and scopes. A key is looked up by the SHA-256 of the header value, so a malformed key is
 * simply an unknown one. Scope and capability checks come after route matching, per operation.
 */
import type { MiddlewareHandler } from 'hono';
import { faultIs, isFault } from './behaviour';
import type { ServerContext } from './context';
import type { AppEnv } from './http';
import { sha256Hex, type Scope } from './keys';
import { ProblemError, notFound, validationFailed } from './problems';
import type { ApiKeyRecord, Tenant } from './store';
import { operationSpecs, validateRequest } from './validation';

export interface Caller {
  key: ApiKeyRecord;
  tenant: Tenant;
}

export const API_KEY_HEADER = 'x-api-key';

export function authenticate(ctx: ServerContext, headerValue: string | undefined): Caller {
  if (faultIs(ctx, 'missing-key-400') && !headerValue) {
    throw validationFailed([{ pointer: '/x-api-key', code: 'required', message: 'is required' }]);
  }
  if (faultIs(ctx, 'malformed-key-400') && headerValue && !/^[0-9a-f]{64}$/i.test(headerValue)) {
    throw validationFailed([
      { pointer: '/x-api-key', code: 'invalid_string', message: 'must be 64 hexadecimal characters' },
    ]);
  }
  const key = headerValue ? ctx.store.keysByHash.get(sha256Hex(headerValue)) : undefined;
  const tenant = key === undefined ? undefined : ctx.store.tenants.get(key.tenantId);
  if (key === undefined || tenant === undefined) {
    if (faultIs(ctx, 'unknown-key-forbidden') && headerValue) {
      throw new ProblemError('forbidden', 'The API key is not allowed.');
    }
    if (faultIs(ctx, 'unknown-key-reported-expired') && headerValue) {
      throw new ProblemError('api_key_expired', 'The API key has expired.');
    }
    throw new ProblemError('invalid_api_key', 'The API key is missing or unknown.');
  }
  if (faultIs(ctx, 'one-key-per-tenant')) {
    // Keys indexed by tenant: the first issued key of the tenant is the only one looked up.
    const first = [...ctx.store.keysByHash.values()].find((k) => k.tenantId === key.tenantId);
    if (first !== key) throw new ProblemError('invalid_api_key', 'The API key is missing or unknown.');
  }
  if (ctx.clock.now().getTime() >= Date.parse(key.expiresAt) && !faultIs(ctx, 'expired-key-accepted')) {
    throw new ProblemError('api_key_expired', 'The API key has expired.');
  }
  return { key, tenant };
}

/** Each operation requires exactly one scope; an empty scope list grants nothing. */
export function requireScope(caller: Caller, scope: string): void {
  const scopes = caller.key.scopes;
  if (isFault('empty-scope-list-grants-all') && scopes.length === 0) return;
  if (isFault('write-scope-implies-read') && scope.endsWith(':read')) {
    if (scopes.includes(scope.replace(/:read$/, ':write') as Scope)) return;
  }
  // (fault) Scopes compared on their resource ("patents"), not as whole strings.
  const resource = (s: string) => s.split(':')[0];
  if (isFault('scope-matched-by-resource-prefix') && scopes.some((s) => resource(s) === resource(scope)))
    return;
  if (!scopes.includes(scope as Scope)) {
    throw new ProblemError(
      'insufficient_scope',
      `This operation requires the scope ${scope}.`,
      isFault('required-scope-missing')
        ? {}
        : // (fault) requiredScope written as a list of scopes, as an OAuth scope set.
          { requiredScope: isFault('required-scope-as-array') ? [scope] : scope },
    );
  }
}

/** Contractual capabilities of a tenant, by the names the OpenAPI document uses. */
export function requireCapability(caller: Caller, capability: string): void {
  const enabled = capability === 'exchange-rate-freeze' ? caller.tenant.canFreezeExchangeRates : false;
  if (!enabled) {
    if (isFault('capability-missing-as-not-found')) throw notFound();
    if (isFault('freezes-no-capability-as-insufficient-scope')) {
      throw new ProblemError('insufficient_scope', `This operation requires the ${capability} capability.`, {
        requiredScope: 'exchange-rate-freezes:write',
      });
    }
    throw new ProblemError('forbidden', 'This capability is not enabled for the account.');
  }
}

/** Any key of the tenant, expired or not, identifies it for the provider-state endpoint. */
export function tenantOfKey(ctx: ServerContext, headerValue: string | undefined): Tenant | undefined {
  const key = headerValue ? ctx.store.keysByHash.get(sha256Hex(headerValue)) : undefined;
  return key === undefined ? undefined : ctx.store.tenants.get(key.tenantId);
}

/**
 * Variant `validate-before-authenticate`: the path and query parameters of the operation a request is routed
 * to are validated before its key is looked at (the order of the checks is not stated, open point B14).
 * A malformed parameter is then a 400 that no key check, no quota count and no RateLimit-* headers precede,
 * whatever the key. Routes are tried in the order the app registers them, as the router does.
 */
export function parametersBeforeAuthentication(): MiddlewareHandler<AppEnv> {
  const routes = operationSpecs().map((spec) => {
    const names = [...spec.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const source = spec.path
      .split(/\{\w+\}/)
      .map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('([^/]+)');
    return { spec, names, pattern: new RegExp(`^${source}$`) };
  });
  return async (c, next) => {
    const url = new URL(c.req.url);
    for (const { spec, names, pattern } of routes) {
      const match = spec.method === c.req.method ? pattern.exec(url.pathname) : null;
      if (!match) continue;
      const pathParams: Record<string, string> = {};
      names.forEach((name, i) => {
        const raw = match[i + 1]!;
        try {
          pathParams[name] = decodeURIComponent(raw);
        } catch {
          pathParams[name] = raw;
        }
      });
      // Parameters only: the body is read and checked once the request is authenticated, as before.
      validateRequest({ ...spec, body: undefined }, { pathParams, search: url.searchParams });
      break;
    }
    await next();
  };
}
