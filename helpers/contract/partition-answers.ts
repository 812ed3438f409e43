/**
 * The answer table of the input partitions (helpers/contract/partitions.ts derives the partitions from
 * schemas/openapi.yaml): which answer class the contract gives each partition, with its requirement ids, or
 * "not shown" with the reason. A data table: the one part of the partitions the schema document cannot
 * express. The vocabulary it is written in (Location, PartitionKind, Answer, Check) lives here too, so that
 * the derivation imports the table without the table importing the derivation.
 */
import type { OperationId } from './contract';

export type Location = 'path' | 'query' | 'body';

/** The partitions a schema can imply. */
export type PartitionKind =
  | 'absent'
  | 'null'
  | 'empty'
  | 'valid'
  | 'member'
  | 'case-variant'
  | 'unknown-value'
  | 'malformed'
  | 'wrong-type'
  | 'entry-wrong-type'
  | 'boundary'
  | 'beyond'
  | 'below'
  | 'single'
  | 'several'
  | 'repeat'
  | 'encoding'
  | 'unknown-id'
  | 'other-tenant'
  | 'other-kind'
  | 'other-parent';

/** The answer class the contract gives a partition. */
export type Answer =
  | { class: 'problem'; status: number; code: string }
  | { class: 'accepted'; status: number; effect: string }
  | { class: 'ignored'; status: number }
  | { class: 'outcome'; status: number; outcome: string };

/**
 * Where a partition with an answer is sent: by specs/partitions.spec.ts, or by an existing test of requirement
 * `id` whose title holds every part of `title` (parts separated by ` … `; `{operationId}` and `{member}` stand
 * for the partition's).
 */
export type Check = { by: 'partitions' } | { by: 'test'; id: string; title: string };

const BAD_REQUEST: Answer = { class: 'problem', status: 400, code: 'validation_failed' };
const NOT_FOUND: Answer = { class: 'problem', status: 404, code: 'not_found' };
const REJECTED: Answer = { class: 'outcome', status: 201, outcome: 'REJECTED' };
const STAGED: Answer = { class: 'outcome', status: 201, outcome: 'STAGED' };
const ok = (effect: string, status = 200): Answer => ({ class: 'accepted', status, effect });

/**
 * What the contract still rules out for a partition it leaves open ("not shown"): where it leaves open which
 * answer an input gets, it still excludes others. `statuses`, when given, narrows the statuses the operation
 * lists (401, 403 and 429 aside); `requirements` name the judges of the registry that decide the rest on every
 * answer, the partition's included (CONV-014, the statuses an operation lists, on every row).
 */
export interface Still {
  statuses?: number[];
  /** What the contract excludes, in words. */
  rulesOut: string;
  requirements: string[];
}

/** One row of the answer table: which partitions it answers, the answer, the ids, and where it is checked. */
export interface Rule {
  operations?: OperationId[];
  in?: Location;
  /** The member's name or pointer; a RegExp for a family (every uuid path parameter). */
  member?: string | RegExp;
  kinds: PartitionKind[];
  answer: Answer | 'not shown';
  requirements: string[];
  note: string;
  check?: Check;
  /** For a row "not shown": what the contract still rules out, and its judges. */
  still?: Still;
}

const spec: Check = { by: 'partitions' };
const test = (id: string, title: string): Check => ({ by: 'test', id, title });

const PATH_ID = /^(patentId|eventId|importId|invoiceId)$/;
const DATES = /^(dueFrom|dueTo|issueDateFrom|issueDateTo|createdFrom|createdTo)$/;
const SYNC_ENUMS = /^\/items\/\*\/(patentType|status|filingRoute|applicantType)$/;
const SYNC_DATES =
  /^\/items\/\*\/(applicationDate|nationalPhaseEntryDate|priorityDate|publicationDate|grantDate|expirationDate|extendedExpirationDate|lapseDate|renewalsManagedFrom)$/;
const SYNC_TEXT =
  /^\/items\/\*\/(clientCaseReference|clientFamilyReference|title|applicationNumber|publicationNumber|grantPublicationNumber|pctApplicationNumber|owner|subCase)$/;
const SYNC_ARRAYS = /^\/items\/\*\/(designatedCountries|secondaryOwners)$/;

/**
 * The answers the contract gives the partitions, first matching row wins. Each row cites its requirement ids
 * (its note quotes or paraphrases the clause); a "not shown" row says why the contract gives no answer.
 */
export const ANSWERS: Rule[] = [
  // ---------------------------------------------------------------- path ids
  {
    in: 'path',
    member: PATH_ID,
    kinds: ['malformed'],
    answer: BAD_REQUEST,
    requirements: ['CONV-011'],
    note: 'path parameters that fail UUID validation return 400 validation_failed',
    check: test('CONV-011', 'gets 400 validation_failed'),
  },
  {
    in: 'path',
    member: PATH_ID,
    kinds: ['unknown-id'],
    answer: NOT_FOUND,
    requirements: ['PROB-016'],
    note: "not_found: resource not in the client's portfolio (sent beside another tenant's id, answered alike)",
    check: test('ISO-003', '{operationId} answers another tenant'),
  },
  {
    in: 'path',
    member: PATH_ID,
    kinds: ['other-tenant'],
    answer: NOT_FOUND,
    requirements: ['ISO-003'],
    note: 'a resource of another client is indistinguishable from a missing one',
    check: test('ISO-003', '{operationId} answers another tenant'),
  },
  {
    operations: ['getInvoice'],
    in: 'path',
    kinds: ['other-kind'],
    answer: NOT_FOUND,
    requirements: ['PROB-016'],
    note: "an event id names no invoice: not in the client's portfolio (identifiers are UUIDs, unique)",
    check: spec,
  },
  {
    in: 'path',
    member: PATH_ID,
    kinds: ['other-kind'],
    answer: NOT_FOUND,
    requirements: ['PROB-016'],
    note: 'an id of another kind of resource names no resource of the kind the path asks for',
    check: spec,
  },
  {
    operations: ['getPatentEvent', 'getEventFees'],
    in: 'path',
    kinds: ['other-parent'],
    answer: NOT_FOUND,
    requirements: ['EVT-033'],
    note: 'an event is read only under its own patent',
    check: test('EVT-033', 'with an event of another patent'),
  },
  {
    in: 'path',
    kinds: ['other-parent'],
    answer: 'not shown',
    requirements: [],
    note: 'the document routes answer 404 "until the document exists"; an event named under another patent is not ruled on',
    still: { rulesOut: 'a status the operation does not list', requirements: ['CONV-014'] },
  },
  // ---------------------------------------------------------------- path months
  {
    operations: ['getExchangeRateFreeze'],
    member: 'yearMonth',
    kinds: ['malformed'],
    answer: BAD_REQUEST,
    requirements: ['FRZ-005'],
    note: 'path parameters that fail YYYY-MM validation return 400 validation_failed',
    check: test('FRZ-005', 'not YYYY-MM gives 400 validation_failed on the read'),
  },
  {
    operations: ['putExchangeRateFreeze'],
    member: 'yearMonth',
    kinds: ['malformed'],
    answer: BAD_REQUEST,
    requirements: ['FRZ-005'],
    note: 'path parameters that fail YYYY-MM validation return 400 validation_failed',
    check: spec,
  },
  {
    operations: ['getExchangeRateFreeze'],
    member: 'yearMonth',
    kinds: ['valid'],
    answer: ok("the month's events, frozen or not"),
    requirements: ['FRZ-011'],
    note: 'returns the renewal events affected by the freeze of the month',
    check: test('FRZ-011', 'never frozen answers 200'),
  },
  {
    operations: ['putExchangeRateFreeze'],
    member: 'yearMonth',
    kinds: ['valid'],
    answer: ok('the freeze with its events'),
    requirements: ['FRZ-007'],
    note: 'no body; freezes the month; Response 200',
    check: test('FRZ-007', 'a PUT without a body answers 200'),
  },
  // ---------------------------------------------------------------- pagination
  {
    in: 'query',
    member: 'itemsPerPage',
    kinds: ['absent'],
    answer: ok('page size 10'),
    requirements: ['PAG-007'],
    note: 'itemsPerPage: default 10',
    check: test('PAG-007', '{operationId} … without paging parameters'),
  },
  {
    in: 'query',
    member: 'itemsPerPage',
    kinds: ['valid', 'boundary'],
    answer: ok('page size as asked, at most 100'),
    requirements: ['PAG-003'],
    note: 'pagination.itemsPerPage: page size (cap 100)',
    check: test('PAG-009', '{operationId} … those of a page of 100'),
  },
  {
    in: 'query',
    member: 'itemsPerPage',
    kinds: ['beyond'],
    answer: ok('clamped to 100'),
    requirements: ['PAG-008'],
    note: 'values above 100 are silently clamped to 100',
    check: test('PAG-008', '{operationId} … clamps itemsPerPage above'),
  },
  {
    in: 'query',
    member: /^(itemsPerPage|currentPage)$/,
    kinds: ['below', 'wrong-type'],
    answer: 'not shown',
    requirements: [],
    note: 'what a page size or page number of 0, below or not a number gives is not stated',
    still: {
      rulesOut:
        'a status the operation does not list; a page whose envelope breaks the page rules (a size above 100, a totalPages or hasMore that does not follow)',
      requirements: ['CONV-014', 'PAG-001', 'PAG-003', 'PAG-005'],
    },
  },
  {
    in: 'query',
    member: 'currentPage',
    kinds: ['absent'],
    answer: ok('the first page'),
    requirements: ['PAG-002'],
    note: 'currentPage: 1-based',
    check: test('PAG-002', '{operationId} … without paging parameters serves page 1'),
  },
  {
    in: 'query',
    member: 'currentPage',
    kinds: ['valid', 'boundary'],
    answer: ok('the page asked for'),
    requirements: ['PAG-002', 'PAG-009'],
    note: 'currentPage: 1-based',
    check: test('PAG-009', '{operationId} … pages 1 to totalPages'),
  },
  // ---------------------------------------------------------------- sort
  {
    operations: ['listPatents'],
    member: 'sort',
    kinds: ['absent'],
    answer: 'not shown',
    requirements: [],
    note: 'default ordering of the patent list: not shown',
    still: {
      statuses: [200],
      rulesOut: 'a refusal: sort is optional, only the order is open',
      requirements: ['CONV-014'],
    },
  },
  {
    operations: ['listPatents'],
    member: 'sort',
    kinds: ['member'],
    answer: ok('ordered by the field, in the direction asked'),
    requirements: ['PAT-017', 'PAT-018'],
    note: 'allowed fields clientCaseReference, office, applicationDate, publicationNumber, status',
    check: test('PAT-018', 'answer 200 and order the whole list'),
  },
  {
    operations: ['listPatents'],
    member: 'sort',
    kinds: ['case-variant'],
    answer: BAD_REQUEST,
    requirements: ['PAT-019'],
    note: 'an unknown field gives 400: member names are case-sensitive, `Office` is no member of the Patent',
    check: spec,
  },
  {
    operations: ['listPatents'],
    member: 'sort',
    kinds: ['unknown-value'],
    answer: BAD_REQUEST,
    requirements: ['PAT-019'],
    note: 'an unknown field gives 400',
    check: test('PAT-019', '(no member of the patent) gives 400'),
  },
  {
    operations: ['listInvoices'],
    member: 'sort',
    kinds: ['absent'],
    answer: ok('latest issued first'),
    requirements: ['INV-019'],
    note: 'default `-issueDate` (latest issued first)',
    check: test('INV-019', 'without sort'),
  },
  {
    operations: ['listInvoices'],
    member: 'sort',
    kinds: ['member'],
    answer: ok('ordered by the field, in the direction asked'),
    requirements: ['INV-018'],
    note: '`field` or `-field`; allowed issueDate, createdAt',
    check: test('INV-018', 'orders invoices by'),
  },
  {
    operations: ['listInvoices'],
    member: 'sort',
    kinds: ['case-variant'],
    answer: BAD_REQUEST,
    requirements: ['INV-020'],
    note: 'unknown field gives 400: member names are case-sensitive, `IssueDate` is no member of the Invoice',
    check: spec,
  },
  {
    operations: ['listInvoices'],
    member: 'sort',
    kinds: ['unknown-value'],
    answer: BAD_REQUEST,
    requirements: ['INV-020'],
    note: 'unknown field gives 400',
    check: test('INV-020', '(no member of the invoice) gives 400'),
  },
  // ---------------------------------------------------------------- patent list filter
  {
    operations: ['listPatents'],
    member: 'providerId',
    kinds: ['absent'],
    answer: ok('every patent'),
    requirements: ['PAT-022'],
    note: 'list envelope of Patent',
    check: test('PAT-022', 'answers 200 with a list envelope'),
  },
  {
    operations: ['listPatents'],
    member: 'providerId',
    kinds: ['valid'],
    answer: ok('that one patent'),
    requirements: ['PAT-020', 'PAT-021'],
    note: 'exact match, returns at most one patent',
    check: test('PAT-020', 'providerId of a known patent'),
  },
  {
    operations: ['listPatents'],
    member: 'providerId',
    kinds: ['case-variant', 'unknown-value'],
    answer: ok('no patent of another reference'),
    requirements: ['PAT-020', 'PAT-021'],
    note: 'exact match: no prefix, substring or case-insensitive match',
    check: test('PAT-020', 'providerId'),
  },
  {
    operations: ['listPatents'],
    member: 'providerId',
    kinds: ['empty'],
    answer: 'not shown',
    requirements: [],
    note: 'an empty providerId (the filter with no value, or patents without a reference) is not ruled on',
    still: {
      rulesOut: 'a status the operation does not list; more than one patent ("returns at most one patent")',
      requirements: ['CONV-014', 'PAT-021'],
    },
  },
  // ---------------------------------------------------------------- events by period
  {
    operations: ['listEventsByPeriod'],
    member: /^(dueFrom|dueTo)$/,
    kinds: ['absent'],
    answer: BAD_REQUEST,
    requirements: ['PER-005'],
    note: 'dueFrom, dueTo used together: an incomplete due window gives 400 (with dueMonth absent)',
    check: test('PER-005', 'gives 400 validation_failed'),
  },
  {
    operations: ['listEventsByPeriod'],
    member: 'dueMonth',
    kinds: ['absent'],
    answer: BAD_REQUEST,
    requirements: ['PER-014'],
    note: 'a missing due window gives 400 (with dueFrom and dueTo absent too)',
    check: test('PER-014', 'without any due window'),
  },
  {
    operations: ['listEventsByPeriod'],
    member: /^(dueFrom|dueTo|dueMonth)$/,
    kinds: ['malformed'],
    answer: BAD_REQUEST,
    requirements: ['PER-015'],
    note: 'string `YYYY-MM-DD`, string `YYYY-MM`',
    check: test('PER-015', 'gives 400 validation_failed'),
  },
  {
    operations: ['listEventsByPeriod'],
    member: /^(dueFrom|dueTo)$/,
    kinds: ['valid'],
    answer: ok('the events due in the window, bounds included'),
    requirements: ['PER-003', 'PER-004'],
    note: 'window, both inclusive',
    check: test('PER-004', 'dueFrom'),
  },
  {
    operations: ['listEventsByPeriod'],
    member: 'dueMonth',
    kinds: ['valid'],
    answer: ok('the events due in the month'),
    requirements: ['PER-006'],
    note: 'shortcut for a whole month',
    check: test('PER-006', 'dueMonth'),
  },
  {
    operations: ['listEventsByPeriod'],
    member: /^(offices|owners|family|eventTypes)$/,
    kinds: ['absent'],
    answer: ok('not filtered'),
    requirements: ['PER-002'],
    note: 'cross-portfolio list of events due in a window',
    check: test('PER-002', 'several patents'),
  },
  {
    operations: ['listEventsByPeriod'],
    member: 'offices',
    kinds: ['unknown-value'],
    answer: ok('no event (only events of patents of that office, and no patent has it)'),
    requirements: ['PER-007'],
    note: 'a filter keeps only the events of patents of that office',
    check: spec,
  },
  {
    operations: ['listEventsByPeriod'],
    member: 'owners',
    kinds: ['unknown-value'],
    answer: ok('no event (only events of patents with that owner, and no patent has it)'),
    requirements: ['PER-008'],
    note: 'a filter keeps only the events of patents with that owner',
    check: spec,
  },
  {
    operations: ['listEventsByPeriod'],
    member: 'family',
    kinds: ['unknown-value'],
    answer: ok('no event (only events of patents of that family, and no patent has it)'),
    requirements: ['PER-009'],
    note: 'a filter keeps only the events of patents of that family',
    check: spec,
  },
  {
    operations: ['listEventsByPeriod'],
    member: 'offices',
    kinds: ['single'],
    answer: ok('only events of patents of that office (none for an office no patent has)'),
    requirements: ['PER-007'],
    note: 'patent office filter',
    check: test('PER-007', 'offices'),
  },
  {
    operations: ['listEventsByPeriod'],
    member: 'owners',
    kinds: ['single'],
    answer: ok('only events of patents with that owner (none for an owner no patent has)'),
    requirements: ['PER-008'],
    note: 'owner filter',
    check: test('PER-008', 'owners'),
  },
  {
    operations: ['listEventsByPeriod'],
    member: 'family',
    kinds: ['single'],
    answer: ok('only events of that family (none for a family no patent has)'),
    requirements: ['PER-009'],
    note: 'family filter',
    check: test('PER-009', 'family'),
  },
  {
    operations: ['listEventsByPeriod'],
    member: 'eventTypes',
    kinds: ['single', 'unknown-value'],
    answer: ok('only events of the kinds given (none for a kind no event has)'),
    requirements: ['PER-010'],
    note: 'business-kind filter, repeatable; RENEWAL is the only kind',
    check: test('PER-010', 'eventTypes'),
  },
  {
    operations: ['listEventsByPeriod'],
    member: /^(offices|owners|family|eventTypes)$/,
    kinds: ['several', 'repeat'],
    answer: 'not shown',
    requirements: [],
    note: 'how several values (or one value given twice) of a filter combine is not stated',
    still: { rulesOut: 'a status the operation does not list', requirements: ['CONV-014'] },
  },
  {
    operations: ['listEventsByPeriod'],
    member: /^(offices|owners|family|eventTypes)$/,
    kinds: ['encoding'],
    answer: 'not shown',
    requirements: [],
    note: 'wire encoding of repeatable array query parameters: not shown',
    still: { rulesOut: 'a status the operation does not list', requirements: ['CONV-014'] },
  },
  {
    operations: ['listEventsByPeriod'],
    member: 'include',
    kinds: ['absent'],
    answer: ok('events without fees'),
    requirements: ['EVT-016'],
    note: '`fees` adds the Fees object: present only when requested',
    check: test('EVT-016', 'fees'),
  },
  {
    operations: ['listEventsByPeriod'],
    member: 'include',
    kinds: ['valid'],
    answer: ok('fees on every event, alone or in a comma-separated list'),
    requirements: ['PER-011', 'PER-012'],
    note: 'comma-separated; `fees` adds the Fees object to each event',
    check: test('PER-012', 'include=fees'),
  },
  {
    operations: ['listEventsByPeriod'],
    member: 'include',
    kinds: ['unknown-value'],
    answer: { class: 'ignored', status: 200 },
    requirements: ['PER-013'],
    note: 'an unknown value is silently ignored',
    check: test('PER-013', 'unknown include value is ignored'),
  },
  {
    operations: ['listEventsByPeriod'],
    member: 'include',
    kinds: ['empty', 'case-variant'],
    answer: 'not shown',
    requirements: [],
    note: 'whether `FEES` (or an empty value) is an unknown value or `fees` is not stated',
    still: {
      statuses: [200],
      rulesOut: 'a refusal: read as `fees` or as an unknown value ("silently ignored"), the answer is 200',
      requirements: ['CONV-014', 'PER-013'],
    },
  },
  // ---------------------------------------------------------------- invoice windows
  {
    operations: ['listInvoices'],
    member: DATES,
    kinds: ['absent'],
    answer: ok('not filtered on that bound'),
    requirements: ['INV-021'],
    note: 'every filter is optional',
    check: test('INV-021', 'answers 200 with a list envelope'),
  },
  {
    operations: ['listInvoices'],
    member: DATES,
    kinds: ['malformed'],
    answer: BAD_REQUEST,
    requirements: ['INV-023'],
    note: 'string `YYYY-MM-DD`: bad query parameter',
    check: test('INV-023', '(not YYYY-MM-DD) gives 400'),
  },
  {
    operations: ['listInvoices'],
    member: /^issueDate(From|To)$/,
    kinds: ['valid'],
    answer: ok('invoices issued in the window, bounds included'),
    requirements: ['INV-014'],
    note: 'inclusive',
    check: test('INV-014', 'issueDate'),
  },
  {
    operations: ['listInvoices'],
    member: /^created(From|To)$/,
    kinds: ['valid'],
    answer: ok('invoices recorded in the window, bounds included'),
    requirements: ['INV-016'],
    note: 'day the invoice was recorded, inclusive',
    check: test('INV-016', 'created'),
  },
  // ---------------------------------------------------------------- instruction body
  {
    operations: ['postInstructions'],
    member: '',
    kinds: ['absent', 'malformed'],
    answer: BAD_REQUEST,
    requirements: ['INS-019'],
    note: 'malformed instruction body',
    check: test('INS-019', 'not valid JSON'),
  },
  {
    operations: ['postInstructions'],
    member: '/instructions',
    kinds: ['absent', 'wrong-type'],
    answer: BAD_REQUEST,
    requirements: ['INS-019'],
    note: 'instructions: array of objects, required',
    check: test('PROB-024', 'instructions'),
  },
  {
    operations: ['postInstructions'],
    member: '/instructions',
    kinds: ['valid'],
    answer: ok('the receipt, every instruction EXECUTED', 201),
    requirements: ['INS-013', 'INS-009'],
    note: 'Response 201: Instruction receipt',
    check: test('INS-013', 'receipt'),
  },
  {
    operations: ['postInstructions'],
    member: '/instructions',
    kinds: ['empty'],
    answer: 'not shown',
    requirements: [],
    note: 'an empty batch is not ruled on (required, but no minimum stated)',
    still: {
      statuses: [201, 400],
      rulesOut: 'an error of an entry (404, 409, 422): the batch has none',
      requirements: ['CONV-014'],
    },
  },
  {
    operations: ['postInstructions'],
    member: '/instructions/*',
    kinds: ['entry-wrong-type'],
    answer: BAD_REQUEST,
    requirements: ['INS-019'],
    note: 'an entry that is not an object is a "malformed instruction body" (the error table)',
    check: test('INS-019', 'an entry that is not an object'),
  },
  {
    operations: ['postInstructions'],
    member: '/instructions/*',
    kinds: ['repeat'],
    answer: 'not shown',
    requirements: [],
    note: 'one event named twice still is "one event per patent"; whether the repeat is refused, executed once or answered 409 is not stated',
    still: { rulesOut: 'a status the operation does not list', requirements: ['CONV-014'] },
  },
  {
    operations: ['postInstructions'],
    member: '/instructions/*/eventId',
    kinds: ['absent'],
    answer: BAD_REQUEST,
    requirements: ['PROB-024'],
    note: 'instructions[].eventId: required; malformed instruction body',
    check: test('PROB-024', 'an instruction without eventId'),
  },
  {
    operations: ['postInstructions'],
    member: '/instructions/*/eventId',
    kinds: ['malformed'],
    answer: BAD_REQUEST,
    requirements: ['INS-011'],
    note: 'instructions[].eventId: string uuid',
    check: test('INS-011', 'an eventId that is not a UUID'),
  },
  {
    operations: ['postInstructions'],
    member: '/instructions/*/eventId',
    kinds: ['wrong-type'],
    answer: BAD_REQUEST,
    requirements: ['INS-011'],
    note: 'instructions[].eventId: string uuid',
    check: test('INS-011', 'an eventId that is a number'),
  },
  {
    operations: ['postInstructions'],
    member: '/instructions/*/eventId',
    kinds: ['unknown-id'],
    answer: NOT_FOUND,
    requirements: ['PROB-016'],
    note: "not_found: resource not in the client's portfolio",
    check: test('PROB-016', 'an instruction naming an unknown eventId'),
  },
  {
    operations: ['postInstructions'],
    member: '/instructions/*/eventId',
    kinds: ['other-tenant'],
    answer: NOT_FOUND,
    requirements: ['ISO-005'],
    note: 'a resource of another client is indistinguishable from a missing one',
    check: test('ISO-005', 'another tenant'),
  },
  {
    operations: ['postInstructions'],
    member: '/instructions/*/eventId',
    kinds: ['other-kind'],
    answer: NOT_FOUND,
    requirements: ['PROB-016'],
    note: 'a patent id names no event of the portfolio',
    check: spec,
  },
  {
    operations: ['postInstructions'],
    member: '/instructions/*/decision',
    kinds: ['member'],
    answer: ok('executed, when the event offers the decision', 201),
    requirements: ['EVT-028'],
    note: 'decision: PROCEED, SKIP_THIS_TIME, DROP',
    check: test('EVT-028', 'posting an allowed decision'),
  },
  {
    operations: ['postInstructions'],
    member: '/instructions/*/decision',
    kinds: ['absent', 'unknown-value'],
    answer: BAD_REQUEST,
    requirements: ['INS-012'],
    note: 'decision: required, one of PROCEED, SKIP_THIS_TIME, DROP',
    check: test('INS-012', 'decision'),
  },
  {
    operations: ['postInstructions'],
    member: '/instructions/*/decision',
    kinds: ['case-variant'],
    answer: BAD_REQUEST,
    requirements: ['INS-012'],
    note: 'decision: one of PROCEED, SKIP_THIS_TIME, DROP (`proceed` is none of them)',
    check: test('INS-012', 'a decision in lower case'),
  },
  {
    operations: ['postInstructions'],
    member: '/instructions/*/decision',
    kinds: ['wrong-type', 'null'],
    answer: BAD_REQUEST,
    requirements: ['INS-012'],
    note: 'decision: one of PROCEED, SKIP_THIS_TIME, DROP (a number or a list is none of them)',
    check: spec,
  },
  // ---------------------------------------------------------------- sync envelope
  {
    operations: ['syncPatents'],
    member: '',
    kinds: ['absent', 'malformed'],
    answer: BAD_REQUEST,
    requirements: ['SYNC-050'],
    note: 'a 400 concerns only the envelope (... malformed JSON)',
    check: test('SYNC-050', 'not valid JSON'),
  },
  {
    operations: ['syncPatents'],
    member: '/externalImportRef',
    kinds: ['absent'],
    answer: ok('processed', 201),
    requirements: ['SYNC-031'],
    note: 'externalImportRef: required no',
    check: test('SYNC-031', 'externalImportRef'),
  },
  {
    operations: ['syncPatents'],
    member: '/externalImportRef',
    kinds: ['empty'],
    answer: BAD_REQUEST,
    requirements: ['SYNC-032'],
    note: 'must be non-empty when sent',
    check: test('SYNC-032', 'empty externalImportRef'),
  },
  {
    operations: ['syncPatents'],
    member: '/externalImportRef',
    kinds: ['valid'],
    answer: ok('the batch, replayed when sent again with the same items', 201),
    requirements: ['SYNC-046'],
    note: 'idempotence key',
    check: test('SYNC-046', 'same externalImportRef'),
  },
  {
    operations: ['syncPatents'],
    member: '/externalImportRef',
    kinds: ['case-variant', 'unknown-value', 'wrong-type'],
    answer: 'not shown',
    requirements: [],
    note: 'whether references differing in case are one key, and what a reference that is not a string gives, are not stated',
    still: {
      rulesOut:
        'a status the operation does not list; a refusal of a string reference that is not empty ("a 400 concerns only the envelope")',
      requirements: ['CONV-014', 'SYNC-049'],
    },
  },
  {
    operations: ['syncPatents'],
    member: '/items',
    kinds: ['absent', 'wrong-type'],
    answer: BAD_REQUEST,
    requirements: ['SYNC-050'],
    note: 'items: required, array of objects',
    check: test('SYNC-050', 'no items member'),
  },
  {
    operations: ['syncPatents'],
    member: '/items',
    kinds: ['empty'],
    answer: BAD_REQUEST,
    requirements: ['SYNC-033'],
    note: 'must be non-empty',
    check: test('SYNC-033', 'empty items'),
  },
  {
    operations: ['syncPatents'],
    member: '/items',
    kinds: ['valid', 'boundary'],
    answer: ok('processed inline, mode SYNC', 201),
    requirements: ['SYNC-019'],
    note: 'at most 100 items: processed inline (201)',
    check: test('SYNC-019', '100'),
  },
  {
    operations: ['syncPatents'],
    member: '/items',
    kinds: ['beyond'],
    answer: ok('accepted for background processing, mode ASYNC', 202),
    requirements: ['SYNC-020'],
    note: 'more than 100 items: mode ASYNC, status PENDING (202)',
    check: test('SYNC-020', '101'),
  },
  {
    operations: ['syncPatents'],
    member: '/items/*',
    kinds: ['entry-wrong-type'],
    answer: BAD_REQUEST,
    requirements: ['SYNC-034'],
    note: 'each entry must be a JSON object',
    check: test('SYNC-034', 'an items entry that is'),
  },
  {
    operations: ['syncPatents'],
    member: '/items/*',
    kinds: ['repeat'],
    answer: 'not shown',
    requirements: [],
    note: 'the outcomes of the same item sent twice in one batch are not stated',
    still: {
      statuses: [201, 202],
      rulesOut: 'an HTTP error: "Item-level problems are reported as outcomes, never as HTTP errors"',
      requirements: ['CONV-014', 'SYNC-049'],
    },
  },
  // ---------------------------------------------------------------- sync items: identity
  {
    operations: ['syncPatents'],
    member: '/items/*/providerId',
    kinds: ['absent', 'null'],
    answer: REJECTED,
    requirements: ['SYNC-044'],
    note: 'an item carrying neither providerId nor servicePatentId is rejected (servicePatentId absent too)',
    check: test('SYNC-044', 'neither providerId nor servicePatentId'),
  },
  {
    operations: ['syncPatents'],
    member: '/items/*/providerId',
    kinds: ['valid'],
    answer: { class: 'outcome', status: 201, outcome: 'UPDATE of the matching patent' },
    requirements: ['SYNC-036'],
    note: 'known reference updates the matching patent',
    check: test('SYNC-036', 'providerId matches'),
  },
  {
    operations: ['syncPatents'],
    member: '/items/*/providerId',
    kinds: ['unknown-value'],
    answer: STAGED,
    requirements: ['SYNC-037', 'SYNC-027'],
    note: 'unknown one proposes a create; a create is STAGED',
    check: spec,
  },
  {
    operations: ['syncPatents'],
    member: '/items/*/providerId',
    kinds: ['empty', 'case-variant'],
    answer: 'not shown',
    requirements: [],
    note: 'whether an empty reference, or one differing in case from a known one, matches is not stated for sync',
    still: {
      statuses: [201, 202],
      rulesOut: 'an HTTP error: "Item-level problems are reported as outcomes, never as HTTP errors"',
      requirements: ['CONV-014', 'SYNC-049'],
    },
  },
  {
    operations: ['syncPatents'],
    member: '/items/*/servicePatentId',
    kinds: ['absent', 'null'],
    answer: STAGED,
    requirements: ['SYNC-027'],
    note: 'optional, string uuid or null: with a new providerId the item is a create',
    check: spec,
  },
  {
    operations: ['syncPatents'],
    member: /^\/items\/\*\/(providerId|servicePatentId)$/,
    kinds: ['wrong-type'],
    answer: REJECTED,
    requirements: ['SYNC-049', 'SYNC-028'],
    note: 'string (uuid) or null; item-level problems are reported as outcomes',
    check: spec,
  },
  {
    operations: ['syncPatents'],
    member: '/items/*/servicePatentId',
    kinds: ['malformed'],
    answer: REJECTED,
    requirements: ['SYNC-049', 'SYNC-028'],
    note: 'string uuid or null; item-level problems are reported as outcomes',
    check: test('SYNC-049', 'generated items'),
  },
  {
    operations: ['syncPatents'],
    member: '/items/*/servicePatentId',
    kinds: ['unknown-id', 'other-kind'],
    answer: REJECTED,
    requirements: ['SYNC-042'],
    note: 'an unknown UUID rejects the item and never creates (an event id names no patent)',
    check: spec,
  },
  {
    operations: ['syncPatents'],
    member: '/items/*/servicePatentId',
    kinds: ['other-tenant'],
    answer: REJECTED,
    requirements: ['ISO-004'],
    note: 'a resource of another client is indistinguishable from a missing one',
    check: test('ISO-004', 'another tenant'),
  },
  // ---------------------------------------------------------------- sync items: fields
  {
    operations: ['syncPatents'],
    member: /^\/items\/\*\//,
    kinds: ['absent'],
    answer: { class: 'outcome', status: 201, outcome: 'not REJECTED' },
    requirements: ['SYNC-043'],
    note: 'items may carry only the fields to change',
    check: test('SYNC-043', 'only providerId and'),
  },
  {
    operations: ['syncPatents'],
    member: /^\/items\/\*\//,
    kinds: ['valid', 'member', 'null'],
    answer: STAGED,
    requirements: ['SYNC-027'],
    note: 'a valid create item (each member with a value its type allows) is STAGED',
    check: spec,
  },
  {
    operations: ['syncPatents'],
    member: SYNC_ENUMS,
    kinds: ['case-variant', 'unknown-value', 'wrong-type'],
    answer: REJECTED,
    requirements: ['SYNC-049', 'SYNC-028'],
    note: 'invalid item: REJECTED (reason set), never an HTTP error; `granted` is none of the listed values',
    check: spec,
  },
  {
    operations: ['syncPatents'],
    member: '/items/*/office',
    kinds: ['malformed', 'case-variant', 'wrong-type'],
    answer: REJECTED,
    requirements: ['SYNC-038'],
    note: 'office: WO, EP, EA or ISO 3166-1 national code',
    check: spec,
  },
  {
    operations: ['syncPatents'],
    member: SYNC_DATES,
    kinds: ['malformed', 'wrong-type'],
    answer: REJECTED,
    requirements: ['SYNC-039'],
    note: 'strict `YYYY-MM-DD`',
    check: spec,
  },
  {
    operations: ['syncPatents'],
    member: '/items/*/claimCount',
    kinds: ['wrong-type'],
    answer: REJECTED,
    requirements: ['SYNC-049', 'SYNC-028'],
    note: 'claimCount: integer or null',
    check: spec,
  },
  {
    operations: ['syncPatents'],
    member: /^\/items\/\*\/(designatedCountries|secondaryOwners)$/,
    kinds: ['wrong-type'],
    answer: REJECTED,
    requirements: ['SYNC-049', 'SYNC-028'],
    note: 'array of string or null',
    check: spec,
  },
  {
    operations: ['syncPatents'],
    member: '/items/*/designatedCountries',
    kinds: ['case-variant'],
    answer: REJECTED,
    requirements: ['SYNC-049', 'SYNC-028'],
    note: 'ISO 3166-1 alpha-2',
    check: spec,
  },
  {
    operations: ['syncPatents'],
    member: SYNC_ARRAYS,
    kinds: ['empty', 'repeat'],
    answer: 'not shown',
    requirements: [],
    note: 'an empty list, or a country or owner listed twice, is not ruled on',
    still: {
      statuses: [201, 202],
      rulesOut: 'an HTTP error: "Item-level problems are reported as outcomes, never as HTTP errors"',
      requirements: ['CONV-014', 'SYNC-049'],
    },
  },
  {
    operations: ['syncPatents'],
    member: SYNC_TEXT,
    kinds: ['wrong-type'],
    answer: REJECTED,
    requirements: ['SYNC-049', 'SYNC-028'],
    note: 'string (or null)',
    check: spec,
  },
  {
    operations: ['syncPatents'],
    member: SYNC_TEXT,
    kinds: ['empty', 'case-variant', 'unknown-value'],
    answer: 'not shown',
    requirements: [],
    note: 'free text: any string is a value (stored as given)',
    still: {
      statuses: [201, 202],
      rulesOut: 'an HTTP error: "Item-level problems are reported as outcomes, never as HTTP errors"',
      requirements: ['CONV-014', 'SYNC-049'],
    },
  },
];
