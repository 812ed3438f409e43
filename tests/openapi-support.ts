/** What the OpenAPI self-tests share: the document as JSON, its component schemas, strict Ajv 2020 validators. */
import assert from 'node:assert/strict';
import { createAjv, loadOpenApi } from '../schemas/ajv';

export type Json = Record<string, unknown>;

export const doc = loadOpenApi() as unknown as Json;
const ajv = createAjv();

export const schemas = (doc.components as Json).schemas as Record<string, Json>;

export function validator(ref: string) {
  const v = ajv.getSchema(ref);
  assert.ok(v, `Ajv resolves ${ref}`);
  return v;
}
