/**
 * The data states the suite looks for in the primary tenant, as data: what each is (a predicate over the
 * events of one patent, as the discovery snapshot shows them), how many distinct patents a run with every
 * setting allowed needs in it, and the tests that need it. Three kinds:
 * - `claimed`: tests claim patents in this state and change them; the state's patents are reserved for them
 *   (`reservationPlan`), so that a test that can use a commoner patent never takes one a rarer test needs;
 * - `kept`: read-only tests need patents in this state that no test changes; they are reserved and never
 *   handed out by a claim;
 * - `present`: read-only tests need one such event to exist; nothing is reserved.
 * The plan is a pure function of the run's shared snapshot (helpers/data/shared-sweeps.ts), so every worker
 * computes the same one. `dataStateReport` prints the table of `npm run preflight` and of the run.
 */
import type { PatentEvent } from '../../schemas/types';
import { renewals, showsNoDecision, tooEarly } from './event-rules';

export type DataStateKind = 'claimed' | 'kept' | 'present';

export interface DataState {
  id: string;
  /** What the target must hold, in the README's words. */
  description: string;
  kind: DataStateKind;
  /** Whether one patent holds the state; `events` are that patent's events, earliest due date first. */
  holds(events: PatentEvent[]): boolean;
  /** Distinct patents a run with every setting allowed needs in this state, with `workers` workers. */
  needed(workers: number): number;
  /** How `needed` reads in the README when it depends on the number of workers. */
  neededText?: string;
  /**
   * The tests that need the state, by the ids in their title's brackets (`'INS-016'` for
   * `[INS-016] a batch ...`). A claim made by one of them is served from the state's reserved patents first.
   */
  tests: string[];
}

/** The earliest renewal event showing no decision. */
const earliestUndecided = (events: PatentEvent[]) => renewals(events).find(showsNoDecision);
const blockedByEarlier = (events: PatentEvent[]) =>
  renewals(events).some(
    (e) => showsNoDecision(e) && e.instructability.blockedReason === 'EARLIER_EVENT_PENDING',
  );
/** The earliest undecided event is open to every decision (PROCEED included) and its fees are ESTIMATED. */
const proceedable = (events: PatentEvent[]) => {
  const first = earliestUndecided(events);
  return (
    !!first &&
    first.instructability.isAllowed &&
    first.instructability.allowedDecisions.includes('PROCEED') &&
    first.feesStatus === 'ESTIMATED'
  );
};
const lapsed = (events: PatentEvent[]) => {
  const first = earliestUndecided(events);
  return (
    !!first && first.instructability.isAllowed && !first.instructability.allowedDecisions.includes('PROCEED')
  );
};
const followed = (events: PatentEvent[]) => {
  const first = earliestUndecided(events);
  return (
    proceedable(events) && renewals(events).some((e) => showsNoDecision(e) && e.dueDate > first!.dueDate)
  );
};
const hasEvents = (events: PatentEvent[]) => events.length > 0;
const anyEvent = (predicate: (e: PatentEvent) => boolean) => (events: PatentEvent[]) =>
  renewals(events).some(predicate);

/** Tests that update a patent by sync (eight, by title): each worker claims one patent for them (`ownPatent` of helpers/spec/sync-workflow.ts). */
const SYNC_TESTS = [
  'SYNC-006, SYNC-007, SYNC-009, SYNC-010',
  'SYNC-036, SYNC-014',
  'SYNC-043, SYNC-026',
  'SYNC-041',
  'SYNC-040',
  'SYNC-046',
];
/** SYNC-043 claims a patent of its own besides (one no other sync test has written to). */
const SYNC_OWN_PATENT_TESTS = ['SYNC-043'];
/** Claims a run makes for the sync tests: one per worker, at most one per sync test. */
const SYNC_CLAIMS = 8;

export const DATA_STATES: readonly DataState[] = [
  {
    id: 'earlier-event-pending',
    description: 'an event blocked as EARLIER_EVENT_PENDING (a later event waits for an earlier one)',
    kind: 'claimed',
    holds: blockedByEarlier,
    needed: () => 2,
    tests: ['INS-017, INS-022, INS-023, EVT-027', 'PROB-010, PROB-020'],
  },
  {
    id: 'earlier-event-pending-unchanged',
    description: 'an event blocked as EARLIER_EVENT_PENDING, on a patent no test changes',
    kind: 'kept',
    holds: blockedByEarlier,
    needed: () => 1,
    tests: ['EVT-021', 'EVT-017', 'FEE-015'],
  },
  {
    id: 'lapsed',
    description: 'an earliest pending event past its grace period (allowed, but not PROCEED)',
    kind: 'claimed',
    holds: lapsed,
    needed: () => 3,
    tests: ['INS-018', 'INS-024', 'PROB-021'],
  },
  {
    id: 'locked-unchanged',
    description:
      'an event with LOCKED fees (PROCEED executed, not invoiced yet), on a patent no test changes',
    kind: 'kept',
    holds: anyEvent((e) => e.feesStatus === 'LOCKED'),
    needed: () => 1,
    tests: ['FEE-012'],
  },
  {
    id: 'proceedable-then-pending',
    description:
      'an earliest pending event open to PROCEED (fees ESTIMATED) followed by another event awaiting a decision',
    kind: 'claimed',
    holds: followed,
    needed: () => 3,
    tests: ['INS-008, INS-017, INS-018, INS-020, INS-023, EVT-022, EVT-028, FEE-010', 'INS-016'],
  },
  {
    id: 'proceedable',
    description: 'an earliest pending event open to PROCEED, fees ESTIMATED',
    kind: 'claimed',
    holds: proceedable,
    needed: () => 17,
    tests: [
      'DOC-005',
      'DOC-006',
      'DOC-007',
      'FEE-010, FEE-011',
      'FEE-013',
      'INS-013, INS-001, INS-003, INS-004, INS-009, EVT-028',
      'INS-008, INS-014',
      'INS-020, INS-027, INS-010',
      'INS-015, INS-002, INS-005, INS-006, INS-007, INS-009',
      'INS-018',
      'INS-018, DOC-005',
      'FEE-016, FEE-012',
      'FEE-012',
      'EVT-028',
    ],
  },
  {
    id: 'sync-target',
    description: 'a patent with a providerId, no instructable event and no LOCKED fees (updated by sync)',
    kind: 'claimed',
    holds: (events) =>
      typeof events[0]?.patent.providerId === 'string' &&
      renewals(events).every((e) => !e.instructability.isAllowed && e.feesStatus !== 'LOCKED'),
    needed: (workers) => Math.min(workers, SYNC_CLAIMS) + SYNC_OWN_PATENT_TESTS.length,
    neededText: `one per worker (at most ${SYNC_CLAIMS}), plus ${SYNC_OWN_PATENT_TESTS.length}`,
    tests: [...SYNC_TESTS, ...SYNC_OWN_PATENT_TESTS],
  },
  {
    id: 'unchanged',
    description:
      'a patent with events that no test changes (two, with different office, owner and clientFamilyReference)',
    kind: 'kept',
    holds: hasEvents,
    needed: () => 2,
    tests: ['PER-002', 'PER-007', 'PER-008', 'PER-009'],
  },
  {
    id: 'any',
    description: 'a patent with events, changed by sync or read while no test instructs it',
    kind: 'claimed',
    holds: hasEvents,
    needed: () => 3,
    tests: ['PAT-008', 'PAT-005', 'EVT-031'],
  },
  {
    id: 'too-early',
    description: 'an event awaiting a decision blocked as TOO_EARLY',
    kind: 'present',
    holds: anyEvent(tooEarly),
    needed: () => 1,
    tests: ['DOC-005', 'DOC-007', 'PROB-019', 'EVT-026, INS-021'],
  },
  {
    id: 'already-instructed',
    description: 'an event blocked as ALREADY_INSTRUCTED',
    kind: 'present',
    holds: anyEvent((e) => e.instructability.blockedReason === 'ALREADY_INSTRUCTED'),
    needed: () => 1,
    tests: ['PROB-017', 'EVT-025'],
  },
  {
    id: 'invoiced',
    description: 'an event with INVOICED fees',
    kind: 'present',
    holds: anyEvent((e) => e.feesStatus === 'INVOICED'),
    needed: () => 1,
    tests: ['FEE-013', 'FEE-014'],
  },
];

/** The ids in a test title's leading brackets, as the states name their tests (`'INS-017, INS-022'`). */
export function titleKey(title: string): string {
  const bracket = title.match(/^\[([^\]]+)\]/);
  return bracket
    ? bracket[1]!
        .split(',')
        .map((id) => id.trim())
        .join(', ')
    : '';
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
 * target holding the documented minimum serves every state. Deterministic for one snapshot.
 */
export function reservationPlan(events: PatentEvent[], workers: number): Map<string, string> {
  const byPatent = [...eventsByPatent(events)].sort(([a], [b]) => a.localeCompare(b));
  const states = DATA_STATES.filter((s) => RESERVED.includes(s.kind));
  const holders = new Map(
    states.map((s) => [s.id, byPatent.filter(([, list]) => s.holds(list)).map(([id]) => id)]),
  );
  const heldBy = new Map(
    byPatent.map(([id, list]) => [id, states.filter((s) => s.holds(list)).length] as const),
  );
  const order = states
    .map((s, index) => ({ s, index, slack: holders.get(s.id)!.length - s.needed(workers) }))
    .sort((a, b) => a.slack - b.slack || a.index - b.index);
  const plan = new Map<string, string>();
  for (const { s } of order) {
    const free = holders
      .get(s.id)!
      .filter((id) => !plan.has(id))
      .sort((a, b) => heldBy.get(a)! - heldBy.get(b)! || a.localeCompare(b));
    for (const id of free.slice(0, s.needed(workers))) plan.set(id, s.id);
  }
  return plan;
}

/** The claimed states whose reserved patents a test may take, by its title. */
export function statesOfTest(title: string): Set<string> {
  const key = titleKey(title);
  return new Set(DATA_STATES.filter((s) => s.kind === 'claimed' && s.tests.includes(key)).map((s) => s.id));
}

export interface DataStateCount {
  state: DataState;
  needed: number;
  /** Patents of the snapshot holding the state. */
  has: number;
  /** Patents the plan reserves for it (claimed and kept states). */
  reserved: number;
}

export function dataStateCounts(events: PatentEvent[], workers: number): DataStateCount[] {
  const byPatent = [...eventsByPatent(events).values()];
  const plan = reservationPlan(events, workers);
  const reserved = (id: string) => [...plan.values()].filter((s) => s === id).length;
  return DATA_STATES.map((state) => ({
    state,
    needed: state.needed(workers),
    has: byPatent.filter((list) => state.holds(list)).length,
    reserved: RESERVED.includes(state.kind) ? reserved(state.id) : Math.min(1, byPatent.length),
  }));
}

/**
 * The table of the data states: what the suite looks for, what it needs, what the target has (from the
 * run's snapshot of `label`), and the requirements left unverified where a state is short.
 */
export function dataStateReport(
  events: PatentEvent[],
  options: { workers: number; label: string; complete: boolean },
): string[] {
  const counts = dataStateCounts(events, options.workers);
  const rows = counts.map(({ state, needed, has, reserved }) => {
    const served = state.kind === 'present' ? Math.min(has, needed) : reserved;
    const short = served < needed;
    return {
      cells: [state.id, String(needed), String(has), short ? 'SHORT' : 'ok'],
      unverified: short ? requirementsOf(state).join(' ') : '',
    };
  });
  const header = ['data state', 'needed', 'target has', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r.cells[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const short = rows.filter((r) => r.unverified);
  return [
    `data states in ${options.label} (${events.length} events${options.complete ? '' : ', first pages only'}; needs for ${options.workers} workers, every setting allowed):`,
    `  ${line(header)}`,
    ...rows.map((r) => `  ${line(r.cells)}${r.unverified ? `  unverified without it: ${r.unverified}` : ''}`),
    short.length === 0
      ? '  every data state is served: no test should skip for lack of data'
      : `  ${short.length} data state(s) short: their tests skip, naming the missing data (README, "The minimum test tenant")`,
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

/** The README's table of the minimum test tenant, from `DATA_STATES` (checked by tests/minimum-tenant.test.ts). */
export function minimumTenantMarkdown(workers = 2): string[] {
  const reserved = DATA_STATES.filter((s) => RESERVED.includes(s.kind));
  const total = reserved.reduce((sum, s) => sum + s.needed(workers), 0);
  const kind = { claimed: 'changed by its tests', kept: 'left unchanged', present: 'read only' };
  return [
    README_START,
    '| data state | patents needed | kind | tests that skip without it (the ids in their titles) |',
    '| --- | --- | --- | --- |',
    ...DATA_STATES.map(
      (s) =>
        `| \`${s.id}\`: ${s.description} | ${s.neededText ? `${s.needed(workers)} (${s.neededText})` : s.needed(workers)} | ${kind[s.kind]} | ${s.tests.map((t) => `[${t}]`).join(' ')} |`,
    ),
    '',
    `With ${workers} workers (\`WORKERS=${workers}\`; each further worker needs one more \`sync-target\` patent) ` +
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
