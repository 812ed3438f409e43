/**
 * Variants of the area evolution (EVO-*): Versioning, path prefix and additive evolution.
 * The first requirement each one relaxes is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const EVOLUTION_VARIANTS = [
  {
    name: 'unknown-event-kinds',
    requirements: ['EVO-002', 'EVT-003', 'EVT-006'],
    freedom:
      'Events: "new kinds may be added and clients ignore kinds they do not handle"; Patent event: renewal is "non-null exactly when eventType is RENEWAL".',
    summary:
      'Every patent also has an ANNUITY_REMINDER event (renewal null) due a month before its first open renewal, in the per-patent and by-period lists.',
  },
  {
    name: 'problem-extension-members',
    requirements: ['EVO-003', 'PROB-010'],
    freedom:
      'Errors: "Unrecognized members are ignored by clients. Extension members sit at the top level of the body."; Versioning: "new extension members in problem bodies may appear without notice".',
    summary: 'Every problem body carries extra members: traceId, retryable and a docs object.',
  },
] as const satisfies readonly VariantDefinition[];
