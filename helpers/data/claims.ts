/**
 * Claims: what a test owns on the target and what it needs from it. A test that changes a patent claims it for
 * the rest of the run (an empty file created with O_EXCL, named in helpers/run/run-folder.ts), so no other test,
 * in any worker, touches it, and the test alone knows what it wrote there. Claims choose data; what the run's
 * writes moved since an earlier read is the journal's to say (helpers/data/writes-since.ts), claims or not.
 *
 * Tests ask by data state (helpers/contract/data-states.ts) through the portfolio, which inherits the methods
 * of `TenantClaims`: `claim` (an exclusive patent holding a claimed state, served first from the patents the
 * reservation plan reserved for it), `workerClaim` (one such patent per worker), `keep` (a patent of a kept
 * state, never handed to a claim), `eventIn` (an event of a present state) and `needs` (data the state
 * guarantees, found by the test's own reads). On the primary tenant each call is recorded on the calling test
 * (an annotation, `stateUseNote`): the README's table and each state's need are made from that record.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';
import type { PatentEvent } from '../../schemas/types';
import {
  DATA_STATES,
  eventsByPatent,
  holdsState,
  openTo,
  PRESENT_EVENTS,
  reservationPlan,
  STATE_USE_ANNOTATION,
  stateById,
  stateUseNote,
  usableFor,
  type ClaimedState,
  type DataStateId,
  type EventRefinement,
  type KeptState,
  type PatentPredicate,
  type PresentState,
  type Refinement,
  type StateUse,
} from '../contract/data-states';
import { claimFile, leasePoolFolder, withFolder } from '../run/run-folder';
import { pause } from '../run/waits';
import { skipBecause } from './verified';

/**
 * True when this process now owns `id` of `kind` on the target `namespace` (its base URL) for the rest of
 * the run; false when another test owns it.
 */
export function claim(namespace: string, kind: string, id: string): boolean {
  try {
    fs.closeSync(fs.openSync(withFolder(claimFile(namespace, kind, id)), 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Takes `file` (a patent's lease or a place of a lease pool) with an empty file created with O_EXCL; returns
 * what frees it, or undefined when another test holds it.
 */
function exclusive(file: string): (() => void) | undefined {
  try {
    fs.closeSync(fs.openSync(file, 'wx'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw error;
  }
  return () => fs.rmSync(file, { force: true });
}

/** The lease of a patent of the pool `pool`: held by one test at a time. */
const leaseOf = (pool: string, patentId: string) => exclusive(path.join(pool, `${patentId}.lease`));

/** True when some test of the run has claimed the patent on the target `namespace` (its base URL). */
export function isClaimed(namespace: string, patentId: string): boolean {
  return fs.existsSync(claimFile(namespace, 'patent', patentId));
}

/** A patent a test claimed (its events fresh, as the per-patent list gives them) or keeps (the snapshot's, earliest due date first). */
export interface HeldPatent {
  patentId: string;
  events: PatentEvent[];
}

export interface ClaimOptions {
  /** A condition this test adds to the state (helpers/contract/data-states.ts names the common ones). */
  refine?: Refinement;
  /** Candidates that satisfy it are tried first. */
  prefer?: PatentPredicate;
  /** Added to the skip reason, e.g. "(two are needed)". */
  note?: string;
}

/** The state, in a skip reason. */
function named(state: DataStateId, refine?: { what: string }): string {
  return `in data state ${state} (${stateById(state).description})${refine ? `, ${refine.what}` : ''}`;
}

/**
 * The claim part of a tenant's portfolio (helpers/data/discovery.ts extends it with the snapshot these methods
 * read). `planned`: the tenant the data states describe (the primary one), whose claims follow the reservation
 * plan and whose uses are recorded.
 */
export abstract class TenantClaims {
  private planPromise: Promise<Map<string, DataStateId>> | undefined;

  protected constructor(
    /** The target's base URL: claims are per target. */
    private readonly namespace: string,
    /** Label used in skip reasons, e.g. "the primary tenant (API_KEY)". */
    readonly label: string,
    private readonly planned: boolean,
  ) {}

  /** Every event of the tenant, from the run's snapshot. */
  abstract events(): Promise<PatentEvent[]>;

  /** Fresh events of one patent. */
  abstract eventsOf(patentId: string): Promise<PatentEvent[]>;

  /** Patents reserved for the data states, from the run's shared snapshot (none on an unplanned tenant). */
  private reservations(): Promise<Map<string, DataStateId>> {
    if (!this.planned) return Promise.resolve(new Map());
    this.planPromise ??= this.events().then((events) => reservationPlan(events, test.info().config.workers));
    return this.planPromise;
  }

  private record(use: StateUse, state: DataStateId): void {
    if (this.planned)
      test.info().annotations.push({ type: STATE_USE_ANNOTATION, description: stateUseNote(use, state) });
  }

  /** Whether some test of the run has claimed the patent (it may have changed since the snapshot). */
  isClaimed(patentId: string): boolean {
    return isClaimed(this.namespace, patentId);
  }

  /**
   * Claims, for the rest of the run, a patent whose fresh events hold `state` (and `refine`), so that no other
   * test changes it. Candidates come from the run's snapshot and are re-read after the claim; those that
   * satisfy `prefer` are tried first. On the primary tenant, the patents reserved for a state go only to claims
   * of that state (first to them), so that a test that can use a commoner patent leaves the rare ones to the
   * tests that need them.
   */
  async claim(state: ClaimedState, options: ClaimOptions = {}): Promise<HeldPatent> {
    this.record('claim', state);
    return this.take(state, options);
  }

  /**
   * A patent in `state` that this test alone holds until `release`, from a pool the run's workers share: a
   * patent of the pool no test holds now, else one more claimed for the pool (as `claim`), else the first one
   * freed, awaited for at most `waitMs`. Any number of workers share the patents a target has, taking turns;
   * the pool holds one patent per test running at once at most. Recorded like a worker claim: the patents a
   * run needs so that no test waits. It skips for lack of data only when no patent is in the pool or on its
   * way there: the data-state table's SHORT (helpers/contract/data-states.ts).
   */
  async lease(state: ClaimedState, waitMs: number): Promise<{ held: HeldPatent; release: () => void }> {
    this.record('worker claim', state);
    const pool = leasePoolFolder(this.namespace, state);
    fs.mkdirSync(pool, { recursive: true });
    const deadline = Date.now() + waitMs;
    for (;;) {
      for (const name of fs.readdirSync(pool).filter((n) => n.endsWith('.json'))) {
        const release = leaseOf(pool, name.slice(0, -'.json'.length));
        if (release) {
          const held = JSON.parse(fs.readFileSync(path.join(pool, name), 'utf8')) as HeldPatent;
          return { held, release };
        }
      }
      const slot = await this.poolSlot(state, pool);
      const found = slot
        ? await this.find(state, {})
        : `no patent ${named(state)} beyond those the tests that claim it for good need, found in ${this.label}`;
      if (typeof found !== 'string') {
        const release = leaseOf(pool, found.patentId)!;
        fs.writeFileSync(path.join(pool, `${found.patentId}.json`), JSON.stringify(found));
        return { held: found, release };
      }
      if (slot) fs.rmSync(slot, { force: true });
      // A slot is a patent in the pool or on its way there (claimed, its events being read): with none, the
      // leases have no patent to take turns on.
      if (!fs.readdirSync(pool).some((n) => n.endsWith('.slot'))) return skipBecause('data', found);
      // Every patent of the pool is held by a test under way, and the target has no other: take turns.
      if (Date.now() > deadline)
        return skipBecause(
          'time',
          `every patent ${named(state)} stayed held by other tests for ${waitMs} ms`,
        );
      await pause(50);
    }
  }

  /**
   * A place in the lease pool of `state` for one more patent (the file that holds it, created with O_EXCL, so
   * that leases starting at once in several workers never take more places than there are), or none. The pool
   * has as many places as the patents that can serve the state (`usableFor`, the count the data-state table
   * decides by) less those the tests that claim one for good need (the state's `fewest`, less the one the leases
   * take turns on): else a claim of the state would find every patent taken by the pool when many workers lease
   * at once, and skip although the table found the state served.
   */
  private async poolSlot(state: ClaimedState, pool: string): Promise<string | undefined> {
    const claims = Math.max(0, (stateById(state).fewest ?? 1) - 1);
    const usable = usableFor(state, eventsByPatent(await this.events()), await this.reservations());
    for (let place = 0; place < usable - claims; place++) {
      const slot = path.join(pool, `${place}.slot`);
      if (exclusive(slot)) return slot;
    }
    return undefined;
  }

  private async take(state: ClaimedState, options: ClaimOptions): Promise<HeldPatent> {
    const found = await this.find(state, options);
    return typeof found === 'string' ? skipBecause('data', found) : found;
  }

  /** A patent claimed for the rest of the run in `state`, or why there is none. */
  private async find(
    state: ClaimedState,
    { refine, prefer, note }: ClaimOptions,
  ): Promise<HeldPatent | string> {
    const wanted = (events: PatentEvent[]) => holdsState(state, events) && (refine?.holds(events) ?? true);
    const byPatent = eventsByPatent(await this.events());
    const plan = await this.reservations();
    const rank = ([patentId, snapshot]: [string, PatentEvent[]]) =>
      (prefer && !prefer(snapshot) ? 2 : 0) + (plan.has(patentId) ? 0 : 1);
    const reservedElsewhere = new Set<string>();
    const candidates = [...byPatent].filter(([patentId, snapshot]) => {
      if (openTo(plan, patentId, state)) return true;
      if (wanted(snapshot)) reservedElsewhere.add(plan.get(patentId)!);
      return false;
    });
    candidates.sort((a, b) => rank(a) - rank(b));
    for (const [patentId, snapshot] of candidates) {
      if (!wanted(snapshot)) continue;
      if (!claim(this.namespace, 'patent', patentId)) continue;
      const events = await this.eventsOf(patentId);
      if (wanted(events)) return { patentId, events };
    }
    const others = DATA_STATES.filter((s) => reservedElsewhere.has(s.id)).map((s) => s.id);
    return (
      `no unclaimed patent ${named(state, refine)}${note ? ` ${note}` : ''} found in ${this.label}` +
      (others.length ? ` (the other candidates are reserved for tests needing: ${others.join(', ')})` : '')
    );
  }

  /**
   * A patent holding the kept `state` (and `refine`) that no test changes: served first from the patents the
   * plan reserved for the state, then from the others no test has claimed yet (those reserved for a claimed
   * state last: their tests will change them). Its events are the snapshot's.
   */
  async keep(state: KeptState, refine?: Refinement): Promise<HeldPatent> {
    this.record('keep', state);
    const plan = await this.reservations();
    const rank = (patentId: string) => {
      const reservedFor = plan.get(patentId);
      if (reservedFor === state) return 0;
      return reservedFor !== undefined && stateById(reservedFor).kind === 'claimed' ? 2 : 1;
    };
    const found = [...eventsByPatent(await this.events())]
      .filter(([, events]) => holdsState(state, events) && (refine?.holds(events) ?? true))
      .filter(([patentId]) => !this.isClaimed(patentId))
      .sort(([a], [b]) => rank(a) - rank(b))[0];
    return found
      ? { patentId: found[0], events: found[1] }
      : skipBecause('data', `no patent ${named(state, refine)} that no test changes found in ${this.label}`);
  }

  /**
   * The events of the snapshot in the present `state`, in the snapshot's order (none: an empty list). Not
   * recorded: a test that cannot do without one asks `eventIn` or says `needs`.
   */
  async eventsIn(state: PresentState): Promise<PatentEvent[]> {
    return (await this.events()).filter(PRESENT_EVENTS[state]);
  }

  /** The first event of the snapshot in the present `state` that satisfies `refine`; skips, naming both, without one. */
  async eventIn(state: PresentState, refine?: EventRefinement): Promise<PatentEvent> {
    this.record('need', state);
    const found = (await this.eventsIn(state)).find((e) => refine?.holds(e) ?? true);
    return found ?? skipBecause('data', `no event ${named(state, refine)} found in ${this.label}`);
  }

  /**
   * Records that the test needs `state` for data it finds by its own reads (a sweep of the patents no test
   * changes, an event of a present state read fresh): without the state it skips.
   */
  needs(state: KeptState | PresentState): void {
    this.record('need', state);
  }
}
