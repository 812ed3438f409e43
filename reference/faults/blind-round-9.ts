/**
 * Faults of blind round 9: bugs written from the contract alone by a reader who had seen neither the suite nor
 * these catalogues. Each is switched on by name at the single place of its rule.
 */
import type { FaultDefinition } from './catalogue-types';

export const BLIND_ROUND_9_FAULTS = [
  // ---------------------------------------------------------------- sync
  {
    name: 'staged-update-written-through-before-review',
    requirements: ['SYNC-027', 'PAT-024'],
    summary:
      'Triage writes the whole item onto the patent and then opens a change request for the critical fields it found: an update reported STAGED (e.g. new applicationDate and renewalsManagedFrom) already reads on GET /patents/{id} before any review.',
  },
  {
    name: 'rejected-item-half-applied',
    requirements: ['SYNC-039', 'PAT-024'],
    summary:
      'Item fields are assigned to the matched patent one by one in declaration order and flushed with the batch, so an item REJECTED for a later invalid field (grantDate 2024-02-30) still writes the fields before it (its title).',
  },
  {
    name: 'staged-create-visible-in-patent-list',
    requirements: ['SYNC-027'],
    summary:
      'A proposed create is inserted at once as a patent row pending review that the patent list does not leave out: while its result reads STAGED with servicePatentId null, GET /patents?providerId=<new reference> already returns it.',
  },
  {
    name: 'sync-result-service-patent-id-is-change-request-id',
    requirements: ['SYNC-036', 'SYNC-014'],
    summary:
      "For an update matched by providerId the result builder copies the change request's id into both requestId and servicePatentId, so the result names a patent UUID that is not the patent's id and GET /patents/{servicePatentId} answers 404.",
  },
  {
    name: 'sync-replay-creates-new-batch',
    requirements: ['SYNC-046'],
    summary:
      'The idempotence lookup matches SETTLED batches only, so replaying the same externalImportRef and items of a batch still TRIAGED (or in flight) is processed again as a new batch, with a new importId and its creates staged a second time.',
  },
  // ---------------------------------------------------------------- pagination
  {
    name: 'sync-status-page-size-over-cap-rejected',
    requirements: ['PAG-011', 'PAG-008'],
    summary:
      'The sync status route has its own query schema with itemsPerPage at most 100, so GET /patents/sync/{importId}?itemsPerPage=500 answers 400 validation_failed instead of a results page clamped to 100.',
  },
  {
    name: 'has-more-true-on-exact-last-page',
    requirements: ['PAG-005'],
    summary:
      'hasMore is computed as data.length == itemsPerPage, so when totalItems is a multiple of the page size the last page says another page exists.',
  },
  // ---------------------------------------------------------------- events and instructions
  {
    name: 'instructability-ignores-lapsed-earlier-events',
    requirements: ['EVT-028'],
    summary:
      'The read model counts as pending only the earlier events whose duePeriod is not LAPSED, while the POST counts every earlier event without a decision: the event after a lapsed, un-instructed one reads isAllowed true with its decisions, and posting one of them gives 422 instruction_skipped.',
  },
  {
    name: 'drop-decision-not-set-on-event',
    requirements: ['INS-008', 'INS-014', 'INS-020'],
    summary:
      'A DROP is handed to the lapse workflow, which answers the receipt line EXECUTED but writes the event only when an operator confirms the abandonment: the event keeps appliedDecision null, stays instructable, and a second POST on it answers 201 again instead of 409.',
  },
  {
    name: 'office-filter-replaces-due-window',
    requirements: ['PER-006', 'PER-003'],
    summary:
      'The offices branch of the by-period query builder assigns the WHERE clause instead of appending to it: with an offices filter the due window is dropped and events of that office due in every month are returned.',
  },
  // ---------------------------------------------------------------- fees and invoices
  {
    name: 'invoice-lines-serialized-from-lock-snapshot',
    requirements: ['FEE-017'],
    summary:
      "Invoice lines are rendered from the fee snapshot stored at lock time, so every fees line of an invoice reads feesStatus LOCKED with invoiceId null while the event's fees route reads INVOICED with the invoice's id.",
  },
  {
    name: 'invoice-list-items-have-empty-fee-lines',
    requirements: ['INV-026', 'FEE-018'],
    summary:
      'The invoice list is served from a summary projection that emits fees: [], while GET /invoices/{id} of the same invoice carries its lines.',
  },
  // ---------------------------------------------------------------- freezes
  {
    name: 'freeze-get-reports-unfrozen-potential-rows',
    requirements: ['FRZ-010', 'FRZ-013'],
    summary:
      'The freeze\'s single GET is a "what would be frozen" preview that ignores the stored freeze: its rows read isFxRateFrozen false with live estimated amounts, while the PUT of the same month answers them frozen.',
  },
  {
    name: 'freeze-row-client-case-reference-holds-provider-id',
    requirements: ['FRZ-004'],
    summary:
      "The freeze row builder maps the client reference onto the patent's providerId, so a frozen-rate event's clientCaseReference carries the providerId (ACME-0001) instead of the patent's clientCaseReference.",
  },
] as const satisfies readonly FaultDefinition[];
