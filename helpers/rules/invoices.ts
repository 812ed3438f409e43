/**
 * The rules of the Invoices area (INV-) one answer decides: the invoice and its lines (regularization
 * included), the regularization members null on the fees of an event, its single read, the date windows of
 * the list (bounding what it returns, refused when reversed or malformed), the order of a sorted page and what
 * `sort` must not be refused for (../contract/list-orders.ts), and a sort on another member of the Invoice
 * (refused, or accepted and then in that member's order). Part of the registry (./registry.ts). The invoice reference unique in a
 * tenant (INV-006) is compared across the run: ./registry.ts, `uniqueValuesOf`.
 * Contract: Resources and their fields (Invoice); Endpoints, Invoices (10, 11); Errors.
 */
import { isCalendarDate, isDateTime } from '../contract/calendar';
import { enumOf } from '../contract/contract';
import { documentedMembers } from '../contract/documented-members';
import {
  ANSWER,
  type AnswerFacts,
  type Invariant,
  isObject,
  isOperation,
  type Json,
  member,
  once,
  queryValue,
  queryValues,
  show,
} from '../contract/invariant-types';
import { itemsOf, listOf } from '../contract/list-answers';
import {
  judgedStatus,
  orderProblems,
  othersValid,
  sortAccepted,
  sortedPage,
  sortFields,
  sortKind,
  sortRefused,
} from '../contract/list-orders';
import { refused } from '../contract/request-refusals';
import { UUID } from '../contract/uuid';

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

/**
 * A member of the fees of an event (the fees route, an event with include=fees, any Fees object that is no
 * line of an invoice) that only a REGULARIZATION line carries: null there.
 */
function nullOnEventFees(id: string, name: string): Invariant {
  return {
    id,
    title: `${name} is null on the fees of an event`,
    subject: 'fees',
    judge: (fees, _answer, { owner }) =>
      owner?.object === 'invoice'
        ? undefined
        : once(fees[name] === null ? undefined : `${name} ${show(fees[name])} on the fees of an event`),
  };
}

/**
 * The member a sort of the invoice list names when it is a member of the Invoice outside the allowed fields:
 * refusing it and sorting on it are both open (OPEN-POINTS E3.6).
 */
function otherMemberSorted(answer: AnswerFacts): string | undefined {
  const sort = queryValue(answer, 'sort');
  if (!isOperation(answer, 'listInvoices') || sort === undefined) return undefined;
  const field = sort.startsWith('-') ? sort.slice(1) : sort;
  return documentedMembers('Invoice').includes(field) && !sortFields('listInvoices').includes(field)
    ? field
    : undefined;
}

/** The members outside the allowed fields whose order, once the server sorts on them, reads one way: free text. */
const READABLE_OTHER_SORTS: readonly string[] = ['reference'];

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

/** A window of the invoice list whose end is before its start (both strict dates). */
const reversed = (answer: AnswerFacts, from: string, to: string) => {
  const [low] = queryValues(answer, from);
  const [high] = queryValues(answer, to);
  return (
    isOperation(answer, 'listInvoices') &&
    isCalendarDate(low) &&
    isCalendarDate(high) &&
    (high as string) < (low as string)
  );
};

export const INVOICES_RULES: readonly Invariant[] = [
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
    'INV-027',
    "a line of an invoice that is no REGULARIZATION is INVOICED on that invoice: feesStatus INVOICED, invoiceId the invoice's id",
    (line, invoice) => {
      // A REGULARIZATION line corrects another invoice's line: which invoice its invoiceId names is not stated.
      if (invoice.origin === 'REGULARIZATION' || typeof invoice.origin !== 'string') return undefined;
      const wrong = [
        ...(line.feesStatus === 'INVOICED' ? [] : [`feesStatus ${show(line.feesStatus)}`]),
        ...(line.invoiceId === invoice.id ? [] : [`invoiceId ${show(line.invoiceId)}`]),
      ];
      return wrong.length === 0
        ? undefined
        : `${wrong.join(' and ')} on a line of ${show(invoice.origin)} invoice ${show(invoice.id)}`;
    },
  ),
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
  nullOnEventFees('INV-001', 'regularizedInvoiceId'),
  nullOnEventFees('INV-003', 'regularizationReason'),
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
  refused('INV-015', 'issueDateTo before issueDateFrom gives 400 validation_failed', (a) =>
    reversed(a, 'issueDateFrom', 'issueDateTo'),
  ),
  refused('INV-017', 'createdTo before createdFrom gives 400 validation_failed', (a) =>
    reversed(a, 'createdFrom', 'createdTo'),
  ),
  refused(
    'INV-023',
    'an invoice date window bound that is not YYYY-MM-DD gives 400 validation_failed',
    (a) =>
      isOperation(a, 'listInvoices') &&
      ['issueDateFrom', 'issueDateTo', 'createdFrom', 'createdTo'].some((n) =>
        queryValues(a, n).some((v) => !isCalendarDate(v)),
      ),
  ),
  listOf('INV-021', 'listInvoices', 'invoice'),
  sortedPage(
    'INV-018',
    'a page of invoices sorted on an allowed field is in that order',
    'listInvoices',
    true,
  ),
  sortAccepted('INV-018', 'listInvoices'),
  sortedPage(
    'INV-019',
    'a page of invoices without sort is in the default order (-issueDate)',
    'listInvoices',
    false,
  ),
  sortRefused('INV-020', 'listInvoices'),
  {
    id: 'INV-020',
    title:
      'a sort on a member of the Invoice outside the allowed fields gives 400 validation_failed or is accepted (200)',
    subject: ANSWER,
    judge: (_, answer) => {
      if (otherMemberSorted(answer) === undefined) return undefined;
      const status = judgedStatus(answer);
      if (status === undefined || !othersValid(answer, 'sort')) return undefined;
      const code = isObject(answer.body) ? answer.body.code : undefined;
      return once(
        status === 200 || (status === 400 && code === 'validation_failed')
          ? undefined
          : `sort=${String(queryValue(answer, 'sort'))} answered ${status} ${show(code ?? '')}`,
      );
    },
  },
  {
    id: 'INV-018',
    title:
      'a page of invoices the server sorted on reference (outside the allowed fields) is in that order, `-` descending',
    subject: ANSWER,
    judge: (_, answer) => {
      const field = otherMemberSorted(answer);
      const items = itemsOf(answer, 'listInvoices');
      if (field === undefined || !READABLE_OTHER_SORTS.includes(field) || !items || items.length < 2)
        return undefined;
      const sort = queryValue(answer, 'sort')!;
      const shown = items.map((item) => (typeof item[field] === 'string' ? (item[field] as string) : null));
      return orderProblems(shown, sortKind('Invoice', field), sort.startsWith('-')).map(
        (p) => `sort=${sort}: ${p}`,
      );
    },
  },
];
