/**
 * Faults of the area fees (FEE-*): Fees of an event and fee status transitions.
 * The first requirement each one breaks is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { FaultDefinition } from './catalogue-types';

export const FEES_FAULTS = [
  {
    name: 'fees-event-fees-without-object',
    requirements: ['FEE-001'],
    summary:
      'The fees of an event (fees route and include=fees) are serialized as a bare breakdown without object.',
  },
  {
    name: 'fees-invoice-id-of-patent',
    requirements: ['FEE-002', 'FEE-011', 'FEE-015'],
    summary: 'The fees of an event not invoiced carry the invoice of an invoiced event of the same patent.',
  },
  {
    name: 'period-fees-cached-by-patent',
    requirements: ['FEE-003', 'PER-012'],
    summary:
      'The fees attached with include=fees are cached by patent, so every event of a patent on the page carries the fees of the first one.',
  },
  {
    name: 'fees-patent-provider-id-missing',
    requirements: ['FEE-004'],
    summary:
      'The patent reference of a fees object is built from the event row alone, so its providerId is always null.',
  },
  {
    name: 'fees-total-binary-float',
    requirements: ['FEE-005'],
    summary: 'The fees total is summed in binary floating point, giving totals such as "392.40000000000003".',
  },
  {
    name: 'fees-total-without-service',
    requirements: ['FEE-005'],
    summary: 'The fees total leaves the SERVICE component out.',
  },
  {
    name: 'fees-grace-surcharge-typed-late-fee',
    requirements: ['FEE-007'],
    summary: 'The late surcharge is listed under the v1 component type LATE_FEE instead of GRACE_PERIOD.',
  },
  {
    name: 'fees-status-null-before-instruction',
    requirements: ['FEE-008'],
    summary:
      'The fees status is read from the fee record, created at instruction, so the fees of an event never instructed read feesStatus null.',
  },
  {
    name: 'fees-fx-frozen-null-when-never-frozen',
    requirements: ['FEE-009'],
    summary:
      'The isFxRateFrozen of a fees object comes from a left join on the frozen months, so it is null for a month never frozen.',
  },
  {
    name: 'fees-status-ignores-lock',
    requirements: ['FEE-010'],
    summary:
      'The fees status is derived from the invoice link alone, so fees locked by a PROCEED read ESTIMATED.',
  },
  {
    name: 'fees-locked-recomputed-live',
    requirements: ['FEE-012'],
    summary:
      'LOCKED fees are recomputed from the live estimate on every read, so a revised office fee moves amounts that the lock fixed.',
  },
  {
    name: 'fees-locked-repriced-at-start',
    requirements: ['FEE-012'],
    summary:
      "LOCKED amounts locked before the server started are not kept: each start prices them again at that day's exchange rate, so they stay put within a run and drift between runs.",
    acrossRuns: true,
  },
  {
    name: 'fees-invoiced-without-invoice-id',
    requirements: ['FEE-013'],
    summary: 'The fees of an invoiced event read INVOICED with invoiceId null.',
  },
  {
    name: 'fees-invoiced-amounts-with-vat',
    requirements: ['FEE-014'],
    summary:
      "INVOICED fees show the amounts with the invoice's VAT added instead of the billed amounts of the line.",
  },
  {
    name: 'fees-lock-without-service',
    requirements: ['FEE-016'],
    summary:
      'The lock copies the third-party fees only (OFFICE, AGENT, GRACE_PERIOD), leaving the service fee to the invoice, so the LOCKED fees drop the SERVICE component the estimate showed.',
  },
] as const satisfies readonly FaultDefinition[];
