/**
 * Portfolio sync: the sync POST (inline and background), the batch and its counters, per-item outcomes,
 * idempotence on externalImportRef, envelope validation, and review outcomes driven by provider states.
 * Contract: Resources, Patent sync batch; States and transitions, Sync batch and item outcomes;
 * Endpoints 8 and 9; Errors (validation_failed, conflict).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { ApiClient, ApiResponse } from '../helpers/api-client';
import { renewals, type Portfolio } from '../helpers/discovery';
import { pickDocumented } from '../helpers/documented-members';
import { titled, expect, test } from '../helpers/fixtures';
import { malformedJson } from '../helpers/raw-body';
import { fcParams } from '../helpers/generated-inputs';
import { pointerMisfit } from '../helpers/json-pointer';
import { walkList } from '../helpers/pagination';
import { loadEnv } from '../helpers/settings';
import { nonEmpty, notVerified } from '../helpers/verified';
import type {
  FieldError,
  Patent,
  PatentList,
  PatentSyncBatch,
  ProblemConflict,
  SyncOutcome,
  SyncResultItem,
} from '../schemas/types';

type Item = Record<string, unknown>;
type Outcome = SyncOutcome;

/**
 * The documented outcome labels. Only the label of a proposal refused in review is not shown, so every item of
 * a batch none of whose items was reviewed (the POST answer of a new batch, its polls) carries one of these.
 */
const OUTCOMES: readonly string[] = ['APPLIED', 'ACCEPTED', 'STAGED', 'SUPPRESSED', 'REJECTED'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNFINISHED = ['PENDING', 'PROCESSING'];
/** Waits between polls of a batch: bounded backoff, at most ASYNC_TIMEOUT_MS in all. */
const POLL_BACKOFF_MS = [20, 40, 80, 160, 320, 640, 1000];
/** How long a polled batch may stay PENDING or PROCESSING (setting ASYNC_TIMEOUT_MS, helpers/settings.ts). */
const ASYNC_TIMEOUT_MS = Number(loadEnv().ASYNC_TIMEOUT_MS) || 10_000;

/**
 * Whether a batch read later may show `later` after showing `earlier`: the same status, or one further on
 * (PENDING, then PROCESSING, then a final status; TRIAGED, then SETTLED or ERROR once decisions are made).
 * Which trigger moves a batch to SETTLED or to ERROR is not shown, so an inline batch may still say
 * PENDING or PROCESSING in its 201 answer.
 */
function statusMayFollow(earlier: PatentSyncBatch['status'], later: PatentSyncBatch['status']): boolean {
  if (earlier === later || earlier === 'PENDING') return true;
  if (earlier === 'PROCESSING') return later !== 'PENDING';
  return earlier === 'TRIAGED' && (later === 'SETTLED' || later === 'ERROR');
}

/** The instant a date-time names (its printing may differ: `.345Z`, `Z`, `+00:00`); null stays null. */
function instant(timestamp: string | null): number | null {
  return timestamp === null ? null : Date.parse(timestamp);
}

/** A providerId no patent has (unique per call). */
const freshProviderId = (label: string): string => `conformance-${label}-${randomUUID()}`;

/** A create: a providerId no patent has, with an office (it stays STAGED until reviewed). */
function createItem(label: string): Item {
  return { providerId: freshProviderId(label), office: 'EP', title: `Conformance create ${label}` };
}

/** An invalid item (a date that does not exist), REJECTED whatever the portfolio; it echoes a providerId. */
function invalidItem(label: string): Item {
  return { providerId: freshProviderId(label), office: 'EP', applicationDate: '2024-02-30' };
}

/** An item carrying neither providerId nor servicePatentId: REJECTED. */
function anonymousItem(label: string): Item {
  return { title: `Conformance anonymous ${label}` };
}

/** `count` items: mostly invalid ones, with a few creates and a few anonymous ones. */
function mixedItems(count: number, label: string): Item[] {
  return Array.from({ length: count }, (_, i) =>
    i % 40 === 5
      ? createItem(`${label}-${i}`)
      : i % 17 === 3
        ? anonymousItem(`${label}-${i}`)
        : invalidItem(`${label}-${i}`),
  );
}

function postSync(api: ApiClient, items: unknown[], externalImportRef?: string): Promise<ApiResponse> {
  return api.call('syncPatents', {
    body: { ...(externalImportRef === undefined ? {} : { externalImportRef }), items },
  });
}

/** Results whose outcome is none of the documented labels (before any review, every outcome is one of them). */
function unknownLabels(results: SyncResultItem[]): string[] {
  return results
    .map((r, i) => (OUTCOMES.includes(r.outcome) ? '' : `result ${i}: ${r.outcome}`))
    .filter(Boolean);
}

/**
 * A sync POST whose batch has seen no refusal in review (a new batch, or the replay of one none of whose
 * proposals was refused): each outcome of a 201 answer is one of the documented labels.
 */
async function push(api: ApiClient, items: unknown[], externalImportRef?: string): Promise<ApiResponse> {
  const response = await postSync(api, items, externalImportRef);
  if (response.status === 201)
    expect(unknownLabels(batchOf(response).results.data), 'outcomes at triage (SYNC-016)').toEqual([]);
  return response;
}

function batchOf(response: ApiResponse): PatentSyncBatch {
  return response.json<PatentSyncBatch>();
}

/** The providerId a result must echo for an item. */
function echoOf(item: unknown): string | null {
  const providerId = (item as Item | null)?.providerId;
  return typeof providerId === 'string' ? providerId : null;
}

/** Pushes one item and returns its batch and result (201 expected). */
async function pushOne(
  api: ApiClient,
  item: Item,
): Promise<{ batch: PatentSyncBatch; result: SyncResultItem }> {
  const response = await push(api, [item]);
  expect(response).toHaveStatus(201);
  const batch = batchOf(response);
  expect(batch.results.data, 'results of a one-item batch').toHaveLength(1);
  return { batch, result: batch.results.data[0]! };
}

type ProviderState = (name: string, body: object) => Promise<unknown>;

/** Has the back office refuse a batch's item in review (provider state `sync-item-reviewed`). */
async function refuseInReview(
  providerState: ProviderState,
  importId: string,
  index: number,
  reason = `Conformance refusal ${randomUUID()}`,
): Promise<void> {
  await providerState('sync-item-reviewed', { importId, index, decision: 'refuse', reason });
}

/** Pushes a create, checks it is STAGED, and has it refused in review. */
async function pushRefusedCreate(
  api: ApiClient,
  providerState: ProviderState,
  item: Item,
  reason?: string,
): Promise<{ batch: PatentSyncBatch; result: SyncResultItem }> {
  const pushed = await pushOne(api, item);
  expect(pushed.result.outcome, 'precondition: the create is STAGED').toBe('STAGED');
  await refuseInReview(providerState, pushed.batch.importId, 0, reason);
  return pushed;
}

/**
 * Polls a batch none of whose items was reviewed, with bounded backoff, until it is neither PENDING nor
 * PROCESSING; each poll carries documented outcome labels only. The contract states no duration for
 * background processing: a batch still unfinished after ASYNC_TIMEOUT_MS ends the test as not verified.
 * Returns every poll, in order.
 */
async function pollToCompletion(api: ApiClient, importId: string): Promise<PatentSyncBatch[]> {
  // The test's own timeout must leave room for the whole poll, so that a slow batch fails with this message.
  const info = test.info();
  if (info.timeout > 0 && info.timeout < ASYNC_TIMEOUT_MS + 20_000)
    info.setTimeout(ASYNC_TIMEOUT_MS + 20_000);
  const started = Date.now();
  const polls: PatentSyncBatch[] = [];
  for (let attempt = 0; ; attempt++) {
    const response = await api.call('getSyncBatch', { path: { importId }, query: { itemsPerPage: 100 } });
    expect(response).toHaveStatus(200);
    const batch = batchOf(response);
    expect(unknownLabels(batch.results.data), 'outcomes of a batch never reviewed (SYNC-016)').toEqual([]);
    polls.push(batch);
    if (!UNFINISHED.includes(batch.status)) return polls;
    const wait = POLL_BACKOFF_MS[Math.min(attempt, POLL_BACKOFF_MS.length - 1)]!;
    if (Date.now() - started + wait > ASYNC_TIMEOUT_MS)
      notVerified(
        `batch ${importId} still ${batch.status} (${batch.processedItems}/${batch.totalItems} processed) after ` +
          `${ASYNC_TIMEOUT_MS} ms of polling (setting ASYNC_TIMEOUT_MS); the contract states no duration`,
      );
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** Every result of a batch, page by page. */
async function allResults(api: ApiClient, importId: string, itemsPerPage = 100): Promise<SyncResultItem[]> {
  const walk = await walkList<SyncResultItem>(api, 'getSyncBatch', {
    path: { importId },
    itemsPerPage,
    envelope: (response) => batchOf(response).results,
  });
  expect(walk.truncated, 'results walked to their end').toBe(false);
  return walk.items;
}

/** Counters that differ from the number of results with their outcome (at triage, before any review). */
function counterViolations(batch: PatentSyncBatch, results: SyncResultItem[]): string[] {
  const count = (outcome: Outcome) => results.filter((r) => r.outcome === outcome).length;
  const pairs: [keyof PatentSyncBatch, Outcome][] = [
    ['autoAppliedItems', 'APPLIED'],
    ['stagedItems', 'STAGED'],
    ['rejectedItems', 'REJECTED'],
    ['suppressedItems', 'SUPPRESSED'],
  ];
  const problems = pairs
    .filter(([counter, outcome]) => batch[counter] !== count(outcome))
    .map(
      ([counter, outcome]) =>
        `${counter} is ${String(batch[counter])}, ${count(outcome)} results are ${outcome}`,
    );
  const sum = batch.autoAppliedItems + batch.stagedItems + batch.rejectedItems + batch.suppressedItems;
  if (sum !== batch.totalItems)
    problems.push(`the four counters add up to ${sum}, totalItems is ${batch.totalItems}`);
  return problems;
}

/**
 * Results that break the result rules: reason, action of APPLIED, requestId null in a batch that is final
 * but not ERROR (the trigger of ERROR is not shown: a batch still PENDING or PROCESSING may reach it later).
 */
function resultRuleViolations(status: PatentSyncBatch['status'], results: SyncResultItem[]): string[] {
  const problems: string[] = [];
  results.forEach((r, i) => {
    const at = `result ${i} (${r.outcome})`;
    if (r.requestId === null && !['ERROR', ...UNFINISHED].includes(status))
      problems.push(`${at}: requestId null in a ${status} batch`);
    if (
      (r.outcome === 'REJECTED' || r.outcome === 'SUPPRESSED') &&
      !(typeof r.reason === 'string' && r.reason)
    )
      problems.push(`${at}: no reason`);
    if (['APPLIED', 'STAGED', 'ACCEPTED'].includes(r.outcome) && r.reason !== null)
      problems.push(`${at}: reason ${JSON.stringify(r.reason)} instead of null`);
    if (r.outcome === 'APPLIED' && r.action !== 'UPDATE') problems.push(`${at}: action ${String(r.action)}`);
  });
  return problems;
}

function fieldErrors(response: ApiResponse): FieldError[] {
  return response.json<{ errors?: FieldError[] }>().errors ?? [];
}

async function readPatent(api: ApiClient, patentId: string): Promise<Patent> {
  const response = await api.call('getPatent', { path: { patentId } });
  expect(response).toHaveStatus(200);
  return response.json<Patent>();
}

let ownPatent: { patentId: string; providerId: string } | undefined;

/**
 * The patent this worker updates by sync, claimed once per worker (its tests run one at a time and each
 * asserts only values it has just written). Only title and claimCount are written. Chosen among patents
 * with a providerId whose events leave nothing to instruct and nothing LOCKED, which other specs need.
 */
async function syncPatent(portfolio: Portfolio): Promise<{ patentId: string; providerId: string }> {
  if (ownPatent) return ownPatent;
  const { patentId, events } = await portfolio.claimPatent(
    (candidate) =>
      typeof candidate[0]?.patent.providerId === 'string' &&
      renewals(candidate).every((e) => !e.instructability.isAllowed && e.feesStatus !== 'LOCKED'),
    'with a providerId, no instructable event and no LOCKED fees (to update by sync)',
  );
  const claimed = { patentId, providerId: events[0]!.patent.providerId! };
  ownPatent = claimed;
  return claimed;
}

/**
 * Brings an accepted update into effect: an APPLIED one already is; a STAGED one (the contract does not say
 * which fields are critical) is accepted in review through the provider state.
 */
async function bringIntoEffect(providerState: ProviderState, batch: PatentSyncBatch, index: number) {
  const outcome = batch.results.data[index]?.outcome;
  expect(['APPLIED', 'STAGED'], `outcome of item ${index}`).toContain(outcome);
  if (outcome === 'STAGED')
    await providerState('sync-item-reviewed', { importId: batch.importId, index, decision: 'accept' });
}

test.describe('sync', () => {
  test.describe('inline batches', () => {
    test(
      ...titled(
        '[SYNC-019, SYNC-001, SYNC-003, SYNC-031] a push of one item without externalImportRef gives 201 with a patentSyncBatch in mode SYNC and final outcomes',
      ),
      async ({ api, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const response = await push(api, [invalidItem('one')]);
        expect(response).toHaveStatus(201);
        const batch = batchOf(response);
        expect(batch.object).toBe('patentSyncBatch');
        expect(batch.mode).toBe('SYNC');
        expect(batch.results.data, 'outcomes returned').toHaveLength(1);
        // The outcomes are final; which trigger settles the batch is not shown, so any status may show here.
        expect(['PENDING', 'PROCESSING', 'TRIAGED', 'SETTLED', 'ERROR']).toContain(batch.status);
      },
    );

    test(
      ...titled(
        '[SYNC-019, SYNC-045] a push of exactly 100 items gives 201 in mode SYNC with all 100 outcomes on the first page of results',
      ),
      async ({ api, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const response = await push(api, mixedItems(100, 'hundred'));
        expect(response).toHaveStatus(201);
        const batch = batchOf(response);
        expect(batch.mode).toBe('SYNC');
        expect(batch.results.data).toHaveLength(100);
        expect(batch.results.pagination).toMatchObject({ totalItems: 100, hasMore: false });
      },
    );

    test(
      ...titled(
        '[SYNC-012, SYNC-013] inline results follow the POST-body order and echo each providerId, null when the item had none',
      ),
      async ({ api, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const items = [
          invalidItem('order-a'),
          anonymousItem('order-b'),
          createItem('order-c'),
          invalidItem('order-d'),
          { providerId: null, title: 'Conformance anonymous order-e' },
          invalidItem('order-f'),
        ];
        const response = await push(api, items);
        expect(response).toHaveStatus(201);
        expect(batchOf(response).results.data.map((r) => r.providerId)).toEqual(items.map(echoOf));
      },
    );

    test(
      ...titled(
        '[SYNC-004, SYNC-005] an inline batch has totalItems equal to the number of items posted and processedItems equal to it',
      ),
      async ({ api, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const response = await push(api, mixedItems(7, 'totals'));
        expect(response).toHaveStatus(201);
        expect(batchOf(response)).toMatchObject({ totalItems: 7, processedItems: 7 });
      },
    );

    test(
      ...titled(
        '[SYNC-006, SYNC-007, SYNC-009, SYNC-010] an inline batch counts each outcome: every counter equals the number of results with its outcome and they add up to totalItems',
      ),
      async ({ api, portfolio, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const own = await syncPatent(portfolio);
        const items = [
          { providerId: own.providerId, title: `Conformance counters ${randomUUID()}` },
          createItem('counters'),
          invalidItem('counters'),
          anonymousItem('counters'),
        ];
        const response = await push(api, items);
        expect(response).toHaveStatus(201);
        const batch = batchOf(response);
        expect(counterViolations(batch, batch.results.data)).toEqual([]);
      },
    );

    test(
      ...titled('[SYNC-002] importId is a UUID and GET /patents/sync/{importId} returns the same batch'),
      async ({ api, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const posted = await push(api, mixedItems(3, 'status'));
        expect(posted).toHaveStatus(201);
        const batch = batchOf(posted);
        expect(batch.importId).toMatch(UUID);
        const read = await api.call('getSyncBatch', {
          path: { importId: batch.importId },
          query: { itemsPerPage: 100 },
        });
        expect(read).toHaveStatus(200);
        const readBatch = batchOf(read);
        // What the contract fixes for one batch: its handle, type, mode, size and reception time (compared as
        // an instant: `.345Z`, `Z` and `+00:00` print one). Counters, completedAt and extra members may differ.
        const identity = (b: PatentSyncBatch) => ({
          object: b.object,
          importId: b.importId,
          mode: b.mode,
          totalItems: b.totalItems,
          createdAt: instant(b.createdAt),
        });
        expect(identity(readBatch), 'the batch read by its importId').toEqual(identity(batch));
        // The outcomes of an inline batch are final and none of these items is reviewed: each item reads as on
        // the POST (a change request id the POST did not give yet may appear; the reason is display text).
        const readResults = readBatch.results.data;
        const fixed = (r: SyncResultItem, i: number) => ({
          providerId: r.providerId,
          servicePatentId: r.servicePatentId,
          action: r.action,
          outcome: r.outcome,
          requestId: r.requestId ?? readResults[i]?.requestId,
        });
        expect(readResults.map(fixed), 'the results read by importId').toEqual(batch.results.data.map(fixed));
        // The status may have moved on (its triggers are not shown), never back.
        expect(
          statusMayFollow(batch.status, readBatch.status),
          `status ${batch.status} on the POST, then ${readBatch.status}`,
        ).toBe(true);
      },
    );

    test(
      ...titled('[SYNC-024] an inline batch with nothing awaiting review and every item recorded is SETTLED'),
      async ({ api, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const response = await push(api, [invalidItem('settled'), anonymousItem('settled')]);
        expect(response).toHaveStatus(201);
        const batch = batchOf(response);
        expect(batch.results.data.map((r) => r.outcome)).toEqual(['REJECTED', 'REJECTED']);
        expect(
          batch.results.data.every((r) => r.requestId !== null),
          'every item recorded',
        ).toBe(true);
        // Which trigger settles a batch is not shown: SETTLED at once, or once it leaves PENDING/PROCESSING.
        const polls = UNFINISHED.includes(batch.status) ? await pollToCompletion(api, batch.importId) : [];
        const final = polls[polls.length - 1] ?? batch;
        expect(final.status, `status (first read ${batch.status})`).toBe('SETTLED');
      },
    );
  });

  test.describe('item outcomes', () => {
    test(
      ...titled(
        '[SYNC-027, SYNC-037, SYNC-014, SYNC-023] an item with an unknown providerId is a create awaiting review: STAGED, action CREATE, servicePatentId null, batch TRIAGED',
      ),
      async ({ api, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const { batch, result } = await pushOne(api, createItem('create'));
        expect(result).toMatchObject({ outcome: 'STAGED', action: 'CREATE', servicePatentId: null });
        expect(batch.status).toBe('TRIAGED');
      },
    );

    test(
      ...titled(
        '[SYNC-018] a create staged for review (neither rejected, suppressed nor refused) has reason null',
      ),
      async ({ api, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const { result } = await pushOne(api, createItem('reason'));
        expect(result.outcome, 'precondition: the create is STAGED').toBe('STAGED');
        expect(result.reason, 'reason of a STAGED item').toBeNull();
      },
    );

    test(
      ...titled(
        '[SYNC-044, SYNC-013, SYNC-014, SYNC-015] an item with neither providerId nor servicePatentId is REJECTED with a reason, providerId, servicePatentId and action null',
      ),
      async ({ api, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const response = await push(api, [
          anonymousItem('neither'),
          { providerId: null, servicePatentId: null, title: 'Conformance anonymous neither (nulls)' },
          // Everything a create would carry but the identifier: only the missing identifier can reject it.
          { office: 'EP', title: 'Conformance anonymous neither (complete)', applicationNumber: 'EP0000001' },
        ]);
        expect(response).toHaveStatus(201);
        for (const result of batchOf(response).results.data) {
          expect(result).toMatchObject({
            outcome: 'REJECTED',
            providerId: null,
            servicePatentId: null,
            action: null,
          });
          expect(result.reason, 'reason').toEqual(expect.stringMatching(/\S/));
        }
      },
    );

    test(
      ...titled(
        '[SYNC-042] an item with an unknown servicePatentId is REJECTED with a reason and creates no patent',
      ),
      async ({ api, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
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
        async ({ api, requireSetting }) => {
          requireSetting('ALLOW_WRITES');
          const { result } = await pushOne(api, { ...createItem('invalid'), ...fields });
          expect(result.outcome).toBe('REJECTED');
          expect(result.reason, 'reason').toEqual(expect.stringMatching(/\S/));
        },
      );
    }

    test(
      ...titled(
        '[SYNC-036, SYNC-014] an item whose providerId matches a patent targets it: action UPDATE and servicePatentId is its id',
      ),
      async ({ api, portfolio, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const own = await syncPatent(portfolio);
        const { result } = await pushOne(api, {
          providerId: own.providerId,
          title: `Conformance ${randomUUID()}`,
        });
        expect(result).toMatchObject({ action: 'UPDATE', servicePatentId: own.patentId });
      },
    );

    test(
      ...titled(
        '[SYNC-043, SYNC-026] an update carrying only providerId and title is accepted (APPLIED or STAGED) and, once in effect, shows the new title',
      ),
      async ({ api, portfolio, providerState, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const own = await syncPatent(portfolio);
        const title = `Conformance title ${randomUUID()}`;
        const { batch, result } = await pushOne(api, { providerId: own.providerId, title });
        expect(result.action).toBe('UPDATE');
        await bringIntoEffect(providerState, batch, 0);
        expect((await readPatent(api, own.patentId)).title).toBe(title);
      },
    );

    test(
      ...titled(
        '[SYNC-043] an update carrying only providerId and a title leaves every other member of the patent unchanged',
      ),
      async ({ api, portfolio, providerState, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        // A patent of its own, which no earlier sync of the run has written to.
        const { patentId, events } = await portfolio.claimPatent(
          (candidate) =>
            typeof candidate[0]?.patent.providerId === 'string' &&
            renewals(candidate).every((e) => !e.instructability.isAllowed && e.feesStatus !== 'LOCKED'),
          'with a providerId, no instructable event and no LOCKED fees (for a partial update)',
        );
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
      async ({ api, portfolio, providerState, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const own = await syncPatent(portfolio);
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
      async ({ api, portfolio, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const own = await syncPatent(portfolio);
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
      async ({ api, as, portfolio, otherPortfolio, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
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
        async ({ api, portfolio, providerState, requireSetting }) => {
          requireSetting('ALLOW_WRITES');
          const own = await syncPatent(portfolio);
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
      async ({ api, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
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
        await fc.assert(
          fc.asyncProperty(fc.array(itemShape, { minLength: 1, maxLength: 4 }), async (shapes) => {
            const items = shapes.map(toItem);
            const response = await push(api, items);
            expect(response).toHaveStatus(201);
            const batch = batchOf(response);
            const results = batch.results.data;
            expect(results).toHaveLength(items.length);
            expect(
              results.map((r) => r.providerId),
              'echoed providerIds',
            ).toEqual(items.map(echoOf));
            expect(resultRuleViolations(batch.status, results)).toEqual([]);
            for (const [i, item] of nonEmpty(items, 'generated items').entries()) {
              const outcome = results[i]!.outcome;
              // No item names an existing patent: creates are STAGED or REJECTED, never APPLIED.
              expect(['STAGED', 'REJECTED'], `outcome of item ${i}`).toContain(outcome);
              const keyed = typeof item.providerId === 'string' || typeof item.servicePatentId === 'string';
              // conditional by the contract: "An item carrying neither providerId nor servicePatentId is rejected";
              // a servicePatentId here is unknown or malformed: "an unknown UUID rejects the item".
              if (!keyed || typeof item.servicePatentId === 'string')
                expect(outcome, `item ${i} without a usable key`).toBe('REJECTED');
            }
          }),
          fcParams(10),
        );
      },
    );
  });

  test.describe('idempotence', () => {
    test(
      ...titled(
        '[SYNC-046] the same externalImportRef with the same items replays the stored batch: same importId and results, no second effect',
      ),
      async ({ api, portfolio, providerState, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const own = await syncPatent(portfolio);
        const ref = `conformance-replay-${randomUUID()}`;
        const items = [{ providerId: own.providerId, title: `Conformance replay first ${randomUUID()}` }];
        const first = await push(api, items, ref);
        expect(first).toHaveStatus(201);
        // Which fields are critical is not stated: a staged title is accepted in review, so that both writes
        // take effect and a second effect of the replay would show as the first title coming back.
        await bringIntoEffect(providerState, batchOf(first), 0);
        const later = { providerId: own.providerId, title: `Conformance replay later ${randomUUID()}` };
        const { batch: laterBatch } = await pushOne(api, later);
        await bringIntoEffect(providerState, laterBatch, 0);

        const replay = await push(api, items, ref);
        expect(replay).toHaveStatus([200, 201]);
        const { results: firstResults, ...firstBatch } = batchOf(first);
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
      async ({ api, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const ref = `conformance-replay-staged-${randomUUID()}`;
        const items = [createItem('replay-staged')];
        const first = await push(api, items, ref);
        expect(first).toHaveStatus(201);
        const stored = batchOf(first);
        expect(stored.results.data[0]?.outcome, 'precondition: the create is STAGED').toBe('STAGED');

        const replay = await push(api, items, ref);
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
      async ({ api, providerState, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const ref = `conformance-replay-reviewed-${randomUUID()}`;
        const items = [createItem('replay-reviewed')];
        const first = await push(api, items, ref);
        expect(first).toHaveStatus(201);
        const stored = batchOf(first);
        expect(stored.results.data[0]?.outcome, 'precondition: the create is STAGED').toBe('STAGED');
        await refuseInReview(providerState, stored.importId, 0);
        const read = await api.call('getSyncBatch', { path: { importId: stored.importId } });
        expect(read).toHaveStatus(200);

        // The batch has seen a review: the label of the refused proposal is not shown, so no label check here.
        const replay = await postSync(api, items, ref);
        expect(replay).toHaveStatus([200, 201]);
        const replayed = batchOf(replay);
        expect(replayed.importId).toBe(stored.importId);
        expect(replayed.stagedItems, 'stagedItems after the replay').toBe(stored.stagedItems);
        const item = (r: SyncResultItem | undefined) => r && pickDocumented('SyncResultItem', r);
        expect(item(replayed.results.data[0]), 'the item on the replay, as read after the review').toEqual(
          item(batchOf(read).results.data[0]),
        );
      },
    );

    test(
      ...titled('[SYNC-046] two identical pushes sent together yield one batch (same importId)'),
      async ({ api, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const ref = `conformance-together-${randomUUID()}`;
        const items = [invalidItem('together'), anonymousItem('together')];
        const [a, b] = await Promise.all([push(api, items, ref), push(api, items, ref)]);
        expect(a).toHaveStatus([200, 201]);
        expect(b).toHaveStatus([200, 201]);
        expect(batchOf(a).importId).toBe(batchOf(b).importId);
      },
    );

    test(
      ...titled(
        '[SYNC-047, SYNC-048] the same externalImportRef with other items gives 409 conflict carrying existingBatchId, the first importId',
      ),
      async ({ api, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const ref = `conformance-conflict-${randomUUID()}`;
        const first = await push(api, [anonymousItem('conflict-first')], ref);
        expect(first).toHaveStatus(201);
        const second = await push(api, [anonymousItem('conflict-second')], ref);
        expect(second).toBeProblem({ status: 409, code: 'conflict' });
        expect(second.json<ProblemConflict>().existingBatchId).toBe(batchOf(first).importId);
      },
    );
  });

  test.describe('background batches', () => {
    test(
      ...titled(
        '[SYNC-020, SYNC-021] a push of 101 items gives 202 with mode ASYNC, status PENDING and empty results',
      ),
      async ({ api, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const response = await push(api, mixedItems(101, 'async'));
        expect(response).toHaveStatus(202);
        const batch = batchOf(response);
        expect(batch).toMatchObject({ mode: 'ASYNC', status: 'PENDING', totalItems: 101 });
        expect(batch.results.data).toEqual([]);
        expect(batch.results.pagination.totalItems).toBe(0);
      },
    );

    test(
      ...titled(
        '[SYNC-022, SYNC-011, SYNC-005, SYNC-008] a background batch polled to completion never returns to PENDING, keeps completedAt null until done, never lowers stagedItems and ends with every item processed',
      ),
      async ({ api, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const response = await push(api, mixedItems(101, 'poll'));
        expect(response).toHaveStatus(202);
        const polls = [batchOf(response), ...(await pollToCompletion(api, batchOf(response).importId))];
        const statuses = polls.map((p) => p.status);
        const leftPending = statuses.findIndex((s) => s !== 'PENDING');
        expect(statuses.slice(leftPending).includes('PENDING'), `statuses ${statuses.join(' -> ')}`).toBe(
          false,
        );
        for (const poll of polls) {
          // conditional by the contract: completedAt is "null while PENDING or PROCESSING" (the 202 answer is PENDING).
          if (UNFINISHED.includes(poll.status))
            expect(poll.completedAt, `completedAt while ${poll.status}`).toBeNull();
          expect(poll.processedItems, 'processedItems').toBeLessThanOrEqual(poll.totalItems);
        }
        const staged = polls.map((p) => p.stagedItems);
        expect(staged, 'stagedItems across polls').toEqual([...staged].sort((x, y) => x - y));
        const final = polls[polls.length - 1]!;
        expect(final.processedItems).toBe(101);
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
      async ({ api, providerState, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const response = await push(api, mixedItems(101, 'processed'));
        expect(response).toHaveStatus(202);
        const { importId } = batchOf(response);
        const polls = [batchOf(response), ...(await pollToCompletion(api, importId))];
        const staged = polls[polls.length - 1]!.results.data.findIndex((r) => r.outcome === 'STAGED');
        expect(staged, 'precondition: a create of the batch is STAGED').toBeGreaterThanOrEqual(0);
        await refuseInReview(providerState, importId, staged);
        const reviewed = await api.call('getSyncBatch', { path: { importId } });
        expect(reviewed).toHaveStatus(200);
        const counts = [...polls, batchOf(reviewed)].map((p) => p.processedItems);
        expect(counts, 'processedItems across polls, the last after the review').toEqual(
          [...counts].sort((x, y) => x - y),
        );
      },
    );

    test(
      ...titled("[SYNC-012] a background batch's results, walked page by page, follow the POST-body order"),
      async ({ api, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const items = mixedItems(101, 'pages');
        const response = await push(api, items);
        expect(response).toHaveStatus(202);
        const { importId } = batchOf(response);
        await pollToCompletion(api, importId);
        const results = await allResults(api, importId, 30);
        expect(results.map((r) => r.providerId)).toEqual(items.map(echoOf));
      },
    );

    test(
      ...titled(
        "[SYNC-006, SYNC-007, SYNC-009, SYNC-010] a background batch's counters at completion equal the numbers of results with each outcome and add up to totalItems",
      ),
      async ({ api, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const response = await push(api, mixedItems(101, 'counted'));
        expect(response).toHaveStatus(202);
        const { importId } = batchOf(response);
        const polls = await pollToCompletion(api, importId);
        const results = await allResults(api, importId);
        expect(counterViolations(polls[polls.length - 1]!, results)).toEqual([]);
      },
    );

    test(
      ...titled(
        '[SYNC-035] a push of 250 items is accepted for background processing, not refused for its size',
      ),
      async ({ api, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const items = Array.from({ length: 250 }, (_, i) => anonymousItem(`large-${i}`));
        const response = await push(api, items);
        expect(response).toHaveStatus(202);
        expect(batchOf(response).totalItems).toBe(250);
      },
    );
  });

  test.describe('background replays', () => {
    test(
      ...titled(
        '[SYNC-046] a replay of a finished background batch returns its importId and records nothing more: the same results and counters',
      ),
      async ({ api, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const ref = `conformance-replay-async-${randomUUID()}`;
        const items = mixedItems(101, 'replay-async');
        const first = await push(api, items, ref);
        expect(first).toHaveStatus(202);
        const { importId } = batchOf(first);
        const done = (await pollToCompletion(api, importId)).at(-1)!;

        const replay = await push(api, items, ref);
        expect(replay).toHaveStatus([200, 201, 202]);
        expect(batchOf(replay).importId, 'importId of the replay').toBe(importId);
        const again = (await pollToCompletion(api, importId)).at(-1)!;
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

  test.describe('envelope validation', () => {
    const cases: { ids: string[]; label: string; body: unknown }[] = [
      { ids: ['SYNC-033'], label: 'an empty items array', body: { items: [] } },
      { ids: ['SYNC-034'], label: 'an items entry that is a string', body: { items: ['ACME-0001'] } },
      { ids: ['SYNC-034'], label: 'an items entry that is a number', body: { items: [42] } },
      { ids: ['SYNC-034'], label: 'an items entry that is an array', body: { items: [[{ title: 'x' }]] } },
      { ids: ['SYNC-034'], label: 'an items entry that is null', body: { items: [null] } },
      {
        ids: ['SYNC-034'],
        label: 'a valid item followed by a number',
        body: { items: [{ title: 'Conformance anonymous envelope' }, 7] },
      },
      {
        ids: ['SYNC-032'],
        label: 'an empty externalImportRef',
        body: { externalImportRef: '', items: [{ title: 'Conformance anonymous envelope' }] },
      },
      { ids: ['SYNC-050'], label: 'no items member', body: { item: [{ title: 'Conformance' }] } },
      { ids: ['SYNC-050'], label: 'items that are an object', body: { items: { title: 'Conformance' } } },
      { ids: ['SYNC-050'], label: 'an array at the top level', body: [{ title: 'Conformance' }] },
    ];
    for (const { ids, label, body } of cases) {
      test(
        ...titled(
          `[${ids.join(', ')}] a body with ${label} gives 400 validation_failed with field errors pointing into the body`,
        ),
        async ({ api, requireSetting }) => {
          requireSetting('ALLOW_WRITES');
          const response = await api.call('syncPatents', { body: JSON.stringify(body) });
          expect(response).toBeProblem({ status: 400, code: 'validation_failed' });
          const errors = fieldErrors(response);
          expect(errors.length, 'number of field errors').toBeGreaterThan(0);
          expect(errors.map((e) => pointerMisfit(body, e.pointer)).filter(Boolean)).toEqual([]);
        },
      );
    }

    test(
      ...titled('[SYNC-050] a body that is not valid JSON gives 400 validation_failed with an errors array'),
      async ({ api, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const response = await api.call('syncPatents', {
          body: malformedJson('{"items": [{"title": "Conformance"}'),
        });
        expect(response).toBeProblem({ status: 400, code: 'validation_failed' });
        // errors is present "on validation_failed"; unparseable JSON has nothing to point into, so it may be empty.
        expect(Array.isArray(response.json<{ errors?: unknown }>().errors), 'errors is an array').toBe(true);
      },
    );
  });

  test.describe('review outcomes (provider states)', () => {
    test(
      ...titled(
        '[SYNC-030, SYNC-008] an accepted create reads ACCEPTED with the new patent id on later polls, readable with getPatent, and stagedItems does not decrease',
      ),
      async ({ api, providerState, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const item = createItem('accepted');
        const { batch, result } = await pushOne(api, item);
        expect(result.outcome, 'precondition: the create is STAGED').toBe('STAGED');
        await providerState('sync-item-reviewed', { importId: batch.importId, index: 0, decision: 'accept' });

        const read = await api.call('getSyncBatch', { path: { importId: batch.importId } });
        expect(read).toHaveStatus(200);
        const reviewed = batchOf(read);
        expect(reviewed.stagedItems, 'stagedItems after the review').toBe(batch.stagedItems);
        const accepted = reviewed.results.data[0]!;
        expect(accepted.outcome).toBe('ACCEPTED');
        expect(accepted.servicePatentId).toMatch(UUID);
        const patent = await readPatent(api, accepted.servicePatentId!);
        expect(patent).toMatchObject({ providerId: item.providerId, title: item.title });
      },
    );

    test(
      ...titled(
        '[SYNC-029, SYNC-010] an identical re-push of a proposal refused in review is SUPPRESSED with a reason and counted in suppressedItems',
      ),
      async ({ api, providerState, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const item = createItem('refused');
        await pushRefusedCreate(api, providerState, item);

        const again = await pushOne(api, item);
        expect(again.result.outcome).toBe('SUPPRESSED');
        expect(again.result.reason, 'reason').toEqual(expect.stringMatching(/\S/));
        expect(again.batch.suppressedItems).toBe(1);
      },
    );

    test(
      ...titled(
        '[SYNC-052] a re-push of a proposal refused in review with a changed field is not SUPPRESSED',
      ),
      async ({ api, providerState, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const item = createItem('changed');
        await pushRefusedCreate(api, providerState, item);

        const changed = await pushOne(api, { ...item, title: `${String(item.title)} (corrected)` });
        expect(changed.result.outcome, 'outcome of the changed re-push').not.toBe('SUPPRESSED');
      },
    );

    test(
      ...titled('[SYNC-008] stagedItems does not decrease when a staged proposal is refused in review'),
      async ({ api, providerState, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const { batch } = await pushRefusedCreate(api, providerState, createItem('refused-count'));

        const read = await api.call('getSyncBatch', { path: { importId: batch.importId } });
        expect(read).toHaveStatus(200);
        expect(batchOf(read).stagedItems, 'stagedItems after the refusal').toBe(batch.stagedItems);
      },
    );

    test(
      ...titled(
        "[SYNC-051] a proposal refused in review shows the reviewer's reason verbatim on later polls",
      ),
      async ({ api, providerState, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const reason = `Refused: duplicate of an existing case ${randomUUID()} / ~é`;
        const { batch } = await pushRefusedCreate(api, providerState, createItem('reviewed'), reason);

        const polled = await api.call('getSyncBatch', { path: { importId: batch.importId } });
        expect(polled).toHaveStatus(200);
        // The outcome label of a refused proposal is not shown by the contract: only the reason is asserted.
        expect(polled.json<PatentSyncBatch>().results.data[0]?.reason).toBe(reason);
      },
    );
  });
});
