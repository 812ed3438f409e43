/**
 * The patent fields a sync item writes, and the writes themselves: on triage (an update applied at once) and
 * on review (an accepted proposal). Shared by both so that a field is written the same way either way.
 */
import { isFault } from '../behaviour';
import type { Moment, ServerContext } from '../context';
import { addDays } from '../dates';
import type { ChangeRequest, PatentFields, PatentRecord, Tenant } from '../store';

/**
 * The patent fields a sync item may write, each with whether it is critical: a field that changes what is
 * renewed, where or when, so that an update changing it is staged for review instead of being applied at once.
 * `officialNumbers` is deliberately absent: it is never written.
 */
const FIELDS: Record<keyof PatentFields, 'critical' | 'plain'> = {
  providerId: 'plain',
  clientCaseReference: 'plain',
  clientFamilyReference: 'plain',
  title: 'plain',
  office: 'critical',
  patentType: 'critical',
  applicationNumber: 'critical',
  applicationDate: 'critical',
  nationalPhaseEntryDate: 'critical',
  priorityDate: 'critical',
  publicationNumber: 'plain',
  publicationDate: 'plain',
  grantPublicationNumber: 'plain',
  grantDate: 'critical',
  pctApplicationNumber: 'plain',
  expirationDate: 'critical',
  extendedExpirationDate: 'critical',
  lapseDate: 'critical',
  renewalsManagedFrom: 'critical',
  status: 'critical',
  filingRoute: 'critical',
  applicantType: 'critical',
  claimCount: 'plain',
  designatedCountries: 'critical',
  owner: 'plain',
  secondaryOwners: 'plain',
  subCase: 'plain',
};
const WRITABLE_FIELDS = Object.keys(FIELDS) as (keyof PatentFields)[];
const CRITICAL_FIELDS = WRITABLE_FIELDS.filter((field) => FIELDS[field] === 'critical');

/** JSON with object keys sorted, so that deep equality is string equality. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The fields an item writes, normalized: a claimCount of 0 or less means "unknown" and is stored as null. */
export function changesOf(item: Record<string, unknown>): Partial<PatentFields> {
  const changes: Record<string, unknown> = {};
  for (const field of WRITABLE_FIELDS) {
    if (field in item) changes[field] = item[field];
  }
  if (isFault('patents-official-numbers-written-by-sync') && 'officialNumbers' in item) {
    changes.officialNumbers = item.officialNumbers;
  }
  // (fault) The dates held as local-midnight timestamps east of UTC and written back through UTC: a day earlier.
  if (isFault('sync-date-read-back-one-day-earlier'))
    for (const field of WRITABLE_FIELDS)
      if ((field.endsWith('Date') || field === 'renewalsManagedFrom') && typeof changes[field] === 'string')
        changes[field] = addDays(changes[field], -1);
  // (fault) The office-number normalizer reused on the pushed applicationNumber: upper case, separators removed.
  if (isFault('application-number-normalized-on-write') && typeof changes.applicationNumber === 'string')
    changes.applicationNumber = changes.applicationNumber.toUpperCase().replace(/[\s./]/g, '');
  const unknownUpTo = isFault('sync-claim-count-zero-stored') ? -1 : 0;
  if (typeof changes.claimCount === 'number' && changes.claimCount <= unknownUpTo) changes.claimCount = null;
  return changes as Partial<PatentFields>;
}

/**
 * (fault rejected-item-half-applied) The fields an item writes that come, in declaration order, before the first
 * of `failing` (the members a validation error points at; "" for the item as a whole).
 */
export function changesBefore(
  item: Record<string, unknown>,
  failing: ReadonlySet<string>,
): Partial<PatentFields> {
  if (failing.has('')) return {};
  const firstFailing = WRITABLE_FIELDS.findIndex((field) => failing.has(field));
  const assigned = WRITABLE_FIELDS.slice(0, firstFailing < 0 ? WRITABLE_FIELDS.length : firstFailing);
  return changesOf(Object.fromEntries(assigned.filter((field) => field in item).map((f) => [f, item[f]])));
}

/** (fault staged-create-visible-in-patent-list) The patent row a proposed create inserted at triage, by proposal. */
export const pendingReviewRows = new WeakMap<ChangeRequest, string>();

export function touchesCriticalField(patent: PatentRecord, changes: Partial<PatentFields>): boolean {
  return CRITICAL_FIELDS.some(
    (field) => field in changes && canonicalJson(changes[field]) !== canonicalJson(patent[field]),
  );
}

/** The patent list's search index: a patent's row as created, where a fault keeps it apart from later writes. */
const searchIndexRows = new WeakMap<PatentRecord, PatentRecord>();

/** The patent as the list's search index holds it: the record itself unless an older row was kept. */
export function searchIndexRow(patent: PatentRecord): PatentRecord {
  return searchIndexRows.get(patent) ?? patent;
}

export function applyChanges(patent: PatentRecord, changes: Partial<PatentFields>, at: Moment): void {
  // The update written to the patent table only: the search index keeps the row as it was created.
  if (isFault('provider-filter-stale-after-applied-update') && !searchIndexRows.has(patent))
    searchIndexRows.set(patent, structuredClone(patent));
  if (isFault('sync-partial-update-resets-missing-fields')) {
    for (const field of WRITABLE_FIELDS) {
      if (field !== 'providerId' && !CRITICAL_FIELDS.includes(field) && !(field in changes))
        (patent as unknown as Record<string, unknown>)[field] = null;
    }
  }
  if (isFault('sync-partial-update-clears-absent-fields') || isFault('partial-update-nulls-omitted-fields')) {
    // The update written as a whole record: a member the item lacks is read as null (office cannot be null).
    for (const field of WRITABLE_FIELDS) {
      if (field !== 'office' && !(field in changes))
        (patent as unknown as Record<string, unknown>)[field] = null;
    }
  }
  Object.assign(patent, structuredClone(changes));
  // The numbers the item writes kept in step with the office-standard ones.
  if (isFault('sync-application-number-writes-official')) {
    const { applicationNumber, publicationNumber } = changes;
    patent.officialNumbers = {
      ...patent.officialNumbers,
      ...(applicationNumber === undefined ? {} : { applicationNumber }),
      ...(publicationNumber === undefined ? {} : { publicationNumber }),
    };
  }
  patent.updatedAt = at.now.toISOString();
}

export function newPatent(
  ctx: ServerContext,
  tenant: Tenant,
  changes: Partial<PatentFields>,
  at: Moment,
  id: string = ctx.random.uuid(),
): PatentRecord {
  const timestamp = at.now.toISOString();
  const patent: PatentRecord = {
    id,
    tenantId: tenant.id,
    providerId: null,
    clientCaseReference: null,
    clientFamilyReference: null,
    title: null,
    office: '',
    patentType: null,
    applicationNumber: null,
    applicationDate: null,
    nationalPhaseEntryDate: null,
    priorityDate: null,
    publicationNumber: null,
    publicationDate: null,
    grantPublicationNumber: null,
    grantDate: null,
    pctApplicationNumber: null,
    expirationDate: null,
    extendedExpirationDate: null,
    lapseDate: null,
    renewalsManagedFrom: null,
    status: null,
    filingRoute: null,
    applicantType: null,
    claimCount: null,
    designatedCountries: null,
    owner: null,
    secondaryOwners: null,
    subCase: null,
    officialNumbers: {
      applicationNumber: null,
      publicationNumber: null,
      grantPublicationNumber: null,
      pctApplicationNumber: null,
    },
    createdAt: timestamp,
    updatedAt: timestamp,
  };
  Object.assign(patent, structuredClone(changes));
  ctx.store.patents.set(patent.id, patent);
  return patent;
}
