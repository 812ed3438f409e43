/**
 * Patent invoices: contract endpoints 10 and 11.
 */
import { randomUUID } from 'node:crypto';
import { faultIs, isFault, isVariant, variantIs } from '../behaviour';
import { addDays, utcDateOf } from '../dates';
import type { OperationHandler } from '../http';
import { json } from '../http';
import { belowFullPage, page, pageRequest, type PageRequest } from '../pagination';
import { notFound, pointer, ProblemError, validationFailed } from '../problems';
import type { InvoiceRecord } from '../store';
import { findEvent, findPatentInvoice, patentInvoicesOf } from '../store';
import { invoiceView } from '../views/invoice';

const DEFAULT_SORT = '-issueDate';

/** A window whose end is before its start is refused (the document cannot state it). */
function checkRange(query: Record<string, unknown>, from: string, to: string): void {
  const start = query[from] as string | undefined;
  const end = query[to] as string | undefined;
  if (isFault('invoices-reversed-window-accepted')) return;
  // (fault) The creation window's bounds checked as createdTo > createdFrom: a single day is refused.
  const strict = isFault('invoices-equal-created-window-rejected') && to === 'createdTo';
  if (start !== undefined && end !== undefined && (end < start || (strict && end === start))) {
    throw validationFailed([
      { pointer: pointer(to), code: 'invalid_range', message: `${to} is before ${from}.` },
    ]);
  }
}

function within(value: string | null, from: unknown, to: unknown): boolean {
  if (from === undefined && to === undefined) return true;
  if (value === null) return false;
  if (isFault('invoices-date-windows-exclusive')) {
    return (from === undefined || value > (from as string)) && (to === undefined || value < (to as string));
  }
  return (from === undefined || value >= (from as string)) && (to === undefined || value <= (to as string));
}

/** The creation window compared with the createdAt timestamp, each bound taken as the midnight starting its day. */
function createdWithinAsTimestamps(createdAt: string, from: unknown, to: unknown): boolean {
  const at = Date.parse(createdAt);
  return (
    (from === undefined || at >= Date.parse(`${from as string}T00:00:00Z`)) &&
    (to === undefined || at <= Date.parse(`${to as string}T00:00:00Z`))
  );
}

/** An order of its own for each page (a sort without tiebreaker, whose plan depends on OFFSET and LIMIT). */
function planOrder(id: string, paging: PageRequest): number {
  let hash = 2166136261 ^ (paging.currentPage * paging.itemsPerPage);
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/** The allowed fields, and reference (sorted on only in the variant sort-on-other-documented-fields). */
type SortField = 'issueDate' | 'createdAt' | 'reference';

function sortKey(invoice: InvoiceRecord, field: SortField): string | null {
  if (field === 'reference') return invoice.reference;
  if (isFault('invoices-sort-created-at-ignored')) return invoice.issueDate;
  return field === 'issueDate' ? invoice.issueDate : invoice.createdAt;
}

/** `field` or `-field`; nulls last either way, ties by id. */
function sortInvoices(invoices: InvoiceRecord[], sort: string, paging: PageRequest): InvoiceRecord[] {
  const tiesReversed = isVariant('sort-ties-reversed') || belowFullPage(paging);
  const field = (sort.startsWith('-') ? sort.slice(1) : sort) as SortField;
  // (fault) The direction read only in the issueDate branch: createdAt always ascending.
  const descending =
    sort.startsWith('-') && !(isFault('invoices-sort-created-at-direction-ignored') && field === 'createdAt');
  return [...invoices].sort((a, b) => {
    const x = sortKey(a, field);
    const y = sortKey(b, field);
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else if (x !== y) {
      return (x < y ? -1 : 1) * (descending ? -1 : 1);
    }
    // No tiebreaker: equal values come in the order the page's plan happens to give them.
    if (isFault('invoices-unstable-order-on-ties')) return planOrder(a.id, paging) - planOrder(b.id, paging);
    // Tie order is not stated: by id here, by id descending in the variants.
    return (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * (tiesReversed ? -1 : 1);
  });
}

const listInvoices: OperationHandler = (req) => {
  const { query } = req;
  checkRange(query, 'issueDateFrom', 'issueDateTo');
  checkRange(query, 'createdFrom', 'createdTo');
  const paging = pageRequest(query);
  const all = faultIs(req.ctx, 'invoice-list-leaks-other-tenant')
    ? [...req.ctx.store.invoices.values()].filter((i) => i.ipRightType === 'PATENT') // no tenant filter
    : patentInvoicesOf(req.ctx.store, req.caller.tenant);
  const invoices = all.filter(
    (i) =>
      // (fault) The issue-date window applied only under `if (issueDateFrom)`.
      (within(
        i.issueDate,
        query.issueDateFrom,
        // (fault) issueDateTo applied as issueDate < issueDateTo: the day before is the last one kept.
        faultIs(req.ctx, 'invoices-issuedateto-exclusive') && typeof query.issueDateTo === 'string'
          ? addDays(query.issueDateTo, -1)
          : query.issueDateTo,
      ) ||
        (faultIs(req.ctx, 'invoices-issue-date-to-alone-ignored') && query.issueDateFrom === undefined)) &&
      (faultIs(req.ctx, 'invoices-created-window-ignored') ||
        // The date parameters compared directly with the timestamp column.
        (faultIs(req.ctx, 'invoices-created-to-excludes-day')
          ? createdWithinAsTimestamps(i.createdAt, query.createdFrom, query.createdTo)
          : // (fault) The creation window mapped onto the issueDate column.
            within(
              faultIs(req.ctx, 'invoices-created-window-uses-issuedate')
                ? i.issueDate
                : utcDateOf(i.createdAt),
              query.createdFrom,
              query.createdTo,
            ))),
  );
  const defaultSort = faultIs(req.ctx, 'invoices-default-order-ascending') ? 'issueDate' : DEFAULT_SORT;
  // The incremental-sync query, built apart from the list's: no ORDER BY, the rows in the order recorded.
  const unordered =
    faultIs(req.ctx, 'invoices-window-query-unordered') &&
    query.sort === undefined &&
    (query.createdFrom !== undefined || query.createdTo !== undefined);
  // (fault) The incremental-sync query ordered by createdAt ascending, whatever sort asks.
  const createdOrder =
    faultIs(req.ctx, 'invoice-created-window-forces-created-order') &&
    (query.createdFrom !== undefined || query.createdTo !== undefined);
  const sort = createdOrder ? 'createdAt' : ((query.sort as string | undefined) ?? defaultSort);
  const result = page(unordered ? invoices : sortInvoices(invoices, sort, paging), paging);
  const data = result.data.map((i) => invoiceView(req.ctx.store, req.caller.tenant, i, true));
  // The count query built apart from the data query, without the date windows.
  if (faultIs(req.ctx, 'invoices-window-count-unfiltered'))
    result.pagination = { ...page(all, paging).pagination, currentPage: result.pagination.currentPage };
  // The v1 list shape: the bare array of invoices.
  if (faultIs(req.ctx, 'invoices-list-bare-array')) return json(req.c, data);
  return json(req.c, { pagination: result.pagination, data });
};

const getInvoice: OperationHandler = (req) => {
  const id = req.path.invoiceId as string;
  let invoice = findPatentInvoice(req.ctx.store, req.caller.tenant, id);
  // An id that names no invoice tried as an event id, for the invoice that billed it.
  const billedEvent = faultIs(req.ctx, 'invoices-read-by-event-id')
    ? findEvent(req.ctx.store, req.caller.tenant, id)
    : undefined;
  if (invoice === undefined && billedEvent?.invoiceId)
    invoice = findPatentInvoice(req.ctx.store, req.caller.tenant, billedEvent.invoiceId);
  if (invoice === undefined && faultIs(req.ctx, 'foreign-invoice-forbidden')) {
    if (req.ctx.store.invoices.get(id)?.ipRightType === 'PATENT') {
      throw new ProblemError('forbidden', 'This invoice belongs to another account.');
    }
  }
  if (invoice === undefined) throw notFound();
  const view = invoiceView(req.ctx.store, req.caller.tenant, invoice);
  // The single read's own DTO: a fresh id per read, or the gross total taken for the subtotal.
  if (faultIs(req.ctx, 'invoices-read-id-generated')) view.id = randomUUID();
  if (faultIs(req.ctx, 'invoices-read-subtotal-with-tax')) view.subtotalExcludingTax = view.totalIncludingTax;
  // The document's row: rendered an hour after the invoice was recorded.
  if (faultIs(req.ctx, 'invoice-read-created-at-of-document'))
    view.createdAt = new Date(Date.parse(view.createdAt) + 3_600_000).toISOString();
  if (variantIs(req.ctx, 'invoice-read-extra-members')) {
    // The single read is its own serializer: a links member, and the lines in reverse order.
    return json(req.c, {
      ...view,
      fees: [...view.fees].reverse(),
      links: { self: `/api/v2/external/invoices/${view.id}` },
    });
  }
  return json(req.c, view);
};

export const invoiceHandlers: Record<string, OperationHandler> = { listInvoices, getInvoice };
