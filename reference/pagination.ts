/**
 * Offset pagination of every list: default 10 per page, larger sizes clamped to 100, pages 1-based,
 * a page past the end is empty.
 */
import { pageSize } from '../schemas/openapi-facts';
import type { Pagination } from '../schemas/types';
import { isFault, isVariant } from './behaviour';
import { pointer, validationFailed } from './problems';

export const { default: DEFAULT_PAGE_SIZE, cap: MAX_PAGE_SIZE } = pageSize();

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
  const defaultSize = isFault('default-page-size-20') ? 20 : DEFAULT_PAGE_SIZE;
  let requested = typeof query.itemsPerPage === 'number' ? query.itemsPerPage : defaultSize;
  // What a page size of zero or less does is open (OPEN-POINTS B3): 400 here.
  if (isVariant('items-per-page-below-one-default') && requested < 1) requested = defaultSize;
  // (fault) A size above the cap treated as invalid and replaced by the default instead of clamped.
  if (isFault('page-size-above-cap-reset-to-default') && requested > MAX_PAGE_SIZE) requested = defaultSize;
  if (requested < 1) {
    throw validationFailed([
      { pointer: pointer('itemsPerPage'), code: 'too_small', message: 'itemsPerPage must be at least 1.' },
    ]);
  }
  return {
    itemsPerPage:
      isFault('page-size-not-clamped') || isFault('total-pages-uses-unclamped-size')
        ? requested
        : Math.min(requested, MAX_PAGE_SIZE),
    currentPage: typeof query.currentPage === 'number' ? query.currentPage : 1,
  };
}

/**
 * Whether the variant `order-depends-on-page-size` serves this page in its other order: an order the contract
 * does not state (a default order, ties) may follow the query plan a page size picks, as long as a sweep of
 * one page size stays consistent.
 */
export function belowFullPage(request: PageRequest): boolean {
  return isVariant('order-depends-on-page-size') && request.itemsPerPage < MAX_PAGE_SIZE;
}

export function page<T>(items: readonly T[], request: PageRequest): Page<T> {
  // The size asked for clamped where the page is cut, while the page count is still computed from it.
  const itemsPerPage = isFault('total-pages-uses-unclamped-size')
    ? Math.min(request.itemsPerPage, MAX_PAGE_SIZE)
    : request.itemsPerPage;
  const totalItems = items.length;
  let totalPages = Math.ceil(totalItems / request.itemsPerPage);
  if (isFault('total-pages-truncated')) totalPages = Math.floor(totalItems / itemsPerPage);
  // (fault) The page count as "full pages plus one for the rest", the rest counted even when it is empty.
  if (isFault('total-pages-extra-when-exact-multiple'))
    totalPages = Math.floor(totalItems / itemsPerPage) + 1;
  // totalPages of an empty list is open: 0 here.
  if (isVariant('empty-list-one-page') && totalItems === 0) totalPages = 1;
  // What a page past the end gives is open (OPEN-POINTS B3): an empty page here.
  const currentPage = isVariant('page-past-end-last-page')
    ? Math.min(request.currentPage, Math.max(totalPages, 1))
    : request.currentPage;
  const start = (isFault('zero-based-pages') ? currentPage : currentPage - 1) * itemsPerPage;
  const data = isFault('page-data-not-sliced') ? [...items] : items.slice(start, start + itemsPerPage);
  let hasMore = isFault('has-more-on-last-page') ? currentPage <= totalPages : currentPage < totalPages;
  // (fault) The next page's number compared as if pages were 0-based: currentPage + 1 < totalPages.
  if (isFault('has-more-false-on-penultimate-page')) hasMore = currentPage + 1 < totalPages;
  // (fault) Another page taken to exist whenever this one is full.
  if (isFault('has-more-true-on-exact-last-page')) hasMore = data.length === itemsPerPage;
  return {
    pagination: {
      totalItems: isFault('total-items-of-page') ? data.length : totalItems,
      currentPage: isFault('current-page-always-one') ? 1 : currentPage,
      itemsPerPage,
      totalPages,
      hasMore,
    },
    data,
  };
}
