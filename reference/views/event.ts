/** The wire representation of a patent event, its instructability and, on request, its fees. */
import type { PatentEvent } from '../../schemas/types';
import { isFault, isVariant } from '../behaviour';
import { duePeriod, isLapsed } from '../domain/due-period';
import { isFxRateFrozen } from '../domain/freezes';
import { type Instructability, instructability } from '../domain/instructability';
import type { EventRecord, PatentRecord, Store, Tenant } from '../store';
import { DECISIONS, eventsOfPatent } from '../store';
import { embeddedFees, eventFeesView } from './fees';
import { type SerializerFaults, without, type Written, written } from './serializer';

/** The renewal object with one member rewritten (events without a renewal stay as they are). */
function withRenewal(
  view: PatentEvent,
  edit: (renewal: NonNullable<PatentEvent['renewal']>) => Written,
): Written {
  return view.renewal === null ? view : { ...view, renewal: edit(view.renewal) };
}

const EVENT_FAULTS: SerializerFaults<PatentEvent, EventRecord> = {
  'events-object-v1-name': (view) => ({ ...view, object: 'renewal' }),
  'event-patent-id-is-provider-id': (view) => ({
    ...view,
    patent: { ...view.patent, id: view.patent.providerId ?? view.patent.id },
  }),
  'events-event-type-lower-case': (view) => ({ ...view, eventType: view.eventType.toLowerCase() }),
  'event-dates-as-timestamps': (view) => ({
    ...view,
    dueDate: new Date(view.dueDate).toISOString(),
    gracePeriodEndDate:
      view.gracePeriodEndDate === null ? null : new Date(view.gracePeriodEndDate).toISOString(),
  }),
  'events-annuity-year-as-string': (view) =>
    withRenewal(view, (renewal) => ({ ...renewal, annuityYear: String(renewal.annuityYear) })),
  'events-payment-sequence-always-shown': (view, event) =>
    withRenewal(view, (renewal) => ({ ...renewal, paymentSequenceNumber: event.paymentSequenceNumber })),
  'events-payment-sequence-as-string': (view) =>
    withRenewal(view, (renewal) =>
      'paymentSequenceNumber' in renewal
        ? { ...renewal, paymentSequenceNumber: String(renewal.paymentSequenceNumber) }
        : renewal,
    ),
  'events-renewal-null-without-sequence': (view) =>
    view.renewal !== null && !('paymentSequenceNumber' in view.renewal) ? { ...view, renewal: null } : view,
  'applied-decision-set-only-for-proceed': (view) => ({
    ...view,
    appliedDecision: view.appliedDecision === 'PROCEED' ? 'PROCEED' : null,
  }),
  'instructions-applied-decision-hidden': (view) => ({
    ...view,
    appliedDecision: view.processingStatus === 'INSTRUCTED' ? null : view.appliedDecision,
  }),
  'events-applied-decision-short-code': (view) => ({
    ...view,
    appliedDecision: view.appliedDecision === 'SKIP_THIS_TIME' ? 'SKIP' : view.appliedDecision,
  }),
  'events-due-period-v1-labels': (view) => ({
    ...view,
    duePeriod: view.duePeriod === 'GRACE_PERIOD' ? 'GRACE' : view.duePeriod,
  }),
  'events-processing-status-from-instruction': (view, event) => ({
    ...view,
    processingStatus: event.instructionId === null ? view.processingStatus : 'EXECUTED',
  }),
  'events-status-updated-at-as-date': (view) => ({
    ...view,
    processingStatusUpdatedAt: view.processingStatusUpdatedAt?.slice(0, 10) ?? null,
  }),
  'events-fx-frozen-null-when-never-frozen': (view) => ({
    ...view,
    isFxRateFrozen: view.isFxRateFrozen || null,
  }),
  'events-fees-status-stale-after-invoicing': (view) => ({
    ...view,
    feesStatus: view.feesStatus === 'INVOICED' ? 'LOCKED' : view.feesStatus,
  }),
  'events-blocked-reason-as-error-code': (view) => ({
    ...view,
    instructability: {
      ...view.instructability,
      blockedReason:
        view.instructability.blockedReason === 'ALREADY_INSTRUCTED'
          ? 'instruction_already_set'
          : view.instructability.blockedReason,
    },
  }),
  'events-mode-missing': (view) => ({ ...view, instructability: without(view.instructability, ['mode']) }),
  // A local date-time type written in the server's zone (UTC+1), without Z or offset.
  'events-timestamps-without-zone': (view) => {
    const local = (t: string | null) =>
      t === null ? null : new Date(Date.parse(t) + 3_600_000).toISOString().slice(0, 19);
    return {
      ...view,
      processingStatusUpdatedAt: local(view.processingStatusUpdatedAt),
      createdAt: local(view.createdAt),
      updatedAt: local(view.updatedAt),
    };
  },
};

/** (variant) How many times each instructed event was shown: the back office moves it on after the first. */
const instructedReads = new WeakMap<EventRecord, number>();

/** processingStatus, its timestamp and the event's updatedAt as shown now. */
function processingOf(
  event: EventRecord,
): Pick<PatentEvent, 'processingStatus' | 'processingStatusUpdatedAt' | 'updatedAt'> {
  const shown = {
    processingStatus: event.processingStatus,
    processingStatusUpdatedAt: event.processingStatusUpdatedAt,
    updatedAt: event.updatedAt,
  };
  if (!isVariant('processing-status-advanced-by-back-office') || event.processingStatus !== 'INSTRUCTED')
    return shown;
  const reads = (instructedReads.get(event) ?? 0) + 1;
  instructedReads.set(event, reads);
  if (reads === 1 || event.processingStatusUpdatedAt === null) return shown;
  const later = new Date(Date.parse(event.processingStatusUpdatedAt) + 1000).toISOString();
  return { processingStatus: 'PAYMENT_SENT', processingStatusUpdatedAt: later, updatedAt: later };
}

/** (fault) The patent reference each patent had at its first render. */
const patentRefs = new WeakMap<PatentRecord, string | null>();

/** (fault) Instructability memoized per event, with the event's updatedAt and the day it was computed. */
const memoizedVerdicts = new WeakMap<
  EventRecord,
  { updatedAt: string; today: string; verdict: Instructability }
>();

/** (fault) opensAt as the read model computes it: the month moved back by two without borrowing a year. */
function opensAtWithoutYearBorrow(dueDate: string): string {
  const month = Number(dueDate.slice(5, 7)) - 2;
  return `${dueDate.slice(0, 4)}-${String(month < 1 ? month + 12 : month).padStart(2, '0')}-01`;
}

/** (fault) The blockedReason of the instructability copy cached at each event's previous read. */
const cachedBlockedReasons = new WeakMap<EventRecord, Instructability['blockedReason']>();

/** The blockedReason shown: the verdict's, or (fault) the cached copy's, written only when a block is found. */
function blockedReasonOf(event: EventRecord, verdict: Instructability): Instructability['blockedReason'] {
  if (!isFault('blocked-reason-not-cleared-when-allowed')) return verdict.blockedReason;
  if (verdict.blockedReason !== null) cachedBlockedReasons.set(event, verdict.blockedReason);
  return cachedBlockedReasons.get(event) ?? null;
}

/** The patent's providerId, or (fault) the one cached at the patent's first render. */
function patentProviderId(patent: PatentRecord | undefined): string | null | undefined {
  if (patent === undefined || !isFault('event-patent-ref-cached')) return patent?.providerId;
  if (!patentRefs.has(patent)) patentRefs.set(patent, patent.providerId);
  return patentRefs.get(patent);
}

/** The instructability of the event, or (fault) the one memoized until the event itself changes. */
function verdictOf(event: EventRecord, patentEvents: EventRecord[], today: string): Instructability {
  // (fault) The read model counts as pending only the earlier events not LAPSED; the POST counts them all.
  const counted = isFault('instructability-ignores-lapsed-earlier-events')
    ? patentEvents.filter((e) => e.id === event.id || !isLapsed(e, today))
    : patentEvents;
  const compute = () =>
    instructability(event, isFault('events-allowed-ignores-earlier-pending') ? [event] : counted, today);
  // (fault instructions-instructability-stale-after-execution) Cached per event, never invalidated by a POST.
  const neverInvalidated = isFault('instructions-instructability-stale-after-execution');
  if (!neverInvalidated && !isFault('instructability-memoized-per-event')) return compute();
  const memo = memoizedVerdicts.get(event);
  const fresh = neverInvalidated || memo?.updatedAt === event.updatedAt;
  if (memo !== undefined && fresh && memo.today === today) return memo.verdict;
  const verdict = compute();
  memoizedVerdicts.set(event, { updatedAt: event.updatedAt, today, verdict });
  return verdict;
}

export function eventView(
  store: Store,
  tenant: Tenant,
  event: EventRecord,
  today: string,
  options: { withFees?: boolean; patentEvents?: EventRecord[]; now?: Date } = {},
): PatentEvent {
  const patent = store.patents.get(event.patentId);
  const patentEvents = options.patentEvents ?? eventsOfPatent(store, event.patentId);
  // (fault instructability-memoized-per-event) The verdict memoized until the event itself changes.
  // (fault instructions-today-utc-vs-local) The event's instructability dated by UTC, the POST by local time.
  const utcToday = isFault('instructions-today-utc-vs-local')
    ? options.now?.toISOString().slice(0, 10)
    : undefined;
  const verdict = verdictOf(event, patentEvents, utcToday ?? today);
  const processing = processingOf(event);
  const view: PatentEvent = {
    object: 'patentEvent',
    id: event.id,
    patent: {
      id: event.patentId,
      providerId:
        (isFault('events-patent-provider-id-from-case-reference')
          ? patent?.clientCaseReference
          : // (fault event-patent-ref-cached) The reference cached at the patent's first render.
            patentProviderId(patent)) ?? null,
    },
    eventType: event.eventType,
    dueDate: event.dueDate,
    gracePeriodEndDate: event.gracePeriodEndDate,
    // paymentSequenceNumber is shown only when it differs from the annuity year (absent, not null, otherwise).
    renewal:
      event.eventType !== 'RENEWAL'
        ? null
        : event.paymentSequenceNumber === event.annuityYear
          ? { annuityYear: event.annuityYear }
          : { annuityYear: event.annuityYear, paymentSequenceNumber: event.paymentSequenceNumber },
    appliedDecision: event.appliedDecision,
    duePeriod: duePeriod(event, today),
    processingStatus: processing.processingStatus,
    processingStatusUpdatedAt: processing.processingStatusUpdatedAt,
    isFxRateFrozen: isFxRateFrozen(tenant, event),
    // The status derived from the invoice link, which a lock does not set.
    feesStatus: isFault('event-fees-status-from-invoice-link')
      ? event.invoiceId !== null
        ? 'INVOICED'
        : 'ESTIMATED'
      : // (fault) The denormalized status refreshed by a daily job: a lock of the last day is not in it yet.
        isFault('events-feesstatus-stale-after-proceed') &&
          event.feesStatus === 'LOCKED' &&
          (options.now?.getTime() ?? 0) - Date.parse(event.processingStatusUpdatedAt ?? '') < 86_400_000
        ? 'ESTIMATED'
        : event.feesStatus,
    createdAt: event.createdAt,
    // (variant) An event never changed since its creation has no updatedAt.
    updatedAt:
      isVariant('untouched-event-updated-at-null') && event.updatedAt === event.createdAt
        ? null
        : processing.updatedAt,
    instructability: {
      isAllowed: verdict.isAllowed,
      // The read model lists the decisions without the lapse rule, which only the POST applies.
      allowedDecisions:
        isFault('instructability-lapsed-event-keeps-proceed') && verdict.isAllowed && isLapsed(event, today)
          ? [...DECISIONS]
          : // The read model takes an event past its due date for lapsed, grace period or not.
            isFault('grace-event-listed-without-proceed') && verdict.isAllowed && today > event.dueDate
            ? verdict.allowedDecisions.filter((d) => d !== 'PROCEED')
            : [...verdict.allowedDecisions],
      blockedReason:
        isFault('events-blocked-reason-on-allowed') &&
        verdict.isAllowed &&
        patentEvents.some((e) => e.appliedDecision !== null)
          ? 'ALREADY_INSTRUCTED'
          : blockedReasonOf(event, verdict),
      // The read model's own month arithmetic: January and February wrap within the due year.
      opensAt: isFault('opens-at-month-without-year-borrow')
        ? opensAtWithoutYearBorrow(event.dueDate)
        : verdict.opensAt,
      mode: verdict.mode,
    },
    ...(options.withFees
      ? {
          fees: embeddedFees(
            isFault('embedded-fees-event-id-null')
              ? // The bulk estimator's fees, which carry no event key.
                { ...eventFeesView(store, tenant, event, today), eventId: null }
              : eventFeesView(store, tenant, event, today),
          ),
        }
      : {}),
  };
  return written(EVENT_FAULTS, view, event);
}
