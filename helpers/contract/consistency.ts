/**
 * The consistency ledger's rules: which facts of a resource the run compares between sightings (another
 * route, a list against a single read, an embedded copy, a later read), which causes may change each, and
 * the requirement a difference is charged to. Pure: the recording across the run's workers is
 * helpers/run/consistency-ledger.ts.
 *
 * A fact is compared only where the contract leaves no room for a change nobody caused:
 * - the patent's client data (every member but officialNumbers, "maintained by the service operators",
 *   status, whose "Transitions: not shown", and updatedAt): the client changes it by its sync pushes;
 * - an event's schedule (eventType, dueDate, gracePeriodEndDate, renewal), its appliedDecision ("Executing an
 *   instruction sets `appliedDecision`") and createdAt; its instructability, "computed by the same rule that
 *   the instruction POST enforces" from the patent's decisions and today's date;
 * - the links between resources, ids being "stable": the patent of an event, the event and patent of fees,
 *   and the patent's providerId wherever a copy of it is shown (an event, the fees of an event);
 * - the facts fixed once reached (helpers/contract/fixed-facts.ts: LOCKED and billed amounts, invoice
 *   references) and an invoice's createdAt, "when the invoice was recorded";
 * - an invoice as recorded (every member but its document flags), and a sync batch's record (what reception
 *   and triage fixed): no write of the client reaches either, so a difference is a read that changed them.
 * Left out because they may change with no write at all: duePeriod ("relative to now"), processingStatus and
 * its timestamp (transitions not shown), feesStatus (moves not shown), ESTIMATED amounts ("recomputed live"),
 * updatedAt, invoice flags. A providerId on an invoice line is left out too: a bill may keep the reference it
 * was issued with. Each fact names what it depends on; which writes move that is the dependency map
 * (./write-effects.ts), read by the ledger when a difference needs an excuse.
 */
import { documentedMembers } from './documented-members';
import { LEFT_OUT } from './never-compared';
import { fixedFactsOf, type FixedFact } from './fixed-facts';
import type { ChargedBreach } from './invariant-types';
import { mayMove, type Aspect, type PatentOf, type RunWrite, type Subject } from './write-effects';

export type { Subject } from './write-effects';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What may change a fact between two sightings: a write that moves an aspect it depends on (the dependency map,
 * ./write-effects.ts), or today's date moving on.
 */
export type Cause = Aspect | 'date';

/** One fact as one answer shows it. */
export interface Sighting {
  /** The fact, unique across kinds: `event:<id>:schedule`. */
  key: string;
  /** The requirement a difference seen here is charged to. */
  requirement: string;
  /** The fact in words: "the schedule of event <id>". */
  what: string;
  /** Canonical value: a JSON object of the fact's members. */
  value: string;
  /** What it depends on, that may change it (none: fixed for good). */
  causes: readonly Cause[];
  subject: Subject;
  /** The resource whose own member the fact is (a copy elsewhere is charged to the copy's requirement). */
  owner: boolean;
}

/** A write of the run, as the ledger hears of it: when it was under way, and what it is. */
export interface WriteSpan {
  what: string;
  start: number;
  /** Undefined while under way, or for work the write left running in the background (an ASYNC batch). */
  end?: number;
  /** The write was answered 202: its work goes on in the background, for good as far as the run knows. */
  background?: true;
  write: RunWrite;
}

/** A sighting at its times (ms since the epoch) and where it was seen (the exchange described). */
export interface TimedSighting extends Sighting {
  sentAt: number;
  answeredAt: number;
  where: string;
}

/** The keys of the facts, named once: the ledger's own tests ask whether a fact was compared. */
export const FACT_KEYS = {
  patent: (patentId: string) => `patent:${patentId}`,
  providerId: (patentId: string) => `patent-provider:${patentId}`,
  eventSchedule: (eventId: string) => `event:${eventId}:schedule`,
  instructability: (eventId: string) => `event:${eventId}:instructability`,
  patentOfEvent: (eventId: string) => `event-patent:${eventId}`,
  invoiceCreatedAt: (invoiceId: string) => `invoice:${invoiceId}:createdAt`,
  invoiceRecord: (invoiceId: string) => `invoice:${invoiceId}:record`,
  batch: (importId: string) => `batch:${importId}`,
  frozenMonths: () => 'freezes:months',
  frozenRate: (where: 'event' | 'fees', eventId: string) => `${where}-fx:${eventId}`,
};
const EVENT_PATENT_PREFIX = FACT_KEYS.patentOfEvent('');

/** The event a patentOfEvent key is about, or undefined for another key. */
export function eventOfKey(key: string): string | undefined {
  return key.startsWith(EVENT_PATENT_PREFIX) ? key.slice(EVENT_PATENT_PREFIX.length) : undefined;
}

/** The members of a component the ledger does not compare (./never-compared.ts, each with its clause). */
const leftOut = (component: string) =>
  new Set(LEFT_OUT.filter((l) => l.component === component).map((l) => l.member));

/** Patent members the client's pushes alone change (the others: see the header). */
const PATENT_LEFT_OUT = leftOut('Patent');
let patentMembers: string[] | undefined;
const comparedPatentMembers = () =>
  (patentMembers ??= documentedMembers('Patent').filter((m) => !PATENT_LEFT_OUT.has(m)));

const EVENT_SCHEDULE = [
  'eventType',
  'dueDate',
  'gracePeriodEndDate',
  'renewal',
  'appliedDecision',
  'createdAt',
];

/** A JSON object of the members, keys sorted at every depth: two equal facts give the same string. */
export function canonical(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

function pick(resource: Json, members: readonly string[]): string {
  const picked: Json = {};
  for (const m of members) if (m in resource) picked[m] = resource[m];
  return canonical(picked);
}

/** `{"<member>":<value>}`, the canonical value of a one-member fact, without sorting anything. */
const one = (member: string, value: unknown) =>
  `{${JSON.stringify(member)}:${JSON.stringify(value ?? null)}}`;

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const providerIdOf = (value: unknown): string | null | undefined =>
  value === null || typeof value === 'string' ? value : undefined;

function ofPatent(patent: Json): Sighting[] {
  const id = str(patent.id);
  if (id === undefined) return [];
  const subject = { patentId: id, providerId: providerIdOf(patent.providerId) };
  return [
    {
      key: FACT_KEYS.patent(id),
      requirement: 'PAT-024',
      what: `the client data of patent ${id}`,
      value: pick(patent, comparedPatentMembers()),
      causes: ['patent-members'],
      subject,
      owner: true,
    },
    ...providerCopy(id, patent.providerId, 'PAT-024', true),
  ];
}

function providerCopy(
  patentId: string,
  providerId: unknown,
  requirement: string,
  owner: boolean,
): Sighting[] {
  const value = providerIdOf(providerId);
  if (value === undefined) return [];
  return [
    {
      key: FACT_KEYS.providerId(patentId),
      requirement,
      what: `the providerId of patent ${patentId}`,
      value: one('providerId', value),
      causes: ['patent-members'],
      subject: { patentId, providerId: value },
      owner,
    },
  ];
}

function patentOfEvent(eventId: string, patentId: string, requirement: string, subject: Subject): Sighting {
  return {
    key: FACT_KEYS.patentOfEvent(eventId),
    requirement,
    what: `the patent of event ${eventId}`,
    value: one('patentId', patentId),
    causes: [],
    subject,
    owner: false,
  };
}

function ofEvent(event: Json): Sighting[] {
  const id = str(event.id);
  const patent = isObject(event.patent) ? event.patent : undefined;
  const patentId = str(patent?.id);
  // guard: fact-needs-its-keys
  if (id === undefined || patentId === undefined) return [];
  const subject = { patentId, providerId: providerIdOf(patent?.providerId), eventId: id };
  const sightings: Sighting[] = [
    {
      key: FACT_KEYS.eventSchedule(id),
      requirement: 'EVT-034',
      what: `the schedule and decision of event ${id}`,
      value: pick(event, EVENT_SCHEDULE),
      causes: ['event-schedule', 'event-decision'],
      subject,
      owner: true,
    },
    patentOfEvent(id, patentId, 'EVT-002', subject),
    ...providerCopy(patentId, patent?.providerId, 'EVT-002', false),
  ];
  sightings.push(...frozenRate('event', id, event.isFxRateFrozen, subject));
  if (isObject(event.instructability))
    sightings.push({
      key: FACT_KEYS.instructability(id),
      requirement: 'EVT-032',
      what: `the instructability of event ${id}`,
      value: canonical(event.instructability),
      causes: ['instructability', 'date'],
      subject,
      owner: true,
    });
  return sightings;
}

function ofFees(fees: Json, onInvoice: boolean): Sighting[] {
  const eventId = str(fees.eventId);
  const patent = isObject(fees.patent) ? fees.patent : undefined;
  const patentId = str(patent?.id);
  if (eventId === undefined || patentId === undefined) return [];
  const subject = { patentId, providerId: providerIdOf(patent?.providerId), eventId };
  // guard: invoice-line-is-the-bill
  return [
    patentOfEvent(eventId, patentId, 'FEE-004', subject),
    ...(onInvoice ? [] : providerCopy(patentId, patent?.providerId, 'FEE-004', false)),
    ...(onInvoice ? [] : frozenRate('fees', eventId, fees.isFxRateFrozen, subject)),
  ];
}

/**
 * Whether an event's rate is frozen, on the event or its fees: what moves it is what moves `frozen-rate`
 * (./write-effects.ts: any freeze PUT, a write that locks or bills the event's fees, an update that moves its
 * due date); a read never does.
 */
function frozenRate(where: 'event' | 'fees', eventId: string, value: unknown, subject: Subject): Sighting[] {
  if (typeof value !== 'boolean') return [];
  return [
    {
      key: FACT_KEYS.frozenRate(where, eventId),
      requirement: 'FRZ-016',
      what: `isFxRateFrozen of ${where === 'event' ? 'event' : 'the fees of event'} ${eventId}`,
      value: one('isFxRateFrozen', value),
      causes: ['frozen-rate'],
      subject,
      owner: true,
    },
  ];
}

function ofInvoice(invoice: Json): Sighting[] {
  const id = str(invoice.id);
  if (id === undefined || !('createdAt' in invoice)) return [];
  return [
    {
      key: FACT_KEYS.invoiceCreatedAt(id),
      requirement: 'INV-024',
      what: `the createdAt of invoice ${id}`,
      value: one('createdAt', invoice.createdAt),
      causes: [],
      subject: {},
      owner: true,
    },
  ];
}

/**
 * An invoice as recorded: every documented member but the document flags (whether a PDF or XLSX has been produced may
 * change, Invoice: hasPdfDocument, hasXlsxDocument) and the lines' amounts (fixed facts of their own), with the
 * events its lines bill. No write of the client reaches an invoice: no read may change it either.
 */
const INVOICE_LEFT_OUT = leftOut('Invoice');

let invoiceMembers: string[] | undefined;
const comparedInvoiceMembers = () =>
  (invoiceMembers ??= documentedMembers('Invoice').filter((m) => !INVOICE_LEFT_OUT.has(m)));

function ofInvoiceRecord(invoice: Json): Sighting[] {
  const id = str(invoice.id);
  if (id === undefined) return [];
  // The documented members: another member is a freedom of the server (a links object on the single read).
  const record: Json = {};
  for (const member of comparedInvoiceMembers()) if (member in invoice) record[member] = invoice[member];
  if (Array.isArray(invoice.fees))
    record.lineEvents = invoice.fees.map((line) => (isObject(line) ? String(line.eventId) : '?')).sort();
  return [
    {
      key: FACT_KEYS.invoiceRecord(id),
      requirement: 'INV-026',
      what: `invoice ${id} as recorded`,
      value: canonical(record),
      causes: [],
      subject: {},
      owner: true,
    },
  ];
}

/** What a batch's reception fixed, what its triage counted, and what each result recorded. */
const BATCH_RECEPTION = ['mode', 'totalItems', 'createdAt'];
const BATCH_TRIAGE = ['stagedItems', 'autoAppliedItems', 'suppressedItems'];
const RESULT_MEMBERS = ['providerId', 'action', 'requestId'];

/** Batch statuses in which every item has its outcome: what triage counted is settled. */
const TRIAGED = new Set(['TRIAGED', 'SETTLED', 'ERROR']);

/**
 * A sync batch's record: what its reception fixed (mode, totalItems, createdAt); once every item has an
 * outcome, what triage counted ("stagedItems: counted at triage, does not decrease when decisions are made";
 * autoApplied and suppressed items are triage outcomes review does not touch) and each result's providerId and
 * action; its completedAt while its status stays. Review moves outcomes (STAGED to ACCEPTED) and the status
 * (TRIAGED to SETTLED): neither is compared. rejectedItems is left out: the label of a proposal refused in
 * review is not shown.
 */
function ofBatch(batch: Json, page: { currentPage: number; itemsPerPage: number } | undefined): Sighting[] {
  const id = str(batch.importId);
  if (id === undefined) return [];
  const fact = (suffix: string, what: string, value: Json, subject: Subject = {}): Sighting => ({
    key: `${FACT_KEYS.batch(id)}${suffix}`,
    requirement: 'SYNC-055',
    what: `${what} of batch ${id}`,
    value: canonical(value),
    causes: [],
    subject,
    owner: true,
  });
  const found = [
    fact('', 'the mode, totalItems and createdAt', JSON.parse(pick(batch, BATCH_RECEPTION)) as Json),
  ];
  const status = str(batch.status);
  // guard: batch-triage-once-triaged
  if (status === undefined || !TRIAGED.has(status)) return found;
  found.push(fact(':triage', 'the triage counts', JSON.parse(pick(batch, BATCH_TRIAGE)) as Json));
  // guard: batch-completed-at-per-status
  if (batch.completedAt !== null && batch.completedAt !== undefined)
    found.push(
      fact(`:completedAt:${status}`, `the completedAt in status ${status}`, {
        completedAt: batch.completedAt,
      }),
    );
  const results = isObject(batch.results) && Array.isArray(batch.results.data) ? batch.results.data : [];
  // guard: batch-results-page-known
  if (page)
    results.forEach((result, i) => {
      if (!isObject(result)) return;
      const position = (page.currentPage - 1) * page.itemsPerPage + i;
      // The patent the item targets, not compared: what a review of the item acts on.
      const target = { patentId: str(result.servicePatentId), providerId: providerIdOf(result.providerId) };
      found.push(
        fact(
          `:result:${position}`,
          `result ${position + 1}`,
          JSON.parse(pick(result, RESULT_MEMBERS)) as Json,
          target,
        ),
      );
    });
  return found;
}

/** The page a batch's results show, read from their envelope: unknown when it does not say. */
function resultsPage(batch: Json): { currentPage: number; itemsPerPage: number } | undefined {
  const pagination =
    isObject(batch.results) && isObject(batch.results.pagination) ? batch.results.pagination : {};
  const { currentPage, itemsPerPage } = pagination;
  return Number.isInteger(currentPage) && Number.isInteger(itemsPerPage) && (itemsPerPage as number) > 0
    ? { currentPage: currentPage as number, itemsPerPage: itemsPerPage as number }
    : undefined;
}

/**
 * The months of the freeze list, read whole (page 1 holding every item, none at all included): only a freeze
 * PUT adds one ("Freezes the month's exchange rates"); no read may, a month's read included. The answer's
 * operation tells an empty freeze list from another empty list.
 */
function ofFreezeList(envelope: Json): Sighting[] {
  const { data, pagination } = envelope;
  if (!Array.isArray(data) || !isObject(pagination)) return [];
  if (!data.every((item) => isObject(item) && item.object === 'exchangeRateFreeze' && !('events' in item)))
    return [];
  // guard: freeze-list-read-whole
  if (pagination.currentPage !== 1 || pagination.totalItems !== data.length) return [];
  const months = data.map((item) => String((item as Json).yearMonth)).sort();
  return [
    {
      key: FACT_KEYS.frozenMonths(),
      requirement: 'FRZ-015',
      what: 'the frozen months of the tenant',
      value: canonical({ months }),
      causes: ['frozen-months'],
      subject: {},
      owner: true,
    },
  ];
}

/**
 * Every fact an answer's body shows, wherever its resource sits (lists, embedded fees, invoice lines); the
 * fixed facts among them when the caller has read them already. `operationId`, the answer's operation, tells
 * an empty freeze list from another empty list.
 */
export function sightingsOf(
  body: unknown,
  fixedFacts: FixedFact[] = fixedFactsOf(body),
  operationId?: string,
): Sighting[] {
  const found: Sighting[] = [];
  const visit = (value: unknown, onInvoice: boolean) => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, onInvoice);
      return;
    }
    if (!isObject(value)) return;
    if (value.object === 'patent') found.push(...ofPatent(value));
    else if (value.object === 'patentEvent') found.push(...ofEvent(value));
    else if (value.object === 'fees') found.push(...ofFees(value, onInvoice));
    else if (value.object === 'invoice') found.push(...ofInvoice(value), ...ofInvoiceRecord(value));
    else if (value.object === 'patentSyncBatch') found.push(...ofBatch(value, resultsPage(value)));
    const inside = onInvoice || value.object === 'invoice';
    for (const member of Object.values(value)) if (typeof member === 'object') visit(member, inside);
  };
  visit(body, false);
  const freezeList =
    isObject(body) && Array.isArray(body.data) && (body.data.length > 0 || operationId === FREEZE_LIST);
  if (freezeList) found.push(...ofFreezeList(body));
  for (const fact of fixedFacts)
    found.push({ ...fact, causes: [], subject: {}, owner: true, value: one('amounts', fact.value) });
  return found;
}

/** The operation that lists the frozen months. */
const FREEZE_LIST = 'listExchangeRateFreezes';

/**
 * Whether one of the writes may have moved what the fact depends on (./write-effects.ts), for the subject of
 * either sighting: `patentOf` tells an event's patent as far as the run saw it.
 */
export function movedByWrites(
  causes: readonly Cause[],
  subjects: readonly Subject[],
  writes: readonly WriteSpan[],
  patentOf: PatentOf,
): boolean {
  return writes.some((w) =>
    causes.some(
      (cause) => cause !== 'date' && subjects.some((subject) => mayMove(w.write, cause, subject, patentOf)),
    ),
  );
}

const QUARTER_HOUR = 15 * 60 * 1000;

/**
 * Whether today's date may have moved between two instants in the server's zone, which the suite does not
 * know: every zone's midnight falls on a quarter hour of UTC.
 */
export function dateMayHaveMoved(from: number, to: number): boolean {
  return Math.floor(from / QUARTER_HOUR) !== Math.floor(to / QUARTER_HOUR);
}

/** The members whose values differ between two canonical values, for the message. */
function differences(earlier: string, later: string): string {
  const a = JSON.parse(earlier) as Json;
  const b = JSON.parse(later) as Json;
  const members = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (m) => canonical(a[m]) !== canonical(b[m]),
  );
  return members
    .map((m) => `${m} ${m in a ? canonical(a[m]) : 'absent'} then ${m in b ? canonical(b[m]) : 'absent'}`)
    .join('; ');
}

const instant = (ms: number) => new Date(ms).toISOString();

/**
 * The breach two sightings of one fact show, one line starting with the requirement id, or undefined when
 * they agree or a cause the contract allows could explain the difference: a write reaching the fact under
 * way at any time between the first of the two requests and the last of the two answers, or today's date
 * moving on. The later sighting (by answer) may come from a request sent first: a long read that began
 * before the write the other read shows.
 */
export function judgeSightings(
  earlier: TimedSighting,
  later: TimedSighting,
  writes: readonly WriteSpan[],
  patentOf: PatentOf,
): ChargedBreach | undefined {
  if (earlier.value === later.value) return undefined;
  const from = Math.min(earlier.sentAt, later.sentAt);
  const to = Math.max(earlier.answeredAt, later.answeredAt);
  // guard: date-may-have-moved
  if (later.causes.includes('date') && dateMayHaveMoved(from, to)) return undefined;
  // guard: write-reaches-the-fact
  const overlapping = writes.filter((w) => w.start <= to && (w.end === undefined || w.end >= from));
  if (movedByWrites(later.causes, [earlier.subject, later.subject], overlapping, patentOf)) return undefined;
  // A copy that differs from its owner is the copy's fault; two owners' sightings, the later one's.
  const requirement = later.owner && !earlier.owner ? earlier.requirement : later.requirement;
  return {
    requirement,
    message:
      `[${requirement}] ${later.what} differs between two answers with no write or date change that could ` +
      `explain it: ${differences(earlier.value, later.value)}; first ${earlier.where} ` +
      `(sent ${instant(earlier.sentAt)}, answered ${instant(earlier.answeredAt)}), then ${later.where} ` +
      `(sent ${instant(later.sentAt)}, answered ${instant(later.answeredAt)})`,
  };
}

/** The members the ledger compares, by component: with ./never-compared.ts, every documented member. */
export const COMPARED_MEMBERS: Record<string, () => readonly string[]> = {
  Patent: comparedPatentMembers,
  PatentEvent: () => [...EVENT_SCHEDULE, 'isFxRateFrozen'],
  Fees: () => ['isFxRateFrozen'],
  Invoice: comparedInvoiceMembers,
  PatentSyncBatch: () => [...BATCH_RECEPTION, ...BATCH_TRIAGE, 'completedAt'],
  SyncResultItem: () => RESULT_MEMBERS,
};
