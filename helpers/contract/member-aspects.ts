/**
 * What each documented member of a resource depends on, of the aspects of the dependency map (./write-effects.ts):
 * what two reads of a resource with the run's writes between them must still agree on. A data table, and the
 * copy of a resource without what the writes may have moved.
 */
import { isObject, type Json } from './invariant-types';
import type { Aspect, Subject } from './write-effects';

/** Every aspect a write reaching an event may move: what its updatedAt follows. */
const EVENT_MOVES: Aspect[] = [
  'patent-members',
  'event-schedule',
  'event-decision',
  'instructability',
  'fees-status',
  'frozen-rate',
];

/**
 * What each documented member of a resource depends on, that a write may move; a member not named depends on
 * nothing a write moves (an id, a creation time, a value the operators keep). An invoice line is the bill: its
 * amounts are fixed, its frozen flag and its patent's providerId copy are not.
 */
export const MEMBER_ASPECTS: Record<
  'Patent' | 'PatentEvent' | 'Fees' | 'InvoiceLine',
  Record<string, Aspect[]>
> = {
  Patent: {
    ...Object.fromEntries(
      [
        'providerId',
        'clientCaseReference',
        'clientFamilyReference',
        'title',
        'office',
        'patentType',
        'applicationNumber',
        'applicationDate',
        'nationalPhaseEntryDate',
        'priorityDate',
        'publicationNumber',
        'publicationDate',
        'grantPublicationNumber',
        'grantDate',
        'pctApplicationNumber',
        'expirationDate',
        'extendedExpirationDate',
        'lapseDate',
        'renewalsManagedFrom',
        'status',
        'filingRoute',
        'applicantType',
        'claimCount',
        'designatedCountries',
        'owner',
        'secondaryOwners',
        'subCase',
        'updatedAt',
      ].map((member) => [member, ['patent-members'] as Aspect[]]),
    ),
  },
  PatentEvent: {
    patent: ['patent-members'],
    dueDate: ['event-schedule'],
    gracePeriodEndDate: ['event-schedule'],
    renewal: ['event-schedule'],
    duePeriod: ['event-schedule'],
    appliedDecision: ['event-decision'],
    processingStatus: ['event-decision'],
    processingStatusUpdatedAt: ['event-decision'],
    isFxRateFrozen: ['frozen-rate'],
    feesStatus: ['fees-status'],
    updatedAt: EVENT_MOVES,
    fees: ['fees-status', 'fees-amounts', 'fees-shape', 'frozen-rate', 'patent-members'],
    instructability: ['instructability'],
  },
  Fees: {
    invoiceId: ['fees-status'],
    feesStatus: ['fees-status'],
    patent: ['patent-members'],
    currency: ['fees-shape'],
    total: ['fees-amounts'],
    components: ['fees-amounts', 'fees-shape'],
    isFxRateFrozen: ['frozen-rate'],
  },
  InvoiceLine: {
    patent: ['patent-members'],
    isFxRateFrozen: ['frozen-rate'],
  },
};

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The subject of a resource: a patent, an event or fees (with their patent), an invoice line. */
export function subjectOf(component: 'Patent' | 'PatentEvent' | 'Fees', resource: Json): Subject {
  if (component === 'Patent')
    return { patentId: text(resource.id), providerId: text(resource.providerId) ?? null };
  const patent = isObject(resource.patent) ? resource.patent : {};
  return {
    eventId: text(component === 'PatentEvent' ? resource.id : resource.eventId),
    patentId: text(patent.id),
    providerId: text(patent.providerId) ?? null,
  };
}

/**
 * A copy of `resource` (a Patent, a PatentEvent, a Fees object, or an Invoice and its lines) without the members
 * `moved` says the run's writes may have moved for its subject: what two reads of it with those writes between
 * must agree on.
 */
export function withoutMoved(
  component: 'Patent' | 'PatentEvent' | 'Fees' | 'Invoice',
  resource: Json,
  moved: (aspects: readonly Aspect[], subject: Subject) => boolean,
): Json {
  if (component !== 'Invoice')
    return drop(MEMBER_ASPECTS[component], resource, (a) => moved(a, subjectOf(component, resource)));
  if (!Array.isArray(resource.fees)) return { ...resource };
  return {
    ...resource,
    fees: resource.fees.map((line) =>
      isObject(line)
        ? drop(MEMBER_ASPECTS.InvoiceLine, line, (a) => moved(a, subjectOf('Fees', line)))
        : line,
    ),
  };
}

function drop(
  aspects: Record<string, Aspect[]>,
  resource: Json,
  moved: (a: readonly Aspect[]) => boolean,
): Json {
  const kept: Json = {};
  for (const [member, value] of Object.entries(resource)) {
    const of = aspects[member];
    if (of === undefined || !moved(of)) kept[member] = value;
  }
  return kept;
}
