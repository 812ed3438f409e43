/**
 * Variants of blind round 1: freedoms read from the contract alone. Each is a behaviour a conformant server
 * may have; the suite must pass against every one of them.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const BLIND_ROUND_1_VARIANTS = [
  {
    name: 'async-batch-intermediate-states-may-be-skipped',
    requirements: ['SYNC-022'],
    freedom:
      'Sync batch and item outcomes: "more than 100 items | mode ASYNC, status PENDING, no results yet (202); then PROCESSING" and "Which trigger moves a batch to SETTLED or to ERROR ... not shown"; no duration of PROCESSING is stated.',
    summary:
      'The background worker triages every item of a batch in one step, so polls see it go from PENDING (0 processed) straight to its final status.',
  },
  {
    name: 'decimal-string-scale-free',
    requirements: ['CONV-007'],
    freedom:
      'General conventions: "Money amounts are decimal strings in the invoice currency (ISO 4217 code)"; the number of decimal places is not fixed.',
    summary:
      'Fees objects (event fees, include=fees, invoice lines) write their amounts at four decimals ("120.5000") as the fee tables store them; invoice totals and freeze amounts keep two.',
  },
  {
    name: 'freeze-events-may-include-unfrozen-entries',
    requirements: ['FRZ-004', 'FRZ-013'],
    freedom:
      'Exchange rate freeze: each frozenRateEvent carries "`isFxRateFrozen` (boolean)"; endpoint 14 returns the events "with their (potential) frozen fees" (schemas/OPEN-POINTS.md B22).',
    summary:
      'Events whose fees are already LOCKED or INVOICED have no rate left to freeze: they read isFxRateFrozen false in a frozen month, on the freeze, the event and its fees alike.',
  },
  {
    name: 'patent-status-after-drop-free',
    requirements: ['PAT-010'],
    freedom: 'Patent status: "Values: PENDING, PUBLISHED, GRANTED, LAPSED. Transitions: not shown."',
    summary:
      "Executing a DROP lapses the patent: its status becomes LAPSED and its lapseDate the dropped event's due date.",
  },
  {
    name: 'refused-proposal-outcome-label-free',
    requirements: ['SYNC-051'],
    freedom:
      'Sync batch and item outcomes: "Which trigger moves a batch to SETTLED or to ERROR, and the outcome label of a proposal refused in review: not shown."',
    summary:
      "A proposal refused in review keeps the outcome STAGED on later polls, with the reviewer's reason verbatim; the batch settles at the last review.",
  },
] as const satisfies readonly VariantDefinition[];
