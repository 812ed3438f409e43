/**
 * Faults of the area period (PER-*): Events by period.
 * The first requirement each one breaks is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { FaultDefinition } from './catalogue-types';

export const PERIOD_FAULTS = [
  {
    name: 'period-list-grouped-by-month',
    requirements: ['PER-001'],
    summary:
      'The by-period list answers the shape of the legacy per-year-and-month list it replaces: the events grouped by due month, without the list envelope.',
  },
  {
    name: 'period-only-pending-events',
    requirements: ['PER-002'],
    summary: 'The window reuses the worklist query, so events that already have a decision are left out.',
  },
  {
    name: 'period-due-from-ignored',
    requirements: ['PER-003'],
    summary: 'dueFrom does not bound the window: events due before it are returned.',
  },
  {
    name: 'period-due-to-exclusive',
    requirements: ['PER-004'],
    summary: 'Events due exactly on dueTo are left out of the window.',
  },
  {
    name: 'period-incomplete-window-accepted',
    requirements: ['PER-005'],
    summary: 'dueFrom or dueTo alone is taken as an open-ended window (200) instead of giving 400.',
  },
  {
    name: 'period-due-month-ignored',
    requirements: ['PER-006'],
    summary: 'dueMonth is accepted but does not narrow the list: every event of the portfolio is returned.',
  },
  {
    name: 'period-offices-filter-ignored',
    requirements: ['PER-007'],
    summary: 'The offices filter is ignored.',
  },
  {
    name: 'period-owners-filter-inverted',
    requirements: ['PER-008'],
    summary: 'The owners filter excludes the given owners instead of selecting them.',
  },
  {
    name: 'period-family-filter-on-case-reference',
    requirements: ['PER-009'],
    summary: 'The family filter is matched against clientCaseReference instead of clientFamilyReference.',
  },
  {
    name: 'period-event-types-ignored',
    requirements: ['PER-010'],
    summary: 'The by-period list accepts eventTypes but does not filter on it: every kind is returned.',
  },
  {
    name: 'period-event-types-on-patent-type',
    requirements: ['PER-010'],
    summary:
      "The eventTypes filter is matched against the patent's patentType, so eventTypes=RENEWAL returns nothing.",
  },
  {
    name: 'period-event-types-unknown-kinds-dropped',
    requirements: ['PER-010'],
    summary:
      'eventTypes values that name no known kind are dropped before filtering, so a filter of unknown kinds only filters nothing and returns every event.',
  },
  {
    name: 'period-include-fees-ignored',
    requirements: ['PER-011', 'PER-012'],
    summary: 'include=fees is ignored: the events carry no fees member.',
  },
  {
    name: 'period-unknown-include-rejected',
    requirements: ['PER-013'],
    summary: 'An include value other than fees gives 400 instead of being ignored.',
  },
  {
    name: 'period-missing-window-accepted',
    requirements: ['PER-014'],
    summary: 'A request without any due window answers 200 with every event instead of 400.',
  },
  {
    name: 'period-window-dates-shape-only',
    requirements: ['PER-015'],
    summary:
      'dueFrom, dueTo and dueMonth are checked for their shape only, so 2025-13-01 and 2025-13 are accepted.',
  },
] as const satisfies readonly FaultDefinition[];
