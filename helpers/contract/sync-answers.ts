/**
 * What the sync rules (helpers/rules/sync.ts) read of a sync answer and its request: the results a batch
 * shows, whether an answer is the moment of triage or may be a replay, the items a POST sent and the echo of
 * them, and the vocabulary of batch statuses, actions and reasons.
 */
import { enumOf } from './contract';
import { type AnswerFacts, BEFORE_VALIDATION, isObject, type Json, once, show } from './invariant-types';

/** Slack between a batch's createdAt and the Date header of the POST that created it. */
export const RECEIVED_TOLERANCE_SECONDS = 300;

// ---- Patent sync batch

export const BATCH_STATUSES = enumOf('PatentSyncBatch', 'status');
export const ACTIONS: readonly (string | null)[] = enumOf('SyncResultItem', 'action');

/** The results of a batch, when its answer shows every one of them (one page holds them all). */
export function allResults(batch: Json): Json[] | undefined {
  const results = batch.results;
  if (!isObject(results) || !Array.isArray(results.data) || !isObject(results.pagination)) return undefined;
  const { totalItems } = results.pagination;
  if (totalItems !== results.data.length || batch.totalItems !== results.data.length) return undefined;
  return results.data.filter(isObject);
}

/** The results an answer shows (one page). */
export const shownResults = (batch: Json): Json[] =>
  isObject(batch.results) && Array.isArray(batch.results.data) ? batch.results.data.filter(isObject) : [];

/**
 * Whether the POST may have been a replay: the same externalImportRef replays the stored batch as it is
 * now, whatever its state, and one exchange cannot tell a replay from a first push.
 */
export function mayReplay(answer: AnswerFacts): boolean {
  const body = answer.requestBody;
  return isObject(body) && body.externalImportRef !== undefined;
}

/** The answer of an inline POST that is no replay: the moment of triage, every outcome shown. */
export function atTriage(answer: AnswerFacts): boolean {
  return answer.operationId === 'syncPatents' && answer.status === 201 && !mayReplay(answer);
}

/** The item array a sync POST sent, when the request carried one. */
export function postedItems(answer: AnswerFacts): unknown[] | undefined {
  if (answer.method !== 'POST' || answer.operationId !== 'syncPatents') return undefined;
  const body = answer.requestBody;
  return isObject(body) && Array.isArray(body.items) ? body.items : undefined;
}

/**
 * Whether a sync POST of object items, past the key and scope checks, was accepted (201 or 202): undefined
 * when the request is not one (no items, an entry that is no object, an answer before validation).
 */
export function acceptance(answer: AnswerFacts): string[] | undefined {
  const items = postedItems(answer);
  if (!items || items.length === 0 || !items.every(isObject) || BEFORE_VALIDATION.includes(answer.status))
    return undefined;
  return once(answer.status === 201 || answer.status === 202 ? undefined : `answered ${answer.status}`);
}

/**
 * The results that do not echo the providerId of the posted item at their position (null when the item had
 * none): result i of a page starting at `offset` stands for posted item offset + i.
 */
export function echoMismatches(items: unknown[], results: Json[], offset: number): string[] {
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

/** The date members of a sync item ("strict date"). */
export const SYNC_DATE_MEMBERS = [
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

export const awaitingOutcome = (status: unknown) => status === 'PENDING' || status === 'PROCESSING';

/** An item carrying neither providerId nor servicePatentId: nothing to match it on, rejected before matching. */
export const withoutIdentifier = (item: Json) =>
  typeof item.providerId !== 'string' && typeof item.servicePatentId !== 'string';

/** A reason "set": a string that says something ("why rejected or suppressed"), not null nor blank. */
export const hasReason = (result: Json) => typeof result.reason === 'string' && /\S/.test(result.reason);
