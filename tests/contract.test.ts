/**
 * Facts of the contract read from schemas/openapi.yaml (helpers/contract/contract.ts): operations with their
 * method, path, parameters, scope and capability, and the error codes of the per-code problem schemas,
 * checked against the document itself.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { OpenAPIV3_1 } from 'openapi-types';
import {
  errorCode,
  errorCodes,
  escapePointerToken,
  operationById,
  operations,
} from '../helpers/contract/contract';
import { isJsonPointer, pointerTokens, resolvePointer } from '../helpers/contract/json-pointer';
import { loadOpenApi } from '../schemas/ajv';

const schema = (name: string) => loadOpenApi().components!.schemas![name] as OpenAPIV3_1.SchemaObject;

void test('escapePointerToken escapes ~ before /, so that every token comes back whole', () => {
  assert.equal(
    escapePointerToken('/api/v2/external/patents/{patentId}'),
    '~1api~1v2~1external~1patents~1{patentId}',
  );
  assert.equal(escapePointerToken('~/'), '~0~1');
  assert.equal(escapePointerToken('~1'), '~01');
  assert.equal(escapePointerToken('plain'), 'plain');
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom('~', '/', '0', '1', 'a') }), (token) => {
      const pointer = `/${escapePointerToken(token)}`;
      return (
        isJsonPointer(pointer) && pointerTokens(pointer).length === 1 && pointerTokens(pointer)[0] === token
      );
    }),
    { seed: 20260315, numRuns: 200 },
  );
});

void test("every operation's pointer designates its definition in the document", () => {
  const doc = loadOpenApi();
  const all = operations();
  assert.ok(all.length > 10);
  for (const operation of all) {
    assert.match(operation.pointer, /^#\/paths\//);
    const found = resolvePointer(doc, operation.pointer.slice(1));
    assert.equal(found.value, operation.definition, operation.operationId);
    assert.equal(operation.pointer.split('/').pop(), operation.method.toLowerCase());
  }
  assert.equal(new Set(all.map((o) => o.operationId)).size, all.length, 'operationIds are unique');
  assert.equal(operations(), all, 'read once');
});

void test('path parameters, scopes and capabilities are those the document declares', () => {
  const scopes = schema('Scope').enum as string[];
  for (const operation of operations()) {
    assert.deepEqual(
      operation.pathParams,
      [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
      operation.operationId,
    );
    assert.ok(scopes.includes(operation.scope), `${operation.operationId}: scope ${operation.scope}`);
    const declared = (operation.definition as Record<string, unknown>)['x-required-capability'];
    assert.equal(operation.capability, declared, operation.operationId);
  }
});

void test('operationById gives one operation, and refuses an unknown id by name', () => {
  assert.deepEqual(
    (({ method, path, scope, pathParams, capability }) => ({ method, path, scope, pathParams, capability }))(
      operationById('getPatent'),
    ),
    {
      method: 'GET',
      path: '/api/v2/external/patents/{patentId}',
      scope: 'patents:read',
      pathParams: ['patentId'],
      capability: undefined,
    },
  );
  assert.equal(operationById('listExchangeRateFreezes').capability, 'exchange-rate-freeze');
  assert.throws(() => operationById('nope' as never), /operation nope is not in schemas\/openapi.yaml/);
});

void test('each error code comes with its status, type, schema and the members it adds to a problem', () => {
  assert.deepEqual(errorCode('insufficient_scope'), {
    code: 'insufficient_scope',
    status: 403,
    type: '/errors/insufficient-scope',
    schema: 'ProblemInsufficientScope',
    extensions: ['requiredScope'],
    afterAuthentication: true,
  });
  assert.deepEqual(errorCode('not_found').extensions, []);
  assert.equal(errorCode('invalid_api_key').status, 401);
  assert.throws(() => errorCode('nope'), /error code nope has no problem schema/);
});

void test('every error code is one problem schema with a 4xx or 5xx status; the base problem is none', () => {
  const codes = errorCodes();
  assert.ok(codes.length > 5);
  assert.equal(new Set(codes.map((c) => c.code)).size, codes.length, 'codes are unique');
  const base = ['type', 'title', 'status', 'code', 'requestId', 'detail', 'instance'];
  for (const c of codes) {
    assert.ok(c.status >= 400 && c.status <= 599, `${c.code}: ${c.status}`);
    assert.match(c.type, /^\/errors\/[a-z-]+$/, c.code);
    assert.equal((schema(c.schema).properties!.code as { const?: unknown }).const, c.code);
    assert.deepEqual(
      c.extensions.filter((m) => base.includes(m)),
      [],
      `${c.code}: a base member counted as an extension`,
    );
  }
  assert.ok(!codes.some((c) => c.schema === 'Problem'));
  assert.equal(errorCodes(), codes, 'read once');
});
