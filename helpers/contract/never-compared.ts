/**
 * The members the consistency ledger (./consistency.ts) does not compare between two sightings of a resource,
 * each with the contract's words that let it change with no write of the client, or that make it a fact of
 * its own. Every other documented member of the compared resources is compared; tests/never-compared.test.ts
 * holds the two lists to the documented members and the quotes to the contract.
 */
export interface LeftOut {
  component: string;
  member: string;
  /** Why it is not compared as a member of the resource. */
  reason: string;
  /** The contract's words (verbatim) that allow it. */
  clause: string;
}

const IDENTITY = 'Identifiers are opaque, stable UUIDs.';
const TYPE = 'Every resource object carries `object`, a string naming its type.';

const left = (component: string, member: string, reason: string, clause: string): LeftOut => ({
  component,
  member,
  reason,
  clause,
});

export const LEFT_OUT: readonly LeftOut[] = [
  left('Patent', 'object', 'the type, judged on every answer', TYPE),
  left('Patent', 'id', 'the key of the fact', IDENTITY),
  left(
    'Patent',
    'officialNumbers',
    'maintained by the operators',
    'office-standard numbers maintained by the service operators',
  ),
  left(
    'Patent',
    'status',
    'moves with no write',
    'Values: PENDING, PUBLISHED, GRANTED, LAPSED. Transitions: not shown.',
  ),
  left(
    'Patent',
    'updatedAt',
    'moves with the members the operators maintain',
    'office-standard numbers maintained by the service operators',
  ),
  left('PatentEvent', 'object', 'the type, judged on every answer', TYPE),
  left('PatentEvent', 'id', 'the key of the fact', IDENTITY),
  left(
    'PatentEvent',
    'patent',
    'a fact of its own: the patent of the event and its providerId copy',
    IDENTITY,
  ),
  left(
    'PatentEvent',
    'duePeriod',
    'relative to today',
    'LATE, GRACE_PERIOD, CURRENT, UPCOMING, LAPSED (relative to now)',
  ),
  left(
    'PatentEvent',
    'processingStatus',
    'moves with no write',
    'Transitions between these values, and the effect of an executed instruction on processingStatus, are: not shown.',
  ),
  left(
    'PatentEvent',
    'processingStatusUpdatedAt',
    'moves with processingStatus',
    'Transitions between these values, and the effect of an executed instruction on processingStatus, are: not shown.',
  ),
  left(
    'PatentEvent',
    'updatedAt',
    'moves with processingStatus',
    'Transitions between these values, and the effect of an executed instruction on processingStatus, are: not shown.',
  ),
  left(
    'PatentEvent',
    'feesStatus',
    'invoicing moves it with no write of the client (its pair with the fees is a relation)',
    'the event is invoiced',
  ),
  left(
    'PatentEvent',
    'fees',
    'a Fees object: its own facts',
    'present only when requested with `include=fees` (on the by-period list)',
  ),
  left(
    'PatentEvent',
    'instructability',
    'a fact of its own, which today may move',
    'first day of the month two months before the due month',
  ),
  left('Fees', 'object', 'the type, judged on every answer', TYPE),
  left('Fees', 'eventId', 'the key of the fact', IDENTITY),
  left('Fees', 'patent', 'a fact of its own: the patent of the event and its providerId copy', IDENTITY),
  left(
    'Fees',
    'invoiceId',
    'set when the event is invoiced, with no write of the client',
    'the event is invoiced',
  ),
  left('Fees', 'feesStatus', 'invoicing moves it with no write of the client', 'the event is invoiced'),
  left(
    'Fees',
    'currency',
    'an estimate is recomputed; fixed amounts are fixed facts of their own',
    'ESTIMATED (projected, recomputed live)',
  ),
  left(
    'Fees',
    'total',
    'an estimate is recomputed; fixed amounts are fixed facts of their own',
    'ESTIMATED (projected, recomputed live)',
  ),
  left(
    'Fees',
    'components',
    'an estimate is recomputed; fixed amounts are fixed facts of their own',
    'ESTIMATED (projected, recomputed live)',
  ),
  left(
    'Fees',
    'regularizedInvoiceId',
    'a member of an invoice line: part of the invoice record',
    'only on lines of a REGULARIZATION invoice: the original invoice',
  ),
  left(
    'Fees',
    'regularizationReason',
    'a member of an invoice line: part of the invoice record',
    'only on REGULARIZATION lines',
  ),
  left('Invoice', 'object', 'the type, judged on every answer', TYPE),
  left('Invoice', 'id', 'the key of the fact', IDENTITY),
  left(
    'Invoice',
    'hasPdfDocument',
    'a document may be produced later',
    'Each returns 404 until the document exists.',
  ),
  left(
    'Invoice',
    'hasXlsxDocument',
    'a document may be produced later',
    'Each returns 404 until the document exists.',
  ),
  left(
    'Invoice',
    'fees',
    'compared as the events its lines bill; their amounts are fixed facts',
    'one line per event, full breakdown',
  ),
  left('Invoice', 'createdAt', 'a fact of its own', 'when the invoice was recorded'),
  left('PatentSyncBatch', 'object', 'the type, judged on every answer', TYPE),
  left('PatentSyncBatch', 'importId', 'the key of the fact', 'handle for the status endpoint'),
  left(
    'PatentSyncBatch',
    'status',
    'moves with background work and review',
    'Which trigger moves a batch to SETTLED or to ERROR, and the outcome label of a proposal refused in review: not shown.',
  ),
  left(
    'PatentSyncBatch',
    'processedItems',
    'counts while the batch is processed',
    'processed so far, any outcome',
  ),
  left(
    'PatentSyncBatch',
    'rejectedItems',
    'a proposal refused in review may be labelled REJECTED',
    'Which trigger moves a batch to SETTLED or to ERROR, and the outcome label of a proposal refused in review: not shown.',
  ),
  left('PatentSyncBatch', 'results', 'each result a fact of its own', 'per-item outcomes in POST-body order'),
  left(
    'SyncResultItem',
    'servicePatentId',
    'set once a create is accepted in review',
    'an accepted create carries the new patent UUID on later polls',
  ),
  left('SyncResultItem', 'outcome', 'review moves a STAGED item', 'create accepted'),
  left(
    'SyncResultItem',
    'reason',
    "review gives the reviewer's reason",
    "for a proposal refused in review, the reviewer's reason verbatim",
  ),
];
