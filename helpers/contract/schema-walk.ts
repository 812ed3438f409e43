/**
 * Follows an answer body along the schema schemas/openapi.yaml documents for it (the operation's response
 * for the status and media type), and gives each value with what its schema says of it: its `format`
 * (`date`, `date-time`), whether it is a money amount (the `Decimal` pattern), and whether it is an object
 * whose schema declares an `object` member. The conventions of every body (helpers/rules/conventions.ts)
 * judge those values, so that no list of members is typed by hand. And which operations are document
 * downloads (their documented 200 is a PDF).
 *
 * `$ref` (with siblings), `allOf`, `oneOf`, `anyOf` and type arrays (`[string, 'null']`) are followed; the
 * branches of `oneOf`/`anyOf` a value takes are those whose `type` admits it (all of them when none does: a
 * value of the wrong type is still judged by what its member is). `if`/`then`/`else` only narrow types in
 * this document and are not followed. Members a schema does not declare are not walked (extra members are a
 * freedom). Each schema is compiled once, lazily (schemas may refer to themselves).
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { loadOpenApi } from '../../schemas/ajv';
import { escapePointerToken, operationById, type OperationId } from './contract';

type Schema = OpenAPIV3_1.SchemaObject & { $ref?: string; const?: unknown; items?: unknown };

/** The documented response of an operation for a status (its own, `4XX`-style or `default`), if any. */
export interface DocumentedResponse {
  /** Pointer (within openapi.yaml) of the response object, after following a components.responses $ref. */
  pointer: string;
  response: OpenAPIV3_1.ResponseObject;
}

/** Each operation and status looked up once: every answer of a run is judged against its documented response. */
const documentedResponses = new Map<string, DocumentedResponse | undefined>();

export function documentedResponse(operationId: OperationId, status: number): DocumentedResponse | undefined {
  const key = `${operationId} ${status}`;
  if (!documentedResponses.has(key)) documentedResponses.set(key, lookUpResponse(operationId, status));
  return documentedResponses.get(key);
}

function lookUpResponse(operationId: OperationId, status: number): DocumentedResponse | undefined {
  const op = operationById(operationId);
  const responses = op.definition.responses ?? {};
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in responses);
  if (!key) return undefined;
  const entry = responses[key] as OpenAPIV3_1.ResponseObject | OpenAPIV3_1.ReferenceObject;
  if ('$ref' in entry) {
    const name = entry.$ref.split('/').pop()!;
    const response = loadOpenApi().components?.responses?.[name] as OpenAPIV3_1.ResponseObject | undefined;
    if (!response) throw new Error(`${entry.$ref} is not in schemas/openapi.yaml`);
    return { pointer: `#/components/responses/${escapePointerToken(name)}`, response };
  }
  return { pointer: `${op.pointer}/responses/${escapePointerToken(key)}`, response: entry };
}

const PDF = 'application/pdf';
const documentOperations = new Map<string, boolean>();

/** An operation whose 200 answer the document gives as a PDF: the document downloads. */
export function isDocumentOperation(operationId: string | undefined): boolean {
  if (!operationId) return false;
  let known = documentOperations.get(operationId);
  if (known === undefined) {
    known = PDF in (documentedResponse(operationId as OperationId, 200)?.response.content ?? {});
    documentOperations.set(operationId, known);
  }
  return known;
}

/** The pattern of a money amount: the `Decimal` component's, which inline money members repeat. */
export function moneyPattern(): string {
  const decimal = loadOpenApi().components?.schemas?.Decimal as Schema | undefined;
  if (typeof decimal?.pattern !== 'string') throw new Error('Decimal has no pattern in schemas/openapi.yaml');
  return decimal.pattern;
}

/** What a schema says of `object`, when it declares that member. */
export interface ObjectMember {
  required: boolean;
  /** The type it names, when the schema fixes it (`const`). */
  names?: string;
}

/** One alternative of a schema, its `allOf` merged: what it says of a value, and of the values inside. */
interface Branch {
  types: readonly string[] | undefined;
  format: string | undefined;
  money: boolean;
  objectMember: ObjectMember | undefined;
  /** Each declared member's schemas (all of them apply), compiled on first use. */
  properties: Map<string, Schema[]>;
  items: Schema[];
  compiled: Map<string, Branch[]>;
}

let money: string | undefined;
const compiledSchemas = new WeakMap<object, Branch[]>();

/** The node a `#/...` pointer of schemas/openapi.yaml names (a schema, a response); throws when absent. */
export function resolve(ref: string): Schema {
  if (!ref.startsWith('#/')) throw new Error(`unsupported $ref ${ref}`);
  let node: unknown = loadOpenApi();
  for (const token of ref.slice(2).split('/'))
    node = (node as Record<string, unknown>)[token.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (node === undefined) throw new Error(`${ref} is not in schemas/openapi.yaml`);
  return node as Schema;
}

function merge(a: Branch, b: Branch): Branch {
  const types = a.types && b.types ? a.types.filter((t) => b.types!.includes(t)) : (a.types ?? b.types);
  const properties = new Map(a.properties);
  for (const [name, schemas] of b.properties)
    properties.set(name, [...(properties.get(name) ?? []), ...schemas]);
  const objectMember =
    a.objectMember || b.objectMember
      ? {
          required: Boolean(a.objectMember?.required || b.objectMember?.required),
          names: a.objectMember?.names ?? b.objectMember?.names,
        }
      : undefined;
  return {
    types,
    format: a.format ?? b.format,
    money: a.money || b.money,
    objectMember,
    properties,
    items: [...a.items, ...b.items],
    compiled: new Map(),
  };
}

/** Every combination of one branch of each list, merged. */
function product(lists: Branch[][]): Branch[] {
  return lists.reduce((acc, list) => acc.flatMap((a) => list.map((b) => merge(a, b))));
}

/** The alternatives of a schema. */
function compile(schema: Schema): Branch[] {
  const known = compiledSchemas.get(schema);
  if (known) return known;
  money ??= moneyPattern();
  const { $ref, allOf, oneOf, anyOf } = schema;
  const declared = schema.properties as Record<string, Schema> | undefined;
  const object = declared?.object;
  const own: Branch = {
    types: schema.type === undefined ? undefined : ([] as string[]).concat(schema.type),
    format: schema.format,
    money: schema.pattern === money,
    objectMember: object
      ? {
          required: (schema.required ?? []).includes('object'),
          names: typeof object.const === 'string' ? object.const : undefined,
        }
      : undefined,
    properties: new Map(Object.entries(declared ?? {}).map(([name, s]) => [name, [s]])),
    items: schema.items ? [schema.items as Schema] : [],
    compiled: new Map(),
  };
  const parts: Branch[][] = [[own]];
  // Placed before the parts are compiled: a schema that refers to itself finds its own (partial) entry.
  const alternatives: Branch[] = [];
  compiledSchemas.set(schema, alternatives);
  if ($ref) parts.push(compile(resolve($ref)));
  for (const part of allOf ?? []) parts.push(compile(part as Schema));
  for (const choice of [oneOf, anyOf])
    if (choice) parts.push((choice as Schema[]).flatMap((s) => compile(s)));
  alternatives.push(...product(parts));
  return alternatives;
}

function compiledMember(branch: Branch, name: string, schemas: Schema[]): Branch[] {
  let found = branch.compiled.get(name);
  if (!found) {
    found = product(schemas.map((s) => compile(s)));
    branch.compiled.set(name, found);
  }
  return found;
}

const jsonType = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number'
        ? Number.isInteger(value)
          ? 'integer'
          : 'number'
        : typeof value;

const admits = (branch: Branch, type: string) =>
  branch.types === undefined ||
  branch.types.includes(type) ||
  (type === 'integer' && branch.types.includes('number'));

/** What the schema of one value says of it. */
export interface WalkedValue {
  /** JSON Pointer of the value in the body. */
  path: string;
  value: unknown;
  /** The `format` every branch the value takes gives it. */
  format: string | undefined;
  /** A money amount by every branch the value takes. */
  money: boolean;
  /** What a branch the value takes declares of its `object` member. */
  objectMember: ObjectMember | undefined;
}

/** The values the visitor hears of: those with a format, money or an `object` member. */
export type Visit = (walked: WalkedValue) => void;

function walk(value: unknown, alternatives: readonly Branch[], path: string, visit: Visit): void {
  if (alternatives.length === 0) return;
  const type = jsonType(value);
  let taken = alternatives;
  if (alternatives.length > 1) {
    taken = alternatives.filter((b) => admits(b, type));
    if (taken.length === 0) taken = alternatives;
  }
  const first = taken[0]!;
  let { format, money: isMoney, objectMember } = first;
  for (let i = 1; i < taken.length; i++) {
    const other = taken[i]!;
    if (other.format !== format) format = undefined;
    isMoney &&= other.money;
    objectMember ??= other.objectMember;
  }
  if (format !== undefined || isMoney || objectMember)
    visit({ path: path || '/', value, format, money: isMoney, objectMember });
  if (type === 'array') {
    const items = taken.filter((b) => b.items.length > 0);
    if (items.length === 0) return;
    const itemAlternatives = items.flatMap((b) => compiledMember(b, '[]', b.items));
    (value as unknown[]).forEach((item, i) => walk(item, itemAlternatives, `${path}/${i}`, visit));
  } else if (type === 'object') {
    const object = value as Record<string, unknown>;
    for (const name in object) {
      let memberAlternatives: Branch[] | undefined;
      for (const branch of taken) {
        const schemas = branch.properties.get(name);
        if (!schemas) continue;
        const compiled = compiledMember(branch, name, schemas);
        memberAlternatives = memberAlternatives ? [...memberAlternatives, ...compiled] : compiled;
      }
      if (memberAlternatives)
        walk(object[name], memberAlternatives, `${path}/${escapePointerToken(name)}`, visit);
    }
  }
}

/** The schema of the body of an answer, or undefined when the document gives none for it. */
export function responseSchema(
  operationId: OperationId,
  status: number,
  mediaType: string,
): Schema | undefined {
  const documented = documentedResponse(operationId, status);
  return documented?.response.content?.[mediaType]?.schema as Schema | undefined;
}

/** Walks `body` along `schema`, telling `visit` of every value with a format, money or an `object` member. */
export function walkBody(body: unknown, schema: Schema, visit: Visit): void {
  walk(body, compile(schema), '', visit);
}

/** Walks `body` along a component schema (`Fees`, `Invoice`, ...). */
export function walkComponent(componentName: string, body: unknown, visit: Visit): void {
  walkBody(body, resolve(`#/components/schemas/${escapePointerToken(componentName)}`), visit);
}
