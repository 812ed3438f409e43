/**
 * The formats every answer obeys, part of the registry (./invariants.ts): the general conventions judged on
 * every value of a JSON body by what its schema in schemas/openapi.yaml says of it (`object`, `date`,
 * `date-time`, money: ./schema-walk.ts), the bytes and the Content-Disposition of a document download, the
 * members of a freeze's events, and the path prefix of the operations.
 * Contract: General conventions; Document downloads; Exchange rate freeze; the introduction (the prefix).
 */
import contentDisposition from 'content-disposition';
import { isCalendarDate } from './calendar';
import { operationById, type OperationId } from './contract';
import {
  ANSWER,
  API_PREFIX,
  type AnswerFacts,
  type Invariant,
  isObject,
  type Json,
  once,
  show,
} from './invariant-types';
import { documentedResponse, moneyPattern, responseSchema, walkBody, type WalkedValue } from './schema-walk';
import { loadOpenApi } from '../../schemas/ajv';

/** A money amount: a decimal string (the `Decimal` component's pattern). */
export const DECIMAL_STRING = new RegExp(moneyPattern());

/** An ISO 4217 code as the `CurrencyCode` component writes it. */
const CURRENCY_CODE = new RegExp(
  String((loadOpenApi().components?.schemas?.CurrencyCode as { pattern?: string } | undefined)?.pattern),
);

/**
 * RFC 3339 date-time (the `date-time` format) whose offset is UTC: `Z` or `+00:00` (RFC 3339 allows `t`, `z`).
 * Second 60 is a leap second, which in UTC falls only at 23:59.
 */
const UTC_TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})[Tt](?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d|23:59:60)(\.\d+)?([Zz]|\+00:00)$/;

/** True for an RFC 3339 date-time in UTC on a real calendar day. */
export function isUtcTimestamp(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = UTC_TIMESTAMP.exec(value);
  return match !== null && isCalendarDate(match[1]);
}

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

const CONVENTIONS: Invariant[] = [
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

// ---- document downloads

const PDF = 'application/pdf';
const documentOperations = new Map<string, boolean>();

/** An operation whose 200 answer the document gives as a PDF: the document downloads. */
export function isDocumentOperation(operationId: string | undefined): boolean {
  if (!operationId) return false;
  let known = documentOperations.get(operationId);
  if (known === undefined) {
    known = PDF in (documentedResponse(operationId as OperationId, 200)?.response.content ?? {});
    documentOperations.set(operationId, known);
  }
  return known;
}

const downloaded = (answer: AnswerFacts) => answer.status === 200 && isDocumentOperation(answer.operationId);

/** The magic bytes every PDF file starts with. */
export const PDF_START = '%PDF-';

/**
 * What is wrong with a download's Content-Disposition as RFC 6266 reads it (undefined: nothing): it parses
 * (a trailing ";" is an empty parameter the grammar does not allow, schemas/OPEN-POINTS.md E2) and names a
 * non-empty file, by filename or filename* (RFC 8187, which the parser decodes into filename).
 */
export function dispositionProblem(header: string | undefined): string | undefined {
  if (header === undefined) return 'no Content-Disposition header';
  let parsed: contentDisposition.ContentDisposition;
  try {
    // The parser knows only some shapes of the language of filename*, which RFC 8187 allows to be any RFC 5646
    // tag (letters, digits, hyphens): it is blanked, since it says nothing of the file's name.
    parsed = contentDisposition.parse(header.replace(/(filename\*\s*=\s*[^';\s]*)'[A-Za-z0-9-]*'/gi, "$1''"));
  } catch (error) {
    return `Content-Disposition ${show(header)} is not RFC 6266: ${(error as Error).message}`;
  }
  return (parsed.parameters.filename ?? '') === ''
    ? `Content-Disposition ${show(header)} names no file`
    : undefined;
}

const DOCUMENTS: Invariant[] = [
  {
    id: 'DOC-001',
    title: 'a 200 document download body is a PDF file (starts with %PDF-)',
    subject: ANSWER,
    judge: (_, answer) =>
      downloaded(answer)
        ? once(
            answer.bodyStart?.startsWith(PDF_START)
              ? undefined
              : `the body starts with ${show(answer.bodyStart ?? '')}`,
          )
        : undefined,
  },
  {
    id: 'DOC-004',
    title: 'a 200 document download carries an RFC 6266 Content-Disposition with a non-empty filename',
    subject: ANSWER,
    judge: (_, answer) =>
      downloaded(answer) ? once(dispositionProblem(answer.headers['content-disposition'])) : undefined,
  },
];

// ---- the events of a freeze

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

// ---- the path prefix

const PATH_PATTERNS = new Map<string, RegExp>();

/** The operation's path template, every parameter one path segment, at the end of a path. */
function pathPattern(operationId: OperationId): RegExp {
  let pattern = PATH_PATTERNS.get(operationId);
  if (!pattern) {
    const template = operationById(operationId).path.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    pattern = new RegExp(`${template.replace(/\{\w+\}/g, '[^/]+')}$`);
    PATH_PATTERNS.set(operationId, pattern);
  }
  return pattern;
}

const PREFIX: Invariant = {
  id: 'EVO-001',
  title: 'every operation is served under /api/v2/external/',
  subject: ANSWER,
  judge: (_, answer) => {
    const operationId = answer.operationId as OperationId | undefined;
    if (!operationId || !pathPattern(operationId).test(answer.path)) return undefined;
    // A 2xx answer at the operation's path (every template starts with the prefix) shows it served there.
    const operation = operationById(operationId);
    if (answer.status >= 200 && answer.status < 300)
      return once(
        operation.path.startsWith(API_PREFIX) ? undefined : `${operationId} is at ${operation.path}`,
      );
    // A 404 shows the route missing only where no resource can be: no path parameter and no 404 documented.
    if (
      answer.status === 404 &&
      operation.pathParams.length === 0 &&
      !('404' in (operation.definition.responses ?? {}))
    )
      return [
        `${answer.method} ${answer.path} answers 404: ${operationId} is not served under ${API_PREFIX}`,
      ];
    return undefined;
  },
};

export const FORMAT_INVARIANTS: readonly Invariant[] = [...CONVENTIONS, ...DOCUMENTS, FREEZE_EVENTS, PREFIX];
