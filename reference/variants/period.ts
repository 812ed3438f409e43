/**
 * Variants of the area period (PER-*): Events by period.
 * The first requirement each one relaxes is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const PERIOD_VARIANTS = [
  {
    name: 'period-events-latest-first',
    requirements: ['PER-001', 'PAG-009'],
    freedom: 'Gaps in the endpoint list: "Default ordering ... of the by-period event list: not shown."',
    summary: 'The by-period event list is ordered by due date descending (latest first).',
  },
  {
    name: 'arrays-comma-separated-only',
    requirements: ['PER-007', 'PER-008', 'PER-009', 'PER-010'],
    freedom:
      'Gaps in the endpoint list: "Wire encoding of repeatable array query parameters (offices, owners, family, eventTypes): not shown."',
    summary:
      'Array query parameters are read from the first occurrence as comma-separated values; repeated keys after it are ignored.',
  },
  {
    name: 'arrays-repeated-keys-only',
    requirements: ['PER-007', 'PER-008', 'PER-009', 'PER-010'],
    freedom:
      'Gaps in the endpoint list: "Wire encoding of repeatable array query parameters (offices, owners, family, eventTypes): not shown."',
    summary:
      'Array query parameters are read as repeated keys only; a comma is part of the value (EP,FR matches nothing).',
  },
  {
    name: 'include-case-insensitive',
    requirements: ['PER-013'],
    freedom:
      'Events by period, include: "comma-separated; `fees` adds the Fees object to each event; an unknown value is silently ignored" (whether `FEES` is `fees` or an unknown value is not stated).',
    summary: 'include values are compared without case: include=FEES adds the Fees object like include=fees.',
  },
] as const satisfies readonly VariantDefinition[];
