/**
 * Variants of the area pagination (PAG-*): List envelope and pagination.
 * The first requirement each one relaxes is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const PAGINATION_VARIANTS = [
  {
    name: 'page-past-end-last-page',
    requirements: ['PAG-002', 'PAG-006'],
    freedom:
      'Pagination parameters: currentPage is "1-based; offset pagination"; what a page past the end gives is not stated (schemas/OPEN-POINTS.md B3).',
    summary:
      'A currentPage past the last page is served as the last page (currentPage = totalPages, its items, hasMore false) instead of an empty page.',
  },
  {
    name: 'items-per-page-below-one-default',
    requirements: ['PAG-003', 'PAG-007'],
    freedom:
      'Pagination parameters: itemsPerPage has a default and a cap; what 0 or a negative value does is not stated (schemas/OPEN-POINTS.md B3).',
    summary: 'itemsPerPage of 0 or below is served with the default page size (10) instead of 400.',
  },
  {
    name: 'empty-list-one-page',
    requirements: ['PAG-004'],
    freedom:
      'List envelope: totalPages is "total pages"; the page count of an empty list (0 or 1) is not stated.',
    summary: 'An empty list reports totalPages 1 (one empty page) instead of 0.',
  },
  {
    name: 'order-depends-on-page-size',
    requirements: ['PAG-009', 'PAG-010'],
    freedom:
      'Pagination parameters: "offset pagination ... re-fetch from page 1 for a consistent sweep" promises a consistent sweep of one page size; "Default ordering of the patent list and of the by-period event list: not shown"; the order of invoices with equal issueDate is not stated (schemas/OPEN-POINTS.md E3).',
    summary:
      'Below 100 items a page, the patent list and the by-period list are served in reverse default order and invoices of one issueDate in reverse id order, as a query plan chosen by the LIMIT would give them.',
  },
] as const satisfies readonly VariantDefinition[];
