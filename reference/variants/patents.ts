/**
 * Variants of the area patents (PAT-*): Patent resource and patent endpoints.
 * The first requirement each one relaxes is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const PATENTS_VARIANTS = [
  {
    name: 'patents-sort-nulls-first',
    requirements: ['PAT-017'],
    freedom:
      'Endpoint 1: sort is "`field` ascending, `-field` descending"; where null values go is not stated.',
    summary: 'A sorted patent list puts the patents whose sort field is null first, in both directions.',
  },
  {
    name: 'sort-ties-reversed',
    requirements: ['PAT-017', 'INV-018', 'INV-019'],
    freedom:
      'Endpoints 1 and 10: sort is "`field` ascending, `-field` descending"; the order of items with equal sort values is not stated.',
    summary:
      'The sorted patent list and the invoice list order items with equal sort values by id descending instead of ascending.',
  },
  {
    name: 'sort-on-other-documented-fields',
    requirements: ['PAT-019', 'INV-020'],
    freedom:
      'Endpoints 1 and 10: sort lists its "allowed fields" and "an unknown field gives 400"; a member of the resource outside the list is not an unknown field, and what it gives is not stated (schemas/OPEN-POINTS.md E3).',
    summary:
      'The patent list also sorts on title and the invoice list on reference (`field` ascending, `-field` descending); fields that are no member of the resource still give 400.',
  },
  {
    name: 'patents-default-order-newest-first',
    requirements: ['PAT-022', 'PAG-009'],
    freedom: 'Gaps in the endpoint list: "Default ordering of the patent list ...: not shown."',
    summary: 'Without sort, the patent list serves the most recently recorded patents first.',
  },
  {
    name: 'patent-operators-move-status-and-numbers',
    requirements: ['PAT-024'],
    freedom:
      'Patent: officialNumbers are "office-standard numbers maintained by the service operators"; Patent status: "Transitions: not shown."',
    summary:
      'The operators work on a patent between two reads with no write of the client: every read after the first shows a PENDING patent PUBLISHED, its officialNumbers.publicationNumber filled in from the office, and an updatedAt one second later.',
  },
] as const satisfies readonly VariantDefinition[];
