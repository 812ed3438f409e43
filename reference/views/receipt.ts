/** The wire representation of an instruction receipt and its instruction lines. */
import type { Instruction, InstructionReceipt } from '../../schemas/types';
import { isVariant } from '../behaviour';
import type { InstructionReceiptRecord } from '../store';
import { type SerializerFaults, without, type Written, written } from './serializer';

/** The receipt with each instruction line rewritten. */
function withLines(view: InstructionReceipt, edit: (line: Instruction, index: number) => Written): Written {
  return { ...view, instructions: view.instructions.map(edit) };
}

/** Designations as stored: comma-separated text, empty when none. */
const asText = (countries: string[] | null | undefined) => (countries ?? []).join(',');

const RECEIPT_FAULTS: SerializerFaults<InstructionReceipt> = {
  'instructions-receipt-object-receipt': (view) => ({ ...view, object: 'receipt' }),
  'instructions-receipt-number-padded': (view) => ({ ...view, number: String(view.number).padStart(6, '0') }),
  'instructions-designations-as-text': (view) =>
    withLines(view, (line) => ({
      ...line,
      renewedDesignatedCountries: asText(line.renewedDesignatedCountries),
      excludedDesignatedCountries: asText(line.excludedDesignatedCountries),
    })),
  'instructions-receipt-later-lines-pending': (view) =>
    withLines(view, (line, index) => (index > 0 ? { ...line, status: 'PENDING', executedAt: null } : line)),
  'instructions-receipt-status-pending': (view) =>
    withLines(view, (line) => ({ ...line, status: 'PENDING' })),
  'receipt-status-scheduled-for-non-proceed': (view) =>
    withLines(view, (line) =>
      line.decision === 'PROCEED' ? line : { ...line, status: 'SCHEDULED', executedAt: null },
    ),
  'instructions-receipt-status-lower-case': (view) =>
    withLines(view, (line) => ({ ...line, status: line.status.toLowerCase() })),
  'instructions-receipt-lines-without-object': (view) => withLines(view, (line) => without(line, ['object'])),
  // The decision read once, from the first line, outside the loop over the lines.
  'receipt-lines-share-first-decision': (view) =>
    withLines(view, (line) => ({ ...line, decision: view.instructions[0]?.decision ?? line.decision })),
  'instruction-receipt-skip-decision-null': (view) =>
    withLines(view, (line) => ({
      ...line,
      decision: line.decision === 'SKIP_THIS_TIME' ? null : line.decision,
    })),
};

export function receiptView(receipt: InstructionReceiptRecord): InstructionReceipt {
  // (variants) Empty designation arrays instead of null; the execution day as scheduledForExecutionAt.
  const emptyArrays = isVariant('receipt-designations-empty-arrays');
  const scheduleDate = isVariant('executed-lines-carry-schedule-date');
  const view: InstructionReceipt = {
    object: 'instructionReceipt',
    issueDate: receipt.issueDate,
    reference: receipt.reference,
    // (variant) The number is "integer or null": none at all in the variant.
    number: isVariant('receipt-number-null') ? null : receipt.number,
    instructions: receipt.instructions.map((i): Instruction => ({
      object: 'instruction',
      id: i.id,
      decision: i.decision,
      status: i.status,
      executedAt: i.executedAt,
      scheduledForExecutionAt: scheduleDate && i.executedAt !== null ? i.executedAt.slice(0, 10) : null,
      renewedDesignatedCountries: i.renewedDesignatedCountries
        ? [...i.renewedDesignatedCountries]
        : emptyArrays
          ? []
          : null,
      excludedDesignatedCountries: emptyArrays ? [] : null,
    })),
  };
  // (variant) The order of the lines is not stated: the reverse of the posted order in the variant.
  if (isVariant('receipt-lines-reverse-order')) view.instructions.reverse();
  return written(RECEIPT_FAULTS, view, undefined);
}
