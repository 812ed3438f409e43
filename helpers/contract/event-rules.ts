/**
 * The small rules the suite reads patent events by, each stated once: which events are renewals, which await a
 * decision, which one a patent instructs first, which are not open to instruction yet.
 *
 * "The first event" of a patent has two readings here, each used where it is meant: `earliestPending`, the
 * earliest renewal awaiting a decision (what the queue rule is about), and `instructableFirst`, the earliest
 * renewal the server flags allowed (what an instruction test instructs). A conformant server makes them the
 * same event; a faulty one may not, and each test keeps the reading its clause needs.
 */
import type { Decision, PatentEvent } from '../../schemas/types';

export const RENEWAL = 'RENEWAL';

/** A renewal event; the suite ignores kinds it does not know (additive evolution). */
export function isRenewal(event: PatentEvent): boolean {
  return event.eventType === RENEWAL;
}

/** Events of the renewal kind. */
export function renewals(events: PatentEvent[]): PatentEvent[] {
  return events.filter(isRenewal);
}

export function sortByDue(events: PatentEvent[]): PatentEvent[] {
  return [...events].sort((a, b) => a.dueDate.localeCompare(b.dueDate));
}

/**
 * The contract's "awaiting a decision" ("un-instructed"): no executed decision, which is what
 * `appliedDecision` shows ("Executing an instruction sets `appliedDecision`").
 */
export function awaitsDecision(event: PatentEvent): boolean {
  return event.appliedDecision === null;
}

/**
 * Stricter than `awaitsDecision`, for choosing events to instruct: neither sign of an executed decision shows
 * (no appliedDecision, not blocked as ALREADY_INSTRUCTED), so that a server showing one sign without the
 * other is not taken for one with an open event.
 */
export function showsNoDecision(event: PatentEvent): boolean {
  return awaitsDecision(event) && event.instructability.blockedReason !== 'ALREADY_INSTRUCTED';
}

/** The earliest renewal event of a patent that awaits a decision. */
export function earliestPending(events: PatentEvent[]): PatentEvent | undefined {
  return sortByDue(renewals(events)).find(awaitsDecision);
}

/** The renewal events of a patent that show no decision (`showsNoDecision`), earliest due date first. */
export function pendingRenewals(events: PatentEvent[]): PatentEvent[] {
  return sortByDue(renewals(events)).filter(showsNoDecision);
}

/** The renewal events showing no decision that are due after `event`. */
export function laterPending(events: PatentEvent[], event: PatentEvent): PatentEvent[] {
  return pendingRenewals(events).filter((e) => e.dueDate > event.dueDate);
}

/**
 * The renewal events of the patent due before `event` that await a decision: the due dates instruction_skipped
 * lists ("missingPreviousRenewalDates (due dates of earlier events awaiting a decision)").
 */
export function earlierAwaiting(events: PatentEvent[], event: PatentEvent): PatentEvent[] {
  return renewals(events).filter((e) => e.dueDate < event.dueDate && awaitsDecision(e));
}

/** The latest event blocked as EARLIER_EVENT_PENDING, showing no decision, behind two or more awaiting one. */
export function behindSeveralAwaiting(events: PatentEvent[]): PatentEvent | undefined {
  return pendingRenewals(events)
    .filter((e) => waitsForEarlier(e) && earlierAwaiting(events, e).length >= 2)
    .pop();
}

/** Whether the event offers `decision` (its allowedDecisions list it). */
export function offers(event: PatentEvent, decision: Decision): boolean {
  return event.instructability.allowedDecisions.includes(decision);
}

/**
 * The patent's earliest renewal event the server flags instructable (`isAllowed`), when it offers `decision`
 * (if given). Unlike `earliestPending`, it trusts the server's flag rather than the decisions shown: the
 * instruction tests instruct the event the server offers.
 */
export function instructableFirst(events: PatentEvent[], decision?: Decision): PatentEvent | undefined {
  const first = sortByDue(renewals(events)).find((e) => e.instructability.isAllowed);
  if (first === undefined) return undefined;
  if (decision !== undefined && !offers(first, decision)) return undefined;
  return first;
}

/** An event blocked as EARLIER_EVENT_PENDING: it waits for an earlier event awaiting a decision. */
export function waitsForEarlier(event: PatentEvent): boolean {
  return event.instructability.blockedReason === 'EARLIER_EVENT_PENDING';
}

/**
 * A renewal event blocked as ALREADY_INSTRUCTED, not merely decided: an old decided event may also be lapsed,
 * and which of 409 and 422 wins then is not stated.
 */
export function blockedAsInstructed(event: PatentEvent): boolean {
  return isRenewal(event) && event.instructability.blockedReason === 'ALREADY_INSTRUCTED';
}

/** A renewal event blocked as TOO_EARLY, as the server flags it (whatever decisions it shows). */
export function blockedTooEarly(event: PatentEvent): boolean {
  return isRenewal(event) && event.instructability.blockedReason === 'TOO_EARLY';
}

/** A renewal event awaiting a decision whose window has not opened (blocked as TOO_EARLY). */
export function tooEarly(event: PatentEvent): boolean {
  return blockedTooEarly(event) && awaitsDecision(event);
}
