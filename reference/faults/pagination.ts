/**
 * Faults of the area pagination (PAG-*): List envelope and pagination.
 * The first requirement each one breaks is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { FaultDefinition } from './catalogue-types';

export const PAGINATION_FAULTS = [
  {
    name: 'invoices-window-count-unfiltered',
    requirements: ['PAG-001', 'PAG-004'],
    summary:
      "The invoice list's count query is built apart from its data query and without the date windows: a windowed list reports the tenant's whole invoice count.",
  },
  {
    name: 'total-items-of-page',
    requirements: ['PAG-001'],
    summary: 'totalItems counts the items of the page served instead of the whole collection.',
  },
  {
    name: 'current-page-always-one',
    requirements: ['PAG-002'],
    summary: 'pagination.currentPage is always 1, whatever page is served.',
  },
  {
    name: 'total-pages-truncated',
    requirements: ['PAG-004', 'PAG-010'],
    summary: 'totalPages is floor(totalItems / itemsPerPage), dropping a last partial page.',
  },
  {
    name: 'has-more-on-last-page',
    requirements: ['PAG-005'],
    summary:
      'hasMore is computed as currentPage <= totalPages, so the last page still says another page exists.',
  },
  {
    name: 'sync-results-has-more-inclusive',
    requirements: ['PAG-005', 'PAG-011'],
    summary:
      "The results envelope of a sync batch has its own hasMore, computed as currentPage <= totalPages: a batch's last page of results says another page exists.",
  },
  {
    name: 'page-data-not-sliced',
    requirements: ['PAG-006'],
    summary:
      'The pagination members are computed but data holds the whole collection instead of the requested page.',
  },
  {
    name: 'default-page-size-20',
    requirements: ['PAG-007'],
    summary: 'Without itemsPerPage a page holds 20 items instead of 10.',
  },
  {
    name: 'page-size-not-clamped',
    requirements: ['PAG-008', 'PAG-003'],
    summary:
      'itemsPerPage above 100 is served as asked (pages of 250 items) instead of being clamped to 100.',
  },
  {
    name: 'zero-based-pages',
    requirements: ['PAG-009', 'PAG-010'],
    summary:
      'currentPage is taken as 0-based: currentPage=1 serves the second page and the first is unreachable.',
  },
  {
    name: 'sync-results-page-size-ignored',
    requirements: ['PAG-011'],
    summary: 'The sync status GET ignores itemsPerPage and always returns up to 100 results per page.',
  },
] as const satisfies readonly FaultDefinition[];
