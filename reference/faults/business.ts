/**
 * Business faults: bugs in the rules of patents, events, fees, the by-period list, instructions, portfolio
 * sync, invoices and exchange-rate freezes. Each is switched on by name at the single place of its rule.
 */
import type { FaultDefinition } from './catalogue-types';

export const BUSINESS_FAULTS = [
  // ---------------------------------------------------------------- patents
  {
    name: 'patents-sort-ignored',
    requirements: ['PAT-017'],
    summary: 'The patent list accepts the sort parameter but always answers in insertion order.',
  },
  {
    name: 'patents-sort-direction-inverted',
    requirements: ['PAT-017'],
    summary: 'sort=<field> orders the patents descending and sort=-<field> ascending.',
  },
  {
    name: 'patents-unknown-sort-field-accepted',
    requirements: ['PAT-019'],
    summary: 'A sort on a field outside the allowed list is silently ignored (200) instead of giving 400.',
  },
  {
    name: 'patents-sort-dates-compared-as-numbers',
    requirements: ['PAT-017'],
    summary:
      'sort=applicationDate compares the dates with parseInt, so only the year counts and patents of one year come in id order.',
  },
  {
    name: 'patents-provider-id-prefix-match',
    requirements: ['PAT-020', 'PAT-021'],
    summary: 'The providerId filter matches every patent whose providerId starts with the value.',
  },
  {
    name: 'patents-provider-id-filter-ignored',
    requirements: ['PAT-020', 'PAT-021'],
    summary: 'The providerId filter is ignored and the whole portfolio is returned.',
  },
  {
    name: 'patents-official-numbers-written-by-sync',
    requirements: ['PAT-008'],
    summary: 'A sync item carrying officialNumbers overwrites the patent officialNumbers when it is applied.',
  },
  {
    name: 'patents-official-numbers-missing',
    requirements: ['PAT-007', 'PAT-009'],
    summary: 'The patent representation leaves officialNumbers out.',
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
    name: 'patents-missing-status-as-unknown',
    requirements: ['PAT-010'],
    summary: 'A patent without a status reads status UNKNOWN instead of null.',
  },
  {
    name: 'patents-object-class-name',
    requirements: ['PAT-001'],
    summary: 'The patent representation carries the class name Patent as object instead of patent.',
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
    name: 'patents-sort-publication-number-refused',
    requirements: ['PAT-018'],
    summary:
      'The sort whitelist of the patent list lacks publicationNumber: sort=publicationNumber gives 400.',
  },
  // ---------------------------------------------------------------- events
  {
    name: 'events-renewal-null-without-sequence',
    requirements: ['EVT-006'],
    summary:
      'renewal is built only for events with a distinct payment sequence number, so most RENEWAL events show renewal null.',
  },
  {
    name: 'events-payment-sequence-always-shown',
    requirements: ['EVT-009'],
    summary: 'renewal.paymentSequenceNumber is shown even when it equals annuityYear.',
  },
  {
    name: 'period-instructability-within-window',
    requirements: ['EVT-032'],
    summary:
      'The by-period list computes instructability from the events of the window only, so an event whose earlier pending event is due before the window reads allowed there while its patent list says EARLIER_EVENT_PENDING.',
  },
  {
    name: 'events-allowed-ignores-earlier-pending',
    requirements: ['EVT-028'],
    summary:
      'The event view computes instructability without the patent other events, so an event waiting for an earlier one reads allowed while the POST refuses it with instruction_skipped.',
  },
  {
    name: 'events-opens-at-one-month-late',
    requirements: ['EVT-023'],
    summary:
      'The instruction window opens on the first day of the month one month (not two) before the due month.',
  },
  {
    name: 'events-opens-at-not-first-of-month',
    requirements: ['EVT-023'],
    summary: 'opensAt is the due date minus two months, not the first day of that month.',
  },
  {
    name: 'events-lapsed-offers-proceed',
    requirements: ['EVT-020', 'INS-024'],
    summary: 'A lapsed event still offers PROCEED, and the POST executes it.',
  },
  {
    name: 'events-blocked-reason-on-allowed',
    requirements: ['EVT-022'],
    summary:
      'An allowed event whose patent has an instructed event reads blockedReason ALREADY_INSTRUCTED while isAllowed is true.',
  },
  {
    name: 'events-too-early-lists-decisions',
    requirements: ['EVT-019'],
    summary:
      'A TOO_EARLY event lists the decisions it will offer once its window opens, although isAllowed is false.',
  },
  {
    name: 'events-mode-missing',
    requirements: ['EVT-024'],
    summary: 'The instructability object has no mode member.',
  },
  {
    name: 'events-fees-status-stale-after-invoicing',
    requirements: ['EVT-015'],
    summary: 'An invoiced event still reads feesStatus LOCKED while its fees read INVOICED.',
  },
  {
    name: 'events-fees-on-per-patent-routes',
    requirements: ['EVT-016'],
    summary: 'The per-patent event routes attach the fees member although it was not requested.',
  },
  {
    name: 'events-patent-provider-id-from-case-reference',
    requirements: ['EVT-002'],
    summary: "The event's patent reference carries the patent's clientCaseReference as providerId.",
  },
  {
    name: 'events-processing-status-from-instruction',
    requirements: ['EVT-012'],
    summary: 'An instructed event shows the status of its instruction (EXECUTED) as processingStatus.',
  },
  {
    name: 'events-fx-frozen-null-when-never-frozen',
    requirements: ['EVT-014'],
    summary:
      'isFxRateFrozen comes from a left join on the frozen months, so it is null for a month never frozen.',
  },
  {
    name: 'events-blocked-reason-as-error-code',
    requirements: ['EVT-021', 'EVT-025'],
    summary:
      'An instructed event reads blockedReason instruction_already_set (the error code) instead of ALREADY_INSTRUCTED.',
  },
  {
    name: 'events-instructed-read-from-fee-lock',
    requirements: ['EVT-017', 'EVT-021'],
    summary:
      'Instructability reads an event as instructed from its fee lock, so an event decided SKIP_THIS_TIME or DROP reads allowed again.',
  },
  {
    name: 'events-list-omits-decided',
    requirements: ['EVT-030'],
    summary:
      'The events of a patent are listed from the open-events query, leaving out the events already decided.',
  },
  {
    name: 'events-single-read-ignores-earlier-pending',
    requirements: ['EVT-031', 'EVT-017'],
    summary:
      'GET of one event computes instructability without the other events of its patent, so an event waiting for an earlier one reads allowed there while the list says EARLIER_EVENT_PENDING.',
  },
  {
    name: 'events-object-v1-name',
    requirements: ['EVT-001'],
    summary: 'Events carry the v1 resource name renewal as object instead of patentEvent.',
  },
  {
    name: 'events-event-type-lower-case',
    requirements: ['EVT-003', 'EVT-006'],
    summary:
      'eventType is written as the enum is stored, renewal instead of RENEWAL, on events that carry a renewal object.',
  },
  {
    name: 'events-annuity-year-as-string',
    requirements: ['EVT-007'],
    summary: 'renewal.annuityYear is read from a varchar column and shown as a string.',
  },
  {
    name: 'events-payment-sequence-as-string',
    requirements: ['EVT-008'],
    summary: 'renewal.paymentSequenceNumber, where shown, is read from a text column and shown as a string.',
  },
  {
    name: 'events-applied-decision-short-code',
    requirements: ['EVT-010'],
    summary:
      'An event decided SKIP_THIS_TIME reads appliedDecision SKIP, the short code the instruction table stores.',
  },
  {
    name: 'events-due-period-v1-labels',
    requirements: ['EVT-011'],
    summary: 'An event in its grace period reads duePeriod GRACE (the v1 label) instead of GRACE_PERIOD.',
  },
  {
    name: 'events-status-updated-at-as-date',
    requirements: ['EVT-013'],
    summary:
      'processingStatusUpdatedAt is read from a date column and shown as YYYY-MM-DD instead of a date-time.',
  },
  {
    name: 'events-lapsed-decisions-appended',
    requirements: ['EVT-018'],
    summary:
      'The decisions of the lapse rule are appended to the non-paying ones instead of replacing the list, so a lapsed event lists SKIP_THIS_TIME and DROP twice.',
  },

  // ---------------------------------------------------------------- fees
  {
    name: 'fees-total-without-service',
    requirements: ['FEE-005'],
    summary: 'The fees total leaves the SERVICE component out.',
  },
  {
    name: 'fees-inapplicable-components-null',
    requirements: ['CONV-010', 'FEE-006'],
    summary: 'Every component type is listed, with a null amount when it does not apply.',
  },
  {
    name: 'fees-invoice-id-of-patent',
    requirements: ['FEE-002', 'FEE-011', 'FEE-015'],
    summary: 'The fees of an event not invoiced carry the invoice of an invoiced event of the same patent.',
  },
  {
    name: 'fees-amounts-as-numbers',
    requirements: ['CONV-007', 'FEE-006'],
    summary: 'The fees total and component amounts are JSON numbers instead of decimal strings.',
  },
  {
    name: 'fees-status-ignores-lock',
    requirements: ['FEE-010'],
    summary:
      'The fees status is derived from the invoice link alone, so fees locked by a PROCEED read ESTIMATED.',
  },
  {
    name: 'fees-total-binary-float',
    requirements: ['FEE-005'],
    summary: 'The fees total is summed in binary floating point, giving totals such as "392.40000000000003".',
  },
  {
    name: 'fees-invoiced-without-invoice-id',
    requirements: ['FEE-013'],
    summary: 'The fees of an invoiced event read INVOICED with invoiceId null.',
  },
  {
    name: 'fees-patent-provider-id-missing',
    requirements: ['FEE-004'],
    summary:
      'The patent reference of a fees object is built from the event row alone, so its providerId is always null.',
  },
  {
    name: 'fees-invoiced-amounts-with-vat',
    requirements: ['FEE-014'],
    summary:
      "INVOICED fees show the amounts with the invoice's VAT added instead of the billed amounts of the line.",
  },
  {
    name: 'fees-grace-surcharge-typed-late-fee',
    requirements: ['FEE-007'],
    summary: 'The late surcharge is listed under the v1 component type LATE_FEE instead of GRACE_PERIOD.',
  },
  {
    name: 'fees-event-fees-without-object',
    requirements: ['FEE-001'],
    summary:
      'The fees of an event (fees route and include=fees) are serialized as a bare breakdown without object.',
  },
  {
    name: 'fees-status-null-before-instruction',
    requirements: ['FEE-008'],
    summary:
      'The fees status is read from the fee record, created at instruction, so the fees of an event never instructed read feesStatus null.',
  },
  {
    name: 'fees-fx-frozen-null-when-never-frozen',
    requirements: ['FEE-009'],
    summary:
      'The isFxRateFrozen of a fees object comes from a left join on the frozen months, so it is null for a month never frozen.',
  },

  // ---------------------------------------------------------------- events by period
  {
    name: 'period-due-to-exclusive',
    requirements: ['PER-004'],
    summary: 'Events due exactly on dueTo are left out of the window.',
  },
  {
    name: 'period-due-from-ignored',
    requirements: ['PER-003'],
    summary: 'dueFrom does not bound the window: events due before it are returned.',
  },
  {
    name: 'period-incomplete-window-accepted',
    requirements: ['PER-005'],
    summary: 'dueFrom or dueTo alone is taken as an open-ended window (200) instead of giving 400.',
  },
  {
    name: 'period-due-month-ignored',
    requirements: ['PER-006'],
    summary: 'dueMonth is accepted but does not narrow the list: every event of the portfolio is returned.',
  },
  {
    name: 'period-missing-window-accepted',
    requirements: ['PER-014'],
    summary: 'A request without any due window answers 200 with every event instead of 400.',
  },
  {
    name: 'period-include-fees-ignored',
    requirements: ['PER-011', 'PER-012'],
    summary: 'include=fees is ignored: the events carry no fees member.',
  },
  {
    name: 'period-unknown-include-rejected',
    requirements: ['PER-013'],
    summary: 'An include value other than fees gives 400 instead of being ignored.',
  },
  {
    name: 'period-offices-filter-ignored',
    requirements: ['PER-007'],
    summary: 'The offices filter is ignored.',
  },
  {
    name: 'period-owners-filter-inverted',
    requirements: ['PER-008'],
    summary: 'The owners filter excludes the given owners instead of selecting them.',
  },
  {
    name: 'period-family-filter-on-case-reference',
    requirements: ['PER-009'],
    summary: 'The family filter is matched against clientCaseReference instead of clientFamilyReference.',
  },
  {
    name: 'period-only-pending-events',
    requirements: ['PER-002'],
    summary: 'The window reuses the worklist query, so events that already have a decision are left out.',
  },
  {
    name: 'period-event-types-on-patent-type',
    requirements: ['PER-010'],
    summary:
      "The eventTypes filter is matched against the patent's patentType, so eventTypes=RENEWAL returns nothing.",
  },
  {
    name: 'period-fees-cached-by-patent',
    requirements: ['FEE-003', 'PER-012'],
    summary:
      'The fees attached with include=fees are cached by patent, so every event of a patent on the page carries the fees of the first one.',
  },
  {
    name: 'period-list-grouped-by-month',
    requirements: ['PER-001'],
    summary:
      'The by-period list answers the shape of the legacy per-year-and-month list it replaces: the events grouped by due month, without the list envelope.',
  },
  {
    name: 'period-window-dates-shape-only',
    requirements: ['PER-015'],
    summary:
      'dueFrom, dueTo and dueMonth are checked for their shape only, so 2025-13-01 and 2025-13 are accepted.',
  },

  // ---------------------------------------------------------------- instructions
  {
    name: 'instructions-batch-not-atomic',
    requirements: ['INS-018'],
    summary:
      'A batch checks and executes its entries one by one, so the entries before a failing one stay executed.',
  },
  {
    name: 'instructions-offered-decision-checked-while-executing',
    requirements: ['INS-018'],
    summary:
      'Whether the decision is offered (instruction_lapsed) is checked per entry while executing, so the entries before PROCEED on a lapsed event stay executed.',
  },
  {
    name: 'instructions-refused-batch-keeps-fees-locked',
    requirements: ['INS-018'],
    summary:
      'A refused batch leaves no appliedDecision, but the fees of its PROCEED entries stay LOCKED (locked while checking, never released).',
  },
  {
    name: 'instructions-too-early-as-conflict',
    requirements: ['EVT-026', 'INS-021'],
    summary:
      'Instructing an event before its window opens gives 409 instruction_already_set instead of 422 instruction_too_early.',
  },
  {
    name: 'instructions-skipped-lists-decided-dates',
    requirements: ['INS-023'],
    summary:
      'missingPreviousRenewalDates lists the due dates of every earlier event of the patent, decided ones included.',
  },
  {
    name: 'instructions-skipped-without-case-reference',
    requirements: ['INS-022'],
    summary: 'The instruction_skipped problem has no clientCaseReference member.',
  },
  {
    name: 'instructions-lapsed-proceed-executed',
    requirements: ['INS-024'],
    summary:
      'The POST does not check the decision against the allowed decisions, so PROCEED on a lapsed event executes.',
  },
  {
    name: 'instructions-replay-re-executed',
    requirements: ['INS-020', 'INS-027'],
    summary:
      'Posting again the decision an event already has is executed again (201, new receipt) instead of 409.',
  },
  {
    name: 'instructions-decision-overwritten',
    requirements: ['INS-010'],
    summary:
      'Posting another decision for an instructed event replaces its decision (201) instead of giving 409.',
  },
  {
    name: 'instructions-only-first-entry-executed',
    requirements: ['INS-015'],
    summary: 'A batch executes its first entry only; the other entries are silently dropped.',
  },
  {
    name: 'instructions-receipt-status-pending',
    requirements: ['INS-009'],
    summary: 'The receipt shows the executed instructions with status PENDING.',
  },
  {
    name: 'instructions-applied-decision-hidden',
    requirements: ['INS-008'],
    summary:
      'The event shows appliedDecision only once payment has started, so an instructed event still reads appliedDecision null.',
  },
  {
    name: 'instructions-two-events-of-a-patent-accepted',
    requirements: ['INS-016'],
    summary:
      'A batch may carry several events of one patent: the earlier entries count as decided for the later ones and all execute.',
  },
  {
    name: 'instructions-earlier-pending-not-enforced',
    requirements: ['INS-017', 'EVT-027'],
    summary: 'The POST executes an event although an earlier event of its patent still awaits a decision.',
  },
  {
    name: 'instructions-receipt-decision-read-too-early',
    requirements: ['INS-004'],
    summary:
      'Each receipt line takes its decision from the event before the event is written, so the receipt shows decision null.',
  },
  {
    name: 'instructions-executed-at-as-date',
    requirements: ['INS-006'],
    summary: 'executedAt is the day of execution (YYYY-MM-DD) instead of a date-time.',
  },
  {
    name: 'instructions-receipt-object-receipt',
    requirements: ['INS-001'],
    summary: 'The receipt carries object "receipt" (the record type name) instead of instructionReceipt.',
  },
  {
    name: 'instructions-receipt-number-padded',
    requirements: ['INS-002'],
    summary: 'The receipt number is written zero-padded as a string ("000042"), as in its display reference.',
  },
  {
    name: 'instructions-receipt-lines-without-object',
    requirements: ['INS-003'],
    summary:
      'The receipt lines are the instruction records copied as they are, without object "instruction".',
  },
  {
    name: 'instructions-receipt-status-lower-case',
    requirements: ['INS-005', 'INS-009'],
    summary: 'Instruction statuses are written in lower case ("executed").',
  },
  {
    name: 'instructions-designations-as-text',
    requirements: ['INS-007'],
    summary:
      'renewedDesignatedCountries and excludedDesignatedCountries are written as stored: comma-separated text, empty when none.',
  },
  {
    name: 'instructions-event-id-format-unchecked',
    requirements: ['INS-011'],
    summary:
      'An eventId is checked for being a string only, so one that is not a UUID is looked up and answered 404 instead of 400.',
  },
  {
    name: 'instructions-decision-enum-unchecked',
    requirements: ['INS-012'],
    summary:
      "The decision is not validated against the three values but left to the event's offered decisions, so an unknown or missing one is not a 400.",
  },
  {
    name: 'instructions-answer-200',
    requirements: ['INS-013'],
    summary: 'The instruction POST answers its receipt with 200 instead of 201.',
  },
  {
    name: 'instructions-written-on-next-post',
    requirements: ['INS-014', 'INS-008'],
    summary:
      'The receipt is answered EXECUTED but the event writes are queued and made only when the next instruction POST arrives.',
  },
  {
    name: 'instructions-array-optional',
    requirements: ['INS-019'],
    summary:
      'A body without an instructions member passes validation and the handler fails on it with a 500.',
  },

  // ---------------------------------------------------------------- sync
  {
    name: 'sync-replay-ignores-items',
    requirements: ['SYNC-047', 'SYNC-048'],
    summary:
      'A reused externalImportRef replays the stored batch even when the items differ, instead of 409 conflict.',
  },
  {
    name: 'sync-conflict-without-existing-batch-id',
    requirements: ['SYNC-048'],
    summary: 'The 409 conflict problem does not carry existingBatchId.',
  },
  {
    name: 'sync-import-ref-not-looked-up',
    requirements: ['SYNC-046', 'SYNC-047'],
    summary: 'externalImportRef is stored but never looked up: every push creates a new batch.',
  },
  {
    name: 'sync-results-ordered-by-request-id',
    requirements: ['SYNC-012'],
    summary: 'Batch results are listed in change-request id order instead of POST-body order.',
  },
  {
    name: 'sync-100-items-in-background',
    requirements: ['SYNC-019', 'SYNC-045'],
    summary: 'A batch of exactly 100 items is processed in the background (202) instead of inline.',
  },
  {
    name: 'sync-101-items-inline',
    requirements: ['SYNC-020'],
    summary: 'A batch of 101 items is still processed inline (201).',
  },
  {
    name: 'sync-processed-items-short-by-one',
    requirements: ['SYNC-005'],
    summary: 'processedItems reports the index of the last processed item, one less than the count.',
  },
  {
    name: 'sync-rejected-items-not-counted',
    requirements: ['SYNC-009'],
    summary: 'rejectedItems stays 0 whatever the number of REJECTED results.',
  },
  {
    name: 'sync-claim-count-zero-stored',
    requirements: ['SYNC-040'],
    summary: 'A claimCount of 0 is stored as 0 (only negative counts become null).',
  },
  {
    name: 'sync-unknown-service-patent-id-falls-back',
    requirements: ['SYNC-042'],
    summary: 'An unknown servicePatentId falls back to providerId matching, so the item becomes a create.',
  },
  {
    name: 'sync-item-without-identifier-accepted',
    requirements: ['SYNC-044', 'SYNC-015'],
    summary:
      'An item with neither providerId nor servicePatentId is treated as a create instead of being rejected.',
  },
  {
    name: 'sync-invalid-calendar-date-accepted',
    requirements: ['SYNC-039'],
    summary: 'Item dates are checked for the YYYY-MM-DD shape only, so 2024-02-30 is accepted.',
  },
  {
    name: 'sync-item-problem-fails-batch',
    requirements: ['SYNC-049'],
    summary: 'An invalid item makes the whole POST a 400 instead of a REJECTED outcome.',
  },
  {
    name: 'sync-empty-import-ref-accepted',
    requirements: ['SYNC-032'],
    summary: 'An empty externalImportRef is accepted.',
  },
  {
    name: 'sync-non-object-item-accepted',
    requirements: ['SYNC-034'],
    summary: 'A non-object entry in items is accepted as an item instead of giving 400.',
  },
  {
    name: 'sync-results-page-size-ignored',
    requirements: ['PAG-011'],
    summary: 'The sync status GET ignores itemsPerPage and always returns up to 100 results per page.',
  },
  {
    name: 'sync-completed-at-set-while-pending',
    requirements: ['SYNC-011'],
    summary: 'A background batch has completedAt set from the moment it is received.',
  },
  {
    name: 'sync-triaged-reported-settled',
    requirements: ['SYNC-023'],
    summary: 'A processed batch reads SETTLED even while items await review.',
  },
  {
    name: 'sync-create-applied-at-triage',
    requirements: ['SYNC-026', 'SYNC-027'],
    summary: 'A create is applied at once (APPLIED) instead of being staged for review.',
  },
  {
    name: 'sync-office-required-on-updates',
    requirements: ['SYNC-043'],
    summary: 'Every item must carry an office: an update with only providerId and title is REJECTED.',
  },
  {
    name: 'sync-accepted-create-without-id',
    requirements: ['SYNC-030'],
    summary:
      'servicePatentId is shown only for updates, so an accepted create never shows the new patent id.',
  },
  {
    name: 'sync-background-starts-inline',
    requirements: ['SYNC-021'],
    summary:
      'The first background chunk runs before the 202 is sent, so the answer already reads PROCESSING with results.',
  },
  {
    name: 'sync-staged-count-live',
    requirements: ['SYNC-008'],
    summary: 'stagedItems counts the items still awaiting review, so it drops when a proposal is reviewed.',
  },
  {
    name: 'sync-suppressed-counted-as-staged',
    requirements: ['SYNC-010'],
    summary: 'A suppressed re-push is counted in stagedItems, so suppressedItems stays 0.',
  },
  {
    name: 'sync-rejected-provider-id-dropped',
    requirements: ['SYNC-013'],
    summary: 'A rejected item loses its providerId, so its result echoes null although the item had one.',
  },
  {
    name: 'sync-rejected-without-request-id',
    requirements: ['SYNC-017'],
    summary:
      'Rejected items are not given a change request id, so their requestId is null in a batch that is not ERROR.',
  },
  {
    name: 'sync-staged-with-reason',
    requirements: ['SYNC-018'],
    summary: 'A staged item carries the reason "Awaiting review." instead of null.',
  },
  {
    name: 'sync-rejected-batch-error',
    requirements: ['SYNC-024', 'SYNC-025'],
    summary: 'A batch with a REJECTED item reads ERROR although every item was recorded.',
  },
  {
    name: 'sync-suppressed-without-reason',
    requirements: ['SYNC-029'],
    summary: 'A suppressed item has reason null.',
  },
  {
    name: 'sync-refusal-reason-prefixed',
    requirements: ['SYNC-051'],
    summary:
      'The reviewer\'s reason is stored with a "Refused in review: " prefix, so the result does not show it verbatim.',
  },
  {
    name: 'sync-unknown-provider-id-rejected',
    requirements: ['SYNC-037'],
    summary: 'An item whose providerId matches no patent is REJECTED instead of proposing a create.',
  },
  {
    name: 'sync-service-patent-id-needs-provider-id',
    requirements: ['SYNC-041'],
    summary:
      'servicePatentId is looked up only on items that also carry a providerId, so an item with servicePatentId alone does not update that patent.',
  },
  {
    name: 'sync-provider-id-matched-first',
    requirements: ['SYNC-041'],
    summary:
      "Items are matched by providerId before servicePatentId, so an item naming patent X by servicePatentId and another patent's providerId targets that other patent.",
  },
  {
    name: 'sync-suppression-keyed-on-provider-id',
    requirements: ['SYNC-052'],
    summary:
      'A re-push is suppressed when a proposal with the same target was refused, whatever its fields, so a corrected re-push of a refused create is SUPPRESSED.',
  },
  {
    name: 'sync-refusal-moves-staged-to-rejected',
    requirements: ['SYNC-008'],
    summary:
      'Refusing a staged proposal in review moves it from stagedItems to rejectedItems, so stagedItems drops.',
  },
  {
    name: 'sync-provider-id-matched-across-tenants',
    requirements: ['SYNC-037'],
    summary:
      "providerId is matched against every tenant's patents, so an item carrying another tenant's providerId updates that tenant's patent instead of proposing a create.",
  },
  {
    name: 'sync-processed-items-from-triage-outcomes',
    requirements: ['SYNC-053'],
    summary:
      'processedItems counts the results whose outcome is still a triage outcome, so it drops when a staged proposal is reviewed.',
  },
  {
    name: 'sync-batch-object-class-name',
    requirements: ['SYNC-001'],
    summary: 'The sync batch carries object "PatentSyncBatch" (the class name) instead of patentSyncBatch.',
  },
  {
    name: 'sync-import-id-is-request-id',
    requirements: ['SYNC-002'],
    summary:
      "The POST answer hands out the request's correlation id as importId, so the status read of that id gives 404.",
  },
  {
    name: 'sync-settled-reported-completed',
    requirements: ['SYNC-003'],
    summary:
      'A batch with nothing left to wait on reads status COMPLETED (the job runner label) instead of SETTLED.',
  },
  {
    name: 'sync-total-items-valid-only',
    requirements: ['SYNC-004'],
    summary: 'totalItems counts only the items that passed validation, leaving the rejected ones out.',
  },
  {
    name: 'sync-applied-updates-not-counted',
    requirements: ['SYNC-006'],
    summary: 'An update applied at triage is not counted in autoAppliedItems.',
  },
  {
    name: 'sync-staged-creates-not-counted',
    requirements: ['SYNC-007'],
    summary: 'stagedItems counts only staged updates; a create staged for review is not counted.',
  },
  {
    name: 'sync-staged-create-shows-request-id',
    requirements: ['SYNC-014'],
    summary:
      'A create awaiting review shows the id of its change request as servicePatentId instead of null.',
  },
  {
    name: 'sync-rejected-outcome-invalid',
    requirements: ['SYNC-016'],
    summary: 'An item refused by validation gets outcome INVALID (the validator label) instead of REJECTED.',
  },
  {
    name: 'sync-invalid-item-reason-null',
    requirements: ['SYNC-028'],
    summary: 'An item rejected for invalid field values is REJECTED with reason null.',
  },
  {
    name: 'sync-import-ref-required',
    requirements: ['SYNC-031'],
    summary:
      'A sync POST without externalImportRef gives 400 validation_failed, as if the key were mandatory.',
  },
  {
    name: 'sync-empty-items-accepted',
    requirements: ['SYNC-033'],
    summary: 'An empty items array is accepted and answered 201 with an empty batch.',
  },
  {
    name: 'sync-batch-size-capped-at-200',
    requirements: ['SYNC-035'],
    summary:
      'A sync POST of more than 200 items gives 400 validation_failed (a batch size limit of its own).',
  },
  {
    name: 'sync-action-from-service-patent-id',
    requirements: ['SYNC-036'],
    summary:
      'The action is read from the item (UPDATE only when it carries servicePatentId), so an item matched by providerId reads CREATE.',
  },
  {
    name: 'sync-office-not-validated',
    requirements: ['SYNC-038'],
    summary: 'The office of an item is checked for being a string only, so an unknown office is accepted.',
  },
  {
    name: 'sync-single-item-object-accepted',
    requirements: ['SYNC-050'],
    summary:
      'items given as a single object instead of an array is taken as a batch of one and answered 201.',
  },

  // ---------------------------------------------------------------- invoices
  {
    name: 'invoices-default-order-ascending',
    requirements: ['INV-019'],
    summary: 'Without sort, invoices come earliest issued first.',
  },
  {
    name: 'invoices-created-window-ignored',
    requirements: ['INV-016'],
    summary: 'createdFrom and createdTo are ignored.',
  },
  {
    name: 'invoices-date-windows-exclusive',
    requirements: ['INV-014', 'INV-016'],
    summary: 'The issue-date and creation-day windows exclude their bounds.',
  },
  {
    name: 'invoices-trademark-returned',
    requirements: ['INV-010'],
    summary: 'The invoice list and read also return TRADEMARK invoices.',
  },
  {
    name: 'invoices-imported-numbered',
    requirements: ['INV-008'],
    summary: 'IMPORTED invoices get a sequential number like generated ones.',
  },
  {
    name: 'invoices-regularized-id-on-every-line',
    requirements: ['INV-001'],
    summary:
      'Every invoice line carries its own invoice id as regularizedInvoiceId, not only REGULARIZATION lines.',
  },
  {
    name: 'invoices-reversed-window-accepted',
    requirements: ['INV-015', 'INV-017'],
    summary: 'A window whose To is before its From answers 200 (empty) instead of 400.',
  },
  {
    name: 'invoices-sort-created-at-ignored',
    requirements: ['INV-018'],
    summary: 'sort=createdAt and sort=-createdAt order by issueDate.',
  },
  {
    name: 'invoices-regularized-id-self',
    requirements: ['INV-002'],
    summary:
      'A REGULARIZATION line names its own invoice as regularizedInvoiceId instead of the original invoice.',
  },
  {
    name: 'invoices-regularization-reuses-reference',
    requirements: ['INV-006'],
    summary:
      'A REGULARIZATION invoice takes the display reference of the invoice it corrects, so two invoices share it.',
  },
  {
    name: 'invoices-reference-from-number',
    requirements: ['INV-007'],
    summary:
      'The display reference is built from the sequential number, so IMPORTED invoices get an empty reference.',
  },
  {
    name: 'invoices-line-per-component',
    requirements: ['INV-012'],
    summary: 'The invoice shows one fees line per fee component, so an event appears on several lines.',
  },
  {
    name: 'invoices-regularization-reason-dropped',
    requirements: ['INV-004'],
    summary:
      'The reason is kept on the regularization invoice only, so its lines read regularizationReason null.',
  },
  {
    name: 'invoices-imported-created-at-as-issue-date',
    requirements: ['INV-013'],
    summary:
      'An IMPORTED invoice takes its hand-entered issue date (a date) as createdAt instead of when it was recorded.',
  },
  {
    name: 'invoices-regularization-reason-defaulted',
    requirements: ['INV-003'],
    summary:
      'The reason column defaults to NOT_PAYABLE, so every line of a GENERATED or IMPORTED invoice reads regularizationReason NOT_PAYABLE.',
  },
  {
    name: 'invoices-object-per-right-type',
    requirements: ['INV-005'],
    summary: 'Invoices carry object patentInvoice, named after their right type, instead of invoice.',
  },
  {
    name: 'invoices-origin-v1-credit-note',
    requirements: ['INV-009'],
    summary: 'A REGULARIZATION invoice reads origin CREDIT_NOTE, its v1 name.',
  },
  {
    name: 'invoices-xlsx-flag-null-without-document',
    requirements: ['INV-011'],
    summary:
      'hasXlsxDocument comes from a left join on the XLSX documents, so it is null (not false) for an invoice without one.',
  },
  {
    name: 'invoices-unknown-sort-field-accepted',
    requirements: ['INV-020'],
    summary:
      'A sort on a field other than issueDate or createdAt is ignored (200, default order) instead of giving 400.',
  },
  {
    name: 'invoices-list-bare-array',
    requirements: ['INV-021'],
    summary:
      'The invoice list answers the bare array of invoices (the v1 shape) instead of the list envelope.',
  },
  {
    name: 'invoices-read-subtotal-with-tax',
    requirements: ['INV-022'],
    summary:
      'The single read is its own serializer and shows the gross total as subtotalExcludingTax, unlike the list.',
  },
  {
    name: 'invoices-date-filters-shape-only',
    requirements: ['INV-023'],
    summary:
      'issueDateFrom, issueDateTo, createdFrom and createdTo are checked for their shape only, so 2024-13-01 is accepted.',
  },
  {
    name: 'invoices-read-id-generated',
    requirements: ['CONV-004'],
    summary: 'The single invoice read is serialized through a DTO that assigns a fresh id on every read.',
  },

  // ---------------------------------------------------------------- exchange-rate freezes
  {
    name: 'freezes-put-not-idempotent',
    requirements: ['FRZ-009'],
    summary: 'A PUT of a month already frozen gives 409 conflict.',
  },
  {
    name: 'freezes-put-answers-before-freezing',
    requirements: ['FRZ-009', 'FRZ-010'],
    summary:
      'The PUT answers the month as read before the freeze, so its events show isFxRateFrozen false where a later read of the month (or a repeated PUT) shows true.',
  },
  {
    name: 'freezes-no-capability-as-insufficient-scope',
    requirements: ['FRZ-012'],
    summary: 'A tenant without the freeze capability gets 403 insufficient_scope instead of forbidden.',
  },
  {
    name: 'freezes-month-13-accepted',
    requirements: ['FRZ-005'],
    summary: 'The yearMonth path parameter is checked for the YYYY-MM shape only, so 2026-13 is accepted.',
  },
  {
    name: 'freezes-unfrozen-month-not-found',
    requirements: ['FRZ-011'],
    summary: 'GET of a month that has never been frozen gives 404 instead of its potential freeze.',
  },
  {
    name: 'freezes-amount-as-number',
    requirements: ['FRZ-004'],
    summary: 'The amount of a frozen-rate event is a JSON number instead of a decimal string.',
  },
  {
    name: 'freezes-list-month-as-date',
    requirements: ['FRZ-002'],
    summary: 'The list gives each frozen month as its first day (YYYY-MM-01) instead of YYYY-MM.',
  },
  {
    name: 'freezes-list-items-without-object',
    requirements: ['FRZ-001'],
    summary: 'The freeze list gives bare months ({ yearMonth }) without object.',
  },
  {
    name: 'freezes-month-read-as-date',
    requirements: ['FRZ-003'],
    summary:
      'The single read and the PUT response give yearMonth as the first day of the month (YYYY-MM-01) instead of the path month.',
  },
  {
    name: 'freezes-reads-require-patents-read',
    requirements: ['FRZ-006'],
    summary:
      'The freeze reads list renewal events and are guarded by patents:read instead of exchange-rate-freezes:write.',
  },
  {
    name: 'freezes-put-requires-body',
    requirements: ['FRZ-007'],
    summary: 'The freeze PUT goes through the JSON body parser, so a PUT without a body gives 400.',
  },
  {
    name: 'freezes-list-up-to-current-month',
    requirements: ['FRZ-008'],
    summary:
      'The freeze list shows only the months whose frozen rates are in force (up to the current month), so a month frozen in advance is missing.',
  },
  // ---------------------------------------------------------------- sync (issue 14)
  {
    name: 'sync-partial-update-resets-missing-fields',
    requirements: ['SYNC-043'],
    summary:
      'An update is mapped onto a whole record: the non-critical members the item does not carry are cleared to null.',
  },
  {
    name: 'sync-replay-restages-awaiting-items',
    requirements: ['SYNC-046'],
    summary:
      'A replay submits again the proposals of the batch still awaiting review: each becomes a second change request and stagedItems grows.',
  },
  {
    name: 'sync-replay-reruns-background-batch',
    requirements: ['SYNC-046'],
    summary:
      'A replay of a finished background batch enqueues its job again, so every item is triaged and recorded a second time.',
  },
  {
    name: 'sync-replay-restages-reviewed-items',
    requirements: ['SYNC-046'],
    summary:
      'A replay reopens the proposals already accepted or refused in review: they are staged again as new change requests.',
  },

  // ---------------------------------------------------------------- instructions (issue 14)
  {
    name: 'instructions-batch-verdict-of-last-entry',
    requirements: ['INS-018'],
    summary:
      'The batch check keeps one verdict that its loop overwrites, so only the last entry counts before execution; in valid, refused, valid the first entry stays executed.',
  },
  {
    name: 'instructions-refused-batch-keeps-receipt',
    requirements: ['INS-018', 'DOC-005'],
    summary:
      'The receipt is drawn up for the whole batch before the batch is checked and kept when it is refused, so its instruction receipt document downloads for the valid entries.',
  },
  {
    name: 'instructions-refused-batch-marks-instructed',
    requirements: ['INS-018'],
    summary:
      'The events of a batch are marked INSTRUCTED while it is checked and not reset when it is refused, so their processingStatus moves though nothing was executed.',
  },
  {
    name: 'instructions-receipt-later-lines-pending',
    requirements: ['INS-009'],
    summary:
      'The receipt of a batch shows its first line EXECUTED and the others PENDING with executedAt null, though every line was executed.',
  },
  {
    name: 'fees-lock-without-service',
    requirements: ['FEE-016'],
    summary:
      'The lock copies the third-party fees only (OFFICE, AGENT, GRACE_PERIOD), leaving the service fee to the invoice, so the LOCKED fees drop the SERVICE component the estimate showed.',
  },
  {
    name: 'fees-locked-recomputed-live',
    requirements: ['FEE-012'],
    summary:
      'LOCKED fees are recomputed from the live estimate on every read, so a revised office fee moves amounts that the lock fixed.',
  },
  {
    name: 'freezes-put-flags-no-event',
    requirements: ['FRZ-013'],
    summary:
      'The event and fees reads take isFxRateFrozen from a per-event column that the PUT of a month never writes, so the events the freeze lists as frozen read false there.',
  },
  // ---------------------------------------------------------------- reads (issue 14)
  {
    name: 'events-listed-by-id',
    requirements: ['EVT-029'],
    summary:
      'The events of a patent are listed in the order of their ids (the primary key) instead of by due date.',
  },
  {
    name: 'patents-null-members-omitted',
    requirements: ['PAT-002', 'PAT-006'],
    summary:
      'The patent serializer drops every member whose value is null (undefined in JSON.stringify) instead of writing null.',
  },
  {
    name: 'period-event-types-ignored',
    requirements: ['PER-010'],
    summary: 'The by-period list accepts eventTypes but does not filter on it: every kind is returned.',
  },
  {
    name: 'period-event-types-unknown-kinds-dropped',
    requirements: ['PER-010'],
    summary:
      'eventTypes values that name no known kind are dropped before filtering, so a filter of unknown kinds only filters nothing and returns every event.',
  },
] as const satisfies readonly FaultDefinition[];
