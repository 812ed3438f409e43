/**
 * Faults of blind round 6: bugs written from the contract alone by a reader who had seen neither the suite nor
 * these catalogues. Each is switched on by name at the single place of its rule.
 *
 * Two entries of the round were ruled on after it, the contract deciding: an update accepted in review that
 * reads APPLIED is a freedom (the table gives the label of an accepted create only), now the variant
 * accepted-update-reads-applied; a 500 without the RateLimit headers was dropped, as no client can tell that
 * the request it failed had been "successfully authenticated" before it failed.
 */
import type { FaultDefinition } from './catalogue-types';

export const BLIND_ROUND_6_FAULTS = [
  // ---------------------------------------------------------------- sync
  {
    name: 'sync-import-ref-shared-across-tenants',
    requirements: ['ISO-001', 'ISO-003', 'SYNC-046', 'SYNC-047'],
    summary:
      "The externalImportRef lookup is not scoped by tenant, so another tenant reusing a reference gets the first tenant's batch replayed (same items) or a 409 carrying its batch id (different items).",
  },
  {
    name: 'sync-replay-fingerprint-provider-ids',
    requirements: ['SYNC-047', 'SYNC-046'],
    summary:
      'The idempotence fingerprint is built over the providerIds of the items only, so a reused externalImportRef whose items change other fields replays the stored batch instead of answering 409 conflict.',
  },
  {
    name: 'sync-status-served-from-post-snapshot',
    requirements: ['SYNC-030', 'SYNC-051', 'SYNC-024'],
    summary:
      'The status read of an inline batch is served from the snapshot its POST answer cached, so reviews never show: an accepted create keeps servicePatentId null, a refusal shows no reason, the batch stays TRIAGED.',
  },
  {
    name: 'sync-background-counters-last-chunk-only',
    requirements: ['SYNC-006', 'SYNC-007', 'SYNC-009', 'SYNC-010'],
    summary:
      'Each background step assigns the counters from the chunk it processed instead of adding to them, so a batch of more than 50 items ends with counters that match only its last chunk.',
  },
  {
    name: 'sync-background-progress-per-full-chunk',
    requirements: ['SYNC-005'],
    summary:
      'The progress of a background batch is committed per full chunk of 50, so a batch whose size is not a multiple of 50 ends with processedItems below totalItems.',
  },
  {
    name: 'sync-result-provider-id-from-patent',
    requirements: ['SYNC-013'],
    summary:
      "A result's providerId is read from the matched patent instead of echoed from the item, so an item matched by servicePatentId without a providerId shows the patent's reference instead of null.",
  },
  {
    name: 'sync-results-always-first-page',
    requirements: ['SYNC-012', 'PAG-011', 'PAG-009'],
    summary:
      'The results query of the status read has a LIMIT but no OFFSET, so every currentPage returns the first page of outcomes while the envelope echoes the page asked for.',
  },
  {
    name: 'sync-status-read-any-tenant',
    requirements: ['ISO-003', 'SYNC-002'],
    summary:
      "The status read looks the batch up by importId alone, so another tenant's batch is returned instead of 404 not_found.",
  },
  {
    name: 'sync-poll-reapplies-applied-updates',
    requirements: ['PAT-024'],
    summary:
      "Every status read resumes the applier over the batch's APPLIED updates, so polling an older batch writes its values again over what later batches wrote.",
  },
  {
    name: 'sync-unmatched-service-patent-id-not-counted',
    requirements: ['SYNC-009', 'SYNC-042'],
    summary:
      'The rejection of an item whose servicePatentId matches no patent skips the rejectedItems counter, so the batch counts fewer rejections than its REJECTED results.',
  },
  // ---------------------------------------------------------------- invoices
  {
    name: 'invoice-list-lines-from-event-fees',
    requirements: ['INV-026', 'INV-002', 'INV-004'],
    summary:
      "The invoice list builds each line from its event's billed fees instead of the invoice's own line, so REGULARIZATION invoices list the original amounts with invoiceId of the original invoice and no regularization fields, unlike their single read.",
  },
  {
    name: 'regularized-invoice-id-of-latest-invoice',
    requirements: ['INV-025', 'INV-002'],
    summary:
      "A regularization line names the tenant's latest invoice in the currency as regularizedInvoiceId instead of the invoice it corrects, which may have no line for the event.",
  },
  {
    name: 'invoices-sort-created-at-direction-ignored',
    requirements: ['INV-018'],
    summary:
      'The sort direction is applied to issueDate only: sort=-createdAt lists invoices oldest recorded first.',
  },
  {
    name: 'invoices-issue-date-to-alone-ignored',
    requirements: ['INV-014'],
    summary:
      'The issue-date window is applied only when issueDateFrom is given, so issueDateTo alone filters nothing.',
  },
  // ---------------------------------------------------------------- freezes
  {
    name: 'freeze-flag-written-on-estimated-events-only',
    requirements: ['FRZ-013'],
    summary:
      "The events' own isFxRateFrozen is written by the freeze only on events whose fees are ESTIMATED, while the freeze lists every event of the month as frozen: LOCKED and INVOICED ones read false on the event and its fees.",
  },
  {
    name: 'freeze-amount-invoiced-gross',
    requirements: ['FRZ-014'],
    summary:
      "An invoiced event's frozen-rate amount is read from its invoice with the invoice's VAT included, so on a EUR invoice it is 20% above the event's fees total.",
  },
  {
    name: 'freeze-put-month-index-off-by-one',
    requirements: ['FRZ-010', 'FRZ-013'],
    summary:
      "The PUT builds its events query from the 1-based month given to Date.UTC, so its answer lists the next month's events while the GET of the month lists the month's own.",
  },
  {
    name: 'freeze-list-read-expires-past-months',
    requirements: ['FRZ-015', 'FRZ-016'],
    summary:
      "The freeze list read purges the tenant's freezes of past months after answering, so a second list no longer shows them and their events read isFxRateFrozen false.",
  },
  // ---------------------------------------------------------------- pagination
  {
    name: 'has-more-false-on-penultimate-page',
    requirements: ['PAG-005'],
    summary:
      'hasMore is computed as currentPage + 1 < totalPages, so the page before the last says there is no other page.',
  },
  {
    name: 'total-pages-extra-when-exact-multiple',
    requirements: ['PAG-004', 'PAG-005'],
    summary:
      'totalPages is floor(totalItems / itemsPerPage) + 1, one too many when totalItems is a multiple of the page size, so the last full page says hasMore true.',
  },
  {
    name: 'page-size-above-cap-reset-to-default',
    requirements: ['PAG-008'],
    summary: 'An itemsPerPage above 100 falls back to the default 10 instead of being clamped to 100.',
  },
  // ---------------------------------------------------------------- correlation
  {
    name: 'problem-request-id-ignores-inbound',
    requirements: ['CORR-002'],
    summary:
      'With an inbound X-Request-Id the header echoes it but the problem body carries the id generated for the logs.',
  },
  {
    name: 'inbound-request-id-truncated-to-uuid-length',
    requirements: ['CORR-003'],
    summary:
      'An inbound X-Request-Id is stored in a 36-character column, so a longer one is echoed truncated.',
  },
  {
    name: 'inbound-request-id-must-be-uuid',
    requirements: ['CORR-003'],
    summary:
      'An inbound X-Request-Id that is not a UUID is replaced by a generated one instead of being echoed.',
  },
  // ---------------------------------------------------------------- rate limits
  {
    name: 'retry-after-as-http-date',
    requirements: ['RATE-011'],
    summary: 'The 429 carries Retry-After as an HTTP date (the reset instant) instead of seconds.',
  },
  {
    name: 'reset-as-epoch-seconds',
    requirements: ['RATE-004', 'RATE-009', 'RATE-013'],
    summary: 'RateLimit-Reset carries the Unix time of the reset instead of the seconds until it.',
  },
  {
    name: 'quota-refuses-last-call',
    requirements: ['RATE-007', 'RATE-006', 'RATE-002'],
    summary:
      'The quota check is used >= limit after counting, so the last call of the day is refused 429 although the previous answer said one call was left.',
  },
  // ---------------------------------------------------------------- scopes
  {
    name: 'scope-matched-by-resource-prefix',
    requirements: ['SCOPE-004', 'SCOPE-005', 'SCOPE-001'],
    summary:
      'Scopes are compared on their resource prefix, so a key holding patents:read may post a sync or an instruction.',
  },
  {
    name: 'required-scope-as-array',
    requirements: ['SCOPE-008'],
    summary:
      'The insufficient_scope problem carries requiredScope as an array of scopes instead of a string.',
  },
] as const satisfies readonly FaultDefinition[];
