/**
 * The rules of the Instructions area (INS-) one answer decides: the receipt of an instruction POST and its
 * instructions, the entries refused with 400 validation_failed and the codes of their field errors, the
 * members of an instruction_skipped problem. Part of the registry (./registry.ts). The receipt number unique
 * in a tenant (INS-028) is compared across the run: ./registry.ts, `uniqueValuesOf`.
 * Contract: Resources and their fields (Instruction receipt); Endpoints, Instructions (9); Errors.
 */
import { isCalendarDate, isDateTime } from '../contract/calendar';
import { enumOf } from '../contract/contract';
import {
  type AnswerFacts,
  type Invariant,
  isObject,
  isOperation,
  type Json,
  member,
  once,
  show,
} from '../contract/invariant-types';
import { bodyOnly, errorsAt, ofCode } from '../contract/problem-bodies';
import { UUID } from '../contract/uuid';
import { refusedBody } from './problems';

/** The decisions of the contract. */
const DECISIONS: readonly unknown[] = enumOf('Decision');

const INSTRUCTION_STATUSES = enumOf('Instruction', 'status');

/** The entries an instruction POST sent, when the request carried them. */
function postedEntries(answer: AnswerFacts): unknown[] | undefined {
  if (answer.method !== 'POST' || answer.operationId !== 'postInstructions') return undefined;
  const body = answer.requestBody;
  return isObject(body) && Array.isArray(body.instructions) ? body.instructions : undefined;
}

const isUuid = (value: unknown) => typeof value === 'string' && UUID.test(value);
const isDecision = (value: unknown) => DECISIONS.includes(value);

/**
 * The entries of a posted body whose member `name` breaks `valid`: for each, the pointers a field error about
 * it may have (the member, or the entry lacking it when it was not sent).
 */
function entriesBreaking(body: unknown, name: string, valid: (value: unknown) => boolean): string[][] {
  if (!isObject(body) || !Array.isArray(body.instructions)) return [];
  return body.instructions.flatMap((entry, i) =>
    isObject(entry) && !valid(entry[name])
      ? [[`/instructions/${i}/${name}`, ...(name in entry ? [] : [`/instructions/${i}`])]]
      : [],
  );
}

/**
 * Where a posted body is malformed as a whole (not JSON, no instructions array, an entry that is not an object
 * or lacks eventId): for each place, the pointers a field error about it may have; undefined when it is not.
 */
function malformedAt(body: unknown): string[][] | undefined {
  if (!isObject(body)) return [['', ...(Array.isArray(body) ? body.map((_, k) => `/${k}`) : [])]];
  if (!('instructions' in body)) return [['/instructions', '']];
  if (!Array.isArray(body.instructions)) return [['/instructions']];
  const at = body.instructions.flatMap((entry, i) =>
    !isObject(entry)
      ? [[`/instructions/${i}`]]
      : 'eventId' in entry
        ? []
        : [[`/instructions/${i}/eventId`, `/instructions/${i}`]],
  );
  return at.length > 0 ? at : undefined;
}

const instructionsOf = (receipt: Json): Json[] =>
  Array.isArray(receipt.instructions) ? receipt.instructions.filter(isObject) : [];

/**
 * The field-error codes the Errors section gives as examples ("for example `invalid_string` for a bad uuid,
 * `invalid_enum_value` for a value outside the allowed decisions"): SHOULD, so another code is a warning
 * (helpers/wire/answer-checks.ts reads the level). Judged on the field error at the member's own pointer,
 * when the answer has one; a string value only (another type may have another code).
 */
const SHOULD_FIELD_ERROR_CODES: Invariant[] = (
  [
    [
      'INS-025',
      'eventId',
      'invalid_string',
      'a string that is not a UUID',
      (v: unknown) => !UUID.test(v as string),
    ],
    [
      'INS-026',
      'decision',
      'invalid_enum_value',
      'a string outside the decisions',
      (v: unknown) => !DECISIONS.includes(v),
    ],
  ] as const
).map(([id, name, code, what, bad]) =>
  ofCode(
    id,
    `the field error for an instruction ${name} that is ${what} has code ${code}`,
    'validation_failed',
    (b, answer) => {
      const sent =
        answer.operationId === 'postInstructions' && isObject(answer.requestBody)
          ? answer.requestBody.instructions
          : undefined;
      if (!bodyOnly(answer) || !Array.isArray(sent)) return undefined;
      // Each pointer with errors: one of them with the code is enough (a server may report several rules).
      const judged = sent.flatMap((item, i) =>
        isObject(item) && typeof item[name] === 'string' && bad(item[name])
          ? [errorsAt(b, `/instructions/${i}/${name}`)].filter((errors) => errors.length > 0)
          : [],
      );
      if (judged.length === 0) return undefined;
      return judged
        .filter((errors) => !errors.some((e) => e.code === code))
        .map(
          (errors) =>
            `the error(s) at ${String(errors[0]!.pointer)} have code(s) ${errors.map((e) => show(e.code)).join(', ')}`,
        );
    },
  ),
);

export const INSTRUCTIONS_RULES: readonly Invariant[] = [
  {
    id: 'INS-001',
    title: 'the answer of an instruction POST is an instructionReceipt',
    subject: 'answer',
    judge: (_, answer) => {
      if (answer.operationId !== 'postInstructions' || answer.status !== 201 || !isObject(answer.body))
        return undefined;
      return once(
        answer.body.object === 'instructionReceipt' ? undefined : `object is ${show(answer.body.object)}`,
      );
    },
  },
  {
    id: 'INS-002',
    title: "a receipt's issueDate is a date or null, reference a string or null, number an integer or null",
    subject: 'instructionReceipt',
    judge: (r) => [
      ...(r.issueDate === null || isCalendarDate(r.issueDate) ? [] : [`issueDate is ${show(r.issueDate)}`]),
      ...(r.reference === null || typeof r.reference === 'string'
        ? []
        : [`reference is ${show(r.reference)}`]),
      ...(r.number === null || Number.isInteger(r.number) ? [] : [`number is ${show(r.number)}`]),
    ],
  },
  {
    id: 'INS-003',
    title: 'a receipt holds one instruction per posted entry',
    subject: 'instructionReceipt',
    judge: (receipt, answer) => {
      const entries = postedEntries(answer);
      if (!entries || answer.status !== 201) return undefined;
      const shown = instructionsOf(receipt);
      return [
        ...(shown.length === entries.length
          ? []
          : [`${shown.length} instruction(s) for ${entries.length} entr(ies)`]),
        ...shown
          .filter((i) => i.object !== 'instruction')
          .map((i) => `an instruction has object ${show(i.object)}`),
      ];
    },
  },
  {
    id: 'INS-004',
    title: "a receipt's instructions carry the decisions posted",
    subject: 'instructionReceipt',
    judge: (receipt, answer) => {
      const entries = postedEntries(answer);
      if (!entries || answer.status !== 201) return undefined;
      // The instruction object names no event: the decisions are compared as a multiset.
      const posted = entries.map((e) => (isObject(e) ? String(e.decision) : '?')).sort();
      const shown = instructionsOf(receipt)
        .map((i) => String(i.decision))
        .sort();
      return once(
        posted.join() === shown.join()
          ? undefined
          : `decisions ${shown.join(', ')}, posted ${posted.join(', ')}`,
      );
    },
  },
  member(
    'INS-005',
    'instruction',
    'status',
    INSTRUCTION_STATUSES,
    `an instruction's status is ${INSTRUCTION_STATUSES.join(', ')}`,
  ),
  {
    id: 'INS-006',
    title: "an instruction's executedAt is a date-time or null, scheduledForExecutionAt a date or null",
    subject: 'instruction',
    judge: (i) => [
      ...(i.executedAt === null || isDateTime(i.executedAt) ? [] : [`executedAt is ${show(i.executedAt)}`]),
      ...(i.scheduledForExecutionAt === null || isCalendarDate(i.scheduledForExecutionAt)
        ? []
        : [`scheduledForExecutionAt is ${show(i.scheduledForExecutionAt)}`]),
    ],
  },
  {
    id: 'INS-007',
    title: "an instruction's designated country lists are arrays of strings or null",
    subject: 'instruction',
    judge: (i) =>
      ['renewedDesignatedCountries', 'excludedDesignatedCountries']
        .filter(
          (name) =>
            !(
              i[name] === null ||
              (Array.isArray(i[name]) && (i[name] as unknown[]).every((c) => typeof c === 'string'))
            ),
        )
        .map((name) => `${name} is ${show(i[name])}`),
  },
  {
    id: 'INS-009',
    // "executes immediately": an executed instruction shows when (executedAt set).
    title: 'every instruction of a 201 receipt is EXECUTED, with an executedAt',
    subject: 'instructionReceipt',
    judge: (receipt, answer) => {
      if (answer.operationId !== 'postInstructions' || answer.status !== 201) return undefined;
      return instructionsOf(receipt).flatMap((i) => [
        ...(i.status === 'EXECUTED' ? [] : [`instruction ${String(i.id)} has status ${show(i.status)}`]),
        // An absent executedAt is the schema check's (CONV-013).
        ...(i.executedAt === null ? [`instruction ${String(i.id)} has executedAt null`] : []),
      ]);
    },
  },
  ...SHOULD_FIELD_ERROR_CODES,
  ofCode(
    'INS-022',
    'an instruction_skipped problem carries clientCaseReference, a string or null',
    'instruction_skipped',
    (b) =>
      once(
        'clientCaseReference' in b &&
          (b.clientCaseReference === null || typeof b.clientCaseReference === 'string')
          ? undefined
          : `clientCaseReference is ${show(b.clientCaseReference)}`,
      ),
  ),
  ofCode(
    'INS-023',
    'an instruction_skipped problem carries missingPreviousRenewalDates, an array of dates',
    'instruction_skipped',
    (b) =>
      once(
        Array.isArray(b.missingPreviousRenewalDates) && b.missingPreviousRenewalDates.every(isCalendarDate)
          ? undefined
          : `missingPreviousRenewalDates is ${show(b.missingPreviousRenewalDates)}`,
      ),
  ),
  // A malformed instruction body (Errors): not JSON, no instructions array, an entry that is not an object or
  // lacks its eventId (required); the field errors point where the body is malformed.
  refusedBody(
    'INS-019',
    'an instruction POST whose body is not JSON, has no instructions array or holds an entry that is not an object or lacks eventId gives 400 validation_failed, a field error (when the body parsed) pointing where',
    (a) => isOperation(a, 'postInstructions') && malformedAt(a.requestBody) !== undefined,
    (a) => malformedAt(a.requestBody) ?? [],
  ),
  refusedBody(
    'INS-011',
    "an instruction entry whose eventId is not a UUID gives 400 validation_failed with a field error pointing at that entry's eventId",
    (a) => isOperation(a, 'postInstructions') && entriesBreaking(a.requestBody, 'eventId', isUuid).length > 0,
    (a) => entriesBreaking(a.requestBody, 'eventId', isUuid),
  ),
  refusedBody(
    'INS-012',
    'an instruction entry whose decision is missing or unknown gives 400 validation_failed with a field error pointing at that decision',
    (a) =>
      isOperation(a, 'postInstructions') && entriesBreaking(a.requestBody, 'decision', isDecision).length > 0,
    (a) => entriesBreaking(a.requestBody, 'decision', isDecision),
  ),
];
