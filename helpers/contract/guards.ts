/**
 * The guards of the run-wide comparisons: every condition under which the consistency ledger
 * (./consistency.ts, helpers/run/consistency-ledger.ts) or a relation (helpers/rules/relations.ts) leaves a
 * pair of sightings unjudged or excuses a difference, with the contract's words that make the condition a
 * freedom, a cause, or a gap of what one answer shows. A condition the clause itself fixes is no guard: a
 * disagreement there is a breach, and the comparison judges it.
 *
 * Each guard is marked where it lives by a `// guard: <id>` comment; tests/guards.test.ts holds the table and
 * the markers to each other and the clauses to the contract, and docs/guards.md publishes the table with the
 * not-verified ends of the tests (scripts/gen-guards.ts).
 */

/** Why a condition may leave a pair unjudged. */
export type Ruling =
  /** The contract leaves the difference open: the clause says so. */
  | 'freedom'
  /** The contract names what changes the fact; the cause overlapped the two sightings. */
  | 'cause'
  /** What the rule needs is not in the answers (a page not known, a list not read whole). */
  | 'not shown by the answers'
  /** The condition is itself a breach, charged by another judge on the same answer. */
  | 'judged elsewhere';

export interface Guard {
  /** The module the guard lives in, from the project root. */
  where: string;
  /** The condition under which the pair is left unjudged or excused. */
  condition: string;
  ruling: Ruling;
  /** The contract's words (verbatim) that make it so. */
  clause: string;
  /** Why the clause rules the condition so, briefly. */
  why: string;
}

const LEDGER = 'helpers/run/consistency-ledger.ts';
const FACTS = 'helpers/contract/consistency.ts';
const EFFECTS = 'helpers/contract/write-effects.ts';
const RELATIONS = 'helpers/rules/relations.ts';

export const GUARDS = {
  'write-reaches-the-fact': {
    where: FACTS,
    condition:
      'a write of the client or a back-office state that moves what the fact depends on (the dependency map, helpers/contract/write-effects.ts) was under way between the two sightings',
    ruling: 'cause',
    clause: 'A POST on the instruction endpoint executes immediately',
    why: 'writes are the only causes the contract gives for a change of client data, a schedule, a decision or a freeze',
  },
  'date-may-have-moved': {
    where: FACTS,
    condition: "a fact that depends on today's date (instructability) differs across a quarter hour of UTC",
    ruling: 'cause',
    clause: 'valid decisions now; empty when not allowed',
    why: "the server's zone is not stated, and every zone's midnight falls on a quarter hour of UTC",
  },
  'unseen-event-reaches-everything': {
    where: EFFECTS,
    condition: 'an instruction names an event whose patent the run never saw: it may reach any event',
    ruling: 'cause',
    clause: 'an earlier un-instructed event of the same patent exists',
    why: "an instruction changes the instructability of its patent's other events; which they are is unknown",
  },
  'provider-state-reach': {
    where: EFFECTS,
    condition: 'a back-office state whose subject the run cannot name reaches the whole tenant',
    ruling: 'cause',
    clause: 'maintained by the service operators',
    why: 'back-office work is outside the API; the suite excuses what it may have changed, no more',
  },
  'fact-needs-its-keys': {
    where: FACTS,
    condition: 'a resource without its id (an event or fees without its patent id) gives no fact',
    ruling: 'judged elsewhere',
    clause: 'Identifiers are opaque, stable UUIDs.',
    why: 'a missing or malformed id breaches the schema, judged on every answer',
  },
  'invoice-line-is-the-bill': {
    where: FACTS,
    condition: "a line of an invoice is not compared with the event's own providerId copy and frozen rate",
    ruling: 'freedom',
    clause: 'invoiceId set, billed amounts returned',
    why: 'a line shows what was billed; the patent and its rate may move after billing (the line itself is fixed: INV-026)',
  },
  'batch-triage-once-triaged': {
    where: FACTS,
    condition: 'the triage counts and results of a batch are compared only once every item has an outcome',
    ruling: 'freedom',
    clause: 'processed so far, any outcome',
    why: 'while a batch is PENDING or PROCESSING its counts move',
  },
  'batch-completed-at-per-status': {
    where: FACTS,
    condition: 'completedAt is compared within one status of the batch',
    ruling: 'freedom',
    clause:
      'Which trigger moves a batch to SETTLED or to ERROR, and the outcome label of a proposal refused in review: not shown.',
    why: 'a batch may settle after triage, and when it completes then is not stated',
  },
  'batch-results-page-known': {
    where: FACTS,
    condition: "a batch's results are compared by position only when their envelope tells the page",
    ruling: 'not shown by the answers',
    clause: 'per-item outcomes in POST-body order',
    why: 'a result is the item at its position; without the page its position is unknown',
  },
  'freeze-list-read-whole': {
    where: FACTS,
    condition: 'the frozen months are compared only from a freeze list whose first page holds every item',
    ruling: 'not shown by the answers',
    clause: "Freezes the month's exchange rates",
    why: 'a month missing from a partial page may be on another; an empty whole list is a fact (no month frozen)',
  },
  'write-file-being-rewritten': {
    where: LEDGER,
    condition: 'a write record being rewritten at that instant counts as under way and reaching the tenant',
    ruling: 'cause',
    clause: 'A POST on the instruction endpoint executes immediately',
    why: 'the write is under way; what it reaches is read once its record is whole',
  },
  'download-under-another-patent': {
    where: LEDGER,
    condition:
      'a download whose path names another patent than the run saw its event under is no side of the event',
    ruling: 'not shown by the answers',
    clause: "resource not in the client's portfolio; also document routes until the document exists",
    why: 'an event under another patent is another resource: its 404 says nothing of the event',
  },
  'relation-excused-by-writes': {
    where: LEDGER,
    condition:
      "a relation is excused by a write between the sightings that moves what its row depends on, for the pair's subject",
    ruling: 'cause',
    clause: 'a PROCEED instruction is executed',
    why: "an instruction moves an event's fees status; a push may change a patent's schedule and its events",
  },
  'relation-time-order': {
    where: RELATIONS,
    condition:
      'a relation about what a later read shows judges a pair only when one answer came before the other was sent',
    ruling: 'freedom',
    clause: 'the event has been invoiced',
    why: 'a document may appear, and an event be invoiced, between or during two reads',
  },
  'fees-status-invoiced-between-reads': {
    where: RELATIONS,
    condition: 'an event reads LOCKED and its fees INVOICED, the LOCKED read first or both under way at once',
    ruling: 'cause',
    clause: 'the event is invoiced',
    why: 'invoicing moves LOCKED to INVOICED with no write of the client',
  },
  'relation-row-scope': {
    where: RELATIONS,
    condition:
      'a row about one value leaves the others to another row: a served document, INVOICED fees, a PROCEED decision',
    ruling: 'not shown by the answers',
    clause: 'Executing a PROCEED locks its fees.',
    why: 'each row judges the side its clause is about; the other direction is its own row',
  },
  'fees-shape-date-may-have-moved': {
    where: RELATIONS,
    condition: "an event's embedded fees and its fees route differ across a quarter hour of UTC",
    ruling: 'cause',
    clause: 'LATE, GRACE_PERIOD, CURRENT, UPCOMING, LAPSED (relative to now)',
    why: "the components of an estimate follow the due period, which moves with today's date in a zone not stated",
  },
  'patent-events-read-whole': {
    where: RELATIONS,
    condition:
      "a by-period event is compared with its patent's events only when their first page holds every item",
    ruling: 'not shown by the answers',
    clause: 'Cross-portfolio list of events due in a window.',
    why: 'an event missing from a partial page may be on another',
  },
} as const satisfies Record<string, Guard>;

export type GuardId = keyof typeof GUARDS;

/** The guards as rows, by id. */
export const GUARD_ROWS: readonly (Guard & { id: GuardId })[] = (Object.keys(GUARDS) as GuardId[]).map(
  (id) => ({ id, ...GUARDS[id] }),
);

/** The marker of a guard in its module. */
export const GUARD_MARKER = /\/\/ guard: ([a-z0-9-]+)/g;

/**
 * The not-verified ends of the tests that the target's own answer or the passing of time brings about (kinds
 * `target` and `time`, helpers/data/verified.ts), each ruled like a guard: the contract's words that leave the
 * answer or the time open, or the judge that charges the condition as a breach on the same answer. Ends of
 * the kinds `data` and `setting` name a precondition of the target's data or of the run, which the contract
 * does not fix. A site is found by its module and a fragment of its reason (tests/guards.test.ts).
 */
export interface TestEndRuling {
  file: string;
  /** A fragment of the reason the end gives, unique in its file. */
  reason: string;
  ruling: Ruling | "the run's own writes";
  clause: string;
  why: string;
}

export const TEST_END_RULINGS: readonly TestEndRuling[] = [
  {
    file: 'specs/freezes.spec.ts',
    reason: 'lists no event',
    ruling: 'freedom',
    clause: 'Returns the renewal events affected by the freeze of the month',
    why: 'a month may have no renewal event of the tenant',
  },
  {
    file: 'specs/freezes.spec.ts',
    reason: 'lists with isFxRateFrozen true',
    ruling: 'freedom',
    clause: 'with their (potential) frozen fees',
    why: 'which listed events have their rate frozen is left open',
  },
  {
    file: 'specs/freezes.spec.ts',
    reason: 'the freeze PUT of',
    ruling: 'freedom',
    clause: "Freezes the month's exchange rates and returns the freeze with its affected renewal events",
    why: 'which events a month affects is not stated: the PUT may not list an event due in it',
  },
  {
    file: 'specs/freezes.spec.ts',
    reason: 'after the instruction does not list event',
    ruling: 'freedom',
    clause: 'Returns the renewal events affected by the freeze of the month',
    why: 'which events a month affects is not stated, nor that an instruction leaves them as they were',
  },
  {
    file: 'specs/isolation.spec.ts',
    reason: '403 forbidden on its PUT',
    ruling: 'freedom',
    clause: 'business denial (capability not enabled)',
    why: 'which capabilities a key has is the tenant configuration, not the contract',
  },
  {
    file: 'specs/patents.spec.ts',
    reason: 'carrying officialNumbers was REJECTED',
    ruling: 'freedom',
    clause: 'office-standard numbers maintained by the service operators',
    why: 'a target may hold a client value of an operators\u2019 member invalid, and reject the item',
  },
  {
    file: 'specs/problems-validation.spec.ts',
    reason: 'field error in',
    ruling: 'freedom',
    clause: 'array of field errors',
    why: 'the array is not said to be non-empty',
  },
  {
    file: 'specs/problems.spec.ts',
    reason: 'no detail or instance member',
    ruling: 'freedom',
    clause: 'string, occurrence-specific, never to be parsed | optional',
    why: 'detail and instance are optional',
  },
  {
    file: 'specs/problems.spec.ts',
    reason: 'not an error status',
    ruling: 'freedom',
    clause: 'All routes live under `/api/v2/external/`.',
    why: 'the answer to a request no operation defines is not stated; only an error answer is judged',
  },
  {
    file: 'specs/sync-inline.spec.ts',
    reason: 'the title update was not applied',
    ruling: 'freedom',
    clause: 'update touching no critical field',
    why: 'which fields are critical is not stated: an update of the title may be staged for review',
  },
  {
    file: 'specs/sync-inline.spec.ts',
    reason: 'the providerId change was not applied',
    ruling: 'freedom',
    clause: 'update touching no critical field',
    why: 'which fields are critical is not stated: a change of providerId may be staged for review',
  },
  {
    file: 'specs/fees.spec.ts',
    reason: 'moved between two reads',
    ruling: 'freedom',
    clause: 'ESTIMATED (projected, recomputed live)',
    why: 'an estimate may be recomputed between two reads',
  },
  {
    file: 'specs/daily-quota.spec.ts',
    reason: 'has no quota left today',
    ruling: 'freedom',
    clause: 'Numeric value of the daily quota: not shown.',
    why: 'the quota may be used up before the test',
  },
  {
    file: 'specs/daily-quota.spec.ts',
    reason: 'the quota period ended during the sequence',
    ruling: 'cause',
    clause: '`Retry-After` header gives seconds to reset',
    why: 'the quota resets; a reset between two answers restarts the count',
  },
  {
    file: 'specs/daily-quota.spec.ts',
    reason: 'answered 429 from the first call',
    ruling: 'freedom',
    clause: 'Numeric value of the daily quota: not shown.',
    why: 'the quota may be used up before the test',
  },
  {
    file: 'helpers/spec/sync-workflow.ts',
    reason: 'the contract states no duration',
    ruling: 'freedom',
    clause: 'more than 100 processed in background (202)',
    why: 'background processing has no stated duration',
  },
  {
    file: 'helpers/data/discovery.ts',
    reason: 'the read this test expects from may have moved',
    ruling: "the run's own writes",
    clause: 'A POST on the instruction endpoint executes immediately',
    why: 'a write of the run since the read the expectation comes from moved what it depends on (the dependency map); the target is not at fault',
  },
  {
    file: 'helpers/data/reads-alone.ts',
    reason: "background work of the run's writes was under way during the reads",
    ruling: "the run's own writes",
    clause: 'more than 100 processed in background (202)',
    why: 'a background batch of the run may move what the reads compare, and passes no gate; the target is not at fault',
  },
  {
    file: 'specs/events-per-patent.spec.ts',
    reason: 'between its pages',
    ruling: "the run's own writes",
    clause: 'a page can shift when the collection changes',
    why: "a write of the run may have moved the patent's events between the two pages; the target is not at fault",
  },
  {
    file: 'specs/events-per-patent.spec.ts',
    reason: "sampled patent whose events the run's writes left as they were",
    ruling: "the run's own writes",
    clause: 'base of the annuity computation (filing or grant depending on office)',
    why: "the run's writes may have moved the events of every sampled patent since the snapshot; the target is not at fault",
  },
  {
    file: 'specs/freezes.spec.ts',
    reason: "whose patent the run's writes left as it was",
    ruling: "the run's own writes",
    clause: 'base of the annuity computation (filing or grant depending on office)',
    why: "the run's writes may have moved the patent of every row since the snapshot; the target is not at fault",
  },
  {
    file: 'specs/period.spec.ts',
    reason: "event of the sampled patents whose schedule the run's writes left as it was",
    ruling: "the run's own writes",
    clause: 'base of the annuity computation (filing or grant depending on office)',
    why: "the run's writes may have moved the events of both sampled patents since the snapshot; the target is not at fault",
  },
  {
    file: 'specs/period.spec.ts',
    reason: 'no judged event for',
    ruling: "the run's own writes",
    clause: 'Items may carry only the fields to change',
    why: "the run's writes may have moved every patent of the two values since the snapshot; the target is not at fault",
  },
  {
    file: 'helpers/data/claims.ts',
    reason: 'stayed held by other tests for',
    ruling: "the run's own writes",
    clause: 'A POST on the instruction endpoint executes immediately',
    why: "the run's own tests hold every patent of the state the target has; the target is not at fault",
  },
  {
    file: 'helpers/wire/api-client.ts',
    reason: 'the daily quota of the key is exhausted',
    ruling: 'freedom',
    clause: 'Numeric value of the daily quota: not shown.',
    why: 'the quota comes back at its reset, later than the run may wait',
  },
];
