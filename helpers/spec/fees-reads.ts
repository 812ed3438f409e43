/**
 * The fees the fees spec judges: GET .../fees of a few events (one per fee status found) and the fees attached
 * by include=fees to the renewal events of a page of a wide window, held by the worker fixture `feesReads`
 * and read once for the run, in the first test that needs them.
 */
import type { ApiClient } from '../wire/api-client';
import { WIDE_WINDOW, type Portfolio } from '../data/discovery';
import { skipBecause } from '../data/verified';
import { isRenewal } from '../contract/event-rules';
import { expect } from './fixtures';
import { workerReadOfPortfolio } from './worker-read';
import { breaches, type Rule } from '../contract/rule-breaches';
import { sharedSweep } from '../data/shared-sweeps';
import type { Fees, PatentEvent, PatentEventList } from '../../schemas/types';

export interface FeesRead {
  where: string;
  event: PatentEvent;
  fees: Fees;
}

export interface FeesReads {
  /** GET .../fees of a few events of unclaimed patents, one per fee status (and due period) found. */
  samples: FeesRead[];
  /** The fees attached to the renewal events of the first page (100) of a wide window with include=fees. */
  attached: FeesRead[];
}

function pickSamples(snapshot: PatentEvent[], portfolio: Portfolio): PatentEvent[] {
  const open = snapshot.filter((e) => isRenewal(e) && !portfolio.isClaimed(e.patent.id));
  const wanted: ((e: PatentEvent) => boolean)[] = [
    (e) => e.feesStatus === 'ESTIMATED' && e.duePeriod === 'GRACE_PERIOD',
    (e) => e.feesStatus === 'ESTIMATED' && e.duePeriod !== 'GRACE_PERIOD',
    (e) => e.feesStatus === 'LOCKED',
    (e) => e.feesStatus === 'INVOICED',
  ];
  return wanted.map((predicate) => open.find(predicate)).filter((e): e is PatentEvent => e !== undefined);
}

function readFees(portfolio: Portfolio, api: ApiClient, namespace: string): Promise<FeesReads> {
  // One read for the run, whichever worker asks first.
  return sharedSweep(namespace, 'fees-reads', async () => {
    const events = pickSamples(await portfolio.events(), portfolio);
    // The reads do not depend on each other: sent together, judged in the order they are listed.
    const [page, ...feesAnswers] = await Promise.all([
      api.call('listEventsByPeriod', { query: { ...WIDE_WINDOW, include: 'fees', itemsPerPage: 100 } }),
      ...events.map((event) =>
        api.call('getEventFees', { path: { patentId: event.patent.id, eventId: event.id } }),
      ),
    ]);
    const samples: FeesRead[] = events.map((event, i) => {
      const response = feesAnswers[i]!;
      expect(response, `fees of event ${event.id}`).toHaveStatus(200);
      return { where: 'event fees', event, fees: response.json<Fees>() };
    });
    expect(page, 'the first page of a wide window with include=fees').toHaveStatus(200);
    const attached = page
      .json<PatentEventList>()
      .data.filter((event) => isRenewal(event) && event.fees !== undefined)
      .map((event) => ({ where: 'include=fees', event, fees: event.fees! }));
    return { samples, attached };
  });
}

export const feesReadsTest = workerReadOfPortfolio(
  'feesReads',
  ({ portfolio, target }) =>
    (api: ApiClient) =>
      readFees(portfolio, api, target.baseUrl),
);

/** Every fees object read; skips when none could be read. */
export function allFees({ samples, attached }: FeesReads, portfolio: Portfolio): FeesRead[] {
  const all = [...samples, ...attached];
  if (all.length === 0) skipBecause('data', `no event with fees found in ${portfolio.label}`);
  return all;
}

/** One line per fees object that breaks the rule. */
export function feesBreaches(reads: FeesRead[], rule: Rule<Fees, PatentEvent>): string[] {
  return breaches(
    reads,
    ({ fees, event }) => rule(fees, event),
    ({ where, event }) => `${where} of event ${event.id}`,
  );
}
