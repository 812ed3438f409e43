/**
 * Portfolio sync, idempotence on externalImportRef: a replay with the same items returns the stored batch and
 * has no second effect (inline, after a review, sent together, in the background); other items under the same
 * reference give 409 conflict. Each replay sends the same items in other bytes (members in another order, other
 * whitespace): the same items are the same JSON values. Contract: Resources, Patent sync batch; Endpoint 8; Errors (conflict).
 * Workflow: helpers/spec/sync-workflow.ts.
 */
import { randomUUID } from 'node:crypto';
import {
  anonymousItem,
  batchOf,
  bringIntoEffect,
  createItem,
  describeRequires,
  expect,
  expectRuleHolds,
  invalidItem,
  mixedItems,
  pickDocumented,
  pollToCompletion,
  postSync,
  push,
  pushInBackground,
  pushInline,
  pushOne,
  readBatch,
  readPatent,
  refuseInReview,
  syncInlineLimit,
  test,
  titled,
} from '../helpers/test';
import type { PatentSyncBatch, ProblemConflict, SyncResultItem } from '../schemas/types';

test.describe('sync', () => {
  test.describe('idempotence', () => {
    describeRequires('ALLOW_WRITES');

    test(
      ...titled(
        '[SYNC-046] the same externalImportRef with the same items replays the stored batch: same importId and results, no second effect',
      ),
      async ({ api, ownPatent, providerState }) => {
        const own = await ownPatent();
        const ref = `conformance-replay-${randomUUID()}`;
        const items = [{ providerId: own.providerId, title: `Conformance replay first ${randomUUID()}` }];
        const first = await pushInline(api, items, ref);
        // Which fields are critical is not stated: a staged title is accepted in review, so that both writes
        // take effect and a second effect of the replay would show as the first title coming back.
        await bringIntoEffect(providerState, first, 0);
        const later = { providerId: own.providerId, title: `Conformance replay later ${randomUUID()}` };
        const { batch: laterBatch } = await pushOne(api, later);
        await bringIntoEffect(providerState, laterBatch, 0);

        // The same items in other bytes (members in another order, other whitespace): the same JSON value.
        const replay = await push(api, items, ref, 'rewritten');
        expect(replay).toHaveStatus([200, 201]);
        const { results: firstResults, ...firstBatch } = first;
        const { results: replayResults, ...replayBatch } = batchOf(replay);
        expect(replayBatch).toMatchObject({
          importId: firstBatch.importId,
          totalItems: firstBatch.totalItems,
          autoAppliedItems: firstBatch.autoAppliedItems,
          stagedItems: firstBatch.stagedItems,
          rejectedItems: firstBatch.rejectedItems,
          suppressedItems: firstBatch.suppressedItems,
        });
        // The outcome of a staged item may have moved on in review; the recorded change request may not.
        const recorded = (r: SyncResultItem) => ({
          providerId: r.providerId,
          servicePatentId: r.servicePatentId,
          action: r.action,
          requestId: r.requestId,
        });
        expect(replayResults.data.map(recorded)).toEqual(firstResults.data.map(recorded));
        expect((await readPatent(api, own.patentId)).title, 'title after the replay').toBe(later.title);
      },
    );

    test(
      ...titled(
        '[SYNC-046] a replay of a push whose item is STAGED stages no second proposal: the same change request, stagedItems unchanged',
      ),
      async ({ api }) => {
        const ref = `conformance-replay-staged-${randomUUID()}`;
        const items = [createItem('replay-staged')];
        const stored = await pushInline(api, items, ref);
        expect(stored.results.data[0]?.outcome, 'precondition: the create is STAGED').toBe('STAGED');

        const replay = await push(api, items, ref, 'rewritten');
        expect(replay).toHaveStatus([200, 201]);
        const replayed = batchOf(replay);
        expect({ importId: replayed.importId, stagedItems: replayed.stagedItems }).toEqual({
          importId: stored.importId,
          stagedItems: stored.stagedItems,
        });
        expect(replayed.results.data, 'results of the replay').toEqual(stored.results.data);
      },
    );

    test(
      ...titled(
        '[SYNC-046] a replay after a review stages nothing again: the item reads as the review left it, with the same change request',
      ),
      async ({ api, providerState }) => {
        const ref = `conformance-replay-reviewed-${randomUUID()}`;
        const items = [createItem('replay-reviewed')];
        const stored = await pushInline(api, items, ref);
        expect(stored.results.data[0]?.outcome, 'precondition: the create is STAGED').toBe('STAGED');
        await refuseInReview(providerState, stored.importId, 0);
        const read = await readBatch(api, stored.importId);

        // The batch has seen a review: the label of the refused proposal is not shown, so no label check here.
        const replay = await postSync(api, items, ref, 'rewritten');
        expect(replay).toHaveStatus([200, 201]);
        const replayed = batchOf(replay);
        expect(replayed.importId).toBe(stored.importId);
        expect(replayed.stagedItems, 'stagedItems after the replay').toBe(stored.stagedItems);
        const item = (r: SyncResultItem | undefined) => r && pickDocumented('SyncResultItem', r);
        expect(item(replayed.results.data[0]), 'the item on the replay, as read after the review').toEqual(
          item(read.results.data[0]),
        );
      },
    );

    test(
      ...titled('[SYNC-046] two identical pushes sent together yield one batch (same importId)'),
      async ({ api }) => {
        const ref = `conformance-together-${randomUUID()}`;
        const items = [invalidItem('together'), anonymousItem('together')];
        // The same items, the second in other bytes (members in another order, other whitespace).
        const [a, b] = await Promise.all([push(api, items, ref), push(api, items, ref, 'rewritten')]);
        expect(a).toHaveStatus([200, 201]);
        expect(b).toHaveStatus([200, 201]);
        expect(batchOf(a).importId).toBe(batchOf(b).importId);
      },
    );

    test(
      ...titled(
        '[SYNC-047, SYNC-048] the same externalImportRef with other items gives 409 conflict carrying existingBatchId, the first importId, and carries out none of them',
      ),
      async ({ api, ownPatent }) => {
        const own = await ownPatent();
        const ref = `conformance-conflict-${randomUUID()}`;
        const first = await pushInline(api, [anonymousItem('conflict-first')], ref);
        const before = await readPatent(api, own.patentId);
        // The refused push would change the worker's own patent: a 409 carries out nothing, so the read after
        // it must show the patent as before (the consistency ledger compares the two reads, PAT-024, no write
        // excusing a refused one).
        const stamp = randomUUID();
        const update = {
          providerId: own.providerId,
          title: `Conformance conflict ${stamp}`,
          subCase: `C-${stamp.slice(0, 6)}`,
          owner: `Conformance owner ${stamp.slice(0, 6)}`,
        };
        const second = await push(api, [update], ref);
        expect(second).toBeProblem({ status: 409, code: 'conflict' });
        // existingBatchId a UUID, the registry's rule; that it is the first batch's importId needs the first answer.
        expectRuleHolds('SYNC-048', second);
        expect(second.json<ProblemConflict>().existingBatchId).toBe(first.importId);
        expect(
          pickDocumented('Patent', await readPatent(api, own.patentId)),
          'the patent after the 409',
        ).toEqual(pickDocumented('Patent', before));
      },
    );
  });

  /**
   * The envelope refusals that still carry a reference ("empty items, a non-object entry"; an empty reference
   * or malformed JSON carries none to reuse): after each, the same reference is sent again with valid items.
   */
  const REFUSED_ENVELOPES: [label: string, items: unknown[]][] = [
    ['empty items', []],
    ['a non-object entry', [anonymousItem('refused-envelope'), 'not an object']],
  ];

  test.describe('a refused push, then the corrected one', () => {
    describeRequires('ALLOW_WRITES');

    for (const [label, items] of REFUSED_ENVELOPES)
      test(
        ...titled(
          `[SYNC-057, SYNC-046] a push refused with 400 for ${label} stores no batch under its externalImportRef: the corrected push with the same reference is a new batch, and sent again replays it`,
        ),
        async ({ api }) => {
          const ref = `conformance-refused-${randomUUID()}`;
          const refused = await postSync(api, items, ref);
          expect(refused).toBeProblem({ status: 400, code: 'validation_failed' });
          const corrected = [anonymousItem('corrected')];
          const first = await postSync(api, corrected, ref);
          expect(first, 'the corrected push after a 400').toHaveStatus(201);
          const again = await postSync(api, corrected, ref);
          expect(again, 'the corrected push sent again').toHaveStatus(201);
          expect(batchOf(again).importId, 'the replay names the batch of the corrected push').toBe(
            batchOf(first).importId,
          );
        },
      );
  });

  test.describe('background replays', () => {
    describeRequires('ALLOW_WRITES');

    test(
      ...titled(
        '[SYNC-046] a replay of a finished background batch returns its importId and records nothing more: the same results and counters',
      ),
      async ({ api, target }) => {
        const ref = `conformance-replay-async-${randomUUID()}`;
        const items = mixedItems(syncInlineLimit() + 1, 'replay-async');
        const { importId } = await pushInBackground(api, items, ref);
        const done = (await pollToCompletion(api, importId, target.asyncTimeoutMs)).at(-1)!;

        const replay = await push(api, items, ref, 'rewritten');
        expect(replay).toHaveStatus([200, 201, 202]);
        expect(batchOf(replay).importId, 'importId of the replay').toBe(importId);
        const again = (await pollToCompletion(api, importId, target.asyncTimeoutMs)).at(-1)!;
        const counters = (b: PatentSyncBatch) => ({
          totalItems: b.totalItems,
          processedItems: b.processedItems,
          autoAppliedItems: b.autoAppliedItems,
          stagedItems: b.stagedItems,
          rejectedItems: b.rejectedItems,
          suppressedItems: b.suppressedItems,
        });
        expect(counters(again), 'counters after the replay').toEqual(counters(done));
        const item = (r: SyncResultItem) => pickDocumented('SyncResultItem', r);
        expect(again.results.data.map(item), 'first page of results after the replay').toEqual(
          done.results.data.map(item),
        );
      },
    );
  });
});
