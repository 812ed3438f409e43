/**
 * The rules of the Problems area (PROB-) one answer decides: the media type of a problem, its members, each
 * code of the contract's table with its status and type, the field errors of validation_failed and what the
 * detail of an internal error must not show. Part of the registry (./registry.ts).
 * Contract: Errors.
 */
import { errorCodes } from '../contract/contract';
import { ANSWER, type AnswerFacts, type Invariant, isObject, once, show } from '../contract/invariant-types';
import { isJsonPointer, pointerMisfit } from '../contract/json-pointer';
import {
  bodyMembers,
  bodyOnly,
  fieldErrorsOf,
  ofCode,
  ofProblem,
  problemAnswer,
  problemBody,
} from '../contract/problem-bodies';
import { refused } from '../contract/request-refusals';
import { schemaErrors } from '../contract/schema-conformance';
import { loadRequirements } from '../../schemas/requirements';

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

/**
 * The error codes whose rule would be dropped: no problems requirement, or more than one, has their type as
 * its clause. A project test holds the list empty, so that a new code cannot lose its judge in silence.
 */
export const codesWithoutRequirement = (): string[] =>
  errorCodes()
    .map((code) => code.code)
    .filter((code) => CODE_REQUIREMENTS[code] === undefined);

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

/**
 * A request body the contract refuses (`refused`: 400 validation_failed) and, when the body parsed, what the
 * refusal states of it in its field errors: at least one, each pointing into the body sent (a value of it, or
 * where a member it lacks would be), and a pointer among each list `expected` names for the request. For the
 * areas that refuse a body (instructions, sync), charged to their own requirement.
 */
export function refusedBody(
  id: string,
  title: string,
  carries: (answer: AnswerFacts) => boolean,
  expected: (answer: AnswerFacts) => readonly (readonly string[])[] = () => [],
): Invariant {
  const rule = refused(id, title, carries);
  return {
    ...rule,
    judge: (subject, answer, placement) => {
      const found = rule.judge(subject, answer, placement);
      if (found === undefined || found.length > 0 || answer.requestBody === undefined) return found;
      const errors = isObject(answer.body) ? fieldErrorsOf(answer.body) : [];
      if (errors.length === 0) return ['no field error for a body that parsed'];
      const pointers = errors.map((e) => (isObject(e) ? e.pointer : undefined));
      return [
        ...pointers.flatMap((pointer, i) => {
          const misfit = pointerMisfit(answer.requestBody, pointer);
          return misfit === undefined ? [] : [`errors/${i}: ${misfit}`];
        }),
        ...expected(answer)
          .filter((among) => !pointers.some((p) => typeof p === 'string' && among.includes(p)))
          .map((among) => `no field error points at ${among.map((p) => show(p)).join(' or ')}`),
      ];
    },
  };
}

export const PROBLEMS_RULES: readonly Invariant[] = [
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
  // At the top level, each holds the value its code's schema documents (a string requiredScope, an array
  // missingPreviousRenewalDates...), not a wrapper of it; what sits inside (a field error) is another rule's.
  ofProblem('PROB-010', "the extension members of a problem's code sit at the top level of its body", (b) => {
    const code = errorCodes().find((c) => c.code === b.code);
    if (!code || code.extensions.length === 0) return undefined;
    const schemaBreaches = [...new Set(schemaErrors(code.schema, b))];
    return code.extensions.flatMap((m) =>
      !(m in b)
        ? [`${m} is not a top-level member`]
        : schemaBreaches.filter((e) => e.startsWith(`/${m} `)).map((e) => `top-level ${e}`),
    );
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
];
