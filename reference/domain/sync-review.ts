/** A change request after triage: how it reads in the results, and the back-office review of a staged one. */
import { faultIs, isFault, isVariant } from '../behaviour';
import type { Moment, ServerContext } from '../context';
import type { ChangeRequest, Tenant } from '../store';
import { findPatent, patentsOf } from '../store';
import { applyChanges, newPatent, pendingReviewRows } from './sync-changes';

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
      // (variant) An accepted update reads as what happened to the patent: applied.
      if (isVariant('accepted-update-reads-applied') && change.kind === 'UPDATE')
        return { outcome: 'APPLIED', reason: null };
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
  // (fault sync-staged-create-visible-in-portfolio) The draft inserted at triage dropped (an accept inserts it
  // again under its id).
  if (
    faultIs(ctx, 'sync-staged-create-visible-in-portfolio') &&
    change.kind === 'CREATE' &&
    change.patentId
  ) {
    ctx.store.patents.delete(change.patentId);
    if (decision === 'refuse') change.patentId = null;
  }
  // (fault staged-create-visible-in-patent-list) The row inserted at triage dropped (an accept inserts it again
  // under its id).
  const pendingRow = pendingReviewRows.get(change);
  if (pendingRow !== undefined) {
    ctx.store.patents.delete(pendingRow);
    pendingReviewRows.delete(change);
  }
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
    change.patentId = newPatent(ctx, tenant, change.changes, at, change.patentId ?? pendingRow).id;
  } else {
    const patent = change.patentId === null ? undefined : findPatent(ctx.store, tenant, change.patentId);
    if (patent === undefined) throw new ReviewError('the patent to update no longer exists');
    applyChanges(patent, change.changes, at);
  }
  change.state = 'ACCEPTED';
  return change;
}
