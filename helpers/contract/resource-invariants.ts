/**
 * Invariants of the sync batch, the invoice, the instruction receipt and the freeze: part of the registry
 * (./invariants.ts), applied to every answer that shows such a resource, with the request that produced it.
 * Contract: Resources and their fields (Patent sync batch, Invoice, Instruction receipt, Exchange rate
 * freeze); States and transitions (Sync batch and item outcomes); Endpoints 7, 8, 10, 11, 13 and 14.
 */
import { isCalendarDate, isDateTime } from './calendar';
import { enumOf, syncInlineLimit } from './contract';
import { OFFICE_CODE } from './field-rules';
import {
  ANSWER,
  type AnswerFacts,
  type Invariant,
  isObject,
  type Json,
  once,
  show,
  BEFORE_VALIDATION,
  YEAR_MONTH,
} from './invariant-types';
import { UUID } from './uuid';

/** A member that must hold one of `values` (null among them where the schema allows it). */
function member(
  id: string,
  subject: string,
  name: string,
  values: readonly (string | null)[],
  title = `${name} is ${values.map(String).join(', ')}`,
): Invariant {
  // No values: the member is a UUID.
  const holds = (value: unknown) =>
    values.length === 0
      ? typeof value === 'string' && UUID.test(value)
      : values.includes(value as string | null);
  return {
    id,
    title,
    subject,
    judge: (resource) => once(holds(resource[name]) ? undefined : `${name} is ${show(resource[name])}`),
  };
}

// ---- Patent sync batch

const BATCH_STATUSES = enumOf('PatentSyncBatch', 'status');
const ACTIONS: readonly (string | null)[] = enumOf('SyncResultItem', 'action');

/** The results of a batch, when its answer shows every one of them (one page holds them all). */
function allResults(batch: Json): Json[] | undefined {
  const results = batch.results;
  if (!isObject(results) || !Array.isArray(results.data) || !isObject(results.pagination)) return undefined;
  const { totalItems } = results.pagination;
  if (totalItems !== results.data.length || batch.totalItems !== results.data.length) return undefined;
  return results.data.filter(isObject);
}

/** The results an answer shows (one page). */
const shownResults = (batch: Json): Json[] =>
  isObject(batch.results) && Array.isArray(batch.results.data) ? batch.results.data.filter(isObject) : [];

/**
 * A counter of the batch against the results that show its outcome, at triage: the 201 of an inline POST,
 * which shows every outcome. Later polls may show a proposal refused in review under a label the contract
 * does not give (it may read REJECTED without being counted as rejected as invalid).
 */
function counter(id: string, name: string, outcome: string): Invariant {
  return {
    id,
    title: `at triage, ${name} equals the number of results with outcome ${outcome}`,
    subject: 'patentSyncBatch',
    judge: (batch, answer) => {
      if (!atTriage(answer)) return undefined;
      const results = allResults(batch);
      if (!results) return undefined;
      const counted = results.filter((r) => r.outcome === outcome).length;
      return once(
        batch[name] === counted
          ? undefined
          : `${name} is ${show(batch[name])}, ${counted} result(s) are ${outcome}`,
      );
    },
  };
}

/**
 * Whether the POST may have been a replay: the same externalImportRef replays the stored batch as it is
 * now, whatever its state, and one exchange cannot tell a replay from a first push.
 */
function mayReplay(answer: AnswerFacts): boolean {
  const body = answer.requestBody;
  return isObject(body) && body.externalImportRef !== undefined;
}

/** The answer of an inline POST that is no replay: the moment of triage, every outcome shown. */
function atTriage(answer: AnswerFacts): boolean {
  return answer.operationId === 'syncPatents' && answer.status === 201 && !mayReplay(answer);
}

/** The item array a sync POST sent, when the request carried one. */
function postedItems(answer: AnswerFacts): unknown[] | undefined {
  if (answer.method !== 'POST' || answer.operationId !== 'syncPatents') return undefined;
  const body = answer.requestBody;
  return isObject(body) && Array.isArray(body.items) ? body.items : undefined;
}

/**
 * Whether a sync POST of object items, past the key and scope checks, was accepted (201 or 202): undefined
 * when the request is not one (no items, an entry that is no object, an answer before validation).
 */
function acceptance(answer: AnswerFacts): string[] | undefined {
  const items = postedItems(answer);
  if (!items || items.length === 0 || !items.every(isObject) || BEFORE_VALIDATION.includes(answer.status))
    return undefined;
  return once(answer.status === 201 || answer.status === 202 ? undefined : `answered ${answer.status}`);
}

/**
 * The results that do not echo the providerId of the posted item at their position (null when the item had
 * none): result i of a page starting at `offset` stands for posted item offset + i.
 */
function echoMismatches(items: unknown[], results: Json[], offset: number): string[] {
  return results.flatMap((result, i) => {
    const at = offset + i;
    if (at >= items.length) return [`result ${at} stands for no posted item`];
    const item = items[at];
    const sent = isObject(item) && typeof item.providerId === 'string' ? item.providerId : null;
    return result.providerId === sent
      ? []
      : [`result ${at}: providerId ${show(result.providerId)}, the item posted there ${show(sent)}`];
  });
}

/** A rule of each shown result (when `triageOnly`, on the answer of triage only: before any review). */
function ofResults(
  id: string,
  title: string,
  rule: (result: Json, batch: Json) => string | undefined,
  triageOnly = false,
): Invariant {
  return {
    id,
    title,
    subject: 'patentSyncBatch',
    judge: (batch, answer) => {
      if (triageOnly && !atTriage(answer)) return undefined;
      const results = shownResults(batch);
      if (results.length === 0) return undefined;
      return results.flatMap((result, i) => once(rule(result, batch)).map((b) => `results.data/${i}: ${b}`));
    },
  };
}

/** The date members of a sync item ("strict date"). */
const SYNC_DATE_MEMBERS = [
  'applicationDate',
  'nationalPhaseEntryDate',
  'priorityDate',
  'publicationDate',
  'grantDate',
  'expirationDate',
  'extendedExpirationDate',
  'lapseDate',
  'renewalsManagedFrom',
];

const awaitingOutcome = (status: unknown) => status === 'PENDING' || status === 'PROCESSING';

const SYNC_INVARIANTS: Invariant[] = [
  member(
    'SYNC-001',
    'patentSyncBatch',
    'object',
    ['patentSyncBatch'],
    'a sync batch has object patentSyncBatch',
  ),
  member(
    'SYNC-003',
    'patentSyncBatch',
    'status',
    BATCH_STATUSES,
    `the batch status is ${BATCH_STATUSES.join(', ')}`,
  ),
  {
    id: 'SYNC-005',
    title: 'processedItems is never above totalItems',
    subject: 'patentSyncBatch',
    judge: (batch) =>
      typeof batch.processedItems === 'number' && typeof batch.totalItems === 'number'
        ? once(
            batch.processedItems <= batch.totalItems
              ? undefined
              : `processedItems ${batch.processedItems} above totalItems ${batch.totalItems}`,
          )
        : undefined,
  },
  counter('SYNC-006', 'autoAppliedItems', 'APPLIED'),
  counter('SYNC-009', 'rejectedItems', 'REJECTED'),
  counter('SYNC-010', 'suppressedItems', 'SUPPRESSED'),
  {
    // Triage of an inline batch is its POST: the 201 shows every outcome.
    id: 'SYNC-007',
    title: 'at triage (the 201 of an inline POST), stagedItems equals the results STAGED',
    subject: 'patentSyncBatch',
    judge: (batch, answer) => {
      if (!atTriage(answer)) return undefined;
      const results = allResults(batch);
      if (!results) return undefined;
      const staged = results.filter((r) => r.outcome === 'STAGED').length;
      return once(
        batch.stagedItems === staged
          ? undefined
          : `stagedItems is ${show(batch.stagedItems)}, ${staged} result(s) are STAGED`,
      );
    },
  },
  {
    id: 'SYNC-011',
    title: 'completedAt is null while the batch is PENDING or PROCESSING',
    subject: 'patentSyncBatch',
    judge: (batch) =>
      awaitingOutcome(batch.status)
        ? once(
            batch.completedAt === null
              ? undefined
              : `status ${show(batch.status)} with completedAt ${show(batch.completedAt)}`,
          )
        : undefined,
  },
  ofResults('SYNC-015', 'a result has action CREATE, UPDATE or null', (r) =>
    ACTIONS.includes(r.action as string | null) ? undefined : `action is ${show(r.action)}`,
  ),
  ofResults(
    'SYNC-017',
    "a result's requestId is a UUID, or null only in a batch with status ERROR",
    (r, batch) => {
      if (r.requestId === null)
        return batch.status === 'ERROR' ? undefined : `requestId null in a batch ${show(batch.status)}`;
      return typeof r.requestId === 'string' && UUID.test(r.requestId)
        ? undefined
        : `requestId is ${show(r.requestId)}`;
    },
  ),
  // At triage only: a proposal refused in review may keep its label (not shown) with the reviewer's reason.
  ofResults(
    'SYNC-018',
    "at triage, a result's reason is null when its outcome is APPLIED, STAGED or ACCEPTED",
    (r) =>
      ['APPLIED', 'STAGED', 'ACCEPTED'].includes(r.outcome as string) && r.reason !== null
        ? `outcome ${show(r.outcome)} with reason ${show(r.reason)}`
        : undefined,
    true,
  ),
  ofResults('SYNC-026', 'an APPLIED result has action UPDATE', (r) =>
    r.outcome === 'APPLIED' && r.action !== 'UPDATE' ? `APPLIED with action ${show(r.action)}` : undefined,
  ),
  ofResults('SYNC-028', 'a REJECTED result has a non-null reason', (r) =>
    r.outcome === 'REJECTED' && (r.reason === null || r.reason === undefined)
      ? 'REJECTED with reason null'
      : undefined,
  ),
  ofResults('SYNC-029', 'a SUPPRESSED result has a non-null reason', (r) =>
    r.outcome === 'SUPPRESSED' && (r.reason === null || r.reason === undefined)
      ? 'SUPPRESSED with reason null'
      : undefined,
  ),
  ofResults('SYNC-030', "an ACCEPTED result carries the new patent's UUID", (r) =>
    r.outcome === 'ACCEPTED' && !(typeof r.servicePatentId === 'string' && UUID.test(r.servicePatentId))
      ? `ACCEPTED with servicePatentId ${show(r.servicePatentId)}`
      : undefined,
  ),
  {
    id: 'SYNC-025',
    title: 'a batch with a result whose requestId is null has status ERROR',
    subject: 'patentSyncBatch',
    judge: (batch) => {
      const unrecorded = shownResults(batch).filter((r) => r.requestId === null).length;
      if (unrecorded === 0) return undefined;
      return once(
        batch.status === 'ERROR'
          ? undefined
          : `${unrecorded} result(s) unrecorded, status ${show(batch.status)}`,
      );
    },
  },
  {
    id: 'SYNC-023',
    // At triage only: after a review, a refused proposal may keep the label STAGED (not shown).
    title: 'at triage, a batch whose items all have an outcome, one of them STAGED, has status TRIAGED',
    subject: 'patentSyncBatch',
    judge: (batch, answer) => {
      if (!atTriage(answer)) return undefined;
      const results = allResults(batch);
      if (!results || results.length === 0 || !results.some((r) => r.outcome === 'STAGED')) return undefined;
      if (results.some((r) => r.requestId === null)) return undefined; // ERROR takes precedence (SYNC-025)
      return once(
        batch.status === 'TRIAGED' ? undefined : `a STAGED result in a batch ${show(batch.status)}`,
      );
    },
  },
  member('SYNC-002', 'patentSyncBatch', 'importId', [], 'importId is a UUID'),
  ofResults(
    'SYNC-016',
    'at triage, a result has outcome APPLIED, STAGED, SUPPRESSED or REJECTED',
    (r) =>
      ['APPLIED', 'STAGED', 'SUPPRESSED', 'REJECTED'].includes(r.outcome as string)
        ? undefined
        : `outcome ${show(r.outcome)}`,
    true,
  ),
  {
    id: 'SYNC-049',
    title: 'a sync POST of object items answers 201 or 202, whatever the items hold',
    subject: 'answer',
    judge: (_, answer) => {
      const accepted = acceptance(answer);
      if (!accepted) return undefined;
      const body = answer.requestBody as Json;
      if (body.externalImportRef === '' || answer.status === 409) return undefined; // SYNC-032, SYNC-047
      return accepted;
    },
  },
  ...(
    [
      [
        'SYNC-044',
        'an item with neither providerId nor servicePatentId',
        (item: Json) => typeof item.providerId !== 'string' && typeof item.servicePatentId !== 'string',
      ],
      [
        'SYNC-038',
        'an item whose office is a string of no office code form (WO, EP, EA or ISO 3166-1)',
        (item: Json) => typeof item.office === 'string' && !OFFICE_CODE.test(item.office),
      ],
      [
        'SYNC-039',
        'an item with a date member that is not a strict YYYY-MM-DD',
        (item: Json) =>
          SYNC_DATE_MEMBERS.some(
            (m) => item[m] !== undefined && item[m] !== null && !isCalendarDate(item[m]),
          ),
      ],
    ] as const
  ).map(([id, what, invalid]): Invariant => ({
    id,
    title: `at triage, ${what} is REJECTED with a reason`,
    subject: 'patentSyncBatch',
    judge: (batch, answer) => {
      const items = postedItems(answer);
      if (!items || !atTriage(answer)) return undefined;
      const results = shownResults(batch);
      if (results.length !== items.length) return undefined;
      const judged = items.flatMap((item, i) => (isObject(item) && invalid(item) ? [i] : []));
      if (judged.length === 0) return undefined;
      return judged
        .filter((i) => results[i]!.outcome !== 'REJECTED' || results[i]!.reason === null)
        .map((i) => `item ${i}: outcome ${show(results[i]!.outcome)}, reason ${show(results[i]!.reason)}`);
    },
  })),
  {
    id: 'SYNC-031',
    title: 'a sync POST of object items without externalImportRef is accepted: 201 or 202',
    subject: ANSWER,
    judge: (_, answer) => {
      const accepted = acceptance(answer);
      return accepted && (answer.requestBody as Json).externalImportRef === undefined ? accepted : undefined;
    },
  },
  {
    id: 'SYNC-035',
    title: `a sync POST of more than ${syncInlineLimit()} object items is never refused for its size`,
    subject: ANSWER,
    judge: (_, answer) => {
      const items = postedItems(answer);
      if (!items || items.length <= syncInlineLimit() || !items.every(isObject)) return undefined;
      const ref = (answer.requestBody as Json).externalImportRef;
      // Refused for something else: before validation, an externalImportRef empty or not a string, a reused
      // one (409).
      if (
        BEFORE_VALIDATION.includes(answer.status) ||
        (ref !== undefined && (typeof ref !== 'string' || ref === '' || answer.status === 409))
      )
        return undefined;
      return once(
        answer.status >= 200 && answer.status < 300
          ? undefined
          : `${items.length} items answered ${answer.status}`,
      );
    },
  },
  {
    id: 'SYNC-012',
    // One answer shows one page: result i of page p is the outcome of posted item (p - 1) * size + i, its
    // providerId echoed. A replay is left out: whether "the same items" may come in another order is not
    // stated, and a server may replay the batch as first posted.
    title: 'the results a sync POST shows are those of the posted items at their page position',
    subject: 'patentSyncBatch',
    judge: (batch, answer) => {
      const items = postedItems(answer);
      const results = shownResults(batch);
      const page = isObject(batch.results) ? batch.results.pagination : undefined;
      if (!items || answer.status >= 300 || mayReplay(answer) || results.length === 0) return undefined;
      const current = isObject(page) ? page.currentPage : undefined;
      const size = isObject(page) ? page.itemsPerPage : undefined;
      if (!Number.isInteger(current) || !Number.isInteger(size)) return undefined;
      const offset = ((current as number) - 1) * (size as number);
      return echoMismatches(items, results, offset);
    },
  },
  {
    id: 'SYNC-024',
    // At triage only, and never before the batch leaves PENDING or PROCESSING: which trigger settles a
    // batch, after triage or after a review, is not shown.
    title:
      'at triage or with no item ever staged, a batch with every item final and recorded is SETTLED once it leaves PENDING or PROCESSING',
    subject: 'patentSyncBatch',
    judge: (batch, answer) => {
      // stagedItems does not decrease: 0 on any read means no item ever awaited review.
      if (!atTriage(answer) && batch.stagedItems !== 0) return undefined;
      const results = allResults(batch);
      if (!results || results.length === 0 || awaitingOutcome(batch.status)) return undefined;
      const final = ['APPLIED', 'ACCEPTED', 'SUPPRESSED', 'REJECTED'];
      if (!results.every((r) => final.includes(r.outcome as string) && r.requestId !== null))
        return undefined;
      return once(
        batch.status === 'SETTLED'
          ? undefined
          : `nothing awaits review, every item recorded, status ${show(batch.status)}`,
      );
    },
  },
  {
    id: 'SYNC-004',
    title: 'the batch created by a POST counts the items posted',
    subject: 'patentSyncBatch',
    judge: (batch, answer) => {
      const items = postedItems(answer);
      if (!items || answer.status >= 300) return undefined;
      return once(
        batch.totalItems === items.length
          ? undefined
          : `totalItems ${show(batch.totalItems)}, ${items.length} posted`,
      );
    },
  },
  {
    id: 'SYNC-019',
    title: `a sync POST of 1 to ${syncInlineLimit()} items is processed inline: 201, mode SYNC`,
    subject: 'patentSyncBatch',
    judge: (batch, answer) => {
      const items = postedItems(answer);
      if (!items || items.length === 0 || items.length > syncInlineLimit() || answer.status >= 300)
        return undefined;
      return [
        ...(answer.status === 201 ? [] : [`${items.length} items answered ${answer.status}`]),
        ...(batch.mode === 'SYNC' ? [] : [`${items.length} items in mode ${show(batch.mode)}`]),
      ];
    },
  },
  {
    id: 'SYNC-020',
    title: `a sync POST of more than ${syncInlineLimit()} items gives 202, mode ASYNC, status PENDING`,
    subject: 'patentSyncBatch',
    judge: (batch, answer) => {
      const items = postedItems(answer);
      if (!items || items.length <= syncInlineLimit() || answer.status >= 300 || mayReplay(answer))
        return undefined;
      return [
        ...(answer.status === 202 ? [] : [`${items.length} items answered ${answer.status}`]),
        ...(batch.mode === 'ASYNC' ? [] : [`${items.length} items in mode ${show(batch.mode)}`]),
        ...(batch.status === 'PENDING' ? [] : [`status ${show(batch.status)}`]),
      ];
    },
  },
  {
    id: 'SYNC-021',
    title: 'a 202 sync answer has empty results',
    subject: 'patentSyncBatch',
    judge: (batch, answer) => {
      if (
        answer.operationId !== 'syncPatents' ||
        answer.status !== 202 ||
        !isObject(batch.results) ||
        mayReplay(answer)
      )
        return undefined;
      const { data, pagination } = batch.results;
      return [
        ...(Array.isArray(data) && data.length === 0 ? [] : ['results.data is not empty']),
        ...(isObject(pagination) && pagination.totalItems === 0
          ? []
          : ['results.pagination.totalItems is not 0']),
      ];
    },
  },
  {
    id: 'SYNC-045',
    title: 'a 201 sync answer holds every item outcome on its first page of results',
    subject: 'patentSyncBatch',
    judge: (batch, answer) => {
      const items = postedItems(answer);
      if (!items || answer.status !== 201) return undefined;
      const shown = shownResults(batch).length;
      return once(
        shown === items.length ? undefined : `${shown} result(s) shown for ${items.length} item(s)`,
      );
    },
  },
  {
    id: 'SYNC-013',
    title: "a result of a POST echoes its item's providerId (null when the item had none)",
    subject: 'patentSyncBatch',
    judge: (batch, answer) => {
      const items = postedItems(answer);
      if (!items || answer.status !== 201) return undefined;
      const results = shownResults(batch);
      if (results.length !== items.length) return undefined; // SYNC-045 says so
      return echoMismatches(items, results, 0);
    },
  },
];

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
