/**
 * Variants of blind round 4: freedoms described by a reader who had only the contract. Each is a behaviour a
 * conformant server may have; the suite must pass against every one of them.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const BLIND_ROUND_4_VARIANTS = [
  {
    name: 'triaged-batch-stays-triaged-after-review',
    requirements: ['SYNC-024'],
    freedom:
      'Sync batch and item outcomes: "Which trigger moves a batch to SETTLED or to ERROR, and the outcome label of a proposal refused in review: not shown."',
    summary:
      'A batch that was TRIAGED stays TRIAGED once its proposals are all accepted or refused, waiting for a housekeeping step that no run sees, with the completedAt it got at triage.',
  },
] as const satisfies readonly VariantDefinition[];
