/**
 * RFC 9457 problem details: the contract's table of codes in one place, and the error type handlers throw.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { isFault, isVariant } from './behaviour';

export const PROBLEMS = {
  validation_failed: { status: 400, title: 'Validation failed' },
  invalid_api_key: { status: 401, title: 'Invalid API key' },
  api_key_expired: { status: 401, title: 'API key expired' },
  insufficient_scope: { status: 403, title: 'Insufficient scope' },
  forbidden: { status: 403, title: 'Forbidden' },
  not_found: { status: 404, title: 'Not found' },
  instruction_already_set: { status: 409, title: 'Instruction already set' },
  conflict: { status: 409, title: 'Conflict' },
  instruction_too_early: { status: 422, title: 'Instruction too early' },
  instruction_skipped: { status: 422, title: 'Earlier renewal pending' },
  instruction_lapsed: { status: 422, title: 'Decision not available' },
  rate_limit_exceeded: { status: 429, title: 'Rate limit exceeded' },
  internal_error: { status: 500, title: 'Internal error' },
  // Not in the contract's table ("Other 422 codes beyond the three instruction ones: not shown"): a code of the
  // server's own, used only by the variant other-422-code-same-patent.
  instruction_batch_invalid: { status: 422, title: 'Invalid instruction batch' },
  // Not in the contract's table either: the code of the fault document-not-ready-custom-code.
  document_not_available: { status: 404, title: 'Document not available' },
  // Requests Node cannot read (answered before any route): statuses the contract's table does not cover, so
  // codes of the server's own; the media type rule holds for them too.
  request_header_fields_too_large: { status: 431, title: 'Request header fields too large' },
  bad_request: { status: 400, title: 'Bad request' },
} as const;

export type ProblemCode = keyof typeof PROBLEMS;

export interface FieldError {
  pointer: string;
  code: string;
  message: string;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** `/errors/<code with dashes>`, as in the contract's error table. */
export function problemType(code: ProblemCode): string {
  if (isFault('problem-type-underscored')) return `/errors/${code}`;
  if (isFault('instruction-skipped-type-from-reason') && code === 'instruction_skipped')
    return '/errors/earlier-event-pending';
  if (isFault('problem-type-409-by-status') && PROBLEMS[code].status === 409) return '/errors/conflict';
  return `/errors/${code.replace(/_/g, '-')}`;
}

/** Thrown by any layer; the error handler turns it into the response. */
export class ProblemError extends Error {
  readonly code: ProblemCode;
  readonly detail: string | undefined;
  readonly extensions: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    code: ProblemCode,
    detail?: string,
    extensions: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(detail ?? code);
    this.code = code;
    this.detail = detail;
    this.extensions = extensions;
    this.headers = headers;
  }

  get status(): number {
    if (isFault('instruction-too-early-as-425') && this.code === 'instruction_too_early') return 425;
    if (isFault('sync-conflict-as-422') && this.code === 'conflict') return 422;
    if (isFault('instruction-lapsed-as-410') && this.code === 'instruction_lapsed') return 410;
    return PROBLEMS[this.code].status;
  }
}

export function validationFailed(errors: FieldError[], detail = 'The request is not valid.'): ProblemError {
  if (isFault('validation-errors-missing')) return new ProblemError('validation_failed', detail);
  return new ProblemError('validation_failed', detail, { errors });
}

/** The one not-found answer, whatever is missing and whoever owns it, so the body never tells them apart. */
export function notFound(): ProblemError {
  return new ProblemError('not_found', 'The requested resource was not found.');
}

export function problemBody(
  problem: ProblemError,
  requestId: string | null,
  instance: string,
): Record<string, unknown> {
  const { status } = problem;
  const { title } = PROBLEMS[problem.code];
  const body: Record<string, unknown> = {
    type: problemType(problem.code),
    title,
    status,
    ...(problem.detail === undefined ? {} : { detail: problem.detail }),
    instance,
    code: problem.code,
    requestId,
    ...problem.extensions,
  };
  if (isFault('problem-status-as-string')) body.status = String(status);
  if (isFault('problem-code-missing')) delete body.code;
  if (isFault('problem-title-missing')) delete body.title;
  if (isFault('problem-request-id-null')) body.requestId = null;
  if (isFault('problem-request-id-missing')) delete body.requestId;
  if (isFault('problem-type-missing')) delete body.type;
  if (isFault('problem-instance-null')) body.instance = null;
  if (isFault('problem-extensions-nested')) {
    for (const name of Object.keys(problem.extensions)) delete body[name];
    body.extensions = problem.extensions;
  }
  if (isVariant('problem-other-texts-no-instance')) {
    // title and detail are display-only, instance is optional.
    body.title = STATUS_CODES[status] ?? 'Error';
    body.detail = `The request failed with ${problem.code}.`;
    delete body.instance;
  }
  if (isVariant('variant-extra-problem-members')) {
    // Members of the server's own; detail left out of the 401 and 403 answers, instance out of the 429.
    Object.assign(body, {
      timestamp: new Date().toISOString(),
      docs: `https://developer.patent-renewal.example${problemType(problem.code)}`,
    });
    if (status === 401 || status === 403) delete body.detail;
    if (status === 429) delete body.instance;
  }
  if (isVariant('problem-extension-members')) {
    // Members the contract does not list; clients ignore them.
    Object.assign(body, {
      traceId: randomUUID().replace(/-/g, ''),
      retryable: status >= 500,
      docs: { href: `/docs${problemType(problem.code)}` },
    });
  }
  return body;
}

/** RFC 6901 escaping of one reference token. */
export function escapePointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointer(...tokens: (string | number)[]): string {
  return tokens.map((t) => `/${escapePointerToken(t)}`).join('');
}
