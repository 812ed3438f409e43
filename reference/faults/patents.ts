/**
 * Faults of the area patents (PAT-*): Patent resource and patent endpoints.
 * The first requirement each one breaks is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { FaultDefinition } from './catalogue-types';

export const PATENTS_FAULTS = [
  {
    name: 'patents-object-class-name',
    requirements: ['PAT-001'],
    summary: 'The patent representation carries the class name Patent as object instead of patent.',
  },
  {
    name: 'patents-null-members-omitted',
    requirements: ['PAT-002', 'PAT-006'],
    summary:
      'The patent serializer drops every member whose value is null (undefined in JSON.stringify) instead of writing null.',
  },
  {
    name: 'patents-null-references-omitted',
    requirements: ['PAT-002'],
    summary:
      'clientCaseReference, clientFamilyReference and subCase are left out of the patent when null instead of being shown as null.',
  },
  {
    name: 'patents-office-null-for-regional',
    requirements: ['PAT-003'],
    summary:
      'office is looked up among the national offices only, so WO, EP and EA patents read office null.',
  },
  {
    name: 'patents-type-v1-labels',
    requirements: ['PAT-004'],
    summary: 'A utility model reads patentType UTILITY_MODEL (the v1 label) instead of UTILITY.',
  },
  {
    name: 'patents-application-number-normalized',
    requirements: ['PAT-005'],
    summary: 'applicationNumber is shown upper-cased with its spaces removed instead of as recorded.',
  },
  {
    name: 'patents-dates-as-timestamps',
    requirements: ['PAT-006'],
    summary:
      'applicationDate, priorityDate and grantDate are read back as midnight timestamps and shown as date-times.',
  },
  {
    name: 'patents-official-numbers-missing',
    requirements: ['PAT-007', 'PAT-009'],
    summary: 'The patent representation leaves officialNumbers out.',
  },
  {
    name: 'patents-official-numbers-written-by-sync',
    requirements: ['PAT-008'],
    summary: 'A sync item carrying officialNumbers overwrites the patent officialNumbers when it is applied.',
  },
  {
    name: 'patents-missing-status-as-unknown',
    requirements: ['PAT-010'],
    summary: 'A patent without a status reads status UNKNOWN instead of null.',
  },
  {
    name: 'patents-filing-route-national-phase',
    requirements: ['PAT-011'],
    summary:
      'A PCT national phase (nationalPhaseEntryDate set) reads filingRoute PCT_NATIONAL_PHASE instead of PCT.',
  },
  {
    name: 'patents-applicant-type-entity-labels',
    requirements: ['PAT-012'],
    summary:
      'applicantType carries the fee-category labels MICRO_ENTITY, SMALL_ENTITY and LARGE_ENTITY instead of MICRO, SMALL and LARGE.',
  },
  {
    name: 'patents-claim-count-as-string',
    requirements: ['PAT-013'],
    summary: 'claimCount is read from a BIGINT column and shown as a string ("12") instead of an integer.',
  },
  {
    name: 'patents-designated-countries-joined',
    requirements: ['PAT-014'],
    summary:
      'designatedCountries is shown as stored, one comma-separated string ("US,JP,CN") instead of an array.',
  },
  {
    name: 'patents-secondary-owners-joined',
    requirements: ['PAT-015'],
    summary: 'secondaryOwners is shown as stored, one semicolon-separated string instead of an array.',
  },
  {
    name: 'patents-sort-dates-compared-as-numbers',
    requirements: ['PAT-017'],
    summary:
      'sort=applicationDate compares the dates with parseInt, so only the year counts and patents of one year come in id order.',
  },
  {
    name: 'patents-sort-direction-inverted',
    requirements: ['PAT-017'],
    summary: 'sort=<field> orders the patents descending and sort=-<field> ascending.',
  },
  {
    name: 'patents-sort-ignored',
    requirements: ['PAT-017'],
    summary: 'The patent list accepts the sort parameter but always answers in insertion order.',
  },
  {
    name: 'patents-sort-publication-number-refused',
    requirements: ['PAT-018'],
    summary:
      'The sort whitelist of the patent list lacks publicationNumber: sort=publicationNumber gives 400.',
  },
  {
    name: 'patents-sort-field-case-insensitive',
    requirements: ['PAT-019'],
    summary:
      'The sort parameter of the patent list is matched against the allowed fields ignoring case, so sort=OFFICE sorts by office instead of giving 400.',
  },
  {
    name: 'patents-unknown-sort-field-accepted',
    requirements: ['PAT-019'],
    summary: 'A sort on a field outside the allowed list is silently ignored (200) instead of giving 400.',
  },
  {
    name: 'patents-provider-id-filter-ignored',
    requirements: ['PAT-020', 'PAT-021'],
    summary: 'The providerId filter is ignored and the whole portfolio is returned.',
  },
  {
    name: 'patents-provider-id-prefix-match',
    requirements: ['PAT-020', 'PAT-021'],
    summary: 'The providerId filter matches every patent whose providerId starts with the value.',
  },
  {
    name: 'patents-listed-once-per-owner',
    requirements: ['PAT-022'],
    summary:
      'The patent list is joined with the co-owners, so a patent with secondary owners is listed once per owner.',
  },
  {
    name: 'patents-read-as-list-envelope',
    requirements: ['PAT-023'],
    summary:
      'GET /patents/{patentId} reuses the list handler and answers a one-item list envelope instead of the Patent.',
  },
  {
    name: 'patent-read-family-reference-dropped',
    requirements: ['PAT-024'],
    summary:
      'GET /patents/{patentId} is built by the detail mapper of v1, which has no family column: clientFamilyReference comes back null while the list shows it.',
  },
] as const satisfies readonly FaultDefinition[];
