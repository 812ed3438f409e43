/**
 * Allowed variants: freedoms of the contract the reference can switch on (REFERENCE_VARIANT=<name>). Each is a
 * behaviour a conformant server may have; the suite must pass against every one of them.
 */
import type { VariantDefinition } from '../faults/catalogue-types';
import { BLIND_ROUND_1_VARIANTS } from './blind-round-1';
import { BLIND_ROUND_2_VARIANTS } from './blind-round-2';

export type { VariantDefinition };

const CORE_VARIANTS = [
  {
    name: 'problem-extension-members',
    freedom:
      'Errors: "Unrecognized members are ignored by clients. Extension members sit at the top level of the body."; Versioning: "new extension members in problem bodies may appear without notice".',
    summary: 'Every problem body carries extra members: traceId, retryable and a docs object.',
  },
  {
    name: 'problem-other-texts-no-instance',
    freedom:
      'Errors member table: title is "display only", detail is "optional" and "never to be parsed", instance is "optional".',
    summary:
      'Problem titles are the HTTP reason phrases, detail is another sentence, and instance is absent.',
  },
  {
    name: 'patents-default-order-newest-first',
    freedom: 'Gaps in the endpoint list: "Default ordering of the patent list ...: not shown."',
    summary: 'Without sort, the patent list serves the most recently recorded patents first.',
  },
  {
    name: 'period-events-latest-first',
    freedom: 'Gaps in the endpoint list: "Default ordering ... of the by-period event list: not shown."',
    summary: 'The by-period event list is ordered by due date descending (latest first).',
  },
  {
    name: 'patents-sort-nulls-first',
    freedom:
      'Endpoint 1: sort is "`field` ascending, `-field` descending"; where null values go is not stated.',
    summary: 'A sorted patent list puts the patents whose sort field is null first, in both directions.',
  },
  {
    name: 'json-charset-utf8',
    freedom:
      'RFC 8259 and RFC 9457 media types take parameters; the contract names the media types, not their parameters ("Every 4xx and 5xx response ... has content type application/problem+json").',
    summary:
      'JSON bodies are served as application/json; charset=utf-8 and problems as application/problem+json; charset=utf-8.',
  },
  {
    name: 'extra-response-headers',
    freedom:
      'The contract lists the headers a response must carry (X-Request-Id, RateLimit-*, Retry-After, Content-Disposition) and forbids none other except the RateLimit-* headers on a 429.',
    summary: 'Every response also carries Cache-Control: no-store, X-Powered-By and a Link header.',
  },
  {
    name: 'content-disposition-filename-star',
    freedom:
      'Document downloads: "delivered as an attachment with an RFC 6266 `Content-Disposition` filename"; RFC 6266 allows filename* beside filename.',
    summary: "Content-Disposition of downloads carries filename*=UTF-8''... beside filename.",
  },
  {
    name: 'request-id-ulid',
    freedom:
      'Authentication 8: "every response carries `X-Request-Id`"; the format of a generated value is not stated.',
    summary: 'Generated request ids are `req_` followed by 26 Crockford base-32 characters, not UUIDs.',
  },
  {
    name: 'unknown-event-kinds',
    freedom:
      'Events: "new kinds may be added and clients ignore kinds they do not handle"; Patent event: renewal is "non-null exactly when eventType is RENEWAL".',
    summary:
      'Every patent also has an ANNUITY_REMINDER event (renewal null) due a month before its first open renewal, in the per-patent and by-period lists.',
  },
  {
    name: 'empty-list-one-page',
    freedom:
      'List envelope: totalPages is "total pages"; the page count of an empty list (0 or 1) is not stated.',
    summary: 'An empty list reports totalPages 1 (one empty page) instead of 0.',
  },
  {
    name: 'arrays-comma-separated-only',
    freedom:
      'Gaps in the endpoint list: "Wire encoding of repeatable array query parameters (offices, owners, family, eventTypes): not shown."',
    summary:
      'Array query parameters are read from the first occurrence as comma-separated values; repeated keys after it are ignored.',
  },
  {
    name: 'arrays-repeated-keys-only',
    freedom:
      'Gaps in the endpoint list: "Wire encoding of repeatable array query parameters (offices, owners, family, eventTypes): not shown."',
    summary:
      'Array query parameters are read as repeated keys only; a comma is part of the value (EP,FR matches nothing).',
  },
  {
    name: 'json-members-reversed',
    freedom: 'JSON objects are unordered (RFC 8259 section 4); the contract fixes no member order.',
    summary: 'Every JSON object of every body (resources and problems) lists its members in reverse order.',
  },
  {
    name: 'validation-before-scope',
    freedom:
      'The order of the checks is not stated (schemas/OPEN-POINTS.md B14); the contract only names the answer of each failure alone.',
    summary:
      'Parameters and body are validated before the scope and capability checks, so a bad request from a key lacking the scope gets 400.',
  },
  {
    name: 'freezes-month-affects-later-months',
    freedom:
      'Endpoints 13 and 14: a PUT "returns the freeze with its affected renewal events", a read "the renewal events affected by the freeze of the month with their (potential) frozen fees"; which events a month affects is not stated (schemas/OPEN-POINTS.md B22).',
    summary:
      'The freeze of a month lists the renewal events due from that month on; those due in later months read isFxRateFrozen false.',
  },
  {
    name: 'invoice-read-extra-members',
    freedom:
      'Invoice: the resource table lists the members an invoice carries and forbids no other; `fees` is "one line per event", in no stated order.',
    summary:
      'GET /invoices/{invoiceId} also carries a links object and lists its fee lines in the reverse order of the list.',
  },
  {
    name: 'items-per-page-below-one-default',
    freedom:
      'Pagination parameters: itemsPerPage has a default and a cap; what 0 or a negative value does is not stated (schemas/OPEN-POINTS.md B3).',
    summary: 'itemsPerPage of 0 or below is served with the default page size (10) instead of 400.',
  },
  {
    name: 'triaged-batch-completed-at-null',
    freedom:
      'Patent sync batch: completedAt is "null while PENDING or PROCESSING"; its value in the other statuses is not stated.',
    summary:
      'A sync batch reads completedAt null while it is TRIAGED; the date-time shows once it is SETTLED.',
  },
  {
    name: 'inline-batch-settles-on-read',
    freedom:
      'Sync batch and item outcomes: "Which trigger moves a batch to SETTLED or to ERROR ... not shown." (schemas/OPEN-POINTS.md A8); the inline 201 must return final outcomes, not a final batch status.',
    summary:
      'The 201 answer of an inline batch with nothing to wait on says PROCESSING (completedAt null); the batch settles on its first status GET and reads SETTLED from then on.',
  },
  {
    name: 'timestamps-whole-seconds',
    freedom:
      'General conventions: "Timestamps are ISO 8601 UTC (`date-time`)"; fractional seconds are optional in ISO 8601 and RFC 3339.',
    summary:
      'Every date-time of every JSON body is printed without fractional seconds (2024-05-01T10:00:00Z).',
  },
  {
    name: 'missing-member-pointer-parent',
    freedom:
      'Errors: a field error pointer is an "RFC 6901 JSON Pointer into the request body"; a member that was not sent is not in the body, so the pointer may designate the object lacking it (schemas/OPEN-POINTS.md B20).',
    summary:
      'A field error for a missing required member points at the object lacking it (/instructions/0, or "" for the root), as Ajv reports it.',
  },
  {
    name: 'malformed-json-empty-errors',
    freedom:
      'Errors: errors[] is present "on validation_failed"; how many field errors an unparseable body gets is not stated (it has no member to point into).',
    summary: 'A body that is not valid JSON gives 400 validation_failed with errors: [].',
  },
  {
    name: 'other-422-code-same-patent',
    freedom:
      'Endpoint 7: a batch carries "one event per patent", with no error code named for a batch that breaks it; Errors: "Other 422 codes beyond the three instruction ones: not shown." (schemas/OPEN-POINTS.md A10).',
    summary:
      "A batch holding two events of one patent gives 422 with the code instruction_batch_invalid (a well-formed problem of the server's own).",
  },
  {
    name: 'amounts-trailing-zeros-trimmed',
    freedom:
      'General conventions: "Money amounts are decimal strings in the invoice currency"; the number of decimals a string shows is not stated.',
    summary:
      'Every money string (fee components and totals, invoice subtotals and totals, freeze amounts) is written without trailing zeros ("120.5", "100").',
  },
  {
    name: 'timestamps-offset-notation',
    freedom:
      'General conventions: "Timestamps are ISO 8601 UTC (`date-time`)"; ISO 8601 and RFC 3339 write UTC as `Z` or as the offset `+00:00`.',
    summary:
      'Every date-time of every JSON body ends in +00:00 instead of Z (2024-05-01T10:00:00.000+00:00).',
  },
  {
    name: 'fee-components-reversed',
    freedom:
      'Fees: `components` is an "array" of `type` and `amount` items; their order is not stated (schemas/OPEN-POINTS.md B25).',
    summary:
      'Every Fees object (event fees, by-period fees, invoice lines) lists its components in reverse order (SERVICE before OFFICE).',
  },
  {
    name: 'gzip-responses',
    freedom:
      'Bodies are "JSON except the three PDF downloads"; HTTP content coding (RFC 9110 section 8.4) is negotiated with Accept-Encoding and leaves the media type and the decoded body unchanged.',
    summary:
      'JSON and problem bodies are gzip-compressed, with Content-Encoding: gzip and Vary: Accept-Encoding, when the request accepts gzip.',
  },
  {
    name: 'content-disposition-token-filename',
    freedom:
      'Document downloads: "an RFC 6266 `Content-Disposition` filename"; RFC 6266 writes the value as a token or a quoted-string.',
    summary:
      'Downloads carry Content-Disposition: attachment; filename=<name>.pdf, the file name unquoted (the file names are RFC 6266 tokens).',
  },
  {
    name: 'sort-ties-reversed',
    freedom:
      'Endpoints 1 and 10: sort is "`field` ascending, `-field` descending"; the order of items with equal sort values is not stated.',
    summary:
      'The sorted patent list and the invoice list order items with equal sort values by id descending instead of ascending.',
  },
  {
    name: 'page-past-end-last-page',
    freedom:
      'Pagination parameters: currentPage is "1-based; offset pagination"; what a page past the end gives is not stated (schemas/OPEN-POINTS.md B3).',
    summary:
      'A currentPage past the last page is served as the last page (currentPage = totalPages, its items, hasMore false) instead of an empty page.',
  },
  {
    name: 'allowed-decisions-reversed',
    freedom:
      'Instructability: allowedDecisions is an "array of string", "valid decisions now"; its order is not stated.',
    summary: 'allowedDecisions lists the decisions in reverse order (DROP, SKIP_THIS_TIME, PROCEED).',
  },
  {
    name: 'freezes-list-latest-first',
    freedom: 'Endpoint 12: a "list envelope of freeze objects"; the order of the list is not stated.',
    summary: 'The exchange-rate freeze list serves the latest month first.',
  },
  {
    name: 'missing-dates-latest-first',
    freedom:
      'Errors: missingPreviousRenewalDates holds the "due dates of earlier events awaiting a decision"; their order is not stated.',
    summary: 'The missingPreviousRenewalDates of an instruction_skipped problem are listed latest first.',
  },
  // ---------------------------------------------------------------- freedom coverage (issue 14)
  {
    name: 'field-error-codes-own',
    freedom:
      'Errors: field error `code` "for example `invalid_string` ..."; "The complete list of field-level codes: not shown."',
    summary: "Field errors carry the validator's own keyword names (format, enum, required...) as codes.",
  },
  {
    name: 'daily-quota-other-value',
    freedom: 'Limits: "Numeric value of the daily quota: not shown."',
    summary: 'Keys get other daily quotas: 250000 calls, and 17 for the low-quota key.',
  },
  {
    name: 'fees-locked-on-any-decision',
    freedom:
      'Fees status of an event: only ESTIMATED -> LOCKED on an executed PROCEED is stated; "Any other move between fee statuses: not shown."',
    summary: 'Executing SKIP_THIS_TIME or DROP also locks the fees of the event (LOCKED, invoiceId null).',
  },
  {
    name: 'processing-status-kept-on-instruction',
    freedom:
      'Event processing status: "the effect of an executed instruction on processingStatus, are: not shown."',
    summary:
      'Executing an instruction leaves processingStatus (and its timestamp) as it was; only appliedDecision is set.',
  },
  {
    name: 'instructed-payment-sent',
    freedom:
      'Event processing status: "the effect of an executed instruction on processingStatus, are: not shown."',
    summary: 'An executed PROCEED moves processingStatus to PAYMENT_SENT (other decisions to INSTRUCTED).',
  },
  // ---------------------------------------------------------------- sync (issue 14)
  {
    name: 'sync-refused-outcome-label',
    freedom:
      'Sync batch and item outcomes: "the outcome label of a proposal refused in review: not shown" (schemas/OPEN-POINTS.md E1.1).',
    summary:
      "A proposal refused in review reads with the outcome REFUSED (and the reviewer's reason) on later polls.",
  },
  {
    name: 'sync-background-slow',
    freedom:
      'Sync batch and item outcomes: more than 100 items are processed in the background ("then PROCESSING"); no duration is stated (schemas/OPEN-POINTS.md E1.2).',
    summary:
      'A background batch processes its first 50 items, then stays PROCESSING for ten minutes, longer than the polling budget (ASYNC_TIMEOUT_MS).',
  },
  {
    name: 'sync-batch-read-extra-members',
    freedom:
      'Endpoint 9: "Response 200: Patent sync batch with one page of per-item outcomes"; Versioning: "Additive evolution" (no schema of the document forbids an additional member), so the status read may carry members the POST answer lacks (schemas/OPEN-POINTS.md E1.3).',
    summary:
      'The sync status read carries extra members (readAt, links) and each result item a position, which the POST answer lacks.',
  },
  {
    name: 'other-tenant-without-freeze-capability',
    freedom:
      'Authentication 7: "403 `forbidden` is a business denial unrelated to scopes (for example exchange-rate freeze endpoints when the capability is not enabled for the account)"; nothing says the second tenant has the capability.',
    summary:
      "The second tenant's account lacks the freeze capability: its freeze routes answer 403 forbidden.",
  },

  // ---------------------------------------------------------------- instructions (issue 14)
  {
    name: 'frozen-rate-events-without-object',
    freedom:
      'Exchange rate freeze: "an array of `frozenRateEvent` objects with `clientCaseReference` ..., `dueDate` ..., `amount` ..., `currency` ..., `isFxRateFrozen` ..., `hasInstruction`": `object` is not among the listed members (schemas/OPEN-POINTS.md E2).',
    summary: 'The events of a freeze read and of the PUT response carry no object member.',
  },
  // ---------------------------------------------------------------- reads (issue 14)
  {
    name: 'grace-period-events-held',
    freedom:
      'Instructability: blockedReason lists ALREADY_INSTRUCTED, TOO_EARLY, EARLIER_EVENT_PENDING and is "null when allowed"; Errors: "Other 422 codes beyond the three instruction ones: not shown." Blocks for other reasons are not excluded (schemas/OPEN-POINTS.md B21, E3).',
    summary:
      'An event more than three months into its grace period is held for the operators: isAllowed false, no decision offered, blockedReason null; the instruction POST refuses it (422 instruction_lapsed, no decision offered).',
  },
  {
    name: 'patent-events-latest-first',
    freedom:
      'Endpoint 3: the events of a patent are "ordered by due date"; the direction is not stated, where the contract states it elsewhere (sort `-field`, default `-issueDate`) (schemas/OPEN-POINTS.md E3).',
    summary: 'GET /patents/{patentId}/events lists the events by due date descending (latest first).',
  },
  {
    name: 'order-depends-on-page-size',
    freedom:
      'Pagination parameters: "offset pagination ... re-fetch from page 1 for a consistent sweep" promises a consistent sweep of one page size; "Default ordering of the patent list and of the by-period event list: not shown"; the order of invoices with equal issueDate is not stated (schemas/OPEN-POINTS.md E3).',
    summary:
      'Below 100 items a page, the patent list and the by-period list are served in reverse default order and invoices of one issueDate in reverse id order, as a query plan chosen by the LIMIT would give them.',
  },
  {
    name: 'sort-on-other-documented-fields',
    freedom:
      'Endpoints 1 and 10: sort lists its "allowed fields" and "an unknown field gives 400"; a member of the resource outside the list is not an unknown field, and what it gives is not stated (schemas/OPEN-POINTS.md E3).',
    summary:
      'The patent list also sorts on title and the invoice list on reference (`field` ascending, `-field` descending); fields that are no member of the resource still give 400.',
  },

  // ---------------------------------------------------------------- ratelimits (issue 14)
  {
    name: 'validate-before-authenticate',
    freedom:
      'Authentication and Limits: the order of authentication and parameter validation is not stated (B14); the RateLimit-* headers are required of "every successfully authenticated response", and a 400 may come before the key is checked.',
    summary:
      'Path and query parameters are validated before the key is looked at: a malformed one gets 400 without RateLimit-* headers, without counting, whatever the key.',
  },

  // ---------------------------------------------------------------- wire (issue 14)
  {
    name: 'query-path-pointer-by-name',
    freedom:
      'Errors: a field error\'s `pointer` is an "RFC 6901 JSON Pointer into the request body"; for a query or path parameter, which is not in the body, its value is not stated.',
    summary: 'Field errors of query and path parameters point at them as `query.<name>` or `path.<name>`.',
  },
] as const satisfies readonly VariantDefinition[];

export const VARIANTS = [
  ...CORE_VARIANTS,
  // The catalogues of the blind rounds (freedoms described from the contract alone), kept as a record of each round.
  ...BLIND_ROUND_1_VARIANTS,
  ...BLIND_ROUND_2_VARIANTS,
] as const;

/** The name of a catalogued variant: a switch on any other name does not compile. */
export type VariantName = (typeof VARIANTS)[number]['name'];

/** Whether a name from outside (environment, command line) is a catalogued variant. */
export function isVariantName(name: string): name is VariantName {
  return VARIANTS.some((v) => v.name === name);
}
