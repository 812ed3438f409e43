/**
 * Patents and their events: contract endpoints 1 to 6.
 */
import { faultIs, isFault, isVariant, variantIs } from '../behaviour';
import { addDays, monthBounds } from '../dates';
import { searchIndexRow } from '../domain/sync-changes';
import type { OperationHandler, OperationRequest } from '../http';
import { json } from '../http';
import { belowFullPage, DEFAULT_PAGE_SIZE, page, pageRequest } from '../pagination';
import { notFound, pointer, validationFailed } from '../problems';
import type { Fees } from '../../schemas/types';
import type { EventRecord, PatentRecord, Store } from '../store';
import { eventsOf, eventsOfPatent, findEvent, patentsOf } from '../store';
import { eventView } from '../views/event';
import { embeddedFees, eventFeesView } from '../views/fees';
import { patentView } from '../views/patent';
import { eventOf, patentOf } from './lookup';

/** The allowed fields, and title (sorted on only in the variant sort-on-other-documented-fields). */
type SortableField =
  'clientCaseReference' | 'office' | 'applicationDate' | 'publicationNumber' | 'status' | 'title';

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** createdAt descending, nulls last, ties by id. */
function newestFirst(a: PatentRecord, b: PatentRecord): number {
  if (a.createdAt === null || b.createdAt === null) {
    if (a.createdAt !== b.createdAt) return a.createdAt === null ? 1 : -1;
  } else if (a.createdAt !== b.createdAt) return compareText(b.createdAt, a.createdAt);
  return compareText(a.id, b.id);
}

/** `field` or `-field` (the document restricts the values); nulls last either way, ties by id. */
export function sortPatents(patents: PatentRecord[], sort: string | undefined): PatentRecord[] {
  // The default order is not shown in the contract: insertion order here.
  if (sort === undefined && isVariant('patents-default-order-newest-first')) return [...patents].reverse();
  // (variant) The default order is by client case reference (nulls last, ties by id).
  if (sort === undefined && isVariant('patents-default-order-by-case-reference'))
    return sortPatents(patents, 'clientCaseReference');
  // (variant) The default order is the last updated first (ties by id).
  if (sort === undefined && isVariant('default-list-order-by-last-update'))
    return [...patents].sort(
      (a, b) => compareText(b.updatedAt ?? '', a.updatedAt ?? '') || compareText(a.id, b.id),
    );
  // (variant) The default order is the most recently created first.
  if (
    sort === undefined &&
    (isVariant('variant-default-list-ordering') || isVariant('default-list-order-by-created-desc'))
  )
    return [...patents].sort(newestFirst);
  if (sort === undefined || isFault('patents-sort-ignored')) return patents;
  const field = (sort.startsWith('-') ? sort.slice(1) : sort) as SortableField;
  // status sorted by its own comparator, written without a direction argument.
  const directionDropped = isFault('patents-sort-descending-status-ignored') && field === 'status';
  const descending = sort.startsWith('-') !== isFault('patents-sort-direction-inverted') && !directionDropped;
  // (variant) Nulls placed as PostgreSQL places them: last ascending, first descending.
  const nullsFirst =
    isVariant('patents-sort-nulls-first') ||
    (isVariant('variant-sort-null-placement-and-ties') && descending);
  return [...patents].sort((a, b) => {
    const x = a[field];
    const y = b[field];
    if (x === null || y === null) {
      // Where nulls go is not stated: last here.
      if (x !== y) return (x === null ? 1 : -1) * (nullsFirst ? -1 : 1);
    } else {
      const order =
        isFault('patents-sort-dates-compared-as-numbers') && field === 'applicationDate'
          ? Math.sign(Number.parseInt(x, 10) - Number.parseInt(y, 10))
          : compareText(x, y);
      if (order !== 0) return descending ? -order : order;
    }
    // Tie order is not stated: by id here.
    return compareText(a.id, b.id) * (isVariant('sort-ties-reversed') ? -1 : 1);
  });
}

const listPatents: OperationHandler = (req) => {
  const paging = pageRequest(req.query);
  let patents = patentsOf(req.ctx.store, req.caller.tenant);
  // The list served from the search index, which later writes to a patent do not reach.
  if (faultIs(req.ctx, 'provider-filter-stale-after-applied-update')) patents = patents.map(searchIndexRow);
  const providerId = req.query.providerId as string | undefined;
  // (fault) A sorted list built by the sorted-query helper, whose filter holds the tenant only.
  const sortedQuery = faultIs(req.ctx, 'provider-id-filter-lost-when-sorted') && req.query.sort !== undefined;
  if (providerId !== undefined && !faultIs(req.ctx, 'patents-provider-id-filter-ignored') && !sortedQuery) {
    // The providerId lookup run on every tenant's patents.
    if (faultIs(req.ctx, 'patents-provider-id-lookup-all-tenants'))
      patents = [...req.ctx.store.patents.values()];
    patents = patents.filter((p) =>
      faultIs(req.ctx, 'patents-provider-id-prefix-match')
        ? (p.providerId?.startsWith(providerId) ?? false)
        : // The lookup run under a case-insensitive collation.
          faultIs(req.ctx, 'patents-provider-id-filter-case-insensitive')
          ? p.providerId?.toLowerCase() === providerId.toLowerCase()
          : p.providerId === providerId,
    );
  }
  // "Returns at most one patent" built as a lookup: no match is a resource not found.
  if (
    faultIs(req.ctx, 'patents-unknown-provider-id-not-found') &&
    providerId !== undefined &&
    patents.length === 0
  )
    throw notFound();
  // Joined with the co-owners: one row per owner.
  if (faultIs(req.ctx, 'patents-listed-once-per-owner'))
    patents = patents.flatMap((p) => [p, ...(p.secondaryOwners ?? []).map(() => p)]);
  const sort = req.query.sort as string | undefined;
  // The page taken in the default order, then sorted in memory: the sort applies within the page only.
  const sortWithinPage = faultIs(req.ctx, 'patents-sort-applied-within-page') && sort !== undefined;
  let sorted = sortPatents(patents, sortWithinPage ? undefined : sort);
  // The default order is not shown: the variant's plan, chosen by the page size, reverses it below 100.
  if (req.query.sort === undefined && belowFullPage(paging)) sorted = [...sorted].reverse();
  const result = page(sorted, paging);
  // The offset computed with the default page size instead of the one asked for.
  if (faultIs(req.ctx, 'patents-offset-uses-default-page-size')) {
    const start = (paging.currentPage - 1) * DEFAULT_PAGE_SIZE;
    result.data = sorted.slice(start, start + paging.itemsPerPage);
  }
  if (sortWithinPage) result.data = sortPatents(result.data, sort);
  // The count query built apart from the data query, without the providerId predicate.
  const pagination =
    faultIs(req.ctx, 'patents-list-totalitems-ignores-providerid-filter') && providerId !== undefined
      ? page(patentsOf(req.ctx.store, req.caller.tenant), paging).pagination
      : result.pagination;
  // (fault) The envelope built from the requested page size, while the rows were limited by the clamped one.
  const requested = req.query.itemsPerPage;
  if (
    faultIs(req.ctx, 'patents-clamped-page-size-misreported') &&
    typeof requested === 'number' &&
    requested > paging.itemsPerPage
  ) {
    const totalPages = Math.ceil(pagination.totalItems / requested);
    Object.assign(pagination, {
      itemsPerPage: requested,
      totalPages,
      hasMore: pagination.currentPage < totalPages,
    });
  }
  return json(req.c, { pagination, data: result.data.map(patentView) });
};

const getPatent: OperationHandler = (req) => {
  const patent = patentView(patentOf(req));
  // The v1 detail mapper, which has no family column.
  if (faultIs(req.ctx, 'patent-read-family-reference-dropped')) patent.clientFamilyReference = null;
  // The list handler reused with an id filter.
  if (faultIs(req.ctx, 'patents-read-as-list-envelope'))
    return json(req.c, { pagination: page([patent], pageRequest({})).pagination, data: [patent] });
  return json(req.c, patent);
};

const listPatentEvents: OperationHandler = (req) => {
  // The default page size of the v1 event list the route was ported from.
  const legacyDefault =
    faultIs(req.ctx, 'patent-events-default-page-size-25') && req.query.itemsPerPage === undefined;
  const paging = pageRequest(legacyDefault ? { ...req.query, itemsPerPage: 25 } : req.query);
  const patent = patentOf(req);
  let events = eventsOfPatent(req.ctx.store, patent.id);
  // Read from a projection rebuilt overnight and when the patent is synced: a decision executed today, after
  // the patent's last write, is not in it yet.
  if (faultIs(req.ctx, 'event-list-stale-applied-decision'))
    events = events.map((e) =>
      e.appliedDecision !== null &&
      req.ctx.clock.localDate(new Date(e.updatedAt)) === req.at.today &&
      e.updatedAt > (patent.updatedAt ?? '')
        ? { ...e, appliedDecision: null }
        : e,
    );
  const { store } = req.ctx;
  // The open-events query (the worklist) reused for the patent's list.
  const listed = faultIs(req.ctx, 'events-list-omits-decided')
    ? events.filter((e) => e.appliedDecision === null)
    : events;
  // "ordered by due date", the direction not stated: ascending here, latest first in the variant.
  let ordered = variantIs(req.ctx, 'patent-events-latest-first') ? [...listed].reverse() : listed;
  // Ordered by the primary key, as the table's default index gives them.
  if (faultIs(req.ctx, 'events-listed-by-id')) ordered = [...listed].sort((a, b) => compareText(a.id, b.id));
  const result = page(ordered, paging);
  // The count taken from the open-events query (the worklist), while the data lists every event.
  if (faultIs(req.ctx, 'patent-events-count-of-open-events'))
    result.pagination = page(
      ordered.filter((e) => e.appliedDecision === null),
      paging,
    ).pagination;
  const withFees = faultIs(req.ctx, 'events-fees-on-per-patent-routes');
  return json(req.c, {
    pagination: result.pagination,
    data: result.data.map((e) =>
      eventView(store, req.caller.tenant, e, req.at.today, {
        patentEvents: events,
        withFees,
        now: req.at.now,
      }),
    ),
  });
};

const getPatentEvent: OperationHandler = (req) => {
  const { event } = eventOf(req);
  const withFees = faultIs(req.ctx, 'events-fees-on-per-patent-routes');
  // A single read that does not load the patent's other events.
  const patentEvents = faultIs(req.ctx, 'events-single-read-ignores-earlier-pending') ? [event] : undefined;
  const view = eventView(req.ctx.store, req.caller.tenant, event, req.at.today, {
    withFees,
    patentEvents,
    now: req.at.now,
  });
  // The events read model's providerId column holds eight characters.
  if (faultIs(req.ctx, 'event-read-provider-id-truncated') && view.patent.providerId !== null)
    view.patent = { ...view.patent, providerId: view.patent.providerId.slice(0, 8) };
  return json(req.c, view);
};

const getEventFees: OperationHandler = (req) => {
  const { event } = faultIs(req.ctx, 'fees-route-ignores-patent-parent') ? eventOfTenant(req) : eventOf(req);
  return json(req.c, eventFeesView(req.ctx.store, req.caller.tenant, event, req.at.today));
};

/** The patent checked, then the event loaded by its id in the tenant, whichever patent it belongs to. */
function eventOfTenant(req: OperationRequest): { event: EventRecord } {
  patentOf(req);
  const event = findEvent(req.ctx.store, req.caller.tenant, req.path.eventId as string);
  if (event === undefined) throw notFound();
  return { event };
}

/**
 * The due window: `dueMonth`, or `dueFrom` and `dueTo` together (inclusive). Giving both forms is refused
 * as ambiguous; a window ending before it starts is refused too.
 */
function dueWindow(query: Record<string, unknown>): { from: string; to: string } {
  const dueFrom = query.dueFrom as string | undefined;
  const dueTo = query.dueTo as string | undefined;
  const dueMonth = query.dueMonth as string | undefined;
  if (
    isFault('period-due-month-ignored') &&
    dueMonth !== undefined &&
    dueFrom === undefined &&
    dueTo === undefined
  ) {
    return { from: '0000-01-01', to: '9999-12-31' };
  }
  if (isFault('period-missing-window-accepted') && [dueMonth, dueFrom, dueTo].every((v) => v === undefined)) {
    return { from: '0000-01-01', to: '9999-12-31' };
  }
  if (dueMonth !== undefined) {
    if (dueFrom !== undefined || dueTo !== undefined) {
      throw validationFailed([
        {
          pointer: pointer('dueMonth'),
          code: 'conflicting_parameters',
          message: 'Give either dueMonth, or dueFrom and dueTo, not both.',
        },
      ]);
    }
    const { first, last } = monthBounds(dueMonth);
    // A month taken as the thirty days after its first.
    if (isFault('period-due-month-spans-thirty-days')) return { from: first, to: addDays(first, 30) };
    return { from: first, to: last };
  }
  if (isFault('period-incomplete-window-accepted') && (dueFrom ?? dueTo) !== undefined) {
    return { from: dueFrom ?? '0000-01-01', to: dueTo ?? '9999-12-31' };
  }
  if (dueFrom === undefined || dueTo === undefined) {
    const missing =
      dueFrom === undefined && dueTo === undefined
        ? ['dueMonth']
        : [dueFrom === undefined ? 'dueFrom' : 'dueTo'];
    throw validationFailed(
      missing.map((name) => ({
        pointer: pointer(name),
        code: 'required',
        message: 'A due window is required: dueMonth, or dueFrom and dueTo together.',
      })),
    );
  }
  if (dueTo < dueFrom) {
    throw validationFailed([
      { pointer: pointer('dueTo'), code: 'invalid_range', message: 'dueTo is before dueFrom.' },
    ]);
  }
  // (fault) Both bounds parsed as local midnight east of UTC and written back with toISOString(): a day earlier.
  if (isFault('events-period-local-midnight-shift'))
    return { from: addDays(dueFrom, -1), to: addDays(dueTo, -1) };
  return { from: dueFrom, to: dueTo };
}

/** The event kinds the service knows (RENEWAL; ANNUITY_REMINDER in the variant unknown-event-kinds). */
const EVENT_KINDS = ['RENEWAL', 'ANNUITY_REMINDER'];

/** The providerIds of the patents of two events, nulls last. */
function compareProviderIds(store: Store, a: EventRecord, b: EventRecord): number {
  const x = store.patents.get(a.patentId)?.providerId ?? null;
  const y = store.patents.get(b.patentId)?.providerId ?? null;
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  return compareText(x, y);
}

/** The clientCaseReferences of the patents of two events, nulls last. */
function compareCaseReferences(store: Store, a: EventRecord, b: EventRecord): number {
  const x = store.patents.get(a.patentId)?.clientCaseReference ?? null;
  const y = store.patents.get(b.patentId)?.clientCaseReference ?? null;
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  return compareText(x, y);
}

function matches(list: unknown, value: string | null): boolean {
  return list === undefined || (value !== null && (list as string[]).includes(value));
}

const listEventsByPeriod: OperationHandler = (req) => {
  const { store } = req.ctx;
  const tenant = req.caller.tenant;
  const window = dueWindow(req.query);
  // (fault) dueTo taken as due < local midnight of dueTo + 86,400,000 ms, due dates held as local midnights.
  if (faultIs(req.ctx, 'events-period-dueto-dst-24h')) {
    const { clock } = req.ctx;
    const wall = Date.parse(`${window.to}T00:00:00Z`);
    const midnight = wall - clock.offsetAt(wall - clock.offsetAt(wall));
    window.to = clock.localDate(new Date(midnight + 86_400_000 - 1));
  }
  const paging = pageRequest(req.query);
  const { offices, owners, family, eventTypes } = req.query;
  let kinds = eventTypes as string[] | undefined;
  // The filter values checked against the kinds the service knows, the others dropped: a filter of unknown
  // kinds only ends up as no filter.
  if (faultIs(req.ctx, 'period-event-types-unknown-kinds-dropped') && kinds !== undefined) {
    const known = kinds.filter((kind) => EVENT_KINDS.includes(kind));
    kinds = known.length > 0 ? known : undefined;
  }
  // The parameter declared but never wired to the query.
  if (faultIs(req.ctx, 'period-event-types-ignored')) kinds = undefined;
  const include =
    // include compared with the whole string "fees".
    faultIs(req.ctx, 'by-period-include-exact-match')
      ? req.query.include === 'fees'
        ? ['fees']
        : []
      : typeof req.query.include === 'string'
        ? req.query.include
            .split(',')
            .map((v) => (variantIs(req.ctx, 'include-case-insensitive') ? v.trim().toLowerCase() : v.trim()))
        : [];
  if (faultIs(req.ctx, 'period-unknown-include-rejected') && include.some((v) => v !== 'fees')) {
    throw validationFailed([
      { pointer: pointer('include'), code: 'invalid_enum_value', message: 'include accepts only fees.' },
    ]);
  }
  // (fault) The offices branch of the query builder assigns the WHERE clause instead of appending to it.
  const windowDropped = faultIs(req.ctx, 'office-filter-replaces-due-window') && offices !== undefined;
  const inWindow = eventsOf(store, tenant).filter((e) => {
    // The worklist's effective deadline: an undecided event past its due date is placed at its grace end.
    const due =
      faultIs(req.ctx, 'period-window-on-effective-deadline') &&
      e.appliedDecision === null &&
      req.at.today > e.dueDate
        ? (e.gracePeriodEndDate ?? e.dueDate)
        : e.dueDate;
    return (
      (windowDropped ||
        ((faultIs(req.ctx, 'period-due-from-ignored') ||
          // dueFrom compared strictly: events due on it are left out.
          (faultIs(req.ctx, 'period-due-from-exclusive') ? due > window.from : due >= window.from)) &&
          (faultIs(req.ctx, 'period-due-to-exclusive') ? due < window.to : due <= window.to))) &&
      matches(kinds, e.eventType)
    );
  });
  // (fault) dueMonth served by the legacy per-month query, which filters on the month only.
  const monthOnly =
    faultIs(req.ctx, 'due-month-shortcut-drops-office-filter') && req.query.dueMonth !== undefined;
  const events = inWindow
    // The worklist query (events awaiting a decision) reused for the window.
    .filter((e) => !faultIs(req.ctx, 'period-only-pending-events') || e.appliedDecision === null)
    .filter((e) => {
      const patent = store.patents.get(e.patentId);
      if (monthOnly) return patent !== undefined;
      return (
        patent !== undefined &&
        (!faultIs(req.ctx, 'period-event-types-on-patent-type') || matches(eventTypes, patent.patentType)) &&
        (faultIs(req.ctx, 'period-offices-filter-ignored') || matches(offices, patent.office)) &&
        (faultIs(req.ctx, 'period-owners-filter-inverted')
          ? owners === undefined || !matches(owners, patent.owner)
          : matches(owners, patent.owner)) &&
        matches(
          family,
          faultIs(req.ctx, 'period-family-filter-on-case-reference')
            ? patent.clientCaseReference
            : patent.clientFamilyReference,
        )
      );
    })
    // Default order (not shown in the contract): by due date, ties by id; the variant lists the latest first.
    .sort(
      (a, b) =>
        // (variant) Grouped by patent (by its clientCaseReference, nulls last, then its id), then by due date.
        (variantIs(req.ctx, 'by-period-list-ordered-by-patent-then-due-date')
          ? compareCaseReferences(store, a, b) || compareText(a.patentId, b.patentId)
          : 0) ||
        // (variant) By the patent's office first, then by due date.
        (variantIs(req.ctx, 'default-list-order-by-created-desc') ||
        variantIs(req.ctx, 'default-list-order-by-last-update')
          ? compareText(
              store.patents.get(a.patentId)?.office ?? '',
              store.patents.get(b.patentId)?.office ?? '',
            )
          : 0) ||
        compareText(a.dueDate, b.dueDate) ||
        // (variant) Ties by the patent's providerId (nulls last), then by id.
        (variantIs(req.ctx, 'variant-default-list-ordering') ? compareProviderIds(store, a, b) : 0) ||
        compareText(a.id, b.id),
    );
  if (variantIs(req.ctx, 'period-events-latest-first') || belowFullPage(paging)) events.reverse();
  // A window with no event answered as a resource not found.
  if (faultIs(req.ctx, 'period-empty-window-not-found') && events.length === 0) throw notFound();
  const result = page(events, paging);
  // The count query built on the window alone, without the offices, owners and family filters.
  if (faultIs(req.ctx, 'period-count-ignores-patent-filters'))
    result.pagination = page(inWindow, paging).pagination;
  // hasMore read from a full page.
  if (faultIs(req.ctx, 'period-has-more-when-page-full'))
    result.pagination = { ...result.pagination, hasMore: result.data.length === paging.itemsPerPage };
  // The envelope built from the raw query parameter, while the query was limited by the clamped one.
  const requested = req.query.itemsPerPage;
  if (
    faultIs(req.ctx, 'by-period-envelope-reports-unclamped-page-size') &&
    typeof requested === 'number' &&
    requested > paging.itemsPerPage
  ) {
    const totalPages = Math.ceil(result.pagination.totalItems / requested);
    result.pagination = {
      ...result.pagination,
      itemsPerPage: requested,
      totalPages,
      hasMore: result.pagination.currentPage < totalPages,
    };
  }
  const byPatent = new Map<string, EventRecord[]>();
  const patentEvents = (patentId: string): EventRecord[] => {
    let list = byPatent.get(patentId);
    if (list === undefined) {
      // The patent's events taken from the window already read: earlier events outside it are not seen.
      list = faultIs(req.ctx, 'period-instructability-within-window')
        ? events.filter((e) => e.patentId === patentId)
        : eventsOfPatent(store, patentId);
      byPatent.set(patentId, list);
    }
    return list;
  };
  const data = result.data.map((e) =>
    eventView(store, tenant, e, req.at.today, {
      now: req.at.now,
      withFees: include.includes('fees') && !faultIs(req.ctx, 'period-include-fees-ignored'),
      // (fault) Each row's instructability computed from the event alone, without the earlier-pending check.
      patentEvents: faultIs(req.ctx, 'by-period-instructability-ignores-earlier-events')
        ? [e]
        : patentEvents(e.patentId),
    }),
  );
  // The fees attached by the legacy estimation endpoint, which prices each event as at its due date.
  if (faultIs(req.ctx, 'by-period-fees-priced-at-due-date'))
    data.forEach((view, index) => {
      const event = result.data[index] as EventRecord;
      if (view.fees !== undefined)
        view.fees = embeddedFees(eventFeesView(store, tenant, event, event.dueDate));
    });
  // (fault) include=fees always priced by the live estimator, whatever a PROCEED or an invoice fixed.
  if (faultIs(req.ctx, 'events-period-include-fees-live-for-locked'))
    data.forEach((view, index) => {
      const event = result.data[index] as EventRecord;
      const estimated = { ...event, feesStatus: 'ESTIMATED' as const, lockedFees: null, invoiceId: null };
      if (view.fees !== undefined)
        view.fees = embeddedFees(eventFeesView(store, tenant, estimated, req.at.today));
    });
  // The bulk query's projection: the due dates read as local midnight (UTC+1) and written in UTC, and the
  // patent reduced to its id.
  for (const view of data) {
    if (faultIs(req.ctx, 'by-period-due-date-shifted-one-day-earlier')) {
      view.dueDate = addDays(view.dueDate, -1);
      view.gracePeriodEndDate =
        view.gracePeriodEndDate === null ? null : addDays(view.gracePeriodEndDate, -1);
    }
    if (faultIs(req.ctx, 'by-period-embedded-patent-providerid-null'))
      view.patent = { ...view.patent, providerId: null };
    // The reporting view keeps the last day of the grace month.
    if (faultIs(req.ctx, 'period-grace-end-at-month-end') && view.gracePeriodEndDate !== null)
      view.gracePeriodEndDate = monthBounds(view.gracePeriodEndDate.slice(0, 7)).last;
  }
  // The attached fees cached by patent instead of by event: every event of a patent gets the first one's.
  if (faultIs(req.ctx, 'period-fees-cached-by-patent')) {
    const cached = new Map<string, Fees | undefined>();
    for (const view of data) {
      if (!cached.has(view.patent.id)) cached.set(view.patent.id, view.fees);
      view.fees = cached.get(view.patent.id);
    }
  }
  // The shape of the legacy per-year-and-month list it replaces: the events grouped by due month.
  if (faultIs(req.ctx, 'period-list-grouped-by-month')) {
    const byMonth: Record<string, typeof data> = {};
    for (const view of data) (byMonth[view.dueDate.slice(0, 7)] ??= []).push(view);
    return json(req.c, byMonth);
  }
  // Served as the legacy lists it replaces were, from behind the RateLimit-* header layer.
  if (faultIs(req.ctx, 'period-list-without-rate-limit-headers')) req.c.set('rateLimitHeaders', {});
  return json(req.c, { pagination: result.pagination, data });
};

export const patentHandlers: Record<string, OperationHandler> = {
  listPatents,
  getPatent,
  listPatentEvents,
  getPatentEvent,
  getEventFees,
  listEventsByPeriod,
};
