/**
 * The rules of the Freezes area (FRZ-) one answer decides: the exchange rate freeze (its `object` on every
 * freeze answer) and the members of its events, its single read and PUT answer, a PUT without a body, a month
 * that is not YYYY-MM refused, a valid month never 404. Part of the registry (./registry.ts).
 * Contract: Resources and their fields (Exchange rate freeze); Endpoints 13 and 14.
 */
import { isCalendarDate } from '../contract/calendar';
import {
  ANSWER,
  BEFORE_VALIDATION,
  type Invariant,
  isObject,
  once,
  show,
  YEAR_MONTH,
} from '../contract/invariant-types';
import { refused } from '../contract/request-refusals';
import { CURRENCY_CODE, DECIMAL_STRING } from '../contract/value-formats';

/** What is wrong with one element of a freeze's `events` (FRZ-004), or undefined. */
export function frozenRateEventProblem(event: unknown): string | undefined {
  if (!isObject(event)) return `an element is ${show(event)}`;
  const wrong: string[] = [];
  const { clientCaseReference, dueDate, amount, currency, isFxRateFrozen, hasInstruction } = event;
  if (clientCaseReference !== null && typeof clientCaseReference !== 'string')
    wrong.push(`clientCaseReference ${show(clientCaseReference)}`);
  if (!isCalendarDate(dueDate)) wrong.push(`dueDate ${show(dueDate)}`);
  if (typeof amount !== 'string' || !DECIMAL_STRING.test(amount)) wrong.push(`amount ${show(amount)}`);
  if (typeof currency !== 'string' || !CURRENCY_CODE.test(currency)) wrong.push(`currency ${show(currency)}`);
  if (typeof isFxRateFrozen !== 'boolean') wrong.push(`isFxRateFrozen ${show(isFxRateFrozen)}`);
  if (typeof hasInstruction !== 'boolean') wrong.push(`hasInstruction ${show(hasInstruction)}`);
  if (wrong.length === 0) return undefined;
  return `${show(dueDate)}/${show(clientCaseReference)}: ${wrong.join(', ')}`;
}

/** The operations whose 200 answer is one freeze. */
const FREEZE_OPERATIONS: readonly string[] = ['getExchangeRateFreeze', 'putExchangeRateFreeze'];

const FREEZE_EVENTS: Invariant = {
  id: 'FRZ-004',
  title:
    'each event of a freeze has clientCaseReference (string or null), dueDate, amount, currency, isFxRateFrozen and hasInstruction',
  subject: 'exchangeRateFreeze',
  judge: (freeze) => {
    // A freeze of the list carries no events; an empty array shows no element.
    if (!Array.isArray(freeze.events) || freeze.events.length === 0) return undefined;
    return freeze.events.flatMap((event, i) => {
      const problem = frozenRateEventProblem(event);
      return problem === undefined ? [] : [`events/${i} ${problem}`];
    });
  },
};

export const FREEZES_RULES: readonly Invariant[] = [
  {
    // By operation, not by the `object` it judges: a freeze that names another type is still the answer's freeze.
    id: 'FRZ-001',
    title:
      'a freeze has object exchangeRateFreeze: each item of the freeze list, the single read, the PUT answer',
    subject: ANSWER,
    judge: (_, answer) => {
      if (answer.status !== 200 || !isObject(answer.body)) return undefined;
      const listed = answer.operationId === 'listExchangeRateFreezes';
      const freezes = listed
        ? answer.body.data
        : FREEZE_OPERATIONS.includes(answer.operationId ?? '')
          ? [answer.body]
          : undefined;
      if (!Array.isArray(freezes) || freezes.length === 0) return undefined;
      return freezes.flatMap((freeze: unknown, i) => {
        const object = isObject(freeze) ? freeze.object : freeze;
        return object === 'exchangeRateFreeze'
          ? []
          : [`${listed ? `data/${i} ` : ''}object is ${show(object)}`];
      });
    },
  },
  {
    id: 'FRZ-002',
    title: 'a freeze carries yearMonth as YYYY-MM',
    subject: 'exchangeRateFreeze',
    judge: (freeze) =>
      once(
        typeof freeze.yearMonth === 'string' && YEAR_MONTH.test(freeze.yearMonth)
          ? undefined
          : `yearMonth is ${show(freeze.yearMonth)}`,
      ),
  },
  {
    id: 'FRZ-003',
    title: "a freeze's single read and PUT answer carry the path's yearMonth and an events array",
    subject: 'exchangeRateFreeze',
    judge: (freeze, answer, { path }) => {
      const month = answer.pathParams.yearMonth;
      if (!month || answer.status !== 200 || path !== '/') return undefined;
      return [
        ...(freeze.yearMonth === month
          ? []
          : [`yearMonth ${show(freeze.yearMonth)} for the path's ${month}`]),
        ...(Array.isArray(freeze.events) ? [] : [`events is ${show(freeze.events)}`]),
      ];
    },
  },
  {
    id: 'FRZ-007',
    title: 'a PUT of a valid month without a body answers 200',
    subject: ANSWER,
    judge: (_, answer) => {
      const month = answer.pathParams.yearMonth;
      if (
        answer.operationId !== 'putExchangeRateFreeze' ||
        answer.sentBody ||
        !month ||
        !YEAR_MONTH.test(month)
      )
        return undefined;
      if (BEFORE_VALIDATION.includes(answer.status)) return undefined;
      return once(answer.status === 200 ? undefined : `answered ${answer.status}`);
    },
  },
  refused(
    'FRZ-005',
    'a yearMonth that is not a valid YYYY-MM gives 400 validation_failed',
    (a) => 'yearMonth' in a.pathParams && !YEAR_MONTH.test(a.pathParams.yearMonth!),
  ),
  {
    id: 'FRZ-011',
    title: 'the read of a valid month answers 200, frozen or not, never 404',
    subject: ANSWER,
    judge: (_, answer) =>
      answer.operationId === 'getExchangeRateFreeze' && YEAR_MONTH.test(answer.pathParams.yearMonth ?? '')
        ? once(answer.status === 404 ? 'a valid month answered 404' : undefined)
        : undefined,
  },
  FREEZE_EVENTS,
];
