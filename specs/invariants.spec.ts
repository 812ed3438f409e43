/**
 * The invariant registry (helpers/contract/invariants.ts) is applied by the client to every answer of every
 * test: a breach fails whichever test received it, with the invariant's id in the message. The tests here
 * make sure each invariant judged at least one answer, from a read of their own where one is cheap; an
 * invariant that judged nothing is "not verified", never passed.
 * Contract: the clause each invariant's requirement quotes (schemas/requirements.yaml).
 */
import {
  type ApiClient,
  expect,
  INVARIANTS,
  judgedCount,
  type RejectedSyncBatch,
  test,
  titled,
  uniqueValuesSeen,
  verifiedOnlyIf,
  walkList,
} from '../helpers/test';

interface Sampling {
  api: ApiClient;
  requireSetting: (setting: 'ALLOW_WRITES') => void;
  rejectedSyncBatch: (api: ApiClient) => Promise<RejectedSyncBatch>;
}

/** A read (or the worker's one write) that shows what each invariant judges. */
const SAMPLES: Record<string, (s: Sampling) => Promise<unknown>> = {
  // Invoices with their lines: the first page of the list.
  'CONV-012': ({ api }) => walkList(api, 'listInvoices', { maxPages: 1 }),
  // The worker's batch of invalid items (each rejected before matching), posted once, then read.
  'SYNC-014': async ({ api, requireSetting, rejectedSyncBatch }) => {
    requireSetting('ALLOW_WRITES');
    const { importId } = await rejectedSyncBatch(api);
    return api.call('getSyncBatch', { path: { importId } });
  },
  // The same POST: its answer is judged when the worker makes it.
  'SYNC-054': async ({ api, requireSetting, rejectedSyncBatch }) => {
    requireSetting('ALLOW_WRITES');
    return rejectedSyncBatch(api);
  },
};

test.describe('invariants', () => {
  for (const invariant of INVARIANTS) {
    test(
      ...titled(`[${invariant.id}] every answer: ${invariant.title}`),
      async ({ api, requireSetting, rejectedSyncBatch }) => {
        const sample = SAMPLES[invariant.id];
        expect(sample, `a sample read for ${invariant.id}`).toBeDefined();
        await sample!({ api, requireSetting, rejectedSyncBatch });
        verifiedOnlyIf(
          judgedCount(invariant.id, invariant.title) > 0,
          'data',
          `no answer of this worker showed what ${invariant.id} judges`,
        );
      },
    );
  }

  test(
    ...titled('[INS-028] every answer: no receipt number is shown for two receipts of the tenant'),
    async () => {
      // The instruction tests make the receipts; every receipt the run receives is compared with all the
      // others (helpers/wire/answer-checks.ts), a repeat failing the test that received it.
      const seen = uniqueValuesSeen('receipt number');
      verifiedOnlyIf(
        seen >= 2,
        'data',
        'fewer than two receipts with a number received by the run so far (instruction tests not run, or not yet)',
      );
      expect(seen, 'distinct receipt numbers compared across the run').toBeGreaterThanOrEqual(2);
    },
  );
});
