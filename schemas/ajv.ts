/**
 * The one way to build a JSON Schema validator for the OpenAPI document.
 *
 * The whole document is added to Ajv as a single schema with the id `openapi.yaml`, so every schema is
 * addressed by a JSON Pointer into it: `openapi.yaml#/components/schemas/Patent`, or a parameter or response
 * schema under `openapi.yaml#/paths/...`. The suite and the reference server both use `createAjv()`, so they
 * validate with exactly the same construction (Ajv 2020-12, strict, all errors, formats).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { OpenAPIV3_1 } from 'openapi-types';
import { parse } from 'yaml';

/** Absolute path of the OpenAPI document. */
export const OPENAPI_PATH = path.join(__dirname, 'openapi.yaml');

/** The id under which the document is registered in Ajv. */
export const OPENAPI_SCHEMA_ID = 'openapi.yaml';

/**
 * Keywords that the document uses inside schemas and that JSON Schema 2020-12 does not define. Ajv strict mode
 * rejects unknown keywords, so they are registered as annotations (no validation effect).
 */
export const OPENAPI_SCHEMA_KEYWORDS = [
  'example',
  'discriminator',
  'xml',
  'externalDocs',
  'x-clamp-maximum',
  'x-extensible-enum',
] as const;

/**
 * Top-level members of an OpenAPI document. Ajv compiles the document root when it resolves a pointer into it,
 * so these are registered as annotations too; Ajv does not descend into unknown keywords, only into the
 * pointed-to schema.
 */
export const OPENAPI_DOCUMENT_KEYWORDS = [
  'openapi',
  'info',
  'jsonSchemaDialect',
  'servers',
  'paths',
  'webhooks',
  'components',
  'security',
  'tags',
] as const;

let cached: OpenAPIV3_1.Document | undefined;

/** The parsed OpenAPI document (parsed once, then cached). Treat it as read-only. */
export function loadOpenApi(): OpenAPIV3_1.Document {
  cached ??= parse(readFileSync(OPENAPI_PATH, 'utf8')) as OpenAPIV3_1.Document;
  return cached;
}

/** Ajv reference of a component schema, e.g. `schemaRef('Patent')`. */
export function schemaRef(name: string): string {
  return `${OPENAPI_SCHEMA_ID}#/components/schemas/${name}`;
}

/**
 * A new strict Ajv 2020-12 instance with formats, the OpenAPI annotation keywords and the document added as
 * `openapi.yaml`. Compile once and reuse: `ajv.getSchema(schemaRef('Patent'))`.
 */
export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  ajv.addVocabulary([...OPENAPI_SCHEMA_KEYWORDS, ...OPENAPI_DOCUMENT_KEYWORDS]);
  ajv.addSchema(loadOpenApi() as object, OPENAPI_SCHEMA_ID);
  return ajv;
}
