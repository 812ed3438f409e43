/**
 * The shared-fact table: every member that two different resources state about one thing (an event, a patent,
 * an invoice), each with the judge that compares the two, or the contract's words that leave them free to
 * differ. The pairs that must have a row are derived, not chosen: for each thing, every two of the resources
 * that speak of it, the members both document under one name (schemas/openapi.yaml), and the members that
 * carry one fact under two names (`CROSS_NAMED`). tests/shared-facts.test.ts fails on a derived pair without a
 * row, on a row whose judge does not exist, and on a ruling whose words are not the contract's;
 * docs/shared-facts.md is generated from it (scripts/gen-shared-facts.ts).
 *
 * A resource seen twice (a list item and its single read, an event on two routes) is the consistency ledger's
 * (./consistency.ts, ./never-compared.ts); what a write changes on the routes that show it is the write-effect
 * table's (./write-effects.ts).
 */
import { documentedMembers } from './documented-members';

/** A resource as it speaks of a thing: its component in schemas/openapi.yaml, and where it shows. */
export interface SharedView {
  component: string;
  shows: string;
  /** How it names the thing it speaks of. */
  names: string;
  /** Takes part in the CROSS_NAMED pairs only. */
  crossNamedOnly?: true;
}

/** The things several resources speak of, and each resource that does. */
export const SHARED_SUBJECTS: Record<string, Record<string, SharedView>> = {
  event: {
    event: {
      component: 'PatentEvent',
      shows: "an event's list item, single read, by-period item",
      names: 'id',
    },
    fees: { component: 'Fees', shows: 'the fees route, an event with include=fees', names: 'eventId' },
    'invoice line': {
      component: 'Fees',
      shows: 'a line of an invoice (list, single read)',
      names: 'eventId',
    },
    'freeze row': {
      component: 'FrozenRateEvent',
      shows: "a month's freeze (PUT, single read)",
      names: "its patent's clientCaseReference and its dueDate",
    },
  },
  patent: {
    patent: { component: 'Patent', shows: 'the patent list, the single read', names: 'id' },
    'patent of an event': { component: 'PatentRef', shows: "an event's `patent`", names: 'id' },
    'patent of fees': {
      component: 'FeesPatentRef',
      shows: "the fees' `patent` (invoice lines too)",
      names: 'id',
    },
    'sync result': {
      component: 'SyncResultItem',
      shows: 'the results of a sync batch',
      names: 'servicePatentId',
    },
  },
  invoice: {
    invoice: { component: 'Invoice', shows: 'the invoice list, the single read', names: 'id' },
    'invoice line': {
      component: 'Fees',
      shows: 'a line the invoice holds',
      names: 'the invoice that holds it',
    },
    fees: {
      component: 'Fees',
      shows: 'the fees route, an event with include=fees',
      names: 'invoiceId',
      // Its members beside a line's are the event's pairs (the same event on both): named there once.
      crossNamedOnly: true,
    },
  },
};

/** Members that carry one fact under two names: [subject, view a, member a, view b, member b]. */
export const CROSS_NAMED: readonly (readonly [string, string, string, string, string])[] = [
  ['event', 'fees', 'total', 'freeze row', 'amount'],
  ['event', 'invoice line', 'total', 'freeze row', 'amount'],
  ['event', 'event', 'appliedDecision', 'freeze row', 'hasInstruction'],
  ['event', 'event', 'fees', 'fees', '(the whole object)'],
  ['invoice', 'invoice', 'id', 'invoice line', 'invoiceId'],
  ['invoice', 'invoice', 'id', 'fees', 'invoiceId'],
  ['invoice', 'invoice', 'origin', 'invoice line', 'regularizedInvoiceId'],
  ['invoice', 'invoice', 'origin', 'invoice line', 'regularizationReason'],
];

/** Members every resource has that say nothing of the thing: its type, the list machinery. */
const NOT_FACTS = new Set(['object']);

/**
 * A judge of a pair, run on every answer of the run: a relation of the run-wide ledger (helpers/rules/
 * relations.ts), a rule of one answer that shows both sides (helpers/rules/), or a fact the consistency ledger
 * keys alike on both sides (FACT_KEYS of ./consistency.ts, or a fixed fact's requirement: ./fixed-facts.ts).
 */
export type SharedJudge =
  | { relation: string }
  | { invariant: string }
  | { ledgerFact: string }
  /** A test that pairs the two, citing the requirement: judged where that test reads, not on every answer. */
  | { test: string };

/** A ruling: the contract's words (verbatim) that let the two differ, or make the pair no fact. */
export interface SharedRuling {
  clause: string;
  because: string;
}

export interface SharedFactRow {
  subject: string;
  a: string;
  b: string;
  member: string;
  /** The member's name on side b, when it differs. */
  memberB?: string;
  judgedBy?: readonly SharedJudge[];
  ruling?: SharedRuling;
}

/** Every pair the table must cover: derived from SHARED_SUBJECTS, the document and CROSS_NAMED. */
export function derivedPairs(): {
  subject: string;
  a: string;
  b: string;
  member: string;
  memberB?: string;
}[] {
  const pairs: { subject: string; a: string; b: string; member: string; memberB?: string }[] = [];
  for (const [subject, views] of Object.entries(SHARED_SUBJECTS)) {
    const names = Object.keys(views).filter((name) => !views[name]!.crossNamedOnly);
    names.forEach((a, i) =>
      names.slice(i + 1).forEach((b) => {
        const ofB = new Set(documentedMembers(views[b]!.component));
        // The member both sides name the thing by is the join itself, no fact of it.
        const join = (member: string) => member === views[a]!.names && member === views[b]!.names;
        for (const member of documentedMembers(views[a]!.component))
          if (ofB.has(member) && !NOT_FACTS.has(member) && !join(member))
            pairs.push({ subject, a, b, member });
      }),
    );
  }
  for (const [subject, a, member, b, memberB] of CROSS_NAMED) pairs.push({ subject, a, b, member, memberB });
  return pairs;
}

export const pairKey = (p: { subject: string; a: string; b: string; member: string; memberB?: string }) =>
  `${p.subject}: ${p.a}.${p.member} / ${p.b}.${p.memberB ?? p.member}`;

const BILL = {
  clause: 'invoiceId set, billed amounts returned',
  because:
    "a line shows what was billed; the patent's reference and the event's rate may move after billing, the line itself is fixed (INV-026)",
};
const ECHO = {
  clause: 'echoed; null when the item had none',
  because:
    "a result echoes the item's providerId, not the patent's: what an applied item writes to the patent is the write-effect table's",
};
const REGULARIZATION_ONLY = {
  clause: 'only on lines of a REGULARIZATION invoice: the original invoice; null elsewhere',
  because:
    "the event's fees are never a REGULARIZATION line: null there (INV-001, INV-003), a value on such a line, so the two differ by rule",
};

export const SHARED_FACTS: readonly SharedFactRow[] = [
  // ------------------------------------------------------------------ an event
  {
    subject: 'event',
    a: 'event',
    b: 'fees',
    member: 'patent',
    judgedBy: [{ invariant: 'FEE-004' }, { ledgerFact: 'patentOfEvent' }, { ledgerFact: 'providerId' }],
  },
  {
    subject: 'event',
    a: 'event',
    b: 'fees',
    member: 'isFxRateFrozen',
    judgedBy: [{ relation: 'event-rate-frozen-is-its-fees-rate-frozen' }],
  },
  {
    subject: 'event',
    a: 'event',
    b: 'fees',
    member: 'feesStatus',
    judgedBy: [{ relation: 'event-fees-status-is-its-fees-status' }],
  },
  {
    subject: 'event',
    a: 'event',
    b: 'invoice line',
    member: 'patent',
    judgedBy: [{ ledgerFact: 'patentOfEvent' }],
  },
  { subject: 'event', a: 'event', b: 'invoice line', member: 'isFxRateFrozen', ruling: BILL },
  {
    subject: 'event',
    a: 'event',
    b: 'invoice line',
    member: 'feesStatus',
    judgedBy: [{ invariant: 'INV-027' }, { relation: 'event-fees-status-is-its-fees-status' }],
  },
  {
    subject: 'event',
    a: 'event',
    b: 'freeze row',
    member: 'dueDate',
    ruling: {
      clause: '`clientCaseReference` (string or null), `dueDate` (date)',
      because:
        "a row names its event by its patent's clientCaseReference and its due date: the due date is the join, no fact compared",
    },
  },
  {
    subject: 'event',
    a: 'event',
    b: 'freeze row',
    member: 'isFxRateFrozen',
    judgedBy: [{ test: 'FRZ-018' }],
  },
  {
    subject: 'event',
    a: 'fees',
    b: 'invoice line',
    member: 'invoiceId',
    judgedBy: [{ relation: 'invoiced-fees-have-a-line-on-their-invoice' }, { invariant: 'INV-027' }],
  },
  {
    subject: 'event',
    a: 'fees',
    b: 'invoice line',
    member: 'patent',
    judgedBy: [{ ledgerFact: 'patentOfEvent' }],
  },
  {
    subject: 'event',
    a: 'fees',
    b: 'invoice line',
    member: 'currency',
    judgedBy: [{ ledgerFact: 'FEE-014' }],
  },
  { subject: 'event', a: 'fees', b: 'invoice line', member: 'total', judgedBy: [{ ledgerFact: 'FEE-014' }] },
  {
    subject: 'event',
    a: 'fees',
    b: 'invoice line',
    member: 'components',
    judgedBy: [{ ledgerFact: 'FEE-014' }],
  },
  {
    subject: 'event',
    a: 'fees',
    b: 'invoice line',
    member: 'feesStatus',
    judgedBy: [{ invariant: 'INV-027' }, { relation: 'invoiced-fees-have-a-line-on-their-invoice' }],
  },
  { subject: 'event', a: 'fees', b: 'invoice line', member: 'isFxRateFrozen', ruling: BILL },
  {
    subject: 'event',
    a: 'fees',
    b: 'invoice line',
    member: 'regularizedInvoiceId',
    ruling: REGULARIZATION_ONLY,
  },
  {
    subject: 'event',
    a: 'fees',
    b: 'invoice line',
    member: 'regularizationReason',
    ruling: REGULARIZATION_ONLY,
  },
  {
    subject: 'event',
    a: 'fees',
    b: 'freeze row',
    member: 'currency',
    judgedBy: [{ test: 'FRZ-014' }],
  },
  {
    subject: 'event',
    a: 'fees',
    b: 'freeze row',
    member: 'isFxRateFrozen',
    judgedBy: [{ test: 'FRZ-018' }],
  },
  { subject: 'event', a: 'invoice line', b: 'freeze row', member: 'currency', ruling: BILL },
  { subject: 'event', a: 'invoice line', b: 'freeze row', member: 'isFxRateFrozen', ruling: BILL },
  {
    subject: 'event',
    a: 'fees',
    b: 'freeze row',
    member: 'total',
    memberB: 'amount',
    judgedBy: [{ test: 'FRZ-014' }],
  },
  { subject: 'event', a: 'invoice line', b: 'freeze row', member: 'total', memberB: 'amount', ruling: BILL },
  {
    subject: 'event',
    a: 'event',
    b: 'freeze row',
    member: 'appliedDecision',
    memberB: 'hasInstruction',
    ruling: {
      clause: 'Values: PENDING, SCHEDULED, EXECUTED, SUPERSEDED.',
      because:
        'an instruction may exist that is not executed (PENDING, SCHEDULED), and appliedDecision is set by executing one only: neither flag decides the other; FRZ-017 reads hasInstruction back after an executed instruction',
    },
  },
  {
    subject: 'event',
    a: 'event',
    b: 'fees',
    member: 'fees',
    memberB: '(the whole object)',
    judgedBy: [
      { relation: 'embedded-fees-are-the-fees-route' },
      { relation: 'event-fees-status-is-its-fees-status' },
      { relation: 'event-rate-frozen-is-its-fees-rate-frozen' },
      { ledgerFact: 'patentOfEvent' },
    ],
  },
  // ------------------------------------------------------------------ a patent
  {
    subject: 'patent',
    a: 'patent',
    b: 'patent of an event',
    member: 'providerId',
    judgedBy: [{ ledgerFact: 'providerId' }],
  },
  {
    subject: 'patent',
    a: 'patent',
    b: 'patent of fees',
    member: 'providerId',
    judgedBy: [{ ledgerFact: 'providerId' }],
  },
  { subject: 'patent', a: 'patent', b: 'sync result', member: 'providerId', ruling: ECHO },
  {
    subject: 'patent',
    a: 'patent of an event',
    b: 'patent of fees',
    member: 'providerId',
    judgedBy: [{ invariant: 'FEE-004' }, { ledgerFact: 'providerId' }],
  },
  { subject: 'patent', a: 'patent of an event', b: 'sync result', member: 'providerId', ruling: ECHO },
  { subject: 'patent', a: 'patent of fees', b: 'sync result', member: 'providerId', ruling: ECHO },
  // ------------------------------------------------------------------ an invoice
  {
    subject: 'invoice',
    a: 'invoice',
    b: 'invoice line',
    member: 'currency',
    judgedBy: [{ invariant: 'CONV-012' }],
  },
  {
    subject: 'invoice',
    a: 'invoice',
    b: 'invoice line',
    member: 'id',
    memberB: 'invoiceId',
    judgedBy: [{ invariant: 'INV-027' }],
  },
  {
    subject: 'invoice',
    a: 'invoice',
    b: 'fees',
    member: 'id',
    memberB: 'invoiceId',
    judgedBy: [{ relation: 'invoiced-fees-have-a-line-on-their-invoice' }],
  },
  {
    subject: 'invoice',
    a: 'invoice',
    b: 'invoice line',
    member: 'origin',
    memberB: 'regularizedInvoiceId',
    judgedBy: [{ invariant: 'INV-001' }, { invariant: 'INV-002' }],
  },
  {
    subject: 'invoice',
    a: 'invoice',
    b: 'invoice line',
    member: 'origin',
    memberB: 'regularizationReason',
    judgedBy: [{ invariant: 'INV-003' }, { invariant: 'INV-004' }],
  },
];
