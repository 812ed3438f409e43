/**
 * The validators compiled ahead of time (schemas/generated/validators.js, scripts/gen-validators.ts): current
 * with the document, one for every schema the suite validates against, and judging exactly as Ajv compiling
 * the document does, errors included.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAjv, OPENAPI_SCHEMA_ID } from '../schemas/ajv';
import { precompiledPointers, schemaErrors, validatedPointers } from '../helpers/contract/schema-conformance';
import { validatorsCode } from '../scripts/gen-validators';
import fs from 'node:fs';
import { PRECOMPILED_PATH } from '../schemas/precompiled-validators';

void test('the compiled validators are current with schemas/openapi.yaml', () => {
  assert.ok(
    fs.readFileSync(PRECOMPILED_PATH, 'utf8') === validatorsCode(),
    'schemas/generated/validators.js is stale: run npm run gen:types',
  );
});

void test('every component schema and every documented JSON answer has a compiled validator', () => {
  const pointers = validatedPointers();
  assert.ok(pointers.includes('#/components/schemas/Patent'));
  assert.ok(
    pointers.some((p) => p.startsWith('#/paths/') && p.endsWith('/content/application~1json/schema')),
  );
  const code = fs.readFileSync(PRECOMPILED_PATH, 'utf8');
  assert.match(code, new RegExp(`exports.pointers = ${escape(JSON.stringify(pointers))};`));
});

void test('a compiled validator gives the errors Ajv gives compiling the document', () => {
  const ajv = createAjv();
  const compiled = (name: string, value: unknown) => {
    const validate = ajv.compile({ $ref: `${OPENAPI_SCHEMA_ID}#/components/schemas/${name}` });
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`);
  };
  // The judge below runs the compiled code, not a fallback compiled on the spot.
  assert.ok(precompiledPointers().has('#/components/schemas/Patent'), 'the compiled validators are in use');
  assert.ok(precompiledPointers().has('#/components/schemas/Problem'));
  const cases: [string, unknown][] = [
    ['Patent', { object: 'patent', id: 'not-a-uuid', createdAt: 'yesterday' }],
    ['Problem', { type: 7, title: null }],
    ['Patent', {}],
  ];
  for (const [name, value] of cases) {
    const ours = schemaErrors(name, value);
    assert.ok(ours.length > 0, `${name}: the value is invalid`);
    assert.equal(ours.length, compiled(name, value).length, `${name}: as many errors as Ajv compiling finds`);
  }
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
