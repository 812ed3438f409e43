/**
 * The data-state table says what the run does (helpers/contract/data-states.ts): a state is SHORT only when some
 * of its tests skip for lack of data, and "tests take turns" only when its tests wait for one another. The
 * claims are driven here as a run drives them, through the portfolio's own methods (helpers/data/claims.ts):
 * every claim and lease of a complete run (schemas/generated/data-state-uses.ts), the leases in as many lanes as
 * the run has workers, each holding its patent a while as a sync test does; then the reads of the kept and
 * present states, after the claims, when the fewest patents are left to them. The table of the same snapshot and
 * worker count must name exactly the states whose tests skipped, and exactly those whose leases waited.
 *
 * The claims carry no refinement: the plan and the table count the patents of a state, not of one test's
 * reading of it (a refinement that no reserved patent satisfies is the plan's limit, not the table's).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, test } from 'node:test';
import { test as playwright, type TestInfo } from '@playwright/test';
import {
  DATA_STATES,
  dataStateReport,
  eventsByPatent,
  holdsState,
  reservationPlan,
  stateById,
  type ClaimedState,
  type DataStateId,
  type KeptState,
  type PresentState,
  type StateVerdict,
} from '../helpers/contract/data-states';
import { TenantClaims } from '../helpers/data/claims';
import { REASON_KIND_ANNOTATION } from '../helpers/run/report-config';
import { runFolder } from '../helpers/run/run-folder';
import { pausedMs } from '../helpers/run/waits';
import { DATA_STATE_USES } from '../schemas/data-states';
import type { PatentEvent } from '../schemas/types';
import { seededEvents } from './tenant-events-support';

/** How long a lease holds its patent: about a sync test's requests against a near target. */
const HOLD_MS = 40;
/** How long a lease waits for a patent before it gives up (a run waits half a test's timeout). */
const LEASE_WAIT_MS = 10_000;

/** A skip of the driven claims: what `skipBecause` asked the runner for. */
class Skipped extends Error {
  constructor(
    readonly kind: string,
    reason: string,
  ) {
    super(reason);
  }
}

/**
 * The runner, as the claims see it (`test.info()`): the run's workers, the annotations a call records, and a
 * skip that ends the driven test as a skip ends a test of the run.
 */
function runnerOf(workers: number): TestInfo {
  const annotations: TestInfo['annotations'] = [];
  const skip = (condition: boolean, reason: string) => {
    if (!condition) return;
    const kind = annotations.findLast((a) => a.type === REASON_KIND_ANNOTATION)?.description ?? 'none';
    throw new Skipped(kind, reason);
  };
  return { config: { workers }, annotations, skip } as unknown as TestInfo;
}

/** A portfolio of the snapshot `events`: the claims of the run, with the events they read. */
class SnapshotClaims extends TenantClaims {
  constructor(
    namespace: string,
    private readonly snapshot: PatentEvent[],
  ) {
    super(namespace, 'the driven tenant', true);
  }

  events(): Promise<PatentEvent[]> {
    return Promise.resolve(this.snapshot);
  }

  eventsOf(patentId: string): Promise<PatentEvent[]> {
    return Promise.resolve(this.snapshot.filter((e) => e.patent.id === patentId));
  }
}

let runs = 0;
/** The runner of the run being driven. */
let runner: TestInfo;

/** What each state's tests met in a run driven on `events` with `workers` workers. */
async function drivenRun(events: PatentEvent[], workers: number): Promise<Map<DataStateId, StateVerdict>> {
  runner = runnerOf(workers);
  const claims = new SnapshotClaims(`http://driven-${(runs += 1)}`, events);
  const met = new Map<DataStateId, StateVerdict>(DATA_STATES.map((s) => [s.id, 'served']));
  const outcome = async (state: DataStateId, use: () => Promise<unknown>) => {
    try {
      await use();
    } catch (error) {
      if (!(error instanceof Skipped)) throw error;
      assert.equal(error.kind, 'data', `${state}: a skip of another kind than data: ${error.message}`);
      met.set(state, 'short');
    }
  };
  const ofKind = (kind: string) => DATA_STATES.filter((s) => s.kind === kind);
  // The states claimed for good, then those leased, each beside the claims of its own.
  for (const { id } of ofKind('claimed').filter((s) => DATA_STATE_USES[s.id].perWorkerTests === 0))
    for (let n = 0; n < DATA_STATE_USES[id].claims; n++)
      await outcome(id, () => claims.claim(id as ClaimedState));
  for (const { id } of ofKind('claimed').filter((s) => DATA_STATE_USES[s.id].perWorkerTests > 0)) {
    const { claims: forGood, perWorkerTests } = DATA_STATE_USES[id];
    const waitedBefore = pausedMs();
    const lane = async (first: number) => {
      for (let n = first; n < perWorkerTests; n += workers)
        await outcome(id, async () => {
          const { release } = await claims.lease(id as ClaimedState, LEASE_WAIT_MS);
          await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
          release();
        });
    };
    const forGoodClaims = async () => {
      for (let n = 0; n < forGood; n++) await outcome(id, () => claims.claim(id as ClaimedState));
    };
    await Promise.all([forGoodClaims(), ...Array.from({ length: workers }, (_, first) => lane(first))]);
    if (met.get(id) === 'served' && pausedMs() > waitedBefore) met.set(id, 'turns');
  }
  // The kept states' tests: one patent no test changes (`keep`), and as many as the state needs, read the way
  // the tests that need two read them (PER-002: the patents holding it that no test claimed).
  for (const { id } of ofKind('kept')) {
    await outcome(id, () => claims.keep(id as KeptState));
    const unclaimed = [...eventsByPatent(events)].filter(
      ([patentId, list]) => holdsState(id, list) && !claims.isClaimed(patentId),
    );
    if (unclaimed.length < stateById(id).needed(workers)) met.set(id, 'short');
  }
  for (const { id } of ofKind('present')) await outcome(id, () => claims.eventIn(id as PresentState));
  return met;
}

/** What the table says of each state: the verdict its row prints. */
function tableSays(events: PatentEvent[], workers: number): Map<DataStateId, StateVerdict> {
  const lines = dataStateReport(events, { workers, label: 'the driven tenant', complete: true });
  return new Map(
    DATA_STATES.map((s) => {
      const row = lines.find((line) => line.startsWith(`  ${s.id} `));
      assert.ok(row, `the table has a row of ${s.id}:\n${lines.join('\n')}`);
      const said = row.includes('SHORT') ? 'short' : row.includes('tests take turns') ? 'turns' : 'served';
      return [s.id, said];
    }),
  );
}

const seen = new Set<StateVerdict>();

/** Holds the table of `events` for `workers` workers to the run driven on them. */
async function holdsToTheRun(
  events: PatentEvent[],
  workers: number,
  what: string,
): Promise<Map<DataStateId, StateVerdict>> {
  const said = tableSays(events, workers);
  const met = await drivenRun(events, workers);
  const differ = DATA_STATES.filter((s) => said.get(s.id) !== met.get(s.id)).map(
    (s) => `${s.id}: the table says ${said.get(s.id)}, the run met ${met.get(s.id)}`,
  );
  assert.deepEqual(differ, [], `${what}, ${workers} workers:\n${differ.join('\n')}`);
  for (const verdict of met.values()) seen.add(verdict);
  return met;
}

/** The states a run did not serve plainly, with what their tests met. */
const apart = (met: Map<DataStateId, StateVerdict>) => [...met].filter(([, verdict]) => verdict !== 'served');

let full: PatentEvent[];
let minimum: PatentEvent[];

before(async () => {
  process.env.CONFORMANCE_RUN_ID = `data-state-table-${process.pid}`;
  // The claims ask the runner through `test.info()`, which answers only inside a Playwright test: here it is
  // the runner of the run being driven.
  playwright.info = () => runner;
  [full, minimum] = await Promise.all([seededEvents(), seededEvents('minimum')]);
});

after(() => {
  fs.rmSync(runFolder(), { recursive: true, force: true });
});

void test('the reference data set: the table says what a run with 2 and with 10 workers meets', async () => {
  await holdsToTheRun(full, 2, 'the reference');
  // The run the table once called `unchanged` SHORT in, while none of its tests skipped.
  await holdsToTheRun(full, 10, 'the reference');
});

void test('the minimum test tenant: served with 2 workers, taking turns with more', async () => {
  assert.deepEqual(apart(await holdsToTheRun(minimum, 2, 'the minimum tenant')), []);
  // More workers than it is sized for: the sync tests wait for one another, and no other state's tests skip
  // (README: each further worker needs one more sync-target patent for its tests not to wait).
  assert.deepEqual(apart(await holdsToTheRun(minimum, 10, 'the minimum tenant')), [['sync-target', 'turns']]);
});

void test('tenants short of a state: the table names the states whose tests skip', async () => {
  const plan = reservationPlan(minimum, 2);
  const reservedTo = (kind: string) =>
    new Set([...plan].filter(([, s]) => stateById(s).kind === kind).map(([id]) => id));
  const without = (patents: Set<string>) => minimum.filter((e) => !patents.has(e.patent.id));
  const blocked = [...plan].find(([, state]) => state === 'earlier-event-pending')![0];
  // One of the two states of a blocked event goes without: which one is the plan's choice.
  const oneBlockedLess = apart(
    await holdsToTheRun(without(new Set([blocked])), 2, 'the minimum tenant but one blocked patent'),
  );
  assert.equal(oneBlockedLess.length, 1, JSON.stringify(oneBlockedLess));
  assert.match(oneBlockedLess.join(), /^earlier-event-pending(-unchanged)?,short$/);
  // Only the patents the claims change: every kept state is short (the sync tests give up a patent to one of
  // them, and take turns).
  const keptLess = await holdsToTheRun(
    without(reservedTo('kept')),
    2,
    'the minimum tenant without its kept patents',
  );
  assert.deepEqual(
    apart(keptLess).filter(([, verdict]) => verdict === 'short'),
    DATA_STATES.filter((s) => s.kind === 'kept').map((s) => [s.id, 'short']),
  );
  // One sync-target patent: its claim for good takes it, and the leases have none to take turns on.
  const syncTargets = [...eventsByPatent(minimum)]
    .filter(([, list]) => holdsState('sync-target', list))
    .map(([id]) => id);
  const oneSyncTarget = without(new Set(syncTargets.slice(1)));
  assert.deepEqual(
    apart(await holdsToTheRun(oneSyncTarget, 2, 'the minimum tenant with one sync-target')).filter(
      ([id]) => id === 'sync-target',
    ),
    [['sync-target', 'short']],
  );
});

void test('the driven runs met every verdict the table can give', () => {
  assert.deepEqual([...seen].sort(), ['served', 'short', 'turns']);
});
