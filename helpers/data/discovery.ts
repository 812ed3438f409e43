/**
 * Finds the data a test needs by reading the API (never by known ids), once per worker, and hands out
 * patents exclusively to tests that change them. A missing precondition skips the test, naming it.
 */
import { test } from '@playwright/test';
import type { Patent, PatentEvent } from '../../schemas/types';
import type { ApiClient } from '../wire/api-client';
import { claim } from './claims';
import { DATA_STATES, reservationPlan, statesOfTest } from '../contract/data-states';
import { sortByDue } from '../contract/event-rules';
import { walkList } from '../wire/pagination';
import { sharedSweep } from './shared-sweeps';

/** A due window wide enough to hold every event of a portfolio. */
export const WIDE_WINDOW = { dueFrom: '1900-01-01', dueTo: '2199-12-31' } as const;

export function skipBecause(reason: string): never {
  test.info().skip(true, reason);
  throw new Error(reason); // not reached: skip() throws
}

/** A sweep of a list: its items, and whether the walk reached the end of the list. */
export interface Snapshot<T> {
  items: T[];
  /** False when the walk stopped at its page limit: the items are then only a prefix of the list. */
  complete: boolean;
}

/** Pages read by a discovery sweep, at most (100 items a page). */
const SWEEP_PAGES = 10;

/** The events sweep of a tenant (every event over a wide window, its first pages on a large tenant). */
export function sweepEvents(api: ApiClient): Promise<Snapshot<PatentEvent>> {
  return walkList<PatentEvent>(api, 'listEventsByPeriod', { query: WIDE_WINDOW, maxPages: SWEEP_PAGES }).then(
    (w) => ({ items: w.items, complete: !w.truncated }),
  );
}

export class Portfolio {
  private patentsPromise: Promise<Snapshot<Patent>> | undefined;
  private eventsPromise: Promise<Snapshot<PatentEvent>> | undefined;

  constructor(
    private readonly api: ApiClient,
    /** Label used in skip reasons, e.g. "the primary tenant (API_KEY)". */
    readonly label: string,
    /** Names the tenant's sweeps among the run's workers (helpers/data/shared-sweeps.ts); unset: not shared. */
    private readonly shareAs?: string,
    /** Claims follow the data plan of helpers/contract/data-states.ts (the primary tenant's). */
    private readonly planned = false,
  ) {}

  private planPromise: Promise<Map<string, string>> | undefined;

  /** Patents reserved for the data states (helpers/contract/data-states.ts), from the run's shared snapshot. */
  private reservations(): Promise<Map<string, string>> {
    if (!this.planned) return Promise.resolve(new Map());
    this.planPromise ??= this.events().then((events) => reservationPlan(events, test.info().config.workers));
    return this.planPromise;
  }

  private sweep<T>(name: string, walk: () => Promise<T>): Promise<T> {
    return this.shareAs === undefined ? walk() : sharedSweep(this.shareAs, name, walk);
  }

  private patentsSnapshot(): Promise<Snapshot<Patent>> {
    this.patentsPromise ??= this.sweep('patents', () =>
      walkList<Patent>(this.api, 'listPatents', { maxPages: SWEEP_PAGES }).then((w) => ({
        items: w.items,
        complete: !w.truncated,
      })),
    );
    return this.patentsPromise;
  }

  private eventsSnapshot(): Promise<Snapshot<PatentEvent>> {
    this.eventsPromise ??= this.sweep('events', () => sweepEvents(this.api));
    return this.eventsPromise;
  }

  /** Every patent of the tenant (one sweep per run), or its first pages on a large tenant (see `complete`). */
  async patents(): Promise<Patent[]> {
    return (await this.patentsSnapshot()).items;
  }

  /**
   * Every event of the tenant as the by-period list returns it over a wide window (one sweep per run), or its
   * first pages on a large tenant (see `complete`).
   */
  async events(): Promise<PatentEvent[]> {
    return (await this.eventsSnapshot()).items;
  }

  /** Whether the sweep of the patents (or of the events) holds the whole list, not only its first pages. */
  async complete(what: 'patents' | 'events'): Promise<boolean> {
    return (await (what === 'patents' ? this.patentsSnapshot() : this.eventsSnapshot())).complete;
  }

  /**
   * Skips the test unless the named sweeps hold their whole lists: a test that needs every patent or every
   * event cannot judge a server against a prefix (the sweep reads at most 10 pages of 100, no more requests).
   */
  async requireComplete(...what: ('patents' | 'events')[]): Promise<void> {
    for (const kind of what) {
      if (!(await this.complete(kind)))
        skipBecause(
          `the ${kind} of ${this.label} span more than ${SWEEP_PAGES} pages of 100: the snapshot is partial`,
        );
    }
  }

  async patent(predicate: (p: Patent) => boolean, what: string): Promise<Patent> {
    const found = (await this.patents()).find(predicate);
    return found ?? skipBecause(`no patent ${what} found in ${this.label}`);
  }

  async event(predicate: (e: PatentEvent) => boolean, what: string): Promise<PatentEvent> {
    const found = (await this.events()).find(predicate);
    return found ?? skipBecause(`no event ${what} found in ${this.label}`);
  }

  /** Fresh events of one patent, in the order the per-patent list returns them. */
  async eventsOf(patentId: string): Promise<PatentEvent[]> {
    return (await walkList<PatentEvent>(this.api, 'listPatentEvents', { path: { patentId } })).items;
  }

  /**
   * Claims, for the rest of the run, a patent whose fresh events satisfy `predicate`, so that no other
   * test changes it. Candidates come from the run's snapshot and are re-read after the claim; those that
   * satisfy `prefer` (when given) are tried first. On the primary tenant, patents reserved for a data state
   * (helpers/contract/data-states.ts) go only to the tests that need that state (first to them), so that tests that
   * can use a commoner patent leave the rare ones to the tests that need them.
   */
  async claimPatent(
    predicate: (events: PatentEvent[]) => boolean,
    what: string,
    prefer?: (events: PatentEvent[]) => boolean,
  ): Promise<{ patentId: string; events: PatentEvent[] }> {
    const byPatent = new Map<string, PatentEvent[]>();
    for (const event of await this.events()) {
      const list = byPatent.get(event.patent.id) ?? [];
      list.push(event);
      byPatent.set(event.patent.id, list);
    }
    const plan = await this.reservations();
    const own = this.planned ? statesOfTest(test.info().title) : new Set<string>();
    const rank = ([patentId, snapshot]: [string, PatentEvent[]]) =>
      (prefer && !prefer(sortByDue(snapshot)) ? 2 : 0) + (plan.has(patentId) ? 0 : 1);
    const reservedElsewhere = new Set<string>();
    const candidates = [...byPatent].filter(([patentId]) => {
      const state = plan.get(patentId);
      if (state === undefined || own.has(state)) return true;
      if (predicate(sortByDue(byPatent.get(patentId)!))) reservedElsewhere.add(state);
      return false;
    });
    candidates.sort((a, b) => rank(a) - rank(b));
    for (const [patentId, snapshot] of candidates) {
      if (!predicate(sortByDue(snapshot))) continue;
      if (!claim(this.api.baseUrl, 'patent', patentId)) continue;
      const events = await this.eventsOf(patentId);
      if (predicate(events)) return { patentId, events };
    }
    const others = DATA_STATES.filter((s) => reservedElsewhere.has(s.id)).map((s) => s.id);
    return skipBecause(
      `no unclaimed patent ${what} found in ${this.label}` +
        (others.length ? ` (the other candidates are reserved for tests needing: ${others.join(', ')})` : ''),
    );
  }
}
