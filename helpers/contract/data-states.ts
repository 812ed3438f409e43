/**
 * The data states the suite looks for in the primary tenant: the states themselves are data shared with the
 * reference (schemas/data-states.ts); this module adds what holds each one (a predicate over the events of one
 * patent, as the discovery snapshot shows them, stated here once), the conditions a test may add to a state, the
 * reservation plan, and the tables of the run, of `npm run preflight` and of the README.
 *
 * A test asks by state (`portfolio.claim('proceedable')`, helpers/data/claims.ts), and each call is recorded on
 * the test as an annotation (`stateUseNote`); the uses of a complete run (`usesOfReport`) are what the README's
 * table and each claimed state's need are made from. The plan is a pure function of the run's shared snapshot
 * (helpers/data/shared-sweeps.ts), so every worker computes the same one.
 */
import {
  DATA_STATE_DEFINITIONS,
  DATA_STATE_USES,
  MINIMUM_TENANT_WORKERS,
  neededOf,
  type DataStateDefinition,
  type DataStateId,
  type DataStateKind,
  type DataStateUses,
  type DataStateUsesTable,
  type StateOfKind,
} from '../../schemas/data-states';
import type { PatentEvent } from '../../schemas/types';
import {
  awaitsDecision,
  behindSeveralAwaiting,
  blockedAsInstructed,
  blockedTooEarly,
  earliestPending,
  instructableFirst,
  isRenewal,
  laterPending,
  offers,
  pendingRenewals,
  renewals,
  waitsForEarlier,
} from './event-rules';

export type { DataStateId, DataStateKind, StateOfKind };
export type ClaimedState = StateOfKind<'claimed'>;
export type KeptState = StateOfKind<'kept'>;
export type PresentState = StateOfKind<'present'>;

/** Whether one patent's events (earliest due date first) hold a state. */
export type PatentPredicate = (events: PatentEvent[]) => boolean;

/** The event predicate of each present state: the state holds on a patent with one such event. */
export const PRESENT_EVENTS: Readonly<Record<PresentState, (event: PatentEvent) => boolean>> = {
  'too-early': blockedTooEarly,
  'already-instructed': blockedAsInstructed,
  invoiced: (e) => isRenewal(e) && e.feesStatus === 'INVOICED',
};

const hasEvents: PatentPredicate = (events) => events.length > 0;

/**
 * A patent the sync tests may update: it has a providerId, and its events leave nothing to instruct and nothing
 * LOCKED, which other specs need.
 */
const updatableBySync: PatentPredicate = (events) =>
  typeof events[0]?.patent.providerId === 'string' &&
  renewals(events).every((e) => !e.instructability.isAllowed && e.feesStatus !== 'LOCKED');

/**
 * What holds each state. Where the tests that claim a state read "the first event" differently
 * (helpers/contract/event-rules.ts), the state says only what each reading implies, and a test adds its reading as
 * a refinement (below), so that it selects exactly the patents its own reading accepts.
 */
const HOLDS: Readonly<Record<Exclude<DataStateId, PresentState>, PatentPredicate>> = {
  'earlier-event-pending': (events) => renewals(events).some(waitsForEarlier),
  'earlier-events-pending': (events) => behindSeveralAwaiting(events) !== undefined,
  'earlier-event-pending-unchanged': (events) => renewals(events).some(waitsForEarlier),
  lapsed: (events) => renewals(events).some((e) => e.instructability.isAllowed && !offers(e, 'PROCEED')),
  'locked-unchanged': (events) => events.some((e) => e.feesStatus === 'LOCKED'),
  'proceedable-then-pending': (events) => {
    const first = instructableFirst(events, 'PROCEED');
    return first !== undefined && laterPending(events, first).length > 0;
  },
  proceedable: (events) => renewals(events).some((e) => offers(e, 'PROCEED')),
  allowed: (events) => renewals(events).some((e) => awaitsDecision(e) && e.instructability.isAllowed),
  'sync-target': updatableBySync,
  unchanged: hasEvents,
  any: hasEvents,
};

/** Whether one patent's events (earliest due date first) hold `state`. */
export function holdsState(state: DataStateId, events: PatentEvent[]): boolean {
  return state in PRESENT_EVENTS
    ? events.some(PRESENT_EVENTS[state as PresentState])
    : HOLDS[state as Exclude<DataStateId, PresentState>](events);
}

/** A condition a test adds to a state (a patent holding the state, that this test can use). */
export interface Refinement {
  /** What it asks, in a skip reason ("whose earliest instructable event offers PROCEED"). */
  what: string;
  holds: PatentPredicate;
}

/** A condition a test adds to a present state (an event in the state, that this test can use). */
export interface EventRefinement {
  what: string;
  holds: (event: PatentEvent) => boolean;
}

/**
 * Added to `too-early` by the tests that need an event never decided (together: `tooEarly` of
 * helpers/contract/event-rules.ts); the state itself takes any event the server blocks as TOO_EARLY, which is
 * what the instruction tests instruct.
 */
export const AWAITING_DECISION: EventRefinement = { what: 'awaiting a decision', holds: awaitsDecision };

/** The instruction tests' reading of `proceedable`: the event the server flags instructable offers PROCEED. */
export const INSTRUCTABLE_FIRST_OFFERS_PROCEED: Refinement = {
  what: 'whose earliest instructable event offers PROCEED',
  holds: (events) => instructableFirst(events, 'PROCEED') !== undefined,
};

/**
 * The documents tests' reading of `proceedable`: the earliest event awaiting a decision offers PROCEED (no other
 * rule can block it). Nothing about its fees: the documents follow the instruction whatever its fees show.
 */
export const EARLIEST_PENDING_OFFERS_PROCEED: Refinement = {
  what: 'whose earliest event awaiting a decision offers PROCEED',
  holds: (events) => {
    const first = earliestPending(events);
    return first !== undefined && offers(first, 'PROCEED');
  },
};

/** The fees tests' reading of `proceedable`: as the documents tests', and its fees are the estimate a PROCEED locks. */
export const EARLIEST_PENDING_ESTIMATED_OFFERS_PROCEED: Refinement = {
  what: 'whose earliest event awaiting a decision is ESTIMATED and offers PROCEED',
  holds: (events) => {
    const first = earliestPending(events);
    return first?.feesStatus === 'ESTIMATED' && offers(first, 'PROCEED');
  },
};

/** The instruction tests' reading of `lapsed`: the event the server flags instructable does not offer PROCEED. */
export const INSTRUCTABLE_FIRST_LAPSED: Refinement = {
  what: 'whose earliest instructable event does not offer PROCEED (a lapsed event)',
  holds: (events) => instructableFirst(events) !== undefined && !instructableFirst(events, 'PROCEED'),
};

/** The problem tests' reading of `lapsed`: the earliest event awaiting a decision is allowed without PROCEED. */
export const EARLIEST_PENDING_LAPSED: Refinement = {
  what: 'whose earliest event awaiting a decision is allowed without PROCEED (lapsed)',
  holds: (events) => {
    const first = earliestPending(events);
    return !!first && first.instructability.isAllowed && !offers(first, 'PROCEED');
  },
};

/**
 * INS-017's reading of `earlier-event-pending`: the blocked event shows no decision, since the dates the answer
 * must list are read off the events that show none.
 */
export const BLOCKED_EVENT_SHOWS_NO_DECISION: Refinement = {
  what: 'whose event blocked as EARLIER_EVENT_PENDING shows no decision',
  holds: (events) => pendingRenewals(events).some(waitsForEarlier),
};

export interface DataState extends Omit<DataStateDefinition, 'needed'> {
  /** Whether one patent holds the state; `events` are that patent's events, earliest due date first. */
  holds: PatentPredicate;
  /** Distinct patents a run with every setting allowed needs in this state, with `workers` workers. */
  needed(workers: number): number;
  /** How `needed` reads in the README when it depends on the number of workers. */
  neededText?: string;
  /**
   * For a state whose tests lease a patent one at a time (`portfolio.lease`): the fewest patents with which
   * no test skips. Between it and `needed`, the tests take turns.
   */
  fewest?: number;
  /** The tests that need the state, by the requirement ids of their titles (`'INS-016'`), from their calls. */
  tests: string[];
}

/** The states with what holds them and what the tests of a complete run asked of them (`uses`). */
export function dataStates(uses: DataStateUsesTable = DATA_STATE_USES): DataState[] {
  return DATA_STATE_DEFINITIONS.map((definition) => {
    const { tests, claims, perWorkerTests } = uses[definition.id];
    return {
      ...definition,
      holds: (events: PatentEvent[]) => holdsState(definition.id, events),
      needed: (workers: number) => neededOf(definition, workers, uses),
      ...(perWorkerTests > 0
        ? {
            neededText: `one per worker (at most ${perWorkerTests})${claims > 0 ? `, plus ${claims}` : ''}; fewer: tests take turns`,
            fewest: claims + 1,
          }
        : {}),
      tests,
    };
  });
}

export const DATA_STATES: readonly DataState[] = dataStates();

export function stateById(id: DataStateId): DataState {
  return DATA_STATES.find((s) => s.id === id)!;
}

/** The requirement ids of the tests that need a state. */
export function requirementsOf(state: DataState): string[] {
  return [...new Set(state.tests.flatMap((t) => t.split(', ')))].sort();
}

/** The events of the snapshot grouped by patent, each list earliest due date first. */
export function eventsByPatent(events: PatentEvent[]): Map<string, PatentEvent[]> {
  const byPatent = new Map<string, PatentEvent[]>();
  for (const event of events) {
    const list = byPatent.get(event.patent.id) ?? [];
    list.push(event);
    byPatent.set(event.patent.id, list);
  }
  for (const list of byPatent.values()) list.sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  return byPatent;
}

const RESERVED: readonly DataStateKind[] = ['claimed', 'kept'];

/**
 * Which patent is reserved for which state (claimed and kept states): the scarcest state first (fewest
 * holders beyond its need), each taking the holders that hold the fewest other reserved states, so that a
 * target holding the documented minimum serves every state. Then a state left with fewer patents than its tests
 * need not to skip (`usableFor` below its `fewest` or need) takes holders back from the states whose tests take
 * turns, as far as those keep their `fewest`: a tenant short of a patent per worker's turn makes those tests
 * wait, never another state's tests skip. Deterministic for one snapshot.
 */
export function reservationPlan(events: PatentEvent[], workers: number): Map<string, DataStateId> {
  const byPatent = [...eventsByPatent(events)].sort(([a], [b]) => a.localeCompare(b));
  const states = DATA_STATES.filter((s) => RESERVED.includes(s.kind));
  const holders = new Map(
    states.map((s) => [s.id, byPatent.filter(([, list]) => s.holds(list)).map(([id]) => id)]),
  );
  const heldBy = new Map(
    byPatent.map(([id, list]) => [id, states.filter((s) => s.holds(list)).length] as const),
  );
  const fewestFirst = (a: string, b: string) => heldBy.get(a)! - heldBy.get(b)! || a.localeCompare(b);
  const order = states
    .map((s, index) => ({ s, index, slack: holders.get(s.id)!.length - s.needed(workers) }))
    .sort((a, b) => a.slack - b.slack || a.index - b.index);
  const plan = new Map<string, DataStateId>();
  for (const { s } of order) {
    const free = holders
      .get(s.id)!
      .filter((id) => !plan.has(id))
      .sort(fewestFirst);
    for (const id of free.slice(0, s.needed(workers))) plan.set(id, s.id);
  }
  const reserved = (id: DataStateId) => [...plan.values()].filter((s) => s === id).length;
  const spare = (id: string) => {
    const state = stateById(plan.get(id)!);
    return state.fewest !== undefined && reserved(state.id) > state.fewest;
  };
  const byPatentMap = new Map(byPatent);
  for (const { s } of order) {
    const candidates = holders
      .get(s.id)!
      .filter((id) => plan.has(id))
      .sort(fewestFirst);
    while (usableFor(s.id, byPatentMap, plan) < (s.fewest ?? s.needed(workers))) {
      const given = candidates.find((id) => plan.get(id) !== s.id && spare(id));
      if (given === undefined) break;
      plan.set(given, s.id);
    }
  }
  return plan;
}

/**
 * How a test used a state: `claim` took a patent for it (one per call), `worker claim` was served the patent its
 * worker claimed once (`portfolio.workerClaim`), `keep` read a patent no test changes, `need` read data the
 * state guarantees (its own sweep of unchanged patents, an event of a present state).
 */
export type StateUse = 'claim' | 'worker claim' | 'keep' | 'need';

/** The annotation type of a recorded use. */
export const STATE_USE_ANNOTATION = 'data state';

/** The annotation description of a use: `claim proceedable`. */
export function stateUseNote(use: StateUse, state: DataStateId): string {
  return `${use} ${state}`;
}

/** The parts of a Playwright JSON report the uses are read from. */
interface ReportAnnotation {
  type: string;
  description?: string;
}
export interface ReportSuite {
  suites?: ReportSuite[];
  specs?: {
    title: string;
    tests: { annotations?: ReportAnnotation[]; results: { annotations?: ReportAnnotation[] }[] }[];
  }[];
}

/**
 * The uses of each state in a run's Playwright JSON report (its suites): the tests that used it, by the
 * requirement ids of their titles, and the claims counted. Meaningful for a complete run only (every test ran
 * to its end: a test that stopped early may have made fewer calls).
 */
export function usesOfReport(suites: ReportSuite[]): Record<DataStateId, DataStateUses> {
  const uses = Object.fromEntries(
    DATA_STATE_DEFINITIONS.map((s) => [s.id, { tests: [] as string[], claims: 0, perWorkerTests: 0 }]),
  ) as Record<DataStateId, DataStateUses>;
  const visit = (suite: ReportSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        // The last attempt's annotations: the static ones and those its calls pushed.
        const annotations = test.results.at(-1)?.annotations ?? test.annotations ?? [];
        const group = annotations
          .filter((a) => a.type === 'requirement')
          .map((a) => a.description)
          .join(', ');
        const perWorker = new Set<DataStateId>();
        for (const { type, description } of annotations) {
          if (type !== STATE_USE_ANNOTATION || description === undefined) continue;
          const state = description.slice(description.lastIndexOf(' ') + 1) as DataStateId;
          const use = description.slice(0, description.lastIndexOf(' ')) as StateUse;
          const entry = uses[state];
          if (entry === undefined)
            throw new Error(`a test recorded a use of an unknown data state: ${description}`);
          if (!entry.tests.includes(group)) entry.tests.push(group);
          if (use === 'claim') entry.claims += 1;
          if (use === 'worker claim') perWorker.add(state);
        }
        for (const state of perWorker) uses[state].perWorkerTests += 1;
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  suites.forEach(visit);
  for (const entry of Object.values(uses)) entry.tests.sort();
  return uses;
}

/** Whether the plan leaves a patent to the claims of `state`: reserved for none, or for it. */
export function openTo(
  plan: ReadonlyMap<string, DataStateId>,
  patentId: string,
  state: DataStateId,
): boolean {
  const reservedFor = plan.get(patentId);
  return reservedFor === undefined || reservedFor === state;
}

/**
 * The patents that can serve the tests of `state` (the snapshot's events by patent, the run's plan): the count
 * that decides whether they skip, wait or neither. A claimed state's claims and leases take its holders that the
 * plan leaves open to it (helpers/data/claims.ts: those reserved for it first); a kept state's tests read its
 * holders that no claim takes: claims are served from the patents reserved for their states, so these are the
 * holders the plan does not reserve for a claimed state (a patent kept for another state is never changed
 * either); a present state's tests read any of its holders.
 */
export function usableFor(
  state: DataStateId,
  byPatent: ReadonlyMap<string, PatentEvent[]>,
  plan: ReadonlyMap<string, DataStateId>,
): number {
  const { kind } = stateById(state);
  const serves = (patentId: string): boolean => {
    if (kind === 'claimed') return openTo(plan, patentId, state);
    if (kind === 'present') return true;
    const reservedFor = plan.get(patentId);
    return reservedFor === undefined || stateById(reservedFor).kind !== 'claimed';
  };
  return [...byPatent].filter(([patentId, events]) => serves(patentId) && holdsState(state, events)).length;
}

/**
 * What a run does with a state: `served`, its tests neither skip nor wait; `turns`, its tests lease one patent at
 * a time and wait for one another (fewer patents than `needed`, at least `fewest`); `short`, some of its tests
 * skip, naming the missing data.
 */
export type StateVerdict = 'served' | 'turns' | 'short';

/** The verdict of a state from the patents that can serve it (`usableFor`) and its need for the run's workers. */
export function verdictOf(state: DataState, needed: number, usable: number): StateVerdict {
  if (usable < (state.fewest ?? needed)) return 'short';
  return usable < needed ? 'turns' : 'served';
}

export interface DataStateCount {
  state: DataState;
  needed: number;
  /** Patents of the snapshot holding the state. */
  has: number;
  /** Patents the plan reserves for it (claimed and kept states). */
  reserved: number;
  /** Patents that can serve its tests (`usableFor`): what decides the verdict. */
  usable: number;
  verdict: StateVerdict;
}

export function dataStateCounts(events: PatentEvent[], workers: number): DataStateCount[] {
  const byPatent = eventsByPatent(events);
  const plan = reservationPlan(events, workers);
  const reserved = (id: string) => [...plan.values()].filter((s) => s === id).length;
  return DATA_STATES.map((state) => {
    const needed = state.needed(workers);
    const usable = usableFor(state.id, byPatent, plan);
    return {
      state,
      needed,
      has: [...byPatent.values()].filter((list) => state.holds(list)).length,
      reserved: RESERVED.includes(state.kind) ? reserved(state.id) : Math.min(1, byPatent.size),
      usable,
      verdict: verdictOf(state, needed, usable),
    };
  });
}

/** The last column of a state's row: the verdict, with the counts that decide it when it is not plain. */
function verdictCell({ state, verdict }: DataStateCount): string {
  if (verdict === 'served') return 'ok';
  if (verdict === 'turns') return `ok, tests take turns (they skip below ${state.fewest})`;
  return state.fewest === undefined ? 'SHORT' : `SHORT (below ${state.fewest})`;
}

/**
 * The table of the data states: what the suite looks for, what it needs, what the target has (from the
 * run's snapshot of `label`), what of it can serve the tests (the count that decides), and the requirements left
 * unverified where a state is short. It says what the run does: the rule is the claims' own (`usableFor`,
 * `verdictOf`; tests/data-state-table.test.ts holds it to the skips and waits of claims driven as a run drives them).
 */
export function dataStateReport(
  events: PatentEvent[],
  options: { workers: number; label: string; complete: boolean },
): string[] {
  const counts = dataStateCounts(events, options.workers);
  const rows = counts.map((count) => ({
    cells: [
      count.state.id,
      String(count.needed),
      String(count.has),
      String(count.usable),
      verdictCell(count),
    ],
    verdict: count.verdict,
    unverified: count.verdict === 'short' ? requirementsOf(count.state).join(' ') : '',
  }));
  const header = ['data state', 'needed', 'target has', 'usable', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r.cells[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const short = rows.filter((r) => r.verdict === 'short').length;
  const turns = rows.filter((r) => r.verdict === 'turns').length;
  return [
    `data states in ${options.label} (${events.length} events${options.complete ? '' : ', first pages only'}; needs for ${options.workers} workers, every setting allowed):`,
    `  ${line(header)}`,
    ...rows.map((r) => `  ${line(r.cells)}${r.unverified ? `  unverified without it: ${r.unverified}` : ''}`),
    '  usable: the patents that can serve its tests (changed by them: those the reservation plan leaves to their claims; ' +
      'left unchanged: those no claim takes; read only: those holding it)',
    ...(turns > 0
      ? [`  ${turns} data state(s) served by turns: their tests wait for one another, none skips for it`]
      : []),
    short === 0
      ? '  every data state is served: no test should skip for lack of data'
      : `  ${short} data state(s) short: their tests skip, naming the missing data (README, "The minimum test tenant")`,
  ];
}

/** Invoice data the invoice and fee tests read (not in the events sweep; nothing claims it). */
export const INVOICE_DATA: readonly { description: string; requirements: string }[] = [
  {
    description: 'a GENERATED and an IMPORTED invoice, with at least two distinct issue dates',
    requirements: 'the INV tests of both origins, windows and sort',
  },
  {
    description: 'a REGULARIZATION invoice with a line',
    requirements: 'the regularization-line tests of specs/invoices.spec.ts',
  },
  {
    description: 'an invoice recorded between 10:00 and 14:00 UTC',
    requirements: 'the createdFrom/createdTo window test of specs/invoices.spec.ts',
  },
];

export const README_START = '<!-- data-states:start (generated by npx tsx scripts/gen-data-states.ts) -->';
export const README_END = '<!-- data-states:end -->';

/**
 * The README's table of the minimum test tenant, from the states and the uses of a complete run (checked by
 * tests/minimum-tenant.test.ts).
 */
export function minimumTenantMarkdown(
  workers = MINIMUM_TENANT_WORKERS,
  uses: DataStateUsesTable = DATA_STATE_USES,
): string[] {
  const states = dataStates(uses);
  const total = states
    .filter((s) => RESERVED.includes(s.kind))
    .reduce((sum, s) => sum + s.needed(workers), 0);
  const kind = { claimed: 'changed by its tests', kept: 'left unchanged', present: 'read only' };
  return [
    README_START,
    '| data state | patents needed | kind | tests that skip without it (the ids in their titles) |',
    '| --- | --- | --- | --- |',
    ...states.map(
      (s) =>
        `| \`${s.id}\`: ${s.description} | ${s.neededText ? `${s.needed(workers)} (${s.neededText})` : s.needed(workers)} | ${kind[s.kind]} | ${s.tests.map((t) => `[${t}]`).join(' ')} |`,
    ),
    '',
    `With ${workers} workers (\`WORKERS=${workers}\`; each further worker needs one more \`sync-target\` patent for its tests not to wait) ` +
      `the primary tenant needs **${total} patents**, each reserved for one of the states ` +
      'above that tests change or keep (a patent in several states counts once); the read-only states are ' +
      'found among them. Besides the patents, the primary tenant needs:',
    '',
    ...INVOICE_DATA.map((d) => `- ${d.description} (${d.requirements});`),
    '- the other tenant (`API_KEY_OTHER_TENANT`): two patents with events, one of them with an instructable event;',
    '  an invoice; the tenant without the freeze capability (`API_KEY_NO_FREEZE`): one patent.',
    README_END,
  ];
}
