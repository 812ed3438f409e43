/**
 * Portfolio sync POST and batch status: contract endpoints 8 and 9.
 */
import { faultIs, variantIs } from '../behaviour';
import { findByRef, settleOnRead, submitSync } from '../domain/sync';
import type { OperationHandler } from '../http';
import { json } from '../http';
import { MAX_PAGE_SIZE, pageRequest } from '../pagination';
import { notFound, pointer, validationFailed } from '../problems';
import type { ChangeRequest, Store, SyncBatchRecord } from '../store';
import { findSyncBatch } from '../store';
import { batchView } from '../views/sync';

/** (fault sync-status-served-from-post-snapshot) The change requests of an inline batch as its POST answered. */
const postSnapshots = new WeakMap<SyncBatchRecord, Map<string, ChangeRequest>>();

const syncPatents: OperationHandler = async (req) => {
  const body = req.body as { externalImportRef?: string; items: unknown[] };
  // A single object where the array belongs taken as a batch of one.
  if (faultIs(req.ctx, 'sync-single-item-object-accepted') && !Array.isArray(body.items))
    body.items = [body.items];
  // (fault) The reference looked up, then a round trip to the database before the batch row is inserted.
  const ref = body.externalImportRef;
  const refLookedUp =
    faultIs(req.ctx, 'sync-concurrent-same-ref-creates-two-batches') &&
    ref !== undefined &&
    findByRef(req.ctx.store, req.caller.tenant, ref) === undefined;
  if (refLookedUp) await new Promise((resolve) => setTimeout(resolve, 50));
  const batch = submitSync(req.ctx, req.caller.tenant, body, req.at, {
    refLookedUp,
    rawBody: faultIs(req.ctx, 'sync-replay-compares-raw-body') ? await req.c.req.text() : undefined,
  });
  // The POST answer holds every outcome on one page (inline batches have at most 100 items); the fault is the
  // status read's serializer reused, with its default page size.
  const view = batchView(
    req.ctx.store,
    batch,
    faultIs(req.ctx, 'sync-inline-results-default-page')
      ? pageRequest({})
      : { itemsPerPage: MAX_PAGE_SIZE, currentPage: 1 },
  );
  // (fault) The inline answer cached for the status read, and never invalidated by a review.
  if (
    faultIs(req.ctx, 'sync-status-served-from-post-snapshot') &&
    batch.mode === 'SYNC' &&
    !postSnapshots.has(batch)
  )
    postSnapshots.set(
      batch,
      new Map(batch.results.map((id) => [id, structuredClone(req.ctx.store.changeRequests.get(id)!)])),
    );
  // The request's correlation id handed out as the batch handle.
  if (faultIs(req.ctx, 'sync-import-id-is-request-id')) view.importId = req.c.get('requestId');
  return json(req.c, view, batch.responseStatus);
};

const getSyncBatch: OperationHandler = (req) => {
  // (fault) The status route's own query schema, itemsPerPage max(100): it refuses what the other lists clamp.
  const asked = req.query.itemsPerPage;
  if (
    faultIs(req.ctx, 'sync-status-page-size-over-cap-rejected') &&
    typeof asked === 'number' &&
    asked > MAX_PAGE_SIZE
  )
    throw validationFailed([
      {
        pointer: pointer('itemsPerPage'),
        code: 'too_big',
        message: `itemsPerPage must be at most ${MAX_PAGE_SIZE}.`,
      },
    ]);
  const paging = pageRequest(req.query);
  if (faultIs(req.ctx, 'sync-results-page-size-ignored')) paging.itemsPerPage = MAX_PAGE_SIZE;
  const importId = req.path.importId as string;
  // (fault) The batch looked up by its id alone, without the caller's tenant.
  const batch = faultIs(req.ctx, 'sync-status-read-any-tenant')
    ? req.ctx.store.syncBatches.get(importId)
    : findSyncBatch(req.ctx.store, req.caller.tenant, importId);
  if (batch === undefined) throw notFound();
  settleOnRead(req.ctx, batch, req.at);
  const snapshot = postSnapshots.get(batch);
  const source: Store = snapshot ? { ...req.ctx.store, changeRequests: snapshot } : req.ctx.store;
  const view = batchView(source, batch, paging);
  // (variant) The status read carries members of the server's own: when it was read, and a link per item.
  if (variantIs(req.ctx, 'sync-batch-read-extra-members')) {
    Object.assign(view, { readAt: req.at.now.toISOString(), links: { self: `/patents/sync/${batch.id}` } });
    view.results.data = view.results.data.map((r, i) => ({ ...r, position: i }));
  }
  return json(req.c, view);
};

export const syncHandlers: Record<string, OperationHandler> = { syncPatents, getSyncBatch };
