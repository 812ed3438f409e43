/**
 * Facts about the API read from schemas/openapi.yaml, the single source: operations, their scopes, the error
 * codes with their status, type and class, enums and limits. Nothing here is typed in by hand; what the
 * reference reads too lives in schemas/openapi-facts.ts.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { loadOpenApi } from '../../schemas/ajv';
import { findErrorCode, type ErrorCode } from '../../schemas/openapi-facts';
import type { OperationId } from '../../schemas/types';

export type { OperationId };
export { enumOf, errorCodes, findErrorCode, pageSize, syncInlineLimit } from '../../schemas/openapi-facts';
export type { AfterAuthentication, ErrorCode, ErrorCodeName } from '../../schemas/openapi-facts';

export interface Operation {
  operationId: OperationId;
  method: string;
  /** Path template, e.g. `/api/v2/external/patents/{patentId}`. */
  path: string;
  scope: string;
  /** Set on operations that a tenant capability also gates (the freeze endpoints). */
  capability?: string;
  pathParams: string[];
  /** Pointer (within openapi.yaml) of the operation object. */
  pointer: string;
  definition: OpenAPIV3_1.OperationObject;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

let operationsCache: Operation[] | undefined;

export function operations(): Operation[] {
  if (operationsCache) return operationsCache;
  const doc = loadOpenApi();
  const list: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method] as (OpenAPIV3_1.OperationObject & Record<string, unknown>) | undefined;
      if (!op?.operationId) continue;
      list.push({
        operationId: op.operationId as OperationId,
        method: method.toUpperCase(),
        path,
        scope: String(op['x-required-scope']),
        ...(op['x-required-capability'] ? { capability: String(op['x-required-capability']) } : {}),
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
        pointer: `#/paths/${escapePointerToken(path)}/${method}`,
        definition: op,
      });
    }
  }
  operationsCache = list;
  return list;
}

export function operationById(operationId: OperationId): Operation {
  const op = operations().find((o) => o.operationId === operationId);
  if (!op) throw new Error(`operation ${operationId} is not in schemas/openapi.yaml`);
  return op;
}

/** The error code's entry of the contract's table; throws for a code outside it. */
export function errorCode(code: string): ErrorCode {
  const found = findErrorCode(code);
  if (!found) throw new Error(`error code ${code} has no problem schema in schemas/openapi.yaml`);
  return found;
}

/**
 * The RateLimit-* header names, lower-case: those every successfully authenticated answer carries and the
 * 429 does not (its `x-absent-headers`).
 */
export function rateLimitHeaderNames(): string[] {
  const response = loadOpenApi().components?.responses?.RateLimitExceeded as
    Record<string, unknown> | undefined;
  const names = response?.['x-absent-headers'];
  if (!Array.isArray(names))
    throw new Error('RateLimitExceeded has no x-absent-headers in schemas/openapi.yaml');
  return names.map((name) => String(name).toLowerCase());
}
