/**
 * Variants of the area problems (PROB-*): Problem bodies and error codes.
 * The first requirement each one relaxes is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const PROBLEMS_VARIANTS = [
  {
    name: 'problem-other-texts-no-instance',
    requirements: ['PROB-004', 'PROB-006', 'PROB-023'],
    freedom:
      'Errors member table: title is "display only", detail is "optional" and "never to be parsed", instance is "optional".',
    summary:
      'Problem titles are the HTTP reason phrases, detail is another sentence, and instance is absent.',
  },
  {
    name: 'problems-without-detail-or-instance',
    requirements: ['PROB-006'],
    freedom:
      'Errors member table: "detail | string, occurrence-specific, never to be parsed | optional", "instance | string, typically the request path | optional".',
    summary: 'Problem bodies carry neither detail nor instance, at every status.',
  },
  {
    name: 'malformed-json-empty-errors',
    requirements: ['PROB-009', 'INS-019', 'SYNC-050'],
    freedom:
      'Errors: errors[] is present "on validation_failed"; how many field errors an unparseable body gets is not stated (it has no member to point into).',
    summary: 'A body that is not valid JSON gives 400 validation_failed with errors: [].',
  },
  {
    name: 'missing-member-pointer-parent',
    requirements: ['PROB-024', 'INS-012'],
    freedom:
      'Errors: a field error pointer is an "RFC 6901 JSON Pointer into the request body"; a member that was not sent is not in the body, so the pointer may designate the object lacking it (schemas/OPEN-POINTS.md B20).',
    summary:
      'A field error for a missing required member points at the object lacking it (/instructions/0, or "" for the root), as Ajv reports it.',
  },
  {
    name: 'query-path-pointer-by-name',
    requirements: ['PROB-025', 'PROB-026', 'CONV-011'],
    freedom:
      'Errors: a field error\'s `pointer` is an "RFC 6901 JSON Pointer into the request body"; for a query or path parameter, which is not in the body, its value is not stated.',
    summary: 'Field errors of query and path parameters point at them as `query.<name>` or `path.<name>`.',
  },
  {
    name: 'field-error-codes-own',
    requirements: ['PROB-026', 'INS-025', 'INS-026'],
    freedom:
      'Errors: field error `code` "for example `invalid_string` ..."; "The complete list of field-level codes: not shown."',
    summary: "Field errors carry the validator's own keyword names (format, enum, required...) as codes.",
  },
] as const satisfies readonly VariantDefinition[];
