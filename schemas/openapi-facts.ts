/**
 * Facts of schemas/openapi.yaml that the suite and the reference both use, read from the document instead of
 * typed again: the codes of the contract's error table (status, type, extension members, whether only an
 * authenticated request can get them), the values of an enum, and the limits the contract states. Neutral
 * ground like key-roles.ts: the suite reaches it through helpers/contract/, the reference imports it.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { loadOpenApi } from './ajv';
import type { components } from './generated/openapi';

type Schemas = components['schemas'];
type SchemaMap = Record<string, OpenAPIV3_1.SchemaObject>;

/** A code of the contract's error table: the `code` const of a per-code problem schema. */
export type ErrorCodeName = {
  [K in keyof Schemas]: Schemas[K] extends { code: infer C extends string }
    ? string extends C
      ? never
      : C
    : never;
}[keyof Schemas];

/**
 * `x-after-authentication` of a problem schema: whether its condition concerns the identified caller, so that
 * only an authenticated request gets it; `well-formed-path` when that holds only for a request whose path
 * parameters are well formed (a malformed one may be refused as an unknown route first).
 */
export type AfterAuthentication = boolean | 'well-formed-path';

export interface ErrorCode {
  code: ErrorCodeName;
  status: number;
  type: string;
  /** Name of the problem schema in components.schemas. */
  schema: string;
  /** Extension members that the schema requires beyond the base problem. */
  extensions: string[];
  afterAuthentication: AfterAuthentication;
}

const BASE_PROBLEM_MEMBERS = new Set(['type', 'title', 'status', 'code', 'requestId', 'detail', 'instance']);

function schemas(): SchemaMap {
  return (loadOpenApi().components?.schemas ?? {}) as SchemaMap;
}

function deref(schema: OpenAPIV3_1.SchemaObject | OpenAPIV3_1.ReferenceObject): OpenAPIV3_1.SchemaObject {
  if ('$ref' in schema && typeof schema.$ref === 'string')
    return schemas()[schema.$ref.split('/').pop()!] ?? {};
  return schema as OpenAPIV3_1.SchemaObject;
}

/** The schema and the schemas it extends (`allOf`), nearest first. */
function withBases(schema: OpenAPIV3_1.SchemaObject): OpenAPIV3_1.SchemaObject[] {
  return [schema, ...(schema.allOf ?? []).flatMap((part) => withBases(deref(part)))];
}

let errorCodesCache: ErrorCode[] | undefined;

/** The error codes, read from the per-code problem schemas (their `code`, `status` and `type` consts). */
export function errorCodes(): ErrorCode[] {
  if (errorCodesCache) return errorCodesCache;
  const found: ErrorCode[] = [];
  for (const [name, schema] of Object.entries(schemas())) {
    const parts = withBases(schema);
    const consts: Record<string, unknown> = {};
    for (const part of [...parts].reverse())
      for (const [member, definition] of Object.entries(part.properties ?? {})) {
        const value = (deref(definition) as { const?: unknown }).const;
        if (value !== undefined) consts[member] = value;
      }
    if (!name.startsWith('Problem') || consts.code === undefined) continue;
    const afterAuthentication = (schema as Record<string, unknown>)['x-after-authentication'];
    if (typeof afterAuthentication !== 'boolean' && afterAuthentication !== 'well-formed-path')
      throw new Error(`${name} does not say whether it needs the caller identified (x-after-authentication)`);
    found.push({
      code: String(consts.code) as ErrorCodeName,
      status: Number(consts.status),
      type: String(consts.type),
      schema: name,
      extensions: [...new Set(parts.flatMap((part) => part.required ?? []))].filter(
        (member) => !BASE_PROBLEM_MEMBERS.has(member),
      ),
      afterAuthentication,
    });
  }
  errorCodesCache = found;
  return found;
}

/** The code's entry of the contract's error table, or undefined for a code outside it. */
export function findErrorCode(code: string): ErrorCode | undefined {
  return errorCodes().find((e) => e.code === code);
}

/**
 * The values of an enum of the document, in its order: of a component schema (`enumOf('Decision')`) or of one
 * of its members (`enumOf('Patent', 'status')`, null included where the member may be null).
 */
export function enumOf<C extends keyof Schemas>(component: C): readonly Schemas[C][];
export function enumOf<C extends keyof Schemas, M extends keyof Schemas[C] & string>(
  component: C,
  member: M,
): readonly Schemas[C][M][];
export function enumOf(component: string, member?: string): readonly unknown[] {
  const schema = schemas()[component];
  if (!schema) throw new Error(`component schema ${component} is not in schemas/openapi.yaml`);
  const property = member === undefined ? schema : schema.properties?.[member];
  const values = property && deref(property).enum;
  if (!values)
    throw new Error(`${[component, member].filter(Boolean).join('.')} has no enum in schemas/openapi.yaml`);
  return values;
}

/** Pagination parameters: "default 10; values above 100 are silently clamped to 100". */
export function pageSize(): { default: number; cap: number } {
  const schema = (
    loadOpenApi().components?.parameters?.ItemsPerPage as OpenAPIV3_1.ParameterObject | undefined
  )?.schema as Record<string, unknown> | undefined;
  const size = { default: Number(schema?.default), cap: Number(schema?.['x-clamp-maximum']) };
  if (!Number.isInteger(size.default) || !Number.isInteger(size.cap))
    throw new Error('ItemsPerPage has no integer default and x-clamp-maximum in schemas/openapi.yaml');
  return size;
}

/** Limits, "Sync inline threshold": the most items a sync POST processes inline (201); more go to the background. */
export function syncInlineLimit(): number {
  const operation = Object.values(loadOpenApi().paths ?? {})
    .flatMap((item) => Object.values(item ?? {}) as Record<string, unknown>[])
    .find((candidate) => candidate?.operationId === 'syncPatents');
  const limit = Number(operation?.['x-inline-limit']);
  if (!Number.isInteger(limit))
    throw new Error('syncPatents has no integer x-inline-limit in schemas/openapi.yaml');
  return limit;
}
