/**
 * Offset pagination of every list: default 10 per page, larger sizes clamped to 100, pages 1-based,
 * a page past the end is empty.
 */
import type { Pagination } from '../schemas/types';
import { pointer, validationFailed } from './problems';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export interface PageRequest {
  itemsPerPage: number;
  currentPage: number;
}

export interface Page<T> {
  pagination: Pagination;
  data: T[];
}

/**
 * Reads the (already schema-validated) pagination parameters. The document leaves a page size of zero or
 * less open; it is refused with 400 here, since no page of that size can be served.
 */
export function pageRequest(query: { itemsPerPage?: unknown; currentPage?: unknown }): PageRequest {
  const requested = typeof query.itemsPerPage === 'number' ? query.itemsPerPage : DEFAULT_PAGE_SIZE;
  if (requested < 1) {
    throw validationFailed([
      { pointer: pointer('itemsPerPage'), code: 'too_small', message: 'itemsPerPage must be at least 1.' },
    ]);
  }
  return {
    itemsPerPage: Math.min(requested, MAX_PAGE_SIZE),
    currentPage: typeof query.currentPage === 'number' ? query.currentPage : 1,
  };
}

export function page<T>(items: readonly T[], request: PageRequest): Page<T> {
  const { itemsPerPage, currentPage } = request;
  const totalItems = items.length;
  const totalPages = Math.ceil(totalItems / itemsPerPage);
  const start = (currentPage - 1) * itemsPerPage;
  return {
    pagination: { totalItems, currentPage, itemsPerPage, totalPages, hasMore: currentPage < totalPages },
    data: items.slice(start, start + itemsPerPage),
  };
}
