/**
 * Faults of blind round 3: bugs written from the contract alone by a reader who had seen neither the suite nor
 * these catalogues, aimed at facts that different resources state about one thing, reads that must not write
 * and states that only some paths reach. Each is switched on by name at the single place of its rule.
 */
import type { FaultDefinition } from './catalogue-types';

export const BLIND_ROUND_3_FAULTS = [
  // ---------------------------------------------------------------- isolation and pagination
  {
    name: 'event-under-foreign-patent-path',
    requirements: ['ISO-003', 'EVT-033', 'EVT-002', 'FEE-004'],
    summary:
      "The event routes check the path patent against the tenant, then load the event by its id alone, so another tenant's event (or another patent's) is answered under the caller's patent, with its own patent.id, instead of 404.",
  },
  {
    name: 'total-pages-uses-unclamped-size',
    requirements: ['PAG-004', 'PAG-005', 'PAG-010'],
    summary:
      'With itemsPerPage above 100 the envelope reports itemsPerPage 100 and serves 100 items, but computes totalPages and hasMore with the requested size (500), so the pages after the first are announced as absent.',
  },
  // ---------------------------------------------------------------- patents
  {
    name: 'sync-application-number-writes-official',
    requirements: ['PAT-008'],
    summary:
      'A sync update copies the applicationNumber and publicationNumber it writes into officialNumbers as well, so an applied item changes the read-only office-standard numbers.',
  },
  {
    name: 'provider-filter-stale-after-applied-update',
    requirements: ['PAT-024'],
    summary:
      'The patent list (and its ?providerId= lookup) reads a search index written only when a patent is created, so after an applied sync update the list item keeps the old values while the single read shows the new ones.',
  },
  // ---------------------------------------------------------------- events and instructions
  {
    name: 'event-list-stale-applied-decision',
    requirements: ['INS-008', 'EVT-034', 'INS-014', 'EVT-032'],
    summary:
      "The events of a patent are listed from a projection refreshed overnight and when the patent is synced, so an event instructed today still reads appliedDecision null (and its former instructability) in its patent's list while its single read shows the decision.",
  },
  {
    name: 'skip-does-not-clear-earlier-pending',
    requirements: ['INS-023', 'INS-013', 'INS-015'],
    summary:
      'An earlier event that can still be paid counts as pending unless its decision is PROCEED, so after SKIP_THIS_TIME or DROP on it the next event stays EARLIER_EVENT_PENDING and its POST gives 422 instruction_skipped naming the decided due date.',
  },
  {
    name: 'receipt-status-scheduled-for-non-proceed',
    requirements: ['INS-009'],
    summary:
      'The receipt maps only PROCEED to EXECUTED: SKIP_THIS_TIME and DROP lines read status SCHEDULED with executedAt null although the decisions were executed.',
  },
  // ---------------------------------------------------------------- fees
  {
    name: 'fees-total-omits-grace-surcharge',
    requirements: ['FEE-005'],
    summary:
      'The fees total adds OFFICE, AGENT and SERVICE only, so fees listing a GRACE_PERIOD component have a total below the sum of their components.',
  },
  {
    name: 'invoiced-fees-route-returns-estimate-amounts',
    requirements: ['FEE-014'],
    summary:
      "The fees of an INVOICED event carry the invoice id but the live estimate's amounts instead of those billed on the invoice line, so a revised office fee shows there and not on the invoice.",
  },
  {
    name: 'fees-fx-flag-ignores-freeze',
    requirements: ['FRZ-013'],
    summary:
      'The fees read takes isFxRateFrozen from the fee snapshot written at lock time, so the ESTIMATED fees of an event in a frozen month read false while the event and the freeze read true.',
  },
  // ---------------------------------------------------------------- sync
  {
    name: 'processed-items-excludes-rejected',
    requirements: ['SYNC-005'],
    summary:
      'processedItems is counted in the APPLIED and STAGED branches only, so a finished batch with REJECTED or SUPPRESSED items reads processedItems below totalItems.',
  },
  {
    name: 'item-invalid-date-returns-400',
    requirements: ['SYNC-049', 'SYNC-039'],
    summary:
      'The envelope schema checks items[].applicationDate as a strict date, so one item with applicationDate 2024-2-3 makes the whole sync POST a 400 validation_failed and nothing is processed.',
  },
  {
    name: 'conflict-existing-batch-id-wrong',
    requirements: ['SYNC-048'],
    summary:
      'The 409 conflict carries as existingBatchId the id of the batch row the refused request inserted (and rolled back) instead of the batch first stored under the reference.',
  },
  // ---------------------------------------------------------------- invoices
  {
    name: 'imported-invoice-lines-null-invoiceid',
    requirements: ['FEE-013'],
    summary:
      'The lines of IMPORTED invoices are built from the import table, which has no invoice key: they read feesStatus INVOICED with invoiceId null.',
  },
] as const satisfies readonly FaultDefinition[];
