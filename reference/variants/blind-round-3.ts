/**
 * Variants of blind round 3: freedoms described by a reader who had only the contract. Each is a behaviour a
 * conformant server may have; the suite must pass against every one of them.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const BLIND_ROUND_3_VARIANTS = [
  {
    name: 'default-list-order-by-created-desc',
    requirements: ['PER-001', 'PAT-022', 'PAG-009'],
    freedom:
      'Gaps in the endpoint list: "Default ordering of the patent list and of the by-period event list: not shown."',
    summary:
      'Without sort, the patent list serves the most recently created patents first and the by-period list orders its events by patent office, then by due date.',
  },
  {
    name: 'processing-status-unchanged-by-instruction',
    requirements: ['INS-008', 'EVT-012'],
    freedom:
      'Event processing status and due period: "Transitions between these values, and the effect of an executed instruction on processingStatus, are: not shown."',
    summary:
      'An executed PROCEED or SKIP_THIS_TIME leaves processingStatus as it was (the back office moves it later), while an executed DROP sets it straight to FULFILLED.',
  },
  {
    name: 'blocked-reason-precedence-earlier-pending',
    requirements: ['INS-021', 'EVT-026', 'EVT-021'],
    freedom:
      'Instructability: blockedReason is "ALREADY_INSTRUCTED, TOO_EARLY, EARLIER_EVENT_PENDING" and "The flag is computed by the same rule that the instruction POST enforces"; which reason (and error code) wins when an event is both before its opensAt and behind an earlier un-instructed event is not stated.',
    summary:
      'An event that is both too early and behind an earlier pending event reads EARLIER_EVENT_PENDING, and its POST answers 422 instruction_skipped instead of instruction_too_early.',
  },
] as const satisfies readonly VariantDefinition[];
