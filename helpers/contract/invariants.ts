/**
 * The invariant registry: rules of the catalogue decided from one answer and the request that produced it
 * (its path, query and body, and the answer's own clock), written once, each with its requirement id, and
 * applied by the client to every answer of every test (helpers/wire/answer-checks.ts), wherever the
 * subject appears: a resource in a list, a single read, an embedded copy or a POST or PUT answer; a list
 * envelope; the answer itself. Pure: the wire layer gives the answer's facts.
 *
 * An invariant returns undefined when the subject does not hold what it judges (an invoice without lines,
 * a batch read by GET for a rule about its POST): that answer did not judge it. The run counts, per
 * invariant, the answers that judged it: the certification shows an invariant that judged none as not
 * verified (scripts/certification/model.ts).
 *
 * The field rules of the resources come from ./field-rules.ts, where the area specs read them too.
 * `schemas/requirements.yaml` marks the requirements one answer can decide (`decidable: answer`);
 * tests/invariants.test.ts holds the registry to that list.
 *
 * Also here: the values the contract makes unique in a tenant, which the wire layer compares across the
 * whole run (a uniqueness no single answer can show).
 */
import { SCHEMA_INVARIANT } from './schema-conformance';
import type { Fees, PatentEvent } from '../../schemas/types';
import { pageSize } from './contract';
import {
  EVENT_FIELD_RULES,
  EVENT_RELATION_RULES,
  FEES_FIELD_RULES,
  type FeesOwner,
  lockedWithoutInvoice,
  PATENT_FIELD_RULES,
  totalRule,
} from './field-rules';
import { ANSWER_INVARIANTS } from './answer-invariants';
import { FORMAT_INVARIANTS } from './format-invariants';
import { LIST_ORDER_INVARIANTS } from './list-orders';
import {
  type AnswerFacts,
  type Invariant,
  isObject,
  type Json,
  LIST_ENVELOPE,
  once,
  type Placement,
  ANSWER,
} from './invariant-types';
import { OPERATION_INVARIANTS } from './operation-invariants';
import { RATE_LIMIT_INVARIANTS } from './rate-limit-invariants';
import { RESOURCE_INVARIANTS } from './resource-invariants';
import type { Rule } from './rule-breaches';

/** Slack between a batch's createdAt and the Date header of the POST that created it. */
export const RECEIVED_TOLERANCE_SECONDS = 300;

/** Invariants from a spec's field rules. */
function fromRules<T>(
  subject: string,
  rules: readonly { id: string; title: string; rule: Rule<T> }[],
  applies: (resource: Json) => boolean = () => true,
): Invariant[] {
  return rules.map(({ id, title, rule }) => ({
    id,
    title,
    subject,
    judge: (resource) => (applies(resource) ? once(rule(resource as T)) : undefined),
  }));
}

const isRenewal = (event: Json) => event.eventType === 'RENEWAL';

/** What a fees object belongs to: the event embedding it, else the ids of the fees route's path. */
function feesOwner(answer: AnswerFacts, owner: Json | undefined): FeesOwner | undefined {
  if (owner?.object === 'patentEvent' && typeof owner.id === 'string' && isObject(owner.patent))
    return owner as unknown as FeesOwner;
  const { patentId, eventId } = answer.pathParams;
  if (owner === undefined && answer.operationId === 'getEventFees' && patentId && eventId)
    return { id: eventId, patent: { id: patentId } };
  return undefined;
}

const FEES_INVARIANTS: Invariant[] = [
  ...FEES_FIELD_RULES.map(({ id, title, rule, ofOwner }): Invariant => ({
    id,
    title,
    subject: 'fees',
    judge: (fees, answer, { owner }) => {
      const belongsTo = feesOwner(answer, owner);
      if (ofOwner && belongsTo === undefined) return undefined;
      return once(rule(fees as unknown as Fees, belongsTo as FeesOwner));
    },
  })),
  {
    id: 'FEE-005',
    title: 'the total of a fees object is the exact decimal sum of its components',
    subject: 'fees',
    judge: (fees) => (fees.total === null ? undefined : once(totalRule(fees as unknown as Fees))),
  },
  {
    id: 'FEE-013',
    title: 'INVOICED fees have a non-null invoiceId',
    subject: 'fees',
    judge: (fees) =>
      fees.feesStatus === 'INVOICED'
        ? once(
            typeof fees.invoiceId === 'string'
              ? undefined
              : `INVOICED with invoiceId ${JSON.stringify(fees.invoiceId)}`,
          )
        : undefined,
  },
  {
    id: 'FEE-011',
    title: 'LOCKED fees have invoiceId null',
    subject: 'fees',
    judge: (fees) =>
      fees.feesStatus === 'LOCKED'
        ? once(lockedWithoutInvoice(fees as unknown as Fees, undefined))
        : undefined,
  },
];

const EVENT_INVARIANTS: Invariant[] = [
  ...EVENT_FIELD_RULES.map(({ id, title, rule, renewalsOnly }): Invariant => ({
    id,
    title,
    subject: 'patentEvent',
    judge: (event) =>
      renewalsOnly && !isRenewal(event) ? undefined : once(rule(event as unknown as PatentEvent)),
  })),
  ...fromRules<PatentEvent>(
    'patentEvent',
    [
      {
        id: 'EVT-009',
        title: 'renewal.paymentSequenceNumber never equals annuityYear',
        rule: EVENT_RELATION_RULES['EVT-009'],
      },
      { id: 'EVT-020', title: 'a LAPSED event never offers PROCEED', rule: EVENT_RELATION_RULES['EVT-020'] },
      {
        id: 'EVT-021',
        title: 'ALREADY_INSTRUCTED is the blockedReason of exactly the events with an appliedDecision',
        rule: EVENT_RELATION_RULES['EVT-021'],
      },
      {
        id: 'EVT-023',
        title: 'opensAt is the first day of the month two months before the due month',
        rule: EVENT_RELATION_RULES['EVT-023'],
      },
    ],
    isRenewal,
  ),
  {
    id: 'EVT-016',
    title: 'an event carries no fees member unless include=fees is requested',
    subject: 'patentEvent',
    judge: (event, answer) => {
      const included = (answer.query.include ?? []).some((value) =>
        value.split(',').some((name) => name.trim() === 'fees'),
      );
      return included ? undefined : once('fees' in event ? 'carries a fees member' : undefined);
    },
  },
  {
    id: 'EVT-002',
    title: 'an event read under a patent names that patent',
    subject: 'patentEvent',
    judge: (event, answer) => {
      const { patentId } = answer.pathParams;
      if (!patentId || !isObject(event.patent)) return undefined;
      return once(event.patent.id === patentId ? undefined : `patent.id is ${String(event.patent.id)}`);
    },
  },
];

/** The number of items of a list envelope's `data`, and its pagination when it has the shape. */
function pageOf(envelope: Json): { items: number; p: Json } | undefined {
  if (!Array.isArray(envelope.data) || !isObject(envelope.pagination)) return undefined;
  return { items: envelope.data.length, p: envelope.pagination };
}

/** The one value of a query parameter, when the request sent exactly one. */
const queryValue = (answer: AnswerFacts, name: string): string | undefined =>
  answer.query[name]?.length === 1 ? answer.query[name][0] : undefined;

/** The envelope the request's page parameters speak of: the list itself, or a sync batch's results. */
function requestedEnvelope(answer: AnswerFacts, placement: Placement): boolean {
  if (answer.method !== 'GET') return false;
  if (answer.operationId === 'getSyncBatch') return placement.path === '/results';
  return placement.path === '/';
}

const { cap: PAGE_CAP, default: PAGE_DEFAULT } = pageSize();

const ENVELOPE_INVARIANTS: Invariant[] = [
  {
    id: 'PAG-003',
    title: 'itemsPerPage is at most 100 and data never holds more items than it',
    subject: LIST_ENVELOPE,
    judge: (envelope) => {
      const page = pageOf(envelope);
      if (!page || !Number.isInteger(page.p.itemsPerPage)) return undefined;
      const size = page.p.itemsPerPage as number;
      return [
        ...(size > PAGE_CAP ? [`itemsPerPage is ${size}`] : []),
        ...(page.items > size ? [`data holds ${page.items} items, itemsPerPage is ${size}`] : []),
      ];
    },
  },
  {
    id: 'PAG-004',
    title: 'totalPages is ceil(totalItems / itemsPerPage) when totalItems is positive',
    subject: LIST_ENVELOPE,
    judge: (envelope) => {
      const page = pageOf(envelope);
      const { totalItems, itemsPerPage, totalPages } = page?.p ?? {};
      if (!Number.isInteger(totalItems) || !Number.isInteger(itemsPerPage)) return undefined;
      if ((totalItems as number) <= 0 || (itemsPerPage as number) <= 0) return undefined;
      const expected = Math.ceil((totalItems as number) / (itemsPerPage as number));
      return once(
        totalPages === expected
          ? undefined
          : `totalPages is ${JSON.stringify(totalPages)} for ${String(totalItems)} items of ${String(itemsPerPage)} a page (expected ${expected})`,
      );
    },
  },
  {
    id: 'PAG-005',
    title: 'hasMore is true exactly when currentPage is below totalPages',
    subject: LIST_ENVELOPE,
    judge: (envelope) => {
      const { currentPage, totalPages, hasMore, totalItems } = pageOf(envelope)?.p ?? {};
      // totalPages of an empty list is free (OPEN-POINTS): judged on a list with items only.
      if (!Number.isInteger(currentPage) || !Number.isInteger(totalPages) || !((totalItems as number) > 0))
        return undefined;
      const expected = (currentPage as number) < (totalPages as number);
      return once(
        hasMore === expected
          ? undefined
          : `hasMore is ${JSON.stringify(hasMore)} on page ${String(currentPage)} of ${String(totalPages)}`,
      );
    },
  },
  {
    id: 'PAG-001',
    title: 'on a page short of full, totalItems counts the items before it and on it',
    subject: LIST_ENVELOPE,
    judge: (envelope) => {
      const page = pageOf(envelope);
      const { currentPage, itemsPerPage, totalItems } = page?.p ?? {};
      if (!page || !Number.isInteger(currentPage) || !Number.isInteger(itemsPerPage)) return undefined;
      if (!Number.isInteger(totalItems) || page.items === 0 || page.items >= (itemsPerPage as number))
        return undefined;
      const expected = ((currentPage as number) - 1) * (itemsPerPage as number) + page.items;
      return once(
        totalItems === expected
          ? undefined
          : `page ${String(currentPage)} holds ${page.items} of ${String(itemsPerPage)} items, yet totalItems is ${String(totalItems)} (expected ${expected})`,
      );
    },
  },
  {
    id: 'PAG-002',
    title: 'currentPage is the page requested, 1 when none was',
    subject: LIST_ENVELOPE,
    judge: (envelope, answer, placement) => {
      if (!requestedEnvelope(answer, placement) || !pageOf(envelope)) return undefined;
      const asked = queryValue(answer, 'currentPage');
      if (answer.query.currentPage && asked === undefined) return undefined;
      const expected = asked === undefined ? 1 : Number(asked);
      // A page asked below 1 or not a whole number: what the server does is not shown.
      if (!Number.isInteger(expected) || expected < 1) return undefined;
      const shown = (envelope.pagination as Json).currentPage;
      return once(
        shown === expected
          ? undefined
          : `currentPage is ${JSON.stringify(shown)}, page ${expected} was asked`,
      );
    },
  },
  {
    id: 'PAG-007',
    title: 'itemsPerPage is 10 when the request gives none',
    subject: LIST_ENVELOPE,
    judge: (envelope, answer, placement) => {
      if (!requestedEnvelope(answer, placement) || !pageOf(envelope) || answer.query.itemsPerPage)
        return undefined;
      const shown = (envelope.pagination as Json).itemsPerPage;
      return once(
        shown === PAGE_DEFAULT ? undefined : `itemsPerPage is ${JSON.stringify(shown)}, none was asked`,
      );
    },
  },
  {
    id: 'PAG-008',
    title: 'itemsPerPage above 100 is clamped to 100',
    subject: LIST_ENVELOPE,
    judge: (envelope, answer, placement) => {
      const asked = Number(queryValue(answer, 'itemsPerPage'));
      if (!requestedEnvelope(answer, placement) || !pageOf(envelope) || !(asked > PAGE_CAP)) return undefined;
      const shown = (envelope.pagination as Json).itemsPerPage;
      return once(
        shown === PAGE_CAP ? undefined : `itemsPerPage is ${JSON.stringify(shown)}, ${asked} was asked`,
      );
    },
  },
];

export const INVARIANTS: readonly Invariant[] = [
  SCHEMA_INVARIANT,
  ...fromRules<Json>('patent', PATENT_FIELD_RULES),
  ...EVENT_INVARIANTS,
  ...FEES_INVARIANTS,
  {
    id: 'CONV-012',
    title: "an invoice's lines are in the invoice's currency",
    subject: 'invoice',
    judge: (invoice) => {
      const lines = Array.isArray(invoice.fees) ? invoice.fees.filter(isObject) : [];
      if (lines.length === 0 || typeof invoice.currency !== 'string') return undefined;
      return lines
        .filter((line) => line.currency !== invoice.currency)
        .map(
          (line) =>
            `the line of event ${String(line.eventId)} is in ${JSON.stringify(line.currency)}, the invoice in ${invoice.currency}`,
        );
    },
  },
  {
    id: 'SYNC-014',
    title: 'a result rejected before matching (action null) has servicePatentId null',
    subject: 'patentSyncBatch',
    judge: (batch) => {
      const results = isObject(batch.results) && Array.isArray(batch.results.data) ? batch.results.data : [];
      const unmatched = results.filter((r): r is Json => isObject(r) && r.action === null);
      if (unmatched.length === 0) return undefined;
      return unmatched
        .filter((r) => r.servicePatentId !== null)
        .map(
          (r) =>
            `the result of providerId ${JSON.stringify(r.providerId)} has action null and servicePatentId ${JSON.stringify(r.servicePatentId)}`,
        );
    },
  },
  {
    id: 'SYNC-054',
    title:
      "a batch created by a POST was received when the POST was: createdAt within minutes of the answer's Date",
    subject: 'patentSyncBatch',
    judge: (batch, answer) => {
      if (answer.method !== 'POST' || answer.operationId !== 'syncPatents') return undefined;
      if (typeof batch.createdAt !== 'string' || !answer.dateHeader) return undefined;
      const created = Date.parse(batch.createdAt);
      const answered = Date.parse(answer.dateHeader);
      if (Number.isNaN(created) || Number.isNaN(answered)) return undefined;
      const apart = Math.abs(created - answered) / 1000;
      return apart <= RECEIVED_TOLERANCE_SECONDS
        ? []
        : [
            `createdAt ${batch.createdAt} is ${Math.round(apart)} s from the answer's Date ${answer.dateHeader} (at most ${RECEIVED_TOLERANCE_SECONDS} s)`,
          ];
    },
  },
  ...RESOURCE_INVARIANTS,
  ...ENVELOPE_INVARIANTS,
  ...ANSWER_INVARIANTS,
  ...OPERATION_INVARIANTS,
  ...RATE_LIMIT_INVARIANTS,
  ...FORMAT_INVARIANTS,
  ...LIST_ORDER_INVARIANTS,
];

/** Every resource (an object with a string `object`) in an answer, with where it sits and what holds it. */
export function resourcesOf(body: unknown): { resource: Json; path: string; owner: Json | undefined }[] {
  const found: { resource: Json; path: string; owner: Json | undefined }[] = [];
  const visit = (value: unknown, path: string, owner: Json | undefined) => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, `${path}/${i}`, owner));
      return;
    }
    if (!isObject(value)) return;
    const isResource = typeof value.object === 'string';
    if (isResource) found.push({ resource: value, path: path || '/', owner });
    for (const [name, member] of Object.entries(value))
      visit(member, `${path}/${name}`, isResource ? value : owner);
  };
  visit(body, '', undefined);
  return found;
}

/** Every list envelope (an object with `pagination` and `data`) in an answer, with where it sits. */
function envelopesOf(body: unknown): { envelope: Json; path: string }[] {
  const found: { envelope: Json; path: string }[] = [];
  const visit = (value: unknown, path: string) => {
    if (Array.isArray(value)) return;
    if (!isObject(value)) return;
    if (isObject(value.pagination) && Array.isArray(value.data))
      found.push({ envelope: value, path: path || '/' });
    for (const [name, member] of Object.entries(value)) if (name !== 'data') visit(member, `${path}/${name}`);
  };
  visit(body, '');
  return found;
}

/** One invariant's judgement of one subject of an answer. */
export interface Judgement {
  invariant: Invariant;
  path: string;
  breaches: string[];
}

/**
 * The rate-limit rules are judged on every exchange as it arrives (a 429 before its retry, an answer to no
 * operation), before the schema check: `judgeExchange`, not with the answer's other invariants.
 */
const EXCHANGE_INVARIANTS: ReadonlySet<Invariant> = new Set(RATE_LIMIT_INVARIANTS);

/** The invariants of each subject, gathered once. */
const INVARIANTS_BY_SUBJECT = new Map<string, Invariant[]>();
for (const invariant of INVARIANTS.filter((i) => !EXCHANGE_INVARIANTS.has(i)))
  INVARIANTS_BY_SUBJECT.set(invariant.subject, [
    ...(INVARIANTS_BY_SUBJECT.get(invariant.subject) ?? []),
    invariant,
  ]);
const bySubject = (subject: string): readonly Invariant[] => INVARIANTS_BY_SUBJECT.get(subject) ?? [];

/** Applies `invariants` to one subject of an answer, adding the judgements made to `judgements`. */
function applyTo(
  judgements: Judgement[],
  answer: AnswerFacts,
  invariants: Iterable<Invariant>,
  subject: Json,
  placement: Placement,
): void {
  for (const invariant of invariants) {
    let found: string[] | undefined;
    try {
      found = invariant.judge(subject, answer, placement);
    } catch (error) {
      // A subject too malformed for the rule (the schema check says what is wrong): a breach all the same.
      found = [`could not be judged: ${(error as Error).message}`];
    }
    if (found !== undefined) judgements.push({ invariant, path: placement.path, breaches: found });
  }
}

/**
 * Applies every invariant of the registry but the rate-limit rules (`judgeExchange`) to an answer: the
 * judgements made (breaches empty when held).
 */
export function judgeAnswer(answer: AnswerFacts): Judgement[] {
  const judgements: Judgement[] = [];
  const apply = (invariants: readonly Invariant[], subject: Json, placement: Placement) =>
    applyTo(judgements, answer, invariants, subject, placement);
  apply(bySubject(ANSWER), {}, { path: '/', owner: undefined });
  if (answer.body === undefined) return judgements;
  for (const { resource, path, owner } of resourcesOf(answer.body))
    apply(bySubject(String(resource.object)), resource, { path, owner });
  for (const { envelope, path } of envelopesOf(answer.body))
    apply(bySubject(LIST_ENVELOPE), envelope, { path, owner: undefined });
  return judgements;
}

/** Applies the rate-limit rules (subject: the answer) to one exchange of a key, as it arrives. */
export function judgeExchange(answer: AnswerFacts): Judgement[] {
  const judgements: Judgement[] = [];
  applyTo(judgements, answer, EXCHANGE_INVARIANTS, {}, { path: '/', owner: undefined });
  return judgements;
}

/** A value the contract makes unique in a tenant, and what it belongs to. */
export interface UniqueValue {
  requirement: string;
  kind: string;
  value: string;
  /** What the value belongs to: another owner showing it is a breach. */
  owner: string;
}

/** The values unique in a tenant, by the requirement that makes them so. */
export const UNIQUE_VALUE_KINDS = { 'INS-028': 'receipt number', 'INV-006': 'invoice reference' } as const;

/** Receipt numbers (INS-028) and invoice references (INV-006) an answer shows. */
export function uniqueValuesOf(body: unknown): UniqueValue[] {
  return resourcesOf(body).flatMap(({ resource }): UniqueValue[] => {
    if (resource.object === 'instructionReceipt' && Number.isInteger(resource.number)) {
      const ids = (Array.isArray(resource.instructions) ? resource.instructions : [])
        .map((i) => (isObject(i) ? String(i.id) : '?'))
        .sort();
      if (ids.length === 0) return [];
      return [
        {
          requirement: 'INS-028',
          kind: UNIQUE_VALUE_KINDS['INS-028'],
          value: String(resource.number),
          owner: `the receipt of instruction(s) ${ids.join(', ')}`,
        },
      ];
    }
    if (
      resource.object === 'invoice' &&
      typeof resource.reference === 'string' &&
      typeof resource.id === 'string'
    )
      return [
        {
          requirement: 'INV-006',
          kind: UNIQUE_VALUE_KINDS['INV-006'],
          value: resource.reference,
          owner: `invoice ${resource.id}`,
        },
      ];
    return [];
  });
}
