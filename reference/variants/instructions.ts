/**
 * Variants of the area instructions (INS-*): Instruction POST and instruction receipt.
 * The first requirement each one relaxes is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const INSTRUCTIONS_VARIANTS = [
  {
    name: 'instructed-payment-sent',
    requirements: ['INS-008', 'EVT-012'],
    freedom:
      'Event processing status: "the effect of an executed instruction on processingStatus, are: not shown."',
    summary: 'An executed PROCEED moves processingStatus to PAYMENT_SENT (other decisions to INSTRUCTED).',
  },
  {
    name: 'processing-status-kept-on-instruction',
    requirements: ['INS-008', 'EVT-012'],
    freedom:
      'Event processing status: "the effect of an executed instruction on processingStatus, are: not shown."',
    summary:
      'Executing an instruction leaves processingStatus (and its timestamp) as it was; only appliedDecision is set.',
  },
  {
    name: 'other-422-code-same-patent',
    requirements: ['INS-016'],
    freedom:
      'Endpoint 7: a batch carries "one event per patent", with no error code named for a batch that breaks it; Errors: "Other 422 codes beyond the three instruction ones: not shown." (schemas/OPEN-POINTS.md A10).',
    summary:
      "A batch holding two events of one patent gives 422 with the code instruction_batch_invalid (a well-formed problem of the server's own).",
  },
  {
    name: 'missing-dates-latest-first',
    requirements: ['INS-023'],
    freedom:
      'Errors: missingPreviousRenewalDates holds the "due dates of earlier events awaiting a decision"; their order is not stated.',
    summary: 'The missingPreviousRenewalDates of an instruction_skipped problem are listed latest first.',
  },
  {
    name: 'receipt-number-null',
    requirements: ['INS-028'],
    freedom: 'Instruction receipt: "number | integer or null | sequential receipt number".',
    summary: 'Receipts carry no number (null); their reference tells them apart.',
  },
] as const satisfies readonly VariantDefinition[];
