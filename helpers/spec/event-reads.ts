/**
 * The events the event specs judge: the worker's snapshot (the by-period list over a wide window) and fresh
 * per-patent sweeps of a few patents chosen to hold every instructability state, held by the worker fixture
 * `eventReads` and read once, in the first test that needs them.
 */
import type { Portfolio } from '../data/discovery';
import { skipBecause } from '../data/verified';
import { renewals, waitsForEarlier } from '../contract/event-rules';
import { workerReadOfPortfolio } from './worker-read';
import { sharedSweep } from '../data/shared-sweeps';
import type { PatentEvent } from '../../schemas/types';

/** Days of slack in date rules: the server's "today" may be a day off the suite's UTC date (its own time zone). */
export const SLACK_DAYS = 2;

export interface EventReads {
  /** The worker's snapshot: every event of the by-period list over a wide window. */
  snapshot: PatentEvent[];
  /** Fresh per-patent sweeps of the sampled patents, by patent id. */
  perPatent: Map<string, PatentEvent[]>;
  /** When the first of these reads was sent (ms): the run's writes since may have moved what they show. */
  since: number;
}

/** Picks up to one patent per instructability state found in the snapshot (and the one with most events). */
function samplePatents(snapshot: PatentEvent[], portfolio: Portfolio): string[] {
  const byPatent = new Map<string, PatentEvent[]>();
  for (const event of renewals(snapshot))
    byPatent.set(event.patent.id, [...(byPatent.get(event.patent.id) ?? []), event]);
  const candidates = [...byPatent].filter(([id]) => !portfolio.isClaimed(id));
  const states: ((e: PatentEvent) => boolean)[] = [
    waitsForEarlier,
    (e) => e.instructability.blockedReason === 'ALREADY_INSTRUCTED',
    (e) => e.instructability.blockedReason === 'TOO_EARLY',
    (e) => e.duePeriod === 'LAPSED' && e.instructability.isAllowed,
    (e) => e.instructability.isAllowed,
    (e) => e.renewal?.paymentSequenceNumber !== undefined && e.renewal?.paymentSequenceNumber !== null,
    // Blocked for a reason outside the three (OPEN-POINTS B21, E3).
    (e) => !e.instructability.isAllowed && e.instructability.blockedReason === null,
  ];
  const chosen = new Set<string>();
  const most = [...candidates].sort((a, b) => b[1].length - a[1].length)[0];
  if (most) chosen.add(most[0]);
  for (const state of states) {
    if ([...chosen].some((id) => byPatent.get(id)!.some(state))) continue;
    const found = candidates.find(([, events]) => events.some(state));
    if (found) chosen.add(found[0]);
  }
  return [...chosen].slice(0, 4);
}

async function readEvents(portfolio: Portfolio, namespace: string): Promise<EventReads> {
  const snapshot = await portfolio.events();
  // The per-patent sweeps are read once for the run, whichever worker asks first.
  const { sentAt, sweeps } = await sharedSweep(namespace, 'per-patent-events', async () => {
    const sentAt = Date.now();
    // The patents' sweeps do not depend on each other: read together.
    const sweeps = await Promise.all(
      samplePatents(snapshot, portfolio).map(async (patentId): Promise<[string, PatentEvent[]]> => [
        patentId,
        await portfolio.eventsOf(patentId),
      ]),
    );
    return { sentAt, sweeps };
  });
  return { snapshot, perPatent: new Map(sweeps), since: Math.min(sentAt, await portfolio.snapshotSentAt()) };
}

export const eventReadsTest = workerReadOfPortfolio(
  'eventReads',
  ({ portfolio, target }) =>
    () =>
      readEvents(portfolio, target.baseUrl),
);

export interface Labelled {
  where: string;
  event: PatentEvent;
}

/** Every event read, labelled with where it was read; skips when the tenant has no event. */
export function labelledEvents({ snapshot, perPatent }: EventReads, portfolio: Portfolio): Labelled[] {
  if (snapshot.length === 0) skipBecause('data', `no event found in ${portfolio.label}`);
  return [
    ...snapshot.map((event) => ({ where: 'by-period list', event })),
    ...[...perPatent.values()].flat().map((event) => ({ where: 'per-patent list', event })),
  ];
}

export function requireSome(events: Labelled[], predicate: (e: PatentEvent) => boolean, what: string): void {
  if (!events.some(({ event }) => predicate(event)))
    skipBecause('data', `no event ${what} found in the primary tenant`);
}
