/**
 * Request validation driven by schemas/openapi.yaml. Each operation's path parameters, query parameters
 * and JSON body are validated with the schemas the document declares (compiled once per process and shared
 * by every server instance); Ajv errors become field errors with RFC 6901 pointers. Rules the document
 * cannot express live in the handlers.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { OpenAPIV3_1 } from 'openapi-types';
import { createAjv, loadOpenApi, OPENAPI_SCHEMA_ID, schemaRef } from '../schemas/ajv';
import { isFault, isVariant } from './behaviour';
import type { FieldError } from './problems';
import { escapePointerToken, pointer, validationFailed } from './problems';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface ParamSpec {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  /** Declared JSON type of the value (or of the items of an array), for coercing query strings. */
  type: string | undefined;
  isArray: boolean;
  validate: ValidateFunction;
}

export interface OperationSpec {
  operationId: string;
  method: string;
  /** Path as the document writes it, `{param}` style. */
  path: string;
  requiredScope: string;
  requiredCapability: string | undefined;
  params: ParamSpec[];
  body: { validate: ValidateFunction; required: boolean } | undefined;
}

export interface ValidatedInput {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

type Json = Record<string, unknown>;

/** Follows local `$ref`s in the document. */
function resolve(doc: OpenAPIV3_1.Document, node: unknown): Json {
  let current = node as Json;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 20; hops += 1) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) break;
    current = ref
      .slice(2)
      .split('/')
      .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<Json>((acc, token) => acc[token] as Json, doc as unknown as Json);
  }
  return current;
}

function declaredType(
  doc: OpenAPIV3_1.Document,
  schema: Json,
): { type: string | undefined; isArray: boolean } {
  const resolved = resolve(doc, schema);
  const type = Array.isArray(resolved.type)
    ? (resolved.type[0] as string)
    : (resolved.type as string | undefined);
  if (type === 'array') {
    const items = resolved.items === undefined ? {} : resolve(doc, resolved.items);
    return { type: items.type as string | undefined, isArray: true };
  }
  return { type, isArray: false };
}

interface Compiled {
  operations: OperationSpec[];
  syncItem: ValidateFunction;
}

let compiled: Compiled | undefined;

function compile(): Compiled {
  const doc = loadOpenApi();
  const ajv = createAjv();
  // Each validator is compiled when it first judges: a start of the reference compiles none, and a run only
  // those of the operations it calls.
  const getSchema = (ref: string): ValidateFunction => {
    let validate: ValidateFunction | undefined;
    const compiledValidator = (): ValidateFunction => {
      validate ??= ajv.getSchema(ref);
      if (validate === undefined) throw new Error(`schema not found in the OpenAPI document: ${ref}`);
      return validate;
    };
    const lazy = ((data: unknown) => compiledValidator()(data)) as ValidateFunction;
    Object.defineProperties(lazy, {
      errors: { get: () => compiledValidator().errors },
      schema: { get: () => compiledValidator().schema },
    });
    return lazy;
  };
  const operations: OperationSpec[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const pathItem = item as Json;
    const base = `${OPENAPI_SCHEMA_ID}#/paths/${escapePointerToken(path)}`;
    for (const method of METHODS) {
      const operation = pathItem[method] as Json | undefined;
      if (operation === undefined) continue;
      const declared = [
        ...((pathItem.parameters as Json[] | undefined) ?? []).map((p, i) => ({
          p,
          at: `${base}/parameters/${i}`,
        })),
        ...((operation.parameters as Json[] | undefined) ?? []).map((p, i) => ({
          p,
          at: `${base}/${method}/parameters/${i}`,
        })),
      ];
      const params: ParamSpec[] = [];
      for (const { p, at } of declared) {
        const param = resolve(doc, p);
        if (param.in !== 'path' && param.in !== 'query') continue;
        const location = typeof p.$ref === 'string' ? `${OPENAPI_SCHEMA_ID}${p.$ref}` : at;
        params.push({
          name: param.name as string,
          in: param.in,
          required: param.required === true,
          ...declaredType(doc, param.schema as Json),
          validate: getSchema(`${location}/schema`),
        });
      }
      const requestBody = operation.requestBody as Json | undefined;
      const jsonBody = (requestBody?.content as Json | undefined)?.['application/json'];
      operations.push({
        operationId: operation.operationId as string,
        method: method.toUpperCase(),
        path,
        requiredScope: operation['x-required-scope'] as string,
        requiredCapability: operation['x-required-capability'] as string | undefined,
        params,
        body:
          jsonBody === undefined
            ? undefined
            : {
                validate: getSchema(`${base}/${method}/requestBody/content/application~1json/schema`),
                required: requestBody?.required === true,
              },
      });
    }
  }
  return { operations, syncItem: getSchema(schemaRef('SyncItem')) };
}

function compiledOnce(): Compiled {
  compiled ??= compile();
  return compiled;
}

/** Every operation the document declares (compiled on first use, then cached for the process). */
export function operationSpecs(): OperationSpec[] {
  return compiledOnce().operations;
}

const CODES: Record<string, string> = {
  format: 'invalid_string',
  pattern: 'invalid_string',
  enum: 'invalid_enum_value',
  const: 'invalid_enum_value',
  type: 'invalid_type',
  required: 'required',
  minItems: 'too_small',
  minLength: 'too_small',
  minimum: 'too_small',
  exclusiveMinimum: 'too_small',
  minProperties: 'too_small',
  maxItems: 'too_big',
  maxLength: 'too_big',
  maximum: 'too_big',
  exclusiveMaximum: 'too_big',
  maxProperties: 'too_big',
  additionalProperties: 'unrecognized_key',
};

/** Ajv errors to field errors. `instancePath` is already an RFC 6901 pointer; `prefix` locates the value. */
export function toFieldErrors(errors: ErrorObject[] | null | undefined, prefix = ''): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const error of errors ?? []) {
    let path = prefix + error.instancePath;
    let message = error.message ?? 'is not valid';
    if (error.keyword === 'required') {
      // Ajv points at the object lacking the member: the pointer here names the member itself.
      if (!isVariant('missing-member-pointer-parent'))
        path += pointer(String((error.params as { missingProperty: string }).missingProperty));
      message = 'is required';
    } else if (error.keyword === 'additionalProperties') {
      path += pointer(String((error.params as { additionalProperty: string }).additionalProperty));
      message = 'is not allowed';
    } else if (error.keyword === 'enum') {
      const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues;
      if (allowed) message = `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
    }
    if (isFault('pointer-dotted-path')) path = path.split('/').slice(1).join('.');
    if (isFault('pointer-names-member-only') && path.includes('/')) path = path.slice(path.lastIndexOf('/'));
    let code = isVariant('field-error-codes-own') ? error.keyword : (CODES[error.keyword] ?? 'invalid_value');
    // (variant) A value that is not a date has a code of its own (the list of field codes is not shown).
    if (
      isVariant('variant-other-field-error-codes') &&
      error.keyword === 'format' &&
      (error.params as { format?: string }).format === 'date'
    )
      code = 'invalid_date';
    const key = `${path}|${code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(
      isFault('field-error-code-missing')
        ? ({ pointer: path, message } as FieldError)
        : { pointer: path, code, message },
    );
  }
  return out;
}

function coerce(value: string, type: string | undefined): unknown {
  if (type === 'integer' && /^[+-]?\d+$/.test(value)) return Number(value);
  if (type === 'number' && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(value)) return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/**
 * Query values: array parameters accept both repeated keys and comma-separated values (the wire encoding is
 * not shown in the contract); a scalar parameter given several times takes its first value.
 */
function queryValue(param: ParamSpec, search: URLSearchParams): unknown {
  // (variant) Arrays read as a PHP-style server reads them: `name[]` keys, or one comma-separated value, a plain
  // key given several times keeping its last value.
  const phpStyle = param.isArray && isVariant('array-query-params-comma-separated');
  const bracketed = phpStyle ? search.getAll(`${param.name}[]`) : [];
  const raw = bracketed.length > 0 ? bracketed : search.getAll(param.name);
  if (raw.length === 0) return undefined;
  if (param.isArray) {
    let given = raw.flatMap((v) => v.split(','));
    // The wire encoding of array parameters is not shown: both forms are read here (repeated keys, commas).
    if (isVariant('arrays-comma-separated-only')) given = (raw[0] as string).split(',');
    if (isVariant('arrays-repeated-keys-only')) given = raw;
    if (phpStyle) given = bracketed.length > 0 ? bracketed : (raw.at(-1) as string).split(',');
    let values = given.filter((v) => v !== '');
    // offices declared as a scalar: the framework keeps the last value it was given.
    if (isFault('by-period-offices-last-value-only') && param.name === 'offices') values = values.slice(-1);
    return values.length === 0 ? undefined : values.map((v) => coerce(v, param.type));
  }
  return coerce(raw[0] as string, param.type);
}

/** Validates the request against the operation; throws 400 `validation_failed` with every error found. */
export function validateRequest(
  spec: OperationSpec,
  input: { pathParams: Record<string, string>; search: URLSearchParams; body?: unknown },
): ValidatedInput {
  const errors: FieldError[] = [];
  const result: ValidatedInput = { path: {}, query: {}, body: input.body };
  for (const param of spec.params) {
    const value = param.in === 'path' ? input.pathParams[param.name] : queryValue(param, input.search);
    // Query and path errors point at the parameter by name: the contract's pointers are into the body, so
    // the value of such a pointer is the server's choice.
    const at = isVariant('query-path-pointer-by-name') ? `${param.in}.${param.name}` : pointer(param.name);
    if (value === undefined) {
      if (param.required) errors.push({ pointer: at, code: 'required', message: 'is required' });
      continue;
    }
    // The sort value matched against the allowed fields ignoring case, then replaced by the field so matched.
    const sortCaseFolded =
      (isFault('patents-sort-field-case-insensitive') && spec.operationId === 'listPatents') ||
      (isFault('invoices-sort-field-case-insensitive') && spec.operationId === 'listInvoices');
    if (sortCaseFolded && param.name === 'sort') {
      const allowed = ((param.validate.schema as { enum?: string[] }).enum ?? []).find(
        (field) => field.toLowerCase() === String(value).toLowerCase(),
      );
      if (allowed !== undefined) {
        result.query.sort = allowed;
        continue;
      }
    }
    const unchecked = isFault('path-ids-not-validated') && param.in === 'path' && param.name.endsWith('Id');
    const sortUnchecked =
      (isFault('patents-unknown-sort-field-accepted') && spec.operationId === 'listPatents') ||
      (isFault('invoices-unknown-sort-field-accepted') && spec.operationId === 'listInvoices');
    if (sortUnchecked && param.name === 'sort' && !param.validate(value)) continue;
    // What a sort on a member of the resource outside the allowed list gives is not stated: 400 here, as for
    // an unknown field.
    if (
      isVariant('sort-on-other-documented-fields') &&
      param.name === 'sort' &&
      ((spec.operationId === 'listPatents' && /^-?title$/.test(String(value))) ||
        (spec.operationId === 'listInvoices' && /^-?reference$/.test(String(value))))
    ) {
      result.query.sort = value;
      continue;
    }
    if (
      isFault('patents-sort-publication-number-refused') &&
      spec.operationId === 'listPatents' &&
      param.name === 'sort' &&
      /^-?publicationNumber$/.test(String(value))
    ) {
      errors.push({ pointer: at, code: 'invalid_enum_value', message: 'is not a sortable field' });
      continue;
    }
    const shapeOnly =
      (isFault('period-window-dates-shape-only') &&
        spec.operationId === 'listEventsByPeriod' &&
        /^\d{4}-\d{2}(?:-\d{2})?$/.test(String(value))) ||
      (isFault('invoices-date-filters-shape-only') &&
        spec.operationId === 'listInvoices' &&
        /^\d{4}-\d{2}-\d{2}$/.test(String(value)));
    if (
      shapeOnly &&
      ['dueFrom', 'dueTo', 'dueMonth', 'issueDateFrom', 'issueDateTo', 'createdFrom', 'createdTo'].includes(
        param.name,
      )
    ) {
      result.query[param.name] = value;
      continue;
    }
    if (
      isFault('freezes-month-13-accepted') &&
      param.name === 'yearMonth' &&
      /^\d{4}-\d{2}$/.test(String(value))
    ) {
      result.path.yearMonth = value;
      continue;
    }
    if (!unchecked && !param.validate(value)) {
      errors.push(...toFieldErrors(param.validate.errors, at));
      continue;
    }
    (param.in === 'path' ? result.path : result.query)[param.name] = value;
  }
  // The instruction body normalised before validation: decisions upper-cased.
  if (isFault('instructions-decision-case-insensitive') && spec.operationId === 'postInstructions') {
    const entries = (input.body as { instructions?: unknown } | null)?.instructions;
    if (Array.isArray(entries))
      for (const entry of entries as Record<string, unknown>[])
        if (typeof entry?.decision === 'string') entry.decision = entry.decision.toUpperCase();
  }
  if (spec.body !== undefined && !spec.body.validate(input.body)) {
    errors.push(
      ...toFieldErrors(spec.body.validate.errors).filter(
        (e) =>
          !(isFault('sync-empty-import-ref-accepted') && e.pointer === '/externalImportRef') &&
          !(isFault('sync-non-object-item-accepted') && /^\/items\/\d+$/.test(e.pointer)) &&
          // The envelope's object check left to the triage of each item.
          !(isFault('sync-non-object-entry-rejected-as-outcome') && /^\/items\/\d+$/.test(e.pointer)) &&
          !(
            isFault('instructions-event-id-format-unchecked') &&
            e.code === 'invalid_string' &&
            /^\/instructions\/\d+\/eventId$/.test(e.pointer)
          ) &&
          !(
            isFault('instructions-decision-enum-unchecked') &&
            /^\/instructions\/\d+\/decision$/.test(e.pointer)
          ) &&
          !(
            isFault('instructions-array-optional') &&
            e.pointer === '/instructions' &&
            e.code === 'required'
          ) &&
          !(isFault('sync-empty-items-accepted') && e.pointer === '/items' && e.code === 'too_small') &&
          !(
            isFault('sync-single-item-object-accepted') &&
            e.pointer === '/items' &&
            e.code === 'invalid_type'
          ),
      ),
    );
  }
  // The envelope schema checking each item's applicationDate as a strict date.
  const items = (input.body as { items?: unknown } | null | undefined)?.items;
  if (isFault('item-invalid-date-returns-400') && spec.operationId === 'syncPatents' && Array.isArray(items))
    items.forEach((item, index) =>
      errors.push(
        ...syncItemErrors(item)
          .filter((e) => e.pointer === '/applicationDate')
          .map((e) => ({ ...e, pointer: pointer('items', index) + e.pointer })),
      ),
    );
  if (errors.length > 0) throw validationFailed(errors);
  return result;
}

/** Item-level validation of a sync item against the document's `SyncItem`. */
export function syncItemErrors(item: unknown): FieldError[] {
  const validate = compiledOnce().syncItem;
  if (validate(item)) return [];
  const valueAt = (path: string): unknown => (item as Record<string, unknown> | null)?.[path.slice(1)];
  return toFieldErrors(
    (validate.errors ?? []).filter(
      (e) =>
        !(isFault('sync-item-without-identifier-accepted') && e.schemaPath.startsWith('#/anyOf')) &&
        // (fault) The identity check tests for the providerId key, whatever its value.
        !(
          isFault('sync-null-provider-id-counts-as-identifier') &&
          e.schemaPath.startsWith('#/anyOf') &&
          typeof item === 'object' &&
          item !== null &&
          'providerId' in item
        ) &&
        !(isFault('sync-office-not-validated') && e.instancePath === '/office' && e.keyword !== 'type') &&
        !(
          isFault('sync-invalid-calendar-date-accepted') &&
          e.keyword === 'format' &&
          /^\d{4}-\d{2}-\d{2}$/.test(String(valueAt(e.instancePath)))
        ),
    ),
  );
}

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i;

/**
 * The JSON body of a request: a non-JSON content type or malformed JSON is a 400 like any other invalid body,
 * pointing at the whole document (the empty pointer).
 */
export function parseJsonBody(contentType: string | undefined, text: string): unknown {
  if (contentType === undefined || !JSON_MEDIA_TYPE.test(contentType.trim())) {
    throw validationFailed([
      { pointer: '', code: 'unsupported_media_type', message: 'The body must be sent as application/json.' },
    ]);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Nothing to point into: the one field error points at the whole body here.
    if (isVariant('malformed-json-empty-errors')) throw validationFailed([]);
    throw validationFailed([{ pointer: '', code: 'invalid_json', message: 'The body is not valid JSON.' }]);
  }
}
