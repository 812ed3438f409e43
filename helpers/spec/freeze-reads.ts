/**
 * The reads and writes of a month's freeze that the freeze specs share: the frozen months of the list, the
 * renewal events by due month, the month to read and the month a test claims to freeze, the canonical rows,
 * and the generated strings that are not `YYYY-MM`.
 */
import fc from 'fast-check';
import { YEAR_MONTH } from '../contract/invariant-types';
import type { Aspect } from '../contract/write-effects';
import { renewals, tooEarly } from '../contract/event-rules';
import { claim } from '../data/claims';
import type { Portfolio } from '../data/discovery';
import { skipBecause } from '../data/verified';
import type { ApiClient, ApiResponse } from '../wire/api-client';
import { walkList } from '../wire/pagination';
import { expect } from './fixtures';
import type {
  ExchangeRateFreeze,
  ExchangeRateFreezeListItem,
  FrozenRateEvent,
  PatentEvent,
} from '../../schemas/types';

/** A valid month far from any renewal, for requests that must be refused before any effect. */
export const REMOTE_MONTH = '2199-12';

/** What a month's freeze shows that the run's writes may move (helpers/contract/write-effects.ts). */
export const FREEZE_ROWS: Aspect[] = ['freeze-rows', 'frozen-rate', 'frozen-months'];

export function frozenMonthsWalk(api: ApiClient) {
  return walkList<ExchangeRateFreezeListItem>(api, 'listExchangeRateFreezes', { maxPages: 10 });
}

export async function frozenMonths(api: ApiClient): Promise<string[]> {
  return (await frozenMonthsWalk(api)).items.map((f) => f.yearMonth);
}

/** Renewal events of the worker's snapshot, by due month. */
export async function renewalsByMonth(portfolio: Portfolio): Promise<Map<string, PatentEvent[]>> {
  const months = new Map<string, PatentEvent[]>();
  for (const event of renewals(await portfolio.events())) {
    const month = event.dueDate.slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), event]);
  }
  return months;
}

/**
 * A month to read: a frozen month (first page of the list) whose rate-frozen renewal events show the most fees
 * statuses (a frozen row's amount must match its fees whether they are an estimate, locked or invoiced), then the one with
 * the most events, else any month ranked so. Ranked by statuses first, the choice stays on a month the seed froze
 * whatever months other tests of the run freeze meanwhile. Also gives the list page it read, and its answer.
 */
export async function monthToRead(
  api: ApiClient,
  portfolio: Portfolio,
): Promise<{
  yearMonth: string;
  listed: ExchangeRateFreezeListItem[];
  list: ApiResponse;
  /** The chosen month, then every other frozen month holding an event whose rate reads frozen. */
  covering: string[];
}> {
  const months = await renewalsByMonth(portfolio);
  const list = await api.call('listExchangeRateFreezes', { query: { itemsPerPage: 100 } });
  expect(list).toHaveStatus(200);
  const listed = list.json<{ data: ExchangeRateFreezeListItem[] }>().data;
  const frozen = new Set(listed.map((f) => f.yearMonth));
  const statuses = (events: PatentEvent[]) =>
    new Set(events.filter((e) => e.isFxRateFrozen).map((e) => e.feesStatus)).size;
  const ranked = [...months].sort(
    ([a, x], [b, y]) =>
      Number(frozen.has(b)) - Number(frozen.has(a)) ||
      statuses(y) - statuses(x) ||
      y.length - x.length ||
      a.localeCompare(b),
  );
  const yearMonth = ranked[0]?.[0] ?? skipBecause('data', `no renewal event found in ${portfolio.label}`);
  // Every frozen month that holds an event whose rate reads frozen, besides: which month ranks first moves
  // with today's date, and a fault of one kind of event (a status, a bill with VAT) must show on every day.
  const more = ranked
    .filter(
      ([month, events]) => month !== yearMonth && frozen.has(month) && events.some((e) => e.isFxRateFrozen),
    )
    .map(([month]) => month)
    .slice(0, FROZEN_MONTHS_READ - 1);
  return { yearMonth, listed, list, covering: [yearMonth, ...more] };
}

/** At most this many months are read whole with their events (two requests each). */
const FROZEN_MONTHS_READ = 6;

/** The read of a month, answered 200: the answer, kept as the cause when its events remove a precondition. */
export async function readMonthAnswer(api: ApiClient, yearMonth: string): Promise<ApiResponse> {
  const response = await api.call('getExchangeRateFreeze', { path: { yearMonth } });
  expect(response).toHaveStatus(200);
  return response;
}

export async function readMonth(api: ApiClient, yearMonth: string): Promise<ExchangeRateFreeze> {
  return (await readMonthAnswer(api, yearMonth)).json<ExchangeRateFreeze>();
}

/**
 * Claims, for the rest of the run, a month not frozen yet that has renewal events, so that no other test
 * of this file freezes it. Months whose events are all too early to instruct come first: no instruction
 * can change them while the test compares reads.
 */
export async function claimMonthToFreeze(
  api: ApiClient,
  portfolio: Portfolio,
  /** A month's score: higher first (before the quiet months). */
  prefer: (events: PatentEvent[]) => number = () => 0,
): Promise<string> {
  const frozen = new Set(await frozenMonths(api));
  const quiet = (events: PatentEvent[]) => events.every(tooEarly);
  const candidates = [...(await renewalsByMonth(portfolio))]
    .filter(([month]) => !frozen.has(month))
    .sort(
      ([a, x], [b, y]) => prefer(y) - prefer(x) || Number(quiet(y)) - Number(quiet(x)) || a.localeCompare(b),
    );
  for (const [month] of candidates) if (claim(api.baseUrl, 'freeze-month', month)) return month;
  return skipBecause('data', `no unfrozen, unclaimed month with renewal events found in ${portfolio.label}`);
}

/** The PUT of a month, answered 200: the answer, kept as the cause when its events remove a precondition. */
export async function putMonthAnswer(api: ApiClient, yearMonth: string): Promise<ApiResponse> {
  const response = await api.call('putExchangeRateFreeze', { path: { yearMonth } });
  expect(response).toHaveStatus(200);
  return response;
}

export async function putMonth(api: ApiClient, yearMonth: string): Promise<ExchangeRateFreeze> {
  return (await putMonthAnswer(api, yearMonth)).json<ExchangeRateFreeze>();
}

/** The events of a freeze in a canonical order, for comparing two reads. */
export function canonical(events: readonly FrozenRateEvent[]): string[] {
  return events.map((e) => JSON.stringify(Object.entries(e).sort(([a], [b]) => a.localeCompare(b)))).sort();
}

/**
 * A frozen-rate event names no event: it is matched with one by its due date and the clientCaseReference of the
 * event's patent. The key of that pair; none without a reference, which matches nothing.
 */
export function frozenPairKey(reference: string | null | undefined, dueDate: string): string | undefined {
  return reference ? `${reference} ${dueDate}` : undefined;
}

export function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

/** Not `YYYY-MM`, and usable as one path segment. */
export const notYearMonth = fc
  .oneof(
    fc
      .tuple(fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 13, max: 99 }))
      .map(([y, m]) => `${y}-${m}`),
    fc.integer({ min: 1000, max: 9999 }).map((y) => `${y}-00`),
    fc
      .tuple(fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 1, max: 9 }))
      .map(([y, m]) => `${y}-${m}`),
    fc
      .tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 1, max: 12 }))
      .map(([y, m]) => `${y}-${String(m).padStart(2, '0')}`),
    fc
      .tuple(fc.integer({ min: 10000, max: 99999 }), fc.integer({ min: 1, max: 12 }))
      .map(([y, m]) => `${y}-${String(m).padStart(2, '0')}`),
    fc
      .tuple(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom('', '_', '.', '~', '--'),
      )
      .map(([y, m, sep]) => `${y}${sep}${String(m).padStart(2, '0')}`),
    fc
      .tuple(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
      )
      .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
    fc.stringMatching(/^[A-Za-z0-9_~-]{1,12}$/),
  )
  .filter((s: string) => !YEAR_MONTH.test(s) && s !== '.' && s !== '..');

/** The items by their key, those whose key is missing or shared by another left out (pairs one to one). */
export function oneToOne<T>(items: T[], key: (item: T) => string | undefined): Map<string, T> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const k = key(item);
    if (k !== undefined) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return new Map(items.filter((i) => counts.get(key(i) ?? '') === 1).map((i) => [key(i)!, i]));
}
