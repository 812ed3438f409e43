/**
 * Schema conformance of a value or an answer: the schemas of schemas/openapi.yaml (one Ajv per process,
 * validators compiled once), and the schema the document gives an operation's answer for its status and
 * media type. Pure: what the validator reads is the document itself.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv, OPENAPI_SCHEMA_ID } from '../../schemas/ajv';
import { escapePointerToken, type OperationId } from './contract';
import { documentedResponse } from './schema-walk';
import { ANSWER, type Invariant, isJsonMediaType } from './invariant-types';

let ajv: ReturnType<typeof createAjv> | undefined;
const validators = new Map<string, ValidateFunction>();

function validatorFor(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (!validate) {
    ajv ??= createAjv();
    validate = ajv.compile({ $ref: `${OPENAPI_SCHEMA_ID}${pointer}` });
    validators.set(pointer, validate);
  }
  return validate;
}

function formatErrors(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => {
    const at = e.instancePath || '(root)';
    const extra = e.keyword === 'additionalProperties' ? ` (${String(e.params.additionalProperty)})` : '';
    return `${at} ${e.message ?? e.keyword}${extra}`;
  });
}

/** Validates any value against a named component schema; returns readable errors (empty when valid). */
export function schemaErrors(componentName: string, value: unknown): string[] {
  const validate = validatorFor(`#/components/schemas/${escapePointerToken(componentName)}`);
  return validate(value) ? [] : formatErrors(validate.errors);
}

/** What the schema check needs of an answer. */
export interface SchemaSubject {
  operationId: string;
  status: number;
  /** The media type, without parameters, lower-cased. */
  mediaType: string;
  /** The Content-Type header as received, for the message. */
  contentType: string | undefined;
  /** Whether the body is JSON, and then its parsed value (read only when a schema applies). */
  isJson: boolean;
  json: () => unknown;
}

/** Schema errors of an answer, or a reason it could not be checked against a documented schema. */
export function answerSchemaErrors(answer: SchemaSubject): string[] {
  const documented = documentedResponse(answer.operationId as OperationId, answer.status);
  if (!documented) {
    // An undocumented status is judged by the test's own status assertion; a problem body is still checked.
    if (answer.status >= 400 && answer.isJson) return schemaErrors('Problem', answer.json());
    return [];
  }
  const content = documented.response.content ?? {};
  const mediaTypes = Object.keys(content);
  if (mediaTypes.length === 0) return [];
  if (!mediaTypes.includes(answer.mediaType)) {
    return [`content type ${answer.contentType ?? '(absent)'} is not one of ${mediaTypes.join(', ')}`];
  }
  if (!answer.isJson) return [];
  const pointer = `${documented.pointer}/content/${escapePointerToken(answer.mediaType)}/schema`;
  const validate = validatorFor(pointer);
  return validate(answer.json()) ? [] : formatErrors(validate.errors);
}

/**
 * The schema check as one judge of the registry among the others (CONV-013): every answer to an operation
 * matches the schema the document gives it, and a breach is charged to its own requirement while every other
 * rule still judges the same answer.
 */
export const SCHEMA_INVARIANT: Invariant = {
  id: 'CONV-013',
  title: 'every answer matches the schema schemas/openapi.yaml gives its operation, status and media type',
  subject: ANSWER,
  judge: (_, answer) => {
    if (answer.operationId === undefined) return undefined;
    const errors = answerSchemaErrors({
      operationId: answer.operationId,
      status: answer.status,
      mediaType: answer.mediaType,
      contentType: answer.headers['content-type'],
      isJson: isJsonMediaType(answer.mediaType),
      json: () => answer.body,
    });
    return errors.length === 0
      ? []
      : [`the ${answer.status} answer does not match its schema: ${errors.join('; ')}`];
  },
};
