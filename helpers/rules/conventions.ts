/**
 * The rules of the General conventions area (CONV-) one answer decides: every answer matches its documented
 * schema (CONV-013, first in the registry), the media type of a 2xx, a path id that is not a UUID refused,
 * the formats judged on every value by what its schema says of it (`object`, dates, UTC timestamps, money:
 * ../contract/schema-walk.ts), the ids, currencies, VAT rates and fee components of every body, and the
 * currency of an invoice's lines. Part of the registry (./registry.ts).
 * Contract: General conventions.
 */
import { ofMembers } from '../contract/body-members';
import { isCalendarDate } from '../contract/calendar';
import type { OperationId } from '../contract/contract';
import {
  ANSWER,
  API_PREFIX,
  type AnswerFacts,
  BEFORE_VALIDATION,
  type Invariant,
  isJsonMediaType,
  isObject,
  type Json,
  once,
  show,
} from '../contract/invariant-types';
import { refused } from '../contract/request-refusals';
import { answerSchemaErrors } from '../contract/schema-conformance';
import {
  documentedResponse,
  isDocumentOperation,
  responseSchema,
  walkBody,
  type WalkedValue,
} from '../contract/schema-walk';
import { UUID } from '../contract/uuid';
import { DECIMAL_STRING, isUtcTimestamp } from '../contract/value-formats';

/**
 * The schema check as one judge of the registry among the others (CONV-013): every answer to an operation
 * matches the schema the document gives it, and a breach is charged to its own requirement while every other
 * rule still judges the same answer.
 */
const SCHEMA_INVARIANT: Invariant = {
  id: 'CONV-013',
  title: 'every answer matches the schema schemas/openapi.yaml gives its operation, status and media type',
  subject: ANSWER,
  judge: (_, answer) => {
    if (answer.operationId === undefined) return undefined;
    const errors = answerSchemaErrors({
      operationId: answer.operationId,
      status: answer.status,
      mediaType: answer.mediaType,
      contentType: answer.headers['content-type'],
      isJson: isJsonMediaType(answer.mediaType),
      json: () => answer.body,
    });
    return errors.length === 0
      ? []
      : [`the ${answer.status} answer does not match its schema: ${errors.join('; ')}`];
  },
};

const UUID_PARAMS = ['patentId', 'eventId', 'importId', 'invoiceId'];

const ID_MEMBERS = new Set(['id', 'importId', 'eventId', 'invoiceId', 'servicePatentId']);

/** The values of a body its schema says something of, gathered once per answer for every convention. */
interface Gathered {
  objects: WalkedValue[];
  dates: WalkedValue[];
  timestamps: WalkedValue[];
  money: WalkedValue[];
}

const gatheredByAnswer = new WeakMap<AnswerFacts, Gathered | null>();

function gathered(answer: AnswerFacts): Gathered | undefined {
  let found = gatheredByAnswer.get(answer);
  if (found === undefined) {
    found = null;
    const schema =
      answer.body !== undefined && answer.operationId
        ? responseSchema(answer.operationId as OperationId, answer.status, answer.mediaType)
        : undefined;
    if (schema) {
      const into: Gathered = { objects: [], dates: [], timestamps: [], money: [] };
      walkBody(answer.body, schema, (walked) => {
        if (walked.objectMember && isObject(walked.value)) into.objects.push(walked);
        if (walked.value === null) return;
        if (walked.format === 'date') into.dates.push(walked);
        else if (walked.format === 'date-time') into.timestamps.push(walked);
        if (walked.money) into.money.push(walked);
      });
      found = into;
    }
    gatheredByAnswer.set(answer, found);
  }
  return found ?? undefined;
}

/** A convention over the values of one kind: judged when the answer holds at least one of them. */
function convention(
  id: string,
  title: string,
  values: (g: Gathered) => WalkedValue[],
  problem: (walked: WalkedValue) => string | undefined,
): Invariant {
  return {
    id,
    title,
    subject: ANSWER,
    judge: (_, answer) => {
      const judged = values(gathered(answer) ?? { objects: [], dates: [], timestamps: [], money: [] });
      if (judged.length === 0) return undefined;
      return judged.flatMap((walked) => {
        const found = problem(walked);
        return found === undefined ? [] : [`${walked.path}: ${found}`];
      });
    },
  };
}

/** What is wrong with the `object` member of a value whose schema declares one (undefined: nothing). */
function objectProblem({ value, objectMember }: WalkedValue): string | undefined {
  const object = (value as Json).object;
  // Declared but not required (the events of a freeze, schemas/OPEN-POINTS.md E2): judged when present.
  if (object === undefined) return objectMember!.required ? 'carries no object member' : undefined;
  if (typeof object !== 'string') return `object is ${show(object)}, not a string`;
  const names = objectMember!.names;
  return names === undefined || object === names ? undefined : `object is ${show(object)}, not "${names}"`;
}

export const CONVENTIONS_RULES: readonly Invariant[] = [
  SCHEMA_INVARIANT,
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
    id: 'CONV-014',
    title: 'an answer below 500 has a status the contract lists for its operation',
    subject: ANSWER,
    judge: (_, answer) => {
      if (answer.operationId === undefined || answer.status >= 500) return undefined;
      // 400 validation_failed answers "bad body, query or path parameter" on every operation (the error table).
      const listed =
        answer.status === 400 ||
        BEFORE_VALIDATION.includes(answer.status) ||
        documentedResponse(answer.operationId as OperationId, answer.status) !== undefined;
      return once(
        listed ? undefined : `${answer.operationId} answered ${answer.status}, a status it does not list`,
      );
    },
  },
  refused('CONV-011', 'a path id that is not a UUID gives 400 validation_failed', (a) =>
    UUID_PARAMS.some((name) => name in a.pathParams && !UUID.test(a.pathParams[name]!)),
  ),
  {
    id: 'CONV-001',
    title: 'a 2xx answer other than a PDF download has content type application/json',
    subject: ANSWER,
    judge: (_, answer) => {
      if (
        answer.status < 200 ||
        answer.status >= 300 ||
        !answer.path.startsWith(API_PREFIX) ||
        isDocumentOperation(answer.operationId)
      )
        return undefined;
      return once(
        answer.mediaType === 'application/json'
          ? undefined
          : `content type ${answer.headers['content-type'] ?? '(absent)'}`,
      );
    },
  },
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
  convention(
    'CONV-002',
    'every resource object carries object, a string naming its type',
    (g) => g.objects.filter((w) => w.objectMember!.required || 'object' in (w.value as Json)),
    objectProblem,
  ),
  convention(
    'CONV-005',
    'every date that is not null is a calendar-valid YYYY-MM-DD string',
    (g) => g.dates,
    ({ value }) => (isCalendarDate(value) ? undefined : `date ${show(value)}`),
  ),
  convention(
    'CONV-006',
    'every timestamp that is not null is an RFC 3339 date-time in UTC (offset Z or +00:00)',
    (g) => g.timestamps,
    ({ value }) => (isUtcTimestamp(value) ? undefined : `timestamp ${show(value)}`),
  ),
  convention(
    'CONV-007',
    'every money amount that is not null is a decimal string, never a JSON number',
    (g) => g.money,
    ({ value }) =>
      typeof value === 'string' && DECIMAL_STRING.test(value) ? undefined : `money amount ${show(value)}`,
  ),
];
