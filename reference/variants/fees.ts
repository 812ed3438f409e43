/**
 * Variants of the area fees (FEE-*): Fees of an event and fee status transitions.
 * The first requirement each one relaxes is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const FEES_VARIANTS = [
  {
    name: 'fee-components-reversed',
    requirements: ['FEE-006', 'FEE-007'],
    freedom:
      'Fees: `components` is an "array" of `type` and `amount` items; their order is not stated (schemas/OPEN-POINTS.md B25).',
    summary:
      'Every Fees object (event fees, by-period fees, invoice lines) lists its components in reverse order (SERVICE before OFFICE).',
  },
  {
    name: 'fees-estimates-recomputed-live',
    requirements: ['FEE-008', 'FEE-005'],
    freedom:
      'Fees: feesStatus "ESTIMATED (projected, recomputed live)": an estimate may change between two reads.',
    summary:
      "Estimates are recomputed at the day's live exchange rate: every other read of an ESTIMATED fee whose rate is not frozen shows its SERVICE fee a cent up, the total following.",
  },
  {
    name: 'fees-locked-on-any-decision',
    requirements: ['FEE-010', 'FEE-015'],
    freedom:
      'Fees status of an event: only ESTIMATED -> LOCKED on an executed PROCEED is stated; "Any other move between fee statuses: not shown."',
    summary: 'Executing SKIP_THIS_TIME or DROP also locks the fees of the event (LOCKED, invoiceId null).',
  },
] as const satisfies readonly VariantDefinition[];
