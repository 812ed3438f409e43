/**
 * Faults of the area freezes (FRZ-*): Exchange rate freezes.
 * The first requirement each one breaks is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { FaultDefinition } from './catalogue-types';

export const FREEZES_FAULTS = [
  {
    name: 'freezes-list-items-without-object',
    requirements: ['FRZ-001'],
    summary: 'The freeze list gives bare months ({ yearMonth }) without object.',
  },
  {
    name: 'freezes-list-month-as-date',
    requirements: ['FRZ-002'],
    summary: 'The list gives each frozen month as its first day (YYYY-MM-01) instead of YYYY-MM.',
  },
  {
    name: 'freezes-month-read-as-date',
    requirements: ['FRZ-003'],
    summary:
      'The single read and the PUT response give yearMonth as the first day of the month (YYYY-MM-01) instead of the path month.',
  },
  {
    name: 'freezes-amount-as-number',
    requirements: ['FRZ-004'],
    summary: 'The amount of a frozen-rate event is a JSON number instead of a decimal string.',
  },
  {
    name: 'freezes-month-13-accepted',
    requirements: ['FRZ-005'],
    summary: 'The yearMonth path parameter is checked for the YYYY-MM shape only, so 2026-13 is accepted.',
  },
  {
    name: 'freezes-reads-require-patents-read',
    requirements: ['FRZ-006'],
    summary:
      'The freeze reads list renewal events and are guarded by patents:read instead of exchange-rate-freezes:write.',
  },
  {
    name: 'freezes-put-requires-body',
    requirements: ['FRZ-007'],
    summary: 'The freeze PUT goes through the JSON body parser, so a PUT without a body gives 400.',
  },
  {
    name: 'freezes-list-up-to-current-month',
    requirements: ['FRZ-008'],
    summary:
      'The freeze list shows only the months whose frozen rates are in force (up to the current month), so a month frozen in advance is missing.',
  },
  {
    name: 'freezes-put-answers-before-freezing',
    requirements: ['FRZ-009', 'FRZ-010'],
    summary:
      'The PUT answers the month as read before the freeze, so its events show isFxRateFrozen false where a later read of the month (or a repeated PUT) shows true.',
  },
  {
    name: 'freezes-put-not-idempotent',
    requirements: ['FRZ-009'],
    summary: 'A PUT of a month already frozen gives 409 conflict.',
  },
  {
    name: 'freezes-unfrozen-month-not-found',
    requirements: ['FRZ-011'],
    summary: 'GET of a month that has never been frozen gives 404 instead of its potential freeze.',
  },
  {
    name: 'freezes-no-capability-as-insufficient-scope',
    requirements: ['FRZ-012'],
    summary: 'A tenant without the freeze capability gets 403 insufficient_scope instead of forbidden.',
  },
  {
    name: 'freezes-put-flags-no-event',
    requirements: ['FRZ-013'],
    summary:
      'The event and fees reads take isFxRateFrozen from a per-event column that the PUT of a month never writes, so the events the freeze lists as frozen read false there.',
  },
  {
    name: 'freeze-rows-in-tenant-currency',
    requirements: ['FRZ-014'],
    summary:
      "A freeze row's currency is the tenant's billing currency (EUR) whatever the event's, its amount unchanged: a row of an event whose fees are in GBP reads EUR.",
  },
] as const satisfies readonly FaultDefinition[];
