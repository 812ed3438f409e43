/**
 * Invariants of the invoice, the instruction receipt and the freeze, gathered with the sync batch's
 * (./sync-invariants.ts): part of the registry (./invariants.ts), applied to every answer that shows such a
 * resource, with the request that produced it.
 * Contract: Resources and their fields (Patent sync batch, Invoice, Instruction receipt, Exchange rate
 * freeze); States and transitions (Sync batch and item outcomes); Endpoints 7, 8, 10, 11, 13 and 14.
 */
import { isCalendarDate, isDateTime } from './calendar';
import { enumOf } from './contract';
import {
  ANSWER,
  type AnswerFacts,
  type Invariant,
  isObject,
  type Json,
  member,
  once,
  show,
  BEFORE_VALIDATION,
  YEAR_MONTH,
} from './invariant-types';
import { UUID } from './uuid';
import { SYNC_INVARIANTS } from './sync-invariants';

// ---- Invoice

const ORIGINS = enumOf('Invoice', 'origin');
const REGULARIZATION_REASONS: readonly string[] = enumOf('Fees', 'regularizationReason').filter(
  (r) => r !== null,
);

const linesOf = (invoice: Json): Json[] => (Array.isArray(invoice.fees) ? invoice.fees.filter(isObject) : []);

/** A rule of each line of an invoice. */
function ofLines(
  id: string,
  title: string,
  rule: (line: Json, invoice: Json) => string | undefined,
): Invariant {
  return {
    id,
    title,
    subject: 'invoice',
    judge: (invoice) => {
      const lines = linesOf(invoice);
      if (lines.length === 0) return undefined;
      return lines.flatMap((line, i) => once(rule(line, invoice)).map((b) => `fees/${i}: ${b}`));
    },
  };
}

/** One value of a query parameter that is a strict date. */
function dateQuery(answer: AnswerFacts, name: string): string | undefined {
  const values = answer.query[name];
  return values?.length === 1 && isCalendarDate(values[0]) ? values[0] : undefined;
}

/** A window of the invoice list on `member` (its day): every invoice returned lies within it. */
function invoiceWindow(id: string, member: string, from: string, to: string): Invariant {
  return {
    id,
    title: `${from} and ${to} bound the ${member === 'createdAt' ? 'day of createdAt' : member} of every invoice listed`,
    subject: 'invoice',
    judge: (invoice, answer) => {
      if (answer.operationId !== 'listInvoices' || answer.status !== 200) return undefined;
      const low = dateQuery(answer, from);
      const high = dateQuery(answer, to);
      if (low === undefined && high === undefined) return undefined;
      const value = invoice[member];
      if (typeof value !== 'string') return once(`${member} is ${show(value)} under a ${member} window`);
      const day = value.slice(0, 10);
      return once(
        (low === undefined || day >= low) && (high === undefined || day <= high)
          ? undefined
          : `${member} ${value} outside ${from}=${low ?? ''} ${to}=${high ?? ''}`,
      );
    },
  };
}

const INVOICE_INVARIANTS: Invariant[] = [
  member('INV-005', 'invoice', 'object', ['invoice'], 'an invoice has object invoice'),
  {
    id: 'INV-007',
    title: 'reference is a non-empty string on every invoice',
    subject: 'invoice',
    judge: (invoice) =>
      once(
        typeof invoice.reference === 'string' && invoice.reference !== ''
          ? undefined
          : `reference is ${show(invoice.reference)}`,
      ),
  },
  {
    id: 'INV-008',
    title: 'number is null on IMPORTED invoices, otherwise a string or null',
    subject: 'invoice',
    judge: (invoice) => {
      if (invoice.origin === 'IMPORTED')
        return once(invoice.number === null ? undefined : `IMPORTED with number ${show(invoice.number)}`);
      return once(
        invoice.number === null || typeof invoice.number === 'string'
          ? undefined
          : `number is ${show(invoice.number)}`,
      );
    },
  },
  member('INV-009', 'invoice', 'origin', ORIGINS, `origin is ${ORIGINS.join(', ')}`),
  member('INV-010', 'invoice', 'ipRightType', ['PATENT'], 'every invoice returned has ipRightType PATENT'),
  {
    id: 'INV-011',
    title: 'hasPdfDocument and hasXlsxDocument are booleans',
    subject: 'invoice',
    judge: (invoice) =>
      ['hasPdfDocument', 'hasXlsxDocument']
        .filter((name) => typeof invoice[name] !== 'boolean')
        .map((name) => `${name} is ${show(invoice[name])}`),
  },
  {
    id: 'INV-012',
    title: 'an invoice has at most one line per event',
    subject: 'invoice',
    judge: (invoice) => {
      const lines = linesOf(invoice);
      if (lines.length < 2) return undefined;
      const ids = lines.map((l) => l.eventId).filter((e) => typeof e === 'string');
      const repeated = [...new Set(ids.filter((e, i) => ids.indexOf(e) !== i))];
      return repeated.map((e) => `event ${String(e)} has more than one line`);
    },
  },
  {
    id: 'INV-013',
    title: 'createdAt is a non-null date-time on every invoice',
    subject: 'invoice',
    judge: (invoice) =>
      once(isDateTime(invoice.createdAt) ? undefined : `createdAt is ${show(invoice.createdAt)}`),
  },
  ofLines(
    'INV-001',
    'regularizedInvoiceId is null on the lines of an invoice that is no REGULARIZATION',
    (line, invoice) =>
      invoice.origin !== 'REGULARIZATION' && line.regularizedInvoiceId !== null
        ? `regularizedInvoiceId ${show(line.regularizedInvoiceId)} on a ${show(invoice.origin)} invoice`
        : undefined,
  ),
  ofLines(
    'INV-003',
    'regularizationReason is null on the lines of an invoice that is no REGULARIZATION',
    (line, invoice) =>
      invoice.origin !== 'REGULARIZATION' && line.regularizationReason !== null
        ? `regularizationReason ${show(line.regularizationReason)} on a ${show(invoice.origin)} invoice`
        : undefined,
  ),
  ofLines(
    'INV-004',
    `a REGULARIZATION line's regularizationReason is ${REGULARIZATION_REASONS.join(', ')}`,
    (line, invoice) =>
      invoice.origin === 'REGULARIZATION' &&
      !REGULARIZATION_REASONS.includes(line.regularizationReason as string)
        ? `regularizationReason is ${show(line.regularizationReason)}`
        : undefined,
  ),
  ofLines(
    'INV-002',
    "a REGULARIZATION line's regularizedInvoiceId is the UUID of another invoice",
    (line, invoice) =>
      invoice.origin === 'REGULARIZATION' &&
      !(
        typeof line.regularizedInvoiceId === 'string' &&
        UUID.test(line.regularizedInvoiceId) &&
        line.regularizedInvoiceId !== invoice.id
      )
        ? `regularizedInvoiceId is ${show(line.regularizedInvoiceId)}`
        : undefined,
  ),
  {
    id: 'INV-022',
    title: 'GET /invoices/{invoiceId} answers the invoice whose id is invoiceId',
    subject: 'invoice',
    judge: (invoice, answer, { owner, path }) => {
      if (answer.operationId !== 'getInvoice' || answer.status !== 200 || owner !== undefined || path !== '/')
        return undefined;
      return once(invoice.id === answer.pathParams.invoiceId ? undefined : `id is ${show(invoice.id)}`);
    },
  },
  invoiceWindow('INV-014', 'issueDate', 'issueDateFrom', 'issueDateTo'),
  invoiceWindow('INV-016', 'createdAt', 'createdFrom', 'createdTo'),
];

// ---- Instruction receipt and instructions

const INSTRUCTION_STATUSES = enumOf('Instruction', 'status');

/** The entries an instruction POST sent, when the request carried them. */
function postedEntries(answer: AnswerFacts): unknown[] | undefined {
  if (answer.method !== 'POST' || answer.operationId !== 'postInstructions') return undefined;
  const body = answer.requestBody;
  return isObject(body) && Array.isArray(body.instructions) ? body.instructions : undefined;
}

const instructionsOf = (receipt: Json): Json[] =>
  Array.isArray(receipt.instructions) ? receipt.instructions.filter(isObject) : [];

const RECEIPT_INVARIANTS: Invariant[] = [
  {
    id: 'INS-001',
    title: 'the answer of an instruction POST is an instructionReceipt',
    subject: 'answer',
    judge: (_, answer) => {
      if (answer.operationId !== 'postInstructions' || answer.status !== 201 || !isObject(answer.body))
        return undefined;
      return once(
        answer.body.object === 'instructionReceipt' ? undefined : `object is ${show(answer.body.object)}`,
      );
    },
  },
  {
    id: 'INS-002',
    title: "a receipt's issueDate is a date or null, reference a string or null, number an integer or null",
    subject: 'instructionReceipt',
    judge: (r) => [
      ...(r.issueDate === null || isCalendarDate(r.issueDate) ? [] : [`issueDate is ${show(r.issueDate)}`]),
      ...(r.reference === null || typeof r.reference === 'string'
        ? []
        : [`reference is ${show(r.reference)}`]),
      ...(r.number === null || Number.isInteger(r.number) ? [] : [`number is ${show(r.number)}`]),
    ],
  },
  {
    id: 'INS-003',
    title: 'a receipt holds one instruction per posted entry',
    subject: 'instructionReceipt',
    judge: (receipt, answer) => {
      const entries = postedEntries(answer);
      if (!entries || answer.status !== 201) return undefined;
      const shown = instructionsOf(receipt);
      return [
        ...(shown.length === entries.length
          ? []
          : [`${shown.length} instruction(s) for ${entries.length} entr(ies)`]),
        ...shown
          .filter((i) => i.object !== 'instruction')
          .map((i) => `an instruction has object ${show(i.object)}`),
      ];
    },
  },
  {
    id: 'INS-004',
    title: "a receipt's instructions carry the decisions posted",
    subject: 'instructionReceipt',
    judge: (receipt, answer) => {
      const entries = postedEntries(answer);
      if (!entries || answer.status !== 201) return undefined;
      // The instruction object names no event: the decisions are compared as a multiset.
      const posted = entries.map((e) => (isObject(e) ? String(e.decision) : '?')).sort();
      const shown = instructionsOf(receipt)
        .map((i) => String(i.decision))
        .sort();
      return once(
        posted.join() === shown.join()
          ? undefined
          : `decisions ${shown.join(', ')}, posted ${posted.join(', ')}`,
      );
    },
  },
  member(
    'INS-005',
    'instruction',
    'status',
    INSTRUCTION_STATUSES,
    `an instruction's status is ${INSTRUCTION_STATUSES.join(', ')}`,
  ),
  {
    id: 'INS-006',
    title: "an instruction's executedAt is a date-time or null, scheduledForExecutionAt a date or null",
    subject: 'instruction',
    judge: (i) => [
      ...(i.executedAt === null || isDateTime(i.executedAt) ? [] : [`executedAt is ${show(i.executedAt)}`]),
      ...(i.scheduledForExecutionAt === null || isCalendarDate(i.scheduledForExecutionAt)
        ? []
        : [`scheduledForExecutionAt is ${show(i.scheduledForExecutionAt)}`]),
    ],
  },
  {
    id: 'INS-007',
    title: "an instruction's designated country lists are arrays of strings or null",
    subject: 'instruction',
    judge: (i) =>
      ['renewedDesignatedCountries', 'excludedDesignatedCountries']
        .filter(
          (name) =>
            !(
              i[name] === null ||
              (Array.isArray(i[name]) && (i[name] as unknown[]).every((c) => typeof c === 'string'))
            ),
        )
        .map((name) => `${name} is ${show(i[name])}`),
  },
  {
    id: 'INS-009',
    title: 'every instruction of a 201 receipt is EXECUTED',
    subject: 'instructionReceipt',
    judge: (receipt, answer) => {
      if (answer.operationId !== 'postInstructions' || answer.status !== 201) return undefined;
      return instructionsOf(receipt)
        .filter((i) => i.status !== 'EXECUTED')
        .map((i) => `instruction ${String(i.id)} has status ${show(i.status)}`);
    },
  },
];

// ---- Exchange rate freeze

const FREEZE_INVARIANTS: Invariant[] = [
  member(
    'FRZ-001',
    'exchangeRateFreeze',
    'object',
    ['exchangeRateFreeze'],
    'a freeze has object exchangeRateFreeze',
  ),
  {
    id: 'FRZ-002',
    title: 'a freeze carries yearMonth as YYYY-MM',
    subject: 'exchangeRateFreeze',
    judge: (freeze) =>
      once(
        typeof freeze.yearMonth === 'string' && YEAR_MONTH.test(freeze.yearMonth)
          ? undefined
          : `yearMonth is ${show(freeze.yearMonth)}`,
      ),
  },
  {
    id: 'FRZ-003',
    title: "a freeze's single read and PUT answer carry the path's yearMonth and an events array",
    subject: 'exchangeRateFreeze',
    judge: (freeze, answer, { path }) => {
      const month = answer.pathParams.yearMonth;
      if (!month || answer.status !== 200 || path !== '/') return undefined;
      return [
        ...(freeze.yearMonth === month
          ? []
          : [`yearMonth ${show(freeze.yearMonth)} for the path's ${month}`]),
        ...(Array.isArray(freeze.events) ? [] : [`events is ${show(freeze.events)}`]),
      ];
    },
  },
  {
    id: 'FRZ-007',
    title: 'a PUT of a valid month without a body answers 200',
    subject: ANSWER,
    judge: (_, answer) => {
      const month = answer.pathParams.yearMonth;
      if (
        answer.operationId !== 'putExchangeRateFreeze' ||
        answer.sentBody ||
        !month ||
        !YEAR_MONTH.test(month)
      )
        return undefined;
      if (BEFORE_VALIDATION.includes(answer.status)) return undefined;
      return once(answer.status === 200 ? undefined : `answered ${answer.status}`);
    },
  },
];

export const RESOURCE_INVARIANTS: readonly Invariant[] = [
  ...SYNC_INVARIANTS,
  ...INVOICE_INVARIANTS,
  ...RECEIPT_INVARIANTS,
  ...FREEZE_INVARIANTS,
];
