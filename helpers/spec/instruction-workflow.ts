/**
 * Small building blocks of the instruction specs: the decisions, claiming the instructable event, a blocked
 * one, posting a batch and reading an event back. Which event of a patent is instructable, pending or later:
 * helpers/contract/event-rules.ts.
 */
import type { Decision, PatentEvent } from '../../schemas/types';
import type { ApiClient, ApiResponse } from '../wire/api-client';
import type { Portfolio } from '../data/discovery';
import { enumOf } from '../contract/contract';
import { skipBecause } from '../data/verified';
import { INSTRUCTABLE_FIRST_OFFERS_PROCEED, stateById } from '../contract/data-states';
import { instructableFirst } from '../contract/event-rules';
import { expect } from '../wire/matchers';

export const DECISIONS = enumOf('Decision');

export interface InstructionEntry {
  eventId: string;
  decision: Decision;
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
 * Claims a patent in the state `proceedable` whose earliest instructable event offers PROCEED (the event the
 * server offers); returns that event. Lapsed events (no PROCEED) are left to the tests that need one.
 */
export async function claimInstructable(portfolio: Portfolio, note?: string): Promise<PatentEvent> {
  const { events } = await portfolio.claim('proceedable', {
    refine: INSTRUCTABLE_FIRST_OFFERS_PROCEED,
    ...(note === undefined ? {} : { note }),
  });
  return instructableFirst(events, 'PROCEED')!;
}

/** The present states an event is blocked in. */
type BlockedState = 'already-instructed' | 'too-early';

/**
 * An event of the snapshot in the present state `state` (blocked for its reason), not of `notOfPatents`, that no
 * write of the run since the snapshot may have moved (its instructability, its decision), read fresh: TOO_EARLY
 * moves with today's date too, which the snapshot may predate. Undefined when there is none, or when the fresh
 * read shows it blocked otherwise. For a test that can use either of two blocked events: a test that needs this
 * one asks `requireBlockedEvent`.
 */
export async function blockedEvent(
  portfolio: Portfolio,
  api: ApiClient,
  state: BlockedState,
  ...notOfPatents: string[]
): Promise<PatentEvent | undefined> {
  const writes = await portfolio.writesSinceSnapshot();
  const candidate = (await portfolio.eventsIn(state)).find(
    (e) => !notOfPatents.includes(e.patent.id) && !writes.movedEvent(e, 'instructability', 'event-decision'),
  );
  if (candidate === undefined) return undefined;
  const fresh = await readEvent(api, candidate);
  return fresh.instructability.blockedReason === candidate.instructability.blockedReason ? fresh : undefined;
}

/** The blocked event a test needs (as `blockedEvent`); skips, naming the state, when there is none. */
export async function requireBlockedEvent(
  portfolio: Portfolio,
  api: ApiClient,
  state: BlockedState,
): Promise<PatentEvent> {
  portfolio.needs(state);
  return (
    (await blockedEvent(portfolio, api, state)) ??
    skipBecause(
      'data',
      `no event in data state ${state} (${stateById(state).description}) found in ${portfolio.label}`,
    )
  );
}
