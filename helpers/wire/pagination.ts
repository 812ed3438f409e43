/**
 * Walks a paginated list to its end, page by page, keeping every page for the assertions.
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
  for (let page = 1; page <= maxPages; page++) {
    const response = await api.call(operationId, {
      ...call,
      query: { ...call.query, itemsPerPage, currentPage: page },
    });
    if (response.status !== 200) {
      throw new Error(
        `walking ${operationId}: page ${page} answered ${response.status}: ${response.text.slice(0, 300)}`,
      );
    }
    pages.push(response);
    const body = envelope(response);
    items.push(...(body.data as T[]));
    if (!body.pagination.hasMore) return { items, pages, truncated: false };
  }
  return { items, pages, truncated: true };
}
