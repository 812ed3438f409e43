/**
 * The rules of the Events area (EVT-) one answer decides: the field rules of a patent event
 * (EVENT_FIELD_RULES) and the rules relating its members (EVENT_RELATION_RULES), which the events specs also
 * check over their reads; the fees member only on request, the patent an event is read under, the list, the
 * single read and the order of a patent's events. Part of the registry (./registry.ts).
 * Contract: Resources and their fields (Patent event); Endpoints, Patent events (4 to 6).
 */
import type { PatentEvent } from '../../schemas/types';
import { addDays, isCalendarDate, isDateTime } from '../contract/calendar';
import { enumOf } from '../contract/contract';
import { isRenewal } from '../contract/event-rules';
import {
  ANSWER,
  type AnswerFacts,
  type Invariant,
  isObject,
  type Json,
  once,
} from '../contract/invariant-types';
import { itemsOf, listOf, readOf } from '../contract/list-answers';
import {
  type FieldRule,
  fieldRuleInvariants,
  objectIs,
  oneOf,
  orList,
  type Rule,
} from '../contract/rule-breaches';

/** A rule over events, and whether it speaks of RENEWAL events only. */
export type EventFieldRule = FieldRule<PatentEvent> & { renewalsOnly?: boolean };

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

/** A RENEWAL event, as ../contract/event-rules.ts says, of a resource the registry judges. */
const isRenewalResource = (event: Json) => isRenewal(event as unknown as PatentEvent);

/**
 * Days of slack around the server's "today": the answer's Date header gives its clock in UTC, and its today
 * is the date in its own time zone, a day off at most (the specs keep the same two days, SLACK_DAYS).
 */
const TODAY_SLACK_DAYS = 2;

/** The UTC date of the answer's Date header (the server's own clock), if it has a valid one. */
function answerDate(answer: AnswerFacts): string | undefined {
  const ms = Date.parse(answer.dateHeader ?? '');
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : undefined;
}

/** "Awaiting a decision": no executed decision (../contract/event-rules.ts, `awaitsDecision`). */
const awaiting = (event: Json) => event.appliedDecision === null;

const instructabilityOf = (event: Json): Json =>
  isObject(event.instructability) ? event.instructability : {};

/**
 * The events of a patent's list when the answer holds them all (its first page, every item on it): the rules
 * that relate an event to the patent's earlier ones read them there, sorted by due date.
 */
function wholePatentList(answer: AnswerFacts): Json[] | undefined {
  const items = itemsOf(answer, 'listPatentEvents');
  const pagination = isObject(answer.body) ? answer.body.pagination : undefined;
  if (
    !items ||
    !isObject(pagination) ||
    pagination.currentPage !== 1 ||
    pagination.totalItems !== items.length
  )
    return undefined;
  if (!items.every((e) => typeof e.dueDate === 'string')) return undefined;
  return [...items].sort((a, b) => String(a.dueDate).localeCompare(String(b.dueDate)));
}

/** The events of `events` due before `event` that await a decision; `renewalsOnly`: of the RENEWAL kind only. */
const earlierAwaiting = (events: Json[], event: Json, renewalsOnly: boolean) =>
  events.filter(
    (e) =>
      String(e.dueDate) < String(event.dueDate) && awaiting(e) && (!renewalsOnly || isRenewalResource(e)),
  );

/**
 * "The flag is computed by the same rule that the instruction POST enforces": what the queue and the window
 * make of instructability, judged where one answer shows it (the server's date, a patent's whole list).
 */
const INSTRUCTABILITY_RULES: Invariant[] = [
  {
    id: 'EVT-017',
    title:
      'an event awaiting a decision whose window opens more than two days after the answer is not allowed',
    subject: 'patentEvent',
    judge: (event, answer) => {
      const today = answerDate(answer);
      const { opensAt, isAllowed } = instructabilityOf(event);
      if (!today || !isRenewalResource(event) || !awaiting(event) || typeof opensAt !== 'string')
        return undefined;
      if (opensAt <= addDays(today, TODAY_SLACK_DAYS)) return undefined;
      return once(
        isAllowed === true ? `allowed although opensAt is ${opensAt} (the answer is of ${today})` : undefined,
      );
    },
  },
  {
    id: 'EVT-021',
    title: "TOO_EARLY is given only while the answer's date is before opensAt",
    subject: 'patentEvent',
    judge: (event, answer) => {
      const today = answerDate(answer);
      const { blockedReason, opensAt } = instructabilityOf(event);
      if (!today || !isRenewalResource(event) || blockedReason !== 'TOO_EARLY') return undefined;
      return once(
        typeof opensAt === 'string' && opensAt > addDays(today, -TODAY_SLACK_DAYS)
          ? undefined
          : `TOO_EARLY with opensAt ${JSON.stringify(opensAt)} (the answer is of ${today})`,
      );
    },
  },
  {
    id: 'EVT-021',
    title: 'EARLIER_EVENT_PENDING is given only when an earlier event of the patent awaits a decision',
    subject: ANSWER,
    judge: (_, answer) => {
      const events = wholePatentList(answer);
      // The earlier event may be of any kind: whether other kinds hold the queue is the server's reading.
      if (!events) return undefined;
      const blocked = events.filter(
        (e) => isRenewalResource(e) && instructabilityOf(e).blockedReason === 'EARLIER_EVENT_PENDING',
      );
      if (blocked.length === 0) return undefined;
      return blocked
        .filter((e) => earlierAwaiting(events, e, false).length === 0)
        .map((e) => `event ${String(e.id)} (due ${String(e.dueDate)}): no earlier event awaits a decision`);
    },
  },
  {
    id: 'EVT-017',
    title: 'only the earliest event of a patent awaiting a decision can be allowed',
    subject: ANSWER,
    judge: (_, answer) => {
      const renewals = wholePatentList(answer)?.filter(isRenewalResource);
      if (!renewals || renewals.length < 2) return undefined;
      return renewals
        .filter(
          (e) => instructabilityOf(e).isAllowed === true && earlierAwaiting(renewals, e, true).length > 0,
        )
        .map(
          (e) =>
            `event ${String(e.id)} (due ${String(e.dueDate)}) is allowed behind an earlier pending event`,
        );
    },
  },
  {
    id: 'EVT-017',
    title:
      'the earliest event of a patent awaiting a decision, once its window has opened, is not blocked as already instructed, too early or behind an earlier event',
    subject: ANSWER,
    judge: (_, answer) => {
      const events = wholePatentList(answer);
      const today = answerDate(answer);
      const first = events?.find((e) => isRenewalResource(e) && awaiting(e));
      const { opensAt, blockedReason } = first ? instructabilityOf(first) : {};
      if (!events || !first || !today || typeof opensAt !== 'string') return undefined;
      if (opensAt > addDays(today, -TODAY_SLACK_DAYS)) return undefined;
      // Not required: that it is allowed. A block for a reason outside the three is not excluded (OPEN-POINTS
      // B21, E3); an earlier event of a kind the suite does not know may hold the queue (the server's reading).
      const heldByOtherKind = earlierAwaiting(events, first, false).some((e) => !isRenewalResource(e));
      if (blockedReason === null || (heldByOtherKind && blockedReason === 'EARLIER_EVENT_PENDING')) return [];
      return [
        `event ${String(first.id)} (opensAt ${opensAt}, no appliedDecision, the earliest awaiting one) is blocked as ${JSON.stringify(blockedReason)}`,
      ];
    },
  },
];

export const EVENTS_RULES: readonly Invariant[] = [
  ...EVENT_FIELD_RULES.map(({ id, title, rule, renewalsOnly }): Invariant => ({
    id,
    title,
    subject: 'patentEvent',
    judge: (event) =>
      renewalsOnly && !isRenewalResource(event) ? undefined : once(rule(event as unknown as PatentEvent)),
  })),
  ...fieldRuleInvariants<PatentEvent>(
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
    isRenewalResource,
  ),
  {
    id: 'EVT-016',
    title: 'an event carries no fees member unless include=fees is requested',
    subject: 'patentEvent',
    judge: (event, answer) => {
      // `FEES` or ` Fees` may be read as `fees` (whether it is an unknown value is not stated): not judged.
      const included = (answer.query.include ?? []).some((value) =>
        value.split(',').some((name) => name.trim().toLowerCase() === 'fees'),
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
  ...INSTRUCTABILITY_RULES,
  listOf('EVT-030', 'listPatentEvents', 'patentEvent'),
  readOf('EVT-031', 'getPatentEvent', 'eventId'),
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
];
