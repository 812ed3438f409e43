/**
 * Patents: the Patent resource, GET /patents (sort, providerId) and GET /patents/{patentId}.
 * Contract: Resources and their fields, Patent; Endpoints, Patents (1 and 2); Portfolio sync (officialNumbers
 * not writable, applicationNumber stored as given).
 *
 * Field rules are checked on every patent of the worker's snapshot (no extra request). The contract defines
 * no collation and does not say where nulls sort, so the sort checks hold for any usual order: nulls form one
 * block at either end, equal values are contiguous, descending reverses ascending, dates (ISO strings) are
 * monotonic, and free-text references ascend wherever binary, case-insensitive, locale, numeric and
 * punctuation-blind collations all agree. Codes (office, status) may ascend by a rank of the server's own.
 */
import {
  collationTwins,
  directionProblems,
  expect,
  expectRuleHolds,
  nonEmpty,
  pickDocumented,
  readsAlone,
  sentAtOf,
  skipBecause,
  skipIf,
  sortFields,
  sortKind,
  type SortKind,
  sweepProblems,
  test,
  textOrderProblems,
  titled,
  walkList,
  PATENT_FIELD_RULES,
} from '../helpers/test';
import type { Patent, PatentList, PatentSyncBatch } from '../schemas/types';

/** Members of the Patent whose values are strings or null: those a sort may name. */
type SortField = { [K in keyof Patent]: Patent[K] extends string | null ? K : never }[keyof Patent];

/** The allowed sort fields (read from the document), each with the kind of order it sorts by. */
const SORT_FIELDS: { field: SortField; kind: SortKind }[] = sortFields('listPatents').map((field) => ({
  field: field as SortField,
  kind: sortKind('Patent', field),
}));

/** Distinct values in the order of their first appearance. */
function runs(values: string[]): string[] {
  return [...new Set(values)];
}

test.describe('patents', () => {
  // The field rules are the registry's (helpers/rules/patents.ts), applied to every answer: each test earns its
  // pass from its judgement of the worker's sample (the patent list, 100 a page, and a patent read alone:
  // helpers/spec/conventions-sample.ts, read once per worker).
  for (const { id, title } of PATENT_FIELD_RULES) {
    test(...titled(`[${id}] ${title}`), async ({ api, portfolio, conventionsSample, requireSetting }) => {
      // The read-only run has no request to spare (its budget): there, the registry judges the same rule on
      // every answer of the run.
      requireSetting('ALLOW_WRITES');
      const reads = (await conventionsSample(api)).reads.filter(
        (read) => read.operationId === 'listPatents' || read.operationId === 'getPatent',
      );
      const listed = reads.flatMap((read) =>
        read.operationId === 'listPatents' ? read.response.json<PatentList>().data : [],
      );
      if (listed.length === 0) skipBecause('data', `no patent found in ${portfolio.label}`);
      expectRuleHolds(id, ...reads.map((read) => read.response));
    });
  }

  test(...titled('[PAT-022] GET /patents answers 200 with a list envelope of patents'), async ({ api }) => {
    const response = await api.call('listPatents', { query: { itemsPerPage: 100 } });
    expect(response).toHaveStatus(200);
    // A list envelope of patents, each once on the page: the registry's rules (PAT-022 in helpers/rules/patents.ts).
    expectRuleHolds('PAT-022', response);
  });

  test(
    ...titled('[PAT-023] GET /patents/{patentId} returns the patent as the list shows it'),
    async ({ api, portfolio }) => {
      const list = await api.call('listPatents', { query: { itemsPerPage: 100 } });
      expect(list).toHaveStatus(200);
      // Unclaimed patents: those no test writes, whose members the comparison keeps.
      const unchanged = list.json<PatentList>().data.filter((p) => !portfolio.isClaimed(p.id));
      skipIf(
        unchanged.length === 0,
        'data',
        'no unclaimed patent on the first page of the primary tenant (API_KEY)',
      );
      const picks = nonEmpty(
        [...new Set([unchanged[0]!, unchanged[unchanged.length - 1]!])],
        'data',
        'patent',
      );
      const responses = await Promise.all(
        picks.map((listed) => api.call('getPatent', { path: { patentId: listed.id } })),
      );
      // The list plus the run's writes since: a member a push may have moved is left out.
      const writes = await portfolio.writesSince(sentAtOf(list));
      for (const [i, listed] of picks.entries()) {
        const response = responses[i]!;
        expect(response).toHaveStatus(200);
        // The patent its path names: the registry's rule (PAT-023 in helpers/rules/patents.ts).
        expectRuleHolds('PAT-023', response);
        const patent = response.json<Patent>();
        expect(
          writes.unmoved('Patent', pickDocumented('Patent', patent)),
          `patent ${listed.id} read alone (the run's writes since the list: ${writes.describe()})`,
        ).toEqual(writes.unmoved('Patent', pickDocumented('Patent', listed)));
      }
    },
  );

  for (const { field, kind } of SORT_FIELDS) {
    test(
      ...titled(
        `[PAT-017, PAT-018] sort=${field} and sort=-${field} answer 200 and order the whole list by ${field}`,
      ),
      async ({ api, portfolio }) => {
        // For the first field, the ascending walk goes in pages of half the list: "order the whole list"
        // holds across a page boundary, not only within a page (a server sorting each page apart passes a
        // one-page walk); one field is enough to show it, the other walks keep to pages of 100 (the budget).
        const count = (await portfolio.patents()).length;
        const half = Math.min(100, Math.max(2, Math.ceil(count / 2)));
        const first = field === SORT_FIELDS[0]!.field;
        const walk = (sort: string, itemsPerPage = 100) =>
          walkList<Patent>(api, 'listPatents', { query: { sort }, itemsPerPage, maxPages: 10 });
        const walks = () => Promise.all([walk(field, first ? half : 100), walk(`-${field}`)]);
        // Pages of one walk are one list only while nothing changes it ("a page can shift when the collection
        // changes"): a walk over several pages reads where no write of the run overlaps it.
        const [ascWalk, descWalk] =
          first || count > 100
            ? await readsAlone(
                api.baseUrl,
                `the patents sorted by ${field}`,
                ['patent-set', 'patent-members'],
                walks,
              )
            : await walks();
        const [asc, desc] = [ascWalk.items, descWalk.items];
        const ascValues = asc.map((p) => p[field]);
        const descValues = desc.map((p) => p[field]);
        const distinct = new Set(ascValues.filter((v) => v !== null));
        skipIf(
          distinct.size < 2,
          'data',
          `fewer than two distinct ${field} values in the primary tenant (API_KEY)`,
        );

        // Each page answers 200 and is in the order asked: the registry's rules (PAT-018 and PAT-017 in
        // helpers/rules/patents.ts). The whole list, across pages and across the two directions, takes
        // several answers: checked here.
        expectRuleHolds('PAT-018', ...ascWalk.pages, ...descWalk.pages);
        expectRuleHolds('PAT-017', ...ascWalk.pages, ...descWalk.pages);
        expect(sweepProblems(ascValues, kind, false), `sort=${field}`).toEqual([]);
        expect(sweepProblems(descValues, kind, true), `sort=-${field}`).toEqual([]);

        // Descending reverses ascending, on the patents read with the same value in both sweeps.
        const ascValueOf = new Map(asc.map((p) => [p.id, p[field]]));
        const stable = (p: Patent) => p[field] !== null && ascValueOf.get(p.id) === p[field];
        const twins = collationTwins([...distinct] as string[]);
        const stableIds = new Set(desc.filter(stable).map((p) => p.id));
        const order = (sweep: Patent[]) =>
          runs(
            sweep
              .filter((p) => stableIds.has(p.id) && !twins.has(p[field] as string))
              .map((p) => p[field] as string),
          );
        const ascOrder = order(asc);
        expect(
          order(desc),
          `distinct ${field} values of sort=-${field} reverse those of sort=${field}`,
        ).toEqual([...ascOrder].reverse());
        // conditional by the contract: only free text has an ascending direction every collation agrees on; codes may rank by the server's own order, dates are checked above
        if (kind === 'text') {
          expect(
            directionProblems(ascOrder),
            `sort=${field} is ascending where every collation agrees`,
          ).toEqual([]);
          const codeUnit = ascOrder.every((v, i) => i === 0 || ascOrder[i - 1]! < v);
          test.info().annotations.push({
            type: 'observation',
            description: `sort=${field}: the ascending order ${codeUnit ? 'agrees' : 'does not agree'} with code-unit order`,
          });
        }
      },
    );
  }

  // "an unknown field gives 400": a name that is no member of the Patent (OPEN-POINTS E3).
  for (const sort of ['unknown', '-dueDate']) {
    test(
      ...titled(`[PAT-019] sort=${sort} (no member of the patent) gives 400 validation_failed`),
      async ({ api, sharedAnswer }) => {
        // sort=unknown is the answer the problems spec checks too: made once per run.
        const response =
          sort === 'unknown'
            ? await sharedAnswer('patentsUnknownSort')
            : await api.call('listPatents', { query: { sort } });
        // 400 validation_failed: the registry's rule (PAT-019 in helpers/rules/patents.ts).
        expectRuleHolds('PAT-019', response);
      },
    );
  }

  test(
    ...titled(
      '[PAT-017, PAT-019] sort=title (a member of the patent outside the allowed list) gives 400 validation_failed or orders the patents by title',
    ),
    async ({ api }) => {
      // title is a known member, not an "unknown field": refusing it and sorting on it are both open (OPEN-POINTS E3).
      const response = await api.call('listPatents', { query: { sort: 'title', itemsPerPage: 100 } });
      expect(response).toHaveStatus([200, 400]);
      if (response.status === 400) {
        // Refused, as validation_failed: the registry's rule (PAT-019 in helpers/rules/patents.ts).
        expectRuleHolds('PAT-019', response);
      } else {
        // Accepted, the page is in the order of title: the registry's sort rules judge the allowed fields only
        // (tests/list-orders.test.ts pins it), so the order is checked here.
        const titles = response.json<PatentList>().data.map((p) => p.title);
        test.info().annotations.push({ type: 'observation', description: 'sort=title is accepted' });
        expect(textOrderProblems(titles, false), 'sort=title, read as `field` ascending').toEqual([]);
      }
    },
  );

  test(
    ...titled('[PAT-020, PAT-021] providerId of a known patent returns exactly that one patent'),
    async ({ api, portfolio }) => {
      const patent = await portfolio.patent(
        (p) => !!p.providerId && !portfolio.isClaimed(p.id),
        'with a providerId (unclaimed)',
      );
      const response = await api.call('listPatents', {
        query: { providerId: patent.providerId!, itemsPerPage: 100 },
      });
      expect(response).toHaveStatus(200);
      // The snapshot's providerId plus the run's writes since: a push naming the patent may have moved it.
      await portfolio.requireUnmovedSubject(
        await portfolio.snapshotSentAt('patents'),
        { patentId: patent.id, providerId: patent.providerId },
        `patent ${patent.id}`,
        'patent-members',
      );
      // Only patents of that providerId, at most one (totalItems too): the registry's rules (PAT-020 and
      // PAT-021 in helpers/rules/patents.ts). That the known patent is the one takes the snapshot.
      expectRuleHolds('PAT-020', response);
      expectRuleHolds('PAT-021', response);
      expect(response.json<PatentList>().data.map((p) => p.id)).toContain(patent.id);
    },
  );

  const swapCase = (s: string) =>
    [...s].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
  const nearMisses = [
    { description: 'a prefix of a known providerId', variant: (s: string) => s.slice(0, -1) },
    { description: 'a known providerId in the other letter case', variant: swapCase },
  ];
  for (const { description, variant } of nearMisses) {
    test(
      ...titled(
        `[PAT-020] providerId=<${description}> returns only patents whose providerId equals it exactly`,
      ),
      async ({ api, portfolio }) => {
        const patent = await portfolio.patent(
          (p) => !!p.providerId && p.providerId.length > 1 && variant(p.providerId) !== p.providerId,
          `with a providerId that has ${description}`,
        );
        const value = variant(patent.providerId!);
        const response = await api.call('listPatents', { query: { providerId: value, itemsPerPage: 100 } });
        expect(response).toHaveStatus(200);
        // Only patents whose providerId is the value exactly: the registry's rule (PAT-020 in helpers/rules/patents.ts).
        expectRuleHolds('PAT-020', response);
      },
    );
  }

  test(
    ...titled(
      "[PAT-008] a sync item carrying officialNumbers and the client's own numbers leaves the patent's officialNumbers unchanged",
    ),
    async ({ api, portfolio, requireSetting, providerState }) => {
      requireSetting('ALLOW_WRITES');
      const { patentId } = await portfolio.claim('any');
      const before = await api.call('getPatent', { path: { patentId } });
      expect(before).toHaveStatus(200);
      const original = before.json<Patent>().officialNumbers;
      const stamp = Date.now().toString(36).toUpperCase();
      const attempted = {
        applicationNumber: `SYNC-APP-${stamp}`,
        publicationNumber: `SYNC-PUB-${stamp}`,
        grantPublicationNumber: `SYNC-GRANT-${stamp}`,
        pctApplicationNumber: `SYNC-PCT-${stamp}`,
      };
      // The item also writes a title, so that the read after it shows the item took effect.
      const title = `Conformance official numbers ${stamp}`;
      const sync = await api.call('syncPatents', {
        // The client's own application and publication numbers too: writing them must not reach the
        // office-standard ones either.
        body: {
          items: [
            {
              servicePatentId: patentId,
              title,
              applicationNumber: `CLIENT-APP-${stamp}`,
              publicationNumber: `CLIENT-PUB-${stamp}`,
              officialNumbers: attempted,
            },
          ],
        },
      });
      expect(sync).toHaveStatus(201);
      const batch = sync.json<PatentSyncBatch>();
      const result = batch.results.data[0];
      // An item refused outright writes nothing, officialNumbers included: the rule is not exercised.
      if (result?.outcome === 'REJECTED')
        skipBecause(
          { target: sync },
          `not verified: the item carrying officialNumbers was REJECTED (${String(result.reason)})`,
        );
      // A staged item is accepted in review (skips, not verified, when the target has no provider states).
      if (result?.outcome === 'STAGED')
        await providerState('sync-item-reviewed', { importId: batch.importId, index: 0, decision: 'accept' });
      const after = await api.call('getPatent', { path: { patentId } });
      expect(after).toHaveStatus(200);
      expect(after.json<Patent>().title, 'precondition: the item took effect (its title)').toBe(title);
      expect(after.json<Patent>().officialNumbers).toEqual(original);
    },
  );

  test(
    ...titled('[PAT-005] an applicationNumber pushed by sync reads back exactly as given'),
    async ({ api, portfolio, requireSetting, providerState }) => {
      requireSetting('ALLOW_WRITES');
      const { patentId } = await portfolio.claim('any');
      // Lower case, inner spaces, slash, dots, dash and leading zeros: nothing to normalize away.
      const given = `ep 0${Date.now().toString(36)} / 007.4-a`;
      const sync = await api.call('syncPatents', {
        body: { items: [{ servicePatentId: patentId, applicationNumber: given }] },
      });
      expect(sync).toHaveStatus(201);
      const batch = sync.json<PatentSyncBatch>();
      const outcome = batch.results.data[0]?.outcome;
      expect(['APPLIED', 'STAGED'], `outcome of a valid update item`).toContain(outcome);
      if (outcome === 'STAGED') {
        requireSetting('PROVIDER_STATES_URL');
        await providerState('sync-item-reviewed', { importId: batch.importId, index: 0, decision: 'accept' });
      }
      const after = await api.call('getPatent', { path: { patentId } });
      expect(after).toHaveStatus(200);
      expect(after.json<Patent>().applicationNumber).toBe(given);
    },
  );
});
