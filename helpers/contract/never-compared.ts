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
  /**
   * Where the member changes with no write of the client: the reference variant that exercises the freedom
   * (the suite passes against it), or why none does. Absent for a member left out as a key, a type or a fact of
   * its own, which never changes.
   */
  exercised?: { variant: string } | { none: string };
}

const IDENTITY = 'Identifiers are opaque, stable UUIDs.';
const TYPE = 'Every resource object carries `object`, a string naming its type.';

const left = (
  component: string,
  member: string,
  reason: string,
  clause: string,
  exercised?: LeftOut['exercised'],
): LeftOut => ({ component, member, reason, clause, ...(exercised ? { exercised } : {}) });

const variant = (name: string) => ({ variant: name });
const TODAY = {
  none: "moves with today's date: the reference's clock does not cross a day within a run, and a target's may",
};
const INVOICING = {
  none: 'invoicing is back-office work the run announces as a provider state (event-invoiced), a write to the ledger',
};
const REVIEW = {
  none: 'review is back-office work the run announces as a provider state (sync-item-reviewed), a write to the ledger',
};

export const LEFT_OUT: readonly LeftOut[] = [
  left('Patent', 'object', 'the type, judged on every answer', TYPE),
  left('Patent', 'id', 'the key of the fact', IDENTITY),
  left(
    'Patent',
    'officialNumbers',
    'maintained by the operators',
    'office-standard numbers maintained by the service operators',
    variant('patent-operators-move-status-and-numbers'),
  ),
  left(
    'Patent',
    'status',
    'moves with no write',
    'Values: PENDING, PUBLISHED, GRANTED, LAPSED. Transitions: not shown.',
    variant('patent-operators-move-status-and-numbers'),
  ),
  left(
    'Patent',
    'updatedAt',
    'moves with the members the operators maintain',
    'office-standard numbers maintained by the service operators',
    variant('patent-operators-move-status-and-numbers'),
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
    TODAY,
  ),
  left(
    'PatentEvent',
    'processingStatus',
    'moves with no write',
    'Transitions between these values, and the effect of an executed instruction on processingStatus, are: not shown.',
    variant('processing-status-advanced-by-back-office'),
  ),
  left(
    'PatentEvent',
    'processingStatusUpdatedAt',
    'moves with processingStatus',
    'Transitions between these values, and the effect of an executed instruction on processingStatus, are: not shown.',
    variant('processing-status-advanced-by-back-office'),
  ),
  left(
    'PatentEvent',
    'updatedAt',
    'moves with processingStatus',
    'Transitions between these values, and the effect of an executed instruction on processingStatus, are: not shown.',
    variant('processing-status-advanced-by-back-office'),
  ),
  left(
    'PatentEvent',
    'feesStatus',
    'invoicing moves it with no write of the client (its pair with the fees is a relation)',
    'the event is invoiced',
    INVOICING,
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
    INVOICING,
  ),
  left(
    'Fees',
    'feesStatus',
    'invoicing moves it with no write of the client',
    'the event is invoiced',
    INVOICING,
  ),
  left(
    'Fees',
    'currency',
    'an estimate is recomputed; fixed amounts are fixed facts of their own',
    'ESTIMATED (projected, recomputed live)',
    variant('fees-estimates-recomputed-live'),
  ),
  left(
    'Fees',
    'total',
    'an estimate is recomputed; fixed amounts are fixed facts of their own',
    'ESTIMATED (projected, recomputed live)',
    variant('fees-estimates-recomputed-live'),
  ),
  left(
    'Fees',
    'components',
    'an estimate is recomputed; fixed amounts are fixed facts of their own',
    'ESTIMATED (projected, recomputed live)',
    variant('fees-estimates-recomputed-live'),
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
    variant('invoice-documents-produced-later'),
  ),
  left(
    'Invoice',
    'hasXlsxDocument',
    'a document may be produced later',
    'Each returns 404 until the document exists.',
    variant('invoice-documents-produced-later'),
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
    variant('async-batch-intermediate-states-may-be-skipped'),
  ),
  left(
    'PatentSyncBatch',
    'processedItems',
    'counts while the batch is processed',
    'processed so far, any outcome',
    variant('sync-background-slow'),
  ),
  left(
    'PatentSyncBatch',
    'rejectedItems',
    'a proposal refused in review may be labelled REJECTED',
    'Which trigger moves a batch to SETTLED or to ERROR, and the outcome label of a proposal refused in review: not shown.',
    variant('sync-refused-outcome-label'),
  ),
  left('PatentSyncBatch', 'results', 'each result a fact of its own', 'per-item outcomes in POST-body order'),
  left(
    'SyncResultItem',
    'servicePatentId',
    'set once a create is accepted in review',
    'an accepted create carries the new patent UUID on later polls',
    REVIEW,
  ),
  left(
    'SyncResultItem',
    'outcome',
    'review moves a STAGED item',
    'create accepted',
    variant('sync-refused-outcome-label'),
  ),
  left(
    'SyncResultItem',
    'reason',
    "review gives the reviewer's reason",
    "for a proposal refused in review, the reviewer's reason verbatim",
    variant('refused-proposal-outcome-label-free'),
  ),
];
