/**
 * Variants of blind round 2: freedoms described by a reader who had only the contract. Each is a behaviour a
 * conformant server may have; the suite must pass against every one of them.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const BLIND_ROUND_2_VARIANTS = [
  {
    name: 'variant-default-list-ordering',
    requirements: ['PAT-022', 'PER-001', 'PAG-009'],
    freedom:
      'Gaps in the endpoint list: "Default ordering of the patent list and of the by-period event list: not shown."',
    summary:
      'Without sort, the patent list is ordered by createdAt descending (newest first) and the by-period list by due date, then by the patent providerId.',
  },
  {
    name: 'variant-extra-problem-members',
    requirements: ['EVO-003', 'PROB-010'],
    freedom:
      'Errors: "Unrecognized members are ignored by clients. Extension members sit at the top level of the body."; Versioning: "new extension members in problem bodies may appear without notice"; member table: detail is "optional", instance is "string, typically the request path" and "optional".',
    summary:
      'Problem bodies carry timestamp and docs members, no detail on 401 and 403, no instance on 429, and elsewhere an instance holding the path with its query string.',
  },
  {
    name: 'variant-other-field-error-codes',
    requirements: ['PROB-026'],
    freedom: 'Errors: "The complete list of field-level codes: not shown."',
    summary:
      'A field error for a value that is not a YYYY-MM-DD date (dueFrom, dueTo, the invoice windows) has the code invalid_date.',
  },
  {
    name: 'variant-sort-null-placement-and-ties',
    requirements: ['PAT-017'],
    freedom:
      'Endpoint 1: sort is "`field` ascending, `-field` descending"; where null values go and how equal values are ordered is not stated.',
    summary:
      'A sorted patent list puts null values last ascending and first descending (as PostgreSQL does), ties by id.',
  },
] as const satisfies readonly VariantDefinition[];
