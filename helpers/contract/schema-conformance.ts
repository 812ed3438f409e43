/**
 * Schema conformance of a value or an answer: the schemas of schemas/openapi.yaml (one Ajv per process,
 * validators compiled once), and the schema the document gives an operation's answer for its status and
 * media type. Pure: what the validator reads is the document itself. The registry judges every answer with
 * it (CONV-013, helpers/rules/conventions.ts).
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv, OPENAPI_SCHEMA_ID, loadOpenApi } from '../../schemas/ajv';
import { loadPrecompiledValidators } from '../../schemas/precompiled-validators';
import { escapePointerToken, type OperationId } from './contract';
import { documentedResponse } from './schema-walk';

/**
 * Every schema an answer or a value is validated against: each component schema, and the schema of each JSON
 * answer the document gives an operation for a status.
 */
export function validatedPointers(): string[] {
  const document = loadOpenApi();
  const pointers = Object.keys(document.components?.schemas ?? {}).map(
    (name) => `#/components/schemas/${escapePointerToken(name)}`,
  );
  for (const item of Object.values(document.paths ?? {}))
    for (const operation of Object.values(item ?? {})) {
      const operationId = (operation as { operationId?: OperationId } | undefined)?.operationId;
      if (typeof operationId !== 'string') continue;
      for (const status of Object.keys((operation as { responses?: object }).responses ?? {})) {
        const documented = documentedResponse(operationId, Number(status));
        for (const [mediaType, content] of Object.entries(documented?.response.content ?? {}))
          if (content.schema)
            pointers.push(`${documented!.pointer}/content/${escapePointerToken(mediaType)}/schema`);
      }
    }
  return [...new Set(pointers)];
}

let ajv: ReturnType<typeof createAjv> | undefined;
let validators: Map<string, ValidateFunction> | undefined;
let precompiled: ReadonlySet<string> | undefined;

/** The validators by pointer: the compiled ones first, then those Ajv compiles here as they are asked for. */
function loaded(): Map<string, ValidateFunction> {
  if (validators === undefined) {
    validators = loadPrecompiledValidators();
    precompiled = new Set(validators.keys());
  }
  return validators;
}

/** The pointers this process validates with compiled code (none when the file was made from another document). */
export function precompiledPointers(): ReadonlySet<string> {
  loaded();
  return precompiled!;
}

function validatorFor(pointer: string): ValidateFunction {
  let validate = loaded().get(pointer);
  if (!validate) {
    ajv ??= createAjv();
    validate = ajv.compile({ $ref: `${OPENAPI_SCHEMA_ID}${pointer}` });
    loaded().set(pointer, validate);
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
