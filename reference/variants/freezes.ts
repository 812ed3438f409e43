/**
 * Variants of the area freezes (FRZ-*): Exchange rate freezes.
 * The first requirement each one relaxes is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const FREEZES_VARIANTS = [
  {
    name: 'freezes-list-latest-first',
    requirements: ['FRZ-002', 'FRZ-008'],
    freedom: 'Endpoint 12: a "list envelope of freeze objects"; the order of the list is not stated.',
    summary: 'The exchange-rate freeze list serves the latest month first.',
  },
  {
    name: 'frozen-rate-events-without-object',
    requirements: ['FRZ-004', 'CONV-002'],
    freedom:
      'Exchange rate freeze: "an array of `frozenRateEvent` objects with `clientCaseReference` ..., `dueDate` ..., `amount` ..., `currency` ..., `isFxRateFrozen` ..., `hasInstruction`": `object` is not among the listed members (schemas/OPEN-POINTS.md E2).',
    summary: 'The events of a freeze read and of the PUT response carry no object member.',
  },
  {
    name: 'freezes-month-affects-later-months',
    requirements: ['FRZ-010', 'FRZ-013'],
    freedom:
      'Endpoints 13 and 14: a PUT "returns the freeze with its affected renewal events", a read "the renewal events affected by the freeze of the month with their (potential) frozen fees"; which events a month affects is not stated (schemas/OPEN-POINTS.md B22).',
    summary:
      'The freeze of a month lists the renewal events due from that month on; those due in later months read isFxRateFrozen false.',
  },
] as const satisfies readonly VariantDefinition[];
