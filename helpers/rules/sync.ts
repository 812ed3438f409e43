/**
 * The rules of the Sync area (SYNC-) one answer decides: the patent sync batch (its status and counters, its
 * results and their outcomes, what a push echoes of the items it was sent, the dates it shows), what a sync
 * POST is answered (inline or in the background, never refused for its size, refused with 400 for a body
 * without items), and the conflict problem of a reused externalImportRef. Part of the registry
 * (./registry.ts).
 * Contract: Resources and their fields (Patent sync batch); States and transitions (Sync batch and item
 * outcomes); Endpoints 7 and 8; Errors.
 */
import { isCalendarDate } from '../contract/calendar';
import { syncInlineLimit } from '../contract/contract';
import {
  ANSWER,
  BEFORE_VALIDATION,
  type Invariant,
  isObject,
  isOperation,
  type Json,
  member,
  once,
  show,
} from '../contract/invariant-types';
import { ofCode } from '../contract/problem-bodies';
import { UUID } from '../contract/uuid';
import { OFFICE_CODE } from '../contract/value-formats';
import { refusedBody } from './problems';
import {
  RECEIVED_TOLERANCE_SECONDS,
  BATCH_STATUSES,
  ACTIONS,
  allResults,
  shownResults,
  mayReplay,
  atTriage,
  postedItems,
  acceptance,
  echoMismatches,
  SYNC_DATE_MEMBERS,
  awaitingOutcome,
  withoutIdentifier,
  hasReason,
} from '../contract/sync-answers';

/**
 * The four counters of a batch and the outcome each counts (Patent sync batch). Judged against every result
 * of the batch: on one answer at triage (the 201 of an inline POST, which shows every outcome), and by the
 * tests that walk a background batch's results to their end (`counterBreaches`). Later polls may show a
 * proposal refused in review under a label the contract does not give (it may read REJECTED without being
 * counted as rejected as invalid), so no other answer is judged.
 */
export const BATCH_COUNTERS = [
  { id: 'SYNC-006', name: 'autoAppliedItems', outcome: 'APPLIED' },
  { id: 'SYNC-007', name: 'stagedItems', outcome: 'STAGED' },
  { id: 'SYNC-009', name: 'rejectedItems', outcome: 'REJECTED' },
  { id: 'SYNC-010', name: 'suppressedItems', outcome: 'SUPPRESSED' },
] as const;

type BatchCounter = (typeof BATCH_COUNTERS)[number];

/** A counter against the results given (every result of the batch), or undefined when it holds. */
function counterBreach(counter: BatchCounter, batch: Json, results: readonly Json[]): string | undefined {
  const counted = results.filter((r) => r.outcome === counter.outcome).length;
  return batch[counter.name] === counted
    ? undefined
    : `${counter.name} is ${show(batch[counter.name])}, ${counted} result(s) are ${counter.outcome}`;
}

/** Every counter's breach, against every result of the batch walked to its end. */
export function counterBreaches(batch: object, results: readonly object[]): string[] {
  return BATCH_COUNTERS.flatMap((c) => once(counterBreach(c, batch as Json, results as Json[])));
}

/** A counter as a rule of one answer: judged at triage, where the answer shows every outcome. */
function counter(c: BatchCounter): Invariant {
  return {
    id: c.id,
    title: `at triage (the 201 of an inline POST), ${c.name} equals the number of results with outcome ${c.outcome}`,
    subject: 'patentSyncBatch',
    judge: (batch, answer) => {
      if (!atTriage(answer)) return undefined;
      const results = allResults(batch);
      if (!results) return undefined;
      return once(counterBreach(c, batch, results));
    },
  };
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

export const SYNC_RULES: readonly Invariant[] = [
  {
    id: 'SYNC-014',
    // At triage only for what the posted items or the label STAGED tell: a proposal refused in review may keep
    // the label STAGED (not shown).
    title:
      "a result's servicePatentId is null when rejected before matching (action null; at triage, an item with neither providerId nor servicePatentId) and, at triage, for a create awaiting review; a UUID for an update",
    subject: 'patentSyncBatch',
    judge: (batch, answer) => {
      const results = shownResults(batch);
      const items = atTriage(answer) ? postedItems(answer) : undefined;
      const aligned = items !== undefined && items.length === results.length ? items : undefined;
      const judged = results.flatMap((r, i): [Json, string][] => {
        const item = aligned?.[i];
        if (r.action === null) return [[r, 'action null']];
        if (isObject(item) && withoutIdentifier(item))
          return [[r, 'an item with neither providerId nor servicePatentId']];
        if (aligned && r.action === 'CREATE' && r.outcome === 'STAGED') return [[r, 'a create STAGED']];
        if (r.action === 'UPDATE') return [[r, 'an update']];
        return [];
      });
      if (judged.length === 0) return undefined;
      return judged.flatMap(([r, what]) => {
        const expected = what === 'an update' ? 'a UUID' : 'null';
        const holds =
          what === 'an update'
            ? typeof r.servicePatentId === 'string' && UUID.test(r.servicePatentId)
            : r.servicePatentId === null;
        return holds
          ? []
          : [
              `the result of providerId ${show(r.providerId)} (${what}) has servicePatentId ${show(r.servicePatentId)}, not ${expected}`,
            ];
      });
    },
  },
  {
    id: 'SYNC-054',
    title:
      "a batch created by a POST was received when the POST was: createdAt within minutes of the answer's Date",
    subject: 'patentSyncBatch',
    judge: (batch, answer) => {
      if (answer.method !== 'POST' || answer.operationId !== 'syncPatents') return undefined;
      if (typeof batch.createdAt !== 'string' || !answer.dateHeader) return undefined;
      const created = Date.parse(batch.createdAt);
      const answered = Date.parse(answer.dateHeader);
      if (Number.isNaN(created) || Number.isNaN(answered)) return undefined;
      const apart = Math.abs(created - answered) / 1000;
      return apart <= RECEIVED_TOLERANCE_SECONDS
        ? []
        : [
            `createdAt ${batch.createdAt} is ${Math.round(apart)} s from the answer's Date ${answer.dateHeader} (at most ${RECEIVED_TOLERANCE_SECONDS} s)`,
          ];
    },
  },
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
    // Every item has an outcome when the answer shows one for each, or when the batch is TRIAGED or SETTLED
    // (both are stated of a batch whose items all have an outcome).
    title:
      'processedItems is never above totalItems, and equals it once every item has an outcome (shown for each, or the batch TRIAGED or SETTLED)',
    subject: 'patentSyncBatch',
    judge: (batch) => {
      const { processedItems: processed, totalItems: total } = batch;
      if (typeof processed !== 'number' || typeof total !== 'number') return undefined;
      if (processed > total) return [`processedItems ${processed} above totalItems ${total}`];
      const shown = allResults(batch)?.every((r) => typeof r.outcome === 'string' && r.outcome !== '');
      const everyOutcome = shown || batch.status === 'TRIAGED' || batch.status === 'SETTLED';
      return once(
        everyOutcome && processed !== total
          ? `every one of the ${total} item(s) has an outcome (status ${show(batch.status)}), processedItems is ${processed}`
          : undefined,
      );
    },
  },
  ...BATCH_COUNTERS.map(counter),
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
  {
    id: 'SYNC-015',
    title:
      'a result has action CREATE, UPDATE or null; at triage, null for an item with neither providerId nor servicePatentId (rejected before matching)',
    subject: 'patentSyncBatch',
    judge: (batch, answer) => {
      const results = shownResults(batch);
      if (results.length === 0) return undefined;
      const items = atTriage(answer) ? postedItems(answer) : undefined;
      const aligned = items !== undefined && items.length === results.length ? items : undefined;
      return results.flatMap((r, i) => {
        if (!ACTIONS.includes(r.action as string | null))
          return [`results.data/${i}: action is ${show(r.action)}`];
        const item = aligned?.[i];
        return isObject(item) && withoutIdentifier(item) && r.action !== null
          ? [
              `results.data/${i}: an item with neither providerId nor servicePatentId has action ${show(r.action)}`,
            ]
          : [];
      });
    },
  },
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
  ofResults('SYNC-028', 'a REJECTED result has a reason: a string, not blank', (r) =>
    r.outcome === 'REJECTED' && !hasReason(r) ? `REJECTED with reason ${show(r.reason)}` : undefined,
  ),
  ofResults('SYNC-029', 'a SUPPRESSED result has a reason: a string, not blank', (r) =>
    r.outcome === 'SUPPRESSED' && !hasReason(r) ? `SUPPRESSED with reason ${show(r.reason)}` : undefined,
  ),
  ofResults('SYNC-030', "an ACCEPTED result carries the new patent's UUID", (r) =>
    r.outcome === 'ACCEPTED' && !(typeof r.servicePatentId === 'string' && UUID.test(r.servicePatentId))
      ? `ACCEPTED with servicePatentId ${show(r.servicePatentId)}`
      : undefined,
  ),
  {
    id: 'SYNC-025',
    // Judged on every answer showing results, as SYNC-017 is from the results' side: each result recorded, or
    // the batch ERROR.
    title: 'a batch with a result whose requestId is null has status ERROR',
    subject: 'patentSyncBatch',
    judge: (batch) => {
      const results = shownResults(batch);
      if (results.length === 0) return undefined;
      const unrecorded = results.filter((r) => r.requestId === null).length;
      return once(
        unrecorded === 0 || batch.status === 'ERROR'
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
      // A reference that is not a string is a fault of the envelope, or a key read as text: not stated.
      const ref = body.externalImportRef;
      if (ref !== undefined && typeof ref !== 'string') return undefined;
      return accepted;
    },
  },
  ...(
    [
      ['SYNC-044', 'an item with neither providerId nor servicePatentId', withoutIdentifier],
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
        .filter((i) => results[i]!.outcome !== 'REJECTED' || !hasReason(results[i]!))
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
    title:
      'a 201 sync answer holds every item outcome on its first page of results (its pagination: totalItems the items, no more pages)',
    subject: 'patentSyncBatch',
    judge: (batch, answer) => {
      const items = postedItems(answer);
      if (!items || answer.status !== 201) return undefined;
      const shown = shownResults(batch).length;
      const page = isObject(batch.results) ? batch.results.pagination : undefined;
      return [
        ...(shown === items.length ? [] : [`${shown} result(s) shown for ${items.length} item(s)`]),
        ...(isObject(page) && page.totalItems === items.length && page.hasMore === false
          ? []
          : [
              `results.pagination ${show(isObject(page) ? { totalItems: page.totalItems, hasMore: page.hasMore } : page)} for ${items.length} item(s) on one page`,
            ]),
      ];
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
  ofCode('SYNC-048', 'a conflict problem carries existingBatchId, a UUID', 'conflict', (b) =>
    once(
      typeof b.existingBatchId === 'string' && UUID.test(b.existingBatchId)
        ? undefined
        : `existingBatchId is ${show(b.existingBatchId)}`,
    ),
  ),
  refusedBody(
    'SYNC-050',
    'a sync POST whose body is not JSON or has no items array gives 400 validation_failed, its field errors (when the body parsed) pointing into the body',
    (a) => {
      const b = a.requestBody;
      return isOperation(a, 'syncPatents') && !(isObject(b) && Array.isArray(b.items));
    },
  ),
  refusedBody(
    'SYNC-033',
    'a sync POST with an empty items array gives 400 validation_failed, its field errors pointing into the body',
    (a) => {
      const b = a.requestBody;
      return isOperation(a, 'syncPatents') && isObject(b) && Array.isArray(b.items) && b.items.length === 0;
    },
  ),
  refusedBody(
    'SYNC-034',
    'a sync POST whose items hold a non-object entry gives 400 validation_failed, its field errors pointing into the body',
    (a) => {
      const b = a.requestBody;
      return (
        isOperation(a, 'syncPatents') &&
        isObject(b) &&
        Array.isArray(b.items) &&
        b.items.some((item) => !isObject(item))
      );
    },
  ),
  refusedBody(
    'SYNC-032',
    'a sync POST with an empty externalImportRef gives 400 validation_failed, its field errors pointing into the body',
    (a) => {
      const b = a.requestBody;
      return isOperation(a, 'syncPatents') && isObject(b) && b.externalImportRef === '';
    },
  ),
];
