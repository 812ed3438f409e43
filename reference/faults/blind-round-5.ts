/**
 * Faults of blind round 5: bugs written from the contract alone by a reader who had seen neither the suite nor
 * these catalogues. Each is switched on by name at the single place of its rule.
 */
import type { FaultDefinition } from './catalogue-types';

export const BLIND_ROUND_5_FAULTS = [
  // ---------------------------------------------------------------- pagination and patents
  {
    name: 'patent-events-count-of-open-events',
    requirements: ['PAG-001', 'PAG-004', 'PAG-005'],
    summary:
      "The patent's event list takes its count from the open-events query, so totalItems (and totalPages) leave out the events already decided while data still lists them.",
  },
  {
    name: 'period-has-more-when-page-full',
    requirements: ['PAG-005'],
    summary:
      'The by-period list sets hasMore when the page served is full, so a last page holding exactly itemsPerPage events says another page exists.',
  },
  {
    name: 'period-count-ignores-patent-filters',
    requirements: ['PAG-001', 'PAG-004', 'PER-007'],
    summary:
      "The by-period list counts the window's events before the offices, owners and family filters, so a filtered list reports the whole window's totalItems and totalPages.",
  },
  {
    name: 'patents-offset-uses-default-page-size',
    requirements: ['PAG-009', 'PAG-010'],
    summary:
      'The patent list computes the page offset with the default page size (10) instead of itemsPerPage, so with another page size the pages after the first overlap or skip patents.',
  },
  {
    name: 'patents-provider-id-filter-case-insensitive',
    requirements: ['PAT-020'],
    summary:
      'The providerId filter runs under a case-insensitive collation, so ?providerId=acme-0001 returns the patent ACME-0001.',
  },
  // ---------------------------------------------------------------- documents
  {
    name: 'invoice-document-202-while-billing',
    requirements: ['DOC-007', 'CONV-014'],
    summary:
      'The invoice download of an event whose fees are LOCKED answers 202 with an empty body (the billing run is pending) instead of 404.',
  },
  {
    name: 'official-receipt-document-needs-invoice',
    requirements: ['DOC-006'],
    summary:
      'The official-receipt download is filed with the invoice: an issued official receipt of an event not yet invoiced answers 404.',
  },
  {
    name: 'invoice-document-looked-up-by-number',
    requirements: ['DOC-008', 'FEE-013'],
    summary:
      'The invoice PDF is looked up by invoice number, which IMPORTED invoices lack, so an event invoiced on an IMPORTED invoice answers 404 although its fees read INVOICED.',
  },
  {
    name: 'receipt-document-first-line-only',
    requirements: ['DOC-009', 'DOC-005'],
    summary:
      "The instruction-receipt download reads the receipt's first instruction line only, so the second and later events of a batch answer 404.",
  },
  // ---------------------------------------------------------------- events
  {
    name: 'event-patent-ref-cached',
    requirements: ['EVT-002'],
    summary:
      "The event serializer caches each patent's reference at its first render, so after a sync changes a patent's providerId its events keep showing the old one.",
  },
  {
    name: 'opens-at-month-without-year-borrow',
    requirements: ['EVT-023', 'EVT-028', 'INS-021'],
    summary:
      'The event view computes opensAt with its own month arithmetic, which does not borrow a year: for events due in January or February it shows November or December of the due year, after the due date, while the POST opens the window two months before the due month.',
  },
  {
    name: 'grace-event-listed-without-proceed',
    requirements: ['INS-024', 'EVT-032'],
    summary:
      'The event view drops PROCEED from allowedDecisions once the due date has passed, while the POST still executes PROCEED during the grace period.',
  },
  {
    name: 'earlier-pending-excludes-lapsed',
    requirements: ['INS-017', 'EVT-027', 'INS-023'],
    summary:
      'Only earlier events still payable count as pending, so a patent whose earlier event lapsed without a decision lets its next event be instructed instead of 422 instruction_skipped.',
  },
  {
    name: 'instructability-memoized-per-event',
    requirements: ['EVT-032', 'EVT-028', 'INS-017'],
    summary:
      'The event view memoizes instructability per event until that event changes, so after an earlier event is instructed the next one keeps reading EARLIER_EVENT_PENDING while the POST accepts it.',
  },
  // ---------------------------------------------------------------- fees
  {
    name: 'event-fees-status-from-invoice-link',
    requirements: ['FEE-017'],
    summary:
      "The event's feesStatus is derived from its invoice link, so an event whose fees a PROCEED locked reads ESTIMATED while its fees route says LOCKED.",
  },
  {
    name: 'embedded-fees-event-id-null',
    requirements: ['PER-012', 'FEE-003'],
    summary:
      'The fees attached with include=fees are built by the bulk estimator, which has no event key: their eventId is null.',
  },
  {
    name: 'by-period-fees-priced-at-due-date',
    requirements: ['PER-012', 'FEE-005'],
    summary:
      'include=fees prices each event as at its due date (the legacy estimation endpoint), so an ESTIMATED event in its grace period lacks the GRACE_PERIOD surcharge its fees route shows.',
  },
  {
    name: 'estimate-quote-cached-on-first-read',
    requirements: ['FEE-008', 'FEE-016'],
    summary:
      'The first read of ESTIMATED fees stores the quote and later reads return it, so a revised office fee never shows in the estimate and the lock then fixes other amounts than the last read.',
  },
  {
    name: 'fees-invoice-id-generated-invoices-only',
    requirements: ['FEE-013', 'FEE-002'],
    summary:
      'The invoice id of INVOICED fees is joined through the GENERATED invoice sequence, so events billed on an IMPORTED invoice read INVOICED with invoiceId null.',
  },
  {
    name: 'locked-fees-currency-defaulted-eur',
    requirements: ['FEE-016', 'FEE-012'],
    summary:
      'The lock snapshot is read back without its currency and defaulted to EUR, so LOCKED fees of US and GB patents read EUR while their estimate and invoice are in USD or GBP.',
  },
  {
    name: 'lock-prices-grace-event-at-due-date',
    requirements: ['FEE-016'],
    summary:
      'A PROCEED locks the fees priced as at the due date, so an event instructed in its grace period locks fees without the GRACE_PERIOD surcharge its estimate showed.',
  },
  // ---------------------------------------------------------------- events by period
  {
    name: 'period-due-from-exclusive',
    requirements: ['PER-004', 'PER-006'],
    summary: 'Events due exactly on dueFrom (or on the first day of dueMonth) are left out of the window.',
  },
  {
    name: 'period-due-month-spans-thirty-days',
    requirements: ['PER-006'],
    summary:
      'dueMonth ends thirty days after the first of the month, so for February and 30-day months it also returns events due early in the next month.',
  },
  {
    name: 'period-window-on-effective-deadline',
    requirements: ['PER-003', 'PER-006'],
    summary:
      'The window is matched on the worklist deadline, which for an undecided event past its due date is its grace period end, so such events are listed in the window of their grace end instead of their due date.',
  },
  {
    name: 'by-period-include-exact-match',
    requirements: ['PER-011'],
    summary:
      'include is compared with the whole string fees, so include=fees,other (or fees with another value) adds no fees.',
  },
  // ---------------------------------------------------------------- instructions
  {
    name: 'receipt-lines-share-first-decision',
    requirements: ['INS-004'],
    summary:
      'The receipt serializer reads the decision once, from the first line, so a mixed batch (PROCEED then DROP) shows PROCEED on every line while the events show their own decisions.',
  },
  {
    name: 'too-early-instruction-scheduled',
    requirements: ['INS-021', 'EVT-026', 'INS-009'],
    summary:
      'An instruction before its window opens is accepted (201) as a SCHEDULED receipt line, queued for the opening day, instead of 422 instruction_too_early; the event is left as it was.',
  },
] as const satisfies readonly FaultDefinition[];
