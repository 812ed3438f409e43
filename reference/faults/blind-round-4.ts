/**
 * Faults of blind round 4: bugs written from the contract alone by a reader who had seen neither the suite nor
 * these catalogues, aimed at facts that different resources state about one thing, reads that must not write
 * and states that only some paths reach. Each is switched on by name at the single place of its rule.
 */
import type { FaultDefinition } from './catalogue-types';

export const BLIND_ROUND_4_FAULTS = [
  // ---------------------------------------------------------------- conventions and isolation
  {
    name: 'invoice-line-in-office-currency',
    requirements: ['CONV-012', 'FEE-014'],
    summary:
      "The invoice serializer copies each line's currency and amounts from the office's own fee schedule, so a EUR invoice carries JPY or RUB lines whose totals do not add up to its subtotal.",
  },
  {
    name: 'freeze-put-affects-other-tenants',
    requirements: ['ISO-001'],
    summary:
      "The freeze PUT selects the month by its due date alone, not by tenant, so every tenant's events due that month are frozen and the month shows in every tenant's freeze list.",
  },
  // ---------------------------------------------------------------- rate limits and documents
  {
    name: 'quota-double-charge-on-downloads',
    requirements: ['RATE-008'],
    summary:
      'The PDF download handlers go through the rate limiter a second time, so each download takes two calls from the daily quota.',
  },
  {
    name: 'instruction-receipt-looked-up-by-patent',
    requirements: ['DOC-005'],
    summary:
      "The instruction-receipt download looks up the latest receipt of the patent, ignoring the event, so an event never instructed downloads another event's receipt instead of 404.",
  },
  // ---------------------------------------------------------------- events, fees and instructions
  {
    name: 'earlier-pending-checked-across-patents',
    requirements: ['EVT-028', 'INS-023', 'INS-013'],
    summary:
      "The instruction POST looks for earlier un-instructed events in the whole portfolio instead of the event's patent, so an allowed event is refused 422 instruction_skipped listing another patent's due dates.",
  },
  {
    name: 'freeze-rewrites-locked-amounts',
    requirements: ['FEE-012', 'FEE-014'],
    summary:
      'The freeze PUT recomputes and stores the fees of every event due in the month, LOCKED and INVOICED ones included, so amounts fixed by a PROCEED change.',
  },
  {
    name: 'rolled-back-batch-leaks-receipt',
    requirements: ['INS-018', 'DOC-005'],
    summary:
      'The receipt is recorded and linked to every event of the batch before the entries are checked, and kept when the batch is refused, so its valid entries download an instruction receipt.',
  },
  {
    name: 'different-decision-supersedes-executed',
    requirements: ['INS-010'],
    summary:
      'The already-set guard fires only for the same decision: another decision for an instructed event is executed (201) and replaces the first.',
  },
  // ---------------------------------------------------------------- sync
  {
    name: 'rejected-items-unrecorded-yet-settled',
    requirements: ['SYNC-017', 'SYNC-025'],
    summary:
      'Items rejected by validation get no change request, so their requestId is null while the batch reads SETTLED instead of ERROR.',
  },
  {
    name: 'staged-counter-tracks-live-state',
    requirements: ['SYNC-008', 'SYNC-055'],
    summary:
      'stagedItems is counted on each read from the results still STAGED, so it drops once a proposal is reviewed.',
  },
  {
    name: 'inline-threshold-off-by-one',
    requirements: ['SYNC-019', 'SYNC-045'],
    summary:
      'The inline test is items.length >= 100, so a batch of exactly 100 items goes to the background (202, ASYNC).',
  },
  {
    name: 'rejected-items-hold-batch-in-triaged',
    requirements: ['SYNC-024'],
    summary:
      'The batch reads SETTLED only when every outcome is APPLIED, so a batch with a REJECTED item and nothing to review stays TRIAGED.',
  },
  {
    name: 'provider-id-match-not-tenant-scoped',
    requirements: ['SYNC-037'],
    summary:
      "providerId is matched across all tenants, so an item carrying another tenant's providerId updates that tenant's patent instead of proposing a create.",
  },
  {
    name: 'provider-id-wins-over-service-patent-id',
    requirements: ['SYNC-041'],
    summary:
      "The matcher tries providerId before servicePatentId, so an item naming one patent by servicePatentId and carrying another's providerId updates the other.",
  },
  {
    name: 'partial-update-nulls-omitted-fields',
    requirements: ['SYNC-043'],
    summary:
      'The update applier writes the whole record built from the item, so every field the item does not carry becomes null.',
  },
  {
    name: 'sync-replay-reapplies-items',
    requirements: ['SYNC-046', 'PAT-024'],
    summary:
      'A replay returns the stored batch but runs its APPLIED updates again, overwriting what later batches wrote to those patents.',
  },
  {
    name: 'sync-conflict-checked-after-apply',
    requirements: ['SYNC-047', 'PAT-024'],
    summary:
      'The items are triaged and applied before the externalImportRef is looked up, so a POST refused 409 conflict has already updated the patents.',
  },
  {
    name: 'sync-poll-restamps-completed-at',
    requirements: ['SYNC-055'],
    summary:
      'Every status read of a finished batch sets completedAt to the time of the read, so it moves forward from poll to poll.',
  },
  // ---------------------------------------------------------------- invoices and freezes
  {
    name: 'regularization-fields-leak-to-event-fees',
    requirements: ['INV-001', 'INV-003'],
    summary:
      "The fees of an invoiced event take regularizedInvoiceId and regularizationReason from the event's latest invoice line, so a regularized event's fees carry the REGULARIZATION line's values instead of null.",
  },
  {
    name: 'invoice-list-includes-trademark',
    requirements: ['INV-010'],
    summary:
      'The invoice list leaves out the ipRightType filter that the single read has, so TRADEMARK invoices are listed and counted.',
  },
  {
    name: 'freeze-get-creates-freeze',
    requirements: ['FRZ-011'],
    summary:
      'The freeze read of a month never frozen calls the PUT service to build its answer, so reading the month freezes it.',
  },
] as const satisfies readonly FaultDefinition[];
