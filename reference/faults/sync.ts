/**
 * Faults of the area sync (SYNC-*): Portfolio sync and sync batches.
 * The first requirement each one breaks is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { FaultDefinition } from './catalogue-types';

export const SYNC_FAULTS = [
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
    name: 'sync-processed-items-short-by-one',
    requirements: ['SYNC-005'],
    summary: 'processedItems reports the index of the last processed item, one less than the count.',
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
    name: 'sync-refusal-moves-staged-to-rejected',
    requirements: ['SYNC-008'],
    summary:
      'Refusing a staged proposal in review moves it from stagedItems to rejectedItems, so stagedItems drops.',
  },
  {
    name: 'sync-staged-count-live',
    requirements: ['SYNC-008'],
    summary: 'stagedItems counts the items still awaiting review, so it drops when a proposal is reviewed.',
  },
  {
    name: 'sync-rejected-items-not-counted',
    requirements: ['SYNC-009'],
    summary: 'rejectedItems stays 0 whatever the number of REJECTED results.',
  },
  {
    name: 'sync-suppressed-counted-as-staged',
    requirements: ['SYNC-010'],
    summary: 'A suppressed re-push is counted in stagedItems, so suppressedItems stays 0.',
  },
  {
    name: 'sync-completed-at-set-while-pending',
    requirements: ['SYNC-011'],
    summary: 'A background batch has completedAt set from the moment it is received.',
  },
  {
    name: 'sync-results-ordered-by-request-id',
    requirements: ['SYNC-012'],
    summary: 'Batch results are listed in change-request id order instead of POST-body order.',
  },
  {
    name: 'sync-rejected-provider-id-dropped',
    requirements: ['SYNC-013'],
    summary: 'A rejected item loses its providerId, so its result echoes null although the item had one.',
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
    name: 'sync-background-starts-inline',
    requirements: ['SYNC-021'],
    summary:
      'The first background chunk runs before the 202 is sent, so the answer already reads PROCESSING with results.',
  },
  {
    name: 'sync-triaged-reported-settled',
    requirements: ['SYNC-023'],
    summary: 'A processed batch reads SETTLED even while items await review.',
  },
  {
    name: 'sync-rejected-batch-error',
    requirements: ['SYNC-024', 'SYNC-025'],
    summary: 'A batch with a REJECTED item reads ERROR although every item was recorded.',
  },
  {
    name: 'sync-create-applied-at-triage',
    requirements: ['SYNC-026', 'SYNC-027'],
    summary: 'A create is applied at once (APPLIED) instead of being staged for review.',
  },
  {
    name: 'sync-invalid-item-reason-null',
    requirements: ['SYNC-028'],
    summary: 'An item rejected for invalid field values is REJECTED with reason null.',
  },
  {
    name: 'sync-suppressed-without-reason',
    requirements: ['SYNC-029'],
    summary: 'A suppressed item has reason null.',
  },
  {
    name: 'sync-accepted-create-without-id',
    requirements: ['SYNC-030'],
    summary:
      'servicePatentId is shown only for updates, so an accepted create never shows the new patent id.',
  },
  {
    name: 'sync-import-ref-required',
    requirements: ['SYNC-031'],
    summary:
      'A sync POST without externalImportRef gives 400 validation_failed, as if the key were mandatory.',
  },
  {
    name: 'sync-empty-import-ref-accepted',
    requirements: ['SYNC-032'],
    summary: 'An empty externalImportRef is accepted.',
  },
  {
    name: 'sync-empty-items-accepted',
    requirements: ['SYNC-033'],
    summary: 'An empty items array is accepted and answered 201 with an empty batch.',
  },
  {
    name: 'sync-non-object-item-accepted',
    requirements: ['SYNC-034'],
    summary: 'A non-object entry in items is accepted as an item instead of giving 400.',
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
    name: 'sync-provider-id-matched-across-tenants',
    requirements: ['SYNC-037'],
    summary:
      "providerId is matched against every tenant's patents, so an item carrying another tenant's providerId updates that tenant's patent instead of proposing a create.",
  },
  {
    name: 'sync-unknown-provider-id-rejected',
    requirements: ['SYNC-037'],
    summary: 'An item whose providerId matches no patent is REJECTED instead of proposing a create.',
  },
  {
    name: 'sync-office-not-validated',
    requirements: ['SYNC-038'],
    summary: 'The office of an item is checked for being a string only, so an unknown office is accepted.',
  },
  {
    name: 'sync-invalid-calendar-date-accepted',
    requirements: ['SYNC-039'],
    summary: 'Item dates are checked for the YYYY-MM-DD shape only, so 2024-02-30 is accepted.',
  },
  {
    name: 'sync-claim-count-zero-stored',
    requirements: ['SYNC-040'],
    summary: 'A claimCount of 0 is stored as 0 (only negative counts become null).',
  },
  {
    name: 'sync-provider-id-matched-first',
    requirements: ['SYNC-041'],
    summary:
      "Items are matched by providerId before servicePatentId, so an item naming patent X by servicePatentId and another patent's providerId targets that other patent.",
  },
  {
    name: 'sync-service-patent-id-needs-provider-id',
    requirements: ['SYNC-041'],
    summary:
      'servicePatentId is looked up only on items that also carry a providerId, so an item with servicePatentId alone does not update that patent.',
  },
  {
    name: 'sync-unknown-service-patent-id-falls-back',
    requirements: ['SYNC-042'],
    summary: 'An unknown servicePatentId falls back to providerId matching, so the item becomes a create.',
  },
  {
    name: 'sync-office-required-on-updates',
    requirements: ['SYNC-043'],
    summary: 'Every item must carry an office: an update with only providerId and title is REJECTED.',
  },
  {
    name: 'sync-partial-update-resets-missing-fields',
    requirements: ['SYNC-043'],
    summary:
      'An update is mapped onto a whole record: the non-critical members the item does not carry are cleared to null.',
  },
  {
    name: 'sync-item-without-identifier-accepted',
    requirements: ['SYNC-044', 'SYNC-015'],
    summary:
      'An item with neither providerId nor servicePatentId is treated as a create instead of being rejected.',
  },
  {
    name: 'sync-import-ref-not-looked-up',
    requirements: ['SYNC-046', 'SYNC-047'],
    summary: 'externalImportRef is stored but never looked up: every push creates a new batch.',
  },
  {
    name: 'sync-replay-reruns-background-batch',
    requirements: ['SYNC-046'],
    summary:
      'A replay of a finished background batch enqueues its job again, so every item is triaged and recorded a second time.',
  },
  {
    name: 'sync-replay-restages-awaiting-items',
    requirements: ['SYNC-046'],
    summary:
      'A replay submits again the proposals of the batch still awaiting review: each becomes a second change request and stagedItems grows.',
  },
  {
    name: 'sync-replay-restages-reviewed-items',
    requirements: ['SYNC-046'],
    summary:
      'A replay reopens the proposals already accepted or refused in review: they are staged again as new change requests.',
  },
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
    name: 'sync-item-enum-values-upper-cased',
    requirements: ['SYNC-049', 'SYNC-028'],
    summary:
      "A sync item's enum members (patentType, status, filingRoute, applicantType) are upper-cased before the item is validated, so status granted is stored as GRANTED instead of the item being REJECTED.",
  },
  {
    name: 'sync-item-numbers-as-text',
    requirements: ['SYNC-049', 'SYNC-028'],
    summary:
      "A sync item's numbers are turned into text before the item is validated (claimCount excepted), so a title or providerId sent as a number is stored instead of the item being REJECTED.",
  },
  {
    name: 'sync-item-problem-fails-batch',
    requirements: ['SYNC-049'],
    summary: 'An invalid item makes the whole POST a 400 instead of a REJECTED outcome.',
  },
  {
    name: 'sync-single-item-object-accepted',
    requirements: ['SYNC-050'],
    summary:
      'items given as a single object instead of an array is taken as a batch of one and answered 201.',
  },
  {
    name: 'sync-refusal-reason-prefixed',
    requirements: ['SYNC-051'],
    summary:
      'The reviewer\'s reason is stored with a "Refused in review: " prefix, so the result does not show it verbatim.',
  },
  {
    name: 'sync-suppression-keyed-on-provider-id',
    requirements: ['SYNC-052'],
    summary:
      'A re-push is suppressed when a proposal with the same target was refused, whatever its fields, so a corrected re-push of a refused create is SUPPRESSED.',
  },
  {
    name: 'sync-processed-items-from-triage-outcomes',
    requirements: ['SYNC-053'],
    summary:
      'processedItems counts the results whose outcome is still a triage outcome, so it drops when a staged proposal is reviewed.',
  },
] as const satisfies readonly FaultDefinition[];
