/**
 * The rules layer (helpers/rules/): a rule one answer decides is stated once, in the file of its
 * requirement's area. Every file of the layer but the registry (and the table of cross-resource relations,
 * which holds no invariant) is an area file, named after an area of schemas/requirements.yaml as
 * reference/faults/ names its files, whose one list `<AREA>_RULES` holds only ids of that area; every id of
 * the registry is defined in exactly one area file; the registry is exactly the union of the area lists, the
 * schema check first; and no module of the contract layer below defines an invariant.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Invariant } from '../helpers/contract/invariant-types';
import { INVARIANTS, RULES_BY_AREA } from '../helpers/rules/registry';
import { loadRequirements } from '../schemas/requirements';

const HELPERS = path.join(__dirname, '..', 'helpers');
const RULES = path.join(HELPERS, 'rules');
/** Files of the layer that are no area file: the registry, and the relations between resources. */
const NOT_AREA_FILES = ['registry.ts', 'relations.ts'];

const AREAS = new Map(loadRequirements().areas.map((a) => [a.key as string, a]));
const listName = (area: string) => `${area.toUpperCase()}_RULES`;

const isInvariant = (value: unknown): value is Invariant =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Invariant).id === 'string' &&
  typeof (value as Invariant).title === 'string' &&
  typeof (value as Invariant).subject === 'string' &&
  typeof (value as Invariant).judge === 'function';

/** The area files of the layer, each with its module's exports. */
async function areaFiles(): Promise<{ file: string; area: string; exports: Record<string, unknown> }[]> {
  const files = fs
    .readdirSync(RULES)
    .filter((f) => f.endsWith('.ts') && !NOT_AREA_FILES.includes(f))
    .sort();
  return Promise.all(
    files.map(async (file) => ({
      file,
      area: file.replace(/\.ts$/, ''),
      exports: (await import(path.join(RULES, file))) as Record<string, unknown>,
    })),
  );
}

/** The list an area file exports, when it exports one under its area's name. */
function listOf(file: { area: string; exports: Record<string, unknown> }): readonly Invariant[] | undefined {
  const list = file.exports[listName(file.area)];
  return Array.isArray(list) && list.every(isInvariant) ? list : undefined;
}

void test('every file of helpers/rules/ but the registry is an area file: one list of the ids of its area', async () => {
  const files = await areaFiles();
  assert.ok(files.length > 10, 'the area files are found');
  const wrong = files.flatMap((file) => {
    const area = AREAS.get(file.area);
    if (!area) return [`${file.file}: no area of schemas/requirements.yaml is named ${file.area}`];
    const list = listOf(file);
    if (!list) return [`${file.file}: exports no list ${listName(file.area)} of invariants`];
    if (list.length === 0) return [`${file.file}: an area with no invariant has no file`];
    const others = list.filter((i) => !i.id.startsWith(`${area.prefix}-`)).map((i) => i.id);
    const lists = Object.entries(file.exports).filter(
      ([name, value]) => name !== listName(file.area) && Array.isArray(value) && value.some(isInvariant),
    );
    return [
      ...(others.length > 0
        ? [`${file.file}: holds ids of other areas: ${[...new Set(others)].join(', ')}`]
        : []),
      ...lists.map(([name]) => `${file.file}: exports a second list of invariants, ${name}`),
    ];
  });
  assert.deepEqual(wrong, []);
});

void test('every id of the registry is defined in exactly one area file', async () => {
  const files = await areaFiles();
  const definedIn = new Map<string, Set<string>>();
  for (const file of files)
    for (const { id } of listOf(file) ?? [])
      definedIn.set(id, (definedIn.get(id) ?? new Set()).add(file.file));
  assert.ok(INVARIANTS.length > 200, 'the registry is read');
  assert.deepEqual(
    [...new Set(INVARIANTS.map((i) => i.id))]
      .filter((id) => definedIn.get(id)?.size !== 1)
      .map((id) => `${id}: ${[...(definedIn.get(id) ?? [])].join(', ') || 'no area file'}`),
    [],
  );
});

void test('the registry is exactly the union of the area lists, the schema check first', async () => {
  const files = await areaFiles();
  const lists = files.map((file) => listOf(file) ?? []);
  const union = lists.flat();
  assert.equal(new Set(union).size, union.length, 'no invariant is in two lists, nor twice in one');
  assert.equal(INVARIANTS.length, union.length, 'the registry holds as many invariants as the area lists');
  assert.deepEqual(
    INVARIANTS.filter((i) => !union.includes(i)).map((i) => i.id),
    [],
    'in the registry, in no area list',
  );
  assert.deepEqual(
    union.filter((i) => !INVARIANTS.includes(i)).map((i) => i.id),
    [],
    'in an area list, not in the registry',
  );
  // The registry gathers each area file's own list under its area.
  for (const file of files)
    assert.equal(RULES_BY_AREA[file.area as keyof typeof RULES_BY_AREA], listOf(file), file.file);
  assert.equal(INVARIANTS[0]!.id, 'CONV-013', 'the schema check is the first judge of every answer');
});

void test('no module of the contract layer defines an invariant: the rules live in helpers/rules/ only', async () => {
  const contract = fs
    .readdirSync(path.join(HELPERS, 'contract'))
    .filter((f) => f.endsWith('.ts'))
    .sort();
  assert.ok(contract.length > 10);
  const defining: string[] = [];
  for (const file of contract) {
    const exports = (await import(path.join(HELPERS, 'contract', file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports))
      if (isInvariant(value) || (Array.isArray(value) && value.some(isInvariant)))
        defining.push(`contract/${file}: ${name}`);
  }
  assert.deepEqual(defining, []);
});
