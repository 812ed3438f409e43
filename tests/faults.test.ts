/**
 * Self-test of the fault and variant catalogues: names, requirement ids, and that the catalogues and the
 * switches in the reference code agree both ways (no catalogue entry without its switch, no switch without its
 * catalogue entry). Run: node --import tsx --test tests/faults.test.ts
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { FAULTS } from '../reference/faults';
import { createReferenceServer } from '../reference/server';
import { VARIANTS } from '../reference/variants';
import { requirementById } from '../schemas/requirements';
import { referenceSourceFiles } from '../scripts/variant-groups';

const REFERENCE = path.join(__dirname, '..', 'reference');
const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Source text without its comments (a name in a comment is no switch): block comments and whole-line ones. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** The reference code that implements the rules, by file (relative path -> text without comments). */
const code = new Map(
  referenceSourceFiles().map((file) => [
    path.relative(REFERENCE, file),
    withoutComments(fs.readFileSync(file, 'utf8')),
  ]),
);

/** Every string literal of the reference code (single or double quotes, or a template without placeholder). */
const literals = new Set(
  [...code.values()].flatMap((text) =>
    [...text.matchAll(/'([^'\\\n]*)'|"([^"\\\n]*)"|`([^`\\$\n]*)`/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? ''),
  ),
);

/** The switch functions of each kind (reference/behaviour.ts): on the current request, or on a server context. */
const SWITCHES = { fault: ['isFault', 'faultIs'], variant: ['isVariant', 'variantIs'] } as const;

/** The switches: a name passed to a switch function (`isFault('x')`, `variantIs(req.ctx, 'y')`). */
function switches(kind: 'fault' | 'variant'): { name: string; file: string }[] {
  const [current, onContext] = SWITCHES[kind];
  const call = new RegExp(`\\b(?:${current}\\(|${onContext}\\(\\s*[\\w.]+,\\s*)'([^']+)'`, 'g');
  return [...code.entries()].flatMap(([file, text]) =>
    [...text.matchAll(call)].map((m) => ({ name: m[1] as string, file })),
  );
}

/** A name compared by hand with a fault or variant (`fault === 'x'`, `'y' !== behaviour.variant`). */
const RAW_COMPARISON = /\b(?:fault|variant)\s*[!=]==?\s*'|'\s*[!=]==?\s*(?:[\w.]+\.)?(?:fault|variant)\b/;

void describe('fault catalogue', () => {
  void it('has entries', () => {
    assert.ok(FAULTS.length > 0);
  });

  void it('names are unique and kebab-case', () => {
    const names = FAULTS.map((f) => f.name);
    assert.deepEqual(
      names.filter((n, i) => names.indexOf(n) !== i),
      [],
      'duplicate fault names',
    );
    assert.deepEqual(
      names.filter((n) => !KEBAB_CASE.test(n)),
      [],
      'fault names not in kebab-case',
    );
  });

  void it('every fault cites at least one existing, active catalogue id, once', () => {
    for (const fault of FAULTS) {
      assert.ok(fault.requirements.length > 0, `${fault.name} cites no requirement`);
      assert.equal(new Set(fault.requirements).size, fault.requirements.length, `${fault.name}: an id twice`);
      for (const id of fault.requirements) {
        const entry = requirementById(id);
        assert.ok(entry, `${fault.name} cites ${id}, which is not in schemas/requirements.yaml`);
        assert.ok(!entry.retired, `${fault.name} cites ${id}, which is retired`);
      }
    }
  });

  void it('every fault has a one-sentence summary', () => {
    for (const fault of FAULTS) {
      assert.match(fault.summary, /^\S.*\.$/s, `${fault.name}: summary is one sentence ending with a period`);
    }
  });

  void it('every fault is switched somewhere in the reference code', () => {
    const missing = FAULTS.filter((f) => !literals.has(f.name)).map((f) => f.name);
    assert.deepEqual(missing, [], 'faults whose name appears in no reference module (no switch)');
  });

  void it('every fault switch in the reference code names a catalogued fault', () => {
    const known = new Set<string>(FAULTS.map((f) => f.name));
    const found = switches('fault');
    assert.ok(found.length > 0, 'no fault switch found: has the form of the switch calls changed?');
    const orphans = found.filter((s) => !known.has(s.name));
    assert.deepEqual(orphans, [], 'fault switches without a catalogue entry');
  });
});

void describe('variant catalogue', () => {
  void it('has entries', () => {
    assert.ok(VARIANTS.length > 0);
  });

  void it('names are unique, kebab-case and distinct from the fault names', () => {
    const names = VARIANTS.map((v) => v.name);
    assert.deepEqual(
      names.filter((n, i) => names.indexOf(n) !== i),
      [],
      'duplicate variant names',
    );
    assert.deepEqual(
      names.filter((n) => !KEBAB_CASE.test(n)),
      [],
      'variant names not in kebab-case',
    );
    const faults = new Set<string>(FAULTS.map((f) => f.name));
    assert.deepEqual(
      names.filter((n) => faults.has(n)),
      [],
      'names used both as a fault and a variant',
    );
  });

  void it('every variant cites the freedom that allows it and says what it does', () => {
    for (const variant of VARIANTS) {
      assert.ok(variant.freedom.trim().length > 0, `${variant.name}: no freedom`);
      assert.match(
        variant.summary,
        /^\S.*\.$/s,
        `${variant.name}: summary is one sentence ending with a period`,
      );
    }
  });

  void it('every variant is switched somewhere in the reference code', () => {
    const missing = VARIANTS.filter((v) => !literals.has(v.name)).map((v) => v.name);
    assert.deepEqual(missing, [], 'variants whose name appears in no reference module (no switch)');
  });

  void it('every variant switch in the reference code names a catalogued variant', () => {
    const known = new Set<string>(VARIANTS.map((v) => v.name));
    const found = switches('variant');
    assert.ok(found.length > 0, 'no variant switch found: has the form of the switch calls changed?');
    const orphans = found.filter((s) => !known.has(s.name));
    assert.deepEqual(orphans, [], 'variant switches without a catalogue entry');
  });
});

void describe('typed switches', () => {
  void it('every switch goes through the typed switch functions, none compares a name by hand', () => {
    const raw = [...code.entries()].flatMap(([file, text]) =>
      text
        .split('\n')
        .filter((line) => RAW_COMPARISON.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    assert.deepEqual(raw, [], 'use isFault/faultIs/isVariant/variantIs (reference/behaviour.ts)');
  });

  void it('a misspelt fault or variant name does not compile', () => {
    // Each misspelt call in the file carries @ts-expect-error: were it to compile, the unused directive would fail.
    const file = path.join(__dirname, 'typed-switches.ts');
    assert.ok((fs.readFileSync(file, 'utf8').match(/@ts-expect-error/g) ?? []).length >= 4);
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(__dirname, '..', 'tsconfig.json'),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) =>
          assert.fail(ts.flattenDiagnosticMessageText(d.messageText, '\n')),
      },
    );
    assert.ok(config);
    const program = ts.createProgram([file], config.options);
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    assert.deepEqual(errors, []);
  });
});

void describe('names at start', () => {
  void it('an unknown fault name is refused', () => {
    assert.throws(() => createReferenceServer({ fault: 'no-such-fault' }), /unknown fault: no-such-fault/);
  });

  void it('an unknown variant name is refused', () => {
    assert.throws(
      () => createReferenceServer({ variant: 'no-such-variant' }),
      /unknown variant: no-such-variant/,
    );
  });

  void it('every catalogued fault and variant starts', () => {
    for (const { name } of FAULTS) assert.doesNotThrow(() => createReferenceServer({ fault: name }), name);
    for (const { name } of VARIANTS)
      assert.doesNotThrow(() => createReferenceServer({ variant: name }), name);
  });
});
