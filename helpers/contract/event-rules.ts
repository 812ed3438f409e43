/**
 * The small rules the suite reads patent events by, each stated once: which events are renewals, which await a
 * decision, which one a patent instructs first, which are not open to instruction yet.
 */
import type { PatentEvent } from '../../schemas/types';

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

/**
 * A renewal event blocked as ALREADY_INSTRUCTED, not merely decided: an old decided event may also be lapsed,
 * and which of 409 and 422 wins then is not stated.
 */
export function blockedAsInstructed(event: PatentEvent): boolean {
  return isRenewal(event) && event.instructability.blockedReason === 'ALREADY_INSTRUCTED';
}

/** A renewal event awaiting a decision whose window has not opened (blocked as TOO_EARLY). */
export function tooEarly(event: PatentEvent): boolean {
  return isRenewal(event) && awaitsDecision(event) && event.instructability.blockedReason === 'TOO_EARLY';
}
