/**
 * The list envelope and offset pagination of every paginated list: default page size, clamping above the cap,
 * 1-based pages, totalPages and hasMore arithmetic, and complete sweeps. The sync results of a batch follow
 * the same rules.
 * Contract: List envelope (all paginated lists); Pagination parameters; Limits (page size, sync results).
 *
 * A sweep's pages are one list only while nothing changes it ("a page can shift when the collection changes"):
 * a list no test of the run writes is read as it comes; a list the run's writes change (dependency map,
 * helpers/contract/write-effects.ts) is read where no write of the run overlaps it (`readsAlone`).
 */
import fc from 'fast-check';
import {
  addDays,
  type ApiClient,
  type ApiResponse,
  type Aspect,
  type CallOptions,
  expect,
  fcParams,
  type ListBody,
  listEnvelope,
  type OperationId,
  pageSize,
  type Portfolio,
  type Query,
  readsAlone,
  type RejectedSyncBatch,
  type Setting,
  sharedSweep,
  skipBecause,
  sortByDue,
  expectRuleHolds,
  SYNC_ITEMS,
  targetUtcToday,
  test,
  titled,
  writesSince,
  type WritesSince,
} from '../helpers/test';

/** A list with items, found through the API. */
interface ListTarget {
  operationId: OperationId;
  /** Path parameters and filters of the list (never paging parameters). */
  options: CallOptions;
  envelope: (response: ApiResponse) => ListBody<unknown>;
  /** A value that identifies an item within the list. */
  idOf: (item: unknown) => string;
  /**
   * The key of the order the contract states for the list, items of equal keys in any order; undefined where
   * no order is stated (OPEN-POINTS E3): the items are then compared as a set across page sizes.
   */
  orderKey?: (item: unknown) => string;
  /** What the list is, for messages and skip reasons. */
  what: string;
  /**
   * What the run's writes may move of the list, its items or their order (helpers/contract/write-effects.ts);
   * none: a list no test of the run writes.
   */
  dependsOn: readonly Aspect[];
  /** Whether the run's writes since an earlier read may have moved the list. */
  moved: (writes: WritesSince) => boolean;
}

/** A list no test of the run writes. */
const UNWRITTEN = { dependsOn: [], moved: () => false } as const;

interface Context {
  api: ApiClient;
  portfolio: Portfolio;
  requireSetting: (setting: Setting) => void;
  rejectedSyncBatch: (api: ApiClient) => Promise<RejectedSyncBatch>;
}

interface ListCase {
  name: string;
  /** Ids cited beside the generic ones (PAG-011 for the sync results). */
  extraIds: string[];
  locate: (context: Context) => Promise<ListTarget>;
}

const byId = (item: unknown) => String((item as { id: unknown }).id);

/** The default page size and the cap above which a size is clamped (Pagination parameters). */
const PAGE = pageSize();

const CASES: ListCase[] = [
  {
    name: 'listPatents',
    extraIds: [],
    locate: async () => ({
      operationId: 'listPatents',
      options: {},
      envelope: listEnvelope,
      idOf: byId,
      what: 'the patent list',
      // A create accepted in review adds a patent; any member an update writes may be the order (not stated).
      dependsOn: ['patent-set', 'patent-members'],
      moved: (writes) => writes.movedAny('patent-set', 'patent-members'),
    }),
  },
  {
    name: 'listPatentEvents',
    extraIds: [],
    locate: async ({ portfolio }) => {
      const counts = new Map<string, number>();
      const providerIds = new Map<string, string | null>();
      for (const event of await portfolio.events()) {
        counts.set(event.patent.id, (counts.get(event.patent.id) ?? 0) + 1);
        providerIds.set(event.patent.id, event.patent.providerId);
      }
      const [patentId] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
      if (patentId === undefined) skipBecause('data', `no patent with events found in ${portfolio.label}`);
      const patent = { id: patentId, providerId: providerIds.get(patentId) };
      return {
        operationId: 'listPatentEvents',
        options: { path: { patentId } },
        envelope: listEnvelope,
        idOf: byId,
        // "ordered by due date"; events due the same day in any order.
        orderKey: (item) => String((item as { dueDate: unknown }).dueDate),
        what: `the events of the patent with the most events (${patentId})`,
        dependsOn: ['event-schedule'],
        moved: (writes) => writes.movedPatent(patent, 'event-schedule'),
      };
    },
  },
  {
    name: 'listEventsByPeriod',
    extraIds: [],
    locate: async ({ portfolio }) => {
      // A window holding about 30 events: several pages, few requests.
      const events = sortByDue(await portfolio.events());
      const first = events[0];
      const last = events[Math.min(events.length, 30) - 1];
      if (!first || !last) skipBecause('data', `no event found in ${portfolio.label}`);
      return {
        operationId: 'listEventsByPeriod',
        options: { query: { dueFrom: first.dueDate, dueTo: last.dueDate } },
        envelope: listEnvelope,
        idOf: byId,
        what: `the events due from ${first.dueDate} to ${last.dueDate}`,
        dependsOn: ['event-schedule'],
        moved: (writes) => writes.movedAny('event-schedule'),
      };
    },
  },
  {
    name: 'listInvoices',
    extraIds: [],
    // Recorded two days ago or earlier: invoices issued while the suite runs stay out of the list.
    locate: async () => {
      const createdTo = addDays(targetUtcToday(), -2);
      return {
        operationId: 'listInvoices',
        options: { query: { createdFrom: '1900-01-01', createdTo } },
        envelope: listEnvelope,
        idOf: byId,
        // Default `-issueDate`; invoices issued the same day in any order.
        orderKey: (item) => String((item as { issueDate: unknown }).issueDate),
        what: `the invoices recorded up to ${createdTo}`,
        // An invoice the run makes is recorded today; one recorded is fixed (INV-026).
        ...UNWRITTEN,
      };
    },
  },
  {
    name: 'listExchangeRateFreezes',
    extraIds: [],
    locate: async () => ({
      operationId: 'listExchangeRateFreezes',
      options: {},
      envelope: listEnvelope,
      idOf: (item) => String((item as { yearMonth: unknown }).yearMonth),
      what: 'the exchange rate freeze list',
      dependsOn: ['frozen-months'],
      moved: (writes) => writes.movedTenant('frozen-months'),
    }),
  },
  {
    name: 'getSyncBatch results',
    extraIds: ['PAG-011'],
    locate: async ({ api, requireSetting, rejectedSyncBatch }) => {
      requireSetting('ALLOW_WRITES');
      const { importId } = await rejectedSyncBatch(api);
      return {
        operationId: 'getSyncBatch',
        options: { path: { importId } },
        envelope: (response) => response.json<{ results: ListBody<unknown> }>().results,
        idOf: (item) => String((item as { providerId: unknown }).providerId),
        // "in POST-body order": every position is fixed (the providerIds are distinct).
        orderKey: (item) => String((item as { providerId: unknown }).providerId),
        what: `the results of sync batch ${importId} (${SYNC_ITEMS} items)`,
        // A batch's record is fixed once triaged (SYNC-055); no other test reviews its items.
        ...UNWRITTEN,
      };
    },
  },
];

/** A page read, with its answer (for the registry's rules) and its list envelope. */
interface Page {
  response: ApiResponse;
  body: ListBody<unknown>;
}

/** One page of the list, with its answer; a tenant without the freeze capability skips the freeze list. */
async function fetchAnswer(api: ApiClient, list: ListTarget, paging: Query): Promise<Page> {
  const response = await api.call(list.operationId, {
    ...list.options,
    query: { ...list.options.query, ...paging },
  });
  if (list.operationId === 'listExchangeRateFreezes' && response.status === 403) {
    skipBecause('setting', 'the primary tenant (API_KEY) lacks the exchange-rate freeze capability (403)');
  }
  expect(response, `${list.what}: ${JSON.stringify(paging)}`).toHaveStatus(200);
  return { response, body: list.envelope(response) };
}

/** One page of the list. */
async function fetchPage(api: ApiClient, list: ListTarget, paging: Query): Promise<ListBody<unknown>> {
  return (await fetchAnswer(api, list, paging)).body;
}

/** The page size of a sweep: two pages (at most the cap each), the second one partial where possible. */
function sweepPageSize(totalItems: number): number {
  return Math.min(PAGE.cap, Math.floor(totalItems / 2) + 1);
}

/**
 * The page size a list is swept with: two pages, the last one partial where possible; where a stated order has
 * ties (`keys`, the stated order of the items the page of the cap holds), the size of two pages whose boundary
 * falls inside a run of equal keys, when one does. A fault in how pages are cut (an order without a
 * tie-breaker) shows only where a boundary falls inside such a run; `tieProbes` cut the other runs.
 */
function sweepPageSizes(totalItems: number, keys: readonly unknown[]): number[] {
  const twoPages = sweepPageSize(totalItems);
  for (let size = twoPages; size < Math.min(keys.length, totalItems); size++)
    if (keys[size - 1] === keys[size]) return [size];
  return [twoPages];
}

/** The size and pages of a probe, for a message. */
const probeLabel = (pair: Page[]) =>
  pair.map(({ body }) => `${body.pagination.currentPage} of ${body.pagination.itemsPerPage}`).join(' and ');

/** At most this many pairs of pages probe runs of equal order keys the sweep does not cut (the request budget). */
const MAX_TIE_PROBES = 4;

/**
 * Pairs of consecutive pages (a size and the first page of the pair) whose boundary falls inside a run of equal
 * order keys that the sweep by `sweepSize` does not cut: the runs of `keys` (the stated order of the items the
 * page of the cap holds), each cut once, after its first member (its second, for a run at the head of the list).
 * Two pages of one size share no item (PAG-010); where ties have no order of their own, the two pages may sort
 * the run each its own way, and one item shows on both.
 */
function tieProbes(keys: readonly unknown[], sweepSize: number, totalItems: number): Query[][] {
  const probes: Query[][] = [];
  for (let start = 0; start < keys.length && probes.length < MAX_TIE_PROBES;) {
    let end = start + 1;
    while (end < keys.length && keys[end] === keys[start]) end++;
    let cutBySweep = false;
    for (let boundary = start + 1; boundary < end; boundary++)
      if (boundary % sweepSize === 0) cutBySweep = true;
    const boundary = start === 0 ? 2 : start + 1;
    if (end - start >= 2 && !cutBySweep && boundary < end) {
      // The smallest page size of two or more whose pages meet at the boundary.
      let size = 2;
      while (boundary % size !== 0) size++;
      const page = boundary / size;
      if (page * size < totalItems)
        probes.push([
          { itemsPerPage: size, currentPage: page },
          { itemsPerPage: size, currentPage: page + 1 },
        ]);
    }
    start = end;
  }
  return probes;
}

/**
 * The list's first page of the cap: read once for the run by the tests that start from it (the request budget
 * of a read-only run: the registry judged it as it arrived, in the test that read it), and read again here when
 * the run's writes since that read may have moved the list.
 */
async function wholePage(
  api: ApiClient,
  list: ListTarget,
): Promise<{ response?: ApiResponse; body: ListBody<unknown> }> {
  const paging = { itemsPerPage: PAGE.cap, currentPage: 1 };
  const shared = await sharedSweep(api.baseUrl, `pagination-first-page ${list.what}`, async () => {
    const sentAt = Date.now();
    return { sentAt, body: await fetchPage(api, list, paging) };
  });
  if (list.dependsOn.length > 0 && list.moved(await writesSince(api.baseUrl, shared.sentAt)))
    return fetchAnswer(api, list, paging);
  return { body: shared.body };
}

/**
 * `reads` of the list: as they come for a list no test of the run writes, else where no write of the run
 * overlaps them. Their pages must then agree on totalItems.
 */
async function listReads<T extends { totalItems: number; pages: { body: ListBody<unknown> }[] }>(
  api: ApiClient,
  list: ListTarget,
  reads: () => Promise<T>,
): Promise<T> {
  const result =
    list.dependsOn.length === 0
      ? await reads()
      : await readsAlone(api.baseUrl, list.what, list.dependsOn, reads);
  expect(
    result.pages
      .map((p) => p.body.pagination)
      .filter((p) => p.totalItems !== result.totalItems)
      .map((p) => `page ${p.currentPage} of size ${p.itemsPerPage}: totalItems ${p.totalItems}`),
    `${list.what}: pages of one sweep, no write of the run between them, disagree with totalItems ${result.totalItems} of the first page`,
  ).toEqual([]);
  return result;
}

/** A page size below the cap that leaves a partial last page (totalItems of at least 3). */
function partialPageSize(totalItems: number): number {
  const size = Math.min(totalItems - 1, PAGE.cap);
  return totalItems % size === 0 ? size - 1 : size;
}

const MAX_SWEEP_PAGES = 4;

test.describe('pagination', () => {
  // The lists above may all hold fewer items than the cap, where a page count of any size above it is 1.
  test(
    ...titled(
      `[PAG-004] a list longer than ${PAGE.cap} items, asked for pages above the cap, counts its pages by the size it serves`,
    ),
    async ({ api, portfolio, requireSetting }) => {
      // The read-only run has no request to spare (its budget): there, the registry judges what the others read.
      requireSetting('ALLOW_WRITES');
      const events = sortByDue(await portfolio.events());
      if (events.length <= PAGE.cap)
        skipBecause('data', `${portfolio.label} holds ${events.length} events, not more than ${PAGE.cap}`);
      const response = await api.call('listEventsByPeriod', {
        query: {
          dueFrom: events[0]!.dueDate,
          dueTo: events.at(-1)!.dueDate,
          itemsPerPage: Math.max(PAGE.cap * 3, events.length + 1),
        },
      });
      expect(response).toHaveStatus(200);
      expectRuleHolds('PAG-004', response);
    },
  );

  for (const { name, extraIds, locate } of CASES) {
    const ids = (...generic: string[]) => [...generic, ...extraIds];
    const cite = (...generic: string[]) => `[${ids(...generic).join(', ')}]`;

    test(
      ...titled(
        `${cite('PAG-002', 'PAG-007')} ${name} without paging parameters serves page 1 with itemsPerPage ${PAGE.default}`,
      ),
      async ({ api, portfolio, requireSetting, rejectedSyncBatch }) => {
        const list = await locate({ api, portfolio, requireSetting, rejectedSyncBatch });
        const { response } = await fetchAnswer(api, list, {});
        // Page 1 of the default size, holding at most that many items: the registry's rules (PAG-002, PAG-007,
        // and PAG-011 for the sync results, in helpers/rules/pagination.ts); the items the page holds, its
        // PAG-006, judged on the same answer.
        for (const id of ids('PAG-002', 'PAG-007')) expectRuleHolds(id, response);
      },
    );

    test(
      ...titled(`${cite('PAG-003', 'PAG-008')} ${name} clamps itemsPerPage above ${PAGE.cap} to ${PAGE.cap}`),
      async ({ api, portfolio, requireSetting, rejectedSyncBatch }) => {
        const list = await locate({ api, portfolio, requireSetting, rejectedSyncBatch });
        await fc.assert(
          fc.asyncProperty(fc.integer({ min: PAGE.cap + 1, max: 10_000 }), async (itemsPerPage) => {
            const { response } = await fetchAnswer(api, list, { itemsPerPage });
            // Clamped to the cap, the page holding at most that many items: the registry's rules (PAG-003,
            // PAG-008, and PAG-011 for the sync results, in helpers/rules/pagination.ts); the items the page
            // holds, its PAG-006, judged on the same answer.
            for (const id of ids('PAG-003', 'PAG-008')) expectRuleHolds(id, response);
          }),
          // One value per list, a different one on each list and run (the request budget).
          fcParams(1),
        );
      },
    );

    test(
      ...titled(
        `${cite('PAG-003', 'PAG-004', 'PAG-005')} ${name}: totalPages = ceil(totalItems / itemsPerPage) and hasMore = currentPage < totalPages on first, full last and partial last pages`,
      ),
      async ({ api, portfolio, requireSetting, rejectedSyncBatch }) => {
        const list = await locate({ api, portfolio, requireSetting, rejectedSyncBatch });
        const reads = await listReads(api, list, async () => {
          // A first page (of the cap, which also gives the count), an exactly full last page and a partial last page.
          const whole = await wholePage(api, list);
          const { totalItems } = whole.body.pagination;
          if (totalItems < 3)
            skipBecause('data', `${list.what} holds ${totalItems} item(s): the page arithmetic needs 3`);
          const partial = partialPageSize(totalItems);
          const paging = [
            { itemsPerPage: 1, currentPage: totalItems },
            { itemsPerPage: partial, currentPage: Math.ceil(totalItems / partial) },
          ];
          const pages: { response?: ApiResponse; body: ListBody<unknown> }[] = [
            whole,
            ...(await Promise.all(paging.map((query) => fetchAnswer(api, list, query)))),
          ];
          return { totalItems, pages };
        });
        // The page size asked, data within it, totalPages and hasMore on each page read here: the registry's
        // rules (PAG-003, PAG-004, PAG-005, and PAG-011 for the sync results, in helpers/rules/pagination.ts);
        // currentPage, its PAG-002, judged on the same answers.
        const answers = reads.pages.flatMap(({ response }) => (response ? [response] : []));
        for (const id of ids('PAG-003', 'PAG-004', 'PAG-005')) expectRuleHolds(id, ...answers);
      },
    );

    test(
      ...titled(
        `${cite('PAG-001', 'PAG-006', 'PAG-009', 'PAG-010')} ${name}: pages 1 to totalPages of size p hold totalItems distinct items (cut inside runs of ties where a stated order has them), those of a page of ${PAGE.cap}, in the stated order`,
      ),
      async ({ api, portfolio, requireSetting, rejectedSyncBatch }) => {
        const list = await locate({ api, portfolio, requireSetting, rejectedSyncBatch });
        // The first items in one page of the cap, then sweeps with smaller page sizes.
        const { totalItems, whole, sweeps, probes } = await listReads(api, list, async () => {
          const whole = (await wholePage(api, list)).body;
          const { totalItems } = whole.pagination;
          if (totalItems < 2)
            skipBecause('data', `${list.what} holds ${totalItems} item(s): a sweep needs 2`);
          const keys = list.orderKey ? whole.data.map(list.orderKey) : [];
          const sizes = [...sweepPageSizes(totalItems, keys)];
          for (const itemsPerPage of sizes) {
            if (Math.ceil(totalItems / itemsPerPage) > MAX_SWEEP_PAGES)
              skipBecause(
                'data',
                `${list.what} holds ${totalItems} items: more than ${MAX_SWEEP_PAGES} pages of ${itemsPerPage}`,
              );
          }
          // The count is known: every page of every sweep is asked at once (one round trip, not one per page).
          const sweeps: { itemsPerPage: number; pages: Page[] }[] = await Promise.all(
            sizes.map(async (itemsPerPage) => ({
              itemsPerPage,
              pages: await Promise.all(
                Array.from({ length: Math.ceil(totalItems / itemsPerPage) }, (_, i) =>
                  fetchAnswer(api, list, { itemsPerPage, currentPage: i + 1 }),
                ),
              ),
            })),
          );
          const probes = await Promise.all(
            tieProbes(keys, sizes[0]!, totalItems).map((pair) =>
              Promise.all(pair.map((paging) => fetchAnswer(api, list, paging))),
            ),
          );
          const pages = [...sweeps.flatMap((sweep) => sweep.pages), ...probes.flat()];
          return { totalItems, whole, sweeps, probes, pages };
        });
        // The items each page holds, and totalItems on the last, partial page: the registry's rules (PAG-006,
        // PAG-001, and PAG-011 for the sync results, in helpers/rules/pagination.ts). The items over all pages
        // take the whole sweep: checked below.
        const answers = sweeps.flatMap(({ pages }) => pages.map(({ response }) => response));
        for (const id of ids('PAG-001', 'PAG-006')) expectRuleHolds(id, ...answers);
        for (const { itemsPerPage, pages } of sweeps) {
          const swept: unknown[] = [];
          for (const { body } of pages) swept.push(...body.data);
          const seen = swept.map(list.idOf);
          const by = `${pages.length} pages of ${itemsPerPage}`;
          expect(new Set(seen).size, `${list.what}: distinct items over ${by}`).toBe(seen.length);
          expect(seen, `${list.what}: items over ${by}`).toHaveLength(totalItems);
          // The sweep holds the items of the page of the cap; a sweep of one page size is consistent, but an order
          // that is not stated (or ties) may differ between page sizes (OPEN-POINTS E3).
          const sweptIds = new Set(seen);
          expect(
            whole.data.map(list.idOf).filter((id) => !sweptIds.has(id)),
            `${list.what}: items of the page of the cap missing from the sweep by ${itemsPerPage}`,
          ).toEqual([]);
          const { orderKey } = list;
          // conditional by the contract: an order is stated for the events of a patent, the invoices and the sync results only
          if (orderKey)
            expect(
              swept.slice(0, whole.data.length).map(orderKey),
              `${list.what}: order keys of items 1..${whole.data.length} by pages of ${itemsPerPage} and in one page of ${PAGE.cap}`,
            ).toEqual(whole.data.map(orderKey));
        }
        // Pages that meet inside a run of equal order keys, read together: no item on both (PAG-010). An empty
        // list of probes leaves nothing unchecked: the sweep above cut every run of ties, or there is none.
        const shared = probes.map(([before, after]) => {
          const onBefore = new Set(before!.body.data.map(list.idOf));
          return after!.body.data.map(list.idOf).filter((id) => onBefore.has(id));
        });
        expect(
          shared.flatMap((ids, i) =>
            ids.length === 0 ? [] : [`pages ${probeLabel(probes[i]!)}: ${ids.join(', ')}`],
          ),
          `${list.what}: items on both of two consecutive pages meeting inside a run of equal order keys`,
        ).toEqual([]);
      },
    );
  }
});
