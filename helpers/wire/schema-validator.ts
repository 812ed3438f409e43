/**
 * Validates responses against schemas/openapi.yaml: the schema of the operation's response for the
 * observed status and media type. One Ajv instance per worker; validators compiled once and cached.
 */
import { expect } from '@playwright/test';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv, OPENAPI_SCHEMA_ID } from '../../schemas/ajv';
import type { ApiResponse } from './api-response';
import { escapePointerToken } from '../contract/contract';
import { documentedResponse } from '../contract/schema-walk';

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

/** Validates any value against a named component schema; returns readable errors (empty when valid). */
export function schemaErrors(componentName: string, value: unknown): string[] {
  const validate = validatorFor(`#/components/schemas/${escapePointerToken(componentName)}`);
  return validate(value) ? [] : formatErrors(validate.errors);
}

function formatErrors(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => {
    const at = e.instancePath || '(root)';
    const extra = e.keyword === 'additionalProperties' ? ` (${String(e.params.additionalProperty)})` : '';
    return `${at} ${e.message ?? e.keyword}${extra}`;
  });
}

/** Schema errors of a response, or a reason it could not be checked against a documented schema. */
export function responseSchemaErrors(response: ApiResponse): string[] {
  const operationId = response.operationId;
  if (!operationId) return [];
  const documented = documentedResponse(operationId, response.status);
  if (!documented) {
    // An undocumented status is judged by the test's own status assertion; a problem body is still checked.
    if (response.status >= 400 && response.isJson) return schemaErrors('Problem', response.json());
    return [];
  }
  const content = documented.response.content ?? {};
  const mediaTypes = Object.keys(content);
  if (mediaTypes.length === 0) return [];
  const mediaType = response.mediaType;
  if (!mediaTypes.includes(mediaType)) {
    return [
      `content type ${response.header('content-type') ?? '(absent)'} is not one of ${mediaTypes.join(', ')}`,
    ];
  }
  if (!response.isJson) return [];
  const pointer = `${documented.pointer}/content/${escapePointerToken(mediaType)}/schema`;
  const validate = validatorFor(pointer);
  return validate(response.json()) ? [] : formatErrors(validate.errors);
}

export function assertMatchesResponseSchema(response: ApiResponse): void {
  const errors = responseSchemaErrors(response);
  // Every response passes here: the assertion (a reported step, costly) is made only when it fails.
  if (errors.length === 0) return;
  expect(
    errors,
    `${response.describe()}: the response does not match the ${response.operationId} schema for ${response.status} in schemas/openapi.yaml`,
  ).toEqual([]);
}
