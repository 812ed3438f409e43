/**
 * Variants of the area events (EVT-*): Patent events, renewal and instructability.
 * The first requirement each one relaxes is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const EVENTS_VARIANTS = [
  {
    name: 'processing-status-advanced-by-back-office',
    requirements: ['EVT-012', 'EVT-013'],
    freedom:
      'Event processing status and due period: "Transitions between these values, and the effect of an executed instruction on processingStatus, are: not shown."',
    summary:
      'The back office moves an instructed event on between two reads: every read after the first shows processingStatus PAYMENT_SENT, and a later processingStatusUpdatedAt and updatedAt.',
  },
  {
    name: 'grace-period-events-held',
    requirements: ['EVT-017', 'EVT-021'],
    freedom:
      'Instructability: blockedReason lists ALREADY_INSTRUCTED, TOO_EARLY, EARLIER_EVENT_PENDING and is "null when allowed"; Errors: "Other 422 codes beyond the three instruction ones: not shown." Blocks for other reasons are not excluded (schemas/OPEN-POINTS.md B21, E3).',
    summary:
      'An event more than three months into its grace period is held for the operators: isAllowed false, no decision offered, blockedReason null; the instruction POST refuses it (422 instruction_lapsed, no decision offered).',
  },
  {
    name: 'allowed-decisions-reversed',
    requirements: ['EVT-018'],
    freedom:
      'Instructability: allowedDecisions is an "array of string", "valid decisions now"; its order is not stated.',
    summary: 'allowedDecisions lists the decisions in reverse order (DROP, SKIP_THIS_TIME, PROCEED).',
  },
  {
    name: 'patent-events-latest-first',
    requirements: ['EVT-029'],
    freedom:
      'Endpoint 3: the events of a patent are "ordered by due date"; the direction is not stated, where the contract states it elsewhere (sort `-field`, default `-issueDate`) (schemas/OPEN-POINTS.md E3).',
    summary: 'GET /patents/{patentId}/events lists the events by due date descending (latest first).',
  },
] as const satisfies readonly VariantDefinition[];
