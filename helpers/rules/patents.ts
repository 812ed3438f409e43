/**
 * The rules of the Patents area (PAT-) one answer decides: the field rules of a patent (PATENT_FIELD_RULES,
 * which the patents specs also check over their reads), the list and the single read, the providerId
 * filter, the order of a sorted page and what `sort` must not be refused for (../contract/list-orders.ts).
 * Part of the registry (./registry.ts).
 * Contract: Resources and their fields (Patent); Endpoints, Patents (1 to 3).
 */
import { isCalendarDate, isDateTime } from '../contract/calendar';
import { enumOf } from '../contract/contract';
import { documentedMembers, membersOfFormat } from '../contract/documented-members';
import {
  ANSWER,
  type Invariant,
  isObject,
  type Json,
  once,
  queryValue,
  show,
} from '../contract/invariant-types';
import { itemsOf, listOf, readOf } from '../contract/list-answers';
import {
  judgedStatus,
  othersValid,
  sortAccepted,
  sortedPage,
  sortRefused,
  sortValues,
} from '../contract/list-orders';
import { fieldRuleInvariants, type FieldRule, objectIs, oneOf, orList } from '../contract/rule-breaches';
import { OFFICE_CODE } from '../contract/value-formats';

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

/**
 * Whether a sort names a member of the Patent outside the allowed list (`title`, `-title`): such a sort may
 * give 400 validation_failed or sort the patents by it (OPEN-POINTS E3.6).
 */
function memberOutsideAllowed(sort: string | undefined): boolean {
  if (sort === undefined) return false;
  const field = sort.startsWith('-') ? sort.slice(1) : sort;
  const allowed = sortValues('listPatents').allowed;
  if (allowed.includes(field) || allowed.includes(`-${field}`)) return false;
  return documentedMembers('Patent').includes(field);
}

export const PATENTS_RULES: readonly Invariant[] = [
  ...fieldRuleInvariants<Json>('patent', PATENT_FIELD_RULES),
  listOf('PAT-022', 'listPatents', 'patent'),
  {
    id: 'PAT-022',
    title: 'a page of the patent list holds each patent once',
    subject: ANSWER,
    judge: (_, answer) => {
      const items = itemsOf(answer, 'listPatents');
      if (!items || items.length === 0) return undefined;
      const ids = items.map((patent) => patent.id);
      const repeated = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
      return repeated.map((id) => `patent ${show(id)} is listed more than once on the page`);
    },
  },
  readOf('PAT-023', 'getPatent', 'patentId'),
  {
    id: 'PAT-020',
    title: 'providerId=<value> lists only patents whose providerId is the value exactly',
    subject: ANSWER,
    // A page without patents holds the rule too: a near miss of a known value (a prefix, another case) lists none.
    judge: (_, answer) => {
      const value = queryValue(answer, 'providerId');
      const items = itemsOf(answer, 'listPatents');
      if (value === undefined || !items) return undefined;
      return items.flatMap((patent, i) =>
        patent.providerId === value
          ? []
          : [`data/${i}: providerId ${show(patent.providerId)} for providerId=${value}`],
      );
    },
  },
  {
    id: 'PAT-021',
    title: 'providerId=<value> returns at most one patent',
    subject: ANSWER,
    judge: (_, answer) => {
      const items = itemsOf(answer, 'listPatents');
      if (!items || queryValue(answer, 'providerId') === undefined || !isObject(answer.body))
        return undefined;
      const total = isObject(answer.body.pagination) ? answer.body.pagination.totalItems : undefined;
      return [
        ...(items.length <= 1 ? [] : [`${items.length} patents listed`]),
        ...(total === 0 || total === 1 ? [] : [`totalItems ${show(total)}`]),
      ];
    },
  },
  sortedPage('PAT-017', 'a page of patents sorted on an allowed field is in that order', 'listPatents', true),
  sortAccepted('PAT-018', 'listPatents'),
  sortRefused('PAT-019', 'listPatents'),
  {
    id: 'PAT-019',
    // Accepted, such a sort is not judged here (OPEN-POINTS E3.6): whether the page is in its order is the
    // spec's to check (tests/list-orders.test.ts pins the sort rules as judging allowed fields only).
    title:
      'a sort on a member of the patent outside the allowed list, when refused, gives 400 validation_failed (OPEN-POINTS E3.6)',
    subject: ANSWER,
    judge: (_, answer) => {
      const sort = queryValue(answer, 'sort');
      if (answer.operationId !== 'listPatents' || !memberOutsideAllowed(sort)) return undefined;
      const status = judgedStatus(answer);
      if (status === undefined || status === 200 || !othersValid(answer, 'sort')) return undefined;
      const code = isObject(answer.body) ? answer.body.code : undefined;
      return once(
        status === 400 && code === 'validation_failed'
          ? undefined
          : `sort=${sort} answered ${status} ${show(code ?? '')}`,
      );
    },
  },
];
