/**
 * Faults of the area events (EVT-*): Patent events, renewal and instructability.
 * The first requirement each one breaks is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { FaultDefinition } from './catalogue-types';

export const EVENTS_FAULTS = [
  {
    name: 'events-object-v1-name',
    requirements: ['EVT-001'],
    summary: 'Events carry the v1 resource name renewal as object instead of patentEvent.',
  },
  {
    name: 'event-read-provider-id-truncated',
    requirements: ['EVT-002'],
    summary:
      "GET of one event takes patent.providerId from the events read model, whose column holds eight characters: a longer reference comes back cut, unlike the patent's own read and the lists.",
  },
  {
    name: 'events-patent-provider-id-from-case-reference',
    requirements: ['EVT-002'],
    summary: "The event's patent reference carries the patent's clientCaseReference as providerId.",
  },
  {
    name: 'events-event-type-lower-case',
    requirements: ['EVT-003', 'EVT-006'],
    summary:
      'eventType is written as the enum is stored, renewal instead of RENEWAL, on events that carry a renewal object.',
  },
  {
    name: 'events-renewal-null-without-sequence',
    requirements: ['EVT-006'],
    summary:
      'renewal is built only for events with a distinct payment sequence number, so most RENEWAL events show renewal null.',
  },
  {
    name: 'events-annuity-year-as-string',
    requirements: ['EVT-007'],
    summary: 'renewal.annuityYear is read from a varchar column and shown as a string.',
  },
  {
    name: 'events-payment-sequence-as-string',
    requirements: ['EVT-008'],
    summary: 'renewal.paymentSequenceNumber, where shown, is read from a text column and shown as a string.',
  },
  {
    name: 'events-payment-sequence-always-shown',
    requirements: ['EVT-009'],
    summary: 'renewal.paymentSequenceNumber is shown even when it equals annuityYear.',
  },
  {
    name: 'events-applied-decision-short-code',
    requirements: ['EVT-010'],
    summary:
      'An event decided SKIP_THIS_TIME reads appliedDecision SKIP, the short code the instruction table stores.',
  },
  {
    name: 'events-due-period-v1-labels',
    requirements: ['EVT-011'],
    summary: 'An event in its grace period reads duePeriod GRACE (the v1 label) instead of GRACE_PERIOD.',
  },
  {
    name: 'events-processing-status-from-instruction',
    requirements: ['EVT-012'],
    summary: 'An instructed event shows the status of its instruction (EXECUTED) as processingStatus.',
  },
  {
    name: 'events-status-updated-at-as-date',
    requirements: ['EVT-013'],
    summary:
      'processingStatusUpdatedAt is read from a date column and shown as YYYY-MM-DD instead of a date-time.',
  },
  {
    name: 'events-fx-frozen-null-when-never-frozen',
    requirements: ['EVT-014'],
    summary:
      'isFxRateFrozen comes from a left join on the frozen months, so it is null for a month never frozen.',
  },
  {
    name: 'events-fees-status-stale-after-invoicing',
    requirements: ['EVT-015'],
    summary: 'An invoiced event still reads feesStatus LOCKED while its fees read INVOICED.',
  },
  {
    name: 'events-fees-on-per-patent-routes',
    requirements: ['EVT-016'],
    summary: 'The per-patent event routes attach the fees member although it was not requested.',
  },
  {
    name: 'events-instructed-read-from-fee-lock',
    requirements: ['EVT-017', 'EVT-021'],
    summary:
      'Instructability reads an event as instructed from its fee lock, so an event decided SKIP_THIS_TIME or DROP reads allowed again.',
  },
  {
    name: 'events-lapsed-decisions-appended',
    requirements: ['EVT-018'],
    summary:
      'The decisions of the lapse rule are appended to the non-paying ones instead of replacing the list, so a lapsed event lists SKIP_THIS_TIME and DROP twice.',
  },
  {
    name: 'events-too-early-lists-decisions',
    requirements: ['EVT-019'],
    summary:
      'A TOO_EARLY event lists the decisions it will offer once its window opens, although isAllowed is false.',
  },
  {
    name: 'events-lapsed-offers-proceed',
    requirements: ['EVT-020', 'INS-024'],
    summary: 'A lapsed event still offers PROCEED, and the POST executes it.',
  },
  {
    name: 'events-blocked-reason-as-error-code',
    requirements: ['EVT-021', 'EVT-025'],
    summary:
      'An instructed event reads blockedReason instruction_already_set (the error code) instead of ALREADY_INSTRUCTED.',
  },
  {
    name: 'events-blocked-reason-on-allowed',
    requirements: ['EVT-022'],
    summary:
      'An allowed event whose patent has an instructed event reads blockedReason ALREADY_INSTRUCTED while isAllowed is true.',
  },
  {
    name: 'events-opens-at-not-first-of-month',
    requirements: ['EVT-023'],
    summary: 'opensAt is the due date minus two months, not the first day of that month.',
  },
  {
    name: 'events-opens-at-one-month-late',
    requirements: ['EVT-023'],
    summary:
      'The instruction window opens on the first day of the month one month (not two) before the due month.',
  },
  {
    name: 'events-mode-missing',
    requirements: ['EVT-024'],
    summary: 'The instructability object has no mode member.',
  },
  {
    name: 'instructions-too-early-as-conflict',
    requirements: ['EVT-026', 'INS-021'],
    summary:
      'Instructing an event before its window opens gives 409 instruction_already_set instead of 422 instruction_too_early.',
  },
  {
    name: 'events-allowed-ignores-earlier-pending',
    requirements: ['EVT-028'],
    summary:
      'The event view computes instructability without the patent other events, so an event waiting for an earlier one reads allowed while the POST refuses it with instruction_skipped.',
  },
  {
    name: 'events-listed-by-id',
    requirements: ['EVT-029'],
    summary:
      'The events of a patent are listed in the order of their ids (the primary key) instead of by due date.',
  },
  {
    name: 'events-list-omits-decided',
    requirements: ['EVT-030'],
    summary:
      'The events of a patent are listed from the open-events query, leaving out the events already decided.',
  },
  {
    name: 'events-single-read-ignores-earlier-pending',
    requirements: ['EVT-031', 'EVT-017'],
    summary:
      'GET of one event computes instructability without the other events of its patent, so an event waiting for an earlier one reads allowed there while the list says EARLIER_EVENT_PENDING.',
  },
  {
    name: 'period-instructability-within-window',
    requirements: ['EVT-032'],
    summary:
      'The by-period list computes instructability from the events of the window only, so an event whose earlier pending event is due before the window reads allowed there while its patent list says EARLIER_EVENT_PENDING.',
  },
  {
    name: 'event-found-under-any-patent',
    requirements: ['EVT-033'],
    summary:
      'The event routes look the event up by its id alone, so /patents/{A}/events/{an event of patent B} answers the event (and its fees) instead of 404.',
  },
  {
    name: 'period-grace-end-at-month-end',
    requirements: ['EVT-034'],
    summary:
      "The by-period list reads gracePeriodEndDate from the reporting view, which keeps the last day of the grace month, while the event's own routes show the exact day.",
  },
] as const satisfies readonly FaultDefinition[];
