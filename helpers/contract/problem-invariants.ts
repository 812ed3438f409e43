/**
 * Invariants of the problem body (the Errors section): the members of every problem, the codes with their
 * field errors, and what the detail of an internal error must not show: part of the registry
 * (./invariants.ts), gathered with the other rules of the answer (./answer-invariants.ts).
 * Contract: Errors.
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
} from './invariant-types';
import { isJsonPointer, pointerMisfit } from './json-pointer';
import { members } from './partitions';
import { UUID } from './uuid';

/** A problem answer under the API's prefix: the Errors section's rules apply. */
export const problemAnswer = (answer: AnswerFacts) =>
  answer.status >= 400 && answer.path.startsWith(API_PREFIX);
export const problemBody = (answer: AnswerFacts): Json | undefined =>
  problemAnswer(answer) && answer.mediaType === 'application/problem+json' && isObject(answer.body)
    ? answer.body
    : undefined;

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

/** The decisions of the contract (the instruction rules read them too). */
export const DECISIONS: readonly unknown[] = enumOf('Decision');

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

/** The rules of the problem body, in registry order. */
export const PROBLEM_INVARIANTS: readonly Invariant[] = PROBLEM_BODY_INVARIANTS;
