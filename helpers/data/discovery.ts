/**
 * Finds the data a test needs by reading the API (never by known ids), once per worker: the tenant's snapshot.
 * The portfolio's claims (exclusive patents for tests that change them, asked by data state) are the part it
 * inherits from helpers/data/claims.ts. A missing precondition skips the test, naming it.
 */
import type { Patent, PatentEvent } from '../../schemas/types';
import type { ApiClient } from '../wire/api-client';
import { TenantClaims } from './claims';
import { walkList } from '../wire/pagination';
import { sharedSweep } from './shared-sweeps';
import { skipBecause, verifiedOnlyIf } from './verified';
import { writesSince, type WritesSince } from './writes-since';
import type { Aspect, Subject } from '../contract/write-effects';

/** A due window wide enough to hold every event of a portfolio. */
export const WIDE_WINDOW = { dueFrom: '1900-01-01', dueTo: '2199-12-31' } as const;

/** A sweep of a list: its items, whether the walk reached the end of the list, and when it began. */
export interface Snapshot<T> {
  items: T[];
  /** False when the walk stopped at its page limit: the items are then only a prefix of the list. */
  complete: boolean;
  /** When its first request was sent (ms): the run's writes since then may have moved what it shows. */
  sentAt: number;
}

/** A walk of a list as a snapshot, timed from before its first request. */
async function snapshotOf<T>(walk: () => Promise<{ items: T[]; truncated: boolean }>): Promise<Snapshot<T>> {
  const sentAt = Date.now();
  const { items, truncated } = await walk();
  return { items, complete: !truncated, sentAt };
}

/** Pages read by a discovery sweep, at most (100 items a page). */
const SWEEP_PAGES = 10;

/** The events sweep of a tenant (every event over a wide window, its first pages on a large tenant). */
export function sweepEvents(api: ApiClient): Promise<Snapshot<PatentEvent>> {
  return snapshotOf(() =>
    walkList<PatentEvent>(api, 'listEventsByPeriod', { query: WIDE_WINDOW, maxPages: SWEEP_PAGES }),
  );
}

export interface PortfolioOptions {
  /** Label used in skip reasons, e.g. "the primary tenant (API_KEY)". */
  label: string;
  /** Names the tenant's sweeps among the run's workers (helpers/data/shared-sweeps.ts); unset: not shared. */
  shareAs?: string;
  /**
   * The tenant the data states describe (the primary one): its claims follow the reservation plan of
   * helpers/contract/data-states.ts and its tests' uses of the states are recorded. Default: false.
   */
  planned?: boolean;
}

export class Portfolio extends TenantClaims {
  private patentsPromise: Promise<Snapshot<Patent>> | undefined;
  private eventsPromise: Promise<Snapshot<PatentEvent>> | undefined;
  private readonly shareAs: string | undefined;

  constructor(
    private readonly api: ApiClient,
    { label, shareAs, planned = false }: PortfolioOptions,
  ) {
    super(api.baseUrl, label, planned);
    this.shareAs = shareAs;
  }

  private sweep<T>(name: string, walk: () => Promise<T>): Promise<T> {
    return this.shareAs === undefined ? walk() : sharedSweep(this.shareAs, name, walk);
  }

  private patentsSnapshot(): Promise<Snapshot<Patent>> {
    this.patentsPromise ??= this.sweep('patents', () =>
      snapshotOf(() => walkList<Patent>(this.api, 'listPatents', { maxPages: SWEEP_PAGES })),
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

  /** When the snapshot of the events (or of the patents) began (ms). */
  async snapshotSentAt(what: 'events' | 'patents' = 'events'): Promise<number> {
    return (await (what === 'events' ? this.eventsSnapshot() : this.patentsSnapshot())).sentAt;
  }

  /**
   * Ends the test not verified when a write of the run since the events snapshot was read (where the test's
   * expectation comes from) may have moved one of `aspects` of the event: that expectation no longer holds for
   * it. Asked once the later answer is in, before it is judged.
   */
  async requireUnmoved(
    event: { id: string; patent: { id: string; providerId?: string | null } },
    ...aspects: Aspect[]
  ): Promise<void> {
    return this.requireUnmovedSubject(
      await this.snapshotSentAt(),
      { eventId: event.id, patentId: event.patent.id, providerId: event.patent.providerId },
      `event ${event.id}`,
      ...aspects,
    );
  }

  /** `requireUnmoved` for any subject: a patent (by its id or providerId), an event, the tenant (`{}`). */
  async requireUnmovedSubject(
    since: number,
    subject: Subject,
    what: string,
    ...aspects: Aspect[]
  ): Promise<void> {
    const movers = (await this.writesSince(since)).movers(subject, ...aspects);
    verifiedOnlyIf(
      movers.length === 0,
      'time',
      `the run's writes since the read this test expects from may have moved ${aspects.join(', ')} of ${what}: ${movers.join(', ')}`,
    );
  }

  /**
   * The run's writes since the snapshot of the events (and of the patents, with `'patents'`) began: what the
   * snapshot shows plus these writes is what a later read must show. Asked once the later read is answered.
   */
  async writesSinceSnapshot(...also: 'patents'[]): Promise<WritesSince> {
    const events = await this.eventsSnapshot();
    const since = also.includes('patents')
      ? Math.min(events.sentAt, (await this.patentsSnapshot()).sentAt)
      : events.sentAt;
    return this.writesSince(since);
  }

  /**
   * The run's writes since `since` (ms, when an earlier read was sent); an event's patent is the snapshot's.
   * Asked once the later read is answered.
   */
  async writesSince(since: number): Promise<WritesSince> {
    const patents = new Map((await this.events()).map((e) => [e.id, e.patent.id]));
    return writesSince(this.api.baseUrl, since, (e) => patents.get(e));
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
          'data',
          `the ${kind} of ${this.label} span more than ${SWEEP_PAGES} pages of 100: the snapshot is partial`,
        );
    }
  }

  async patent(predicate: (p: Patent) => boolean, what: string): Promise<Patent> {
    const found = (await this.patents()).find(predicate);
    return found ?? skipBecause('data', `no patent ${what} found in ${this.label}`);
  }

  async event(predicate: (e: PatentEvent) => boolean, what: string): Promise<PatentEvent> {
    const found = (await this.events()).find(predicate);
    return found ?? skipBecause('data', `no event ${what} found in ${this.label}`);
  }

  /** Fresh events of one patent, in the order the per-patent list returns them. */
  async eventsOf(patentId: string): Promise<PatentEvent[]> {
    return (await walkList<PatentEvent>(this.api, 'listPatentEvents', { path: { patentId } })).items;
  }
}
