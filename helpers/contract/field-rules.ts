/**
 * The field rules of the resources: each names what is wrong with one resource (or nothing), with the
 * requirement it decides. Written once: the area specs check them over their reads (a test per rule), and
 * the invariant registry (./invariants.ts) applies them to every answer the client receives.
 * Contract: Resources and their fields (Patent, Patent event, Fees).
 */
import Decimal from 'decimal.js';
import type { Fees, PatentEvent } from '../../schemas/types';
import { isCalendarDate, isDateTime } from './calendar';
import { enumOf } from './contract';
import { membersOfFormat } from './documented-members';
import { type FieldRule, objectIs, oneOf, orList, type Rule } from './rule-breaches';

type Json = Record<string, unknown>;

/** A rule over events, and whether it speaks of RENEWAL events only. */
export type EventFieldRule = FieldRule<PatentEvent> & { renewalsOnly?: boolean };

/**
 * What a fees object belongs to, as the answer shows it: the event (its id and patent) that embeds it, or
 * the ids of the fees route's path (no providerId: the route does not show it).
 */
export interface FeesOwner {
  id: string;
  patent: { id: string; providerId?: string | null };
}

const DECISIONS = enumOf('Decision');

// ---- Patent event
const APPLIED_DECISIONS = enumOf('PatentEvent', 'appliedDecision');
const DUE_PERIODS = enumOf('PatentEvent', 'duePeriod');
const EVENT_FEES_STATUSES = enumOf('PatentEvent', 'feesStatus');
const BLOCKED_REASONS = enumOf('Instructability', 'blockedReason');
const MODES = enumOf('Instructability', 'mode');

/** The field rules of a Patent event; `renewalsOnly` rules judge RENEWAL events only. */
export const EVENT_FIELD_RULES: EventFieldRule[] = [
  { id: 'EVT-001', title: 'every event has object "patentEvent"', rule: objectIs('patentEvent') },
  {
    id: 'EVT-003',
    title: 'eventType is a non-empty string on every event',
    rule: (e) =>
      typeof e.eventType === 'string' && e.eventType !== ''
        ? undefined
        : `eventType is ${JSON.stringify(e.eventType)}`,
  },
  {
    id: 'EVT-004',
    title: 'dueDate is a calendar date on every event',
    rule: (e) => (isCalendarDate(e.dueDate) ? undefined : `dueDate is ${JSON.stringify(e.dueDate)}`),
  },
  {
    id: 'EVT-005',
    title: 'gracePeriodEndDate is present on every event, a calendar date or null',
    rule: (e) =>
      'gracePeriodEndDate' in e && (e.gracePeriodEndDate === null || isCalendarDate(e.gracePeriodEndDate))
        ? undefined
        : `gracePeriodEndDate is ${JSON.stringify(e.gracePeriodEndDate)}`,
  },
  {
    id: 'EVT-006',
    title: 'every RENEWAL event carries a renewal object',
    renewalsOnly: true,
    rule: (e) =>
      typeof e.renewal === 'object' && e.renewal !== null
        ? undefined
        : `renewal is ${JSON.stringify(e.renewal)}`,
  },
  {
    id: 'EVT-007',
    title: 'renewal.annuityYear is an integer on every RENEWAL event',
    renewalsOnly: true,
    rule: (e) =>
      Number.isInteger(e.renewal?.annuityYear)
        ? undefined
        : `annuityYear is ${JSON.stringify(e.renewal?.annuityYear)}`,
  },
  {
    id: 'EVT-008',
    title: 'renewal.paymentSequenceNumber, when present, is an integer or null',
    renewalsOnly: true,
    rule: (e) => {
      if (!e.renewal || !('paymentSequenceNumber' in e.renewal)) return undefined;
      const value = e.renewal.paymentSequenceNumber;
      return value === null || Number.isInteger(value)
        ? undefined
        : `paymentSequenceNumber is ${JSON.stringify(value)}`;
    },
  },
  {
    id: 'EVT-010',
    title: `appliedDecision is ${orList(APPLIED_DECISIONS)} on every event`,
    rule: oneOf('appliedDecision', APPLIED_DECISIONS),
  },
  {
    id: 'EVT-011',
    title: `duePeriod is ${orList(DUE_PERIODS)} on every event`,
    rule: oneOf('duePeriod', DUE_PERIODS),
  },
  {
    id: 'EVT-012',
    title: 'processingStatus is one of the six statuses or null on every event',
    rule: oneOf('processingStatus', enumOf('PatentEvent', 'processingStatus')),
  },
  {
    id: 'EVT-013',
    title: 'processingStatusUpdatedAt, createdAt and updatedAt are present, each a date-time or null',
    rule: (e) => {
      const bad = (['processingStatusUpdatedAt', 'createdAt', 'updatedAt'] as const).filter(
        (name) => !(name in e) || !(e[name] === null || isDateTime(e[name])),
      );
      return bad.length === 0
        ? undefined
        : bad.map((name) => `${name} is ${JSON.stringify(e[name])}`).join('; ');
    },
  },
  {
    id: 'EVT-014',
    title: 'isFxRateFrozen is a boolean on every event',
    rule: (e) =>
      typeof e.isFxRateFrozen === 'boolean'
        ? undefined
        : `isFxRateFrozen is ${JSON.stringify(e.isFxRateFrozen)}`,
  },
  {
    id: 'EVT-015',
    title: `feesStatus of an event is ${orList(EVENT_FEES_STATUSES)}`,
    rule: oneOf('feesStatus', EVENT_FEES_STATUSES),
  },
  {
    id: 'EVT-017',
    title: 'every event carries an instructability object with a boolean isAllowed',
    rule: (e) =>
      typeof e.instructability === 'object' &&
      e.instructability !== null &&
      typeof e.instructability.isAllowed === 'boolean'
        ? undefined
        : `instructability is ${JSON.stringify(e.instructability)}`,
  },
  {
    id: 'EVT-018',
    title: `allowedDecisions holds only ${orList(DECISIONS)}, each at most once`,
    rule: (e) => {
      const decisions = e.instructability.allowedDecisions;
      return Array.isArray(decisions) &&
        decisions.every((d) => DECISIONS.includes(d)) &&
        new Set(decisions).size === decisions.length
        ? undefined
        : `allowedDecisions is ${JSON.stringify(decisions)}`;
    },
  },
  {
    id: 'EVT-019',
    title: 'allowedDecisions is empty exactly when isAllowed is false',
    renewalsOnly: true,
    rule: (e) => {
      const { isAllowed, allowedDecisions } = e.instructability;
      return isAllowed === allowedDecisions.length > 0
        ? undefined
        : `isAllowed ${isAllowed} with allowedDecisions ${JSON.stringify(allowedDecisions)}`;
    },
  },
  {
    id: 'EVT-021',
    title: `blockedReason is ${orList(BLOCKED_REASONS)}`,
    rule: (e) =>
      BLOCKED_REASONS.includes(e.instructability.blockedReason)
        ? undefined
        : `blockedReason is ${JSON.stringify(e.instructability.blockedReason)}`,
  },
  {
    id: 'EVT-022',
    // Only "allowed => null" is stated; a blocked event's reason is checked where a rule gives it (OPEN-POINTS B21).
    title: 'blockedReason is null when isAllowed is true',
    renewalsOnly: true,
    rule: (e) => {
      const { isAllowed, blockedReason } = e.instructability;
      return !isAllowed || blockedReason === null
        ? undefined
        : `isAllowed ${isAllowed} with blockedReason ${blockedReason}`;
    },
  },
  {
    id: 'EVT-024',
    title: `instructability.mode is ${orList(MODES)}`,
    rule: (e) =>
      MODES.includes(e.instructability.mode)
        ? undefined
        : `mode is ${JSON.stringify(e.instructability.mode)}`,
  },
];

/** The first day of the month two months before the month of `dueDate`. */
export function expectedOpensAt(dueDate: string): string {
  const index = Number(dueDate.slice(0, 4)) * 12 + (Number(dueDate.slice(5, 7)) - 1) - 2;
  const year = String(Math.floor(index / 12)).padStart(4, '0');
  const month = String((index % 12) + 1).padStart(2, '0');
  return `${year}-${month}-01`;
}

/**
 * Rules of a RENEWAL event that relate its members to each other: their specs check them where the
 * data shows the case they speak of (a test each); the registry on every answer.
 */
export const EVENT_RELATION_RULES = {
  'EVT-009': ((e) =>
    e.renewal?.paymentSequenceNumber === e.renewal?.annuityYear
      ? `paymentSequenceNumber ${e.renewal?.paymentSequenceNumber} equals annuityYear`
      : undefined) as Rule<PatentEvent>,
  'EVT-020': ((e) =>
    e.duePeriod === 'LAPSED' && e.instructability.allowedDecisions.includes('PROCEED')
      ? `allowedDecisions ${JSON.stringify(e.instructability.allowedDecisions)}`
      : undefined) as Rule<PatentEvent>,
  'EVT-021': ((e) =>
    (e.appliedDecision !== null) === (e.instructability.blockedReason === 'ALREADY_INSTRUCTED')
      ? undefined
      : `appliedDecision ${e.appliedDecision} with blockedReason ${e.instructability.blockedReason}`) as Rule<PatentEvent>,
  'EVT-023': ((e) => {
    const { opensAt } = e.instructability;
    return opensAt === null || opensAt === expectedOpensAt(e.dueDate)
      ? undefined
      : `due ${e.dueDate}, opensAt ${opensAt}, expected ${expectedOpensAt(e.dueDate)}`;
  }) as Rule<PatentEvent>,
};

// ---- Patent

const STRING_OR_NULL = [
  'providerId',
  'clientCaseReference',
  'clientFamilyReference',
  'title',
  'applicationNumber',
  'publicationNumber',
  'grantPublicationNumber',
  'pctApplicationNumber',
  'owner',
  'subCase',
];

/** The date members, as the schema types them (each a date or null). */
const DATE_OR_NULL = membersOfFormat('Patent', 'date');
const OFFICIAL_NUMBER_MEMBERS = [
  'applicationNumber',
  'publicationNumber',
  'grantPublicationNumber',
  'pctApplicationNumber',
];
/**
 * WO, EP, EA or an ISO 3166-1 code in any of its three forms: alpha-2 and alpha-3 (upper-case letters, as the
 * standard writes them) or numeric (three digits). Which codes a server knows is not stated (OPEN-POINTS B11).
 */
export const OFFICE_CODE = /^(?:[A-Z]{2,3}|\d{3})$/;
const ALPHA_2 = /^[A-Z]{2}$/;

function members(patent: Json, names: string[], ok: (v: unknown) => boolean, what: string) {
  const bad = names.filter((name) => !(name in patent) || !ok(patent[name]));
  return bad.length === 0
    ? undefined
    : bad.map((name) => `${name} is ${name in patent ? JSON.stringify(patent[name]) : 'absent'}`).join('; ') +
        ` (expected ${what})`;
}

const isStringOrNull = (v: unknown) => v === null || typeof v === 'string';

const PATENT_TYPES = enumOf('Patent', 'patentType');
const STATUSES = enumOf('Patent', 'status');
const FILING_ROUTES = enumOf('Patent', 'filingRoute');
const APPLICANT_TYPES = enumOf('Patent', 'applicantType');

/** The field rules of a Patent. */
export const PATENT_FIELD_RULES: FieldRule<Json>[] = [
  { id: 'PAT-001', title: 'every patent has object "patent"', rule: objectIs('patent') },
  {
    id: 'PAT-002',
    title: 'the string-or-null members of a patent are present, each a string or null',
    rule: (p) => members(p, STRING_OR_NULL, isStringOrNull, 'a string or null'),
  },
  {
    id: 'PAT-003',
    title: 'office is WO, EP, EA or an ISO 3166-1 code (alpha-2, alpha-3 or numeric) on every patent',
    rule: (p) =>
      typeof p.office === 'string' && OFFICE_CODE.test(p.office)
        ? undefined
        : `office is ${JSON.stringify(p.office)}`,
  },
  {
    id: 'PAT-004',
    title: `patentType is ${orList(PATENT_TYPES)} on every patent`,
    rule: oneOf('patentType', PATENT_TYPES),
  },
  {
    id: 'PAT-006',
    title: 'the date members of a patent are present, each a calendar date or null',
    rule: (p) =>
      members(p, DATE_OR_NULL, (v) => v === null || isCalendarDate(v), 'a YYYY-MM-DD date or null'),
  },
  {
    id: 'PAT-007',
    title: 'officialNumbers is an object on every patent, never null',
    rule: (p) =>
      typeof p.officialNumbers === 'object' && p.officialNumbers !== null && !Array.isArray(p.officialNumbers)
        ? undefined
        : `officialNumbers is ${JSON.stringify(p.officialNumbers)}`,
  },
  {
    id: 'PAT-009',
    title: 'officialNumbers has its four members, each a string or null',
    rule: (p) => {
      const numbers = p.officialNumbers;
      if (typeof numbers !== 'object' || numbers === null)
        return `officialNumbers is ${JSON.stringify(numbers)}`;
      return members(numbers as Json, OFFICIAL_NUMBER_MEMBERS, isStringOrNull, 'a string or null');
    },
  },
  {
    id: 'PAT-010',
    title: `status is ${orList(STATUSES)} on every patent`,
    rule: oneOf('status', STATUSES),
  },
  {
    id: 'PAT-011',
    title: `filingRoute is ${orList(FILING_ROUTES)} on every patent`,
    rule: oneOf('filingRoute', FILING_ROUTES),
  },
  {
    id: 'PAT-012',
    title: `applicantType is ${orList(APPLICANT_TYPES)} on every patent`,
    rule: oneOf('applicantType', APPLICANT_TYPES),
  },
  {
    id: 'PAT-013',
    title: 'claimCount is present on every patent, an integer or null',
    rule: (p) => members(p, ['claimCount'], (v) => v === null || Number.isInteger(v), 'an integer or null'),
  },
  {
    id: 'PAT-014',
    title: 'designatedCountries is null or an array of ISO 3166-1 alpha-2 codes',
    rule: (p) =>
      members(
        p,
        ['designatedCountries'],
        (v) => v === null || (Array.isArray(v) && v.every((c) => typeof c === 'string' && ALPHA_2.test(c))),
        'null or an array of two upper-case letters codes',
      ),
  },
  {
    id: 'PAT-015',
    title: 'secondaryOwners is null or an array of strings',
    rule: (p) =>
      members(
        p,
        ['secondaryOwners'],
        (v) => v === null || (Array.isArray(v) && v.every((o) => typeof o === 'string')),
        'null or an array of strings',
      ),
  },
  {
    id: 'PAT-016',
    title: 'createdAt and updatedAt are present on every patent, each a date-time or null',
    rule: (p) =>
      members(p, ['createdAt', 'updatedAt'], (v) => v === null || isDateTime(v), 'a date-time or null'),
  },
];

// ---- Fees

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
