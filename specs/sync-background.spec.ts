/**
 * Portfolio sync, background: a push of more items than the inline limit is answered 202 and processed later; its polls
 * (status, completedAt, counters that never go back), its results page by page, its counters at completion.
 * Contract: Resources, Patent sync batch; States and transitions, Sync batch and item outcomes;
 * Endpoints 8 and 9. Workflow: helpers/spec/sync-workflow.ts.
 */
import {
  allResults,
  anonymousItem,
  counterViolations,
  describeRequires,
  echoOf,
  expect,
  expectJudgedDuring,
  expectRuleHolds,
  mixedItems,
  pollToCompletion,
  push,
  pushInBackground,
  readBatch,
  refuseInReview,
  syncInlineLimit,
  test,
  titled,
} from '../helpers/test';
import type { PatentSyncBatch } from '../schemas/types';

/** The fewest items the contract has processed in the background: one more than the inline limit. */
const BACKGROUND = syncInlineLimit() + 1;

/** A body size no limit of the contract allows refusing ("no size limit"), above the common 1 MB parser default. */
const LARGE_BODY_MB = 1.2;

test.describe('sync', () => {
  test.describe('background batches', () => {
    describeRequires('ALLOW_WRITES');

    test(
      ...titled(
        `[SYNC-020, SYNC-021] a push of ${BACKGROUND} items gives 202 with mode ASYNC, status PENDING and empty results`,
      ),
      async ({ api }) => {
        const response = await push(api, mixedItems(BACKGROUND, 'async'));
        // 202, mode ASYNC, status PENDING, empty results, every item counted: the registry's rules.
        expectRuleHolds('SYNC-020', response);
        expectRuleHolds('SYNC-021', response);
        expectRuleHolds('SYNC-004', response);
      },
    );

    test(
      ...titled(
        '[SYNC-022, SYNC-011, SYNC-005, SYNC-008] a background batch polled to completion never returns to PENDING, keeps completedAt null until done, never lowers stagedItems and ends with every item processed',
      ),
      async ({ api, target }) => {
        // completedAt null while PENDING or PROCESSING (the 202 answer is PENDING), processedItems never above
        // totalItems and equal to it once the batch is TRIAGED or SETTLED: the registry's rules, on the push and
        // every poll.
        const what = 'the push and its polls';
        const polls: PatentSyncBatch[] = [];
        await expectJudgedDuring('SYNC-011', api.baseUrl, what, () =>
          expectJudgedDuring('SYNC-005', api.baseUrl, what, async () => {
            const pushed = await pushInBackground(api, mixedItems(BACKGROUND, 'poll'));
            polls.push(pushed, ...(await pollToCompletion(api, pushed.importId, target.asyncTimeoutMs)));
          }),
        );
        const statuses = polls.map((p) => p.status);
        const leftPending = statuses.findIndex((s) => s !== 'PENDING');
        expect(statuses.slice(leftPending).includes('PENDING'), `statuses ${statuses.join(' -> ')}`).toBe(
          false,
        );
        const staged = polls.map((p) => p.stagedItems);
        expect(staged, 'stagedItems across polls').toEqual([...staged].sort((x, y) => x - y));
        const final = polls.at(-1)!;
        // completedAt of a final batch is not stated ("null while PENDING or PROCESSING" only).
        test.info().annotations.push({
          type: 'observation',
          description: `completedAt once ${final.status}: ${String(final.completedAt)}`,
        });
      },
    );

    test(
      ...titled(
        '[SYNC-053] processedItems of a background batch never decreases across polls, a review of one of its proposals included',
      ),
      async ({ api, providerState, target }) => {
        const pushed = await pushInBackground(api, mixedItems(BACKGROUND, 'processed'));
        const { importId } = pushed;
        const polls = [pushed, ...(await pollToCompletion(api, importId, target.asyncTimeoutMs))];
        const staged = polls[polls.length - 1]!.results.data.findIndex((r) => r.outcome === 'STAGED');
        expect(staged, 'precondition: a create of the batch is STAGED').toBeGreaterThanOrEqual(0);
        await refuseInReview(providerState, importId, staged);
        const reviewed = await readBatch(api, importId);
        const counts = [...polls, reviewed].map((p) => p.processedItems);
        expect(counts, 'processedItems across polls, the last after the review').toEqual(
          [...counts].sort((x, y) => x - y),
        );
      },
    );

    test(
      ...titled("[SYNC-012] a background batch's results, walked page by page, follow the POST-body order"),
      async ({ api, target }) => {
        const items = mixedItems(BACKGROUND, 'pages');
        const { importId } = await pushInBackground(api, items);
        await pollToCompletion(api, importId, target.asyncTimeoutMs);
        const results = await allResults(api, importId, 30);
        expect(results.map((r) => r.providerId)).toEqual(items.map(echoOf));
      },
    );

    test(
      ...titled(
        "[SYNC-006, SYNC-007, SYNC-009, SYNC-010] a background batch's counters at completion equal the numbers of results with each outcome and add up to totalItems",
      ),
      async ({ api, target }) => {
        const { importId } = await pushInBackground(api, mixedItems(BACKGROUND, 'counted'));
        const polls = await pollToCompletion(api, importId, target.asyncTimeoutMs);
        const results = await allResults(api, importId);
        expect(counterViolations(polls[polls.length - 1]!, results)).toEqual([]);
      },
    );

    test(
      ...titled(
        '[SYNC-035] a push of 250 items is accepted for background processing, not refused for its size',
      ),
      async ({ api }) => {
        const items = Array.from({ length: 250 }, (_, i) => anonymousItem(`large-${i}`));
        const response = await push(api, items);
        // Not refused for its size; processed in the background (202) and counting every item.
        expectRuleHolds('SYNC-035', response);
        expectRuleHolds('SYNC-020', response);
        expectRuleHolds('SYNC-004', response);
      },
    );

    test(
      ...titled(
        `[SYNC-035] a push of ${BACKGROUND} items whose body exceeds ${LARGE_BODY_MB} MB is accepted for background processing, not refused for its size`,
      ),
      async ({ api }) => {
        // Items with neither providerId nor servicePatentId (each REJECTED, so nothing changes on the target),
        // made large by a long title: "no size limit" holds for the body as for the number of items.
        const title = 'x'.repeat(Math.ceil((LARGE_BODY_MB * 1024 * 1024) / BACKGROUND));
        const items = Array.from({ length: BACKGROUND }, (_, i) => ({
          ...anonymousItem(`large-body-${i}`),
          title: `Conformance anonymous large-body-${i} ${title}`,
        }));
        const response = await push(api, items);
        const sent = Buffer.byteLength(response.exchange.request.body ?? '');
        expect(sent, `precondition: the body sent exceeds ${LARGE_BODY_MB} MB`).toBeGreaterThan(
          LARGE_BODY_MB * 1024 * 1024,
        );
        // Not refused for its size; processed in the background (202, mode ASYNC) and counting every item.
        expectRuleHolds('SYNC-035', response);
        expectRuleHolds('SYNC-020', response);
        expectRuleHolds('SYNC-004', response);
      },
    );
  });
});
