/**
 * Variants of blind round 7: freedoms described by a reader who had only the contract. Each is a behaviour a
 * conformant server may have; the suite must pass against every one of them.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const BLIND_ROUND_7_VARIANTS = [
  {
    name: 'timestamps-offset-and-fraction',
    requirements: ['CONV-006'],
    freedom:
      'General conventions: "Timestamps are ISO 8601 UTC (`date-time`)"; ISO 8601 and RFC 3339 allow the UTC offset `+00:00` for `Z` and any number of fractional-second digits.',
    summary:
      'Every date-time of every JSON body is written with microseconds and the offset +00:00 (2025-03-01T10:00:00.123000+00:00) instead of milliseconds and Z.',
  },
  {
    name: 'grace-period-drops-proceed',
    requirements: ['EVT-028', 'INS-013'],
    freedom:
      'Errors: "instruction_lapsed | 422 | ... | the decision is not offered for the event (typically PROCEED on a lapsed event)"; Instructability object: "allowedDecisions | valid decisions now".',
    summary:
      'PROCEED is no longer offered once the due date has passed: an event in its grace period offers SKIP_THIS_TIME and DROP only, and a PROCEED on it answers 422 instruction_lapsed.',
  },
] as const satisfies readonly VariantDefinition[];
