/**
 * Faults of blind round 8: bugs written from the contract alone by a reader who had seen neither the suite nor
 * these catalogues. Each is switched on by name at the single place of its rule.
 */
import type { FaultDefinition } from './catalogue-types';

export const BLIND_ROUND_8_FAULTS = [
  // ---------------------------------------------------------------- instructions and events
  {
    name: 'instructions-other-client-event-disclosed',
    requirements: ['ISO-005'],
    summary:
      "Events are looked up globally and the tenant check comes last: another client's eventId gets 409 instruction_already_set or 422 instruction_too_early (revealing that it exists) instead of the 404 not_found a random UUID gets.",
  },
  {
    name: 'instructions-instructability-stale-after-execution',
    requirements: ['EVT-028', 'EVT-032', 'EVT-021', 'EVT-019'],
    summary:
      'instructability is cached per event and not invalidated by the instruction POST: after a 201 the event (single read and lists) still reads isAllowed true, blockedReason null and its decisions, while a new POST for it returns 409.',
  },
  {
    name: 'instructions-concurrent-posts-both-execute',
    requirements: ['INS-020', 'INS-010'],
    summary:
      'Check-then-insert without a lock: two simultaneous POSTs for the same open event (e.g. PROCEED and DROP) both return 201 with distinct receipts and the last one written decides appliedDecision, instead of one 201 and one 409 instruction_already_set.',
  },
  {
    name: 'instructions-lapsed-event-refuses-every-decision',
    requirements: ['EVT-020', 'EVT-018', 'INS-024'],
    summary:
      'A lapsed event is treated as closed: allowedDecisions is [] and posting DROP or SKIP_THIS_TIME returns 422 instruction_lapsed, although only PROCEED should be withdrawn.',
  },
  {
    name: 'instructions-same-event-twice-in-batch-both-executed',
    requirements: ['INS-016', 'INS-010'],
    summary:
      'All entries are checked against the pre-batch state only, so a batch naming the same eventId twice (PROCEED then DROP) returns 201 with two EXECUTED lines; the event ends with appliedDecision DROP while its fees read LOCKED.',
  },
  // ---------------------------------------------------------------- sync
  {
    name: 'sync-staged-create-visible-in-portfolio',
    requirements: ['SYNC-027', 'SYNC-014'],
    summary:
      "A create is inserted as a draft patent at triage: before any review, GET /patents?providerId=<new reference> returns it and the item's result carries its UUID as servicePatentId, instead of an empty list and servicePatentId null.",
  },
  {
    name: 'sync-large-batch-refused',
    requirements: ['SYNC-035'],
    summary:
      'The JSON body parser keeps a 1 MB default limit, so a batch whose body exceeds 1 MB (some 5,000 full items) answers 413 instead of 202 mode ASYNC.',
  },
  {
    name: 'sync-concurrent-same-ref-creates-two-batches',
    requirements: ['SYNC-046'],
    summary:
      'Lookup-then-insert without a unique (tenant, externalImportRef) key: two simultaneous POSTs with the same reference and items both create a batch, with different importIds, and every item is processed twice.',
  },
  {
    name: 'sync-async-results-out-of-body-order',
    requirements: ['SYNC-012'],
    summary:
      'Background chunks run in parallel and outcomes are appended as chunks finish, so page 1 of GET /patents/sync/{importId} starts with the outcome of item 51; results[i] no longer matches items[i].',
  },
  {
    name: 'sync-null-provider-id-counts-as-identifier',
    requirements: ['SYNC-044', 'SYNC-015'],
    summary:
      'The identity check tests for the presence of the providerId key, so an item with "providerId": null and no servicePatentId is staged as a create (action CREATE, outcome STAGED) instead of REJECTED with action null and a reason.',
  },
  {
    name: 'sync-replay-compares-raw-body',
    requirements: ['SYNC-046'],
    summary:
      'Sameness is decided on the raw request body, so replaying the same items with members in another order or other whitespace returns 409 conflict instead of the stored batch.',
  },
  {
    name: 'sync-lenient-date-parsing',
    requirements: ['SYNC-039', 'SYNC-028'],
    summary:
      'Item dates go through a lenient parser: "2024-3-5", "2024-02-30" (rolled to 2024-03-01) or "2024-03-05T10:00:00Z" are taken and stored as normalised dates instead of the item being REJECTED.',
  },
  // ---------------------------------------------------------------- pagination
  {
    name: 'patents-clamped-page-size-misreported',
    requirements: ['PAG-008', 'PAG-003', 'PAG-004', 'PAG-005'],
    summary:
      'The patent list serves at most 100 rows, but its envelope echoes the requested itemsPerPage (e.g. 500) and computes totalPages and hasMore from it.',
  },
  // ---------------------------------------------------------------- freezes
  {
    name: 'fx-has-instruction-frozen-snapshot',
    requirements: ['FRZ-017'],
    summary:
      "The PUT stores a snapshot of the month's events; after one of them is instructed, GET /exchange-rate-freezes/{yearMonth} still reports hasInstruction false for it.",
  },
  {
    name: 'fx-repeated-put-duplicates-freeze',
    requirements: ['FRZ-009', 'PAG-001'],
    summary:
      'Each PUT inserts a new freeze: a second PUT of a month answers 200, but the list then shows that yearMonth twice and totalItems grows.',
  },
  // ---------------------------------------------------------------- rate limits
  {
    name: 'ratelimit-scope-denials-not-counted',
    requirements: ['RATE-003', 'RATE-006', 'RATE-007', 'RATE-009'],
    summary:
      'The scope check runs before the rate limiter: a 403 insufficient_scope carries no RateLimit-* headers and is not counted, so the next call shows the RateLimit-Remaining the call before the 403 would have left.',
  },
] as const satisfies readonly FaultDefinition[];
