/**
 * Validates responses against schemas/openapi.yaml: the schema of the operation's response for the
 * observed status and media type (helpers/contract/schema-conformance.ts). The client judges every answer's
 * schema as one invariant among the others (CONV-013); `toMatchResponseSchema` asserts it in a test.
 */
import { expect } from '@playwright/test';
import type { ApiResponse } from './api-response';
import { answerSchemaErrors } from '../contract/schema-conformance';

export { schemaErrors } from '../contract/schema-conformance';

/** Schema errors of a response, or a reason it could not be checked against a documented schema. */
export function responseSchemaErrors(response: ApiResponse): string[] {
  const operationId = response.operationId;
  if (!operationId) return [];
  return answerSchemaErrors({
    operationId,
    status: response.status,
    mediaType: response.mediaType,
    contentType: response.header('content-type'),
    isJson: response.isJson,
    json: () => response.json(),
  });
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
