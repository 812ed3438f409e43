/**
 * Faults of blind round 1: bugs written from the contract alone (areas "Resources and their fields" and
 * "States and transitions"). Each is switched on by name at the single place of its rule.
 */
import type { FaultDefinition } from './catalogue-types';

export const BLIND_ROUND_1_FAULTS = [
  {
    name: 'applied-decision-set-only-for-proceed',
    requirements: ['INS-008'],
    summary:
      'appliedDecision is written by the payment-order path only, so an event decided SKIP_THIS_TIME or DROP reads appliedDecision null although it is instructed.',
  },
  {
    name: 'by-period-due-date-shifted-one-day-earlier',
    requirements: ['CONV-005'],
    summary:
      'The by-period list reads dueDate and gracePeriodEndDate as local midnight and writes them in UTC, one day earlier than the other event routes.',
  },
  {
    name: 'by-period-embedded-patent-providerid-null',
    requirements: ['EVT-002'],
    summary:
      "The by-period list selects only the patent id, so every event's patent.providerId reads null there.",
  },
  {
    name: 'embedded-fees-missing-object-member',
    requirements: ['CONV-002'],
    summary:
      'Fees embedded in events (include=fees) and in invoice lines come from a lighter DTO without object; only the fees route carries it.',
  },
  {
    name: 'fees-invoiceid-set-while-locked',
    requirements: ['FEE-002'],
    summary:
      'LOCKED fees carry the id of the draft invoice shell created at lock time, an invoice the invoice routes do not serve.',
  },
  {
    name: 'fees-patent-providerid-holds-case-reference',
    requirements: ['FEE-004'],
    summary:
      "The patent reference of every Fees object carries the patent's clientCaseReference as providerId.",
  },
  {
    name: 'freeze-event-amount-office-fee-only',
    requirements: ['FRZ-004'],
    summary:
      'The amount of a frozen-rate event is its OFFICE fee alone instead of the total of its renewal fees.',
  },
  {
    name: 'instructability-blocked-still-lists-decisions',
    requirements: ['EVT-019'],
    summary:
      'allowedDecisions follows the lapse rule alone, so a blocked event (any blockedReason) still lists its decisions.',
  },
  {
    name: 'instructability-lapsed-event-keeps-proceed',
    requirements: ['EVT-020'],
    summary:
      'The event read model offers PROCEED on a lapsed event, while the instruction POST refuses it with instruction_lapsed.',
  },
  {
    name: 'instruction-executedat-null-for-non-proceed',
    requirements: ['INS-009'],
    summary:
      'executedAt is stamped by the payment-order workflow only, so SKIP_THIS_TIME and DROP instructions read EXECUTED with executedAt null.',
  },
  {
    name: 'instruction-receipt-number-per-patent-sequence',
    requirements: ['INS-002'],
    summary:
      "The receipt number is max+1 over the receipts of the first entry's patent instead of the tenant's sequence, so receipts of different patents share numbers.",
  },
  {
    name: 'instruction-receipt-skip-decision-null',
    requirements: ['INS-004'],
    summary:
      'The receipt maps the internal decision names to the external ones without SKIP, so a SKIP_THIS_TIME line reads decision null.',
  },
  {
    name: 'invoice-lines-in-office-currency',
    requirements: ['CONV-007'],
    summary:
      "On a EUR invoice, the lines of events whose office has another local currency (JPY, RUB...) are shown in that currency with the office's unconverted amounts.",
  },
  {
    name: 'invoice-lines-split-per-component',
    requirements: ['INV-012'],
    summary:
      'GENERATED invoices list one fees line per fee component (ledger rows not grouped by event); other origins are right.',
  },
  {
    name: 'invoice-number-filled-for-imported',
    requirements: ['INV-008'],
    summary: 'IMPORTED invoices carry their display reference as number instead of null.',
  },
  {
    name: 'money-amount-scientific-notation-for-round-values',
    requirements: ['CONV-007'],
    summary:
      'Money amounts are written like BigDecimal.stripTrailingZeros().toString(): multiples of ten come out in exponent form ("1.2E+3", "5E+1").',
  },
  {
    name: 'patents-list-totalitems-ignores-providerid-filter',
    requirements: ['PAG-001'],
    summary:
      'With providerId, the patent list pages the matching patent but counts (totalItems, totalPages, hasMore) the whole portfolio.',
  },
  {
    name: 'sync-batch-timestamps-local-wall-clock-marked-utc',
    requirements: ['CONV-006'],
    summary:
      "A sync batch's createdAt and completedAt are the server's local wall-clock time written with a Z, off by the zone's offset.",
  },
  {
    name: 'sync-results-grouped-by-outcome',
    requirements: ['SYNC-012'],
    summary:
      'Batch results are ordered by outcome (REJECTED, APPLIED, STAGED, SUPPRESSED), then by position, instead of in POST-body order.',
  },
  {
    name: 'sync-staged-create-exposes-draft-patent-id',
    requirements: ['SYNC-014'],
    summary:
      'A create awaiting review shows the id of the draft patent inserted at triage as servicePatentId; the patent is readable only once accepted.',
  },
  {
    name: 'sync-unknown-servicepatentid-echoed-on-rejection',
    requirements: ['SYNC-014'],
    summary:
      'An item rejected for an unknown servicePatentId echoes that UUID as servicePatentId instead of null.',
  },
] as const satisfies readonly FaultDefinition[];
