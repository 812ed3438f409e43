/**
 * Portfolio sync, item outcomes: how each item of a push is matched and judged (creates, updates, rejected
 * items, the result rules over generated items), and the outcomes review decisions give, driven by provider
 * states. Contract: Resources, Patent sync batch; States and transitions, Sync batch and item outcomes;
 * Endpoints 8 and 9. Workflow: helpers/spec/sync-workflow.ts.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import {
  acceptInReview,
  anonymousItem,
  type ApiClient,
  type ApiResponse,
  batchOf,
  bringIntoEffect,
  carriedMembers,
  createItem,
  describeRequires,
  expect,
  expectRuleHolds,
  generatedInputs,
  freshProviderId,
  type Item,
  nonEmpty,
  pickDocumented,
  push,
  pushOne,
  pushRefusedCreate,
  readBatch,
  readPatent,
  test,
  titled,
} from '../helpers/test';
import type { Patent, PatentList } from '../schemas/types';

/**
 * An inline push (201: the precondition of reading its outcomes): its answer, which the tests hand to the
 * registry's rules (expectRuleHolds), its batch and its first result.
 */
async function pushed(api: ApiClient, items: Item[]) {
  const response = await push(api, items);
  expect(response, 'precondition: the push is processed inline').toHaveStatus(201);
  const batch = batchOf(response);
  return { response, batch, result: batch.results.data[0]! };
}

test.describe('sync', () => {
  // The tests that take longest come first: the file is the last of the run, and its slowest tests end it.
  test.describe('review outcomes (provider states)', () => {
    describeRequires('ALLOW_WRITES');

    test(
      ...titled(
        '[SYNC-030, SYNC-008] an accepted create reads ACCEPTED with the new patent id on later polls, readable with getPatent, and stagedItems does not decrease',
      ),
      async ({ api, providerState }) => {
        const item = createItem('accepted');
        const { batch, result } = await pushOne(api, item);
        expect(result.outcome, 'precondition: the create is STAGED').toBe('STAGED');
        await acceptInReview(providerState, batch.importId, 0);

        const read = await api.call('getSyncBatch', { path: { importId: batch.importId } });
        expect(read).toHaveStatus(200);
        const reviewed = batchOf(read);
        expect(reviewed.stagedItems, 'stagedItems after the review').toBe(batch.stagedItems);
        const accepted = reviewed.results.data[0]!;
        expect(accepted.outcome).toBe('ACCEPTED');
        // The new patent's UUID as servicePatentId: the registry's rule of an ACCEPTED result.
        expectRuleHolds('SYNC-030', read);
        const patent = await readPatent(api, accepted.servicePatentId!);
        expect(patent).toMatchObject({ providerId: item.providerId, title: item.title });
      },
    );

    test(
      ...titled(
        '[SYNC-029, SYNC-010] an identical re-push of a proposal refused in review is SUPPRESSED with a reason and counted in suppressedItems',
      ),
      async ({ api, providerState }) => {
        const item = createItem('refused');
        await pushRefusedCreate(api, providerState, item);

        const again = await pushed(api, [item]);
        expect(again.result.outcome).toBe('SUPPRESSED');
        // Its reason set, and counted: the registry's rules of a SUPPRESSED result and of the counter at triage.
        expectRuleHolds('SYNC-029', again.response);
        expectRuleHolds('SYNC-010', again.response);
      },
    );

    test(
      ...titled(
        '[SYNC-052] a re-push of a proposal refused in review with a changed field is not SUPPRESSED',
      ),
      async ({ api, providerState }) => {
        const item = createItem('changed');
        await pushRefusedCreate(api, providerState, item);

        const changed = await pushOne(api, { ...item, title: `${String(item.title)} (corrected)` });
        expect(changed.result.outcome, 'outcome of the changed re-push').not.toBe('SUPPRESSED');
      },
    );

    test(
      ...titled('[SYNC-008] stagedItems does not decrease when a staged proposal is refused in review'),
      async ({ api, providerState }) => {
        const { batch } = await pushRefusedCreate(api, providerState, createItem('refused-count'));

        const read = await readBatch(api, batch.importId);
        expect(read.stagedItems, 'stagedItems after the refusal').toBe(batch.stagedItems);
      },
    );

    test(
      ...titled(
        "[SYNC-051] a proposal refused in review shows the reviewer's reason verbatim on later polls",
      ),
      async ({ api, providerState }) => {
        const reason = `Refused: duplicate of an existing case ${randomUUID()} / ~é`;
        const { batch } = await pushRefusedCreate(api, providerState, createItem('reviewed'), reason);

        const polled = await readBatch(api, batch.importId);
        // The outcome label of a refused proposal is not shown by the contract: only the reason is asserted.
        expect(polled.results.data[0]?.reason).toBe(reason);
      },
    );
  });

  test.describe('item outcomes', () => {
    describeRequires('ALLOW_WRITES');

    test(
      ...titled(
        '[SYNC-043, SYNC-026, PAT-024] an update carrying only providerId and title is accepted (APPLIED or STAGED) and, once in effect, shows the new title on its single read and on its list item',
      ),
      async ({ api, ownPatent, providerState }) => {
        const own = await ownPatent();
        const title = `Conformance title ${randomUUID()}`;
        const item = { providerId: own.providerId, title };
        const { response, batch, result } = await pushed(api, [item]);
        expect(result.action).toBe('UPDATE');
        expectRuleHolds('SYNC-026', response);
        await bringIntoEffect(providerState, batch, 0);
        // Every member the item carried, as the patent shows it once the update is in effect.
        const { carried, shown } = carriedMembers(item, await readPatent(api, own.patentId));
        expect(shown, 'the members the item carried').toEqual(carried);
        // The list filtered by providerId read too: the consistency ledger compares its item with the single
        // read just made (PAT-024), a stale list row being a breach.
        expect(await api.call('listPatents', { query: { providerId: own.providerId } })).toHaveStatus(200);
      },
    );

    test(
      ...titled(
        '[SYNC-043] an update carrying only providerId and a title leaves every other member of the patent unchanged',
      ),
      async ({ api, portfolio, providerState }) => {
        // A patent of its own, which no earlier sync of the run has written to.
        const { patentId, events } = await portfolio.claim('sync-target');
        const before = await readPatent(api, patentId);
        const title = `Conformance partial ${randomUUID()}`;
        const { batch } = await pushOne(api, { providerId: events[0]!.patent.providerId, title });
        await bringIntoEffect(providerState, batch, 0);
        const after = await readPatent(api, patentId);
        expect(after.title, 'precondition: the update is in effect').toBe(title);
        // Left out: the member written, the timestamps, and status (patent status transitions: not shown).
        const untouched = (patent: Patent) => {
          const documented = pickDocumented('Patent', patent);
          for (const name of ['title', 'createdAt', 'updatedAt', 'status']) delete documented[name];
          return documented;
        };
        expect(untouched(after), 'members the item did not carry').toEqual(untouched(before));
      },
    );

    test(
      ...titled(
        '[SYNC-041] an item with a known servicePatentId and no providerId updates that exact patent',
      ),
      async ({ api, ownPatent, providerState }) => {
        const own = await ownPatent();
        const title = `Conformance by service id ${randomUUID()}`;
        const { batch, result } = await pushOne(api, { servicePatentId: own.patentId, title });
        expect(result).toMatchObject({ action: 'UPDATE', servicePatentId: own.patentId });
        await bringIntoEffect(providerState, batch, 0);
        expect((await readPatent(api, own.patentId)).title).toBe(title);
      },
    );

    test(
      ...titled(
        "[SYNC-041] an item naming a patent by servicePatentId and carrying another patent's providerId targets the servicePatentId patent",
      ),
      async ({ api, ownPatent, portfolio }) => {
        const own = await ownPatent();
        const other = await portfolio.patent(
          (p) => typeof p.providerId === 'string' && p.id !== own.patentId && p.providerId !== own.providerId,
          'with a providerId, other than the patent updated by sync',
        );
        const title = `Conformance service id over providerId ${randomUUID()}`;
        const { result } = await pushOne(api, {
          servicePatentId: own.patentId,
          providerId: other.providerId,
          title,
        });
        // The item would also give the servicePatentId patent a providerId in use: its outcome is not asserted,
        // so whether its title changes is not either; the target is told by the result and the other patent.
        expect(result).toMatchObject({ action: 'UPDATE', servicePatentId: own.patentId });
        expect(
          (await readPatent(api, other.id)).title,
          'title of the patent whose providerId the item carried',
        ).not.toBe(title);
      },
    );

    test(
      ...titled(
        "[SYNC-037] an item carrying a providerId of another tenant's patent proposes a create and leaves that patent unchanged",
      ),
      async ({ api, as, portfolio, otherPortfolio }) => {
        const ownProviderIds = new Set((await portfolio.patents()).map((p) => p.providerId));
        const foreign = await otherPortfolio.patent(
          (p) => typeof p.providerId === 'string' && !ownProviderIds.has(p.providerId),
          `with a providerId that no patent of ${portfolio.label} has`,
        );
        const title = `Conformance foreign providerId ${randomUUID()}`;
        const { result } = await pushOne(api, { providerId: foreign.providerId, office: 'EP', title });
        expect(result.action, 'action of an item whose providerId is unknown in the tenant').toBe('CREATE');
        expect(result.servicePatentId, "servicePatentId (never the other tenant's patent)").not.toBe(
          foreign.id,
        );
        const after = await as('otherTenant').call('getPatent', { path: { patentId: foreign.id } });
        expect(after).toHaveStatus(200);
        expect(after.json<Patent>().title, "title of the other tenant's patent").not.toBe(title);
      },
    );

    for (const claimCount of [0, -3]) {
      test(
        ...titled(
          `[SYNC-040] an update accepted with claimCount ${claimCount} leaves the patent's claimCount null`,
        ),
        async ({ api, ownPatent, providerState }) => {
          const own = await ownPatent();
          const known = await pushOne(api, { providerId: own.providerId, claimCount: 7 });
          await bringIntoEffect(providerState, known.batch, 0);
          expect((await readPatent(api, own.patentId)).claimCount, 'precondition: claimCount 7 stored').toBe(
            7,
          );

          const unknown = await pushOne(api, { providerId: own.providerId, claimCount });
          await bringIntoEffect(providerState, unknown.batch, 0);
          expect((await readPatent(api, own.patentId)).claimCount).toBeNull();
        },
      );
    }

    test(
      ...titled(
        '[SYNC-049, SYNC-013, SYNC-016, SYNC-017, SYNC-018, SYNC-025, SYNC-026, SYNC-028, SYNC-042, SYNC-044] generated items of random valid and invalid fields never give an HTTP error and each gets an outcome obeying the result rules',
      ),
      async ({ api }) => {
        const date = fc.constantFrom('2021-06-15', '2019-01-31');
        const badDate = fc.constantFrom('2024-02-30', '2024-2-3', '2024-02-03T00:00:00Z', '15/06/2021', '');
        const fields = {
          clientCaseReference: fc.oneof(fc.string({ maxLength: 12 }), fc.constant(null)),
          title: fc.oneof(fc.string({ maxLength: 20 }), fc.constant(null), fc.integer()),
          office: fc.oneof(
            fc.constantFrom('EP', 'US', 'WO', 'EA', 'FR'),
            fc.constantFrom('NOT-AN-OFFICE', 7, null),
          ),
          patentType: fc.constantFrom('PATENT', 'UTILITY', 'DESIGN', 'GADGET', null),
          applicationNumber: fc.oneof(fc.string({ maxLength: 12 }), fc.integer()),
          applicationDate: fc.oneof(date, badDate, fc.constant(null)),
          grantDate: fc.oneof(date, badDate, fc.constant(null)),
          status: fc.constantFrom('PENDING', 'PUBLISHED', 'GRANTED', 'LAPSED', 'ALIVE', null),
          applicantType: fc.constantFrom('MICRO', 'SMALL', 'LARGE', 'HUGE', null),
          claimCount: fc.oneof(fc.integer({ min: -5, max: 40 }), fc.constantFrom(null, 'three', 2.5)),
          designatedCountries: fc.constantFrom(['US', 'JP'], ['usa'], null, 'US'),
          secondaryOwners: fc.constantFrom(['Other Owner Ltd'], [1], null),
          subCase: fc.oneof(fc.string({ maxLength: 6 }), fc.constant(null)),
          officialNumbers: fc.constant({ applicationNumber: '0000' }),
        };
        // Identities: a fresh providerId (a create), none at all, an unknown or malformed servicePatentId.
        const identity = fc.constantFrom(
          'fresh',
          'absent',
          'null',
          'unknown-service',
          'bad-service',
          'nulls',
        );
        const itemShape = fc.tuple(identity, fc.record(fields, { requiredKeys: [] }));
        const toItem = ([id, rest]: [string, Item]): Item => {
          const identities: Record<string, Item> = {
            fresh: { providerId: freshProviderId('generated') },
            absent: {},
            null: { providerId: null },
            'unknown-service': { servicePatentId: randomUUID() },
            'bad-service': { servicePatentId: 'not-a-uuid' },
            nulls: { providerId: null, servicePatentId: null },
          };
          return { ...rest, ...identities[id] };
        };
        // Every batch creates or rejects on its own (no item names an existing patent): the batches go together.
        const responses: ApiResponse[] = await Promise.all(
          generatedInputs(fc.array(itemShape, { minLength: 1, maxLength: 4 }), 10).map(async (shapes) => {
            const items = shapes.map(toItem);
            const { response, batch } = await pushed(api, items);
            const results = batch.results.data;
            expect(results).toHaveLength(items.length);
            for (const i of nonEmpty(items, 'data', 'generated items').keys()) {
              const outcome = results[i]!.outcome;
              // No item names an existing patent: creates are STAGED or REJECTED, never APPLIED.
              expect(['STAGED', 'REJECTED'], `outcome of item ${i}`).toContain(outcome);
            }
            // A servicePatentId here is unknown or malformed: "an unknown UUID rejects the item" (SYNC-042). An
            // item without providerId or servicePatentId is the registry's (SYNC-044).
            expect(
              items.flatMap((item, i) =>
                typeof item.servicePatentId === 'string' && results[i]!.outcome !== 'REJECTED' ? [i] : [],
              ),
              'items with an unknown or malformed servicePatentId that are not REJECTED',
            ).toEqual([]);
            return response;
          }),
        );
        // The result rules, each the registry's, on every push of the run: the 201 whatever the items hold, the
        // providerIds echoed, the outcome labels at triage, requestId recorded or the batch ERROR, reason null
        // unless REJECTED (then set), APPLIED only as an update, REJECTED without an identifier.
        expectRuleHolds('SYNC-049', ...responses);
        expectRuleHolds('SYNC-013', ...responses);
        expectRuleHolds('SYNC-016', ...responses);
        expectRuleHolds('SYNC-017', ...responses);
        expectRuleHolds('SYNC-018', ...responses);
        expectRuleHolds('SYNC-025', ...responses);
        expectRuleHolds('SYNC-026', ...responses);
        expectRuleHolds('SYNC-028', ...responses);
        expectRuleHolds('SYNC-044', ...responses);
      },
    );

    test(
      ...titled(
        '[SYNC-027, SYNC-037, SYNC-014, SYNC-023] an item with an unknown providerId is a create awaiting review: STAGED, action CREATE, servicePatentId null, batch TRIAGED',
      ),
      async ({ api }) => {
        const { response, result } = await pushed(api, [createItem('create')]);
        expect(result).toMatchObject({ outcome: 'STAGED', action: 'CREATE' });
        expectRuleHolds('SYNC-014', response);
        expectRuleHolds('SYNC-023', response);
      },
    );

    test(
      ...titled(
        '[SYNC-018] a create staged for review (neither rejected, suppressed nor refused) has reason null',
      ),
      async ({ api }) => {
        const { response, result } = await pushed(api, [createItem('reason')]);
        expect(result.outcome, 'precondition: the create is STAGED').toBe('STAGED');
        expectRuleHolds('SYNC-018', response);
      },
    );

    test(
      ...titled(
        '[SYNC-044, SYNC-013, SYNC-014, SYNC-015] an item with neither providerId nor servicePatentId is REJECTED with a reason, providerId, servicePatentId and action null',
      ),
      async ({ api }) => {
        const { response } = await pushed(api, [
          anonymousItem('neither'),
          { providerId: null, servicePatentId: null, title: 'Conformance anonymous neither (nulls)' },
          // Everything a create would carry but the identifier: only the missing identifier can reject it.
          { office: 'EP', title: 'Conformance anonymous neither (complete)', applicationNumber: 'EP0000001' },
        ]);
        // The registry's rules, each on the items posted: REJECTED with a reason, providerId echoed null,
        // servicePatentId and action null (rejected before matching).
        expectRuleHolds('SYNC-044', response);
        expectRuleHolds('SYNC-013', response);
        expectRuleHolds('SYNC-014', response);
        expectRuleHolds('SYNC-015', response);
      },
    );

    test(
      ...titled(
        '[SYNC-042] an item with an unknown servicePatentId is REJECTED with a reason and creates no patent',
      ),
      async ({ api }) => {
        const servicePatentId = randomUUID();
        const providerId = freshProviderId('unknown-service-id');
        const { result } = await pushOne(api, {
          servicePatentId,
          providerId,
          office: 'EP',
          title: 'Conformance',
        });
        expect(result.outcome).toBe('REJECTED');
        expect(result.reason, 'reason').toEqual(expect.stringMatching(/\S/));
        const byProvider = await api.call('listPatents', { query: { providerId } });
        expect(byProvider).toHaveStatus(200);
        expect(byProvider.json<PatentList>().data, `patents with providerId ${providerId}`).toEqual([]);
        expect(await api.call('getPatent', { path: { patentId: servicePatentId } })).toHaveStatus(404);
      },
    );

    const invalidCases: { ids: string[]; label: string; fields: Item }[] = [
      { ids: ['SYNC-039'], label: 'applicationDate 2024-2-3', fields: { applicationDate: '2024-2-3' } },
      { ids: ['SYNC-039'], label: 'applicationDate 2024-02-30', fields: { applicationDate: '2024-02-30' } },
      {
        ids: ['SYNC-039'],
        label: 'applicationDate 2024-02-03T10:00:00Z',
        fields: { applicationDate: '2024-02-03T10:00:00Z' },
      },
      { ids: ['SYNC-039'], label: 'grantDate 2023-13-01', fields: { grantDate: '2023-13-01' } },
      { ids: ['SYNC-039'], label: 'priorityDate 20240203', fields: { priorityDate: '20240203' } },
      { ids: ['SYNC-038'], label: 'office NOT-AN-OFFICE', fields: { office: 'NOT-AN-OFFICE' } },
      { ids: ['SYNC-049', 'SYNC-028'], label: 'patentType GADGET', fields: { patentType: 'GADGET' } },
      { ids: ['SYNC-049', 'SYNC-028'], label: 'status ALIVE', fields: { status: 'ALIVE' } },
      { ids: ['SYNC-049', 'SYNC-028'], label: 'claimCount "three"', fields: { claimCount: 'three' } },
      {
        ids: ['SYNC-049', 'SYNC-028'],
        label: 'designatedCountries ["usa"]',
        fields: { designatedCountries: ['usa'] },
      },
    ];
    for (const { ids, label, fields } of invalidCases) {
      test(
        ...titled(`[${ids.join(', ')}] an item with ${label} gives 201 and is REJECTED with a reason`),
        async ({ api }) => {
          const { response, result } = await pushed(api, [{ ...createItem('invalid'), ...fields }]);
          for (const id of ids) expectRuleHolds(id, response);
          // The rules of an office (SYNC-038) and of a date (SYNC-039) judge the outcome from the item itself; which
          // other values make an item invalid no rule of one answer decides (SYNC-049 judges the 201, SYNC-028 the
          // reason of a REJECTED result): that outcome is asserted here.
          expect(result.outcome, `outcome of an item with ${label}`).toBe('REJECTED');
        },
      );
    }

    test(
      ...titled(
        '[SYNC-036, SYNC-014] an item whose providerId matches a patent targets it: action UPDATE and servicePatentId is its id',
      ),
      async ({ api, ownPatent }) => {
        const own = await ownPatent();
        const { response, result } = await pushed(api, [
          { providerId: own.providerId, title: `Conformance ${randomUUID()}` },
        ]);
        // The patent it targets (SYNC-036); that an update's servicePatentId is a UUID, the registry's rule.
        expect(result).toMatchObject({ action: 'UPDATE', servicePatentId: own.patentId });
        expectRuleHolds('SYNC-014', response);
      },
    );
  });
});
