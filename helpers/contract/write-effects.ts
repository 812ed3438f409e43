/**
 * What each write of the run may move, read from the contract once: the dependency map. A write changes more
 * than the resource its request names (an instruction of one event moves the instructability of the patent's
 * later events; a freeze PUT moves the frozen flag of every fees object of its month, invoice lines included;
 * a sync update moves the patent's members and possibly its events), and every comparison of a read with an
 * earlier one excuses exactly what this map says the writes between them may have moved: the consistency ledger
 * (./consistency.ts, helpers/run/consistency-ledger.ts), the relations (helpers/rules/relations.ts) and the
 * tests that compute an expectation from an earlier read plus the run's writes since (helpers/data/writes-since.ts).
 *
 * Pure: the journal of the run's writes is helpers/run/consistency-ledger.ts. tests/write-effects.test.ts holds
 * the rows to the contract's words.
 */
import { isObject } from './invariant-types';

/** What a fact the run compares depends on, and a write may move. */
export const ASPECTS = {
  'patent-members':
    'the client data of a patent: every member a sync item may carry, its providerId included',
  'patent-set': 'the patents the tenant holds',
  'event-schedule':
    'the events of a patent and their schedule (due dates, grace period, annuity), and so which windows and filters of the by-period list hold them',
  'event-decision': "an event's appliedDecision",
  instructability: "an event's instructability (isAllowed, allowedDecisions, blockedReason, opensAt)",
  'fees-status': 'the fees status of an event and of its fees (invoiceId with it)',
  'fees-amounts': 'the amounts of the fees of an event while they are an estimate',
  'fees-shape': 'the currency of the fees of an event and the types of their components',
  'frozen-rate': 'isFxRateFrozen of an event, of its fees and of the invoice lines that bill it',
  'frozen-months': 'the months of the freeze list',
  'freeze-rows':
    "the rows a month's freeze shows (its events, their amounts, isFxRateFrozen and hasInstruction)",
  'invoice-set': 'the invoices the tenant holds',
  documents: 'which documents of an event exist',
} as const;

export type Aspect = keyof typeof ASPECTS;

export const ALL_ASPECTS = Object.keys(ASPECTS) as Aspect[];

/**
 * The kinds of write the run makes: the three write operations, each back-office state the run asks for, a
 * refused write (4xx: it moved nothing) and any other (every aspect of the tenant).
 */
export type WriteKind =
  | 'instruction'
  | 'sync'
  | 'freeze'
  | 'event-invoiced'
  | 'official-receipt-issued'
  | 'office-fee-revised'
  | 'sync-item-reviewed'
  | 'fail-next-requests'
  | 'refused'
  | 'other';

/**
 * How far one effect reaches: the events the write names, every event of their patents, the patents it names
 * (by servicePatentId or providerId) with their events, or the whole tenant.
 */
export type Scope = 'named events' | "named events' patents" | 'named patents' | 'tenant';

export interface WriteEffect {
  write: WriteKind;
  moves: Aspect;
  of: Scope;
  /** The contract's words (verbatim) that make the write move it. */
  clause: string;
  why: string;
  /**
   * A push (or review) whose items carried these members and no other moves nothing of it: the members no
   * computation of it reads. Absent: whatever the items carried.
   */
  unless?: readonly string[];
}

const effect = (
  write: WriteKind,
  moves: Aspect,
  of: Scope,
  clause: string,
  why: string,
  unless?: readonly string[],
): WriteEffect => ({ write, moves, of, clause, why, ...(unless ? { unless } : {}) });

/**
 * The client's references and names, and the publication, which an item may carry: what no renewal or fee is
 * computed from ("base of the annuity computation (filing or grant depending on office)"), only shown; and
 * officialNumbers, which an item may carry but not write ("not writable via sync").
 */
const REFERENCES = [
  'officialNumbers',
  'providerId',
  'clientCaseReference',
  'clientFamilyReference',
  'title',
  'owner',
  'secondaryOwners',
  'subCase',
  'applicationNumber',
  'publicationNumber',
  'publicationDate',
  'grantPublicationNumber',
  'pctApplicationNumber',
];
/** What the events of a patent are not computed from: its references, and what only prices a renewal. */
const NOT_SCHEDULE = [...REFERENCES, 'applicantType', 'claimCount'];
/** What a freeze row does not show: the references but the case reference, which names its patent. */
const NOT_IN_FREEZE_ROWS = REFERENCES.filter((m) => m !== 'clientCaseReference');

/** What an update (pushed, or accepted in review) moves of its patent, unless it carried only `unless`. */
const UPDATE_MOVES: { moves: Aspect; unless?: readonly string[]; clause: string; why: string }[] = [
  {
    moves: 'patent-members',
    clause: 'Items may carry only the fields to change',
    why: 'an update writes the members its item carries',
  },
  {
    moves: 'event-schedule',
    unless: NOT_SCHEDULE,
    clause: 'base of the annuity computation (filing or grant depending on office)',
    why: 'the members an update writes may be what the events of the patent are computed from',
  },
  {
    moves: 'instructability',
    unless: NOT_SCHEDULE,
    clause: 'first day of the month two months before the due month',
    why: 'opensAt follows the due dates an update may move',
  },
  {
    moves: 'frozen-rate',
    unless: NOT_SCHEDULE,
    clause: 'base of the annuity computation (filing or grant depending on office)',
    why: 'an event whose due date moves may move into or out of a frozen month',
  },
  {
    moves: 'fees-amounts',
    unless: REFERENCES,
    clause: 'ESTIMATED (projected, recomputed live)',
    why: 'an estimate follows the patent (its office, its applicant type, its claims)',
  },
  {
    moves: 'fees-shape',
    unless: REFERENCES,
    clause: 'ESTIMATED (projected, recomputed live)',
    why: 'an estimate follows the patent: its office sets the currency and the components that apply',
  },
  {
    moves: 'freeze-rows',
    unless: NOT_IN_FREEZE_ROWS,
    clause: '`clientCaseReference` (string or null)',
    why: "a freeze row shows the patent's case reference and the event's estimate",
  },
];

export const WRITE_EFFECTS: readonly WriteEffect[] = [
  effect(
    'instruction',
    'event-decision',
    'named events',
    'Executing an instruction sets `appliedDecision` on the event.',
    'the decision of the event instructed',
  ),
  effect(
    'instruction',
    'patent-members',
    "named events' patents",
    'Values: PENDING, PUBLISHED, GRANTED, LAPSED. Transitions: not shown.',
    'a decision may move its patent on (a DROP lapsing it: its status and lapse date)',
  ),
  effect(
    'instruction',
    'instructability',
    "named events' patents",
    'an earlier un-instructed event of the same patent exists',
    'the event instructed is blocked as instructed, and the later events of its patent no longer wait for it',
  ),
  effect(
    'instruction',
    'fees-status',
    'named events',
    'LOCKED (fixed when a PROCEED instruction is executed, no invoice yet)',
    'a PROCEED locks the fees of its event',
  ),
  effect(
    'instruction',
    'fees-amounts',
    'named events',
    'amounts fixed',
    'the estimate becomes the locked amounts',
  ),
  effect(
    'instruction',
    'fees-shape',
    'named events',
    'amounts fixed',
    'the locked fees may be broken down otherwise than the estimate',
  ),
  effect(
    'instruction',
    'frozen-rate',
    'named events',
    'with their (potential) frozen fees',
    'whether fees fixed by a lock still read frozen is the server’s reading',
  ),
  effect(
    'instruction',
    'freeze-rows',
    'named events',
    '`hasInstruction` (boolean)',
    'the row of the event in its month’s freeze shows the instruction',
  ),
  effect(
    'instruction',
    'documents',
    'named events',
    'an instruction receipt exists',
    'the instruction receipt of the event',
  ),
  ...UPDATE_MOVES.map(({ moves, unless, clause, why }) =>
    effect('sync', moves, 'named patents', clause, why, unless),
  ),
  effect(
    'freeze',
    'frozen-rate',
    'tenant',
    "Freezes the month's exchange rates",
    'which events a month holds is the server’s reading (schemas/OPEN-POINTS.md B22): any event, its fees and the invoice lines billing it',
  ),
  effect(
    'freeze',
    'frozen-months',
    'tenant',
    "Freezes the month's exchange rates",
    'the month joins the freeze list',
  ),
  effect(
    'freeze',
    'freeze-rows',
    'tenant',
    'with their (potential) frozen fees',
    'the rows of the month read frozen',
  ),
  effect(
    'freeze',
    'fees-amounts',
    'tenant',
    'ESTIMATED (projected, recomputed live)',
    'an estimate is computed at the rates of its month, frozen or not',
  ),
  effect(
    'event-invoiced',
    'fees-status',
    'named events',
    'INVOICED (invoice exists, invoiceId set)',
    'invoicing moves LOCKED to INVOICED',
  ),
  effect(
    'event-invoiced',
    'fees-amounts',
    'named events',
    'invoiceId set, billed amounts returned',
    'the fees show the billed amounts',
  ),
  effect(
    'event-invoiced',
    'fees-shape',
    'named events',
    'invoiceId set, billed amounts returned',
    'the fees show the billed breakdown',
  ),
  effect(
    'event-invoiced',
    'frozen-rate',
    'named events',
    'with their (potential) frozen fees',
    'whether billed fees still read frozen is the server’s reading',
  ),
  effect(
    'event-invoiced',
    'invoice-set',
    'tenant',
    'INVOICED (invoice exists, invoiceId set)',
    'an invoice is recorded',
  ),
  effect(
    'event-invoiced',
    'documents',
    'named events',
    'the event has been invoiced',
    'the invoice document of the event',
  ),
  effect(
    'official-receipt-issued',
    'documents',
    'named events',
    'an official receipt exists',
    'the official receipt of the event',
  ),
  effect(
    'office-fee-revised',
    'fees-amounts',
    'named events',
    'ESTIMATED (projected, recomputed live)',
    'the estimate follows the office’s fee',
  ),
  effect(
    'office-fee-revised',
    'freeze-rows',
    'named events',
    '`amount` (decimal string, total renewal fees in event currency)',
    'the row of the event shows its estimate',
  ),
  ...UPDATE_MOVES.map(({ moves, unless, clause, why }) =>
    effect('sync-item-reviewed', moves, 'named patents', clause, `accepted in review: ${why}`, unless),
  ),
  effect(
    'sync-item-reviewed',
    'patent-set',
    'tenant',
    'create accepted',
    'a create accepted in review makes a patent',
  ),
];

/** A write as the journal records it: its kind and what its request names. */
export interface RunWrite {
  kind: WriteKind;
  eventIds: string[];
  patentIds: string[];
  providerIds: string[];
  /** The patent members its items carried (a push, a review whose item the run saw); absent: unknown. */
  members?: string[];
}

/** What a fact is about: a patent, one of its events (with its patent and providerId copy), or the tenant. */
export interface Subject {
  patentId?: string;
  providerId?: string | null;
  eventId?: string;
}

/** The event's patent as far as the run saw it (undefined: never seen). */
export type PatentOf = (eventId: string) => string | undefined;

const write = (kind: WriteKind, names: Partial<Omit<RunWrite, 'kind'>> = {}): RunWrite => ({
  kind,
  eventIds: names.eventIds ?? [],
  patentIds: names.patentIds ?? [],
  providerIds: names.providerIds ?? [],
  ...(names.members ? { members: names.members } : {}),
});

/**
 * The patent members a sync item carries for its patent: every member but the ids that name the patent (a
 * providerId beside a servicePatentId is written: it renames the patent).
 */
export function itemMembers(item: unknown): string[] {
  if (!isObject(item)) return [];
  return Object.keys(item).filter(
    (m) => m !== 'servicePatentId' && (m !== 'providerId' || typeof item.servicePatentId === 'string'),
  );
}

/** A write that moved nothing: refused (4xx), or asking for nothing that changes data. */
export const MOVES_NOTHING: RunWrite = write('refused');

/** What a write the client sends is, read from its request alone: its kind and the ids its body names. */
export function writeOf(method: string, path: string, body: unknown): RunWrite {
  const items = (member: string) => (isObject(body) && Array.isArray(body[member]) ? body[member] : []);
  const strings = (list: unknown[], member: string) =>
    list.flatMap((i) => (isObject(i) && typeof i[member] === 'string' ? [i[member]] : []));
  if (method === 'PUT' && /\/exchange-rate-freezes\/[^/]+$/.test(path)) return write('freeze');
  if (method === 'POST' && /\/patent-instructions$/.test(path))
    return write('instruction', { eventIds: strings(items('instructions'), 'eventId') });
  if (method === 'POST' && /\/patents\/sync$/.test(path)) {
    const synced = items('items');
    return write('sync', {
      patentIds: strings(synced, 'servicePatentId'),
      providerIds: strings(synced, 'providerId'),
      members: [...new Set(synced.flatMap(itemMembers))],
    });
  }
  return write('other');
}

/** The back-office states that act on one event (its body's eventId). */
const EVENT_STATES = new Set<WriteKind>(['event-invoiced', 'official-receipt-issued', 'office-fee-revised']);

/**
 * What a back-office state is, read from its name and body: a state about one event names it; a review that
 * refuses moves nothing; one that accepts names the patent the item targets when the run saw the item's result
 * (`itemTarget`: its servicePatentId, its providerId; a create names a patent no earlier read holds); a state
 * that only makes requests fail moves nothing; any other state, or one whose subject the run cannot name, is of
 * kind `other`.
 */
export function providerStateWrite(
  name: string,
  body: unknown,
  itemTarget: (importId: string, index: number) => (Subject & { members?: string[] }) | undefined,
): RunWrite {
  const fields = isObject(body) ? body : {};
  const kind = name as WriteKind;
  if (EVENT_STATES.has(kind) && typeof fields.eventId === 'string')
    return write(kind, { eventIds: [fields.eventId] });
  if (name === 'fail-next-requests') return write('fail-next-requests');
  if (name === 'sync-item-reviewed' && fields.decision === 'refuse') return MOVES_NOTHING;
  if (
    name === 'sync-item-reviewed' &&
    typeof fields.importId === 'string' &&
    Number.isInteger(fields.index)
  ) {
    const target = itemTarget(fields.importId, fields.index as number);
    const patentIds = target?.patentId === undefined ? [] : [target.patentId];
    const providerIds = typeof target?.providerId === 'string' ? [target.providerId] : [];
    if (patentIds.length + providerIds.length > 0)
      return write('sync-item-reviewed', {
        patentIds,
        providerIds,
        ...(target?.members ? { members: target.members } : {}),
      });
  }
  // guard: provider-state-reach
  return write('other');
}

/**
 * What a write moved once its answer is in: nothing when it was refused (4xx: an instruction batch is atomic,
 * a sync 400 "concerns only the envelope", an unauthorized or unknown request is not carried out); else what
 * its request names. A 5xx may have done part of its work: it stays.
 */
export function answered(written: RunWrite, status: number | undefined): RunWrite {
  return status !== undefined && status >= 400 && status < 500 ? MOVES_NOTHING : written;
}

/** Whether the subject lies within the scope of the write. */
function inScope(scope: Scope, written: RunWrite, subject: Subject, patentOf: PatentOf): boolean {
  switch (scope) {
    case 'tenant':
      return true;
    case 'named events':
      return subject.eventId !== undefined && written.eventIds.includes(subject.eventId);
    case "named events' patents":
      return written.eventIds.some((e) => {
        if (e === subject.eventId) return true;
        // An event whose patent the run never saw may be of any patent.
        // guard: unseen-event-reaches-everything
        const patent = patentOf(e);
        return patent === undefined || (subject.patentId !== undefined && patent === subject.patentId);
      });
    case 'named patents':
      return (
        (subject.patentId !== undefined && written.patentIds.includes(subject.patentId)) ||
        (typeof subject.providerId === 'string' && written.providerIds.includes(subject.providerId))
      );
  }
}

/** Whether the write may have moved `aspect` of the subject (a subject without ids: of the tenant). */
export function mayMove(written: RunWrite, aspect: Aspect, subject: Subject, patentOf: PatentOf): boolean {
  if (written.kind === 'other') return true;
  return WRITE_EFFECTS.some(
    (e) =>
      e.write === written.kind &&
      e.moves === aspect &&
      carriedEnough(e, written) &&
      inScope(e.of, written, subject, patentOf),
  );
}

/**
 * Whether the write may move `aspect` of anything: of the tenant, or of a patent or event it names (`tenantOnly`:
 * of the tenant as a whole).
 */
export function mayMoveSomething(written: RunWrite, aspect: Aspect, tenantOnly = false): boolean {
  if (written.kind === 'other') return true;
  const names = written.eventIds.length + written.patentIds.length + written.providerIds.length;
  return WRITE_EFFECTS.some(
    (e) =>
      e.write === written.kind &&
      e.moves === aspect &&
      carriedEnough(e, written) &&
      (e.of === 'tenant' || (!tenantOnly && names > 0)),
  );
}

/** Whether the items of the write carried a member the effect follows (unknown members: they may have). */
function carriedEnough(effect: WriteEffect, written: RunWrite): boolean {
  if (effect.unless === undefined || written.members === undefined) return true;
  return written.members.some((m) => !effect.unless!.includes(m));
}

/** The aspects a kind of write may move, anywhere. */
export function aspectsMovedBy(kind: WriteKind): Aspect[] {
  if (kind === 'other') return ALL_ASPECTS;
  return [...new Set(WRITE_EFFECTS.filter((e) => e.write === kind).map((e) => e.moves))];
}
