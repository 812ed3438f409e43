/**
 * Small building blocks of the instruction specs: the decisions, the events of a patent that await a
 * decision, the instructable one, claiming it, a blocked one, posting a batch and reading an event back.
 */
import type { Decision, PatentEvent } from '../../schemas/types';
import type { ApiClient, ApiResponse } from '../wire/api-client';
import type { Portfolio } from '../data/discovery';
import { enumOf } from '../contract/contract';
import { renewals, showsNoDecision, sortByDue } from '../contract/event-rules';
import { expect } from '../wire/matchers';

export const DECISIONS = enumOf('Decision');

export interface InstructionEntry {
  eventId: string;
  decision: Decision;
}

/** The renewal events of a patent that show no decision (`showsNoDecision`), earliest due date first. */
export function pendingRenewals(events: PatentEvent[]): PatentEvent[] {
  return sortByDue(renewals(events)).filter(showsNoDecision);
}

/** The patent's earliest instructable renewal event (allowing `decision`, if given), as the server flags it. */
export function instructableFirst(events: PatentEvent[], decision?: Decision): PatentEvent | undefined {
  const first = sortByDue(renewals(events)).find((e) => e.instructability.isAllowed);
  if (first === undefined) return undefined;
  if (decision !== undefined && !first.instructability.allowedDecisions.includes(decision)) return undefined;
  return first;
}

/** The renewal events showing no decision that are due after `event`. */
export function laterPending(events: PatentEvent[], event: PatentEvent): PatentEvent[] {
  return pendingRenewals(events).filter((e) => e.dueDate > event.dueDate);
}

/** `preferred` when the event allows it, else its first allowed decision. */
export function allowedDecision(event: PatentEvent, preferred: Decision): Decision {
  const allowed = event.instructability.allowedDecisions;
  const chosen = allowed.includes(preferred) ? preferred : allowed[0];
  if (chosen === undefined) throw new Error(`event ${event.id} allows no decision`);
  return chosen;
}

export function postInstructions(api: ApiClient, entries: InstructionEntry[]): Promise<ApiResponse> {
  return api.call('postInstructions', { body: { instructions: entries } });
}

/**
 * Instructs a decided event again with the decision it already has (SKIP_THIS_TIME if it shows none): the
 * answer is the refusal under test, and even a server that accepted it would not change the event.
 */
export function reinstruct(api: ApiClient, event: PatentEvent): Promise<ApiResponse> {
  return postInstructions(api, [{ eventId: event.id, decision: event.appliedDecision ?? 'SKIP_THIS_TIME' }]);
}

/** A fresh read of one event (200 expected). */
export async function readEvent(
  api: ApiClient,
  event: Pick<PatentEvent, 'id' | 'patent'>,
): Promise<PatentEvent> {
  const response = await api.call('getPatentEvent', {
    path: { patentId: event.patent.id, eventId: event.id },
  });
  expect(response, `reading event ${event.id}`).toHaveStatus(200);
  return response.json<PatentEvent>();
}

/**
 * Claims a patent whose earliest instructable event offers every decision; returns that event. Lapsed
 * events (no PROCEED) are left to the tests that need one.
 */
export async function claimInstructable(
  portfolio: Portfolio,
  what = 'whose earliest instructable event offers PROCEED',
): Promise<PatentEvent> {
  const { events } = await portfolio.claimPatent((e) => instructableFirst(e, 'PROCEED') !== undefined, what);
  return instructableFirst(events, 'PROCEED')!;
}

/** A renewal event of the snapshot blocked for `reason`, read fresh (it must still be blocked so). */
export async function blockedEvent(
  portfolio: Portfolio,
  api: ApiClient,
  reason: 'ALREADY_INSTRUCTED' | 'TOO_EARLY',
  ...notOfPatents: string[]
): Promise<PatentEvent | undefined> {
  const candidates = renewals(await portfolio.events()).filter(
    (e) => e.instructability.blockedReason === reason && !notOfPatents.includes(e.patent.id),
  );
  for (const candidate of candidates.slice(0, 3)) {
    const fresh = await readEvent(api, candidate);
    if (fresh.instructability.blockedReason === reason) return fresh;
  }
  return undefined;
}
