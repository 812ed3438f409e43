/**
 * Executing instruction batches (DIRECT mode: immediately and synchronously), and issuing the official
 * receipt of a paid renewal. The seed runs these same functions, so seeded states obey the same rules.
 */
import { faultIs, isFault, variantIs } from '../behaviour';
import type { Moment, ServerContext } from '../context';
import { notFound, pointer, ProblemError, validationFailed } from '../problems';
import type { Decision, EventRecord, InstructionReceiptRecord, InstructionRecord, Tenant } from '../store';
import { eventsOfPatent, findEvent } from '../store';
import { estimateFees } from './fees';
import { opensAt } from './due-period';
import { instructability } from './instructability';

/** Writes of a POST left for the next one (only the route's `instructions-written-on-next-post` fault defers). */
const deferredWrites = new WeakMap<ServerContext, (() => void)[]>();

export interface InstructionEntry {
  eventId: string;
  decision: Decision;
}

/** `IR-2026-000042`: year of issue and the tenant's sequential receipt number. */
function receiptReference(today: string, number: number): string {
  return `IR-${today.slice(0, 4)}-${String(number).padStart(6, '0')}`;
}

function resolveEvents(ctx: ServerContext, tenant: Tenant, entries: InstructionEntry[]): EventRecord[] {
  return entries.map((entry, index) => {
    const event =
      faultIs(ctx, 'instruction-reaches-other-tenant') ||
      faultIs(ctx, 'instructions-other-client-event-disclosed')
        ? ctx.store.events.get(entry.eventId) // looked up by id alone, whoever owns it
        : findEvent(ctx.store, tenant, entry.eventId);
    // (fault) An unknown event taken for an invalid field of the body.
    if (event === undefined && faultIs(ctx, 'instructions-unknown-event-validation-failed'))
      throw validationFailed([
        {
          pointer: pointer('instructions', index, 'eventId'),
          code: 'invalid_reference',
          message: 'Unknown event.',
        },
      ]);
    if (event === undefined) throw notFound();
    return event;
  });
}

/** One event per patent in a batch (so also never the same event twice). */
function checkOneEventPerPatent(ctx: ServerContext, events: EventRecord[]): void {
  const seen = new Map<string, EventRecord>();
  events.forEach((event, index) => {
    const first = seen.get(event.patentId);
    if (first === undefined) {
      seen.set(event.patentId, event);
      return;
    }
    const sameEvent = first.id === event.id;
    // (fault) Every entry checked against the state before the batch: the same event twice passes.
    if (sameEvent && faultIs(ctx, 'instructions-same-event-twice-in-batch-both-executed')) return;
    if (!sameEvent && faultIs(ctx, 'instructions-two-events-of-a-patent-accepted')) return;
    if (!sameEvent && variantIs(ctx, 'other-422-code-same-patent')) {
      throw new ProblemError(
        'instruction_batch_invalid',
        `Event ${event.id} is the second event of its patent in the batch.`,
      );
    }
    throw validationFailed([
      {
        pointer: pointer('instructions', index),
        code: sameEvent ? 'duplicate_event' : 'duplicate_patent',
        message: sameEvent
          ? 'The same event appears twice in the batch.'
          : 'A batch may carry only one event per patent.',
      },
    ]);
  });
}

/** (fault skipped-verdict-cached-after-correction) instruction_skipped refusals by event id, until they expire. */
const skippedVerdicts = new WeakMap<ServerContext, Map<string, { until: number; problem: ProblemError }>>();
/** How long a memoized instruction_skipped refusal is served again. */
const SKIPPED_VERDICT_TTL_MS = 5 * 60_000;

/**
 * Throws the problem of the first entry (in body order) that cannot be executed now. `phase`: `batch` for the
 * check of the whole batch before anything is written, `entry` for a check while executing.
 */
function checkInstructable(
  ctx: ServerContext,
  entries: InstructionEntry[],
  events: EventRecord[],
  today: string,
  phase: 'batch' | 'entry' = 'batch',
) {
  // (fault) A refusal for instruction_skipped memoized per event against client retry storms.
  const memoized = faultIs(ctx, 'skipped-verdict-cached-after-correction');
  const verdicts = skippedVerdicts.get(ctx) ?? new Map<string, { until: number; problem: ProblemError }>();
  if (memoized) skippedVerdicts.set(ctx, verdicts);
  const now = memoized ? ctx.clock.now().getTime() : 0;
  entries.forEach((entry, index) => {
    const event = events[index] as EventRecord;
    const cached = verdicts.get(event.id);
    if (cached !== undefined && now < cached.until) throw cached.problem;
    // The earlier events looked up in the tenant's portfolio, not under the event's patent (the seed's
    // replay of past instructions left as it was).
    let patentEvents =
      faultIs(ctx, 'earlier-pending-checked-across-patents') && today === ctx.clock.today()
        ? [...ctx.store.events.values()].filter((e) => e.tenantId === event.tenantId)
        : eventsOfPatent(ctx.store, event.patentId);
    if (faultIs(ctx, 'instructions-two-events-of-a-patent-accepted')) {
      patentEvents = patentEvents.filter((e) => !events.slice(0, index).includes(e));
    }
    const verdict = instructability(event, patentEvents, today);
    // (fault) The POST's own window check, today <= opensAt: the opening day itself is refused.
    if (
      faultIs(ctx, 'instructions-too-early-on-opensat-day') &&
      verdict.blockedReason !== 'ALREADY_INSTRUCTED' &&
      verdict.opensAt !== null &&
      today <= verdict.opensAt
    )
      throw new ProblemError(
        'instruction_too_early',
        `Event ${event.id} can be instructed after ${verdict.opensAt}.`,
      );
    switch (verdict.blockedReason) {
      case 'ALREADY_INSTRUCTED':
        if (faultIs(ctx, 'instructions-replay-re-executed') && event.appliedDecision === entry.decision)
          return;
        // The decision the event already has taken as done (the execution below leaves the event as it is).
        if (faultIs(ctx, 'instruction-replay-same-decision-201') && event.appliedDecision === entry.decision)
          return;
        if (
          (faultIs(ctx, 'instructions-decision-overwritten') ||
            faultIs(ctx, 'different-decision-supersedes-executed')) &&
          event.appliedDecision !== entry.decision
        )
          return;
        // One conflict exception for both 409 cases, mapped to a single code.
        throw new ProblemError(
          faultIs(ctx, 'instruction-already-set-typed-as-conflict') ? 'conflict' : 'instruction_already_set',
          `Event ${event.id} already has a decision.`,
        );
      case 'TOO_EARLY':
        // (fault too-early-instruction-scheduled) Queued for the opening day instead of refused.
        if (faultIs(ctx, 'too-early-instruction-scheduled')) return;
        throw new ProblemError(
          faultIs(ctx, 'instructions-too-early-as-conflict')
            ? 'instruction_already_set'
            : 'instruction_too_early',
          `Event ${event.id} can be instructed from ${verdict.opensAt}.`,
        );
      case 'EARLIER_EVENT_PENDING': {
        if (faultIs(ctx, 'instructions-earlier-pending-not-enforced')) return;
        const patent = ctx.store.patents.get(event.patentId);
        const missing = faultIs(ctx, 'instructions-skipped-lists-decided-dates')
          ? patentEvents.filter((e) => e.dueDate < event.dueDate)
          : // (fault) Only the immediately preceding event is looked up, not every earlier one.
            faultIs(ctx, 'instructions-skipped-dates-partial')
            ? verdict.pendingEarlierEvents.slice(-1)
            : verdict.pendingEarlierEvents;
        const skipped = new ProblemError(
          'instruction_skipped',
          `An earlier renewal of the patent of event ${event.id} awaits a decision.`,
          {
            ...(faultIs(ctx, 'instructions-skipped-without-case-reference')
              ? {}
              : { clientCaseReference: patent?.clientCaseReference ?? null }),
            // Their order is not stated: by due date here.
            missingPreviousRenewalDates: variantIs(ctx, 'missing-dates-latest-first')
              ? missing.map((e) => e.dueDate).reverse()
              : missing.map((e) => e.dueDate),
          },
        );
        if (memoized) verdicts.set(event.id, { until: now + SKIPPED_VERDICT_TTL_MS, problem: skipped });
        throw skipped;
      }
      case null:
        if (faultIs(ctx, 'instructions-offered-decision-checked-while-executing') && phase === 'batch')
          return;
        if (
          !verdict.allowedDecisions.includes(entry.decision) &&
          !faultIs(ctx, 'instructions-lapsed-proceed-executed')
        ) {
          // The decision validated against an enum built from the event's allowed decisions.
          if (faultIs(ctx, 'instruction-lapsed-reported-as-validation'))
            throw validationFailed([
              {
                pointer: pointer('instructions', index, 'decision'),
                code: 'invalid_enum_value',
                message: `must be one of ${verdict.allowedDecisions.map((d) => JSON.stringify(d)).join(', ')}`,
              },
            ]);
          throw new ProblemError(
            'instruction_lapsed',
            `Decision ${entry.decision} is not available for event ${event.id}; allowed: ${verdict.allowedDecisions.join(', ')}.`,
          );
        }
    }
  });
}

/** (fault instructions-concurrent-posts-both-execute) The batch check alone, made before the route awaits. */
export function checkBatch(
  ctx: ServerContext,
  tenant: Tenant,
  entries: InstructionEntry[],
  today: string,
): void {
  const events = resolveEvents(ctx, tenant, entries);
  checkOneEventPerPatent(ctx, events);
  checkInstructable(ctx, entries, events, today);
}

/**
 * Checks the whole batch, then executes it. Nothing is written before every entry has passed, which makes
 * the batch atomic.
 */
export function executeInstructions(
  ctx: ServerContext,
  tenant: Tenant,
  entries: InstructionEntry[],
  at: Moment,
  options: { deferWrites?: boolean; checked?: boolean } = {},
): InstructionReceiptRecord {
  if (entries.length === 0) {
    throw validationFailed([
      {
        pointer: pointer('instructions'),
        code: 'too_small',
        message: 'At least one instruction is required.',
      },
    ]);
  }
  const queued = deferredWrites.get(ctx);
  deferredWrites.delete(ctx);
  queued?.forEach((write) => write());
  const events = resolveEvents(ctx, tenant, entries);
  checkOneEventPerPatent(ctx, events);
  if (faultIs(ctx, 'instructions-refused-batch-keeps-fees-locked'))
    entries.forEach((entry, index) => {
      if (entry.decision === 'PROCEED') lockFees(events[index] as EventRecord, at.today);
    });
  const executedAt = at.now.toISOString();
  if (faultIs(ctx, 'instructions-refused-batch-marks-instructed'))
    events.forEach((event) => {
      event.processingStatus = 'INSTRUCTED';
      event.processingStatusUpdatedAt = executedAt;
    });
  if (
    faultIs(ctx, 'instructions-refused-batch-keeps-receipt') ||
    faultIs(ctx, 'rolled-back-batch-leaks-receipt')
  ) {
    const draft = newReceipt(ctx, tenant, at);
    entries.forEach((entry, index) => {
      const event = events[index] as EventRecord;
      draft.instructions.push({
        id: ctx.random.uuid(),
        eventId: event.id,
        decision: entry.decision,
        status: 'EXECUTED',
        executedAt,
        renewedDesignatedCountries: null,
      });
      event.instructionReceiptId = draft.id;
    });
  }
  const atomic = !faultIs(ctx, 'instructions-batch-not-atomic');
  const lastVerdictOnly = faultIs(ctx, 'instructions-batch-verdict-of-last-entry');
  // (fault opens-at-month-arithmetic-without-year-borrow) The instructions of past days (the seed's replay) were
  // checked by the release of their day, before the window arithmetic changed.
  const checkedInTheirDay =
    faultIs(ctx, 'opens-at-month-arithmetic-without-year-borrow') && at.today < ctx.clock.today();
  if (atomic && !options.checked && !checkedInTheirDay)
    checkInstructable(
      ctx,
      lastVerdictOnly ? entries.slice(-1) : entries,
      lastVerdictOnly ? events.slice(-1) : events,
      at.today,
    );
  // (fault) The tenant of the events checked last, after their state has answered 409 or 422.
  if (
    faultIs(ctx, 'instructions-other-client-event-disclosed') &&
    events.some((e) => e.tenantId !== tenant.id)
  )
    throw notFound();

  const receipt = newReceipt(ctx, tenant, at, events[0]?.patentId);
  entries.forEach((entry, index) => {
    const event = events[index] as EventRecord;
    if (!atomic || lastVerdictOnly || faultIs(ctx, 'instructions-offered-decision-checked-while-executing'))
      checkInstructable(ctx, [entry], [event], at.today, 'entry');
    if (index > 0 && faultIs(ctx, 'instructions-only-first-entry-executed')) return;
    // A too-early instruction queued as SCHEDULED for the opening day, the event left as it is.
    if (
      faultIs(ctx, 'too-early-instruction-scheduled') &&
      event.appliedDecision === null &&
      at.today < opensAt(event)
    ) {
      receipt.instructions.push({
        id: ctx.random.uuid(),
        eventId: event.id,
        decision: entry.decision,
        status: 'SCHEDULED' as InstructionRecord['status'],
        executedAt: null,
        renewedDesignatedCountries: null,
      });
      return;
    }
    const patent = ctx.store.patents.get(event.patentId);
    const instruction: InstructionRecord = {
      id: ctx.random.uuid(),
      eventId: event.id,
      decision: faultIs(ctx, 'instructions-receipt-decision-read-too-early')
        ? (event.appliedDecision as Decision) // not written yet: null
        : entry.decision,
      status: 'EXECUTED',
      // (fault) Stamped by the payment-order workflow, which only a PROCEED enters.
      executedAt:
        faultIs(ctx, 'instruction-executedat-null-for-non-proceed') && entry.decision !== 'PROCEED'
          ? null
          : faultIs(ctx, 'instructions-executed-at-as-date')
            ? at.today
            : executedAt,
      renewedDesignatedCountries:
        patent?.office === 'WO' && patent.designatedCountries ? [...patent.designatedCountries] : null,
    };
    receipt.instructions.push(instruction);
    // Short-circuit of a decision the event already has: a receipt line, and nothing written.
    if (faultIs(ctx, 'instruction-replay-same-decision-201') && event.appliedDecision === entry.decision)
      return;
    // (fault) A DROP handed to the lapse workflow, which answers EXECUTED but writes the event only once an
    // operator confirms the abandonment.
    if (faultIs(ctx, 'drop-decision-not-set-on-event') && entry.decision === 'DROP') return;
    const write = (): void => {
      event.appliedDecision = entry.decision;
      // (variant) processingStatus left to the back office, but a DROP fulfils the event at once.
      const onlyDropMoves = variantIs(ctx, 'processing-status-unchanged-by-instruction');
      if (
        !variantIs(ctx, 'processing-status-kept-on-instruction') &&
        (!onlyDropMoves || entry.decision === 'DROP')
      ) {
        event.processingStatus = onlyDropMoves
          ? 'FULFILLED'
          : variantIs(ctx, 'instructed-payment-sent') && entry.decision === 'PROCEED'
            ? 'PAYMENT_SENT'
            : 'INSTRUCTED';
        event.processingStatusUpdatedAt = executedAt;
      }
      event.instructionId = instruction.id;
      event.instructionReceiptId = receipt.id;
      if (entry.decision === 'PROCEED' || variantIs(ctx, 'fees-locked-on-any-decision'))
        lockFees(event, at.today);
      event.updatedAt = executedAt;
      // Patent status transitions are not shown: a DROP lapses the patent in the variant.
      if (
        entry.decision === 'DROP' &&
        patent !== undefined &&
        variantIs(ctx, 'patent-status-after-drop-free')
      ) {
        patent.status = 'LAPSED';
        patent.lapseDate = event.dueDate;
        patent.updatedAt = executedAt;
      }
    };
    // The writes queued behind the answer, and flushed by the next instruction POST.
    if (options.deferWrites) deferredWrites.set(ctx, [...(deferredWrites.get(ctx) ?? []), write]);
    else write();
  });
  return receipt;
}

/** The last receipt number among the receipts holding an instruction for an event of the patent. */
function lastReceiptNumberOfPatent(ctx: ServerContext, tenant: Tenant, patentId: string): number {
  let last = 0;
  for (const receipt of ctx.store.receipts.values()) {
    if (
      receipt.tenantId === tenant.id &&
      receipt.instructions.some((i) => ctx.store.events.get(i.eventId)?.patentId === patentId)
    )
      last = Math.max(last, receipt.number);
  }
  return last;
}

/** A new receipt of the tenant, with its sequential number. */
function newReceipt(
  ctx: ServerContext,
  tenant: Tenant,
  at: Moment,
  firstPatentId?: string,
): InstructionReceiptRecord {
  let number = tenant.lastInstructionReceiptNumber + 1;
  // max(number) + 1 over the receipts joined through the patent (of the batch's first entry).
  if (faultIs(ctx, 'instruction-receipt-number-per-patent-sequence') && firstPatentId !== undefined)
    number = lastReceiptNumberOfPatent(ctx, tenant, firstPatentId) + 1;
  else tenant.lastInstructionReceiptNumber = number;
  const receipt: InstructionReceiptRecord = {
    id: ctx.random.uuid(),
    tenantId: tenant.id,
    issueDate: at.today,
    reference: receiptReference(at.today, number),
    number,
    instructions: [],
  };
  ctx.store.receipts.set(receipt.id, receipt);
  return receipt;
}

/** ESTIMATED -> LOCKED: the amounts of this moment become fixed. */
function lockFees(event: EventRecord, today: string): void {
  // The lock priced as at the due date, so an event in its grace period is locked without its surcharge.
  const estimate = estimateFees(
    event,
    isFault('lock-prices-grace-event-at-due-date') ? event.dueDate : today,
  );
  event.lockedFees = isFault('fees-lock-without-service')
    ? { ...estimate, components: estimate.components.filter((c) => c.type !== 'SERVICE') }
    : estimate;
  event.feesStatus = 'LOCKED';
  event.invoiceId = null;
}

export class DomainRuleError extends Error {}

/** The office's receipt of a paid renewal: only for an event whose PROCEED was executed. Idempotent. */
export function issueOfficialReceipt(
  ctx: ServerContext,
  tenant: Tenant,
  event: EventRecord,
  at: Moment,
): void {
  if (event.appliedDecision !== 'PROCEED') {
    throw new DomainRuleError('an official receipt needs an executed PROCEED instruction');
  }
  if (event.officialReceipt !== null) return;
  const number = tenant.lastOfficialReceiptNumber + 1;
  tenant.lastOfficialReceiptNumber = number;
  event.officialReceipt = {
    reference: `OR-${at.today.slice(0, 4)}-${String(number).padStart(6, '0')}`,
    issueDate: at.today,
  };
  event.updatedAt = at.now.toISOString();
}
