/**
 * Variants of the area sync (SYNC-*): Portfolio sync and sync batches.
 * The first requirement each one relaxes is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const SYNC_VARIANTS = [
  {
    name: 'sync-batch-read-extra-members',
    requirements: ['SYNC-002'],
    freedom:
      'Endpoint 9: "Response 200: Patent sync batch with one page of per-item outcomes"; Versioning: "Additive evolution" (no schema of the document forbids an additional member), so the status read may carry members the POST answer lacks (schemas/OPEN-POINTS.md E1.3).',
    summary:
      'The sync status read carries extra members (readAt, links) and each result item a position, which the POST answer lacks.',
  },
  {
    name: 'triaged-batch-completed-at-null',
    requirements: ['SYNC-011'],
    freedom:
      'Patent sync batch: completedAt is "null while PENDING or PROCESSING"; its value in the other statuses is not stated.',
    summary:
      'A sync batch reads completedAt null while it is TRIAGED; the date-time shows once it is SETTLED.',
  },
  {
    name: 'sync-refused-outcome-label',
    requirements: ['SYNC-016', 'SYNC-046', 'SYNC-051'],
    freedom:
      'Sync batch and item outcomes: "the outcome label of a proposal refused in review: not shown" (schemas/OPEN-POINTS.md E1.1).',
    summary:
      "A proposal refused in review reads with the outcome REFUSED (and the reviewer's reason) on later polls.",
  },
  {
    name: 'inline-batch-settles-on-read',
    requirements: ['SYNC-019', 'SYNC-002', 'SYNC-024'],
    freedom:
      'Sync batch and item outcomes: "Which trigger moves a batch to SETTLED or to ERROR ... not shown." (schemas/OPEN-POINTS.md A8); the inline 201 must return final outcomes, not a final batch status.',
    summary:
      'The 201 answer of an inline batch with nothing to wait on says PROCESSING (completedAt null); the batch settles on its first status GET and reads SETTLED from then on.',
  },
  {
    name: 'sync-background-slow',
    requirements: ['SYNC-022', 'SYNC-005', 'SYNC-012', 'SYNC-024'],
    freedom:
      'Sync batch and item outcomes: more than 100 items are processed in the background ("then PROCESSING"); no duration is stated (schemas/OPEN-POINTS.md E1.2).',
    summary:
      'A background batch processes its first 50 items, then stays PROCESSING for ten minutes, longer than the polling budget (ASYNC_TIMEOUT_MS).',
  },
  {
    name: 'sync-background-twenty-seconds',
    requirements: ['SYNC-022', 'SYNC-005', 'SYNC-012', 'SYNC-024'],
    freedom:
      'Sync batch and item outcomes: more than 100 items are processed in the background ("then PROCESSING"); no duration is stated (schemas/OPEN-POINTS.md E1.2).',
    summary:
      'A background batch waits 20 s in its queue (PENDING) before it is processed: longer than a gate waits (ASYNC_TIMEOUT_MS), shorter than a certification does.',
  },
] as const satisfies readonly VariantDefinition[];
