/**
 * Self-tests of schemas/openapi.yaml as a document: a valid OpenAPI 3.1 document that redocly lints clean,
 * every schema compiling with strict Ajv 2020, and the generated types and JSON copies current. Its agreement
 * with the contract markdown is tests/openapi-contract.test.ts.
 */
/* eslint-disable @typescript-eslint/no-floating-promises -- node:test runs describe/test itself; their promises need no await */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { OPENAPI_SCHEMA_ID, schemaRef } from '../schemas/ajv';
import { CONTRACT_FILE } from '../schemas/requirements';
import { doc, type Json, schemas, validator } from './openapi-support';

const ROOT = path.join(__dirname, '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');

/** Every JSON pointer (Ajv reference) to a schema object used by the document outside components.schemas. */
function embeddedSchemaRefs(): string[] {
  const refs: string[] = [];
  const esc = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');
  const walk = (node: unknown, pointer: string) => {
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node as Json)) {
      const p = `${pointer}/${esc(k)}`;
      if (k === 'schema' && v && typeof v === 'object') refs.push(`${OPENAPI_SCHEMA_ID}#${p}`);
      else if (k !== 'schemas') walk(v, p);
    }
  };
  walk(doc.paths, '/paths');
  walk({ parameters: (doc.components as Json).parameters }, '/components');
  walk({ headers: (doc.components as Json).headers }, '/components');
  walk({ responses: (doc.components as Json).responses }, '/components');
  return refs;
}

// ------------------------------------------------------------------ tests

describe('openapi.yaml is a valid OpenAPI 3.1 document', () => {
  test('redocly lint passes with the repository configuration', () => {
    const run = spawnSync(path.join(BIN, 'redocly'), ['lint', 'schemas/openapi.yaml', '--format=stylish'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        NO_COLOR: '1',
      },
      timeout: 120_000,
    });
    assert.equal(run.status, 0, `redocly lint must exit 0:\n${run.stdout}\n${run.stderr}`);
  });

  test('info carries version 2.0.0 and the contract file name', () => {
    const info = doc.info as Json;
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(info.version, '2.0.0');
    assert.equal(info['x-contract-file'], path.basename(CONTRACT_FILE));
  });
});

describe('every schema compiles with strict Ajv 2020', () => {
  for (const name of Object.keys(schemas)) {
    test(`components.schemas.${name} compiles`, () => {
      validator(schemaRef(name));
    });
  }

  test('every parameter, header and media-type schema compiles', () => {
    const refs = embeddedSchemaRefs();
    assert.ok(refs.length > 50, `found ${refs.length} embedded schemas`);
    for (const ref of refs) validator(ref);
  });

  test('no schema forbids additional properties (additive evolution)', () => {
    const offenders: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (!node || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node as Json)) {
        if (k === 'additionalProperties' && v === false) offenders.push(where);
        if (k === 'unevaluatedProperties' && v === false) offenders.push(where);
        walk(v, `${where}/${k}`);
      }
    };
    walk(doc, '#');
    assert.deepEqual(offenders, []);
  });

  test('every component schema is referenced, except SyncItem (item-level validation only)', () => {
    const text = JSON.stringify({ ...doc, components: { ...(doc.components as Json), schemas: {} } });
    const schemaText = JSON.stringify(schemas);
    const unused = Object.keys(schemas).filter((name) => {
      const needle = `"#/components/schemas/${name}"`;
      return !text.includes(needle) && !schemaText.includes(needle);
    });
    assert.deepEqual(unused, ['SyncItem']);
  });
});

describe('generated types', () => {
  test('schemas/generated/openapi.ts is up to date (npm run gen:types)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openapi-types-'));
    try {
      const out = path.join(dir, 'openapi.ts');
      const gen = spawnSync(path.join(BIN, 'openapi-typescript'), ['schemas/openapi.yaml', '-o', out], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 120_000,
      });
      assert.equal(gen.status, 0, gen.stderr);
      const pretty = spawnSync(
        path.join(BIN, 'prettier'),
        ['--stdin-filepath', 'schemas/generated/openapi.ts'],
        { cwd: ROOT, encoding: 'utf8', input: readFileSync(out, 'utf8'), timeout: 120_000 },
      );
      assert.equal(pretty.status, 0, pretty.stderr);
      const committed = readFileSync(path.join(ROOT, 'schemas', 'generated', 'openapi.ts'), 'utf8');
      assert.ok(pretty.stdout === committed, 'generated types are stale: run `npm run gen:types`');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('schemas/types.ts has an alias for every component schema', () => {
    const text = readFileSync(path.join(ROOT, 'schemas', 'types.ts'), 'utf8');
    for (const name of Object.keys(schemas)) {
      assert.ok(
        text.includes(`export type ${name} = components['schemas']['${name}'];`),
        `types.ts exports ${name} (npm run gen:types)`,
      );
    }
  });
});

void test('the JSON copies of the document and the catalogue are current (npm run gen:types)', async () => {
  const { staleCopies } = await import('../scripts/gen-json-copies');
  assert.deepEqual(staleCopies(), []);
});
