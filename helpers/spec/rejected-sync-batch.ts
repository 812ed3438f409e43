/**
 * The sync batch the pagination spec pages through: one per worker, with more than 10 items, all of them
 * invalid (a date that is not a date), so that each is REJECTED and no patent is created or changed. Held by
 * the worker fixture `rejectedSyncBatch` and posted in the first test that needs it.
 */
import { randomUUID } from 'node:crypto';
import type { ApiClient } from '../wire/api-client';
import { expect } from './fixtures';
import { workerRead } from './worker-read';
import { timestampStepMs } from '../contract/calendar';

export const SYNC_ITEMS = 12;

export interface RejectedSyncBatch {
  importId: string;
  providerIds: string[];
  /** When its POST was answered (ms since the epoch). */
  postedAt: number;
  /**
   * The finest step of the batch's timestamps as its POST answer writes them (ms): 1000 for whole seconds, 1 for
   * milliseconds. A timestamp a later read moved shows only once that much time has passed since the POST.
   */
  timestampStepMs: number;
}

async function postRejectedBatch(api: ApiClient): Promise<RejectedSyncBatch> {
  const tag = randomUUID().slice(0, 8);
  const providerIds = Array.from({ length: SYNC_ITEMS }, (_, i) => `conformance-pag-${tag}-${i + 1}`);
  const response = await api.call('syncPatents', {
    body: { items: providerIds.map((providerId) => ({ providerId, applicationDate: 'not-a-date' })) },
  });
  expect(response, 'the sync POST that creates the batch').toHaveStatus(201);
  const { importId, createdAt } = response.json<{ importId: string; createdAt?: unknown }>();
  return { importId, providerIds, postedAt: Date.now(), timestampStepMs: timestampStepMs(createdAt) };
}

export const rejectedSyncBatchTest = workerRead('rejectedSyncBatch', postRejectedBatch);
