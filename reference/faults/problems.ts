/**
 * Faults of the area problems (PROB-*): Problem bodies and error codes.
 * The first requirement each one breaks is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { FaultDefinition } from './catalogue-types';

export const PROBLEMS_FAULTS = [
  {
    name: 'non-json-body-plain-415',
    requirements: ['PROB-001'],
    summary:
      "A body whose content type is not JSON is refused with the framework's bare text/plain 415 instead of a problem.",
  },
  {
    name: 'oversized-header-bare-431',
    requirements: ['PROB-001'],
    summary:
      "A request whose headers exceed the server's limit gets Node's own 431 with no body instead of a problem.",
  },
  {
    name: 'problem-served-as-json',
    requirements: ['PROB-001'],
    summary: 'Problem responses are served as application/json instead of application/problem+json.',
  },
  {
    name: 'undefined-method-plain-405',
    requirements: ['PROB-001'],
    summary:
      "A method the path does not define (DELETE on a patent) gets the router's text/plain 405 with Allow instead of a problem.",
  },
  {
    name: 'unknown-route-plain-404',
    requirements: ['PROB-001'],
    summary:
      'An unknown route under /api/v2/external/ is answered with the framework default text/plain 404.',
  },
  {
    name: 'problem-type-from-title',
    requirements: ['PROB-002'],
    summary:
      'The problem type is built from the human title (/errors/Not found), which is no URI reference: it holds a space.',
  },
  {
    name: 'problem-type-missing',
    requirements: ['PROB-002'],
    summary:
      "Problem bodies leave type out (RFC 9457's about:blank default) instead of carrying the /errors/... reference.",
  },
  {
    name: 'problem-type-underscored',
    requirements: ['PROB-003', 'PROB-011', 'PROB-012', 'PROB-013', 'PROB-014', 'PROB-022'],
    summary:
      'The problem type is built from the code without dashes (/errors/not_found instead of /errors/not-found).',
  },
  {
    name: 'problem-title-missing',
    requirements: ['PROB-004'],
    summary: 'Problem bodies carry no title member.',
  },
  {
    name: 'problem-status-as-string',
    requirements: ['PROB-005'],
    summary: 'The status member of a problem is the string "404" instead of the integer 404.',
  },
  {
    name: 'problem-instance-null',
    requirements: ['PROB-006'],
    summary: 'Problem bodies carry "instance": null instead of a string or no instance member.',
  },
  {
    name: 'problem-code-missing',
    requirements: ['PROB-007'],
    summary: 'Problem bodies carry no code member, so clients have nothing stable to switch on.',
  },
  {
    name: 'problem-request-id-missing',
    requirements: ['PROB-008'],
    summary:
      'Problem bodies carry no requestId member: the correlation id is only in the X-Request-Id header.',
  },
  {
    name: 'malformed-json-internal-error',
    requirements: ['PROB-009', 'INS-019', 'SYNC-050'],
    summary:
      "The routes read a JSON body with the framework's parser, whose SyntaxError on a body that is not JSON ends as 500 internal_error instead of 400 validation_failed.",
  },
  {
    name: 'validation-errors-missing',
    requirements: ['PROB-009'],
    summary: 'A 400 validation_failed problem carries no errors array.',
  },
  {
    name: 'problem-extensions-nested',
    requirements: ['PROB-010', 'PROB-009', 'SCOPE-008'],
    summary:
      'Extension members (errors, requiredScope, existingBatchId...) are nested under an "extensions" member instead of the top level.',
  },
  {
    name: 'capability-missing-as-not-found',
    requirements: ['PROB-015'],
    summary:
      'The routes of a capability the tenant lacks are hidden as 404 not_found instead of 403 forbidden.',
  },
  {
    name: 'instructions-unknown-event-validation-failed',
    requirements: ['PROB-016'],
    summary:
      'The batch validator checks that each event exists and reports an unknown one as a field error: 400 validation_failed at /instructions/N/eventId instead of 404 not_found.',
  },
  {
    name: 'invoices-read-by-event-id',
    requirements: ['PROB-016', 'INV-022'],
    summary:
      "The invoice read falls back to the invoice of the event when the id names no invoice, so an event id read as an invoice id answers 200 with the event's invoice instead of 404.",
  },
  {
    name: 'unknown-event-id-500',
    requirements: ['PROB-016'],
    summary:
      'The event lookup lacks its missing-record check: an unknown event id under a known patent fails with 500 instead of 404.',
  },
  {
    name: 'problem-type-409-by-status',
    requirements: ['PROB-017'],
    summary:
      'Problem types of 409 answers are looked up by HTTP status, so instruction_already_set gets the type /errors/conflict.',
  },
  {
    name: 'sync-conflict-as-422',
    requirements: ['PROB-018'],
    summary:
      'The reuse of an externalImportRef with other items is answered 422 (as in the IETF Idempotency-Key draft) instead of 409 conflict.',
  },
  {
    name: 'instruction-too-early-as-425',
    requirements: ['PROB-019'],
    summary: 'instruction_too_early is mapped to HTTP 425 Too Early instead of 422.',
  },
  {
    name: 'instruction-skipped-type-from-reason',
    requirements: ['PROB-020'],
    summary:
      'instruction_skipped gets the type /errors/earlier-event-pending (named after the blockedReason) instead of /errors/instruction-skipped.',
  },
  {
    name: 'instruction-lapsed-as-410',
    requirements: ['PROB-021'],
    summary:
      'instruction_lapsed (a decision not offered on a lapsed event) is mapped to HTTP 410 Gone instead of 422.',
  },
  {
    name: 'internal-error-detail-exception',
    requirements: ['PROB-023'],
    summary:
      'The detail of 500 internal_error is the exception as a string: its class name and message (InjectedFailureError: ...).',
  },
  {
    name: 'internal-error-detail-file-path',
    requirements: ['PROB-023'],
    summary: 'The detail of 500 internal_error names the source file of the module that failed.',
  },
  {
    name: 'internal-error-detail-sql',
    requirements: ['PROB-023'],
    summary: 'The detail of 500 internal_error carries the SQL statement that was running when it failed.',
  },
  {
    name: 'internal-error-detail-stack',
    requirements: ['PROB-023'],
    summary:
      'The error handler puts the failure stack trace in the detail of 500 internal_error instead of a generic text.',
  },
  {
    name: 'pointer-dotted-path',
    requirements: ['PROB-024'],
    summary:
      'Field error pointers are dotted property paths (instructions.0.eventId) instead of RFC 6901 pointers (/instructions/0/eventId).',
  },
  {
    name: 'pointer-names-member-only',
    requirements: ['PROB-024'],
    summary:
      'A field error pointer names only the offending member (/eventId) instead of pointing to it from the body root.',
  },
  {
    name: 'field-error-code-missing',
    requirements: ['PROB-026'],
    summary: 'Field errors carry pointer and message only, without their stable code.',
  },
] as const satisfies readonly FaultDefinition[];
