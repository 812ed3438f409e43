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
  type ApiResponse,
  expectJudged,
  expectRuleHolds,
  INVARIANTS,
  type RejectedSyncBatch,
  test,
  titled,
  walkList,
} from '../helpers/test';

interface Sampling {
  api: ApiClient;
  requireSetting: (setting: 'ALLOW_WRITES') => void;
  rejectedSyncBatch: (api: ApiClient) => Promise<RejectedSyncBatch>;
}

/**
 * A read (or the worker's one write) that shows what each invariant judges: the answers the test holds, or
 * none when the answer is the worker's (its one POST, judged when the worker made it).
 */
const SAMPLES: Record<string, (s: Sampling) => Promise<ApiResponse[] | 'judged in the worker'>> = {
  // Invoices with their lines: the first page of the list.
  'CONV-012': async ({ api }) => (await walkList(api, 'listInvoices', { maxPages: 1 })).pages,
  // The worker's batch of invalid items (each rejected before matching), posted once, then read.
  'SYNC-014': async ({ api, requireSetting, rejectedSyncBatch }) => {
    requireSetting('ALLOW_WRITES');
    const { importId } = await rejectedSyncBatch(api);
    return [await api.call('getSyncBatch', { path: { importId } })];
  },
  // The same POST: its answer is judged when the worker makes it.
  'SYNC-054': async ({ api, requireSetting, rejectedSyncBatch }) => {
    requireSetting('ALLOW_WRITES');
    await rejectedSyncBatch(api);
    return 'judged in the worker';
  },
};

test.describe('invariants', () => {
  for (const invariant of INVARIANTS.filter((i) => i.id in SAMPLES)) {
    test(
      ...titled(`[${invariant.id}] every answer: ${invariant.title}`),
      async ({ api, requireSetting, rejectedSyncBatch }) => {
        const held = await SAMPLES[invariant.id]!({ api, requireSetting, rejectedSyncBatch });
        if (held === 'judged in the worker') expectJudged(invariant.id, api.baseUrl, "the worker's answers");
        else expectRuleHolds(invariant.id, ...held);
      },
    );
  }
});
