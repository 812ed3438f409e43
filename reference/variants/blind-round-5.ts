/**
 * Variants of blind round 5: freedoms described by a reader who had only the contract. Each is a behaviour a
 * conformant server may have; the suite must pass against every one of them.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const BLIND_ROUND_5_VARIANTS = [
  {
    name: 'patents-default-order-by-case-reference',
    requirements: ['PAT-022', 'PAG-010'],
    freedom:
      'Gaps in the endpoint list: "Default ordering of the patent list and of the by-period event list: not shown."',
    summary:
      'Without sort, the patent list is ordered by clientCaseReference (nulls last, ties by id) instead of insertion order.',
  },
  {
    name: 'untouched-event-updated-at-null',
    requirements: ['EVT-013'],
    freedom: 'Patent event: "createdAt, updatedAt | date-time or null".',
    summary: 'An event never changed since it was created reads updatedAt null.',
  },
  {
    name: 'grace-surcharge-in-two-lines',
    requirements: ['FEE-006', 'FEE-005', 'FEE-007'],
    freedom:
      'Fees: "components | array | items: `type` and `amount` (decimal string)" (neither order nor one component per type is stated).',
    summary:
      'The grace-period surcharge is listed as two GRACE_PERIOD components (office surcharge and late-handling), whose amounts add up to the one surcharge.',
  },
  {
    name: 'lapsed-event-offers-drop-only',
    requirements: ['EVT-020', 'EVT-018', 'INS-024'],
    freedom:
      'Instructability: "allowedDecisions | array of string | valid decisions now; empty when not allowed; a lapsed event drops PROCEED"; instruction_lapsed: "the decision is not offered for the event (typically PROCEED on a lapsed event)".',
    summary:
      'A lapsed event offers DROP only (SKIP_THIS_TIME is no longer offered either), and the POST refuses SKIP_THIS_TIME on it with 422 instruction_lapsed.',
  },
  {
    name: 'receipt-lines-reverse-order',
    requirements: ['INS-004', 'INS-003'],
    freedom: 'Instruction receipt: "instructions | array | instruction objects" (no order stated).',
    summary: 'The receipt lists its instruction lines in the reverse of the posted order.',
  },
  {
    name: 'receipt-designations-empty-arrays',
    requirements: ['INS-007'],
    freedom:
      'Instruction: "`renewedDesignatedCountries` (array of string or null, WO designations to renew); `excludedDesignatedCountries` (array of string or null, WO designations to exclude)".',
    summary:
      'Receipt lines carry empty arrays instead of null for designations: excludedDesignatedCountries always, renewedDesignatedCountries on non-WO patents.',
  },
  {
    name: 'executed-lines-carry-schedule-date',
    requirements: ['INS-006'],
    freedom: 'Instruction: "`scheduledForExecutionAt` (date or null)".',
    summary:
      'An executed receipt line carries scheduledForExecutionAt, the UTC date it was executed, instead of null.',
  },
] as const satisfies readonly VariantDefinition[];
