/**
 * Faults of blind round 10: bugs written from the contract alone by a reader who had seen neither the suite nor
 * these catalogues, aimed at conditions, combinations and sequences. Each is switched on by name at the single
 * place of its rule.
 */
import type { FaultDefinition } from './catalogue-types';

export const BLIND_ROUND_10_FAULTS = [
  // ---------------------------------------------------------------- correlation
  {
    name: 'request-id-regenerated-on-auth-failure',
    requirements: ['CORR-002'],
    summary:
      'The authentication layer builds its 401 problem with a correlation id of its own, so the requestId of a 401 body differs from the X-Request-Id header (an inbound id is echoed in the header only).',
  },
  // ---------------------------------------------------------------- events by period
  {
    name: 'due-month-shortcut-drops-office-filter',
    requirements: ['PER-007', 'PER-006', 'PER-008', 'PER-009'],
    summary:
      'dueMonth goes through the legacy per-month query, which filters on the month only: with dueMonth the offices, owners and family filters are dropped, while with dueFrom and dueTo they apply.',
  },
  // ---------------------------------------------------------------- events and instructions
  {
    name: 'opens-at-month-arithmetic-without-year-borrow',
    requirements: ['EVT-023', 'INS-013'],
    summary:
      'The instruction window is opened on ((dueMonth - 3 + 12) % 12) + 1 of the due year, so an event due in January or February opens in November or December after its due date: it reads TOO_EARLY and its POST gives 422 instruction_too_early while its real window is open.',
  },
  // ---------------------------------------------------------------- sync
  {
    name: 'import-ref-burned-by-envelope-400',
    requirements: ['SYNC-048', 'SYNC-047'],
    summary:
      'externalImportRef is reserved before the envelope is validated and not released when validation fails, so after a 400 the corrected request with the same reference gets 409 conflict whose existingBatchId names no batch (404).',
  },
  // ---------------------------------------------------------------- invoices
  {
    name: 'regularized-invoice-id-backlinked-on-original',
    requirements: ['INV-001'],
    summary:
      'The regularization link is read from either side of a two-way relation, so the line of the original GENERATED or IMPORTED invoice for a regularized event carries the REGULARIZATION invoice as regularizedInvoiceId instead of null.',
  },
  // ---------------------------------------------------------------- patents
  {
    name: 'provider-id-filter-lost-when-sorted',
    requirements: ['PAT-021', 'PAT-020'],
    summary:
      'With sort, the patent list is built by a sorted query whose filter holds the tenant only, so ?providerId=X&sort=office returns the whole portfolio while ?providerId=X alone returns one patent.',
  },
  // ---------------------------------------------------------------- sync
  {
    name: 'triaged-with-nothing-awaiting-review',
    requirements: ['SYNC-024'],
    summary:
      'An inline batch is set TRIAGED once every item has an outcome and only the review callback moves it to SETTLED, so an inline batch in which no item was staged (all REJECTED or APPLIED) stays TRIAGED.',
  },
  // ---------------------------------------------------------------- instructions
  {
    name: 'skipped-verdict-cached-after-correction',
    requirements: ['EVT-028', 'INS-013'],
    summary:
      'A refusal for instruction_skipped is memoized per event for five minutes and not invalidated when the earlier event is instructed, so the corrected POST keeps getting 422 instruction_skipped while the event already reads isAllowed true.',
  },
  // ---------------------------------------------------------------- invoices
  {
    name: 'invoice-created-window-forces-created-order',
    requirements: ['INV-018', 'INV-019'],
    summary:
      'The incremental-sync query taken when createdFrom or createdTo is present is ordered by createdAt ascending whatever sort says, so with a creation window sort=-issueDate (and the default) come back in recording order.',
  },
  // ---------------------------------------------------------------- events
  {
    name: 'by-period-instructability-ignores-earlier-events',
    requirements: ['EVT-032', 'EVT-028'],
    summary:
      "The by-period list computes each event's instructability from the event alone, without the earlier-pending check, so an event behind an earlier open event of its patent reads allowed there while the per-patent routes say EARLIER_EVENT_PENDING and its POST gives 422 instruction_skipped.",
  },
  {
    name: 'blocked-reason-not-cleared-when-allowed',
    requirements: ['EVT-022'],
    summary:
      'The instructability shown is refreshed over the copy cached at the previous read, and blockedReason is written only when a block is found, so once the earlier event is decided the next one reads isAllowed true with its decisions and still blockedReason EARLIER_EVENT_PENDING.',
  },
  // ---------------------------------------------------------------- patents
  {
    name: 'application-number-normalized-on-write',
    requirements: ['PAT-005'],
    summary:
      'The sync mapper passes applicationNumber through the office-number normalizer before storing it (upper case, spaces, dots and slashes removed), so "ep 20.123 456/1" is stored and read back as "EP201234561".',
  },
] as const satisfies readonly FaultDefinition[];
