/**
 * The invariant registry (helpers/rules/registry.ts) is applied by the client to every answer of every
 * test: a breach fails whichever test received it, charged to the invariant's requirement. The run records
 * how many answers each invariant judged (reports/invariants.json), and the certification shows an invariant
 * that judged none as not verified. The tests here are for the invariants whose subject few tests show (a
 * POST's answer, invoice lines): each makes sure its invariant judged an answer, from a read of its own.
 * Contract: the clause each invariant's requirement quotes (schemas/requirements.yaml).
 */
import {
  type ApiClient,
  expect,
  INVARIANTS,
  invariantBreaches,
  judgedCount,
  type RejectedSyncBatch,
  test,
  titled,
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
  for (const invariant of INVARIANTS.filter((i) => i.id in SAMPLES)) {
    test(
      ...titled(`[${invariant.id}] every answer: ${invariant.title}`),
      async ({ api, requireSetting, rejectedSyncBatch }) => {
        await SAMPLES[invariant.id]!({ api, requireSetting, rejectedSyncBatch });
        verifiedOnlyIf(
          judgedCount(invariant.id, invariant.title, api.baseUrl) > 0,
          'data',
          `no answer of this worker showed what ${invariant.id} judges`,
        );
        expect(
          invariantBreaches(invariant.id, invariant.title, api.baseUrl),
          `the answers of this worker that broke ${invariant.id}`,
        ).toEqual([]);
      },
    );
  }
});
