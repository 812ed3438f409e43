/**
 * Faults of blind round 2: bugs described by a reader who had only the contract, each switched on by name at
 * the single place of its rule. The round's catalogue stays in the mutation run as a record of the round.
 */
import type { FaultDefinition } from './catalogue-types';

export const BLIND_ROUND_2_FAULTS = [
  // ---------------------------------------------------------------- pagination
  {
    name: 'by-period-envelope-reports-unclamped-page-size',
    requirements: ['PAG-008'],
    summary:
      'The by-period list serves at most 100 events but builds its envelope from the requested itemsPerPage (250), so itemsPerPage, totalPages and hasMore describe pages of 250.',
  },
  {
    name: 'patent-events-default-page-size-25',
    requirements: ['PAG-007'],
    summary:
      'Without itemsPerPage, the events of a patent come 25 to a page (itemsPerPage 25) instead of 10.',
  },
  {
    name: 'freeze-list-ignores-current-page',
    requirements: ['PAG-002', 'PAG-009'],
    summary:
      'The freeze list honours itemsPerPage but ignores currentPage: every request gets the first page, with currentPage 1.',
  },
  {
    name: 'invoices-unstable-order-on-ties',
    requirements: ['PAG-009', 'PAG-010'],
    summary:
      'The invoice list has no tiebreaker: invoices with the same sort value come in an order that depends on the page asked for, so a sweep repeats some and misses others.',
  },
  // ---------------------------------------------------------------- patents and events
  {
    name: 'patents-sort-applied-within-page',
    requirements: ['PAT-017'],
    summary:
      'The patent list takes the page in its default order and sorts only the items of that page, so the order is not global across pages.',
  },
  {
    name: 'patents-sort-descending-status-ignored',
    requirements: ['PAT-017'],
    summary: 'sort=-status orders the patents ascending, like sort=status; the other fields sort descending.',
  },
  {
    name: 'fees-route-ignores-patent-parent',
    requirements: ['EVT-033'],
    summary:
      "The fees route checks the patent, then loads the event by its id in the tenant, so /patents/{A}/events/{an event of B}/fees answers B's event fees instead of 404.",
  },
  {
    name: 'by-period-offices-last-value-only',
    requirements: ['PER-007'],
    summary:
      'The by-period list applies only the last of several offices given (EP and US give US events only).',
  },
  // ---------------------------------------------------------------- instructions
  {
    name: 'instruction-already-set-typed-as-conflict',
    requirements: ['PROB-017', 'INS-020'],
    summary:
      'Instructing an event that already has a decision answers 409 with code conflict and type /errors/conflict instead of instruction_already_set.',
  },
  {
    name: 'instruction-lapsed-reported-as-validation',
    requirements: ['INS-024'],
    summary:
      'A decision the event does not offer (PROCEED on a lapsed event) is refused as 400 validation_failed (invalid_enum_value at the decision) instead of 422 instruction_lapsed.',
  },
  {
    name: 'instruction-replay-same-decision-201',
    requirements: ['INS-027', 'INS-020'],
    summary:
      'Posting again the decision an event already has answers 201 with a new receipt, leaving the event as it is, instead of 409 instruction_already_set.',
  },
  // ---------------------------------------------------------------- sync
  {
    name: 'sync-inline-results-default-page',
    requirements: ['SYNC-045'],
    summary:
      'The 201 answer of an inline sync holds only the first 10 outcomes (results page of the default size) instead of all of them.',
  },
  {
    name: 'sync-non-object-entry-rejected-as-outcome',
    requirements: ['SYNC-034'],
    summary:
      'Entries of items that are not objects are reported as REJECTED outcomes of a 201 instead of making the request a 400.',
  },
  {
    name: 'sync-partial-update-clears-absent-fields',
    requirements: ['SYNC-043'],
    summary:
      'An applied update replaces the whole record: every nullable member the item does not carry (critical ones included) becomes null.',
  },
  // ---------------------------------------------------------------- invoices
  {
    name: 'invoices-created-to-excludes-day',
    requirements: ['INV-016'],
    summary:
      'createdTo is compared with createdAt as the midnight starting that day, so invoices recorded later that day are left out.',
  },
  // ---------------------------------------------------------------- exchange-rate freezes
  {
    name: 'freeze-get-requires-read-scope',
    requirements: ['SCOPE-007', 'FRZ-006'],
    summary:
      'The two freeze GETs require exchange-rate-freezes:read, a scope no key can hold, instead of exchange-rate-freezes:write.',
  },
  {
    name: 'freeze-put-201-on-create',
    requirements: ['FRZ-009', 'FRZ-007'],
    summary:
      'The first PUT of a month answers 201 Created with a Location header; later PUTs of the month answer 200.',
  },
  // ---------------------------------------------------------------- problems and documents
  {
    name: 'malformed-json-framework-error',
    requirements: ['INS-019', 'SYNC-050', 'PROB-011'],
    summary:
      "A body that is not parseable JSON is answered by the body parser's generic 400 (code bad_request, type about:blank, no errors) instead of validation_failed.",
  },
  {
    name: 'document-not-ready-custom-code',
    requirements: ['DOC-005', 'DOC-006', 'DOC-007'],
    summary:
      'A download whose document does not exist yet answers 404 with code document_not_available and type /errors/document-not-available instead of not_found.',
  },
] as const satisfies readonly FaultDefinition[];
