/**
 * The single instructability rule. Both the `instructability` object on events and the instruction POST
 * call `instructability()`, so the flag and the enforcement cannot disagree.
 */
import { isFault, isVariant } from '../behaviour';
import type { Decision, EventRecord } from '../store';
import { DECISIONS } from '../store';
import { addMonths } from '../dates';
import { isLapsed, opensAt } from './due-period';

export type BlockedReason = 'ALREADY_INSTRUCTED' | 'TOO_EARLY' | 'EARLIER_EVENT_PENDING';

export interface Instructability {
  isAllowed: boolean;
  allowedDecisions: Decision[];
  /** Null when allowed; also null when blocked for a reason outside the three (variant grace-period-events-held). */
  blockedReason: BlockedReason | null;
  opensAt: string;
  mode: 'DIRECT';
  /** Earlier events of the patent still awaiting a decision, by due date (for `instruction_skipped`). */
  pendingEarlierEvents: EventRecord[];
}

/** An event awaits a decision until an instruction has set its appliedDecision. */
export function awaitsDecision(event: EventRecord): boolean {
  return event.eventType === 'RENEWAL' && event.appliedDecision === null;
}

/** The decisions of the lapse rule alone: PROCEED only while the event can still be paid. */
function lapseRuleDecisions(event: EventRecord, today: string): Decision[] {
  return isLapsed(event, today) ? DECISIONS.filter((d) => d !== 'PROCEED') : [...DECISIONS];
}

function blocked(
  reason: BlockedReason,
  event: EventRecord,
  today: string,
  pending: EventRecord[] = [],
): Instructability {
  return {
    isAllowed: false,
    // Derived from the event's state alone, not intersected with isAllowed.
    allowedDecisions: isFault('instructability-blocked-still-lists-decisions')
      ? lapseRuleDecisions(event, today)
      : reason === 'TOO_EARLY' && isFault('events-too-early-lists-decisions')
        ? [...DECISIONS]
        : [],
    blockedReason: reason,
    opensAt: opensAt(event),
    mode: 'DIRECT',
    pendingEarlierEvents: pending,
  };
}

/**
 * @param patentEvents all events of the event's patent (any order)
 * @param today the current date in the server's time zone
 */
export function instructability(
  event: EventRecord,
  patentEvents: EventRecord[],
  today: string,
): Instructability {
  const instructed = isFault('events-instructed-read-from-fee-lock')
    ? event.feesStatus !== 'ESTIMATED'
    : event.appliedDecision !== null;
  if (instructed) return blocked('ALREADY_INSTRUCTED', event, today);
  // Which reason wins for an event both too early and behind a pending one is not stated: TOO_EARLY here,
  // EARLIER_EVENT_PENDING in the variant.
  const pendingFirst = isVariant('blocked-reason-precedence-earlier-pending');
  if (today < opensAt(event) && !pendingFirst) return blocked('TOO_EARLY', event, today);
  // The pending query looking for a payment: an earlier event still payable counts unless it was PROCEEDed.
  const unpaid = (e: EventRecord) =>
    isFault('skip-does-not-clear-earlier-pending') &&
    e.eventType === 'RENEWAL' &&
    e.appliedDecision !== 'PROCEED' &&
    !isLapsed(e, today);
  // (fault earlier-pending-excludes-lapsed) Only an earlier event that can still be paid counts as pending.
  const awaits = (e: EventRecord) =>
    awaitsDecision(e) && !(isFault('earlier-pending-excludes-lapsed') && isLapsed(e, today));
  const pending = patentEvents
    .filter((e) => e.id !== event.id && e.dueDate < event.dueDate && (awaits(e) || unpaid(e)))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  if (pending.length > 0) return blocked('EARLIER_EVENT_PENDING', event, today, pending);
  if (today < opensAt(event)) return blocked('TOO_EARLY', event, today);
  // Blocks beyond the three reasons are open (OPEN-POINTS B21, E3): there are none here.
  if (isVariant('grace-period-events-held') && today > addMonths(event.dueDate, 3) && !isLapsed(event, today))
    return {
      isAllowed: false,
      allowedDecisions: [],
      blockedReason: null,
      opensAt: opensAt(event),
      mode: 'DIRECT',
      pendingEarlierEvents: [],
    };
  // A lapsed event can no longer be paid: only the decisions that do not pay remain.
  // (variant grace-period-drops-proceed) PROCEED no longer offered once the due date has passed.
  const lapsed = isVariant('grace-period-drops-proceed') ? today > event.dueDate : isLapsed(event, today);
  const dropsProceed = lapsed && !isFault('events-lapsed-offers-proceed');
  const allowedDecisions = dropsProceed ? DECISIONS.filter((d) => d !== 'PROCEED') : [...DECISIONS];
  if (dropsProceed && isFault('events-lapsed-decisions-appended'))
    allowedDecisions.push(...DECISIONS.filter((d) => d !== 'PROCEED'));
  // (fault) A lapsed event treated as closed: no decision offered at all.
  if (dropsProceed && isFault('instructions-lapsed-event-refuses-every-decision')) allowedDecisions.splice(0);
  // (variant) Which decisions besides PROCEED a lapsed event keeps is open: DROP only in the variant.
  if (dropsProceed && isVariant('lapsed-event-offers-drop-only'))
    allowedDecisions.splice(0, allowedDecisions.length, 'DROP');
  // The order of allowedDecisions is not stated: the order of DECISIONS here.
  if (isVariant('allowed-decisions-reversed')) allowedDecisions.reverse();
  return {
    isAllowed: true,
    allowedDecisions,
    blockedReason: null,
    opensAt: opensAt(event),
    mode: 'DIRECT',
    pendingEarlierEvents: [],
  };
}
