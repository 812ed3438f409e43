/** The wire representation of a patent. */
import type { Patent } from '../../schemas/types';
import { isVariant } from '../behaviour';
import type { PatentRecord } from '../store';
import { type SerializerFaults, without, written } from './serializer';

/** A date read back as a midnight timestamp. */
const midnight = (date: string | null) => (date === null ? null : `${date}T00:00:00.000Z`);

const PATENT_FAULTS: SerializerFaults<Patent, PatentRecord> = {
  'patents-object-class-name': (view) => ({ ...view, object: 'Patent' }),
  'patents-office-null-for-regional': (view) => ({
    ...view,
    office: ['WO', 'EP', 'EA'].includes(view.office) ? null : view.office,
  }),
  'patents-type-v1-labels': (view) => ({
    ...view,
    patentType: view.patentType === 'UTILITY' ? 'UTILITY_MODEL' : view.patentType,
  }),
  'patents-application-number-normalized': (view) => ({
    ...view,
    applicationNumber: view.applicationNumber?.toUpperCase().replace(/\s+/g, '') ?? null,
  }),
  'patents-missing-status-as-unknown': (view) => ({ ...view, status: view.status ?? 'UNKNOWN' }),
  'patents-filing-route-national-phase': (view) => ({
    ...view,
    filingRoute:
      view.filingRoute === 'PCT' && view.nationalPhaseEntryDate !== null
        ? 'PCT_NATIONAL_PHASE'
        : view.filingRoute,
  }),
  'patents-applicant-type-entity-labels': (view) => ({
    ...view,
    applicantType: view.applicantType === null ? null : `${view.applicantType}_ENTITY`,
  }),
  'patents-claim-count-as-string': (view) => ({
    ...view,
    claimCount: view.claimCount === null ? null : String(view.claimCount),
  }),
  'patents-designated-countries-joined': (view) => ({
    ...view,
    designatedCountries: view.designatedCountries?.join(',') ?? null,
  }),
  'patents-secondary-owners-joined': (view) => ({
    ...view,
    secondaryOwners: view.secondaryOwners?.join('; ') ?? null,
  }),
  'patents-official-numbers-missing': (view) => without(view, ['officialNumbers']),
  'patents-null-references-omitted': (view) =>
    without(
      view,
      (['clientCaseReference', 'clientFamilyReference', 'subCase'] as const).filter(
        (name) => view[name] === null,
      ),
    ),
  'patents-null-members-omitted': (view) =>
    Object.fromEntries(Object.entries(view).filter(([, v]) => v !== null)),
  'timestamps-without-offset': (view) => ({
    ...view,
    createdAt: view.createdAt?.slice(0, 19) ?? null,
    updatedAt: view.updatedAt?.slice(0, 19) ?? null,
  }),
  'patents-dates-as-timestamps': (view) => ({
    ...view,
    applicationDate: midnight(view.applicationDate),
    priorityDate: midnight(view.priorityDate),
    grantDate: midnight(view.grantDate),
  }),
  'patent-view-leaks-tenant-id': (view, record) => ({ ...view, tenantId: record.tenantId }),
};

export function patentView(p: PatentRecord): Patent {
  const view: Patent = {
    object: 'patent',
    id: p.id,
    providerId: p.providerId,
    clientCaseReference: p.clientCaseReference,
    clientFamilyReference: p.clientFamilyReference,
    title: p.title,
    office: p.office,
    patentType: p.patentType,
    applicationNumber: p.applicationNumber,
    applicationDate: p.applicationDate,
    nationalPhaseEntryDate: p.nationalPhaseEntryDate,
    priorityDate: p.priorityDate,
    publicationNumber: p.publicationNumber,
    publicationDate: p.publicationDate,
    grantPublicationNumber: p.grantPublicationNumber,
    grantDate: p.grantDate,
    pctApplicationNumber: p.pctApplicationNumber,
    officialNumbers: { ...p.officialNumbers },
    expirationDate: p.expirationDate,
    extendedExpirationDate: p.extendedExpirationDate,
    lapseDate: p.lapseDate,
    renewalsManagedFrom: p.renewalsManagedFrom,
    status: p.status,
    filingRoute: p.filingRoute,
    applicantType: p.applicantType,
    claimCount: p.claimCount,
    designatedCountries: p.designatedCountries ? [...p.designatedCountries] : null,
    owner: p.owner,
    secondaryOwners: p.secondaryOwners ? [...p.secondaryOwners] : null,
    subCase: p.subCase,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
  operatorsWork(p, view);
  return written(PATENT_FAULTS, view, p);
}

/** (variant) How many times each patent was shown: the operators work on it after the first. */
const patentReads = new WeakMap<PatentRecord, number>();

/** The operators' work on a patent between two reads: status and official numbers, with no client write. */
function operatorsWork(p: PatentRecord, view: Patent): void {
  if (!isVariant('patent-operators-move-status-and-numbers')) return;
  const reads = (patentReads.get(p) ?? 0) + 1;
  patentReads.set(p, reads);
  if (reads === 1) return;
  if (view.status === 'PENDING') view.status = 'PUBLISHED';
  const numbers = view.officialNumbers;
  numbers.publicationNumber ??= `OFFICE-${p.id.slice(0, 8).toUpperCase()}`;
  if (view.updatedAt !== null) view.updatedAt = new Date(Date.parse(view.updatedAt) + 1000).toISOString();
}
