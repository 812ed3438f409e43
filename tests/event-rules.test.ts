/**
 * The rules events are read by (helpers/contract/event-rules.ts): renewals among kinds the suite does not
 * know, awaiting a decision, the earliest pending event, and the two blocked states tests look for.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  awaitsDecision,
  blockedAsInstructed,
  earliestPending,
  isRenewal,
  renewals,
  showsNoDecision,
  sortByDue,
  tooEarly,
} from '../helpers/contract/event-rules';
import type { PatentEvent } from '../schemas/types';

type Blocked = PatentEvent['instructability']['blockedReason'];

/** An event with only what the rules read set; the rest is not looked at. */
function event(
  id: string,
  {
    eventType = 'RENEWAL',
    dueDate = '2025-01-01',
    appliedDecision = null,
    blockedReason = null,
  }: {
    eventType?: string;
    dueDate?: string;
    appliedDecision?: PatentEvent['appliedDecision'];
    blockedReason?: Blocked;
  } = {},
): PatentEvent {
  return {
    id,
    eventType,
    dueDate,
    appliedDecision,
    instructability: { blockedReason },
  } as unknown as PatentEvent;
}

const ids = (events: (PatentEvent | undefined)[]) => events.map((e) => e?.id);

void test('a renewal is the RENEWAL kind exactly; other kinds are ignored, not refused', () => {
  assert.equal(isRenewal(event('a')), true);
  assert.equal(isRenewal(event('b', { eventType: 'renewal' })), false);
  assert.equal(isRenewal(event('c', { eventType: 'OPPOSITION_FEE' })), false);
  const events = [event('a'), event('b', { eventType: 'OPPOSITION_FEE' }), event('c')];
  assert.deepEqual(ids(renewals(events)), ['a', 'c']);
  assert.deepEqual(renewals([]), []);
});

void test('sortByDue orders by due date, keeps equal dates in their order, and leaves its input alone', () => {
  const events = [
    event('late', { dueDate: '2025-03-01' }),
    event('first-of-two', { dueDate: '2025-01-15' }),
    event('early', { dueDate: '2024-12-31' }),
    event('second-of-two', { dueDate: '2025-01-15' }),
  ];
  assert.deepEqual(ids(sortByDue(events)), ['early', 'first-of-two', 'second-of-two', 'late']);
  assert.deepEqual(ids(events), ['late', 'first-of-two', 'early', 'second-of-two']);
});

void test('awaiting a decision is appliedDecision null; showsNoDecision also needs no ALREADY_INSTRUCTED block', () => {
  assert.equal(awaitsDecision(event('a')), true);
  assert.equal(awaitsDecision(event('b', { appliedDecision: 'PROCEED' })), false);
  assert.equal(awaitsDecision(event('c', { appliedDecision: 'SKIP_THIS_TIME' })), false);
  assert.equal(showsNoDecision(event('d')), true);
  assert.equal(showsNoDecision(event('e', { blockedReason: 'TOO_EARLY' })), true);
  assert.equal(showsNoDecision(event('f', { blockedReason: 'ALREADY_INSTRUCTED' })), false);
  assert.equal(showsNoDecision(event('g', { appliedDecision: 'DROP' })), false);
});

void test('earliestPending is the earliest renewal awaiting a decision, whatever the order given', () => {
  const events = [
    event('later', { dueDate: '2025-06-01' }),
    event('decided-earlier', { dueDate: '2025-01-01', appliedDecision: 'PROCEED' }),
    event('other-kind-earlier', { dueDate: '2024-06-01', eventType: 'OPPOSITION_FEE' }),
    event('pending', { dueDate: '2025-02-01' }),
  ];
  assert.equal(earliestPending(events)?.id, 'pending');
  assert.equal(earliestPending([events[1]!, events[2]!]), undefined);
  assert.equal(earliestPending([]), undefined);
});

void test('blockedAsInstructed and tooEarly: renewals in that blocked state only', () => {
  assert.equal(blockedAsInstructed(event('a', { blockedReason: 'ALREADY_INSTRUCTED' })), true);
  assert.equal(
    blockedAsInstructed(event('b', { blockedReason: 'ALREADY_INSTRUCTED', eventType: 'OTHER' })),
    false,
  );
  assert.equal(blockedAsInstructed(event('c', { appliedDecision: 'PROCEED' })), false);
  assert.equal(tooEarly(event('d', { blockedReason: 'TOO_EARLY' })), true);
  assert.equal(tooEarly(event('e', { blockedReason: 'TOO_EARLY', appliedDecision: 'PROCEED' })), false);
  assert.equal(tooEarly(event('f', { blockedReason: 'TOO_EARLY', eventType: 'OTHER' })), false);
  assert.equal(tooEarly(event('g', { blockedReason: 'EARLIER_EVENT_PENDING' })), false);
});
