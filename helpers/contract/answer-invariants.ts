/**
 * Invariants of the answer itself (its status, headers and problem body) and of the request that produced
 * it: part of the registry (./invariants.ts).
 * Contract: Errors; Authentication 8 (correlation); Endpoints (400 for malformed parameters).
 */
import { isCalendarDate } from './calendar';
import { enumOf, errorCodes, operations } from './contract';
import {
  ANSWER,
  API_PREFIX,
  type AnswerFacts,
  type Invariant,
  isObject,
  type Json,
  once,
  show,
  BEFORE_VALIDATION,
  YEAR_MONTH,
} from './invariant-types';
import { isJsonPointer, pointerMisfit } from './json-pointer';
import { loadRequirements } from '../../schemas/requirements';
import { members } from './partitions';
import { UUID } from './uuid';

/** A problem answer under the API's prefix: the Errors section's rules apply. */
const problemAnswer = (answer: AnswerFacts) => answer.status >= 400 && answer.path.startsWith(API_PREFIX);
const problemBody = (answer: AnswerFacts): Json | undefined =>
  problemAnswer(answer) && answer.mediaType === 'application/problem+json' && isObject(answer.body)
    ? answer.body
    : undefined;

const REQUEST_ID = 'x-request-id';

/**
 * A URI reference (RFC 3986, section 4.1): no whitespace, control character or character the grammar
 * excludes (`"<>\^\`{|}`), and resolvable against a base, relative or absolute.
 */
export function isUriReference(value: string): boolean {
  if ([...value].some((ch) => ch.charCodeAt(0) <= 0x20 || ch.charCodeAt(0) === 0x7f)) return false;
  if (/["<>\\^`{|}]/.test(value)) return false;
  try {
    new URL(value, 'https://base.invalid/');
    return true;
  } catch {
    return false;
  }
}

/**
 * The requirement that gives each error code its status and type: the problems entry of the catalogue whose
 * clause is the code's type (`/errors/not-found`), read from both documents, never typed by hand.
 */
const CODE_REQUIREMENTS: Record<string, string> = (() => {
  const problems = loadRequirements().requirements.filter((r) => r.area === 'problems' && !r.retired);
  return Object.fromEntries(
    errorCodes().flatMap((code) => {
      const stating = problems.filter((r) => r.clause === code.type);
      return stating.length === 1 ? [[code.code, stating[0]!.id]] : [];
    }),
  );
})();

const BASE_ANSWER_INVARIANTS: Invariant[] = [
  {
    id: 'CORR-001',
    title: 'every answer carries a non-empty X-Request-Id header',
    subject: ANSWER,
    judge: (_, answer) =>
      once((answer.headers[REQUEST_ID] ?? '').trim() === '' ? 'X-Request-Id is missing or empty' : undefined),
  },
  {
    id: 'CORR-003',
    title: 'a non-empty inbound X-Request-Id is echoed',
    subject: ANSWER,
    judge: (_, answer) => {
      const sent = answer.requestHeaders[REQUEST_ID];
      if (sent === undefined || sent.trim() === '') return undefined;
      const echoed = answer.headers[REQUEST_ID];
      return once(
        echoed === sent ? undefined : `sent ${JSON.stringify(sent)}, received ${JSON.stringify(echoed)}`,
      );
    },
  },
  {
    id: 'PROB-001',
    title: 'every 4xx and 5xx answer under the API has content type application/problem+json',
    subject: ANSWER,
    judge: (_, answer) =>
      problemAnswer(answer)
        ? once(
            answer.mediaType === 'application/problem+json'
              ? undefined
              : `content type ${answer.headers['content-type'] ?? '(absent)'}`,
          )
        : undefined,
  },
  {
    id: 'PROB-005',
    title: 'the status member of a problem equals the HTTP status',
    subject: ANSWER,
    judge: (_, answer) => {
      const body = problemBody(answer);
      if (!body) return undefined;
      return once(body.status === answer.status ? undefined : `status member ${JSON.stringify(body.status)}`);
    },
  },
  {
    id: 'PROB-007',
    title: 'every problem has a non-empty string code',
    subject: ANSWER,
    judge: (_, answer) => {
      const body = problemBody(answer);
      if (!body) return undefined;
      return once(
        typeof body.code === 'string' && body.code !== ''
          ? undefined
          : `code is ${JSON.stringify(body.code)}`,
      );
    },
  },
  {
    id: 'CORR-002',
    title: 'the requestId of a problem equals the X-Request-Id header',
    subject: ANSWER,
    judge: (_, answer) => {
      const body = problemBody(answer);
      const header = answer.headers[REQUEST_ID];
      if (!body || header === undefined || !('requestId' in body)) return undefined;
      return once(
        body.requestId === header
          ? undefined
          : `requestId ${JSON.stringify(body.requestId)}, header ${JSON.stringify(header)}`,
      );
    },
  },
  // Each code of the contract's table: its status and type.
  ...errorCodes()
    .filter((code) => CODE_REQUIREMENTS[code.code] !== undefined)
    .map((code): Invariant => ({
      id: CODE_REQUIREMENTS[code.code]!,
      title: `a problem with code ${code.code} has status ${code.status} and type ${code.type}`,
      subject: ANSWER,
      judge: (_, answer) => {
        const body = problemBody(answer);
        if (!body || body.code !== code.code) return undefined;
        return [
          ...(answer.status === code.status ? [] : [`HTTP status ${answer.status}`]),
          ...(body.type === code.type ? [] : [`type ${JSON.stringify(body.type)}`]),
        ];
      },
    })),
];

/**
 * What the "generic detail" of internal_error must not show: each a named kind of implementation detail,
 * the message of a runtime's own error among them. URLs and the request's own path are no leak (a gateway's
 * path prefix may start like a file system path), nor the word "error", nor an HTTP reason phrase written as
 * one word (InternalServerError).
 */
const INTERNAL_DETAIL_LEAKS: { name: string; pattern: RegExp }[] = [
  { name: 'stack frame', pattern: /^\s*at\s+\S.*:\d+(?::\d+)?\)?\s*$/m },
  { name: 'Python traceback', pattern: /Traceback \(most recent call last\)|File "[^"]+", line \d+/ },
  {
    name: 'exception class name',
    pattern: /\b(?!Internal(?:Server)?Error\b)(?:[A-Za-z_$][\w$]*\.)*[A-Z][\w$]*(?:Error|Exception)\b/,
  },
  {
    name: 'SQL text',
    pattern:
      /\bSELECT\s+(?:\*|[\w."]+(?:\s*,\s*[\w."]+)*)\s+FROM\s+[\w."]+|\bINSERT\s+INTO\s+[\w."]+|\bUPDATE\s+[\w."]+\s+SET\b|\bDELETE\s+FROM\s+[\w."]+|\bSQLSTATE\b|\bORA-\d{5}\b|\bER_[A-Z_]{3,}\b/,
  },
  {
    name: 'database message',
    pattern:
      /violates (?:unique|foreign key|not-null|check) constraint|duplicate key value|relation "[^"]+" does not exist/i,
  },
  {
    name: 'runtime error message',
    pattern:
      /Cannot read propert(?:y|ies) of (?:undefined|null)|\bis not a function\b|'NoneType' object|nil pointer dereference|Segmentation fault/,
  },
  {
    name: 'network internals',
    pattern:
      /\b(?:ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|EPIPE|EACCES|ENOENT)\b|\b(?:\d{1,3}\.){3}\d{1,3}:\d{2,5}\b/,
  },
  {
    name: 'source file',
    pattern:
      /[\\/][\w.-]+\.(?:[cm]?[jt]sx?|py|java|kt|rb|go|cs|php|scala|rs)\b|[\w-]\.(?:[cm]?[jt]sx?|py|java|kt|rb|go|cs|php|scala|rs):\d+/,
  },
  {
    name: 'file system path',
    pattern:
      /(?:^|[\s"'(=:])\/(?:src|app|srv|home|usr|var|opt|tmp|etc|root|work|workspace|build|dist|lib|node_modules)\/|\bnode_modules\b/m,
  },
  { name: 'Windows path', pattern: /\b[A-Za-z]:\\[^\s\\]/ },
];

/** URLs, and paths that reach the API (a gateway's prefix before it): text a generic detail may quote. */
const QUOTED_LOCATIONS = /\b[a-z][\w+.-]*:\/\/\S+|\S*\/api\/v2\/external\/\S*/gi;

/** The names of the leaks a detail shows (none for a generic one). */
export function internalLeaks(detail: string): string[] {
  const text = detail.replace(QUOTED_LOCATIONS, ' ');
  return INTERNAL_DETAIL_LEAKS.filter(({ pattern }) => pattern.test(text)).map(({ name }) => name);
}

/** A rule of every problem body under the API's prefix. */
function ofProblem(
  id: string,
  title: string,
  rule: (body: Json, answer: AnswerFacts) => string[] | undefined,
): Invariant {
  return {
    id,
    title,
    subject: ANSWER,
    judge: (_, answer) => {
      const body = problemBody(answer);
      return body ? rule(body, answer) : undefined;
    },
  };
}

/** A rule of every problem body with `code`. */
const ofCode = (
  id: string,
  title: string,
  code: string,
  rule: (body: Json, answer: AnswerFacts) => string[] | undefined,
) => ofProblem(id, title, (body, answer) => (body.code === code ? rule(body, answer) : undefined));

const fieldErrorsOf = (body: Json): unknown[] => (Array.isArray(body.errors) ? body.errors : []);

/** A POST whose parameters are all in its body: every field error of its answer is about the body. */
const bodyOnly = (answer: AnswerFacts) =>
  answer.method === 'POST' &&
  Object.keys(answer.pathParams).length === 0 &&
  Object.keys(answer.query).length === 0;

/** The pointers of the members each operation's request body documents (`*` for any array entry). */
let documentedBodyMembers: Map<string, Set<string>> | undefined;
function bodyMembers(operationId: string): Set<string> {
  documentedBodyMembers ??= members()
    .filter((m) => m.in === 'body' && m.name !== '')
    .reduce(
      (map, m) => map.set(m.operationId, (map.get(m.operationId) ?? new Set()).add(m.name)),
      new Map<string, Set<string>>(),
    );
  return documentedBodyMembers.get(operationId) ?? new Set();
}

/** The field errors of an answer with a given pointer. */
const errorsAt = (b: Json, pointer: string): Json[] =>
  fieldErrorsOf(b).filter((e): e is Json => isObject(e) && e.pointer === pointer);

const DECISIONS: readonly unknown[] = enumOf('Decision');

/**
 * The field-error codes the Errors section gives as examples ("for example `invalid_string` for a bad uuid,
 * `invalid_enum_value` for a value outside the allowed decisions"): SHOULD, so another code is a warning
 * (helpers/wire/answer-checks.ts reads the level). Judged on the field error at the member's own pointer,
 * when the answer has one; a string value only (another type may have another code).
 */
const SHOULD_FIELD_ERROR_CODES: Invariant[] = (
  [
    [
      'INS-025',
      'eventId',
      'invalid_string',
      'a string that is not a UUID',
      (v: unknown) => !UUID.test(v as string),
    ],
    [
      'INS-026',
      'decision',
      'invalid_enum_value',
      'a string outside the decisions',
      (v: unknown) => !DECISIONS.includes(v),
    ],
  ] as const
).map(([id, name, code, what, bad]) =>
  ofCode(
    id,
    `the field error for an instruction ${name} that is ${what} has code ${code}`,
    'validation_failed',
    (b, answer) => {
      const sent =
        answer.operationId === 'postInstructions' && isObject(answer.requestBody)
          ? answer.requestBody.instructions
          : undefined;
      if (!bodyOnly(answer) || !Array.isArray(sent)) return undefined;
      // Each pointer with errors: one of them with the code is enough (a server may report several rules).
      const judged = sent.flatMap((item, i) =>
        isObject(item) && typeof item[name] === 'string' && bad(item[name])
          ? [errorsAt(b, `/instructions/${i}/${name}`)].filter((errors) => errors.length > 0)
          : [],
      );
      if (judged.length === 0) return undefined;
      return judged
        .filter((errors) => !errors.some((e) => e.code === code))
        .map(
          (errors) =>
            `the error(s) at ${String(errors[0]!.pointer)} have code(s) ${errors.map((e) => show(e.code)).join(', ')}`,
        );
    },
  ),
);

const PROBLEM_BODY_INVARIANTS: Invariant[] = [
  ofProblem('PROB-002', 'the type of a problem is a string URI reference', (b) =>
    once(typeof b.type === 'string' && isUriReference(b.type) ? undefined : `type is ${show(b.type)}`),
  ),
  ofProblem('PROB-004', 'the title of a problem is a string', (b) =>
    once(typeof b.title === 'string' ? undefined : `title is ${show(b.title)}`),
  ),
  ofProblem('PROB-006', 'detail and instance of a problem, when present, are strings', (b) =>
    ['detail', 'instance']
      .filter((m) => m in b && typeof b[m] !== 'string')
      .map((m) => `${m} is ${show(b[m])}`),
  ),
  ofProblem('PROB-008', 'a problem has a requestId, a string or null', (b) =>
    once(
      'requestId' in b && (b.requestId === null || typeof b.requestId === 'string')
        ? undefined
        : `requestId is ${'requestId' in b ? show(b.requestId) : 'absent'}`,
    ),
  ),
  ofProblem('PROB-010', "the extension members of a problem's code sit at the top level of its body", (b) => {
    const code = errorCodes().find((c) => c.code === b.code);
    if (!code || code.extensions.length === 0) return undefined;
    return code.extensions.filter((m) => !(m in b)).map((m) => `${m} is not a top-level member`);
  }),
  // "generic detail": detail is optional (member table); when sent, it names nothing of the implementation.
  ofCode(
    'PROB-023',
    'the detail of an internal_error names nothing of the implementation',
    'internal_error',
    (b) =>
      typeof b.detail === 'string'
        ? internalLeaks(b.detail).map((leak) => `detail shows a ${leak}: ${show(b.detail)}`)
        : undefined,
  ),
  ofCode('PROB-009', 'a validation_failed problem carries an errors array', 'validation_failed', (b) =>
    once(Array.isArray(b.errors) ? undefined : `errors is ${show(b.errors)}`),
  ),
  ofCode(
    'PROB-026',
    'every field error has a string pointer, a non-empty string code and a string message',
    'validation_failed',
    (b) =>
      fieldErrorsOf(b).flatMap((e, i) => {
        if (!isObject(e)) return [`errors/${i} is ${show(e)}`];
        return [
          ...(typeof e.pointer === 'string' ? [] : [`errors/${i}/pointer is ${show(e.pointer)}`]),
          ...(typeof e.code === 'string' && e.code !== '' ? [] : [`errors/${i}/code is ${show(e.code)}`]),
          ...(typeof e.message === 'string' ? [] : [`errors/${i}/message is ${show(e.message)}`]),
        ];
      }),
  ),
  // Only a request with a body and no query or path parameter: the pointer of a field error about a query or
  // path parameter, which is not in the body, is not shown.
  ofCode(
    'PROB-025',
    'every field error pointer into a POST body is a valid RFC 6901 JSON Pointer',
    'validation_failed',
    (b, answer) =>
      !bodyOnly(answer)
        ? undefined
        : fieldErrorsOf(b).flatMap((e, i) =>
            isObject(e) && typeof e.pointer === 'string' && !isJsonPointer(e.pointer)
              ? [`errors/${i}/pointer ${show(e.pointer)}`]
              : [],
          ),
  ),
  ofCode(
    'SCOPE-008',
    "an insufficient_scope problem's requiredScope names the operation's scope",
    'insufficient_scope',
    (b, answer) => {
      const scope = operations().find((op) => op.operationId === answer.operationId)?.scope;
      if (typeof b.requiredScope !== 'string') return [`requiredScope is ${show(b.requiredScope)}`];
      return once(
        scope === undefined || b.requiredScope === scope
          ? undefined
          : `requiredScope ${b.requiredScope}, the operation needs ${scope}`,
      );
    },
  ),
  // The same requests: a field error about a body member points at it, or at the object lacking it.
  ofCode(
    'PROB-024',
    'every field error pointer of a POST designates a member of the body sent, or a documented member the object lacks',
    'validation_failed',
    (b, answer) =>
      !bodyOnly(answer) || answer.requestBody === undefined || answer.operationId === undefined
        ? undefined
        : fieldErrorsOf(b).flatMap((e, i) => {
            if (!isObject(e) || typeof e.pointer !== 'string' || !isJsonPointer(e.pointer)) return [];
            const misfit = pointerMisfit(answer.requestBody, e.pointer, bodyMembers(answer.operationId!));
            return misfit === undefined ? [] : [`errors/${i}: ${misfit}`];
          }),
  ),
  ...SHOULD_FIELD_ERROR_CODES,
  ofCode(
    'INS-022',
    'an instruction_skipped problem carries clientCaseReference, a string or null',
    'instruction_skipped',
    (b) =>
      once(
        'clientCaseReference' in b &&
          (b.clientCaseReference === null || typeof b.clientCaseReference === 'string')
          ? undefined
          : `clientCaseReference is ${show(b.clientCaseReference)}`,
      ),
  ),
  ofCode(
    'INS-023',
    'an instruction_skipped problem carries missingPreviousRenewalDates, an array of dates',
    'instruction_skipped',
    (b) =>
      once(
        Array.isArray(b.missingPreviousRenewalDates) && b.missingPreviousRenewalDates.every(isCalendarDate)
          ? undefined
          : `missingPreviousRenewalDates is ${show(b.missingPreviousRenewalDates)}`,
      ),
  ),
  ofCode('SYNC-048', 'a conflict problem carries existingBatchId, a UUID', 'conflict', (b) =>
    once(
      typeof b.existingBatchId === 'string' && UUID.test(b.existingBatchId)
        ? undefined
        : `existingBatchId is ${show(b.existingBatchId)}`,
    ),
  ),
];

/** A request the contract refuses with 400 validation_failed: the answer to it, unless refused before validation. */
function refused(id: string, title: string, carries: (answer: AnswerFacts) => boolean): Invariant {
  return {
    id,
    title,
    subject: ANSWER,
    judge: (_, answer) => {
      if (
        !answer.path.startsWith(API_PREFIX) ||
        !carries(answer) ||
        BEFORE_VALIDATION.includes(answer.status)
      )
        return undefined;
      const code = isObject(answer.body) ? answer.body.code : undefined;
      return once(
        answer.status === 400 && code === 'validation_failed'
          ? undefined
          : `answered ${answer.status} ${show(code ?? '')}`,
      );
    },
  };
}

const UUID_PARAMS = ['patentId', 'eventId', 'importId', 'invoiceId'];

/** The values of a query parameter. */
const values = (answer: AnswerFacts, name: string) => answer.query[name] ?? [];
const isOp = (answer: AnswerFacts, operationId: string) => answer.operationId === operationId;
const body = (answer: AnswerFacts) => answer.requestBody;

/** A window of the invoice list whose end is before its start (both strict dates). */
const reversed = (answer: AnswerFacts, from: string, to: string) => {
  const [low] = values(answer, from);
  const [high] = values(answer, to);
  return (
    isOp(answer, 'listInvoices') &&
    isCalendarDate(low) &&
    isCalendarDate(high) &&
    (high as string) < (low as string)
  );
};

const REFUSED_REQUESTS: Invariant[] = [
  refused('CONV-011', 'a path id that is not a UUID gives 400 validation_failed', (a) =>
    UUID_PARAMS.some((name) => name in a.pathParams && !UUID.test(a.pathParams[name]!)),
  ),
  refused(
    'FRZ-005',
    'a yearMonth that is not a valid YYYY-MM gives 400 validation_failed',
    (a) => 'yearMonth' in a.pathParams && !YEAR_MONTH.test(a.pathParams.yearMonth!),
  ),
  refused(
    'PER-014',
    'events by period without dueFrom, dueTo or dueMonth give 400 validation_failed',
    (a) =>
      isOp(a, 'listEventsByPeriod') &&
      ['dueFrom', 'dueTo', 'dueMonth'].every((n) => values(a, n).length === 0),
  ),
  refused(
    'PER-005',
    'events by period with dueFrom without dueTo, or the reverse, give 400 validation_failed',
    (a) =>
      isOp(a, 'listEventsByPeriod') &&
      values(a, 'dueMonth').length === 0 &&
      (values(a, 'dueFrom').length === 0) !== (values(a, 'dueTo').length === 0),
  ),
  refused(
    'PER-015',
    'a dueFrom or dueTo that is not YYYY-MM-DD, or a dueMonth not YYYY-MM, gives 400 validation_failed',
    (a) =>
      isOp(a, 'listEventsByPeriod') &&
      ([...values(a, 'dueFrom'), ...values(a, 'dueTo')].some((v) => !isCalendarDate(v)) ||
        values(a, 'dueMonth').some((v) => !YEAR_MONTH.test(v))),
  ),
  refused('INV-015', 'issueDateTo before issueDateFrom gives 400 validation_failed', (a) =>
    reversed(a, 'issueDateFrom', 'issueDateTo'),
  ),
  refused('INV-017', 'createdTo before createdFrom gives 400 validation_failed', (a) =>
    reversed(a, 'createdFrom', 'createdTo'),
  ),
  refused(
    'INV-023',
    'an invoice date window bound that is not YYYY-MM-DD gives 400 validation_failed',
    (a) =>
      isOp(a, 'listInvoices') &&
      ['issueDateFrom', 'issueDateTo', 'createdFrom', 'createdTo'].some((n) =>
        values(a, n).some((v) => !isCalendarDate(v)),
      ),
  ),
  refused(
    'SYNC-050',
    'a sync POST whose body is not JSON or has no items array gives 400 validation_failed',
    (a) => {
      const b = body(a);
      return isOp(a, 'syncPatents') && !(isObject(b) && Array.isArray(b.items));
    },
  ),
  refused('SYNC-033', 'a sync POST with an empty items array gives 400 validation_failed', (a) => {
    const b = body(a);
    return isOp(a, 'syncPatents') && isObject(b) && Array.isArray(b.items) && b.items.length === 0;
  }),
  refused('SYNC-034', 'a sync POST whose items hold a non-object entry gives 400 validation_failed', (a) => {
    const b = body(a);
    return (
      isOp(a, 'syncPatents') &&
      isObject(b) &&
      Array.isArray(b.items) &&
      b.items.some((item) => !isObject(item))
    );
  }),
  refused('SYNC-032', 'a sync POST with an empty externalImportRef gives 400 validation_failed', (a) => {
    const b = body(a);
    return isOp(a, 'syncPatents') && isObject(b) && b.externalImportRef === '';
  }),
  refused(
    'INS-019',
    'an instruction POST whose body is not JSON or has no instructions array gives 400 validation_failed',
    (a) => {
      const b = body(a);
      return isOp(a, 'postInstructions') && !(isObject(b) && Array.isArray(b.instructions));
    },
  ),
  refused('INS-011', 'an instruction entry whose eventId is not a UUID gives 400 validation_failed', (a) => {
    const b = body(a);
    return (
      isOp(a, 'postInstructions') &&
      isObject(b) &&
      Array.isArray(b.instructions) &&
      b.instructions.some((e) => isObject(e) && !(typeof e.eventId === 'string' && UUID.test(e.eventId)))
    );
  }),
  refused(
    'INS-012',
    'an instruction entry whose decision is missing or unknown gives 400 validation_failed',
    (a) => {
      const b = body(a);
      return (
        isOp(a, 'postInstructions') &&
        isObject(b) &&
        Array.isArray(b.instructions) &&
        b.instructions.some((e) => isObject(e) && !DECISIONS.includes(e.decision as string))
      );
    },
  ),
];

const API_KEY = /^[0-9a-fA-F]{64}$/;

/** The answer to a request whose key is missing or malformed: 401 invalid_api_key. */
function keyRefused(id: string, title: string, carries: (key: string | undefined) => boolean): Invariant {
  return {
    id,
    title,
    subject: ANSWER,
    judge: (_, answer) => {
      if (!answer.path.startsWith(API_PREFIX) || !carries(answer.requestHeaders['x-api-key']))
        return undefined;
      const code = isObject(answer.body) ? answer.body.code : undefined;
      return once(
        answer.status === 401 && code === 'invalid_api_key'
          ? undefined
          : `answered ${answer.status} ${show(code ?? '')}`,
      );
    },
  };
}

const isDocument = (answer: AnswerFacts) => /Document$/.test(answer.operationId ?? '');

const HEADER_INVARIANTS: Invariant[] = [
  keyRefused('AUTH-005', 'a request without x-api-key gets 401 invalid_api_key', (key) => key === undefined),
  keyRefused(
    'AUTH-002',
    'an x-api-key that is not 64 hexadecimal characters gets 401 invalid_api_key',
    (key) => key !== undefined && !API_KEY.test(key),
  ),
  {
    id: 'CORR-004',
    title: 'an empty inbound X-Request-Id still gets a non-empty generated one',
    subject: ANSWER,
    judge: (_, answer) => {
      const sent = answer.requestHeaders[REQUEST_ID];
      if (sent === undefined || sent.trim() !== '') return undefined;
      return once(
        (answer.headers[REQUEST_ID] ?? '').trim() !== '' ? undefined : 'X-Request-Id is missing or empty',
      );
    },
  },
  {
    id: 'CONV-001',
    title: 'a 2xx answer other than a PDF download has content type application/json',
    subject: ANSWER,
    judge: (_, answer) => {
      if (
        answer.status < 200 ||
        answer.status >= 300 ||
        !answer.path.startsWith(API_PREFIX) ||
        isDocument(answer)
      )
        return undefined;
      return once(
        answer.mediaType === 'application/json'
          ? undefined
          : `content type ${answer.headers['content-type'] ?? '(absent)'}`,
      );
    },
  },
  {
    id: 'DOC-002',
    title: 'a 200 document download has content type application/pdf',
    subject: ANSWER,
    judge: (_, answer) =>
      isDocument(answer) && answer.status === 200
        ? once(
            answer.mediaType === 'application/pdf'
              ? undefined
              : `content type ${answer.headers['content-type'] ?? '(absent)'}`,
          )
        : undefined,
  },
  {
    id: 'DOC-003',
    title: 'a 200 document download is delivered as an attachment',
    subject: ANSWER,
    judge: (_, answer) => {
      if (!isDocument(answer) || answer.status !== 200) return undefined;
      const disposition = (answer.headers['content-disposition'] ?? '').split(';')[0]!.trim().toLowerCase();
      return once(
        disposition === 'attachment'
          ? undefined
          : `Content-Disposition ${show(answer.headers['content-disposition'])}`,
      );
    },
  },
];

export const ANSWER_INVARIANTS: readonly Invariant[] = [
  ...BASE_ANSWER_INVARIANTS,
  ...PROBLEM_BODY_INVARIANTS,
  ...REFUSED_REQUESTS,
  ...HEADER_INVARIANTS,
];
