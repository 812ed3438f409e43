/**
 * The data states of the primary tenant, as data: neutral ground that the suite and the reference both read.
 * The suite (helpers/contract/data-states.ts) adds what holds each state (a predicate over one patent's events),
 * plans which patent serves which state, and prints the README's table of the minimum test tenant; the
 * reference seeds that minimum from it (reference/seed.ts, profile "minimum": for each reserved state, as many
 * patents of its shape as a run needs).
 *
 * How many patents a claimed state needs is not typed here: the tests' own calls say it. Each call that claims,
 * keeps or needs a state (`portfolio.claim('proceedable')`, helpers/data/claims.ts) is recorded on the test that
 * made it; scripts/gen-data-states.ts turns the record of a complete run into schemas/generated/data-state-uses.ts,
 * and tests/minimum-tenant.test.ts checks the record of its own run against that file.
 */
import { DATA_STATE_USES } from './generated/data-state-uses';

/**
 * - `claimed`: tests claim patents in this state and change them; the state's patents are reserved for them,
 *   so that a test that can use a commoner patent never takes one a rarer test needs;
 * - `kept`: read-only tests need patents in this state that no test changes; they are reserved and never
 *   handed out by a claim;
 * - `present`: read-only tests need one such event to exist; nothing is reserved.
 */
export type DataStateKind = 'claimed' | 'kept' | 'present';

/**
 * How a patent's events are arranged relative to today, as the reference seeds them: the minimum test tenant
 * holds, for each claimed or kept state, patents of the state's shape.
 */
export const PATENT_SHAPES = {
  blocked:
    'the earliest open event is instructable and a second open event waits for it (EARLIER_EVENT_PENDING)',
  'blocked-behind-two':
    'the earliest open event is instructable and two later open events wait for it, the last behind both (EARLIER_EVENT_PENDING)',
  'too-early': 'every open event is TOO_EARLY',
  lapsed: 'the earliest open event is past its grace period (SKIP_THIS_TIME or DROP only)',
  locked: 'a recent PROCEED, not invoiced yet (fees LOCKED); the later events are too early',
  open: 'one instructable event (current or in grace), the later ones too early',
} as const;

export type PatentShape = keyof typeof PATENT_SHAPES;

export interface DataStateDefinition<Id extends string = DataStateId> {
  id: Id;
  kind: DataStateKind;
  /** What the target must hold, in the README's words. */
  description: string;
  /** Claimed and kept states: the shape of the patents the minimum test tenant holds for the state. */
  shape?: PatentShape;
  /** Kept and present states: the patents needed (a claimed state's need is counted from its claims). */
  needed?: number;
}

const DEFINITIONS = [
  {
    id: 'earlier-event-pending',
    kind: 'claimed',
    description: 'an event blocked as EARLIER_EVENT_PENDING (a later event waits for an earlier one)',
    shape: 'blocked',
  },
  {
    id: 'earlier-events-pending',
    kind: 'claimed',
    description:
      'an event blocked as EARLIER_EVENT_PENDING behind two or more earlier events awaiting a decision',
    shape: 'blocked-behind-two',
  },
  {
    id: 'earlier-event-pending-unchanged',
    kind: 'kept',
    description: 'an event blocked as EARLIER_EVENT_PENDING, on a patent no test changes',
    shape: 'blocked',
    needed: 1,
  },
  {
    id: 'lapsed',
    kind: 'claimed',
    description: 'an allowed event that does not offer PROCEED (past its grace period)',
    shape: 'lapsed',
  },
  {
    id: 'locked-unchanged',
    kind: 'kept',
    description:
      'an event with LOCKED fees (PROCEED executed, not invoiced yet), on a patent no test changes',
    shape: 'locked',
    needed: 1,
  },
  {
    id: 'proceedable-then-pending',
    kind: 'claimed',
    description:
      'an earliest instructable event open to PROCEED, followed by another event awaiting a decision',
    shape: 'open',
  },
  {
    id: 'proceedable',
    kind: 'claimed',
    description: 'an event open to PROCEED',
    shape: 'open',
  },
  {
    id: 'allowed',
    kind: 'claimed',
    description: 'an allowed event awaiting a decision (open to PROCEED or lapsed)',
    shape: 'open',
  },
  {
    id: 'sync-target',
    kind: 'claimed',
    description: 'a patent with a providerId, no instructable event and no LOCKED fees (updated by sync)',
    shape: 'too-early',
  },
  {
    id: 'unchanged',
    kind: 'kept',
    description:
      'a patent with events that no test changes (two, with different office, owner and clientFamilyReference)',
    shape: 'too-early',
    needed: 2,
  },
  {
    id: 'any',
    kind: 'claimed',
    description: 'a patent with events, changed by sync or read while no test instructs it',
    shape: 'too-early',
  },
  { id: 'too-early', kind: 'present', description: 'an event blocked as TOO_EARLY', needed: 1 },
  {
    id: 'already-instructed',
    kind: 'present',
    description: 'an event blocked as ALREADY_INSTRUCTED',
    needed: 1,
  },
  { id: 'invoiced', kind: 'present', description: 'an event with INVOICED fees', needed: 1 },
] as const satisfies readonly DataStateDefinition<string>[];

export type DataStateId = (typeof DEFINITIONS)[number]['id'];

/** The states of one kind, e.g. `StateOfKind<'claimed'>`. */
export type StateOfKind<K extends DataStateKind> = Extract<(typeof DEFINITIONS)[number], { kind: K }>['id'];

/** Every data state, in the README's order. */
export const DATA_STATE_DEFINITIONS: readonly DataStateDefinition[] = DEFINITIONS;

/** What the tests of a complete run asked of one state (schemas/generated/data-state-uses.ts). */
export interface DataStateUses {
  /** The tests that need the state, each by the requirement ids of its title (`INS-017, INS-022`), sorted. */
  tests: string[];
  /** Patents the tests claim in the state: one per call of `portfolio.claim`. */
  claims: number;
  /** Tests served by a claim made once per worker (`portfolio.workerClaim`): one patent per worker, at most one per such test. */
  perWorkerTests: number;
}

export type DataStateUsesTable = Readonly<Record<DataStateId, DataStateUses>>;

export { DATA_STATE_USES };

/** Distinct patents a run with every setting allowed needs in `state`, with `workers` workers. */
export function neededOf(
  state: DataStateDefinition,
  workers: number,
  uses: DataStateUsesTable = DATA_STATE_USES,
): number {
  if (state.kind !== 'claimed') return state.needed ?? 1;
  const { claims, perWorkerTests } = uses[state.id];
  return claims + Math.min(workers, perWorkerTests);
}

/** The workers of the run the minimum test tenant is sized for (README, "The minimum test tenant"). */
export const MINIMUM_TENANT_WORKERS = 2;

/**
 * The shapes of the patents the minimum test tenant's primary tenant holds, one per patent a run with `workers`
 * workers reserves (each claimed or kept state's need, in the shape of the state).
 */
export function minimumShapes(workers = MINIMUM_TENANT_WORKERS): Record<PatentShape, number> {
  const counts = Object.fromEntries(Object.keys(PATENT_SHAPES).map((shape) => [shape, 0])) as Record<
    PatentShape,
    number
  >;
  for (const state of DATA_STATE_DEFINITIONS)
    if (state.shape !== undefined) counts[state.shape] += neededOf(state, workers);
  return counts;
}
