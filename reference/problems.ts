/**
 * RFC 9457 problem details: the codes the server answers with, and the error type handlers throw. The codes of
 * the contract's table, with their status, come from schemas/openapi.yaml; the server adds codes of its own.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { errorCodes, type ErrorCodeName } from '../schemas/openapi-facts';
import { isFault, isVariant } from './behaviour';

/** Codes of the server's own, outside the contract's table, with their status. */
const OWN_CODES = {
  // "Other 422 codes beyond the three instruction ones: not shown": used only by the variant
  // other-422-code-same-patent.
  instruction_batch_invalid: 422,
  // Requests Node cannot read (answered before any route): statuses the contract's table does not cover; the
  // media type rule holds for them too.
  request_header_fields_too_large: 431,
  bad_request: 400,
  // The code of the fault document-not-ready-custom-code.
  document_not_available: 404,
} as const;

export type ProblemCode = ErrorCodeName | keyof typeof OWN_CODES;

/** The contract's table by code: status and type. */
const TABLE: ReadonlyMap<ProblemCode, { status: number; type: string }> = new Map(
  errorCodes().map((e) => [e.code, e] as const),
);

/** Display titles ("display only") where the code read as words is not the one shown. */
const TITLES: Partial<Record<ProblemCode, string>> = {
  invalid_api_key: 'Invalid API key',
  api_key_expired: 'API key expired',
  instruction_skipped: 'Earlier renewal pending',
  instruction_lapsed: 'Decision not available',
  instruction_batch_invalid: 'Invalid instruction batch',
};

function statusOf(code: ProblemCode): number {
  return TABLE.get(code)?.status ?? OWN_CODES[code as keyof typeof OWN_CODES];
}

function titleOf(code: ProblemCode): string {
  const words = code.replace(/_/g, ' ');
  return TITLES[code] ?? `${words[0]!.toUpperCase()}${words.slice(1)}`;
}

export interface FieldError {
  pointer: string;
  code: string;
  message: string;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** The type of the contract's error table; `/errors/<code with dashes>` for a code of the server's own. */
export function problemType(code: ProblemCode): string {
  if (isFault('problem-type-underscored')) return `/errors/${code}`;
  if (isFault('problem-type-from-title')) return `/errors/${titleOf(code)}`;
  if (isFault('instruction-skipped-type-from-reason') && code === 'instruction_skipped')
    return '/errors/earlier-event-pending';
  if (isFault('problem-type-409-by-status') && statusOf(code) === 409) return '/errors/conflict';
  return TABLE.get(code)?.type ?? `/errors/${code.replace(/_/g, '-')}`;
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
    return statusOf(this.code);
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
  const title = titleOf(problem.code);
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
  // (variant) detail is optional: left out below 500 (the 500 keeps its generic detail).
  if (isVariant('problem-without-detail') && status < 500) delete body.detail;
  if (isFault('problem-status-as-string')) body.status = String(status);
  if (isFault('problem-code-missing')) delete body.code;
  if (isFault('problem-title-missing')) delete body.title;
  if (isFault('problem-request-id-null')) body.requestId = null;
  if (isFault('instruction-problems-own-request-id') && /^instruction_/.test(problem.code))
    body.requestId = randomUUID();
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
  // (variant) Both optional members left out, at every status.
  if (isVariant('problems-without-detail-or-instance')) {
    delete body.detail;
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
