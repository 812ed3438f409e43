/**
 * Invariants of what one operation answers to the parameters it was given: the items of a list and its
 * filters, a single read and its path, the conventions every body keeps. Part of the registry
 * (./invariants.ts), judged on the answer itself (its subject is the answer).
 * Contract: General conventions; Endpoints 1 to 6, 8, 10, 13 and 14; List envelope.
 */
import { isCalendarDate } from './calendar';
import { pageSize } from './contract';
import {
  ANSWER,
  type AnswerFacts,
  type Invariant,
  isObject,
  type Json,
  once,
  show,
  YEAR_MONTH,
} from './invariant-types';
import { UUID } from './uuid';

const values = (answer: AnswerFacts, name: string) => answer.query[name] ?? [];
const single = (answer: AnswerFacts, name: string) =>
  values(answer, name).length === 1 ? values(answer, name)[0] : undefined;

/** The items of a 200 list answer of `operationId`, when the body is a list envelope. */
function itemsOf(answer: AnswerFacts, operationId: string): Json[] | undefined {
  if (answer.operationId !== operationId || answer.status !== 200 || !isObject(answer.body)) return undefined;
  return Array.isArray(answer.body.data) ? answer.body.data.filter(isObject) : undefined;
}

/** A rule over the items of a list answer: one breach per item that breaks it. */
function ofItems(
  id: string,
  title: string,
  operationIds: readonly string[],
  rule: (item: Json, answer: AnswerFacts) => string | undefined,
  applies: (answer: AnswerFacts) => boolean = () => true,
): Invariant {
  return {
    id,
    title,
    subject: ANSWER,
    judge: (_, answer) => {
      const items = operationIds.map((op) => itemsOf(answer, op)).find((found) => found !== undefined);
      if (!items || items.length === 0 || !applies(answer)) return undefined;
      return items.flatMap((item, i) => once(rule(item, answer)).map((b) => `data/${i}: ${b}`));
    },
  };
}

/** A 200 list answer of `operationId` is a list envelope whose items are of `object`. */
function listOf(id: string, operationId: string, object: string): Invariant {
  return {
    id,
    title: `${operationId} answers a list envelope of ${object} items`,
    subject: ANSWER,
    judge: (_, answer) => {
      if (answer.operationId !== operationId || answer.status !== 200) return undefined;
      const body = answer.body;
      if (!isObject(body) || !isObject(body.pagination) || !Array.isArray(body.data))
        return ['the body is no list envelope'];
      return body.data
        .map((item, i) =>
          isObject(item) && item.object === object ? undefined : `data/${i} is no ${object}`,
        )
        .filter((b): b is string => b !== undefined);
    },
  };
}

/** A 200 single read of `operationId` answers the resource its path names. */
function readOf(id: string, operationId: string, param: string): Invariant {
  return {
    id,
    title: `${operationId} answers the resource whose id is its ${param}`,
    subject: ANSWER,
    judge: (_, answer) => {
      if (answer.operationId !== operationId || answer.status !== 200 || !isObject(answer.body))
        return undefined;
      const asked = answer.pathParams[param];
      return once(answer.body.id === asked ? undefined : `id ${show(answer.body.id)} for ${param} ${asked}`);
    },
  };
}

const includesFees = (answer: AnswerFacts) =>
  values(answer, 'include').some((v) => v.split(',').some((name) => name.trim() === 'fees'));

const LIST_INVARIANTS: Invariant[] = [
  listOf('PAT-022', 'listPatents', 'patent'),
  listOf('EVT-030', 'listPatentEvents', 'patentEvent'),
  listOf('PER-001', 'listEventsByPeriod', 'patentEvent'),
  listOf('INV-021', 'listInvoices', 'invoice'),
  readOf('PAT-023', 'getPatent', 'patentId'),
  readOf('EVT-031', 'getPatentEvent', 'eventId'),
  ofItems(
    'PAT-020',
    'providerId=<value> lists only patents whose providerId is the value exactly',
    ['listPatents'],
    (patent, answer) =>
      patent.providerId === single(answer, 'providerId')
        ? undefined
        : `providerId ${show(patent.providerId)} for providerId=${single(answer, 'providerId')}`,
    (answer) => single(answer, 'providerId') !== undefined,
  ),
  {
    id: 'PAT-021',
    title: 'providerId=<value> returns at most one patent',
    subject: ANSWER,
    judge: (_, answer) => {
      const items = itemsOf(answer, 'listPatents');
      if (!items || single(answer, 'providerId') === undefined || !isObject(answer.body)) return undefined;
      const total = isObject(answer.body.pagination) ? answer.body.pagination.totalItems : undefined;
      return [
        ...(items.length <= 1 ? [] : [`${items.length} patents listed`]),
        ...(total === 0 || total === 1 ? [] : [`totalItems ${show(total)}`]),
      ];
    },
  },
  {
    id: 'EVT-029',
    title: "a patent's events are listed by due date, in one direction",
    subject: ANSWER,
    judge: (_, answer) => {
      const items = itemsOf(answer, 'listPatentEvents');
      if (!items || items.length < 2) return undefined;
      const dates = items.map((e) => String(e.dueDate));
      const ascending = dates.every((d, i) => i === 0 || dates[i - 1]! <= d);
      const descending = dates.every((d, i) => i === 0 || dates[i - 1]! >= d);
      return once(ascending || descending ? undefined : `due dates ${dates.join(', ')}`);
    },
  },
  ofItems(
    'PER-003',
    'dueFrom and dueTo bound the due date of every event listed',
    ['listEventsByPeriod'],
    (event, answer) => {
      const from = single(answer, 'dueFrom')!;
      const to = single(answer, 'dueTo')!;
      return typeof event.dueDate === 'string' && event.dueDate >= from && event.dueDate <= to
        ? undefined
        : `dueDate ${show(event.dueDate)} outside ${from}..${to}`;
    },
    (answer) =>
      isCalendarDate(single(answer, 'dueFrom')) &&
      isCalendarDate(single(answer, 'dueTo')) &&
      values(answer, 'dueMonth').length === 0,
  ),
  ofItems(
    'PER-006',
    'dueMonth lists only events due in that month',
    ['listEventsByPeriod'],
    (event, answer) =>
      typeof event.dueDate === 'string' && event.dueDate.slice(0, 7) === single(answer, 'dueMonth')
        ? undefined
        : `dueDate ${show(event.dueDate)} outside ${single(answer, 'dueMonth')}`,
    (answer) =>
      YEAR_MONTH.test(single(answer, 'dueMonth') ?? '') &&
      values(answer, 'dueFrom').length === 0 &&
      values(answer, 'dueTo').length === 0,
  ),
  ofItems(
    'PER-010',
    'eventTypes=RENEWAL lists only RENEWAL events',
    ['listEventsByPeriod'],
    (event) => (event.eventType === 'RENEWAL' ? undefined : `eventType ${show(event.eventType)}`),
    (answer) =>
      values(answer, 'eventTypes').length > 0 && values(answer, 'eventTypes').every((v) => v === 'RENEWAL'),
  ),
  ofItems(
    'PER-012',
    'include=fees adds the fees of each event listed',
    ['listEventsByPeriod'],
    (event) =>
      isObject(event.fees) &&
      event.fees.object === 'fees' &&
      (event.fees.eventId === event.id || event.fees.eventId === null)
        ? undefined
        : `fees is ${show(event.fees)}`,
    (answer) => values(answer, 'include').length === 1 && values(answer, 'include')[0] === 'fees',
  ),
  ofItems(
    'PER-011',
    'include=fees among other values still adds the fees of each event',
    ['listEventsByPeriod'],
    (event) => (isObject(event.fees) ? undefined : `fees is ${show(event.fees)}`),
    (answer) => includesFees(answer) && values(answer, 'include').join(',') !== 'fees',
  ),
  {
    id: 'PAG-006',
    title: 'data holds the items of the page requested: as many as the page size and the total leave',
    subject: ANSWER,
    judge: (_, answer) => {
      if (answer.method !== 'GET' || answer.status !== 200 || !isObject(answer.body)) return undefined;
      const { pagination: p, data } = answer.body;
      if (!isObject(p) || !Array.isArray(data)) return undefined;
      const { totalItems, currentPage, itemsPerPage } = p;
      if (![totalItems, currentPage, itemsPerPage].every(Number.isInteger) || (itemsPerPage as number) < 1)
        return undefined;
      const before = ((currentPage as number) - 1) * (itemsPerPage as number);
      // A page past the end is free (OPEN-POINTS): judged only on pages that hold items.
      if (before >= (totalItems as number)) return undefined;
      const expected = Math.min(itemsPerPage as number, (totalItems as number) - before);
      return once(
        data.length === expected
          ? undefined
          : `page ${String(currentPage)} of ${String(itemsPerPage)} holds ${data.length} of ${String(totalItems)} items (expected ${expected})`,
      );
    },
  },
  {
    id: 'PAG-011',
    title: 'the results of the sync status read follow the page size rules (default, cap)',
    subject: ANSWER,
    judge: (_, answer) => {
      if (answer.operationId !== 'getSyncBatch' || answer.status !== 200 || !isObject(answer.body))
        return undefined;
      const results = answer.body.results;
      if (!isObject(results) || !isObject(results.pagination)) return undefined;
      const asked = single(answer, 'itemsPerPage');
      const { default: size, cap } = pageSize();
      const expected = asked === undefined ? size : Number(asked) > cap ? cap : undefined;
      if (expected === undefined) return undefined;
      const shown = results.pagination.itemsPerPage;
      return once(shown === expected ? undefined : `itemsPerPage ${show(shown)}, expected ${expected}`);
    },
  },
  {
    id: 'FRZ-011',
    title: 'the read of a valid month answers 200, frozen or not, never 404',
    subject: ANSWER,
    judge: (_, answer) =>
      answer.operationId === 'getExchangeRateFreeze' && YEAR_MONTH.test(answer.pathParams.yearMonth ?? '')
        ? once(answer.status === 404 ? 'a valid month answered 404' : undefined)
        : undefined,
  },
];

// ---- Conventions every body keeps

const ID_MEMBERS = new Set(['id', 'importId', 'eventId', 'invoiceId', 'servicePatentId']);
/**
 * Member names that would carry a client or tenant identifier ("No client identifier appears in paths or
 * payloads"): the client, tenant, customer, account or organisation, alone or as an id, uuid or key. A
 * member that merely mentions one (`clientCaseReference`, the client's own reference) is none.
 */
const TENANT_MEMBER = /^(client|tenant|customer|account|organi[sz]ation)(_?(id|uuid|key))?$/i;

interface Member {
  name: string;
  value: unknown;
  holder: Json;
}

/** The members of each body, walked once for all the conventions (an answer's body is judged once). */
const membersByBody = new WeakMap<object, Member[]>();

/** Every member of a body, at any depth, with the object that holds it. */
function membersOf(body: unknown): Member[] {
  if (typeof body !== 'object' || body === null) return [];
  const known = membersByBody.get(body);
  if (known) return known;
  const found: Member[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) for (const item of value) visit(item);
    else if (isObject(value))
      for (const name in value) {
        const member = value[name];
        found.push({ name, value: member, holder: value });
        if (typeof member === 'object' && member !== null) visit(member);
      }
  };
  visit(body);
  membersByBody.set(body, found);
  return found;
}

/** Where a member sits, in words: the resource holding it. */
const whereIs = ({ name, holder }: Member) =>
  `${name} of ${typeof holder.object === 'string' ? holder.object : 'an object'}${typeof holder.id === 'string' ? ` ${holder.id}` : ''}`;

/** A convention of the members of every 2xx JSON body. */
function ofMembers(
  id: string,
  title: string,
  rule: (member: Member) => string | undefined | null,
): Invariant {
  return {
    id,
    title,
    subject: ANSWER,
    judge: (_, answer) => {
      if (answer.status < 200 || answer.status >= 300 || answer.body === undefined) return undefined;
      let judged = false;
      const breaches: string[] = [];
      for (const member of membersOf(answer.body)) {
        const found = rule(member);
        if (found === null) continue; // not a member the convention speaks of
        judged = true;
        if (found !== undefined) breaches.push(`${whereIs(member)}: ${found}`);
      }
      return judged ? breaches : undefined;
    },
  };
}

const CONVENTION_INVARIANTS: Invariant[] = [
  ofMembers('CONV-003', 'every identifier member that is not null is a UUID', ({ name, value, holder }) => {
    // A sync result's requestId is an identifier too; a problem's requestId is not a body of this kind.
    const isId = ID_MEMBERS.has(name) || (name === 'requestId' && 'outcome' in holder);
    if (!isId || value === null) return null;
    return typeof value === 'string' && UUID.test(value) ? undefined : `${name} is ${show(value)}`;
  }),
  ofMembers('CONV-008', 'every currency member is a three-letter upper-case code', ({ name, value }) => {
    if (name !== 'currency') return null;
    return typeof value === 'string' && /^[A-Z]{3}$/.test(value) ? undefined : `currency is ${show(value)}`;
  }),
  ofMembers(
    'CONV-009',
    'vatRate, when not null, is a number expressed as a fraction',
    ({ name, value, holder }) => {
      if (name !== 'vatRate' || holder.object !== 'invoice' || value === null) return null;
      return typeof value === 'number' && value >= 0 && value <= 1 ? undefined : `vatRate is ${show(value)}`;
    },
  ),
  ofMembers(
    'CONV-010',
    'a components array never holds null, nor a component with a null type or amount',
    ({ name, value, holder }) => {
      if (name !== 'components' || holder.object !== 'fees' || !Array.isArray(value)) return null;
      const bad = value.filter((c) => !isObject(c) || c.type === null || c.amount === null);
      return bad.length === 0 ? undefined : `components ${show(bad)}`;
    },
  ),
  ofMembers('ISO-002', 'no body carries a client or tenant identifier member', ({ name }) =>
    TENANT_MEMBER.test(name) ? `a member ${name}` : undefined,
  ),
];

export const OPERATION_INVARIANTS: readonly Invariant[] = [...LIST_INVARIANTS, ...CONVENTION_INVARIANTS];
