/**
 * The orders of the sorted lists and what their query parameters must not be refused for: `sort` of the
 * patent and invoice lists (the order of a page, the allowed fields accepted, a field that is no member
 * refused) and `include` of the by-period events (an unknown value ignored). The order checks are written
 * once: the patents and invoices specs check whole sweeps with them, the registry every page, through the
 * shapes of the sort rules here (their rules: helpers/rules/patents.ts, invoices.ts; the include rule:
 * helpers/rules/period.ts).
 * Contract: Endpoints, Patents (1), Patent events (6), Invoices (10); Errors (validation_failed; lenient inputs).
 *
 * The contract names no collation and does not say where nulls sort or how ties are ordered, so an order
 * holds for any usual reading: nulls form one block at an end, equal values are free among themselves, dates
 * are monotonic, free text follows the direction wherever every usual collation agrees (./collation.ts), and
 * codes (office, status) may ascend by a rank of the server's own: only their grouping is checked on a page.
 *
 * A refusal (400) cannot say which parameter caused it: the rules on acceptance and refusal judge only a
 * request whose other query parameters are all valid by the operation's parameter schemas (or absent), and
 * nothing on an answer that comes before validation (401, 403, 429) or on a server failure (5xx).
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { loadOpenApi } from '../../schemas/ajv';
import { isCalendarDate } from './calendar';
import { collationTwins, nullBlockProblems, textDirectionProblems } from './collation';
import { operationById, type OperationId } from './contract';
import { documentedMembers } from './documented-members';
import {
  ANSWER,
  type AnswerFacts,
  BEFORE_VALIDATION,
  type Invariant,
  isObject,
  type Json,
  once,
  queryValue,
  queryValues,
  show,
} from './invariant-types';
import { OFFICE_CODE } from './value-formats';

/**
 * date: `YYYY-MM-DD`, chronological as plain strings. instant: date-times, compared as instants (an offset
 * notation included). text: free references, in the direction wherever every usual collation agrees. code:
 * codes whose ascending order may be alphabetical or a rank of the server's own: grouping only.
 */
export type SortKind = 'date' | 'instant' | 'text' | 'code';

/** Members whose values are codes though the schema leaves their format open ("WO, EP, EA, or an ISO 3166-1 national office code"). */
const CODE_MEMBERS: Record<string, readonly string[]> = { Patent: ['office'] };

type Schema = OpenAPIV3_1.SchemaObject & Record<string, unknown>;

/** A `$ref` of the document resolved (one level at a time, to the end). */
function deref<T>(value: T | OpenAPIV3_1.ReferenceObject): T {
  let current: unknown = value;
  while (isObject(current) && typeof current.$ref === 'string') {
    let target: unknown = loadOpenApi();
    for (const token of current.$ref.replace(/^#\//, '').split('/'))
      target = (target as Record<string, unknown>)[token.replace(/~1/g, '/').replace(/~0/g, '~')];
    current = target;
  }
  return current as T;
}

/** The kind of order a member of a component sorts by, read from its schema. */
export function sortKind(component: string, member: string): SortKind {
  const schemas = loadOpenApi().components?.schemas ?? {};
  const property = deref<Schema | undefined>(
    deref<Schema>(schemas[component] as Schema).properties?.[member] as Schema | undefined,
  );
  if (property?.format === 'date') return 'date';
  if (property?.format === 'date-time') return 'instant';
  if (property?.enum !== undefined || CODE_MEMBERS[component]?.includes(member)) return 'code';
  return 'text';
}

/** The query parameters an operation declares, by name, with their schemas resolved. */
function queryParameters(operationId: OperationId): Map<string, Schema> {
  const declared = (operationById(operationId).definition.parameters ?? []).map((p) =>
    deref<OpenAPIV3_1.ParameterObject>(p),
  );
  return new Map(
    declared.filter((p) => p.in === 'query').map((p) => [p.name, deref<Schema>(p.schema as Schema)]),
  );
}

/** The names of an operation's query parameters, in the document's order. */
export function queryParameterNames(operationId: OperationId): string[] {
  return [...queryParameters(operationId).keys()];
}

/** The lists the contract sorts: the component of their items. */
export const SORTED_LISTS = { listPatents: 'Patent', listInvoices: 'Invoice' } as const;
export type SortedList = keyof typeof SORTED_LISTS;

/** The `sort` values an operation allows (its schema's enum) and its default, if it states one. */
export function sortValues(operationId: SortedList): { allowed: string[]; default: string | undefined } {
  const schema = queryParameters(operationId).get('sort');
  if (!Array.isArray(schema?.enum))
    throw new Error(`${operationId} has no sort enum in schemas/openapi.yaml`);
  return {
    allowed: schema.enum.map(String),
    default: typeof schema.default === 'string' ? schema.default : undefined,
  };
}

/** The fields an operation's `sort` allows, each once, in the order of its enum. */
export function sortFields(operationId: SortedList): string[] {
  return [...new Set(sortValues(operationId).allowed.map((v) => (v.startsWith('-') ? v.slice(1) : v)))];
}

/** The include values the by-period list knows (its `x-extensible-enum`): any other is ignored. */
export function knownIncludeValues(): string[] {
  const known = queryParameters('listEventsByPeriod').get('include')?.['x-extensible-enum'];
  if (!Array.isArray(known))
    throw new Error('include of listEventsByPeriod has no x-extensible-enum in schemas/openapi.yaml');
  return known.map(String);
}

/** The known kinds of event (an open string: its `x-extensible-enum`). */
export function knownEventKinds(): string[] {
  const property = deref<Schema>(
    deref<Schema>(loadOpenApi().components?.schemas?.PatentEvent as Schema).properties?.eventType as Schema,
  );
  return Array.isArray(property['x-extensible-enum']) ? property['x-extensible-enum'].map(String) : [];
}

// ---- Orders

const compareInstants = (a: string, b: string) => Date.parse(a) - Date.parse(b);

/**
 * Order problems of a sequence sorted on one member, for any order the contract leaves open: the nulls form
 * one block at an end, dates and instants are monotonic in the direction, equal free-text and code values are
 * contiguous (values some collation may tie with another left out). The direction of free text is checked
 * apart (`orderProblems`), since a sweep compares it across its two directions.
 */
export function sweepProblems(values: (string | null)[], kind: SortKind, descending: boolean): string[] {
  const problems = nullBlockProblems(values);
  const nonNull = values.filter((v): v is string => v !== null);
  if (kind === 'date' || kind === 'instant') {
    const compare =
      kind === 'date' ? (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0) : compareInstants;
    nonNull.forEach((value, i) => {
      const previous = nonNull[i - 1];
      if (previous === undefined) return;
      const order = compare(previous, value);
      if (descending ? order < 0 : order > 0)
        problems.push(`${previous} then ${value} is not ${descending ? 'descending' : 'ascending'}`);
    });
    return problems;
  }
  const twins = collationTwins(nonNull);
  const comparable = nonNull.filter((v) => !twins.has(v));
  const seen = new Set<string>();
  const split = new Set<string>();
  comparable.forEach((v, i) => {
    if (i > 0 && comparable[i - 1] !== v && seen.has(v)) split.add(v);
    seen.add(v);
  });
  for (const value of split) problems.push(`equal values ${JSON.stringify(value)} are not contiguous`);
  return problems;
}

/** Order problems of one page sorted on a member: those of a sweep, and the direction of free text. */
export function orderProblems(values: (string | null)[], kind: SortKind, descending: boolean): string[] {
  const problems = sweepProblems(values, kind, descending);
  if (kind !== 'text') return problems;
  const nonNull = values.filter((v): v is string => v !== null);
  return [...problems, ...textDirectionProblems(nonNull, descending)];
}

// ---- The rest of a request

/** A query value valid by its parameter's schema, where the contract shows what the value gives. */
function validValue(schema: Schema, value: string): boolean {
  if (Array.isArray(schema.enum)) return schema.enum.includes(value);
  if (schema.type === 'integer') {
    // Page parameters below 1: what the server does is not shown (itemsPerPage of 0 or below).
    return /^\d+$/.test(value) && Number(value) >= Math.max(1, Number(schema.minimum ?? 1));
  }
  if (schema.type === 'array') return value !== '';
  if (schema.format === 'date') return isCalendarDate(value);
  if (typeof schema.pattern === 'string') return new RegExp(schema.pattern).test(value);
  return value !== '';
}

/** What the contract states of parameters together: windows in order, the due window complete. */
function validTogether(answer: AnswerFacts): boolean {
  const one = (name: string) => queryValues(answer, name)[0];
  const inOrder = (from: string, to: string) =>
    one(from) === undefined || one(to) === undefined || one(from)! <= one(to)!;
  switch (answer.operationId) {
    case 'listInvoices':
      return inOrder('issueDateFrom', 'issueDateTo') && inOrder('createdFrom', 'createdTo');
    case 'listEventsByPeriod': {
      const month = one('dueMonth') !== undefined;
      const range = one('dueFrom') !== undefined && one('dueTo') !== undefined;
      const partial = (one('dueFrom') === undefined) !== (one('dueTo') === undefined);
      // A kind the suite does not know may be refused as a bad value (OPEN-POINTS E3.7), and so may an office
      // not of the form of an office code (OPEN-POINTS B11; an `EP,FR` of the comma encoding included).
      const kinds = knownEventKinds();
      return (
        month !== range &&
        !partial &&
        inOrder('dueFrom', 'dueTo') &&
        queryValues(answer, 'eventTypes').every((kind) => kinds.includes(kind)) &&
        queryValues(answer, 'offices').every((office) => OFFICE_CODE.test(office))
      );
    }
    default:
      return true;
  }
}

/**
 * True when every query parameter of the request other than `except` is one the operation declares, valid by
 * its schema, given once (unless an array), and the parameters together are as the contract requires. A page
 * other than the first may lie past the end, whose answer is not stated (OPEN-POINTS B3): such a request is
 * judged only on a 200 answer.
 */
export function othersValid(answer: AnswerFacts, except: string): boolean {
  if (!answer.operationId) return false;
  const page = answer.query.currentPage;
  if (page !== undefined && (page.length !== 1 || page[0] !== '1') && answer.status !== 200) return false;
  const declared = queryParameters(answer.operationId as OperationId);
  for (const [name, given] of Object.entries(answer.query)) {
    if (name === except) continue;
    const schema = declared.get(name);
    if (!schema) return false;
    if (schema.type !== 'array' && given.length !== 1) return false;
    if (!given.every((value) => validValue(schema, value))) return false;
  }
  return validTogether(answer);
}

/** The answer a valid request got, when it shows the request was judged (not before validation, no failure). */
export const judgedStatus = (answer: AnswerFacts) =>
  BEFORE_VALIDATION.includes(answer.status) || answer.status >= 500 ? undefined : answer.status;

// ---- The shapes of the sort rules (helpers/rules/patents.ts, helpers/rules/invoices.ts)

/** The items of a 200 answer of a list. */
function itemsOf(answer: AnswerFacts): Json[] | undefined {
  if (answer.status !== 200 || !isObject(answer.body) || !Array.isArray(answer.body.data)) return undefined;
  return answer.body.data.filter(isObject);
}

/** The page of a sorted list is in the order its sort asks, or its default when it states one. */
export function sortedPage(id: string, title: string, list: SortedList, withSort: boolean): Invariant {
  const component = SORTED_LISTS[list];
  return {
    id,
    title,
    subject: ANSWER,
    judge: (_, answer) => {
      if (answer.operationId !== list) return undefined;
      const { allowed, default: byDefault } = sortValues(list);
      const sort = withSort
        ? queryValue(answer, 'sort')
        : queryValues(answer, 'sort').length === 0
          ? byDefault
          : undefined;
      const items = itemsOf(answer);
      if (sort === undefined || !allowed.includes(sort) || !items || items.length < 2) return undefined;
      const descending = sort.startsWith('-');
      const field = descending ? sort.slice(1) : sort;
      const shown = items.map((item) => (typeof item[field] === 'string' ? (item[field] as string) : null));
      const problems = orderProblems(shown, sortKind(component, field), descending);
      return problems.map((p) => `sort=${sort}: ${p}`);
    },
  };
}

/** A request whose sort names an allowed field, the rest valid, answers 200. */
export function sortAccepted(id: string, list: SortedList): Invariant {
  return {
    id,
    title: `${list} answers 200 to a sort on an allowed field, with or without a leading minus`,
    subject: ANSWER,
    judge: (_, answer) => {
      const sort = queryValue(answer, 'sort');
      if (answer.operationId !== list || sort === undefined || !sortValues(list).allowed.includes(sort))
        return undefined;
      const status = judgedStatus(answer);
      if (status === undefined || !othersValid(answer, 'sort')) return undefined;
      return once(status === 200 ? undefined : `sort=${sort} answered ${status}`);
    },
  };
}

/**
 * A plain member name: a value of another form (empty, a second minus, a path) is not judged. A name that
 * differs from a member by case only (`Office`, `-IssueDate`) is judged as no member: the contract lists the
 * allowed fields by their exact names ("allowed fields clientCaseReference, office, ...; an unknown field gives
 * 400") and member names are case-sensitive, as the partitions decided (docs/partitions.md, query `sort`, case
 * variant; faults patents-sort-field-case-insensitive, invoices-sort-field-case-insensitive).
 */
const NAME = /^[A-Za-z_$][\w$]*$/;

/** A request whose sort names no member of the resource, the rest valid, gives 400 validation_failed. */
export function sortRefused(id: string, list: SortedList): Invariant {
  const component = SORTED_LISTS[list];
  return {
    id,
    title: `${list} gives 400 validation_failed to a sort on a name that is no member of the ${component}`,
    subject: ANSWER,
    judge: (_, answer) => {
      const sort = queryValue(answer, 'sort');
      if (answer.operationId !== list || sort === undefined) return undefined;
      const field = sort.startsWith('-') ? sort.slice(1) : sort;
      // A member outside the allowed list may give 400 or sort (OPEN-POINTS E3.6).
      if (!NAME.test(field) || documentedMembers(component).includes(field)) return undefined;
      const status = judgedStatus(answer);
      if (status === undefined || !othersValid(answer, 'sort')) return undefined;
      const code = isObject(answer.body) ? answer.body.code : undefined;
      return once(
        status === 400 && code === 'validation_failed'
          ? undefined
          : `sort=${sort} answered ${status} ${show(code ?? '')}`,
      );
    },
  };
}
