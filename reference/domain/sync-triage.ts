/**
 * Triage of one pushed item (APPLIED, STAGED, REJECTED, SUPPRESSED): validation, matching the target patent,
 * and the counters of its batch. An item's problems are its outcome, never an HTTP error.
 */
import { faultIs, isFault, isVariant } from '../behaviour';
import type { Moment, ServerContext } from '../context';
import type { ChangeRequest, PatentRecord, Store, SyncBatchRecord, Tenant } from '../store';
import { findPatent, patentsOf } from '../store';
import { syncItemErrors } from '../validation';
import {
  applyChanges,
  canonicalJson,
  changesBefore,
  changesOf,
  newPatent,
  pendingReviewRows,
  touchesCriticalField,
} from './sync-changes';

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

/** (variant sync-reasons-terse) A rejection reason as a short code: the wording of reasons is not stated. */
function terseReason(reason: string): string {
  if (reason.startsWith('Invalid item')) return 'INVALID_ITEM';
  if (reason.startsWith('servicePatentId')) return 'UNKNOWN_PATENT';
  if (reason.startsWith('A new patent needs')) return 'OFFICE_REQUIRED';
  if (reason.startsWith('providerId is already used')) return 'PROVIDER_ID_TAKEN';
  return 'INVALID_ITEM';
}

/** (fault sync-lenient-date-parsing) Y-M-D with or without padding or a time, an overflowing day rolled over. */
function lenientDate(value: string): string | undefined {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:T.*)?$/.exec(value);
  if (match === null) return undefined;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/**
 * (fault rejected-item-half-applied) The item's fields assigned one by one, in declaration order, to the patent
 * it names: those before the first invalid one are in the session, which is flushed for the whole batch.
 */
function assignedBeforeFailure(
  ctx: ServerContext,
  tenant: Tenant,
  item: Record<string, unknown>,
  errors: { pointer: string }[],
  at: Moment,
): void {
  const target =
    typeof item.servicePatentId === 'string'
      ? findPatent(ctx.store, tenant, item.servicePatentId)
      : typeof item.providerId === 'string'
        ? patentsOf(ctx.store, tenant).find((p) => p.providerId === item.providerId)
        : undefined;
  if (target === undefined) return;
  const failing = new Set(errors.map((e) => e.pointer.split('/')[1] ?? ''));
  applyChanges(target, changesBefore(item, failing), at);
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
  const reject = (reason: string, counted = true): ChangeRequest => {
    change.state = 'REJECTED';
    change.reason = isVariant('sync-reasons-terse') && reason !== null ? terseReason(reason) : reason;
    if (faultIs(ctx, 'sync-rejected-provider-id-dropped')) change.providerId = null;
    if (!faultIs(ctx, 'sync-rejected-items-not-counted') && counted) batch.rejectedItems += 1;
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
  // (fault) Dates read by a lenient parser and written back normalised (2024-3-5, 2024-02-30, date-times).
  if (isFault('sync-lenient-date-parsing'))
    for (const [name, value] of Object.entries(item))
      if ((name.endsWith('Date') || name === 'renewalsManagedFrom') && typeof value === 'string')
        item[name] = lenientDate(value) ?? value;
  const errors = syncItemErrors(item);
  if (errors.length > 0) {
    if (faultIs(ctx, 'rejected-item-half-applied')) assignedBeforeFailure(ctx, tenant, item, errors, at);
    return reject(
      faultIs(ctx, 'sync-invalid-item-reason-null') ? (null as unknown as string) : describeErrors(errors),
    );
  }
  change.changes = changesOf(item);

  let target: PatentRecord | undefined;
  if (
    (faultIs(ctx, 'sync-provider-id-matched-first') ||
      faultIs(ctx, 'provider-id-wins-over-service-patent-id')) &&
    change.providerId !== null
  ) {
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
      // (fault) This rejection path returns before the counter update the other paths share.
      return reject(
        'servicePatentId does not match any patent of the portfolio.',
        !faultIs(ctx, 'sync-unmatched-service-patent-id-not-counted'),
      );
    }
  }
  if (target === undefined && change.providerId !== null) {
    const candidates =
      faultIs(ctx, 'sync-provider-id-matched-across-tenants') ||
      faultIs(ctx, 'provider-id-match-not-tenant-scoped')
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
    // (fault) The whole item written onto the patent row first, then a change request opened for the critical
    // fields found: the proposal awaits review, but the patent already reads its values.
    if (faultIs(ctx, 'staged-update-written-through-before-review')) applyChanges(target, change.changes, at);
  }

  const twin = refusedTwin(ctx.store, change);
  if (twin !== undefined) {
    change.state = 'SUPPRESSED';
    change.reason = `Identical to proposal ${twin.id}, refused in review: ${twin.reason ?? ''}`.trim();
    if (isVariant('sync-reasons-terse')) change.reason = 'DUPLICATE_OF_REFUSED';
    if (faultIs(ctx, 'sync-suppressed-without-reason')) change.reason = null;
    if (faultIs(ctx, 'sync-suppressed-counted-as-staged')) batch.stagedItems += 1;
    else batch.suppressedItems += 1;
    return change;
  }
  change.state = 'AWAITING_REVIEW';
  // (fault) A draft patent row inserted at triage to hold the proposal, its id exposed.
  if (change.kind === 'CREATE' && faultIs(ctx, 'sync-staged-create-exposes-draft-patent-id'))
    change.patentId = ctx.random.uuid();
  // (fault) The create inserted as a draft patent at triage, in the portfolio before any review.
  if (change.kind === 'CREATE' && faultIs(ctx, 'sync-staged-create-visible-in-portfolio'))
    change.patentId = newPatent(ctx, tenant, change.changes, at).id;
  // (fault) The proposed create inserted at once as a patent row pending review, which the patent list does not
  // leave out; the result keeps servicePatentId null.
  if (change.kind === 'CREATE' && faultIs(ctx, 'staged-create-visible-in-patent-list'))
    pendingReviewRows.set(change, newPatent(ctx, tenant, change.changes, at).id);
  if (!(faultIs(ctx, 'sync-staged-creates-not-counted') && change.kind === 'CREATE')) batch.stagedItems += 1;
  return change;
}

export function processItem(
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
