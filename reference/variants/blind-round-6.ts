/**
 * Variants of blind round 6: freedoms described by a reader who had only the contract. Each is a behaviour a
 * conformant server may have; the suite must pass against every one of them.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const BLIND_ROUND_6_VARIANTS = [
  {
    name: 'freeze-events-latest-first',
    requirements: ['FRZ-010', 'FRZ-004'],
    freedom:
      'Exchange rate freeze: "In single reads and the PUT response: `yearMonth` and `events`, an array of `frozenRateEvent` objects" (no order stated).',
    summary: "A freeze lists its events latest due first, in the PUT answer and the month's read alike.",
  },
  {
    name: 'regularization-invoices-unnumbered',
    requirements: ['INV-008', 'INV-007'],
    freedom:
      'Invoice: "number | string or null | sequential number; null for IMPORTED invoices" and "reference | string | stable unique display reference; the only field guaranteed across all origins".',
    summary:
      'REGULARIZATION invoices take no number from the sequence (number null) and carry a reference of their own.',
  },
  {
    name: 'invoice-xlsx-generated-only',
    requirements: ['INV-011'],
    freedom:
      'Invoice: "hasXlsxDocument | boolean", and "Download of the XLSX invoice document (the flag hasXlsxDocument exists): not shown."',
    summary:
      'Only GENERATED invoices have an XLSX document: REGULARIZATION invoices read hasXlsxDocument false.',
  },
  {
    name: 'problem-without-detail',
    requirements: ['PROB-006'],
    freedom: 'Errors: "detail | string, occurrence-specific, never to be parsed | optional".',
    summary: 'Problem bodies below 500 carry no detail member.',
  },
  {
    name: 'sync-background-queued-briefly',
    requirements: ['SYNC-022', 'SYNC-020'],
    freedom:
      'Sync batch and item outcomes: "more than 100 items | mode ASYNC, status PENDING, no results yet (202); then PROCESSING" (when processing starts is not stated).',
    summary:
      'A background batch waits a quarter of a second in its queue, reading PENDING with no results, before its first step.',
  },
  {
    name: 'sync-reasons-terse',
    requirements: ['SYNC-028', 'SYNC-029', 'SYNC-044'],
    freedom:
      'Result item: "reason | string or null | why rejected or suppressed; for a proposal refused in review, the reviewer\'s reason verbatim; otherwise null" (the wording of other reasons is not stated).',
    summary:
      "Reasons of REJECTED and SUPPRESSED items are short machine-like texts (INVALID_ITEM, UNKNOWN_PATENT, DUPLICATE_OF_REFUSED...), the reviewer's reason still verbatim.",
  },
  {
    name: 'accepted-update-reads-applied',
    requirements: ['SYNC-006'],
    freedom:
      'Sync batch and item outcomes: the review row gives the outcome of an accepted create (ACCEPTED); the label of an update accepted in review is not given.',
    summary: 'An update proposal accepted in review reads APPLIED on later polls (it has been applied).',
  },
] as const satisfies readonly VariantDefinition[];
