/**
 * Invariants of the answer itself (its status, headers, the code table, the members of the problem body from
 * ./problem-invariants.ts) and of the request that produced it: part of the registry (./invariants.ts).
 * Contract: Errors; Authentication 8 (correlation); Endpoints (400 for malformed parameters).
 */
import { isCalendarDate } from './calendar';
import { errorCodes } from './contract';
import {
  ANSWER,
  API_PREFIX,
  type AnswerFacts,
  type Invariant,
  isObject,
  once,
  show,
  BEFORE_VALIDATION,
  YEAR_MONTH,
} from './invariant-types';
import { loadRequirements } from '../../schemas/requirements';
import { UUID } from './uuid';
import { DECISIONS, PROBLEM_INVARIANTS, problemAnswer, problemBody } from './problem-invariants';

const REQUEST_ID = 'x-request-id';

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
  ...PROBLEM_INVARIANTS,
  ...REFUSED_REQUESTS,
  ...HEADER_INVARIANTS,
];
