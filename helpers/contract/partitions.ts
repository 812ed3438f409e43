/**
 * Input partitions generated from schemas/openapi.yaml: for every operation, each path and query parameter
 * and each request body member (nested array items included) gets the partitions its schema implies
 * (absent, empty, boundary, just beyond, wrong type, malformed, each enum member, case variants, repeats,
 * ids unknown, of another tenant, of another kind, of another parent), and each partition the answer class
 * the contract gives it, with the requirement ids of schemas/requirements.yaml, or "not shown" with the
 * reason. The members and their partitions are derived, never typed; only what the schema document cannot
 * express (which answer the contract gives a partition, which component describes the sync items) lives in
 * two tables, each row citing its requirement ids: ENTRY_COMPONENTS below and ANSWERS
 * (helpers/contract/partition-answers.ts). docs/partitions.md is written from it
 * (scripts/gen-partitions.ts); specs/partitions.spec.ts sends the partitions no other test sends.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { loadOpenApi } from '../../schemas/ajv';
import { operationById, operations, type OperationId } from './contract';
import {
  ANSWERS,
  type Answer,
  type Check,
  type Location,
  type PartitionKind,
  type Rule,
  type Still,
} from './partition-answers';

export type { Answer, Check, Location, PartitionKind, Still } from './partition-answers';

export interface Member {
  operationId: OperationId;
  in: Location;
  /** The parameter's name, or the RFC 6901 pointer of a body member (`*` for every entry of an array). */
  name: string;
  schema: Facts;
  required: boolean;
  /** Path parameters only: the uuid path parameter before this one (eventId's patentId). */
  parent?: string;
}

export interface Partition {
  operationId: OperationId;
  in: Location;
  member: string;
  kind: PartitionKind;
  /** The enum member of a `member` partition. */
  value?: unknown;
  /** Either the answer class with its requirement ids, or "not shown" with the reason. */
  answer: Answer | 'not shown';
  requirements: string[];
  /** The contract wording behind the row (a note for "not shown"). */
  note: string;
  check?: Check;
  /** For "not shown": what the contract still rules out, and its judges. */
  still?: Still;
}

/** What the derivation reads of a schema (after `$ref`s). */
export interface Facts {
  types: string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  minItems?: number;
  minLength?: number;
  minimum?: number;
  clampMaximum?: number;
  items?: Facts;
  properties?: Record<string, Facts>;
  required?: string[];
  /** The component the schema is, when it is a `$ref` to one. */
  component?: string;
}

type Json = Record<string, unknown>;

function resolve(doc: OpenAPIV3_1.Document, node: unknown): { value: Json; component?: string } {
  let value = node as Json;
  let component: string | undefined;
  for (let hops = 0; typeof value.$ref === 'string' && hops < 20; hops += 1) {
    const ref = value.$ref;
    const match = /^#\/components\/schemas\/(.+)$/.exec(ref);
    if (match) component = match[1];
    value = ref
      .slice(2)
      .split('/')
      .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<Json>((acc, token) => acc[token] as Json, doc as unknown as Json);
  }
  return { value, ...(component ? { component } : {}) };
}

/** The facts of a schema, `$ref`s followed (a nested `$ref` keeps the component's name). */
export function factsOf(doc: OpenAPIV3_1.Document, node: unknown): Facts {
  const { value, component } = resolve(doc, node);
  const type = value.type;
  const types = Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
  const facts: Facts = { types };
  if (component) facts.component = component;
  if (typeof value.format === 'string') facts.format = value.format;
  if (typeof value.pattern === 'string') facts.pattern = value.pattern;
  if (Array.isArray(value.enum)) facts.enum = value.enum.filter((v) => v !== null);
  if (typeof value.minItems === 'number') facts.minItems = value.minItems;
  if (typeof value.minLength === 'number') facts.minLength = value.minLength;
  if (typeof value.minimum === 'number') facts.minimum = value.minimum;
  if (typeof value['x-clamp-maximum'] === 'number') facts.clampMaximum = value['x-clamp-maximum'];
  if (value.items !== undefined) facts.items = factsOf(doc, value.items);
  if (value.properties !== undefined) {
    facts.properties = Object.fromEntries(
      Object.entries(value.properties as Json).map(([name, child]) => [name, factsOf(doc, child)]),
    );
  }
  if (Array.isArray(value.required)) facts.required = value.required as string[];
  return facts;
}

/**
 * Array entries the request schema leaves open (`items: { type: object }`) that another component describes.
 * The sync envelope constrains only the envelope; each item is a SyncItem, whose problems are outcomes
 * (SYNC-049: "Item-level problems are reported as outcomes, never as HTTP errors").
 */
export const ENTRY_COMPONENTS: Record<string, { component: string; requirement: string }> = {
  'syncPatents /items/*': { component: 'SyncItem', requirement: 'SYNC-049' },
};

/** Every path and query parameter and request body member of every operation (headers are the correlation spec's). */
export function members(): Member[] {
  const doc = loadOpenApi();
  const list: Member[] = [];
  for (const op of operations()) {
    const declared = (op.definition.parameters ?? []).map((p) => resolve(doc, p).value);
    let previousId: string | undefined;
    for (const param of declared) {
      if (param.in !== 'path' && param.in !== 'query') continue;
      const schema = factsOf(doc, param.schema);
      const name = param.name as string;
      list.push({
        operationId: op.operationId,
        in: param.in,
        name,
        schema,
        required: param.required === true,
        ...(param.in === 'path' && previousId ? { parent: previousId } : {}),
      });
      if (param.in === 'path' && schema.format === 'uuid') previousId = name;
    }
    const body = (op.definition.requestBody as Json | undefined)?.content as Json | undefined;
    const json = body?.['application/json'] as Json | undefined;
    if (json === undefined) continue;
    const root = factsOf(doc, json.schema);
    list.push({ operationId: op.operationId, in: 'body', name: '', schema: root, required: true });
    const walk = (facts: Facts, at: string): void => {
      for (const [name, child] of Object.entries(facts.properties ?? {})) {
        const pointer = `${at}/${name}`;
        list.push({
          operationId: op.operationId,
          in: 'body',
          name: pointer,
          schema: child,
          required: (facts.required ?? []).includes(name),
        });
        if (child.items === undefined) continue;
        const entry = `${pointer}/*`;
        const described = ENTRY_COMPONENTS[`${op.operationId} ${entry}`];
        const items = described
          ? factsOf(doc, { $ref: `#/components/schemas/${described.component}` })
          : child.items;
        if (items.properties === undefined) continue;
        list.push({ operationId: op.operationId, in: 'body', name: entry, schema: items, required: false });
        walk(items, entry);
      }
    };
    walk(root, '');
  }
  return list;
}

const isIdFormat = (facts: Facts) => facts.format === 'uuid';
const isTextFormat = (facts: Facts) =>
  facts.format === 'date' || facts.format === 'date-time' || facts.pattern !== undefined;

/** The partitions a member's schema implies, before any answer is given. */
export function kindsOf(member: Member, inlineLimit?: number): { kind: PartitionKind; value?: unknown }[] {
  const { schema } = member;
  const kinds: { kind: PartitionKind; value?: unknown }[] = [];
  const add = (...names: PartitionKind[]) => kinds.push(...names.map((kind) => ({ kind })));
  if (member.name === '' && member.in === 'body') {
    add('absent', 'malformed');
    return kinds;
  }
  if (member.name.endsWith('/*')) {
    // An array entry: an entry that is not what the array holds, and the same entry twice.
    add('entry-wrong-type', 'repeat');
    return kinds;
  }
  if (member.in !== 'path') add('absent');
  if (member.in === 'body' && schema.types.includes('null')) add('null');
  if (schema.enum !== undefined) {
    for (const value of schema.enum) kinds.push({ kind: 'member', value });
    add('case-variant', 'unknown-value');
  } else if (isIdFormat(schema)) {
    add('malformed', 'unknown-id', 'other-tenant', 'other-kind');
    if (member.parent !== undefined) add('other-parent');
  } else if (isTextFormat(schema)) {
    add('valid', 'malformed');
    if (schema.pattern !== undefined && /A-Z/.test(schema.pattern)) add('case-variant');
  } else if (schema.types.includes('integer')) {
    add('valid');
    if (schema.clampMaximum !== undefined) add('boundary', 'beyond', 'below');
    else if (schema.minimum !== undefined) add('boundary', 'below');
  } else if (schema.types.includes('array')) {
    if (member.in === 'query') add('single', 'several', 'repeat', 'encoding');
    else {
      add('valid', 'empty');
      if (inlineLimit !== undefined && member.name === '/items') add('boundary', 'beyond');
      if (schema.items?.pattern !== undefined) add('case-variant');
      // Entries that are objects have partitions of their own (the `/*` member).
      if (!(schema.items?.types.includes('object') ?? false)) add('repeat');
    }
    if (schema.items?.enum === undefined && member.in === 'query') add('unknown-value');
  } else if (schema.types.includes('string')) {
    add('valid', 'empty', 'case-variant', 'unknown-value');
  }
  // A value of another JSON type than the one declared (a query string can only miss a number).
  if (member.in === 'body' || (member.in === 'query' && schema.types.includes('integer'))) add('wrong-type');
  return kinds;
}

/** The first row answering a partition, or undefined (a gap the project test reports). */
export function ruleFor(member: Member, kind: PartitionKind): Rule | undefined {
  return ANSWERS.find(
    (rule) =>
      rule.kinds.includes(kind) &&
      (rule.operations === undefined || rule.operations.includes(member.operationId)) &&
      (rule.in === undefined || rule.in === member.in) &&
      (rule.member === undefined ||
        (typeof rule.member === 'string' ? rule.member === member.name : rule.member.test(member.name))),
  );
}

/** A check with the partition's operation and member put in its title. */
function concrete(check: Check, member: Member): Check {
  if (check.by !== 'test') return check;
  const title = check.title.replace('{operationId}', member.operationId).replace('{member}', member.name);
  return { ...check, title };
}

/** Every partition of every member, answered by the table; `gaps` lists those no row answers. */
export function partitionTable(): { partitions: Partition[]; gaps: string[] } {
  const partitions: Partition[] = [];
  const gaps: string[] = [];
  const limits = new Map(
    operations().map((op) => [
      op.operationId,
      (op.definition as Json)['x-inline-limit'] as number | undefined,
    ]),
  );
  for (const member of members()) {
    for (const { kind, value } of kindsOf(member, limits.get(member.operationId))) {
      const rule = ruleFor(member, kind);
      if (rule === undefined) {
        gaps.push(`${member.operationId} ${member.in} ${member.name || '(body)'} ${kind}`);
        continue;
      }
      partitions.push({
        operationId: member.operationId,
        in: member.in,
        member: member.name,
        kind,
        ...(value === undefined ? {} : { value }),
        answer: rule.answer,
        requirements: rule.requirements,
        note: rule.note,
        ...(rule.check ? { check: concrete(rule.check, member) } : {}),
        ...(rule.still ? { still: rule.still } : {}),
      });
    }
  }
  return { partitions, gaps };
}

/**
 * The partitions not shown that specs/partitions.spec.ts sends to judge what they still rule out: the query
 * partitions of the lists a request reaches without an id (one drawn per run), and the members of sync items
 * a fresh create can carry (in one batch, where writes are allowed). The others are judged wherever a test
 * sends them: an absent sort by every list read, an instruction batch by the instruction tests.
 */
export function sendsStill(p: Partition): boolean {
  if (p.still === undefined) return false;
  if (p.in === 'query') return operationById(p.operationId).pathParams.length === 0 && p.kind !== 'absent';
  return p.operationId === 'syncPatents' && p.member.startsWith('/items/') && p.kind !== 'case-variant';
}
