/**
 * The consistency ledger compares every documented member of the resources it follows, but those it leaves
 * out (helpers/contract/never-compared.ts), each with the contract's words that let it change with no write of
 * the client or make it a fact of its own.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { COMPARED_MEMBERS } from '../helpers/contract/consistency';
import { documentedMembers } from '../helpers/contract/documented-members';
import { LEFT_OUT } from '../helpers/contract/never-compared';
import { VARIANTS } from '../reference/variants';

void test('every documented member is compared or left out, never both', () => {
  for (const [component, compared] of Object.entries(COMPARED_MEMBERS)) {
    const out = LEFT_OUT.filter((l) => l.component === component).map((l) => l.member);
    const members = documentedMembers(component);
    assert.deepEqual(
      members.filter((m) => !compared().includes(m) && !out.includes(m)),
      [],
      `${component}: members neither compared nor left out with a clause`,
    );
    assert.deepEqual(
      compared().filter((m) => out.includes(m)),
      [],
      `${component}: members both compared and left out`,
    );
    assert.deepEqual(
      [...compared(), ...out].filter((m) => !members.includes(m)),
      [],
      `${component}: members the document does not have`,
    );
  }
  assert.deepEqual(
    LEFT_OUT.filter((l) => !(l.component in COMPARED_MEMBERS)).map((l) => l.component),
    [],
    'left out of a component the ledger does not follow',
  );
});

void test('every member left out quotes the contract', () => {
  const contract = fs.readFileSync(path.join(__dirname, '..', 'schemas', 'patent-renewal-api-v2.md'), 'utf8');
  assert.deepEqual(
    LEFT_OUT.filter((l) => !contract.includes(l.clause)).map(
      (l) => `${l.component}.${l.member}: ${l.clause}`,
    ),
    [],
  );
});

/** Left out as what never changes: a key, the type, a fact of its own or of another record. */
const STRUCTURAL =
  /^(the type|the key of the fact|a fact of its own|a Fees object|a member of an invoice line|compared as|each result)/;

void test('every member left out because it may change with no write names the variant that exercises it, or why none does', () => {
  const names = new Set<string>(VARIANTS.map((v) => v.name));
  for (const l of LEFT_OUT) {
    const where = `${l.component}.${l.member}`;
    if (STRUCTURAL.test(l.reason)) {
      assert.equal(l.exercised, undefined, `${where}: a structural member needs no variant`);
      continue;
    }
    assert.ok(l.exercised, `${where} (${l.reason}): no variant exercises the freedom, and no reason why`);
    if ('variant' in l.exercised)
      assert.ok(names.has(l.exercised.variant), `${where}: no variant ${l.exercised.variant}`);
    else assert.match(l.exercised.none, /\S{10,}/, `${where}: the reason is empty`);
  }
});
