/** The wire representation of a sync batch and of its result items. */
import type { PatentSyncBatch, SyncResultItem } from '../../schemas/types';
import { isFault, isVariant } from '../behaviour';
import { batchStatus, committedBackgroundProgress } from '../domain/sync';
import { resultOutcome } from '../domain/sync-review';
import { page, type Page, type PageRequest } from '../pagination';
import type { ChangeRequest, Store, SyncBatchRecord } from '../store';
import { type SerializerFaults, written } from './serializer';

const SYNC_RESULT_FAULTS: SerializerFaults<SyncResultItem, ChangeRequest> = {
  'sync-accepted-create-without-id': (view) => ({
    ...view,
    servicePatentId: view.action === 'CREATE' ? null : view.servicePatentId,
  }),
  'sync-staged-create-shows-request-id': (view, change) => ({
    ...view,
    servicePatentId:
      change.kind === 'CREATE' && change.state === 'AWAITING_REVIEW' ? change.id : view.servicePatentId,
  }),
  'sync-rejected-without-request-id': (view, change) => ({
    ...view,
    requestId: change.state === 'REJECTED' ? null : view.requestId,
  }),
  'rejected-items-unrecorded-yet-settled': (view, change) => ({
    ...view,
    requestId: change.state === 'REJECTED' && change.kind === null ? null : view.requestId,
  }),
};

/** The item as posted, for the change request recorded for it. */
function postedItem(store: Store, change: ChangeRequest): { servicePatentId?: unknown } | null | undefined {
  return store.syncBatches.get(change.batchId)?.items[change.index] as { servicePatentId?: unknown } | null;
}

export function syncResultView(store: Store, changeRequestId: string): SyncResultItem {
  const change = store.changeRequests.get(changeRequestId);
  if (change === undefined) throw new Error(`missing change request ${changeRequestId}`);
  const { outcome, reason } = resultOutcome(change);
  // (fault) The providerId joined from the matched patent instead of echoed from the item.
  const patent = change.patentId === null ? undefined : store.patents.get(change.patentId);
  const joined = isFault('sync-result-provider-id-from-patent') && patent !== undefined;
  // (fault) For an update matched by providerId, the result builder copies the change request's id into both
  // requestId and servicePatentId.
  const requestIdAsPatentId =
    isFault('sync-result-service-patent-id-is-change-request-id') &&
    change.kind === 'UPDATE' &&
    typeof postedItem(store, change)?.servicePatentId !== 'string';
  const view: SyncResultItem = {
    providerId: joined ? patent.providerId : change.providerId,
    servicePatentId: requestIdAsPatentId ? change.id : change.patentId,
    action: change.kind,
    outcome,
    requestId: change.state === 'UNRECORDED' ? null : change.id,
    reason,
  };
  return written(SYNC_RESULT_FAULTS, view, change);
}

const BATCH_FAULTS: SerializerFaults<PatentSyncBatch> = {
  'sync-batch-object-class-name': (view) => ({ ...view, object: 'PatentSyncBatch' }),
  'sync-total-items-valid-only': (view) => ({ ...view, totalItems: view.totalItems - view.rejectedItems }),
  'sync-processed-items-short-by-one': (view) => ({
    ...view,
    processedItems: Math.max(0, view.processedItems - 1),
  }),
};

const OUTCOME_RANK: Record<string, number> = {
  REJECTED: 0,
  APPLIED: 1,
  STAGED: 2,
  ACCEPTED: 2,
  SUPPRESSED: 3,
};

function groupedByOutcome(store: Store, results: readonly string[]): string[] {
  const rank = (id: string) => {
    const change = store.changeRequests.get(id);
    return change === undefined ? 4 : (OUTCOME_RANK[resultOutcome(change).outcome] ?? 4);
  };
  return results
    .map((id, position) => ({ id, position, rank: rank(id) }))
    .sort((a, b) => a.rank - b.rank || a.position - b.position)
    .map((r) => r.id);
}

/** The triage outcomes of a change request (a proposal reviewed since has left them). */
const TRIAGE_STATES = ['APPLIED', 'AWAITING_REVIEW', 'REJECTED', 'SUPPRESSED', 'UNRECORDED'];

export function batchView(store: Store, batch: SyncBatchRecord, results: PageRequest): PatentSyncBatch {
  let ordered = isFault('sync-results-ordered-by-request-id') ? [...batch.results].sort() : batch.results;
  // Ordered by (outcome, position), the index the results table has.
  if (isFault('sync-results-grouped-by-outcome')) ordered = groupedByOutcome(store, batch.results);
  const resultsPage: Page<string> = page(ordered, results);
  // (fault) The results query limited to the page size without its offset: always the first page's rows.
  if (isFault('sync-results-always-first-page'))
    resultsPage.data = page(ordered, { ...results, currentPage: 1 }).data;
  if (isFault('sync-results-has-more-inclusive'))
    resultsPage.pagination = {
      ...resultsPage.pagination,
      hasMore: resultsPage.pagination.currentPage <= resultsPage.pagination.totalPages,
    };
  const status = batchStatus(store, batch);
  const stateOf = (id: string) => store.changeRequests.get(id)?.state ?? '';
  // Counted in the APPLIED and STAGED branches of the triage only: REJECTED and SUPPRESSED items left out.
  const processed = isFault('processed-items-excludes-rejected')
    ? batch.results.filter((id) => !['REJECTED', 'SUPPRESSED'].includes(stateOf(id)))
    : batch.results;
  const view: PatentSyncBatch = {
    object: 'patentSyncBatch',
    importId: batch.id,
    status,
    mode: batch.mode,
    totalItems: batch.items.length,
    processedItems: isFault('sync-processed-items-from-triage-outcomes')
      ? batch.results.filter((id) => TRIAGE_STATES.includes(stateOf(id))).length
      : (committedBackgroundProgress(batch) ?? processed.length),
    autoAppliedItems: batch.autoAppliedItems,
    stagedItems:
      isFault('sync-staged-count-live') || isFault('staged-counter-tracks-live-state')
        ? batch.results.filter((id) => stateOf(id) === 'AWAITING_REVIEW').length
        : batch.stagedItems,
    rejectedItems: batch.rejectedItems,
    suppressedItems: batch.suppressedItems,
    createdAt: batch.createdAt,
    completedAt:
      isVariant('triaged-batch-completed-at-null') && status === 'TRIAGED' ? null : batch.completedAt,
    results: {
      pagination: resultsPage.pagination,
      data: resultsPage.data.map((id) => syncResultView(store, id)),
    },
  };
  return written(BATCH_FAULTS, view, undefined);
}
