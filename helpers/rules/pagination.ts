/**
 * The rules of the Pagination area (PAG-) one answer decides: the envelope's totals and pages, the page
 * parameters the request asked (default, cap), the items a page holds, the page size of a sync batch's
 * results. Part of the registry (./registry.ts).
 * Contract: List envelope and pagination.
 */
import { pageSize } from '../contract/contract';
import {
  ANSWER,
  type AnswerFacts,
  type Invariant,
  isObject,
  type Json,
  LIST_ENVELOPE,
  once,
  type Placement,
  queryValue,
  show,
} from '../contract/invariant-types';

/** The number of items of a list envelope's `data`, and its pagination when it has the shape. */
function pageOf(envelope: Json): { items: number; p: Json } | undefined {
  if (!Array.isArray(envelope.data) || !isObject(envelope.pagination)) return undefined;
  return { items: envelope.data.length, p: envelope.pagination };
}

/** The envelope the request's page parameters speak of: the list itself, or a sync batch's results. */
function requestedEnvelope(answer: AnswerFacts, placement: Placement): boolean {
  if (answer.method !== 'GET') return false;
  if (answer.operationId === 'getSyncBatch') return placement.path === '/results';
  return placement.path === '/';
}

const { cap: PAGE_CAP, default: PAGE_DEFAULT } = pageSize();

/**
 * The page size a request asks in the range the contract serves as asked (1 to the cap), written plainly
 * (no sign, no leading zero); undefined otherwise: a size below 1 is not shown, one above the cap is clamped.
 */
function askedSize(answer: AnswerFacts): number | undefined {
  const asked = queryValue(answer, 'itemsPerPage');
  if (asked === undefined || !/^[1-9]\d*$/.test(asked)) return undefined;
  const size = Number(asked);
  return size <= PAGE_CAP ? size : undefined;
}

export const PAGINATION_RULES: readonly Invariant[] = [
  {
    id: 'PAG-003',
    title: 'itemsPerPage is at most 100 and data never holds more items than it',
    subject: LIST_ENVELOPE,
    judge: (envelope) => {
      const page = pageOf(envelope);
      if (!page || !Number.isInteger(page.p.itemsPerPage)) return undefined;
      const size = page.p.itemsPerPage as number;
      return [
        ...(size > PAGE_CAP ? [`itemsPerPage is ${size}`] : []),
        ...(page.items > size ? [`data holds ${page.items} items, itemsPerPage is ${size}`] : []),
      ];
    },
  },
  {
    id: 'PAG-003',
    title: 'a page size asked from 1 to 100 is the page size served',
    subject: LIST_ENVELOPE,
    judge: (envelope, answer, placement) => {
      const asked = askedSize(answer);
      if (asked === undefined || !requestedEnvelope(answer, placement) || !pageOf(envelope)) return undefined;
      const shown = (envelope.pagination as Json).itemsPerPage;
      return once(shown === asked ? undefined : `itemsPerPage is ${show(shown)}, ${asked} was asked`);
    },
  },
  {
    id: 'PAG-004',
    title: 'totalPages is ceil(totalItems / itemsPerPage) when totalItems is positive',
    subject: LIST_ENVELOPE,
    judge: (envelope) => {
      const page = pageOf(envelope);
      const { totalItems, itemsPerPage, totalPages } = page?.p ?? {};
      if (!Number.isInteger(totalItems) || !Number.isInteger(itemsPerPage)) return undefined;
      if ((totalItems as number) <= 0 || (itemsPerPage as number) <= 0) return undefined;
      const expected = Math.ceil((totalItems as number) / (itemsPerPage as number));
      return once(
        totalPages === expected
          ? undefined
          : `totalPages is ${JSON.stringify(totalPages)} for ${String(totalItems)} items of ${String(itemsPerPage)} a page (expected ${expected})`,
      );
    },
  },
  {
    id: 'PAG-005',
    title: 'hasMore is true exactly when currentPage is below totalPages',
    subject: LIST_ENVELOPE,
    judge: (envelope) => {
      const { currentPage, totalPages, hasMore, totalItems } = pageOf(envelope)?.p ?? {};
      // totalPages of an empty list is free (OPEN-POINTS): judged on a list with items only.
      if (!Number.isInteger(currentPage) || !Number.isInteger(totalPages) || !((totalItems as number) > 0))
        return undefined;
      const expected = (currentPage as number) < (totalPages as number);
      return once(
        hasMore === expected
          ? undefined
          : `hasMore is ${JSON.stringify(hasMore)} on page ${String(currentPage)} of ${String(totalPages)}`,
      );
    },
  },
  {
    id: 'PAG-001',
    title: 'on a page short of full, totalItems counts the items before it and on it',
    subject: LIST_ENVELOPE,
    judge: (envelope) => {
      const page = pageOf(envelope);
      const { currentPage, itemsPerPage, totalItems } = page?.p ?? {};
      if (!page || !Number.isInteger(currentPage) || !Number.isInteger(itemsPerPage)) return undefined;
      if (!Number.isInteger(totalItems) || page.items === 0 || page.items >= (itemsPerPage as number))
        return undefined;
      const expected = ((currentPage as number) - 1) * (itemsPerPage as number) + page.items;
      return once(
        totalItems === expected
          ? undefined
          : `page ${String(currentPage)} holds ${page.items} of ${String(itemsPerPage)} items, yet totalItems is ${String(totalItems)} (expected ${expected})`,
      );
    },
  },
  {
    id: 'PAG-001',
    title: 'on a full page, totalItems counts at least the items before it and on it',
    subject: LIST_ENVELOPE,
    judge: (envelope) => {
      const page = pageOf(envelope);
      const { currentPage, itemsPerPage, totalItems } = page?.p ?? {};
      if (!page || !Number.isInteger(currentPage) || !Number.isInteger(itemsPerPage)) return undefined;
      if (!Number.isInteger(totalItems) || page.items === 0 || page.items < (itemsPerPage as number))
        return undefined;
      const least = ((currentPage as number) - 1) * (itemsPerPage as number) + page.items;
      return once(
        (totalItems as number) >= least
          ? undefined
          : `page ${String(currentPage)} holds ${page.items} items of ${String(itemsPerPage)}, yet totalItems is ${String(totalItems)} (at least ${least})`,
      );
    },
  },
  {
    id: 'PAG-002',
    title: 'currentPage is the page requested, 1 when none was',
    subject: LIST_ENVELOPE,
    judge: (envelope, answer, placement) => {
      if (!requestedEnvelope(answer, placement) || !pageOf(envelope)) return undefined;
      const asked = queryValue(answer, 'currentPage');
      if (answer.query.currentPage && asked === undefined) return undefined;
      const expected = asked === undefined ? 1 : Number(asked);
      // A page asked below 1 or not a whole number: what the server does is not shown.
      if (!Number.isInteger(expected) || expected < 1) return undefined;
      const shown = (envelope.pagination as Json).currentPage;
      return once(
        shown === expected
          ? undefined
          : `currentPage is ${JSON.stringify(shown)}, page ${expected} was asked`,
      );
    },
  },
  {
    id: 'PAG-007',
    title: 'itemsPerPage is 10 when the request gives none',
    subject: LIST_ENVELOPE,
    judge: (envelope, answer, placement) => {
      if (!requestedEnvelope(answer, placement) || !pageOf(envelope) || answer.query.itemsPerPage)
        return undefined;
      const shown = (envelope.pagination as Json).itemsPerPage;
      const items = pageOf(envelope)!.items;
      return [
        ...(shown === PAGE_DEFAULT ? [] : [`itemsPerPage is ${JSON.stringify(shown)}, none was asked`]),
        ...(items <= PAGE_DEFAULT ? [] : [`data holds ${items} items, none was asked`]),
      ];
    },
  },
  {
    id: 'PAG-008',
    title: 'itemsPerPage above 100 is clamped to 100',
    subject: LIST_ENVELOPE,
    judge: (envelope, answer, placement) => {
      const asked = Number(queryValue(answer, 'itemsPerPage'));
      if (!requestedEnvelope(answer, placement) || !pageOf(envelope) || !(asked > PAGE_CAP)) return undefined;
      const shown = (envelope.pagination as Json).itemsPerPage;
      const items = pageOf(envelope)!.items;
      return [
        ...(shown === PAGE_CAP ? [] : [`itemsPerPage is ${JSON.stringify(shown)}, ${asked} was asked`]),
        ...(items <= PAGE_CAP ? [] : [`data holds ${items} items, ${asked} were asked`]),
      ];
    },
  },
  {
    id: 'PAG-006',
    title: 'data holds the items of the page requested: as many as the page size and the total leave',
    subject: ANSWER,
    judge: (_, answer) => {
      if (answer.method !== 'GET' || answer.status !== 200 || !isObject(answer.body)) return undefined;
      // The envelope the page parameters speak of: the list itself, or a sync batch's results (PAG-011).
      const envelope =
        answer.operationId === 'getSyncBatch' && isObject(answer.body.results)
          ? answer.body.results
          : answer.body;
      const { pagination: p, data } = envelope;
      if (!isObject(p) || !Array.isArray(data)) return undefined;
      const { totalItems, currentPage, itemsPerPage } = p;
      if (![totalItems, currentPage, itemsPerPage].every(Number.isInteger) || (itemsPerPage as number) < 1)
        return undefined;
      const before = ((currentPage as number) - 1) * (itemsPerPage as number);
      // A page past the end is free (OPEN-POINTS): judged only on pages that hold items.
      if (before >= (totalItems as number)) return undefined;
      const expected = Math.min(itemsPerPage as number, (totalItems as number) - before);
      return once(
        data.length === expected
          ? undefined
          : `page ${String(currentPage)} of ${String(itemsPerPage)} holds ${data.length} of ${String(totalItems)} items (expected ${expected})`,
      );
    },
  },
  {
    id: 'PAG-011',
    title: 'the results of the sync status read follow the page size rules (default, cap)',
    subject: ANSWER,
    judge: (_, answer) => {
      if (answer.operationId !== 'getSyncBatch' || answer.status !== 200 || !isObject(answer.body))
        return undefined;
      const results = answer.body.results;
      if (!isObject(results) || !isObject(results.pagination)) return undefined;
      const asked = queryValue(answer, 'itemsPerPage');
      const { default: size, cap } = pageSize();
      // The default, the cap above it, and a size asked within them, served as asked.
      const expected = asked === undefined ? size : Number(asked) > cap ? cap : askedSize(answer);
      if (expected === undefined) return undefined;
      const shown = results.pagination.itemsPerPage;
      return once(shown === expected ? undefined : `itemsPerPage ${show(shown)}, expected ${expected}`);
    },
  },
];
