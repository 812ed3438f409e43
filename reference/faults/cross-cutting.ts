/**
 * Faults of the cross-cutting areas: authentication, scopes, tenant isolation, problem bodies, correlation,
 * pagination, rate limits and document downloads. Each is switched on by name at the single place of its rule.
 */
import type { FaultDefinition } from './catalogue-types';

export const CROSS_CUTTING_FAULTS = [
  // ---------------------------------------------------------------- authentication (auth.ts)
  {
    name: 'malformed-key-400',
    requirements: ['AUTH-002'],
    summary:
      'A key that is not 64 hexadecimal characters is refused as a bad request (400 validation_failed) instead of 401 invalid_api_key.',
  },
  {
    name: 'missing-key-400',
    requirements: ['AUTH-005'],
    summary:
      'A request without the x-api-key header is refused as a bad request (400 validation_failed) instead of 401 invalid_api_key.',
  },
  {
    name: 'unknown-key-forbidden',
    requirements: ['AUTH-006', 'AUTH-002'],
    summary: 'A key the service does not know gets 403 forbidden instead of 401 invalid_api_key.',
  },
  {
    name: 'unknown-key-reported-expired',
    requirements: ['AUTH-006', 'AUTH-002'],
    summary: 'A key the service does not know gets 401 api_key_expired instead of invalid_api_key.',
  },
  {
    name: 'expired-key-accepted',
    requirements: ['AUTH-007', 'PROB-013'],
    summary: 'The expiry date of a key is never checked, so a key past expiresAt is still served.',
  },
  {
    name: 'one-key-per-tenant',
    requirements: ['AUTH-004', 'AUTH-001'],
    summary:
      "Keys are indexed by tenant, so only the tenant's first issued key authenticates and a second valid key gets 401.",
  },

  // ---------------------------------------------------------------- scopes (auth.ts, server.ts)
  {
    name: 'empty-scope-list-grants-all',
    requirements: ['SCOPE-002'],
    summary: 'A key with an empty scope list is treated as a full-access key and let through everywhere.',
  },
  {
    name: 'write-scope-implies-read',
    requirements: ['SCOPE-003'],
    summary:
      'A key holding patents:write is accepted where patents:read is required (write taken to imply read).',
  },
  {
    name: 'required-scope-missing',
    requirements: ['SCOPE-008'],
    summary: 'The 403 insufficient_scope problem does not carry the requiredScope extension member.',
  },
  {
    name: 'scope-unchecked-get-invoice',
    requirements: ['SCOPE-006'],
    summary:
      'The invoice read (GET /invoices/{invoiceId}) is registered without its scope, so any valid key reads invoices.',
  },
  {
    name: 'scope-unchecked-events-by-period',
    requirements: ['SCOPE-003'],
    summary: 'The by-period event list is registered without its scope, so any valid key reads it.',
  },
  {
    name: 'scope-unchecked-freeze-reads',
    requirements: ['SCOPE-007'],
    summary:
      'Only the freeze PUT requires exchange-rate-freezes:write; the two freeze GETs are served to any key of a capable tenant.',
  },
  {
    name: 'sync-status-requires-read-scope',
    requirements: ['SCOPE-004', 'SCOPE-001'],
    summary:
      'The sync status GET requires patents:read (a GET taken for a read) instead of patents:write, and names it in requiredScope.',
  },
  {
    name: 'instructions-require-patents-write',
    requirements: ['SCOPE-005'],
    summary:
      'The instruction POST is registered with patents:write (a write to patents) instead of patents:instructions:write.',
  },

  // ---------------------------------------------------------------- tenant isolation (routes)
  {
    name: 'foreign-patent-readable',
    requirements: ['ISO-003'],
    summary:
      "A patent is looked up by id alone, so another tenant's patent (and its event list) is returned instead of 404.",
  },
  {
    name: 'foreign-invoice-forbidden',
    requirements: ['ISO-003'],
    summary:
      "Another tenant's invoice is answered 403 forbidden instead of 404 not_found, telling it apart from a missing one.",
  },
  {
    name: 'invoice-list-leaks-other-tenant',
    requirements: ['ISO-001'],
    summary: "The invoice list query has no tenant filter and returns every tenant's patent invoices.",
  },
  {
    name: 'patents-provider-id-lookup-all-tenants',
    requirements: ['ISO-001'],
    summary:
      "The ?providerId= lookup of the patent list skips the tenant filter, so another tenant's patent with that providerId is listed.",
  },
  {
    name: 'freezes-month-read-all-tenants',
    requirements: ['ISO-001'],
    summary:
      "The events of a month's freeze are read from every tenant, so the freeze read lists another tenant's events due that month.",
  },
  {
    name: 'document-event-looked-up-by-id-alone',
    requirements: ['ISO-003'],
    summary:
      "The document routes check the patent's tenant, then load the document's event by its id alone, so another tenant's document is served under one of the caller's patents.",
  },
  {
    name: 'patent-view-leaks-tenant-id',
    requirements: ['ISO-002'],
    summary:
      'The patent representation carries the owning tenant id (tenantId), serialized with the stored record.',
  },
  {
    name: 'instruction-reaches-other-tenant',
    requirements: ['ISO-005'],
    summary:
      "The instruction POST looks events up by id alone, so it executes a decision on another tenant's event instead of 404.",
  },
  {
    name: 'event-found-under-any-patent',
    requirements: ['EVT-033'],
    summary:
      'The event routes look the event up by its id alone, so /patents/{A}/events/{an event of patent B} answers the event (and its fees) instead of 404.',
  },
  {
    name: 'sync-reaches-other-tenant',
    requirements: ['ISO-004'],
    summary:
      "A sync item's servicePatentId is looked up by id alone, so the item updates another tenant's patent instead of being REJECTED.",
  },

  // ---------------------------------------------------------------- problem bodies (http.ts, problems.ts, validation.ts)
  {
    name: 'problem-served-as-json',
    requirements: ['PROB-001'],
    summary: 'Problem responses are served as application/json instead of application/problem+json.',
  },
  {
    name: 'problem-title-missing',
    requirements: ['PROB-004'],
    summary: 'Problem bodies carry no title member.',
  },
  {
    name: 'problem-code-missing',
    requirements: ['PROB-007'],
    summary: 'Problem bodies carry no code member, so clients have nothing stable to switch on.',
  },
  {
    name: 'problem-status-as-string',
    requirements: ['PROB-005'],
    summary: 'The status member of a problem is the string "404" instead of the integer 404.',
  },
  {
    name: 'problem-type-underscored',
    requirements: ['PROB-003', 'PROB-011', 'PROB-012', 'PROB-013', 'PROB-014', 'PROB-022'],
    summary:
      'The problem type is built from the code without dashes (/errors/not_found instead of /errors/not-found).',
  },
  {
    name: 'problem-extensions-nested',
    requirements: ['PROB-010', 'PROB-009', 'SCOPE-008'],
    summary:
      'Extension members (errors, requiredScope, existingBatchId...) are nested under an "extensions" member instead of the top level.',
  },
  {
    name: 'validation-errors-missing',
    requirements: ['PROB-009'],
    summary: 'A 400 validation_failed problem carries no errors array.',
  },
  {
    name: 'pointer-dotted-path',
    requirements: ['PROB-024'],
    summary:
      'Field error pointers are dotted property paths (instructions.0.eventId) instead of RFC 6901 pointers (/instructions/0/eventId).',
  },
  {
    name: 'pointer-names-member-only',
    requirements: ['PROB-024'],
    summary:
      'A field error pointer names only the offending member (/eventId) instead of pointing to it from the body root.',
  },
  {
    name: 'unknown-route-plain-404',
    requirements: ['PROB-001'],
    summary:
      'An unknown route under /api/v2/external/ is answered with the framework default text/plain 404.',
  },
  {
    name: 'path-ids-not-validated',
    requirements: ['CONV-011'],
    summary:
      'Path identifiers are not checked as UUIDs, so a malformed id gives 404 not_found instead of 400.',
  },
  {
    name: 'internal-error-detail-stack',
    requirements: ['PROB-023'],
    summary:
      'The error handler puts the failure stack trace in the detail of 500 internal_error instead of a generic text.',
  },
  {
    name: 'unknown-event-id-500',
    requirements: ['PROB-016'],
    summary:
      'The event lookup lacks its missing-record check: an unknown event id under a known patent fails with 500 instead of 404.',
  },
  {
    name: 'problem-type-missing',
    requirements: ['PROB-002'],
    summary:
      "Problem bodies leave type out (RFC 9457's about:blank default) instead of carrying the /errors/... reference.",
  },
  {
    name: 'problem-instance-null',
    requirements: ['PROB-006'],
    summary: 'Problem bodies carry "instance": null instead of a string or no instance member.',
  },
  {
    name: 'problem-request-id-missing',
    requirements: ['PROB-008'],
    summary:
      'Problem bodies carry no requestId member: the correlation id is only in the X-Request-Id header.',
  },
  {
    name: 'capability-missing-as-not-found',
    requirements: ['PROB-015'],
    summary:
      'The routes of a capability the tenant lacks are hidden as 404 not_found instead of 403 forbidden.',
  },
  {
    name: 'instruction-too-early-as-425',
    requirements: ['PROB-019'],
    summary: 'instruction_too_early is mapped to HTTP 425 Too Early instead of 422.',
  },
  {
    name: 'instruction-skipped-type-from-reason',
    requirements: ['PROB-020'],
    summary:
      'instruction_skipped gets the type /errors/earlier-event-pending (named after the blockedReason) instead of /errors/instruction-skipped.',
  },
  {
    name: 'field-error-code-missing',
    requirements: ['PROB-026'],
    summary: 'Field errors carry pointer and message only, without their stable code.',
  },
  {
    name: 'problem-type-409-by-status',
    requirements: ['PROB-017'],
    summary:
      'Problem types of 409 answers are looked up by HTTP status, so instruction_already_set gets the type /errors/conflict.',
  },
  {
    name: 'sync-conflict-as-422',
    requirements: ['PROB-018'],
    summary:
      'The reuse of an externalImportRef with other items is answered 422 (as in the IETF Idempotency-Key draft) instead of 409 conflict.',
  },
  {
    name: 'instruction-lapsed-as-410',
    requirements: ['PROB-021'],
    summary:
      'instruction_lapsed (a decision not offered on a lapsed event) is mapped to HTTP 410 Gone instead of 422.',
  },

  // ---------------------------------------------------------------- correlation (request-id.ts, problems.ts)
  {
    name: 'rate-limit-before-request-id',
    requirements: ['CORR-001', 'CORR-002'],
    summary:
      'The rate limiter is mounted ahead of the request-id middleware, so its 429 carries no X-Request-Id and a null requestId.',
  },
  {
    name: 'problem-request-id-null',
    requirements: ['CORR-002'],
    summary: 'requestId in problem bodies is always null although the response carries an X-Request-Id.',
  },
  {
    name: 'inbound-request-id-ignored',
    requirements: ['CORR-003'],
    summary: 'A non-empty inbound X-Request-Id is ignored and a new id is generated for every response.',
  },
  {
    name: 'empty-inbound-request-id-echoed',
    requirements: ['CORR-004'],
    summary: 'An empty inbound X-Request-Id is echoed as is, so the response carries an empty X-Request-Id.',
  },
  {
    name: 'request-id-constant',
    requirements: ['CORR-001', 'CORR-004'],
    summary:
      'The generated X-Request-Id is drawn once at start, so every response without an inbound id carries the same value.',
  },
  {
    name: 'request-id-missing-on-errors',
    requirements: ['CORR-001', 'CORR-002'],
    summary: 'Error responses (4xx, 5xx) leave without the X-Request-Id header.',
  },

  // ---------------------------------------------------------------- pagination (pagination.ts)
  {
    name: 'default-page-size-20',
    requirements: ['PAG-007'],
    summary: 'Without itemsPerPage a page holds 20 items instead of 10.',
  },
  {
    name: 'page-size-not-clamped',
    requirements: ['PAG-008', 'PAG-003'],
    summary:
      'itemsPerPage above 100 is served as asked (pages of 250 items) instead of being clamped to 100.',
  },
  {
    name: 'zero-based-pages',
    requirements: ['PAG-009', 'PAG-010'],
    summary:
      'currentPage is taken as 0-based: currentPage=1 serves the second page and the first is unreachable.',
  },
  {
    name: 'current-page-always-one',
    requirements: ['PAG-002'],
    summary: 'pagination.currentPage is always 1, whatever page is served.',
  },
  {
    name: 'has-more-on-last-page',
    requirements: ['PAG-005'],
    summary:
      'hasMore is computed as currentPage <= totalPages, so the last page still says another page exists.',
  },
  {
    name: 'total-pages-truncated',
    requirements: ['PAG-004', 'PAG-010'],
    summary: 'totalPages is floor(totalItems / itemsPerPage), dropping a last partial page.',
  },
  {
    name: 'total-items-of-page',
    requirements: ['PAG-001'],
    summary: 'totalItems counts the items of the page served instead of the whole collection.',
  },
  {
    name: 'page-data-not-sliced',
    requirements: ['PAG-006'],
    summary:
      'The pagination members are computed but data holds the whole collection instead of the requested page.',
  },

  // ---------------------------------------------------------------- rate limits (quota.ts, http.ts, server.ts)
  {
    name: 'rate-limit-headers-missing-on-errors',
    requirements: ['RATE-006', 'RATE-007', 'RATE-009'],
    summary:
      'Authenticated requests answered with an error (400, 403, 404, 409, 422) carry no RateLimit-* headers.',
  },
  {
    name: 'rate-limit-headers-on-429',
    requirements: ['RATE-010'],
    summary: 'The 429 response carries RateLimit-Limit, -Remaining (0) and -Reset beside Retry-After.',
  },
  {
    name: 'retry-after-missing',
    requirements: ['RATE-011'],
    summary: 'The 429 response carries no Retry-After header.',
  },
  {
    name: 'remaining-not-decremented',
    requirements: ['RATE-008'],
    summary: 'RateLimit-Remaining always shows the full daily quota, whatever the calls already made.',
  },
  {
    name: 'quota-counted-twice',
    requirements: ['RATE-008'],
    summary:
      'Every call is counted twice, so RateLimit-Remaining drops by two per call and the quota ends at half.',
  },
  {
    name: 'pdf-download-without-rate-limit-headers',
    requirements: ['RATE-006', 'RATE-007', 'RATE-009'],
    summary:
      'The binary (PDF) download route bypasses the rate-limit header layer, so a 200 document carries no RateLimit-* headers.',
  },
  {
    name: 'reset-in-milliseconds',
    requirements: ['RATE-004'],
    summary: 'RateLimit-Reset gives the time to the next reset in milliseconds instead of seconds.',
  },
  {
    name: 'quota-never-enforced',
    requirements: ['RATE-002'],
    summary:
      'The quota is counted but never enforced: past it, calls still succeed with RateLimit-Remaining 0.',
  },
  {
    name: 'failed-calls-not-counted',
    requirements: ['RATE-003'],
    summary:
      'A call that ends in an error (400, 403, 404...) is taken back from the quota: only successes count.',
  },
  {
    name: 'quota-per-tenant',
    requirements: ['RATE-001'],
    summary:
      "Calls are counted per tenant instead of per key, so one key's calls lower every key's RateLimit-Remaining.",
  },

  // ---------------------------------------------------------------- conventions and versioning (http.ts, views.ts, server.ts)
  {
    name: 'json-content-type-missing',
    requirements: ['CONV-001'],
    summary:
      'JSON bodies are sent without a Content-Type, so the runtime labels them text/plain;charset=UTF-8.',
  },
  {
    name: 'invoice-lines-without-object',
    requirements: ['CONV-002'],
    summary: 'The fee lines of an invoice are serialized as bare breakdowns, without object "fees".',
  },
  {
    name: 'event-patent-id-is-provider-id',
    requirements: ['CONV-003'],
    summary:
      "The patent reference of an event carries the client's providerId in id instead of the service UUID.",
  },
  {
    name: 'event-dates-as-timestamps',
    requirements: ['CONV-005', 'EVT-004', 'EVT-005'],
    summary:
      'Event dates (dueDate, gracePeriodEndDate) are serialized from Date objects as full timestamps (2026-03-31T00:00:00.000Z).',
  },
  {
    name: 'timestamps-without-offset',
    requirements: ['CONV-006', 'PAT-016'],
    summary:
      'Patent createdAt and updatedAt are written as local date-times without an offset (2026-01-05T09:30:00).',
  },
  {
    name: 'currency-lower-case',
    requirements: ['CONV-008'],
    summary: 'Invoice currencies are passed through as stored in lower case (eur) instead of ISO 4217 codes.',
  },
  {
    name: 'vat-rate-as-percentage',
    requirements: ['CONV-009'],
    summary: 'vatRate is given as a percentage (20) instead of a fraction (0.2).',
  },
  {
    name: 'invoice-routes-legacy-prefix',
    requirements: ['EVO-001'],
    summary:
      'The invoice operations are still mounted under the legacy /api/v1/external/ prefix instead of /api/v2/external/.',
  },

  // ---------------------------------------------------------------- documents (documents.ts, routes/documents.ts)
  {
    name: 'document-served-as-octet-stream',
    requirements: ['DOC-002'],
    summary: 'PDF downloads are served as application/octet-stream.',
  },
  {
    name: 'document-inline',
    requirements: ['DOC-003'],
    summary: 'PDF downloads are served with Content-Disposition inline instead of attachment.',
  },
  {
    name: 'document-filename-missing',
    requirements: ['DOC-004'],
    summary: 'The Content-Disposition of PDF downloads is a bare "attachment" without a filename.',
  },
  {
    name: 'document-body-html',
    requirements: ['DOC-001'],
    summary: 'The document body is the HTML rendering of the document, still labelled application/pdf.',
  },
  {
    name: 'document-truncated',
    requirements: ['DOC-001'],
    summary: 'Only the first half of the PDF bytes is sent: the body starts as a PDF but does not parse.',
  },
  {
    name: 'instruction-receipt-before-instruction',
    requirements: ['DOC-005'],
    summary:
      'The instruction receipt download serves a blank receipt for an event that was never instructed instead of 404.',
  },
  {
    name: 'official-receipt-before-issue',
    requirements: ['DOC-006'],
    summary:
      'The official receipt is served as soon as a PROCEED is executed, before the office has issued it, instead of 404.',
  },
  {
    name: 'invoice-document-while-locked',
    requirements: ['DOC-007'],
    summary:
      'The invoice download serves a pro-forma PDF for an event whose fees are LOCKED, before it is invoiced.',
  },

  // ---------------------------------------------------------------- instructions (issue 14)
  {
    name: 'document-disposition-trailing-semicolon',
    requirements: ['DOC-004'],
    summary:
      'The Content-Disposition of PDF downloads ends with a ";" (attachment; filename="x.pdf";), an empty parameter outside the RFC 6266 grammar.',
  },
  // ---------------------------------------------------------------- ratelimits (issue 14)
  {
    name: 'period-list-without-rate-limit-headers',
    requirements: ['RATE-006', 'RATE-007', 'RATE-009'],
    summary: 'The by-period event list (200) is served without the RateLimit-* headers.',
  },
  {
    name: 'instruction-receipt-without-rate-limit-headers',
    requirements: ['RATE-006', 'RATE-007', 'RATE-009'],
    summary: 'The 201 instruction receipt carries no RateLimit-* headers.',
  },
  {
    name: 'freeze-put-without-rate-limit-headers',
    requirements: ['RATE-006', 'RATE-007', 'RATE-009'],
    summary: 'The exchange-rate freeze PUT answers its 200 without the RateLimit-* headers.',
  },
  {
    name: 'quota-rolling-window',
    requirements: ['RATE-013'],
    summary:
      "The quota is a rolling 24-hour window opened by the key's first call: RateLimit-Reset counts down to 24 hours after it, not to midnight.",
  },
  {
    name: 'quota-reset-utc-midnight',
    requirements: ['RATE-013'],
    summary:
      "The quota day is the UTC date: the counter resets and RateLimit-Reset counts down to UTC midnight, not the server's local midnight.",
  },
  {
    name: 'reset-in-minutes',
    requirements: ['RATE-009', 'RATE-013'],
    summary: 'RateLimit-Reset gives the time to the next reset in minutes instead of seconds.',
  },
  {
    name: 'reset-frozen-at-first-call',
    requirements: ['RATE-013'],
    summary:
      "RateLimit-Reset keeps the seconds computed at the key's first call of the day instead of counting down with the clock.",
  },
  // ---------------------------------------------------------------- wire (issue 14)
  {
    name: 'malformed-json-internal-error',
    requirements: ['PROB-009', 'INS-019', 'SYNC-050'],
    summary:
      "The routes read a JSON body with the framework's parser, whose SyntaxError on a body that is not JSON ends as 500 internal_error instead of 400 validation_failed.",
  },
  {
    name: 'non-json-body-plain-415',
    requirements: ['PROB-001'],
    summary:
      "A body whose content type is not JSON is refused with the framework's bare text/plain 415 instead of a problem.",
  },
  {
    name: 'undefined-method-plain-405',
    requirements: ['PROB-001'],
    summary:
      "A method the path does not define (DELETE on a patent) gets the router's text/plain 405 with Allow instead of a problem.",
  },
  {
    name: 'oversized-header-bare-431',
    requirements: ['PROB-001'],
    summary:
      "A request whose headers exceed the server's limit gets Node's own 431 with no body instead of a problem.",
  },
  {
    name: 'internal-error-detail-exception',
    requirements: ['PROB-023'],
    summary:
      'The detail of 500 internal_error is the exception as a string: its class name and message (InjectedFailureError: ...).',
  },
  {
    name: 'internal-error-detail-sql',
    requirements: ['PROB-023'],
    summary: 'The detail of 500 internal_error carries the SQL statement that was running when it failed.',
  },
  {
    name: 'internal-error-detail-file-path',
    requirements: ['PROB-023'],
    summary: 'The detail of 500 internal_error names the source file of the module that failed.',
  },
] as const satisfies readonly FaultDefinition[];
