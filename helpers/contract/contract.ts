/**
 * Facts about the API read from schemas/openapi.yaml, the single source: operations, their scopes,
 * the error codes with their status and type. Nothing here is typed in by hand.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { loadOpenApi } from '../../schemas/ajv';
import type { OperationId } from '../../schemas/types';

export type { OperationId };

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

export interface ErrorCode {
  code: string;
  status: number;
  type: string;
  /** Name of the problem schema in components.schemas. */
  schema: string;
  /** Extension members that the schema requires beyond the base problem. */
  extensions: string[];
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

let errorCodesCache: ErrorCode[] | undefined;

/** The error codes, read from the per-code problem schemas (their `code`, `status` and `type` consts). */
export function errorCodes(): ErrorCode[] {
  if (errorCodesCache) return errorCodesCache;
  const schemas = (loadOpenApi().components?.schemas ?? {}) as Record<string, OpenAPIV3_1.SchemaObject>;
  const found: ErrorCode[] = [];
  for (const [name, schema] of Object.entries(schemas)) {
    const consts = collectConsts(schema, schemas);
    if (!name.startsWith('Problem') || consts.code === undefined) continue;
    found.push({
      code: String(consts.code),
      status: Number(consts.status),
      type: String(consts.type),
      schema: name,
      extensions: collectRequired(schema, schemas).filter((m) => !BASE_PROBLEM_MEMBERS.has(m)),
    });
  }
  errorCodesCache = found;
  return found;
}

export function errorCode(code: string): ErrorCode {
  const found = errorCodes().find((e) => e.code === code);
  if (!found) throw new Error(`error code ${code} has no problem schema in schemas/openapi.yaml`);
  return found;
}

const BASE_PROBLEM_MEMBERS = new Set(['type', 'title', 'status', 'code', 'requestId', 'detail', 'instance']);

type Schemas = Record<string, OpenAPIV3_1.SchemaObject>;

function deref(schema: OpenAPIV3_1.SchemaObject | OpenAPIV3_1.ReferenceObject, schemas: Schemas) {
  if ('$ref' in schema && typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop()!;
    return schemas[name] ?? {};
  }
  return schema as OpenAPIV3_1.SchemaObject;
}

function collectConsts(schema: OpenAPIV3_1.SchemaObject, schemas: Schemas): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const visit = (s: OpenAPIV3_1.SchemaObject) => {
    for (const part of s.allOf ?? []) visit(deref(part, schemas));
    for (const [prop, def] of Object.entries(s.properties ?? {})) {
      const d = deref(def, schemas) as { const?: unknown };
      if (d.const !== undefined) out[prop] = d.const;
    }
  };
  visit(schema);
  return out;
}

function collectRequired(schema: OpenAPIV3_1.SchemaObject, schemas: Schemas): string[] {
  const out = new Set<string>();
  const visit = (s: OpenAPIV3_1.SchemaObject) => {
    for (const part of s.allOf ?? []) visit(deref(part, schemas));
    for (const r of s.required ?? []) out.add(r);
  };
  visit(schema);
  return [...out];
}
