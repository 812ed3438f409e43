/**
 * Portfolio sync batches: idempotence on externalImportRef, the inline/background split, replays and the
 * batch status. Each item is triaged by sync-triage.ts; a staged proposal is reviewed by sync-review.ts.
 */
import { syncInlineLimit } from '../../schemas/openapi-facts';
import { faultIs, isFault, isVariant, variantIs } from '../behaviour';
import type { Moment, ServerContext } from '../context';
import { currentMoment } from '../context';
import { pointer, ProblemError, validationFailed } from '../problems';
import type { ChangeRequest, Store, SyncBatchRecord, Tenant } from '../store';
import { findPatent } from '../store';
import { syncItemErrors } from '../validation';
import { applyChanges, canonicalJson } from './sync-changes';
import { processItem } from './sync-triage';

/** Batches up to this size are processed inline (201); larger ones in the background (202). */
export const INLINE_LIMIT = syncInlineLimit();
/** Items processed per background step; each step yields to the event loop. */
const BACKGROUND_CHUNK = 50;
/** (variant) Wait between background steps of a slow queue: longer than any polling budget of a run. */
const SLOW_STEP_MS = 10 * 60_000;
/** (variant) Wait of a background batch in the queue before its first step. */
const QUEUE_WAIT_MS = 250;
/** (variant) A back office that takes its time: longer than a gate's wait, shorter than a certification's. */
const BACK_OFFICE_WAIT_MS = 20_000;

/** A timestamp of the batch table. */
function batchTimestamp(ctx: ServerContext, at: Moment): string {
  if (faultIs(ctx, 'sync-batch-timestamps-local-offset')) {
    // (fault) The right instant, written in the server's zone with its offset (OffsetDateTime.now(zone)), not UTC.
    const offset = ctx.clock.offsetAt(at.now.getTime());
    const sign = offset < 0 ? '-' : '+';
    const minutes = Math.abs(offset) / 60_000;
    const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    return `${new Date(at.now.getTime() + offset).toISOString().slice(0, -1)}${sign}${hhmm}`;
  }
  if (!faultIs(ctx, 'sync-batch-timestamps-local-wall-clock-marked-utc')) return at.now.toISOString();
  // (fault) A timestamp-without-time-zone column filled with the server's local wall clock, read back as UTC.
  const instant = at.now.getTime();
  return new Date(instant + ctx.clock.offsetAt(instant)).toISOString();
}

function complete(ctx: ServerContext, batch: SyncBatchRecord, at: Moment): void {
  batch.progress = 'DONE';
  batch.completedAt = batchTimestamp(ctx, at);
}

/**
 * (fault sync-async-results-out-of-body-order) The item whose outcome is appended n-th when the first two chunks
 * run in parallel and the second finishes first.
 */
function outOfOrder(ctx: ServerContext, n: number, total: number): number {
  if (!faultIs(ctx, 'sync-async-results-out-of-body-order') || total < 2 * BACKGROUND_CHUNK) return n;
  if (n >= 2 * BACKGROUND_CHUNK) return n;
  return n < BACKGROUND_CHUNK ? n + BACKGROUND_CHUNK : n - BACKGROUND_CHUNK;
}

function runInBackground(ctx: ServerContext, tenant: Tenant, batch: SyncBatchRecord): void {
  const step = (): void => {
    const at = currentMoment(ctx);
    batch.progress = 'PROCESSING';
    // (fault) The step writes the counters of the rows it processed (=) instead of adding them to the batch's.
    if (faultIs(ctx, 'sync-background-counters-last-chunk-only'))
      Object.assign(batch, { autoAppliedItems: 0, stagedItems: 0, rejectedItems: 0, suppressedItems: 0 });
    // How long a background batch stays PROCESSING is not stated: the variant's worker takes it in one step.
    const chunk = variantIs(ctx, 'async-batch-intermediate-states-may-be-skipped')
      ? batch.items.length
      : BACKGROUND_CHUNK;
    const start = batch.results.length;
    const end = Math.min(start + chunk, batch.items.length);
    for (let index = batch.results.length; index < end; index += 1)
      processItem(ctx, tenant, batch, outOfOrder(ctx, index, batch.items.length), at);
    // (fault) The progress row is committed only when a whole chunk has been processed.
    if (faultIs(ctx, 'sync-background-progress-per-full-chunk') && end - start === BACKGROUND_CHUNK)
      committedProgress.set(batch, end);
    if (batch.results.length >= batch.items.length) complete(ctx, batch, at);
    else if (variantIs(ctx, 'sync-background-slow')) setTimeout(step, SLOW_STEP_MS).unref();
    else setTimeout(step, 1);
  };
  if (faultIs(ctx, 'sync-background-starts-inline')) step();
  // (variant) The batch waits in the queue a moment before its first step: PENDING is seen for a while.
  else if (variantIs(ctx, 'sync-background-queued-briefly')) setTimeout(step, QUEUE_WAIT_MS);
  else if (variantIs(ctx, 'sync-background-twenty-seconds')) setTimeout(step, BACK_OFFICE_WAIT_MS).unref();
  else setTimeout(step, 1);
}

/** (fault sync-background-progress-per-full-chunk) The processed count committed by the background steps. */
const committedProgress = new WeakMap<SyncBatchRecord, number>();

/** processedItems as the fault's progress row holds it, for a background batch (undefined otherwise). */
export function committedBackgroundProgress(batch: SyncBatchRecord): number | undefined {
  if (!isFault('sync-background-progress-per-full-chunk') || batch.mode !== 'ASYNC') return undefined;
  return committedProgress.get(batch) ?? 0;
}

/**
 * (fault import-ref-burned-by-envelope-400) The reference table written ahead of validation: per tenant, each
 * reserved externalImportRef with the batch id set aside for it, and the request body that reserved it.
 */
const reservedRefs = new WeakMap<Tenant, Map<string, string>>();
const reservedBy = new WeakMap<object, string>();

/** Reserves the body's externalImportRef (a non-empty string no batch holds yet) with a batch id. */
export function reserveImportRef(ctx: ServerContext, tenant: Tenant, body: unknown): void {
  const ref = (body as { externalImportRef?: unknown } | null | undefined)?.externalImportRef;
  if (typeof ref !== 'string' || ref === '' || typeof body !== 'object' || body === null) return;
  if (findByRef(ctx.store, tenant, ref) !== undefined) return;
  const table = reservedRefs.get(tenant) ?? new Map<string, string>();
  reservedRefs.set(tenant, table);
  if (table.has(ref)) return;
  const id = ctx.random.uuid();
  table.set(ref, id);
  reservedBy.set(body, id);
}

export function findByRef(store: Store, tenant: Tenant, ref: string): SyncBatchRecord | undefined {
  for (const batch of store.syncBatches.values()) {
    // (fault) The reference index is keyed on externalImportRef alone, not (tenant, externalImportRef).
    const sameTenant = batch.tenantId === tenant.id || isFault('sync-import-ref-shared-across-tenants');
    // (fault) The idempotence lookup reads the settled batches only: one still awaiting review is not found.
    if (isFault('sync-replay-creates-new-batch') && batchStatus(store, batch) !== 'SETTLED') continue;
    if (sameTenant && batch.externalImportRef === ref) return batch;
  }
  return undefined;
}

/** A proposal recorded again as a new change request awaiting review, in place of `change` in its batch. */
function restage(ctx: ServerContext, batch: SyncBatchRecord, change: ChangeRequest): void {
  const again: ChangeRequest = { ...change, id: ctx.random.uuid(), state: 'AWAITING_REVIEW', reason: null };
  ctx.store.changeRequests.set(again.id, again);
  batch.results[change.index] = again.id;
  batch.stagedItems += 1;
}

/** The stored batch a replay answers: the replay records nothing (the faults record it a second time). */
function replayed(ctx: ServerContext, tenant: Tenant, batch: SyncBatchRecord): SyncBatchRecord {
  const changes = batch.results.map((id) => ctx.store.changeRequests.get(id));
  for (const change of changes) {
    if (change === undefined) continue;
    // The stored batch answered, and its applied updates run through the applier again.
    if (
      faultIs(ctx, 'sync-replay-reapplies-items') &&
      change.state === 'APPLIED' &&
      change.patentId !== null
    ) {
      const patent = findPatent(ctx.store, tenant, change.patentId);
      if (patent !== undefined) applyChanges(patent, change.changes, currentMoment(ctx));
    }
    if (faultIs(ctx, 'sync-replay-restages-awaiting-items') && change.state === 'AWAITING_REVIEW')
      restage(ctx, batch, change);
    if (
      faultIs(ctx, 'sync-replay-restages-reviewed-items') &&
      (change.state === 'ACCEPTED' || change.state === 'REFUSED')
    )
      restage(ctx, batch, change);
  }
  if (
    faultIs(ctx, 'sync-replay-reruns-background-batch') &&
    batch.mode === 'ASYNC' &&
    batch.progress === 'DONE'
  ) {
    Object.assign(batch, notStarted(), { completedAt: null });
    runInBackground(ctx, tenant, batch);
  }
  return batch;
}

/** A batch before its items are processed: no result, every counter at zero. */
function notStarted(): Pick<
  SyncBatchRecord,
  'progress' | 'results' | 'autoAppliedItems' | 'stagedItems' | 'rejectedItems' | 'suppressedItems'
> {
  return {
    progress: 'PENDING',
    results: [],
    autoAppliedItems: 0,
    stagedItems: 0,
    rejectedItems: 0,
    suppressedItems: 0,
  };
}

/**
 * Receives a sync request whose envelope is valid. Synchronous from the idempotence check to the insert,
 * so two identical pushes arriving together cannot both create a batch.
 */
export function submitSync(
  ctx: ServerContext,
  tenant: Tenant,
  body: { externalImportRef?: string; items: unknown[] },
  at: Moment,
  options: { rawBody?: string; refLookedUp?: boolean } = {},
): SyncBatchRecord {
  if (faultIs(ctx, 'sync-item-problem-fails-batch')) {
    const errors = body.items.flatMap((item, index) =>
      syncItemErrors(item).map((e) => ({ ...e, pointer: pointer('items', index) + e.pointer })),
    );
    if (errors.length > 0) throw validationFailed(errors);
  }
  if (faultIs(ctx, 'sync-import-ref-required') && body.externalImportRef === undefined) {
    throw validationFailed([
      { pointer: pointer('externalImportRef'), code: 'required', message: 'is required' },
    ]);
  }
  if (faultIs(ctx, 'sync-batch-size-capped-at-200') && body.items.length > 200) {
    throw validationFailed([
      { pointer: pointer('items'), code: 'too_big', message: 'At most 200 items per batch.' },
    ]);
  }
  // (fault) The fingerprint built over the items' natural keys (providerId) only, not their whole content.
  const fingerprint = faultIs(ctx, 'sync-replay-fingerprint-provider-ids')
    ? canonicalJson(body.items.map((item) => (item as { providerId?: unknown } | null)?.providerId ?? null))
    : // (fault sync-replay-compares-raw-body) Sameness decided on the raw request body.
      (options.rawBody ?? canonicalJson(body.items));
  const ref = body.externalImportRef ?? null;
  if (ref !== null && !faultIs(ctx, 'sync-import-ref-not-looked-up') && !options.refLookedUp) {
    const existing = findByRef(ctx.store, tenant, ref);
    if (existing !== undefined) {
      if (existing.itemsFingerprint === fingerprint || faultIs(ctx, 'sync-replay-ignores-items'))
        return replayed(ctx, tenant, existing);
      // The items triaged (and applied) before the reference is looked at: the conflict comes too late.
      if (faultIs(ctx, 'sync-conflict-checked-after-apply')) {
        const refused = {
          ...existing,
          id: ctx.random.uuid(),
          items: structuredClone(body.items),
          ...notStarted(),
        };
        for (let index = 0; index < refused.items.length; index += 1)
          processItem(ctx, tenant, refused, index, at);
      }
      // The id of the batch row this request inserted before the reference was checked (then rolled back).
      const existingBatchId = faultIs(ctx, 'conflict-existing-batch-id-wrong')
        ? ctx.random.uuid()
        : existing.id;
      throw new ProblemError(
        'conflict',
        'externalImportRef was already used with different items.',
        faultIs(ctx, 'sync-conflict-without-existing-batch-id') ? {} : { existingBatchId },
      );
    }
  }
  // (fault) A reference reserved by an earlier request whose envelope was refused: it holds no batch.
  const reserved = ref === null ? undefined : reservedRefs.get(tenant)?.get(ref);
  if (faultIs(ctx, 'import-ref-burned-by-envelope-400') && reserved !== undefined) {
    if (reservedBy.get(body) !== reserved)
      throw new ProblemError('conflict', 'externalImportRef was already used with different items.', {
        existingBatchId: reserved,
      });
    reservedRefs.get(tenant)?.delete(ref as string);
  }
  const inlineLimit =
    faultIs(ctx, 'sync-100-items-in-background') || faultIs(ctx, 'inline-threshold-off-by-one')
      ? INLINE_LIMIT - 1
      : faultIs(ctx, 'sync-101-items-inline')
        ? INLINE_LIMIT + 1
        : INLINE_LIMIT;
  const inline = body.items.length <= inlineLimit;
  const batch: SyncBatchRecord = {
    id: reserved ?? ctx.random.uuid(),
    tenantId: tenant.id,
    externalImportRef: ref,
    items: structuredClone(body.items),
    itemsFingerprint: fingerprint,
    mode: inline ? 'SYNC' : 'ASYNC',
    ...notStarted(),
    createdAt: batchTimestamp(ctx, at),
    completedAt: faultIs(ctx, 'sync-completed-at-set-while-pending') ? at.now.toISOString() : null,
    responseStatus: inline ? 201 : 202,
  };
  ctx.store.syncBatches.set(batch.id, batch);
  if (inline) {
    batch.progress = 'PROCESSING';
    for (let index = 0; index < batch.items.length; index += 1) processItem(ctx, tenant, batch, index, at);
    // The trigger of SETTLED is not shown: the variant leaves a batch with nothing to wait on PROCESSING
    // until its first status read (settleOnRead).
    const waitsOn = (id: string) =>
      ['AWAITING_REVIEW', 'UNRECORDED'].includes(ctx.store.changeRequests.get(id)?.state ?? '');
    if (!variantIs(ctx, 'inline-batch-settles-on-read') || batch.results.some(waitsOn))
      complete(ctx, batch, at);
  } else {
    runInBackground(ctx, tenant, batch);
  }
  return batch;
}

/** A status read of a batch: (variant) an inline batch left PROCESSING by submitSync settles now. */
export function settleOnRead(ctx: ServerContext, batch: SyncBatchRecord, at: Moment): void {
  if (
    variantIs(ctx, 'inline-batch-settles-on-read') &&
    batch.mode === 'SYNC' &&
    batch.progress === 'PROCESSING'
  )
    complete(ctx, batch, at);
  // The status derived again on every read, and a finished batch stamped complete at the read.
  if (faultIs(ctx, 'sync-poll-restamps-completed-at') && batch.progress === 'DONE') complete(ctx, batch, at);
  // (fault) The read resumes the applier over the batch's applied updates, taken as idempotent.
  if (faultIs(ctx, 'sync-poll-reapplies-applied-updates'))
    for (const id of batch.results) {
      const change = ctx.store.changeRequests.get(id);
      const patent = change?.patentId ? ctx.store.patents.get(change.patentId) : undefined;
      if (change?.state === 'APPLIED' && patent !== undefined) applyChanges(patent, change.changes, at);
    }
}

export type BatchStatus = 'PENDING' | 'PROCESSING' | 'TRIAGED' | 'SETTLED' | 'ERROR';

/** TRIAGED while a proposal awaits review; SETTLED once nothing is left to wait on (the last review). */
export function batchStatus(store: Store, batch: SyncBatchRecord): BatchStatus {
  if (batch.progress !== 'DONE') return batch.progress;
  const states = batch.results.map((id) => store.changeRequests.get(id)?.state);
  if (states.includes('UNRECORDED')) return 'ERROR';
  if (isFault('sync-rejected-batch-error') && states.includes('REJECTED')) return 'ERROR';
  // SETTLED read as "every item applied", so an item rejected or suppressed keeps the batch TRIAGED.
  const pending = isFault('rejected-items-hold-batch-in-triaged')
    ? states.some((state) => state !== 'APPLIED')
    : states.includes('AWAITING_REVIEW') ||
      // (fault) The inline path sets TRIAGED once every item has an outcome; only a review moves it to SETTLED.
      (isFault('triaged-with-nothing-awaiting-review') && batch.mode === 'SYNC' && batch.stagedItems === 0);
  // Which trigger moves a batch to SETTLED is not shown: in the variant, a batch once TRIAGED (a proposal
  // staged) stays so after its last review, waiting for a housekeeping step.
  const onceTriaged = isVariant('triaged-batch-stays-triaged-after-review') && batch.stagedItems > 0;
  const awaiting = (pending || onceTriaged) && !isFault('sync-triaged-reported-settled');
  if (!awaiting && isFault('sync-settled-reported-completed')) return 'COMPLETED' as BatchStatus;
  return awaiting ? 'TRIAGED' : 'SETTLED';
}
