/**
 * The rules of the Period area (PER-) one answer decides: the due window a request must give (refused
 * without one, half of one or a malformed one), the list, the window, month, kind and include filters, and
 * an unknown include value ignored. Part of the registry (./registry.ts).
 * Contract: Endpoints, Events by period (6); Errors (validation_failed; lenient inputs).
 */
import { isCalendarDate } from '../contract/calendar';
import {
  ANSWER,
  type AnswerFacts,
  type Invariant,
  isObject,
  isOperation,
  type Json,
  once,
  queryValue,
  queryValues,
  show,
  YEAR_MONTH,
} from '../contract/invariant-types';
import { itemsOf, listOf, ofItems } from '../contract/list-answers';
import { judgedStatus, knownEventKinds, knownIncludeValues, othersValid } from '../contract/list-orders';
import { refused } from '../contract/request-refusals';

/** The Fees object of that event ("`fees` adds the Fees object to each event"): its eventId is the event's id. */
const feesOfEvent = (event: Json) =>
  isObject(event.fees) && event.fees.object === 'fees' && event.fees.eventId === event.id
    ? undefined
    : `fees is ${show(event.fees)}`;

const includesFees = (answer: AnswerFacts) =>
  queryValues(answer, 'include').some((v) => v.split(',').some((name) => name.trim() === 'fees'));

/**
 * The include values of a request, when it sends one comma-separated value whose every entry is either a
 * known value or plainly unknown: an empty entry, or one differing from a known value by case or spaces only,
 * is not stated to be either.
 */
function includeEntries(answer: AnswerFacts): { known: string[]; unknown: string[] } | undefined {
  const sent = queryValue(answer, 'include');
  if (sent === undefined) return undefined;
  const knownValues = knownIncludeValues();
  const entries = sent.split(',');
  const ambiguous = (entry: string) =>
    entry.trim() === '' || (!knownValues.includes(entry) && knownValues.includes(entry.trim().toLowerCase()));
  if (entries.some(ambiguous)) return undefined;
  return {
    known: entries.filter((e) => knownValues.includes(e)),
    unknown: entries.filter((e) => !knownValues.includes(e)),
  };
}

/** The include value was sent once with no comma as %2C: a server splitting it raw or decoded reads alike. */
function literalCommas(answer: AnswerFacts): boolean {
  if (answer.rawQuery === undefined) return false;
  // Only the names are compared: "include" has no character a client would encode.
  const sent = answer.rawQuery.split('&').filter((pair) => pair.split('=')[0] === 'include');
  return sent.length === 1 && !/%2c/i.test(sent[0]!);
}

const UNKNOWN_INCLUDE: Invariant = {
  id: 'PER-013',
  title: 'an unknown include value is ignored: 200, each event as if the value were absent',
  subject: ANSWER,
  judge: (_, answer) => {
    if (answer.operationId !== 'listEventsByPeriod') return undefined;
    const sent = queryValue(answer, 'include');
    if (sent === undefined) return undefined;
    const entries = includeEntries(answer);
    // An empty entry or a case variant of a known value is either that value or an unknown one: both answer
    // 200, so the status is judged and the members are not (docs/partitions.md, "still").
    if (entries !== undefined && entries.unknown.length === 0) return undefined;
    const status = judgedStatus(answer);
    if (status === undefined || !othersValid(answer, 'include')) return undefined;
    if (status !== 200) return [`include=${sent} answered ${status}`];
    if (entries === undefined) return [];
    const items = itemsOf(answer, 'listEventsByPeriod');
    if (!items || items.length === 0) return undefined;
    // A comma sent as %2C is read by a server splitting the raw value as part of one unknown value: a known
    // value among the entries is then asked on one reading only, and its presence is judged only when every
    // comma was literal on the wire. A known value absent from the entries is asked on neither reading.
    const encodedComma = sent.includes(',') && !literalCommas(answer);
    const kinds = knownEventKinds();
    // Each known value adds the member of its name ("`fees` adds the Fees object to each event"), and only it;
    // an event of a kind the suite does not know ("new kinds will be added") need not carry it.
    return knownIncludeValues().flatMap((value) => {
      const asked = entries.known.includes(value);
      if (asked && encodedComma) return [];
      const judged = asked
        ? items.filter((event) => typeof event.eventType === 'string' && kinds.includes(event.eventType))
        : items;
      const off = judged.filter((event) => value in event !== asked).length;
      return off === 0
        ? []
        : [`${off} of ${judged.length} events ${asked ? 'lack' : 'carry'} ${value} for include=${sent}`];
    });
  },
};

/**
 * A filter keeps the events of the kinds given: one value naming no kind keeps no event of a kind the suite
 * knows (RENEWAL), so that even a page without events shows the rule. Whether such a value is a bad query
 * parameter is not stated (OPEN-POINTS E3.7): 400 validation_failed is accepted too, when the rest of the
 * request is valid. Not judged: a value with a comma (the wire encoding is not shown), one differing from a
 * known kind by case or spaces only, several values (how they combine is not stated).
 */
const NO_KIND_FILTER: Invariant = {
  id: 'PER-010',
  title: 'eventTypes naming no kind lists no event of a known kind, or gives 400 validation_failed',
  subject: ANSWER,
  judge: (_, answer) => {
    const given = queryValues(answer, 'eventTypes');
    if (answer.operationId !== 'listEventsByPeriod' || given.length !== 1) return undefined;
    const kinds = knownEventKinds();
    const value = given[0]!;
    const nearKind = kinds.some((kind) => kind.toLowerCase() === value.trim().toLowerCase());
    const status = judgedStatus(answer);
    if (value.includes(',') || nearKind || status === undefined) return undefined;
    if (status === 200) {
      const items = itemsOf(answer, 'listEventsByPeriod');
      if (!items) return undefined;
      return items.flatMap((event, i) =>
        typeof event.eventType === 'string' && kinds.includes(event.eventType)
          ? [`data/${i}: eventType ${show(event.eventType)} for eventTypes=${value}`]
          : [],
      );
    }
    // The rest of the request judged as if eventTypes were absent: a refusal may only be for the value.
    const { eventTypes: _value, ...rest } = answer.query;
    if (!othersValid({ ...answer, query: rest }, 'eventTypes')) return undefined;
    const code = isObject(answer.body) ? answer.body.code : undefined;
    return once(
      status === 400 && code === 'validation_failed'
        ? undefined
        : `eventTypes=${value} answered ${status} ${show(code ?? '')}`,
    );
  },
};

export const PERIOD_RULES: readonly Invariant[] = [
  refused(
    'PER-014',
    'events by period without dueFrom, dueTo or dueMonth give 400 validation_failed',
    (a) =>
      isOperation(a, 'listEventsByPeriod') &&
      ['dueFrom', 'dueTo', 'dueMonth'].every((n) => queryValues(a, n).length === 0),
  ),
  refused(
    'PER-005',
    'events by period with dueFrom without dueTo, or the reverse, give 400 validation_failed',
    (a) =>
      isOperation(a, 'listEventsByPeriod') &&
      queryValues(a, 'dueMonth').length === 0 &&
      (queryValues(a, 'dueFrom').length === 0) !== (queryValues(a, 'dueTo').length === 0),
  ),
  refused(
    'PER-015',
    'a dueFrom or dueTo that is not YYYY-MM-DD, or a dueMonth not YYYY-MM, gives 400 validation_failed',
    (a) =>
      isOperation(a, 'listEventsByPeriod') &&
      ([...queryValues(a, 'dueFrom'), ...queryValues(a, 'dueTo')].some((v) => !isCalendarDate(v)) ||
        queryValues(a, 'dueMonth').some((v) => !YEAR_MONTH.test(v))),
  ),
  listOf('PER-001', 'listEventsByPeriod', 'patentEvent'),
  ofItems(
    'PER-003',
    'dueFrom and dueTo bound the due date of every event listed',
    ['listEventsByPeriod'],
    (event, answer) => {
      const from = queryValue(answer, 'dueFrom')!;
      const to = queryValue(answer, 'dueTo')!;
      return typeof event.dueDate === 'string' && event.dueDate >= from && event.dueDate <= to
        ? undefined
        : `dueDate ${show(event.dueDate)} outside ${from}..${to}`;
    },
    (answer) =>
      isCalendarDate(queryValue(answer, 'dueFrom')) &&
      isCalendarDate(queryValue(answer, 'dueTo')) &&
      queryValues(answer, 'dueMonth').length === 0,
  ),
  ofItems(
    'PER-006',
    'dueMonth lists only events due in that month',
    ['listEventsByPeriod'],
    (event, answer) =>
      typeof event.dueDate === 'string' && event.dueDate.slice(0, 7) === queryValue(answer, 'dueMonth')
        ? undefined
        : `dueDate ${show(event.dueDate)} outside ${queryValue(answer, 'dueMonth')}`,
    (answer) =>
      YEAR_MONTH.test(queryValue(answer, 'dueMonth') ?? '') &&
      queryValues(answer, 'dueFrom').length === 0 &&
      queryValues(answer, 'dueTo').length === 0,
  ),
  ofItems(
    'PER-010',
    'eventTypes=RENEWAL lists only RENEWAL events',
    ['listEventsByPeriod'],
    (event) => (event.eventType === 'RENEWAL' ? undefined : `eventType ${show(event.eventType)}`),
    (answer) =>
      queryValues(answer, 'eventTypes').length > 0 &&
      queryValues(answer, 'eventTypes').every((v) => v === 'RENEWAL'),
  ),
  NO_KIND_FILTER,
  ofItems(
    'PER-012',
    'include=fees adds the fees of each event listed',
    ['listEventsByPeriod'],
    feesOfEvent,
    (answer) => queryValues(answer, 'include').length === 1 && queryValues(answer, 'include')[0] === 'fees',
  ),
  ofItems(
    'PER-011',
    'include=fees among other values still adds the fees of each event',
    ['listEventsByPeriod'],
    feesOfEvent,
    (answer) => includesFees(answer) && queryValues(answer, 'include').join(',') !== 'fees',
  ),
  UNKNOWN_INCLUDE,
];
