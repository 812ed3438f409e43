/**
 * Variants of blind round 10: freedoms described by a reader who had only the contract. Each is a behaviour a
 * conformant server may have; the suite must pass against every one of them.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const BLIND_ROUND_10_VARIANTS = [
  {
    name: 'default-list-order-by-last-update',
    requirements: ['PAT-022', 'PER-001', 'PAG-009'],
    freedom:
      'Gaps in the endpoint list: "Default ordering of the patent list and of the by-period event list: not shown."',
    summary:
      'Without sort, the patent list is ordered by updatedAt descending (a patent just updated comes first), ties by id, and the by-period list by patent office, then by due date.',
  },
] as const satisfies readonly VariantDefinition[];
