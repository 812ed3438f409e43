/**
 * Walks a paginated list to its end, keeping every page for the assertions: page 1, then every page it announces
 * at once.
 */
import type { ApiClient, ApiResponse, CallOptions } from './api-client';
import { type OperationId, pageSize } from '../contract/contract';

export interface Pagination {
  totalItems: number;
  currentPage: number;
  itemsPerPage: number;
  totalPages: number;
  hasMore: boolean;
}

export interface ListBody<T> {
  pagination: Pagination;
  data: T[];
}

/** The list envelope of a list response, or of a sync batch's `results`. */
export type EnvelopeOf = (response: ApiResponse) => ListBody<unknown>;

export const listEnvelope: EnvelopeOf = (response) => response.json<ListBody<unknown>>();

export interface Walk<T> {
  items: T[];
  pages: ApiResponse[];
  /** True when the walk stopped at `maxPages` before the list ended. */
  truncated: boolean;
}

export async function walkList<T>(
  api: ApiClient,
  operationId: OperationId,
  options: CallOptions & { itemsPerPage?: number; maxPages?: number; envelope?: EnvelopeOf } = {},
): Promise<Walk<T>> {
  // The largest page the contract serves: the fewest requests.
  const { itemsPerPage = pageSize().cap, maxPages = 20, envelope = listEnvelope, ...call } = options;
  const items: T[] = [];
  const pages: ApiResponse[] = [];
  const fetchPage = async (page: number) => {
    const response = await api.call(operationId, {
      ...call,
      query: { ...call.query, itemsPerPage, currentPage: page },
    });
    if (response.status !== 200) {
      throw new Error(
        `walking ${operationId}: page ${page} answered ${response.status}: ${response.text.slice(0, 300)}`,
      );
    }
    return response;
  };
  // Page 1 tells how many pages follow: those are asked together, one round trip for the rest of the walk
  // instead of one per page. They are read in order and the walk ends where a page says no more follows.
  let ahead: Promise<ApiResponse>[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const response = await (ahead.shift() ?? fetchPage(page));
    pages.push(response);
    const body = envelope(response);
    items.push(...(body.data as T[]));
    if (!body.pagination.hasMore) {
      // Pages asked ahead past the end (the list shrank meanwhile) are awaited, not read.
      await Promise.allSettled(ahead);
      return { items, pages, truncated: false };
    }
    if (page === 1 && Number.isInteger(body.pagination.totalPages)) {
      const last = Math.min(body.pagination.totalPages, maxPages);
      ahead = Array.from({ length: Math.max(0, last - 1) }, (_, i) => {
        const next = fetchPage(i + 2);
        // Its failure is reported when the walk reaches it, not as a rejection nobody handled meanwhile.
        next.catch(() => undefined);
        return next;
      });
    }
  }
  await Promise.allSettled(ahead);
  return { items, pages, truncated: true };
}
