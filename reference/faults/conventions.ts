/**
 * Faults of the area conventions (CONV-*): General conventions.
 * The first requirement each one breaks is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { FaultDefinition } from './catalogue-types';

export const CONVENTIONS_FAULTS = [
  {
    name: 'json-content-type-missing',
    requirements: ['CONV-001'],
    summary:
      'JSON bodies are sent without a Content-Type, so the runtime labels them text/plain;charset=UTF-8.',
  },
  {
    name: 'invoice-lines-without-object',
    requirements: ['CONV-002'],
    summary: 'The fee lines of an invoice are serialized as bare breakdowns, without object "fees".',
  },
  {
    name: 'event-patent-id-is-provider-id',
    requirements: ['CONV-003'],
    summary:
      "The patent reference of an event carries the client's providerId in id instead of the service UUID.",
  },
  {
    name: 'invoices-read-id-generated',
    requirements: ['CONV-004'],
    summary: 'The single invoice read is serialized through a DTO that assigns a fresh id on every read.',
  },
  {
    name: 'event-dates-as-timestamps',
    requirements: ['CONV-005', 'EVT-004', 'EVT-005'],
    summary:
      'Event dates (dueDate, gracePeriodEndDate) are serialized from Date objects as full timestamps (2026-03-31T00:00:00.000Z).',
  },
  {
    name: 'sync-batch-timestamps-local-offset',
    requirements: ['CONV-006'],
    summary:
      "A sync batch's createdAt and completedAt are the right instant written in the server's time zone with its offset (2026-01-05T15:00:00.000+05:30), not in UTC.",
  },
  {
    name: 'timestamps-without-offset',
    requirements: ['CONV-006', 'PAT-016'],
    summary:
      'Patent createdAt and updatedAt are written as local date-times without an offset (2026-01-05T09:30:00).',
  },
  {
    name: 'fees-amounts-as-numbers',
    requirements: ['CONV-007', 'FEE-006'],
    summary: 'The fees total and component amounts are JSON numbers instead of decimal strings.',
  },
  {
    name: 'currency-lower-case',
    requirements: ['CONV-008'],
    summary: 'Invoice currencies are passed through as stored in lower case (eur) instead of ISO 4217 codes.',
  },
  {
    name: 'vat-rate-as-percentage',
    requirements: ['CONV-009'],
    summary: 'vatRate is given as a percentage (20) instead of a fraction (0.2).',
  },
  {
    name: 'fees-inapplicable-components-null',
    requirements: ['CONV-010', 'FEE-006'],
    summary: 'Every component type is listed, with a null amount when it does not apply.',
  },
  {
    name: 'path-ids-not-validated',
    requirements: ['CONV-011'],
    summary:
      'Path identifiers are not checked as UUIDs, so a malformed id gives 404 not_found instead of 400.',
  },
  {
    name: 'patents-unknown-provider-id-not-found',
    requirements: ['CONV-014', 'PAT-020'],
    summary:
      'The providerId filter is built as a lookup: a value no patent has answers 404 not_found instead of an empty list; the list operation lists no 404.',
  },
  {
    name: 'period-empty-window-not-found',
    requirements: ['CONV-014'],
    summary:
      'A due window holding no event of the tenant answers 404 not_found instead of an empty list; the list operation lists no 404.',
  },
] as const satisfies readonly FaultDefinition[];
