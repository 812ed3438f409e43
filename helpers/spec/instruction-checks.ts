/**
 * What the instruction specs check after a refused batch (no trace of it on a valid entry), and the malformed
 * instruction bodies they send, with the requirement each breaks.
 */
import { randomUUID } from 'node:crypto';
import type { Fees, PatentEvent } from '../../schemas/types';
import type { ApiClient } from '../wire/api-client';
import { expect } from '../wire/matchers';
import { readEvent } from './instruction-workflow';

/**
 * After a refused batch, the fees of its valid entry are still those "Before any instruction: ESTIMATED with
 * invoiceId null" (endpoint 5): an entry whose PROCEED was rolled back must not keep its fees locked.
 */
async function expectFeesEstimated(api: ApiClient, event: PatentEvent): Promise<void> {
  const fees = await api.call('getEventFees', { path: { patentId: event.patent.id, eventId: event.id } });
  expect(fees, `fees of ${event.id}`).toHaveStatus(200);
  expect(fees.json<Fees>(), `fees of ${event.id} after the refused batch`).toMatchObject({
    feesStatus: 'ESTIMATED',
    invoiceId: null,
  });
}

/**
 * After a refused batch, a valid entry shows no trace of it: "no instruction of the batch is executed"
 * (endpoint 7), so no appliedDecision (set by "Executing an instruction"), fees still ESTIMATED (LOCKED only
 * when "a PROCEED instruction is executed"), no instruction receipt document ("404 until an instruction
 * receipt exists") and the processingStatus read just before the batch (the only thing that could have moved
 * it in between is the refused batch).
 */
export async function expectNoTrace(api: ApiClient, before: PatentEvent, label: string): Promise<void> {
  // Three reads of what a decision would change, which depend on nothing of each other: they go together.
  const [after, , receipt] = await Promise.all([
    readEvent(api, before),
    expectFeesEstimated(api, before),
    api.call('getInstructionReceiptDocument', { path: { patentId: before.patent.id, eventId: before.id } }),
  ]);
  expect(after.appliedDecision, `${label}: appliedDecision`).toBeNull();
  expect(after.instructability.isAllowed, `${label}: still instructable`).toBe(true);
  expect(
    { processingStatus: after.processingStatus, updatedAt: after.processingStatusUpdatedAt },
    `${label}: processingStatus as read before the batch`,
  ).toEqual({ processingStatus: before.processingStatus, updatedAt: before.processingStatusUpdatedAt });
  expect(receipt, `${label}: instruction receipt document`).toBeProblem({ status: 404, code: 'not_found' });
}

const id = () => randomUUID();

// Where each body is malformed, and so where its field errors must point (the member, or the object lacking
// it), the registry's rule of the requirement states: the malformed bodies of INS-019, the entries of INS-011
// and INS-012.
export const MALFORMED_INSTRUCTION_BODIES: { ids: string[]; label: string; body: () => unknown }[] = [
  {
    ids: ['INS-011'],
    label: 'an eventId that is not a UUID',
    body: () => ({ instructions: [{ eventId: 'not-a-uuid', decision: 'PROCEED' }] }),
  },
  {
    ids: ['INS-011'],
    label: 'an eventId that is not a UUID in the second entry',
    body: () => ({
      instructions: [
        { eventId: id(), decision: 'DROP' },
        { eventId: `${id()}x`, decision: 'DROP' },
      ],
    }),
  },
  {
    ids: ['INS-011'],
    label: 'an eventId that is a number',
    body: () => ({ instructions: [{ eventId: 42, decision: 'SKIP_THIS_TIME' }] }),
  },
  {
    ids: ['INS-012'],
    label: 'a decision outside the three values',
    body: () => ({ instructions: [{ eventId: id(), decision: 'MAYBE' }] }),
  },
  {
    ids: ['INS-012'],
    label: 'a decision in lower case',
    body: () => ({ instructions: [{ eventId: id(), decision: 'proceed' }] }),
  },
  {
    ids: ['INS-012'],
    label: 'a null decision',
    body: () => ({ instructions: [{ eventId: id(), decision: null }] }),
  },
  {
    ids: ['INS-012'],
    label: 'a missing decision',
    body: () => ({ instructions: [{ eventId: id() }] }),
  },
  {
    ids: ['INS-019'],
    label: 'a missing eventId',
    body: () => ({ instructions: [{ decision: 'PROCEED' }] }),
  },
  {
    ids: ['INS-019'],
    label: 'an entry that is not an object',
    body: () => ({ instructions: ['PROCEED'] }),
  },
  {
    ids: ['INS-019'],
    label: 'no instructions member',
    body: () => ({ instruction: [{ eventId: id(), decision: 'PROCEED' }] }),
  },
  {
    ids: ['INS-019'],
    label: 'instructions that are an object, not an array',
    body: () => ({ instructions: { eventId: id(), decision: 'PROCEED' } }),
  },
  {
    ids: ['INS-019'],
    label: 'an array at the top level',
    body: () => [{ eventId: id(), decision: 'DROP' }],
  },
  { ids: ['INS-019'], label: 'a string at the top level', body: () => 'PROCEED' },
  { ids: ['INS-019'], label: 'null at the top level', body: () => null },
];
