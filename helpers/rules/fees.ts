/**
 * The rules of the Fees area (FEE-) one answer decides: the field rules of a fees object (FEES_FIELD_RULES,
 * which the fees specs also check over their reads, read in the context of the event it belongs to), its
 * total the exact sum of its components, the invoiceId its status allows, and the `object` of the fees where an
 * answer shows them by place (the fees route, an event's attached fees, an invoice's lines). Part of the
 * registry (./registry.ts).
 * Contract: Resources and their fields (Fees); States and transitions (fee status).
 */
import Decimal from 'decimal.js';
import type { Fees } from '../../schemas/types';
import { enumOf } from '../contract/contract';
import {
  ANSWER,
  type AnswerFacts,
  type Invariant,
  isObject,
  type Json,
  once,
  show,
} from '../contract/invariant-types';
import { type FieldRule, objectIs, orList, type Rule } from '../contract/rule-breaches';

/**
 * What a fees object belongs to, as the answer shows it: the event (its id and patent) that embeds it, or
 * the ids of the fees route's path (no providerId: the route does not show it).
 */
export interface FeesOwner {
  id: string;
  patent: { id: string; providerId?: string | null };
}

const COMPONENT_TYPES = enumOf('FeeComponent', 'type');
const FEES_STATUSES = enumOf('Fees', 'feesStatus');
export const DECIMAL = /^-?\d+(\.\d+)?$/;

/** The exact decimal sum of the amounts, or a reason it cannot be computed. */
export function sumOf(fees: Fees): Decimal | string {
  let sum = new Decimal(0);
  for (const component of fees.components ?? []) {
    if (typeof component?.amount !== 'string' || !DECIMAL.test(component.amount))
      return `amount ${JSON.stringify(component?.amount)} is not a decimal string`;
    sum = sum.plus(component.amount);
  }
  return sum;
}

/** FEE-005: total equals the exact decimal sum of the components (null total: nothing to compare). */
export function totalRule(fees: Fees): string | undefined {
  if (fees.total === null) return undefined;
  const sum = sumOf(fees);
  if (typeof sum === 'string') return sum;
  if (!DECIMAL.test(fees.total)) return `total ${JSON.stringify(fees.total)} is not a decimal string`;
  return sum.equals(fees.total)
    ? undefined
    : `total ${fees.total} differs from the sum of components ${sum.toFixed()}`;
}

/** FEE-011: LOCKED fees have invoiceId null. */
export const lockedWithoutInvoice: Rule<Fees, unknown> = (f) =>
  f.feesStatus === 'LOCKED' && f.invoiceId !== null ? `invoiceId ${f.invoiceId}` : undefined;

/** A rule of a Fees object; `ofOwner` rules need what the fees belong to (unknown for an invoice's lines). */
export type FeesFieldRule = FieldRule<Fees, FeesOwner> & { ofOwner?: boolean };

/** The field rules of a Fees object, read in the context of the event it belongs to. */
export const FEES_FIELD_RULES: FeesFieldRule[] = [
  { id: 'FEE-001', title: 'every fees object has object "fees"', rule: objectIs('fees') },
  {
    id: 'FEE-002',
    title: 'invoiceId is null whenever feesStatus is not INVOICED',
    rule: (f) =>
      f.feesStatus === 'INVOICED' || f.invoiceId === null
        ? undefined
        : `${f.feesStatus} with invoiceId ${f.invoiceId}`,
  },
  {
    id: 'FEE-003',
    ofOwner: true,
    title: "eventId of an event's fees is that event's id",
    rule: (f, e) => (f.eventId === e.id ? undefined : `eventId is ${JSON.stringify(f.eventId)}`),
  },
  {
    id: 'FEE-004',
    ofOwner: true,
    title: "the patent of an event's fees is the event's patent, with its providerId",
    rule: (f, e) =>
      f.patent?.id === e.patent.id &&
      (e.patent.providerId === undefined || f.patent?.providerId === e.patent.providerId)
        ? undefined
        : `patent is ${JSON.stringify(f.patent)}, the event's is ${JSON.stringify(e.patent)}`,
  },
  {
    id: 'FEE-006',
    title: 'every component is an object with a string type and a decimal string amount',
    rule: (f) => {
      const bad = (f.components ?? [null]).filter(
        (c) =>
          typeof c !== 'object' ||
          c === null ||
          typeof c.type !== 'string' ||
          typeof c.amount !== 'string' ||
          !DECIMAL.test(c.amount),
      );
      return bad.length === 0 ? undefined : `components ${JSON.stringify(bad)}`;
    },
  },
  {
    id: 'FEE-007',
    // Whether a type may appear twice is not stated ("items: `type` and `amount`"): not asserted.
    title: `component types are ${orList(COMPONENT_TYPES)}`,
    rule: (f) => {
      const types = f.components.map((c) => c?.type);
      return types.every((t) => COMPONENT_TYPES.includes(t))
        ? undefined
        : `component types ${JSON.stringify(types)}`;
    },
  },
  {
    id: 'FEE-008',
    title: `feesStatus of a fees object is ${orList(FEES_STATUSES)}`,
    rule: (f) =>
      FEES_STATUSES.includes(f.feesStatus) ? undefined : `feesStatus is ${JSON.stringify(f.feesStatus)}`,
  },
  {
    id: 'FEE-009',
    title: 'isFxRateFrozen is a boolean on every fees object',
    rule: (f) =>
      typeof f.isFxRateFrozen === 'boolean'
        ? undefined
        : `isFxRateFrozen is ${JSON.stringify(f.isFxRateFrozen)}`,
  },
];

/** What a fees object belongs to: the event embedding it, else the ids of the fees route's path. */
function feesOwner(answer: AnswerFacts, owner: Json | undefined): FeesOwner | undefined {
  if (owner?.object === 'patentEvent' && typeof owner.id === 'string' && isObject(owner.patent))
    return owner as unknown as FeesOwner;
  const { patentId, eventId } = answer.pathParams;
  if (owner === undefined && answer.operationId === 'getEventFees' && patentId && eventId)
    return { id: eventId, patent: { id: patentId } };
  return undefined;
}

/** The fees an answer shows by place, whatever `object` they name: the fees route, attached, an invoice's lines. */
function placedFees(answer: AnswerFacts): { at: string; fees: unknown }[] {
  if (answer.status !== 200 || !isObject(answer.body)) return [];
  if (answer.operationId === 'getEventFees') return [{ at: '', fees: answer.body }];
  const found: { at: string; fees: unknown }[] = [];
  const holders = Array.isArray(answer.body.data)
    ? answer.body.data.map((item, i) => ({ item, at: `data/${i}/` }))
    : [{ item: answer.body as unknown, at: '' }];
  for (const { item, at } of holders) {
    if (!isObject(item)) continue;
    // An event's attached fees (include=fees): absent or null when not attached.
    if (item.object === 'patentEvent' && item.fees !== undefined && item.fees !== null)
      found.push({ at: `${at}fees: `, fees: item.fees });
    if (item.object === 'invoice' && Array.isArray(item.fees))
      item.fees.forEach((line, i) => found.push({ at: `${at}fees/${i}: `, fees: line }));
  }
  return found;
}

export const FEES_RULES: readonly Invariant[] = [
  {
    // By place, not by the `object` it judges: fees that name another type are still the fees shown there.
    id: 'FEE-001',
    title: "the fees route's answer, an event's attached fees and an invoice's lines have object fees",
    subject: ANSWER,
    judge: (_, answer) => {
      const placed = placedFees(answer);
      if (placed.length === 0) return undefined;
      return placed.flatMap(({ at, fees }) => {
        const object = isObject(fees) ? fees.object : fees;
        return object === 'fees' ? [] : [`${at}object is ${show(object)}`];
      });
    },
  },
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
