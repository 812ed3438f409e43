/**
 * The input partitions (helpers/contract/partitions.ts): every operation and every parameter and body member
 * of schemas/openapi.yaml has a partition table; every partition has an answer class with requirement ids of
 * the catalogue, or "not shown"; every answered partition is sent by a test; docs/partitions.md is current.
 * Run: node --import tsx --test tests/partitions.test.ts
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { OpenAPIV3_1 } from 'openapi-types';
import { operations } from '../helpers/contract/contract';
import { ANSWERS } from '../helpers/contract/partition-answers';
import {
  ENTRY_COMPONENTS,
  factsOf,
  kindsOf,
  members,
  partitionTable,
  ruleFor,
  type Member,
} from '../helpers/contract/partitions';
import { loadOpenApi } from '../schemas/ajv';
import { loadRequirements } from '../schemas/requirements';
import { partitionsDocStale } from '../scripts/gen-partitions';

const ROOT = path.join(__dirname, '..');
const table = partitionTable();
const key = (operationId: string, location: string, name: string) => `${operationId} ${location} ${name}`;
const covered = new Set(table.partitions.map((p) => key(p.operationId, p.in, p.member)));

void test('every operation of schemas/openapi.yaml has a partition table', () => {
  const withPartitions = new Set(table.partitions.map((p) => p.operationId));
  for (const op of operations())
    assert.ok(withPartitions.has(op.operationId), `${op.operationId} has no partition`);
});

void test('every path and query parameter, read from the document independently, has partitions', () => {
  const doc = loadOpenApi();
  for (const op of operations()) {
    for (const raw of op.definition.parameters ?? []) {
      const ref = (raw as OpenAPIV3_1.ReferenceObject).$ref;
      const param = (
        ref ? doc.components!.parameters![ref.split('/').pop()!] : raw
      ) as OpenAPIV3_1.ParameterObject;
      if (param.in !== 'path' && param.in !== 'query') continue;
      assert.ok(
        covered.has(key(op.operationId, param.in, param.name)),
        `${op.operationId} ${param.in} ${param.name}`,
      );
    }
  }
});

void test('every request body member, array entries and the members of the components they name included, has partitions', () => {
  const doc = loadOpenApi();
  const expectMembers = (operationId: string, schema: unknown, at: string): void => {
    const facts = factsOf(doc, schema);
    for (const [name, child] of Object.entries(facts.properties ?? {})) {
      const pointer = `${at}/${name}`;
      assert.ok(covered.has(key(operationId, 'body', pointer)), `${operationId} body ${pointer}`);
      if (child.items === undefined) continue;
      const entry = `${pointer}/*`;
      const named = ENTRY_COMPONENTS[`${operationId} ${entry}`];
      const items = named ? { $ref: `#/components/schemas/${named.component}` } : child.items;
      if (factsOf(doc, items).properties === undefined) continue;
      assert.ok(covered.has(key(operationId, 'body', entry)), `${operationId} body ${entry}`);
      expectMembers(operationId, items, entry);
    }
  };
  let bodies = 0;
  for (const op of operations()) {
    const content = (op.definition.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content;
    if (content?.['application/json'] === undefined) continue;
    bodies += 1;
    assert.ok(covered.has(key(op.operationId, 'body', '')), `${op.operationId} whole body`);
    expectMembers(op.operationId, content['application/json'].schema, '');
  }
  assert.ok(bodies >= 2, 'the instruction and sync bodies were walked');
  // The sync items are the members of SyncItem, every one of them.
  const syncItem = loadOpenApi().components!.schemas!.SyncItem as OpenAPIV3_1.SchemaObject;
  for (const name of Object.keys(syncItem.properties!))
    assert.ok(covered.has(key('syncPatents', 'body', `/items/*/${name}`)), `sync item ${name}`);
});

void test('no partition is left without a row of the answer table', () => {
  assert.deepEqual(table.gaps, []);
});

void test('every partition has an answer class with requirement ids of the catalogue, or is "not shown"', () => {
  const catalogue = new Map(loadRequirements().requirements.map((r) => [r.id, r]));
  for (const p of table.partitions) {
    const what = `${p.operationId} ${p.in} ${p.member || '(body)'} ${p.kind}`;
    assert.ok(p.note.trim().length > 0, `${what}: a note`);
    if (p.answer === 'not shown') {
      assert.deepEqual(p.requirements, [], `${what}: "not shown" cites no requirement`);
      assert.equal(p.check, undefined, `${what}: "not shown" is not sent`);
      continue;
    }
    assert.ok(p.requirements.length > 0, `${what}: an answer class needs a requirement id`);
    for (const id of p.requirements) {
      const entry = catalogue.get(id);
      assert.ok(entry && !entry.retired, `${what}: ${id} is a live requirement`);
      const ops = entry.operations ?? [];
      assert.ok(
        ops.includes('*') || ops.includes(p.operationId),
        `${what}: ${id} is verified on ${p.operationId}`,
      );
    }
    assert.ok(p.check !== undefined, `${what}: sent by some test`);
  }
});

void test('a partition checked by an existing test names a test its requirement page lists', () => {
  const pages = new Map<string, string>();
  for (const p of table.partitions) {
    if (p.check?.by !== 'test') continue;
    const { id, title } = p.check;
    if (!pages.has(id))
      pages.set(id, fs.readFileSync(path.join(ROOT, 'docs', 'requirements', `${id}.md`), 'utf8'));
    const tests = pages
      .get(id)!
      .split('\n')
      .filter((line) => line.startsWith('- [specs/'));
    const parts = title.split(' … ');
    assert.ok(
      tests.some((line) => parts.every((part) => line.includes(part))),
      `${p.operationId} ${p.member} ${p.kind}: no test of ${id} has "${title}" in its title`,
    );
  }
});

void test('every requirement of a partition the partitions spec sends is cited by one of its titles', () => {
  const spec = fs.readFileSync(path.join(ROOT, 'specs', 'partitions.spec.ts'), 'utf8');
  const cited = new Set(
    [...spec.matchAll(/titled\(\s*['`]\[([^\]]+)\]/g)].flatMap((m) => m[1]!.split(/,\s*/)),
  );
  for (const p of table.partitions.filter((q) => q.check?.by === 'partitions'))
    for (const id of p.requirements)
      assert.ok(
        cited.has(id),
        `${p.operationId} ${p.member} ${p.kind}: ${id} is cited by no title of the spec`,
      );
});

void test('every row of the answer table answers some partition', () => {
  const used = new Set<unknown>();
  const limits = new Map(
    operations().map((op) => [
      op.operationId,
      (op.definition as Record<string, unknown>)['x-inline-limit'] as number | undefined,
    ]),
  );
  for (const member of members())
    for (const { kind } of kindsOf(member, limits.get(member.operationId))) used.add(ruleFor(member, kind));
  const unused = ANSWERS.filter((rule) => !used.has(rule)).map(
    (rule) => `${String(rule.member)} ${rule.kinds.join(',')}`,
  );
  assert.deepEqual(unused, []);
});

void test('the partitions a schema implies: boundaries, enum members, ids and their parent, array entries', () => {
  const find = (operationId: string, name: string) =>
    members().find((m) => m.operationId === operationId && m.name === name)!;
  const kinds = (m: Member, limit?: number) => kindsOf(m, limit).map((k) => k.kind);
  // A clamped page size: absent, the cap, just beyond, below the minimum, and a value that is no number.
  assert.deepEqual(kinds(find('listPatents', 'itemsPerPage')), [
    'absent',
    'valid',
    'boundary',
    'beyond',
    'below',
    'wrong-type',
  ]);
  // An enum: each member once, a case variant and an unknown value.
  const sort = kindsOf(find('listInvoices', 'sort'));
  assert.deepEqual(
    sort.filter((k) => k.kind === 'member').map((k) => k.value),
    ['issueDate', '-issueDate', 'createdAt', '-createdAt'],
  );
  assert.ok(sort.some((k) => k.kind === 'case-variant') && sort.some((k) => k.kind === 'unknown-value'));
  // A path id: no absent partition; unknown, another tenant's, another kind's; under another parent only
  // when a uuid parameter precedes it in the path.
  assert.deepEqual(kinds(find('getPatent', 'patentId')), [
    'malformed',
    'unknown-id',
    'other-tenant',
    'other-kind',
  ]);
  assert.equal(find('getPatentEvent', 'eventId').parent, 'patentId');
  assert.ok(kinds(find('getPatentEvent', 'eventId')).includes('other-parent'));
  assert.ok(!kinds(find('getPatentEvent', 'patentId')).includes('other-parent'));
  // An array of objects: its entries are a member of their own (wrong type, the same entry twice).
  assert.deepEqual(kinds(find('postInstructions', '/instructions/*')), ['entry-wrong-type', 'repeat']);
  assert.ok(!kinds(find('postInstructions', '/instructions')).includes('repeat'));
  // The inline limit gives the item count its boundary and just beyond.
  assert.ok(kinds(find('syncPatents', '/items'), 100).includes('beyond'));
  assert.ok(!kinds(find('syncPatents', '/items')).includes('beyond'));
  // A nullable body member has a null partition; a pattern with upper-case letters a case variant.
  assert.ok(kinds(find('syncPatents', '/items/*/title')).includes('null'));
  assert.ok(!kinds(find('syncPatents', '/items/*/applicationDate')).includes('null'));
  assert.ok(kinds(find('syncPatents', '/items/*/office')).includes('case-variant'));
  assert.ok(!kinds(find('syncPatents', '/items/*/grantDate')).includes('case-variant'));
});

void test('docs/partitions.md is up to date: run npx tsx scripts/gen-partitions.ts', () => {
  assert.equal(partitionsDocStale(), false);
});
