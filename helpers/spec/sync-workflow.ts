/**
 * Small building blocks of the sync specs (specs/sync-*.spec.ts): the items a push carries, pushing and
 * polling a batch, the checks of its counters and results, review decisions through provider states, and
 * the worker fixture `ownPatent`, the patent each worker updates by sync (merged into helpers/test.ts).
 * Contract: Resources, Patent sync batch; States and transitions, Sync batch and item outcomes; Endpoints 8, 9.
 */
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Patent, PatentSyncBatch, SyncResultItem } from '../../schemas/types';
import type { ApiClient, ApiResponse } from '../wire/api-client';
import { enumOf, pageSize } from '../contract/contract';
import { expect, test as base } from './fixtures';
import { walkList } from '../wire/pagination';
import { notVerified } from '../data/verified';
import { pause } from '../run/waits';
import { counterBreaches } from '../rules/sync';

export type Item = Record<string, unknown>;

/**
 * The documented outcome labels. Only the label of a proposal refused in review is not shown, so every item of
 * a batch none of whose items was reviewed (the POST answer of a new batch, its polls) carries one of these.
 */
const OUTCOMES: readonly string[] = enumOf('SyncOutcome');

/** The statuses of a batch whose items are still being processed. */
export const UNFINISHED: readonly string[] = ['PENDING', 'PROCESSING'];

/** Waits between polls of a batch: bounded backoff, within the target's `asyncTimeoutMs` in all. */
const POLL_BACKOFF_MS = [20, 40, 80, 160, 320, 640, 1000];

/**
 * Whether a batch read later may show `later` after showing `earlier`: the same status, or one further on
 * (PENDING, then PROCESSING, then a final status; TRIAGED, then SETTLED or ERROR once decisions are made).
 * Which trigger moves a batch to SETTLED or to ERROR is not shown, so an inline batch may still say
 * PENDING or PROCESSING in its 201 answer.
 */
export function statusMayFollow(
  earlier: PatentSyncBatch['status'],
  later: PatentSyncBatch['status'],
): boolean {
  if (earlier === later || earlier === 'PENDING') return true;
  if (earlier === 'PROCESSING') return later !== 'PENDING';
  return earlier === 'TRIAGED' && (later === 'SETTLED' || later === 'ERROR');
}

/** The instant a date-time names (its printing may differ: `.345Z`, `Z`, `+00:00`); null stays null. */
export function instant(timestamp: string | null): number | null {
  return timestamp === null ? null : Date.parse(timestamp);
}

/** A providerId no patent has (unique per call). */
export const freshProviderId = (label: string): string => `conformance-${label}-${randomUUID()}`;

/** A create: a providerId no patent has, with an office (it stays STAGED until reviewed). */
export function createItem(label: string): Item {
  return { providerId: freshProviderId(label), office: 'EP', title: `Conformance create ${label}` };
}

/** An invalid item (a date that does not exist), REJECTED whatever the portfolio; it echoes a providerId. */
export function invalidItem(label: string): Item {
  return { providerId: freshProviderId(label), office: 'EP', applicationDate: '2024-02-30' };
}

/** An item carrying neither providerId nor servicePatentId: REJECTED. */
export function anonymousItem(label: string): Item {
  return { title: `Conformance anonymous ${label}` };
}

/** `count` items: mostly invalid ones, with a few creates and a few anonymous ones. */
export function mixedItems(count: number, label: string): Item[] {
  return Array.from({ length: count }, (_, i) =>
    i % 40 === 5
      ? createItem(`${label}-${i}`)
      : i % 17 === 3
        ? anonymousItem(`${label}-${i}`)
        : invalidItem(`${label}-${i}`),
  );
}

/** The providerId a result must echo for an item. */
export function echoOf(item: unknown): string | null {
  const providerId = (item as Item | null)?.providerId;
  return typeof providerId === 'string' ? providerId : null;
}

/**
 * How a sync POST writes its body: `client` as the client serializes an object (JSON.stringify: members in
 * the order given, no whitespace); `rewritten`, the same JSON value written otherwise (`rewritten(body)`).
 */
export type BodyWriting = 'client' | 'rewritten';

/** `value` with the members of every object in reverse order (arrays keep theirs): the same JSON value. */
function membersReversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(membersReversed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([name, member]) => [name, membersReversed(member)]),
  );
}

/**
 * The bytes of `body` written otherwise than the client writes it: every object's members in reverse order,
 * indented with tabs, CRLF line ends. The same JSON value in other bytes: "the same items" of a replay are
 * the same values (SYNC-046), whatever their member order or whitespace. A Buffer, which the client sends
 * as it is (an object would be serialized again).
 */
export function rewritten(body: object): Buffer {
  const compact = JSON.stringify(body);
  const text = JSON.stringify(membersReversed(body), null, '\t').replace(/\n/g, '\r\n');
  if (text === compact || !isDeepStrictEqual(JSON.parse(text), JSON.parse(compact)))
    throw new Error(`rewritten: ${compact} not written otherwise as the same value`);
  return Buffer.from(text, 'utf8');
}

/**
 * The sync POST as it is, with no check of its answer (for a batch that has seen a review); `writing`
 * `rewritten` sends the same body in other bytes (a replay of a push the client wrote).
 */
export function postSync(
  api: ApiClient,
  items: unknown[],
  externalImportRef?: string,
  writing: BodyWriting = 'client',
): Promise<ApiResponse> {
  const body = { ...(externalImportRef === undefined ? {} : { externalImportRef }), items };
  return api.call('syncPatents', { body: writing === 'rewritten' ? rewritten(body) : body });
}

export function batchOf(response: ApiResponse): PatentSyncBatch {
  return response.json<PatentSyncBatch>();
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
export async function push(
  api: ApiClient,
  items: unknown[],
  externalImportRef?: string,
  writing: BodyWriting = 'client',
): Promise<ApiResponse> {
  const response = await postSync(api, items, externalImportRef, writing);
  if (response.status === 201)
    expect(unknownLabels(batchOf(response).results.data), 'outcomes at triage (SYNC-016)').toEqual([]);
  return response;
}

/** Pushes items and returns the batch of the answer, whose status must be `status`. */
async function pushAnswered(
  status: 201 | 202,
  api: ApiClient,
  items: unknown[],
  externalImportRef?: string,
): Promise<PatentSyncBatch> {
  const response = await push(api, items, externalImportRef);
  expect(response).toHaveStatus(status);
  return batchOf(response);
}

/** Pushes items processed inline (no more than the inline limit) and returns the batch of the 201 answer. */
export const pushInline = (api: ApiClient, items: unknown[], externalImportRef?: string) =>
  pushAnswered(201, api, items, externalImportRef);

/** Pushes items processed in the background (more than the inline limit) and returns the batch of the 202 answer. */
export const pushInBackground = (api: ApiClient, items: unknown[], externalImportRef?: string) =>
  pushAnswered(202, api, items, externalImportRef);

/** Pushes one item and returns its batch and result (201 expected). */
export async function pushOne(
  api: ApiClient,
  item: Item,
): Promise<{ batch: PatentSyncBatch; result: SyncResultItem }> {
  const batch = await pushInline(api, [item]);
  expect(batch.results.data, 'results of a one-item batch').toHaveLength(1);
  return { batch, result: batch.results.data[0]! };
}

/** A fresh read of a batch by its importId (200 expected). */
export async function readBatch(api: ApiClient, importId: string): Promise<PatentSyncBatch> {
  const response = await api.call('getSyncBatch', { path: { importId } });
  expect(response).toHaveStatus(200);
  return batchOf(response);
}

type ProviderState = (name: string, body: object) => Promise<unknown>;

/** Has the back office refuse a batch's item in review (provider state `sync-item-reviewed`). */
export async function refuseInReview(
  providerState: ProviderState,
  importId: string,
  index: number,
  reason = `Conformance refusal ${randomUUID()}`,
): Promise<void> {
  await providerState('sync-item-reviewed', { importId, index, decision: 'refuse', reason });
}

/** Has the back office accept a batch's item in review (provider state `sync-item-reviewed`). */
export async function acceptInReview(
  providerState: ProviderState,
  importId: string,
  index: number,
): Promise<void> {
  await providerState('sync-item-reviewed', { importId, index, decision: 'accept' });
}

/** Pushes a create, checks it is STAGED, and has it refused in review. */
export async function pushRefusedCreate(
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
 * Brings an accepted update into effect: an APPLIED one already is; a STAGED one (the contract does not say
 * which fields are critical) is accepted in review through the provider state.
 */
export async function bringIntoEffect(providerState: ProviderState, batch: PatentSyncBatch, index: number) {
  const outcome = batch.results.data[index]?.outcome;
  expect(['APPLIED', 'STAGED'], `outcome of item ${index}`).toContain(outcome);
  if (outcome === 'STAGED') await acceptInReview(providerState, batch.importId, index);
}

/**
 * Polls a batch none of whose items was reviewed, with bounded backoff, until it is neither PENDING nor
 * PROCESSING; each poll carries documented outcome labels only. The contract states no duration for
 * background processing: a batch still unfinished after `timeoutMs` (the target's `asyncTimeoutMs`, setting
 * ASYNC_TIMEOUT_MS) ends the test as not verified. Returns every poll, in order.
 */
export async function pollToCompletion(
  api: ApiClient,
  importId: string,
  timeoutMs: number,
): Promise<PatentSyncBatch[]> {
  // The test's own timeout must leave room for the whole poll, so that a slow batch fails with this message.
  const info = base.info();
  if (info.timeout > 0 && info.timeout < timeoutMs + 20_000) info.setTimeout(timeoutMs + 20_000);
  const started = Date.now();
  const polls: PatentSyncBatch[] = [];
  for (let attempt = 0; ; attempt++) {
    const response = await api.call('getSyncBatch', {
      path: { importId },
      query: { itemsPerPage: pageSize().cap },
    });
    expect(response).toHaveStatus(200);
    const batch = batchOf(response);
    expect(unknownLabels(batch.results.data), 'outcomes of a batch never reviewed (SYNC-016)').toEqual([]);
    polls.push(batch);
    if (!UNFINISHED.includes(batch.status)) return polls;
    const wait = POLL_BACKOFF_MS[Math.min(attempt, POLL_BACKOFF_MS.length - 1)]!;
    if (Date.now() - started + wait > timeoutMs)
      notVerified(
        'time',
        `batch ${importId} still ${batch.status} (${batch.processedItems}/${batch.totalItems} processed) after ` +
          `${timeoutMs} ms of polling (setting ASYNC_TIMEOUT_MS); the contract states no duration`,
      );
    await pause(wait);
  }
}

/** Every result of a batch, page by page. */
export async function allResults(
  api: ApiClient,
  importId: string,
  itemsPerPage = pageSize().cap,
): Promise<SyncResultItem[]> {
  const walk = await walkList<SyncResultItem>(api, 'getSyncBatch', {
    path: { importId },
    itemsPerPage,
    envelope: (response) => batchOf(response).results,
  });
  expect(walk.truncated, 'results walked to their end').toBe(false);
  return walk.items;
}

/**
 * A completed batch's counters against every one of its results (the counter rules of rules/sync.ts), and
 * their sum against totalItems: every item has exactly one outcome once the batch is complete.
 */
export function counterViolations(batch: PatentSyncBatch, results: SyncResultItem[]): string[] {
  const sum = batch.autoAppliedItems + batch.stagedItems + batch.rejectedItems + batch.suppressedItems;
  return [
    ...counterBreaches(batch, results),
    ...(sum === batch.totalItems
      ? []
      : [`the four counters add up to ${sum}, totalItems is ${batch.totalItems}`]),
  ];
}

/**
 * The members an update item carried, beside what the patent read after it shows of each: an APPLIED item
 * wrote every one ("known reference updates the matching patent"), dates included, each the same strict
 * `YYYY-MM-DD`. servicePatentId names the patent (its id), it is no member; a claimCount of 0 or below is
 * stored as null (unknown).
 */
export function carriedMembers(item: Item, patent: Patent): { carried: Item; shown: Item } {
  const names = Object.keys(item).filter((name) => name !== 'servicePatentId');
  const stored = (name: string, value: unknown) =>
    name === 'claimCount' && typeof value === 'number' && value <= 0 ? null : value;
  const shown = patent as unknown as Item;
  return {
    carried: Object.fromEntries(names.map((name) => [name, stored(name, item[name])])),
    shown: Object.fromEntries(names.map((name) => [name, shown[name]])),
  };
}

/** A fresh read of a patent (200 expected). */
export async function readPatent(api: ApiClient, patentId: string): Promise<Patent> {
  const response = await api.call('getPatent', { path: { patentId } });
  expect(response).toHaveStatus(200);
  return response.json<Patent>();
}

export interface SyncPatent {
  patentId: string;
  providerId: string;
}

export const ownPatentTest = base.extend<{ ownPatent: () => Promise<SyncPatent> }>({
  /**
   * A patent this test alone updates by sync (data state `sync-target`), leased from the pool the run's
   * workers share (`portfolio.lease`) by the first call and released when the test ends: each test asserts
   * only values it has just written, and any number of workers take turns on the patents the target has.
   * Only title, claimCount and publicationDate are written. A function, not the patent: a test that finds none skips.
   */
  ownPatent: [
    async ({ portfolio }, use, testInfo) => {
      let leased: { held: SyncPatent; release: () => void } | undefined;
      await use(async () => {
        if (leased === undefined) {
          const { held, release } = await portfolio.lease('sync-target', testInfo.timeout / 2);
          leased = {
            held: { patentId: held.patentId, providerId: held.events[0]!.patent.providerId! },
            release,
          };
        }
        return leased.held;
      });
      leased?.release();
    },
    { box: 'self' },
  ],
});
