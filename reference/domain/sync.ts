/**
 * Portfolio sync: triage of pushed items (APPLIED, STAGED, REJECTED, SUPPRESSED), review of staged
 * proposals, idempotence on externalImportRef, and the inline/background split.
 */
import { syncInlineLimit } from '../../schemas/openapi-facts';
import { faultIs, isFault, isVariant, variantIs } from '../behaviour';
import type { Moment, ServerContext } from '../context';
import { currentMoment } from '../context';
import { pointer, ProblemError, validationFailed } from '../problems';
import type { ChangeRequest, PatentFields, PatentRecord, Store, SyncBatchRecord, Tenant } from '../store';
import { findPatent, patentsOf } from '../store';
import { syncItemErrors } from '../validation';

/** Batches up to this size are processed inline (201); larger ones in the background (202). */
export const INLINE_LIMIT = syncInlineLimit();
/** Items processed per background step; each step yields to the event loop. */
const BACKGROUND_CHUNK = 50;
/** (variant) Wait between background steps of a slow queue: longer than any polling budget of a run. */
const SLOW_STEP_MS = 10 * 60_000;

/**
 * The patent fields a sync item may write, each with whether it is critical: a field that changes what is
 * renewed, where or when, so that an update changing it is staged for review instead of being applied at once.
 * `officialNumbers` is deliberately absent: it is never written.
 */
const FIELDS: Record<keyof PatentFields, 'critical' | 'plain'> = {
  providerId: 'plain',
  clientCaseReference: 'plain',
  clientFamilyReference: 'plain',
  title: 'plain',
  office: 'critical',
  patentType: 'critical',
  applicationNumber: 'critical',
  applicationDate: 'critical',
  nationalPhaseEntryDate: 'critical',
  priorityDate: 'critical',
  publicationNumber: 'plain',
  publicationDate: 'plain',
  grantPublicationNumber: 'plain',
  grantDate: 'critical',
  pctApplicationNumber: 'plain',
  expirationDate: 'critical',
  extendedExpirationDate: 'critical',
  lapseDate: 'critical',
  renewalsManagedFrom: 'critical',
  status: 'critical',
  filingRoute: 'critical',
  applicantType: 'critical',
  claimCount: 'plain',
  designatedCountries: 'critical',
  owner: 'plain',
  secondaryOwners: 'plain',
  subCase: 'plain',
};
const WRITABLE_FIELDS = Object.keys(FIELDS) as (keyof PatentFields)[];
const CRITICAL_FIELDS = WRITABLE_FIELDS.filter((field) => FIELDS[field] === 'critical');

/** JSON with object keys sorted, so that deep equality is string equality. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The fields an item writes, normalized: a claimCount of 0 or less means "unknown" and is stored as null. */
function changesOf(item: Record<string, unknown>): Partial<PatentFields> {
  const changes: Record<string, unknown> = {};
  for (const field of WRITABLE_FIELDS) {
    if (field in item) changes[field] = item[field];
  }
  if (isFault('patents-official-numbers-written-by-sync') && 'officialNumbers' in item) {
    changes.officialNumbers = item.officialNumbers;
  }
  const unknownUpTo = isFault('sync-claim-count-zero-stored') ? -1 : 0;
  if (typeof changes.claimCount === 'number' && changes.claimCount <= unknownUpTo) changes.claimCount = null;
  return changes as Partial<PatentFields>;
}

function touchesCriticalField(patent: PatentRecord, changes: Partial<PatentFields>): boolean {
  return CRITICAL_FIELDS.some(
    (field) => field in changes && canonicalJson(changes[field]) !== canonicalJson(patent[field]),
  );
}

function applyChanges(patent: PatentRecord, changes: Partial<PatentFields>, at: Moment): void {
  if (isFault('sync-partial-update-resets-missing-fields')) {
    for (const field of WRITABLE_FIELDS) {
      if (field !== 'providerId' && !CRITICAL_FIELDS.includes(field) && !(field in changes))
        (patent as unknown as Record<string, unknown>)[field] = null;
    }
  }
  if (isFault('sync-partial-update-clears-absent-fields')) {
    // The update written as a whole record: a member the item lacks is read as null (office cannot be null).
    for (const field of WRITABLE_FIELDS) {
      if (field !== 'office' && !(field in changes))
        (patent as unknown as Record<string, unknown>)[field] = null;
    }
  }
  Object.assign(patent, structuredClone(changes));
  patent.updatedAt = at.now.toISOString();
}

function newPatent(
  ctx: ServerContext,
  tenant: Tenant,
  changes: Partial<PatentFields>,
  at: Moment,
  id: string = ctx.random.uuid(),
): PatentRecord {
  const timestamp = at.now.toISOString();
  const patent: PatentRecord = {
    id,
    tenantId: tenant.id,
    providerId: null,
    clientCaseReference: null,
    clientFamilyReference: null,
    title: null,
    office: '',
    patentType: null,
    applicationNumber: null,
    applicationDate: null,
    nationalPhaseEntryDate: null,
    priorityDate: null,
    publicationNumber: null,
    publicationDate: null,
    grantPublicationNumber: null,
    grantDate: null,
    pctApplicationNumber: null,
    expirationDate: null,
    extendedExpirationDate: null,
    lapseDate: null,
    renewalsManagedFrom: null,
    status: null,
    filingRoute: null,
    applicantType: null,
    claimCount: null,
    designatedCountries: null,
    owner: null,
    secondaryOwners: null,
    subCase: null,
    officialNumbers: {
      applicationNumber: null,
      publicationNumber: null,
      grantPublicationNumber: null,
      pctApplicationNumber: null,
    },
    createdAt: timestamp,
    updatedAt: timestamp,
  };
  Object.assign(patent, structuredClone(changes));
  ctx.store.patents.set(patent.id, patent);
  return patent;
}

/** A proposal refused in review with the same target and the same changes. */
function refusedTwin(store: Store, change: ChangeRequest): ChangeRequest | undefined {
  const fingerprint = canonicalJson(change.changes);
  for (const other of store.changeRequests.values()) {
    if (
      other.state === 'REFUSED' &&
      other.tenantId === change.tenantId &&
      other.kind === change.kind &&
      (change.kind === 'UPDATE'
        ? other.patentId === change.patentId
        : other.providerId === change.providerId) &&
      (canonicalJson(other.changes) === fingerprint || isFault('sync-suppression-keyed-on-provider-id'))
    ) {
      return other;
    }
  }
  return undefined;
}

function describeErrors(errors: { pointer: string; message: string }[]): string {
  return `Invalid item: ${errors.map((e) => `${e.pointer || '(item)'} ${e.message}`).join('; ')}.`;
}

/** Triage of one item: records a change request and returns it. */
function triageItem(
  ctx: ServerContext,
  tenant: Tenant,
  batch: SyncBatchRecord,
  index: number,
  raw: unknown,
  at: Moment,
): ChangeRequest {
  // An entry that is not an object, let through by the envelope, is rejected here like an invalid item.
  const notAnObject =
    faultIs(ctx, 'sync-non-object-entry-rejected-as-outcome') &&
    (typeof raw !== 'object' || raw === null || Array.isArray(raw));
  const item = (notAnObject ? {} : raw) as Record<string, unknown>;
  const change: ChangeRequest = {
    id: ctx.random.uuid(),
    tenantId: tenant.id,
    batchId: batch.id,
    index,
    kind: null,
    patentId: null,
    providerId: typeof item.providerId === 'string' ? item.providerId : null,
    changes: {},
    state: 'REJECTED',
    reason: null,
  };
  const reject = (reason: string): ChangeRequest => {
    change.state = 'REJECTED';
    change.reason = reason;
    if (faultIs(ctx, 'sync-rejected-provider-id-dropped')) change.providerId = null;
    if (!faultIs(ctx, 'sync-rejected-items-not-counted')) batch.rejectedItems += 1;
    return change;
  };

  if (notAnObject) return reject('The item must be a JSON object.');
  // Enum members normalised before validation: upper-cased, as a lenient importer would.
  if (isFault('sync-item-enum-values-upper-cased'))
    for (const name of ['patentType', 'status', 'filingRoute', 'applicantType'])
      if (typeof item[name] === 'string') item[name] = (item[name] as string).toUpperCase();
  // Numbers turned into text before validation, claimCount excepted, as a mapper written for CSV rows would.
  if (isFault('sync-item-numbers-as-text'))
    for (const [name, value] of Object.entries(item))
      if (typeof value === 'number' && name !== 'claimCount') item[name] = String(value);
  const errors = syncItemErrors(item);
  if (errors.length > 0)
    return reject(
      faultIs(ctx, 'sync-invalid-item-reason-null') ? (null as unknown as string) : describeErrors(errors),
    );
  change.changes = changesOf(item);

  let target: PatentRecord | undefined;
  if (faultIs(ctx, 'sync-provider-id-matched-first') && change.providerId !== null) {
    target = patentsOf(ctx.store, tenant).find((p) => p.providerId === change.providerId);
  }
  if (
    target === undefined &&
    typeof item.servicePatentId === 'string' &&
    !(faultIs(ctx, 'sync-service-patent-id-needs-provider-id') && change.providerId === null)
  ) {
    // servicePatentId forces an update of that exact patent; an unknown one never creates.
    target = faultIs(ctx, 'sync-reaches-other-tenant')
      ? ctx.store.patents.get(item.servicePatentId)
      : findPatent(ctx.store, tenant, item.servicePatentId);
    if (target === undefined && !faultIs(ctx, 'sync-unknown-service-patent-id-falls-back')) {
      // (fault) The result builder copies the input field when no patent matches.
      if (faultIs(ctx, 'sync-unknown-servicepatentid-echoed-on-rejection'))
        change.patentId = item.servicePatentId;
      return reject('servicePatentId does not match any patent of the portfolio.');
    }
  }
  if (target === undefined && change.providerId !== null) {
    const candidates = faultIs(ctx, 'sync-provider-id-matched-across-tenants')
      ? [...ctx.store.patents.values()] // every tenant's patents, not only the caller's
      : patentsOf(ctx.store, tenant);
    target = candidates.find((p) => p.providerId === change.providerId);
  }

  if (target === undefined) {
    change.kind = 'CREATE';
    if (faultIs(ctx, 'sync-unknown-provider-id-rejected')) return reject('providerId matches no patent.');
    if (typeof change.changes.office !== 'string') return reject('A new patent needs an office.');
    if (faultIs(ctx, 'sync-create-applied-at-triage')) {
      change.patentId = newPatent(ctx, tenant, change.changes, at).id;
      change.state = 'APPLIED';
      batch.autoAppliedItems += 1;
      return change;
    }
  } else {
    change.kind =
      faultIs(ctx, 'sync-action-from-service-patent-id') && typeof item.servicePatentId !== 'string'
        ? 'CREATE'
        : 'UPDATE';
    change.patentId = target.id;
    if (faultIs(ctx, 'sync-office-required-on-updates') && typeof change.changes.office !== 'string') {
      return reject('office is required.');
    }
    const newProviderId = change.changes.providerId;
    if (
      typeof newProviderId === 'string' &&
      newProviderId !== target.providerId &&
      patentsOf(ctx.store, tenant).some((p) => p.providerId === newProviderId)
    ) {
      return reject('providerId is already used by another patent of the portfolio.');
    }
    if (!touchesCriticalField(target, change.changes)) {
      applyChanges(target, change.changes, at);
      change.state = 'APPLIED';
      if (!faultIs(ctx, 'sync-applied-updates-not-counted')) batch.autoAppliedItems += 1;
      return change;
    }
  }

  const twin = refusedTwin(ctx.store, change);
  if (twin !== undefined) {
    change.state = 'SUPPRESSED';
    change.reason = `Identical to proposal ${twin.id}, refused in review: ${twin.reason ?? ''}`.trim();
    if (faultIs(ctx, 'sync-suppressed-without-reason')) change.reason = null;
    if (faultIs(ctx, 'sync-suppressed-counted-as-staged')) batch.stagedItems += 1;
    else batch.suppressedItems += 1;
    return change;
  }
  change.state = 'AWAITING_REVIEW';
  // (fault) A draft patent row inserted at triage to hold the proposal, its id exposed.
  if (change.kind === 'CREATE' && faultIs(ctx, 'sync-staged-create-exposes-draft-patent-id'))
    change.patentId = ctx.random.uuid();
  if (!(faultIs(ctx, 'sync-staged-creates-not-counted') && change.kind === 'CREATE')) batch.stagedItems += 1;
  return change;
}

function processItem(
  ctx: ServerContext,
  tenant: Tenant,
  batch: SyncBatchRecord,
  index: number,
  at: Moment,
): void {
  let change: ChangeRequest;
  try {
    change = triageItem(ctx, tenant, batch, index, batch.items[index], at);
  } catch {
    // An item that could not be recorded: the batch ends in ERROR and the item has no change request id.
    change = {
      id: `unrecorded:${batch.id}:${index}`,
      tenantId: tenant.id,
      batchId: batch.id,
      index,
      kind: null,
      patentId: null,
      providerId: null,
      changes: {},
      state: 'UNRECORDED',
      reason: 'The item could not be recorded.',
    };
  }
  ctx.store.changeRequests.set(change.id, change);
  batch.results.push(change.id);
}

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

function runInBackground(ctx: ServerContext, tenant: Tenant, batch: SyncBatchRecord): void {
  const step = (): void => {
    const at = currentMoment(ctx);
    batch.progress = 'PROCESSING';
    // How long a background batch stays PROCESSING is not stated: the variant's worker takes it in one step.
    const chunk = variantIs(ctx, 'async-batch-intermediate-states-may-be-skipped')
      ? batch.items.length
      : BACKGROUND_CHUNK;
    const end = Math.min(batch.results.length + chunk, batch.items.length);
    for (let index = batch.results.length; index < end; index += 1)
      processItem(ctx, tenant, batch, index, at);
    if (batch.results.length >= batch.items.length) complete(ctx, batch, at);
    else if (variantIs(ctx, 'sync-background-slow')) setTimeout(step, SLOW_STEP_MS).unref();
    else setTimeout(step, 1);
  };
  if (faultIs(ctx, 'sync-background-starts-inline')) step();
  else setTimeout(step, 1);
}

function findByRef(store: Store, tenant: Tenant, ref: string): SyncBatchRecord | undefined {
  for (const batch of store.syncBatches.values()) {
    if (batch.tenantId === tenant.id && batch.externalImportRef === ref) return batch;
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
  const fingerprint = canonicalJson(body.items);
  const ref = body.externalImportRef ?? null;
  if (ref !== null && !faultIs(ctx, 'sync-import-ref-not-looked-up')) {
    const existing = findByRef(ctx.store, tenant, ref);
    if (existing !== undefined) {
      if (existing.itemsFingerprint === fingerprint || faultIs(ctx, 'sync-replay-ignores-items'))
        return replayed(ctx, tenant, existing);
      throw new ProblemError(
        'conflict',
        'externalImportRef was already used with different items.',
        faultIs(ctx, 'sync-conflict-without-existing-batch-id') ? {} : { existingBatchId: existing.id },
      );
    }
  }
  const inlineLimit = faultIs(ctx, 'sync-100-items-in-background')
    ? INLINE_LIMIT - 1
    : faultIs(ctx, 'sync-101-items-inline')
      ? INLINE_LIMIT + 1
      : INLINE_LIMIT;
  const inline = body.items.length <= inlineLimit;
  const batch: SyncBatchRecord = {
    id: ctx.random.uuid(),
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
}

export type BatchStatus = 'PENDING' | 'PROCESSING' | 'TRIAGED' | 'SETTLED' | 'ERROR';

/** TRIAGED while a proposal awaits review; SETTLED once nothing is left to wait on (the last review). */
export function batchStatus(store: Store, batch: SyncBatchRecord): BatchStatus {
  if (batch.progress !== 'DONE') return batch.progress;
  const states = batch.results.map((id) => store.changeRequests.get(id)?.state);
  if (states.includes('UNRECORDED')) return 'ERROR';
  if (isFault('sync-rejected-batch-error') && states.includes('REJECTED')) return 'ERROR';
  const awaiting = states.includes('AWAITING_REVIEW') && !isFault('sync-triaged-reported-settled');
  if (!awaiting && isFault('sync-settled-reported-completed')) return 'COMPLETED' as BatchStatus;
  return awaiting ? 'TRIAGED' : 'SETTLED';
}

export type Outcome = 'APPLIED' | 'ACCEPTED' | 'STAGED' | 'SUPPRESSED' | 'REJECTED';

/** How a change request reads in the results; a proposal refused in review reads REJECTED. */
export function resultOutcome(change: ChangeRequest): { outcome: Outcome; reason: string | null } {
  switch (change.state) {
    case 'APPLIED':
      return { outcome: 'APPLIED', reason: null };
    case 'AWAITING_REVIEW':
      return {
        outcome: 'STAGED',
        reason: isFault('sync-staged-with-reason') ? 'Awaiting review.' : null,
      };
    case 'ACCEPTED':
      return { outcome: 'ACCEPTED', reason: null };
    case 'SUPPRESSED':
      return { outcome: 'SUPPRESSED', reason: change.reason };
    case 'REJECTED':
      if (isFault('sync-rejected-outcome-invalid') && change.kind === null)
        return { outcome: 'INVALID' as Outcome, reason: change.reason };
      return { outcome: 'REJECTED', reason: change.reason };
    case 'REFUSED':
      // The outcome label of a proposal refused in review is not shown: REJECTED here.
      if (isVariant('sync-refused-outcome-label'))
        return { outcome: 'REFUSED' as Outcome, reason: change.reason };
      if (isVariant('refused-proposal-outcome-label-free'))
        return { outcome: 'STAGED', reason: change.reason };
      return { outcome: 'REJECTED', reason: change.reason };
    case 'UNRECORDED':
      return { outcome: 'REJECTED', reason: change.reason };
  }
}

export class ReviewError extends Error {}

/** A back-office review of a staged proposal: accept applies it (a create makes the patent), refuse keeps a reason. */
export function reviewChange(
  ctx: ServerContext,
  tenant: Tenant,
  change: ChangeRequest,
  decision: 'accept' | 'refuse',
  reason: string | undefined,
  at: Moment,
): ChangeRequest {
  if (change.state !== 'AWAITING_REVIEW')
    throw new ReviewError(`the item is ${change.state}, not awaiting review`);
  if (decision === 'refuse') {
    change.state = 'REFUSED';
    change.reason = reason ?? 'Refused in review.';
    if (faultIs(ctx, 'sync-refusal-moves-staged-to-rejected')) {
      const batch = ctx.store.syncBatches.get(change.batchId);
      if (batch !== undefined) {
        batch.stagedItems -= 1;
        batch.rejectedItems += 1;
      }
    }
    if (faultIs(ctx, 'sync-refusal-reason-prefixed')) change.reason = `Refused in review: ${change.reason}`;
    return change;
  }
  if (change.kind === 'CREATE') {
    if (patentsOf(ctx.store, tenant).some((p) => p.providerId === change.providerId)) {
      throw new ReviewError('a patent with this providerId exists already');
    }
    // A create keeps the id its proposal holds, if any.
    change.patentId = newPatent(ctx, tenant, change.changes, at, change.patentId ?? undefined).id;
  } else {
    const patent = change.patentId === null ? undefined : findPatent(ctx.store, tenant, change.patentId);
    if (patent === undefined) throw new ReviewError('the patent to update no longer exists');
    applyChanges(patent, change.changes, at);
  }
  change.state = 'ACCEPTED';
  return change;
}
