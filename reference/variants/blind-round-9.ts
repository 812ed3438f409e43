/**
 * Variants of blind round 9: freedoms described by a reader who had only the contract. Each is a behaviour a
 * conformant server may have; the suite must pass against every one of them.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const BLIND_ROUND_9_VARIANTS = [
  {
    name: 'by-period-list-ordered-by-patent-then-due-date',
    requirements: ['PER-001', 'PAG-009'],
    freedom: 'Default ordering of the patent list and of the by-period event list: not shown.',
    summary:
      'GET /patent-events lists the events grouped by patent (by its clientCaseReference, nulls last, then its id) and by due date within a patent, not by due date across the portfolio.',
  },
  {
    name: 'array-query-params-comma-separated',
    requirements: ['PER-007', 'PER-008', 'PER-009', 'PER-010'],
    freedom:
      'Wire encoding of repeatable array query parameters (offices, owners, family, eventTypes): not shown.',
    summary:
      'Array query parameters are read as comma-separated values (offices=EP,US) or as bracketed keys (offices[]=EP&offices[]=US); a plain key given several times (offices=EP&offices=US) keeps only its last value.',
  },
] as const satisfies readonly VariantDefinition[];
