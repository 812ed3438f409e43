/**
 * Faults of the area instructions (INS-*): Instruction POST and instruction receipt.
 * The first requirement each one breaks is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { FaultDefinition } from './catalogue-types';

export const INSTRUCTIONS_FAULTS = [
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
    name: 'instructions-receipt-decision-read-too-early',
    requirements: ['INS-004'],
    summary:
      'Each receipt line takes its decision from the event before the event is written, so the receipt shows decision null.',
  },
  {
    name: 'instructions-receipt-status-lower-case',
    requirements: ['INS-005', 'INS-009'],
    summary: 'Instruction statuses are written in lower case ("executed").',
  },
  {
    name: 'instructions-executed-at-as-date',
    requirements: ['INS-006'],
    summary: 'executedAt is the day of execution (YYYY-MM-DD) instead of a date-time.',
  },
  {
    name: 'instructions-designations-as-text',
    requirements: ['INS-007'],
    summary:
      'renewedDesignatedCountries and excludedDesignatedCountries are written as stored: comma-separated text, empty when none.',
  },
  {
    name: 'instructions-applied-decision-hidden',
    requirements: ['INS-008'],
    summary:
      'The event shows appliedDecision only once payment has started, so an instructed event still reads appliedDecision null.',
  },
  {
    name: 'instructions-receipt-later-lines-pending',
    requirements: ['INS-009'],
    summary:
      'The receipt of a batch shows its first line EXECUTED and the others PENDING with executedAt null, though every line was executed.',
  },
  {
    name: 'instructions-receipt-status-pending',
    requirements: ['INS-009'],
    summary: 'The receipt shows the executed instructions with status PENDING.',
  },
  {
    name: 'instructions-decision-overwritten',
    requirements: ['INS-010'],
    summary:
      'Posting another decision for an instructed event replaces its decision (201) instead of giving 409.',
  },
  {
    name: 'instructions-event-id-format-unchecked',
    requirements: ['INS-011'],
    summary:
      'An eventId is checked for being a string only, so one that is not a UUID is looked up and answered 404 instead of 400.',
  },
  {
    name: 'instructions-decision-case-insensitive',
    requirements: ['INS-012'],
    summary:
      'The instruction body is normalised before validation, decisions upper-cased, so a decision proceed is taken for PROCEED instead of giving 400.',
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
    name: 'instructions-only-first-entry-executed',
    requirements: ['INS-015'],
    summary: 'A batch executes its first entry only; the other entries are silently dropped.',
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
    name: 'instructions-batch-not-atomic',
    requirements: ['INS-018'],
    summary:
      'A batch checks and executes its entries one by one, so the entries before a failing one stay executed.',
  },
  {
    name: 'instructions-batch-verdict-of-last-entry',
    requirements: ['INS-018'],
    summary:
      'The batch check keeps one verdict that its loop overwrites, so only the last entry counts before execution; in valid, refused, valid the first entry stays executed.',
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
    name: 'instructions-array-optional',
    requirements: ['INS-019'],
    summary:
      'A body without an instructions member passes validation and the handler fails on it with a 500.',
  },
  {
    name: 'instructions-replay-re-executed',
    requirements: ['INS-020', 'INS-027'],
    summary:
      'Posting again the decision an event already has is executed again (201, new receipt) instead of 409.',
  },
  {
    name: 'instructions-skipped-without-case-reference',
    requirements: ['INS-022'],
    summary: 'The instruction_skipped problem has no clientCaseReference member.',
  },
  {
    name: 'instructions-skipped-lists-decided-dates',
    requirements: ['INS-023'],
    summary:
      'missingPreviousRenewalDates lists the due dates of every earlier event of the patent, decided ones included.',
  },
  {
    name: 'instructions-lapsed-proceed-executed',
    requirements: ['INS-024'],
    summary:
      'The POST does not check the decision against the allowed decisions, so PROCEED on a lapsed event executes.',
  },
] as const satisfies readonly FaultDefinition[];
