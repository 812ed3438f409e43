/**
 * The fault and variant catalogues by area: every requirement id they cite is in the catalogue, every entry sits
 * in the file of its area (reference/faults/<area>.ts, reference/variants/<area>.ts: the area of the first
 * requirement it names), ordered by that id, the files together are FAULTS and VARIANTS, and every fault or
 * variant that schemas/OPEN-POINTS.md names is catalogued. Run: node --import tsx --test tests/catalogues.test.ts
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { FAULTS } from '../reference/faults';
import type { FaultDefinition, VariantDefinition } from '../reference/faults/catalogue-types';
import { PROVIDER_STATE_NAMES } from '../reference/provider-states';
import { VARIANTS } from '../reference/variants';
import { loadRequirements, requirementById } from '../schemas/requirements';
import { OPEN_POINTS_FILE } from '../scripts/freedom-coverage';

const ROOT = path.join(__dirname, '..');
/** The files of a catalogue folder that hold no entries: the assembly and the shapes. */
const NOT_AREA_FILES = new Set(['index.ts', 'catalogue-types.ts']);
/** The catalogue of a blind round: one file a round, the record of the round, not an area file. */
const ROUND_FILE = /^blind-round-\d+\.ts$/;

type Entry = FaultDefinition | VariantDefinition;

const CATALOGUES = [
  { kind: 'fault', dir: 'reference/faults', all: FAULTS as readonly Entry[] },
  { kind: 'variant', dir: 'reference/variants', all: VARIANTS as readonly Entry[] },
] as const;

/** The area files of a catalogue folder, each with the entries it exports. */
async function areaFiles(
  dir: string,
  which: 'areas' | 'rounds' = 'areas',
): Promise<{ file: string; area: string; entries: Entry[] }[]> {
  const files = fs
    .readdirSync(path.join(ROOT, dir))
    .filter((f) => f.endsWith('.ts') && !NOT_AREA_FILES.has(f) && ROUND_FILE.test(f) === (which === 'rounds'))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const exports = (await import(path.join(ROOT, dir, file))) as Record<string, unknown>;
      const entries = Object.values(exports).filter(Array.isArray).flat() as Entry[];
      return { file: `${dir}/${file}`, area: path.basename(file, '.ts'), entries };
    }),
  );
}

/** The area an entry belongs to: that of the first requirement it names. */
const areaOf = (entry: Entry) => requirementById(entry.requirements[0] ?? '')?.area;

for (const { kind, dir, all } of CATALOGUES) {
  void describe(`${kind} catalogue (${dir})`, () => {
    void it(`every ${kind} names at least one requirement, each in schemas/requirements.yaml, active, once`, () => {
      const wrong = all.flatMap((entry) => [
        ...(entry.requirements.length === 0 ? [`${entry.name}: no requirement`] : []),
        ...(new Set(entry.requirements).size !== entry.requirements.length
          ? [`${entry.name}: an id twice`]
          : []),
        ...entry.requirements
          .filter((id) => !requirementById(id) || requirementById(id)!.retired)
          .map((id) => `${entry.name}: ${id} is not an active entry of the catalogue`),
      ]);
      assert.deepEqual(wrong, []);
    });

    void it('every file of the folder is named after an area of the requirement catalogue', async () => {
      const areas = new Set<string>(loadRequirements().areas.map((a) => a.key));
      const files = await areaFiles(dir);
      assert.ok(files.length > 0);
      assert.deepEqual(
        files.filter((f) => !areas.has(f.area)).map((f) => f.file),
        [],
      );
    });

    void it(`every ${kind} sits in the file of the area of its first requirement`, async () => {
      const misplaced = (await areaFiles(dir)).flatMap(({ file, area, entries }) =>
        entries
          .filter((e) => areaOf(e) !== area)
          .map((e) => `${e.name} (${e.requirements[0]}) is in ${file}, not ${dir}/${areaOf(e)}.ts`),
      );
      assert.deepEqual(misplaced, []);
    });

    void it('the entries of a file are ordered by their first requirement id, then by name', async () => {
      const unordered = (await areaFiles(dir)).flatMap(({ file, entries }) =>
        entries.slice(1).flatMap((e, i) => {
          const before = entries[i]!;
          const order =
            before.requirements[0]!.localeCompare(e.requirements[0]!) || before.name.localeCompare(e.name);
          return order > 0
            ? [
                `${file}: ${e.name} (${e.requirements[0]}) comes after ${before.name} (${before.requirements[0]})`,
              ]
            : [];
        }),
      );
      assert.deepEqual(unordered, []);
    });

    void it(`the area files and the blind rounds' files together hold the catalogue (index.ts), each ${kind} once`, async () => {
      const files = [...(await areaFiles(dir)), ...(await areaFiles(dir, 'rounds'))];
      const inFiles = files.flatMap((f) => f.entries.map((e) => e.name)).sort();
      assert.deepEqual(inFiles, all.map((e) => e.name).sort());
      assert.equal(new Set(inFiles).size, inFiles.length, 'a name in two files');
    });
  });
}

/**
 * How schemas/OPEN-POINTS.md cites a fault or a variant: its name in backticks (`sync-background-slow`),
 * after the word fault or variant in the same sentence, or in a column of variants.
 */
const CITED_NAME = /`([a-z0-9]+(?:-[a-z0-9]+)+)`/g;

/** The word that says what a cited name is: the last of fault(s)/variant(s) before it in its sentence or cell. */
function kindBefore(text: string, at: number): { kind: 'fault' | 'variant'; former: boolean } | undefined {
  const before = text.slice(0, at);
  const start = Math.max(
    before.lastIndexOf('|'),
    before.lastIndexOf('\n\n'),
    before.lastIndexOf('\n- '),
    ...[...before.matchAll(/\.\s+(?=[A-Z])/g)].map((m) => m.index),
  );
  const words = [...before.slice(start).matchAll(/\b(former\s+)?(fault|variant)s?\b/gi)];
  const last = words.at(-1);
  return last && { kind: last[2]!.toLowerCase() as 'fault' | 'variant', former: last[1] !== undefined };
}

const FAULT_NAMES = new Set<string>(FAULTS.map((f) => f.name));
const VARIANT_NAMES = new Set<string>(VARIANTS.map((v) => v.name));
const LINT_RULES = new Set(
  Object.keys((parse(fs.readFileSync(path.join(ROOT, 'redocly.yaml'), 'utf8')) as { rules: object }).rules),
);
const OPENAPI_TEXT = fs.readFileSync(path.join(ROOT, 'schemas', 'openapi.yaml'), 'utf8');

/** A backticked kebab name that is no fault or variant: a provider state, a lint rule, a header or schema keyword, an x- value. */
const otherThing = (name: string) =>
  PROVIDER_STATE_NAMES.includes(name) ||
  LINT_RULES.has(name) ||
  (name.startsWith('x-') && OPENAPI_TEXT.includes(name)) ||
  // A value an x- extension of the OpenAPI document takes (x-after-authentication: well-formed-path).
  new RegExp(`\\bx-[\\w-]+: ${name}\\b`).test(OPENAPI_TEXT);

/** What is wrong with the names a text cites: unknown, of the other kind, or former and still catalogued. */
function citationProblems(text: string): string[] {
  return [...text.matchAll(CITED_NAME)].flatMap((m) => {
    const name = m[1]!;
    const said = kindBefore(text, m.index);
    const is = FAULT_NAMES.has(name) ? 'fault' : VARIANT_NAMES.has(name) ? 'variant' : undefined;
    if (said?.former) return is ? [`${name}: called a former ${said.kind}, but catalogued`] : [];
    if (is === undefined)
      return otherThing(name) ? [] : [`${name}: neither a fault nor a variant of the catalogues`];
    return said && said.kind !== is ? [`${name}: called a ${said.kind}, but it is a ${is}`] : [];
  });
}

void describe('names schemas/OPEN-POINTS.md cites', () => {
  const text = fs.readFileSync(OPEN_POINTS_FILE, 'utf8');
  const names = [...text.matchAll(CITED_NAME)].map((m) => m[1]!);

  void it('cites faults and variants (the check finds them)', () => {
    assert.ok(names.filter((n) => FAULT_NAMES.has(n)).length > 20);
    assert.ok(names.filter((n) => VARIANT_NAMES.has(n)).length > 20);
  });

  void it('every fault or variant it names is in the catalogues, as what its sentence calls it', () => {
    assert.deepEqual(citationProblems(text), []);
  });

  void it('the check finds a misspelt name, a wrong kind and a former entry still catalogued', () => {
    const sample = [
      'Fault `no-such-fault` killed; the provider state `office-fee-revised` helps.',
      'Variant `zero-based-pages` passes.',
      `The former fault \`${FAULTS[0]!.name}\` left the catalogue.`,
      'The former fault `gone-for-good` is a variant now.',
    ].join('\n\n');
    assert.deepEqual(citationProblems(sample), [
      'no-such-fault: neither a fault nor a variant of the catalogues',
      'zero-based-pages: called a variant, but it is a fault',
      `${FAULTS[0]!.name}: called a former fault, but catalogued`,
    ]);
  });
});
