/**
 * Relations: facts that two different sources state about one thing, which the contract ties together. A
 * source is a resource on a route (an event's feesStatus, the lines of an invoice), a document download, or a
 * write the client sent (an instruction POST and its answer). Each row names both sides, the rule, the clause
 * and the requirement it is charged to; `decidable: relation` marks that requirement in the catalogue
 * (tests/relations.test.ts holds the two to each other).
 *
 * Pure: the run-wide ledger (helpers/run/consistency-ledger.ts) records every side an answer shows, in any
 * worker, and judges it against the latest sighting of the other side, at no extra request. A row judges a
 * pair only by what the clause fixes; where time decides (a document that may appear between two reads), the
 * row reads the two sightings' times, and a write that moves what the row depends on, for the pair's subject,
 * excuses it.
 */
import { dateMayHaveMoved, type Subject } from '../contract/consistency';
import type { Aspect } from '../contract/write-effects';
import { type AnswerFacts, isObject, type Json, resourcesOf } from '../contract/invariant-types';

export type SideName = 'a' | 'b';

/** One side of a relation as one answer shows it. */
export interface SideSighting {
  relation: string;
  side: SideName;
  /** What both sides speak of: an event id, an invoice id, a patent id. */
  join: string;
  /** Unique per side within the join: the ledger keeps the latest sighting of each. */
  key: string;
  /** The side's value, as text. */
  value: string;
  subject: Subject;
  /**
   * A download's side: the patent and event its path names. The pair speaks of the event only when the run
   * saw the event under that patent: a path naming another patent is another resource (the ledger skips it).
   */
  path?: { patentId: string; eventId: string };
}

/** A side at its times (ms since the epoch) and where it was seen. */
export interface TimedSide extends SideSighting {
  sentAt: number;
  answeredAt: number;
  where: string;
}

export interface Relation {
  /** The row's name. */
  id: string;
  /** The requirement a breach is charged to. */
  requirement: string;
  /** The contract's words that tie the two sides (verbatim). */
  clause: string;
  /** Each side: the resource or exchange, the route and the member. */
  a: string;
  b: string;
  /** What the answer shows of either side. */
  sides(answer: AnswerFacts): SideSighting[];
  /** What the pair shows: it holds, it breaks the rule (the breach, without the requirement id), or it does
   * not decide the rule (the sightings' order in time leaves it open, or the pair is about another row). */
  judge(a: TimedSide, b: TimedSide): Verdict;
  /**
   * What the pair depends on that a write may move (helpers/contract/write-effects.ts): a write between the two
   * sightings that moves one of them for the pair's subject excuses a difference; none: no write does.
   */
  movedBy: readonly Aspect[];
}

export type Verdict = 'holds' | 'undecided' | { breach: string };
const breach = (text: string): Verdict => ({ breach: text });

/** `x` was answered before `y` was sent: nothing of `y`'s answer can predate `x`'s. */
export const strictlyBefore = (x: TimedSide, y: TimedSide) => x.answeredAt <= y.sentAt;

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Every resource of an answer, and whether it is a line of an invoice (held by an invoice). */
const resourcesIn = (body: unknown) =>
  resourcesOf(body).map(({ resource, owner }) => ({ resource, onInvoice: owner?.object === 'invoice' }));

const ok = (answer: AnswerFacts) => answer.status >= 200 && answer.status < 300;

/** A member of each event an answer shows: its own, or its Fees object's (invoice lines excluded). */
interface EventMember {
  eventId: string;
  value: string;
  source: 'event' | 'fees';
}

function eventMembers(answer: AnswerFacts, member: 'feesStatus' | 'isFxRateFrozen'): EventMember[] {
  if (!ok(answer)) return [];
  return resourcesIn(answer.body).flatMap(({ resource, onInvoice }): EventMember[] => {
    const raw = resource[member];
    const value = typeof raw === 'string' || typeof raw === 'boolean' ? String(raw) : undefined;
    if (value === undefined || onInvoice) return [];
    if (resource.object === 'patentEvent') {
      const eventId = str(resource.id);
      return eventId ? [{ eventId, value, source: 'event' }] : [];
    }
    if (resource.object === 'fees') {
      const eventId =
        str(resource.eventId) ??
        (answer.operationId === 'getEventFees' && answer.body === resource
          ? answer.pathParams.eventId
          : undefined);
      return eventId ? [{ eventId, value, source: 'fees' }] : [];
    }
    return [];
  });
}

/** The feesStatus of each event an answer shows. */
const feesStatuses = (answer: AnswerFacts) =>
  eventMembers(answer, 'feesStatus').map(({ eventId, value, source }) => ({
    eventId,
    status: value,
    source,
  }));

/** The instructions an instruction POST answered 201 executed: each entry's event and decision, as sent. */
function executed(answer: AnswerFacts): { eventId: string; decision: string }[] {
  if (answer.operationId !== 'postInstructions' || answer.status !== 201) return [];
  const body = answer.requestBody;
  const entries = isObject(body) && Array.isArray(body.instructions) ? body.instructions : [];
  return entries.flatMap((entry) =>
    isObject(entry) && typeof entry.eventId === 'string' && typeof entry.decision === 'string'
      ? [{ eventId: entry.eventId, decision: entry.decision }]
      : [],
  );
}

/** A document download's answer: 'available' (200), 'missing' (404), or nothing for any other answer. */
function download(
  answer: AnswerFacts,
  operationId: string,
): { eventId: string; value: string; path: { patentId: string; eventId: string } } | undefined {
  if (answer.operationId !== operationId) return undefined;
  const { eventId, patentId } = answer.pathParams;
  if (!eventId || !patentId) return undefined;
  const path = { patentId, eventId };
  if (answer.status === 200) return { eventId, value: 'available', path };
  if (answer.status === 404) return { eventId, value: 'missing', path };
  return undefined;
}

/** The event ids of an invoice's lines, sorted, as JSON. */
function lineEvents(invoice: Json): string | undefined {
  if (!Array.isArray(invoice.fees)) return undefined;
  const ids = invoice.fees.flatMap((line) =>
    isObject(line) && typeof line.eventId === 'string' ? [line.eventId] : [],
  );
  return JSON.stringify([...new Set(ids)].sort());
}

/** The invoices an answer shows, each with its lines' events: the side "the invoice's lines". */
function invoiceLines(relation: string, answer: AnswerFacts): SideSighting[] {
  if (!ok(answer)) return [];
  return resourcesIn(answer.body).flatMap(({ resource }) => {
    const id = str(resource.id);
    const lines = resource.object === 'invoice' ? lineEvents(resource) : undefined;
    return id && lines
      ? [{ relation, side: 'b' as const, join: id, key: 'lines', value: lines, subject: {} }]
      : [];
  });
}

/** The judge of "invoice X has a line for event E": side a names E (its value), side b lists X's lines. */
function hasLine(what: string) {
  return (a: TimedSide, b: TimedSide): Verdict => {
    const lines = JSON.parse(b.value) as string[];
    return lines.includes(a.value)
      ? 'holds'
      : breach(
          `${what} names invoice ${a.join} for event ${a.value} (${a.where}), yet that invoice has no line for the event (${b.where}: lines of ${lines.length ? lines.join(', ') : 'no event'})`,
        );
  };
}

const FEES_ROUTES = 'the fees route, the by-period list with include=fees';
const EVENT_ROUTES = "an event's list item, single read or by-period item";

export const RELATIONS: readonly Relation[] = [
  {
    id: 'event-fees-status-is-its-fees-status',
    requirement: 'FEE-017',
    clause: 'Fees status of an event',
    a: `Patent event (${EVENT_ROUTES}): feesStatus`,
    b: `Fees of the event (${FEES_ROUTES}): feesStatus`,
    sides: (answer) =>
      feesStatuses(answer).map(({ eventId, status, source }) => ({
        relation: 'event-fees-status-is-its-fees-status',
        side: source === 'event' ? 'a' : 'b',
        join: eventId,
        key: source,
        value: status,
        subject: { eventId },
      })),
    judge: (a, b) => {
      if (a.value === b.value) return 'holds';
      const [first, second] = a.answeredAt <= b.answeredAt ? [a, b] : [b, a];
      const same = a.where === b.where && a.sentAt === b.sentAt;
      // The event may be invoiced between two reads (LOCKED, then INVOICED), or while both are under way.
      // guard: fees-status-invoiced-between-reads
      if (!same && first.value === 'LOCKED' && second.value === 'INVOICED') return 'holds';
      if (!same && !strictlyBefore(first, second) && [a.value, b.value].sort().join() === 'INVOICED,LOCKED')
        return 'holds';
      return breach(
        `event ${a.join} shows feesStatus ${a.value} (${a.where}) and its fees ${b.value} (${b.where})`,
      );
    },
    movedBy: ['fees-status'],
  },
  {
    id: 'event-rate-frozen-is-its-fees-rate-frozen',
    requirement: 'FRZ-018',
    clause: '`isFxRateFrozen` (boolean)',
    a: `Patent event (${EVENT_ROUTES}): isFxRateFrozen`,
    b: `Fees of the event (${FEES_ROUTES}): isFxRateFrozen`,
    sides: (answer) =>
      eventMembers(answer, 'isFxRateFrozen').map(({ eventId, value, source }) => ({
        relation: 'event-rate-frozen-is-its-fees-rate-frozen',
        side: source === 'event' ? 'a' : 'b',
        join: eventId,
        key: source,
        value,
        subject: { eventId },
      })),
    // One fact of the event, stated twice: only a write that moves the frozen rate (a freeze PUT, a write that
    // locks or bills the fees, an update that moves the due date) between the two sightings excuses a difference.
    judge: (a, b) =>
      a.value === b.value
        ? 'holds'
        : breach(
            `event ${a.join} shows isFxRateFrozen ${a.value} (${a.where}) and its fees ${b.value} (${b.where})`,
          ),
    movedBy: ['frozen-rate'],
  },
  {
    id: 'invoiced-fees-have-a-line-on-their-invoice',
    requirement: 'FEE-018',
    clause: 'INVOICED (invoice exists, invoiceId set)',
    a: `Fees (${FEES_ROUTES}): feesStatus INVOICED, invoiceId and eventId`,
    b: 'Invoice (the invoice list, the single read): the eventId of each line of fees',
    sides: (answer) => [
      ...(ok(answer)
        ? resourcesIn(answer.body).flatMap(({ resource, onInvoice }): SideSighting[] => {
            const invoiceId = str(resource.invoiceId);
            const eventId = str(resource.eventId);
            if (resource.object !== 'fees' || onInvoice || resource.feesStatus !== 'INVOICED') return [];
            return invoiceId && eventId
              ? [
                  {
                    relation: 'invoiced-fees-have-a-line-on-their-invoice',
                    side: 'a',
                    join: invoiceId,
                    key: eventId,
                    value: eventId,
                    subject: {},
                  },
                ]
              : [];
          })
        : []),
      ...invoiceLines('invoiced-fees-have-a-line-on-their-invoice', answer),
    ],
    judge: hasLine('INVOICED fees'),
    movedBy: [],
  },
  {
    id: 'regularization-line-corrects-a-billed-line',
    requirement: 'INV-025',
    clause: 'only on lines of a REGULARIZATION invoice: the original invoice',
    a: 'Invoice of origin REGULARIZATION (list, single read): regularizedInvoiceId and eventId of each line',
    b: 'The original invoice (list, single read): the eventId of each line of fees',
    sides: (answer) => [
      ...(ok(answer)
        ? resourcesIn(answer.body).flatMap(({ resource }): SideSighting[] => {
            if (resource.object !== 'invoice' || resource.origin !== 'REGULARIZATION') return [];
            const lines = Array.isArray(resource.fees) ? resource.fees.filter(isObject) : [];
            return lines.flatMap((line): SideSighting[] => {
              const original = str(line.regularizedInvoiceId);
              const eventId = str(line.eventId);
              return original && eventId
                ? [
                    {
                      relation: 'regularization-line-corrects-a-billed-line',
                      side: 'a',
                      join: original,
                      key: eventId,
                      value: eventId,
                      subject: {},
                    },
                  ]
                : [];
            });
          })
        : []),
      ...invoiceLines('regularization-line-corrects-a-billed-line', answer),
    ],
    judge: hasLine('a REGULARIZATION line'),
    movedBy: [],
  },
  {
    id: 'invoice-document-not-before-invoicing',
    requirement: 'DOC-008',
    clause: 'the event has been invoiced',
    a: 'The invoice download of an event: 200 or 404',
    b: `The event's fees status (${EVENT_ROUTES}; ${FEES_ROUTES})`,
    sides: (answer) => documentAndStatus('invoice-document-not-before-invoicing', answer),
    // Served (200) while a read made after it shows the fees not invoiced: served before invoicing.
    judge: (a, b) => {
      // guard: relation-row-scope
      // guard: relation-time-order
      if (a.value !== 'available' || !strictlyBefore(a, b)) return 'undecided';
      return b.value === 'INVOICED'
        ? 'holds'
        : breach(
            `the invoice document of event ${a.join} was served (${a.where}), yet a later read shows its fees ${b.value} (${b.where})`,
          );
    },
    movedBy: [],
  },
  {
    id: 'invoice-document-once-invoiced',
    requirement: 'DOC-008',
    clause: 'the event has been invoiced',
    a: 'The invoice download of an event: 200 or 404',
    b: `The event's fees status (${EVENT_ROUTES}; ${FEES_ROUTES})`,
    sides: (answer) => documentAndStatus('invoice-document-once-invoiced', answer),
    judge: (a, b) => {
      // guard: relation-row-scope
      // guard: relation-time-order
      if (b.value !== 'INVOICED' || !strictlyBefore(b, a)) return 'undecided';
      return a.value === 'available'
        ? 'holds'
        : breach(
            `event ${a.join} shows its fees INVOICED (${b.where}), yet its invoice document, asked later, is 404 (${a.where})`,
          );
    },
    movedBy: [],
  },
  {
    id: 'instruction-receipt-once-instructed',
    requirement: 'DOC-009',
    clause: 'an instruction receipt exists',
    a: 'An instruction POST answered 201 (its receipt): the eventId of each entry sent',
    b: 'The instruction-receipt download of the event: 200 or 404',
    sides: (answer) => [
      ...executed(answer).map(({ eventId }) => ({
        relation: 'instruction-receipt-once-instructed',
        side: 'a' as const,
        join: eventId,
        key: 'instructed',
        value: 'executed',
        subject: { eventId },
      })),
      ...[download(answer, 'getInstructionReceiptDocument')].flatMap((d) =>
        d
          ? [
              {
                relation: 'instruction-receipt-once-instructed',
                side: 'b' as const,
                join: d.eventId,
                key: 'receipt',
                value: d.value,
                subject: { eventId: d.eventId },
                path: d.path,
              },
            ]
          : [],
      ),
    ],
    judge: (a, b) => {
      // guard: relation-time-order
      if (!strictlyBefore(a, b)) return 'undecided';
      return b.value === 'available'
        ? 'holds'
        : breach(
            `an instruction for event ${a.join} was executed (${a.where}), yet its instruction receipt, asked later, is 404 (${b.where})`,
          );
    },
    movedBy: [],
  },
  {
    id: 'executed-decision-shows-on-the-event',
    requirement: 'INS-008',
    clause: 'Executing an instruction sets `appliedDecision` on the event.',
    a: 'An instruction POST answered 201: the eventId and decision of each entry sent',
    b: `The event (${EVENT_ROUTES}): appliedDecision`,
    sides: (answer) => [
      ...instructedSides('executed-decision-shows-on-the-event', answer),
      ...(ok(answer)
        ? resourcesIn(answer.body).flatMap(({ resource }): SideSighting[] => {
            const eventId = str(resource.id);
            if (resource.object !== 'patentEvent' || !eventId || !('appliedDecision' in resource)) return [];
            return [
              {
                relation: 'executed-decision-shows-on-the-event',
                side: 'b',
                join: eventId,
                key: 'event',
                value: JSON.stringify(resource.appliedDecision),
                subject: { eventId },
              },
            ];
          })
        : []),
    ],
    // "An executed instruction cannot be modified through the API": no write excuses another decision.
    judge: (a, b) => {
      // guard: relation-time-order
      if (!strictlyBefore(a, b)) return 'undecided';
      return b.value === JSON.stringify(a.value)
        ? 'holds'
        : breach(
            `event ${a.join} was instructed ${a.value} (${a.where}), yet a later read shows appliedDecision ${b.value} (${b.where})`,
          );
    },
    movedBy: [],
  },
  {
    id: 'proceed-locks-the-fees',
    requirement: 'FEE-010',
    clause: 'Executing a PROCEED locks its fees.',
    a: 'An instruction POST answered 201: the eventId and decision of each entry sent',
    b: `The event's fees status (${EVENT_ROUTES}; ${FEES_ROUTES})`,
    sides: (answer) => [
      ...instructedSides('proceed-locks-the-fees', answer),
      ...statusSides('proceed-locks-the-fees', answer),
    ],
    judge: (a, b) => {
      // guard: relation-row-scope
      // guard: relation-time-order
      if (a.value !== 'PROCEED' || !strictlyBefore(a, b)) return 'undecided';
      return b.value !== 'ESTIMATED'
        ? 'holds'
        : breach(
            `event ${a.join} was instructed PROCEED (${a.where}), yet a later read shows its fees ESTIMATED (${b.where})`,
          );
    },
    movedBy: [],
  },
  {
    id: 'embedded-fees-are-the-fees-route',
    requirement: 'PER-017',
    clause: '`fees` adds the Fees object to each event',
    a: 'The Fees object of an event of the by-period list with include=fees: its currency and component types',
    b: 'The fees route of the event: its currency and component types',
    sides: (answer) => {
      const relation = 'embedded-fees-are-the-fees-route';
      if (!ok(answer) || !isObject(answer.body)) return [];
      const shape = (fees: Json) =>
        JSON.stringify({
          currency: fees.currency,
          types: (Array.isArray(fees.components) ? fees.components : [])
            .map((c) => (isObject(c) ? String(c.type) : '?'))
            .sort(),
        });
      if (answer.operationId === 'getEventFees' && answer.pathParams.eventId)
        return [
          {
            relation,
            side: 'b',
            join: answer.pathParams.eventId,
            key: 'route',
            value: shape(answer.body),
            subject: { eventId: answer.pathParams.eventId },
          },
        ];
      if (answer.operationId !== 'listEventsByPeriod' || !Array.isArray(answer.body.data)) return [];
      return answer.body.data.flatMap((event): SideSighting[] => {
        const eventId = isObject(event) ? str(event.id) : undefined;
        return eventId && isObject(event) && isObject(event.fees)
          ? [
              {
                relation,
                side: 'a',
                join: eventId,
                key: 'embedded',
                value: shape(event.fees),
                subject: { eventId },
              },
            ]
          : [];
      });
    },
    judge: (a, b) => {
      if (a.value === b.value) return 'holds';
      // guard: fees-shape-date-may-have-moved
      if (dateMayHaveMoved(Math.min(a.sentAt, b.sentAt), Math.max(a.answeredAt, b.answeredAt)))
        return 'undecided';
      return breach(
        `event ${a.join}: include=fees shows ${a.value} (${a.where}), its fees route ${b.value} (${b.where})`,
      );
    },
    movedBy: ['fees-shape'],
  },
  {
    id: 'by-period-event-listed-under-its-patent',
    requirement: 'PER-016',
    clause: 'Cross-portfolio list of events due in a window.',
    a: 'An event of the by-period list: its id and patent.id',
    b: "The patent's events, read whole (GET /patents/{patentId}/events, one page holding every item)",
    sides: (answer) => {
      if (!ok(answer) || !isObject(answer.body) || !Array.isArray(answer.body.data)) return [];
      const relation = 'by-period-event-listed-under-its-patent';
      if (answer.operationId === 'listEventsByPeriod')
        return answer.body.data.flatMap((event): SideSighting[] => {
          const id = isObject(event) ? str(event.id) : undefined;
          const patentId = isObject(event) && isObject(event.patent) ? str(event.patent.id) : undefined;
          return id && patentId
            ? [{ relation, side: 'a', join: patentId, key: id, value: id, subject: { patentId } }]
            : [];
        });
      const patentId = answer.pathParams.patentId;
      const pagination = isObject(answer.body.pagination) ? answer.body.pagination : {};
      const whole =
        answer.operationId === 'listPatentEvents' &&
        pagination.currentPage === 1 &&
        pagination.totalItems === answer.body.data.length;
      // guard: patent-events-read-whole
      if (!whole || !patentId) return [];
      const ids = answer.body.data.flatMap((e) => (isObject(e) && typeof e.id === 'string' ? [e.id] : []));
      return [
        {
          relation,
          side: 'b',
          join: patentId,
          key: 'events',
          value: JSON.stringify(ids.sort()),
          subject: { patentId },
        },
      ];
    },
    judge: (a, b) =>
      (JSON.parse(b.value) as string[]).includes(a.value)
        ? 'holds'
        : breach(
            `event ${a.value} of patent ${a.join} is on the by-period list (${a.where}) but not among the patent's events (${b.where})`,
          ),
    // A push may change a patent's schedule, and with it its events.
    movedBy: ['event-schedule'],
  },
];

/** Side a of the rows about an instruction: each executed entry, its decision the value. */
function instructedSides(relation: string, answer: AnswerFacts): SideSighting[] {
  return executed(answer).map(({ eventId, decision }) => ({
    relation,
    side: 'a',
    join: eventId,
    key: 'instructed',
    value: decision,
    subject: { eventId },
  }));
}

/** Side b of the rows about an event's fees status, from the event or its Fees object. */
function statusSides(relation: string, answer: AnswerFacts): SideSighting[] {
  return feesStatuses(answer).map(({ eventId, status }) => ({
    relation,
    side: 'b',
    join: eventId,
    key: 'status',
    value: status,
    subject: { eventId },
  }));
}

/** Side a: the invoice download's answer; side b: the event's fees status. */
function documentAndStatus(relation: string, answer: AnswerFacts): SideSighting[] {
  const d = download(answer, 'getInvoiceDocument');
  if (d)
    return [
      { relation, side: 'a', join: d.eventId, key: 'document', value: d.value, subject: {}, path: d.path },
    ];
  return statusSides(relation, answer);
}

/** The rows by name. */
export const RELATION_BY_ID: ReadonlyMap<string, Relation> = new Map(RELATIONS.map((r) => [r.id, r]));

/** Every side of every relation an answer shows. */
export function relationSidesOf(answer: AnswerFacts): SideSighting[] {
  return RELATIONS.flatMap((relation) => relation.sides(answer));
}
