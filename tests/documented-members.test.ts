/**
 * Member lists read from the schema (helpers/contract/documented-members.ts): what a component declares,
 * by format, and a value cut down to its documented members.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OpenAPIV3_1 } from 'openapi-types';
import { documentedMembers, membersOfFormat, pickDocumented } from '../helpers/contract/documented-members';
import { loadOpenApi } from '../schemas/ajv';

const properties = (name: string) =>
  (loadOpenApi().components!.schemas![name] as OpenAPIV3_1.SchemaObject).properties!;

void test('documentedMembers lists the properties a component declares, required or not', () => {
  const members = documentedMembers('Patent');
  assert.deepEqual(members, Object.keys(properties('Patent')));
  for (const member of ['object', 'id', 'title', 'applicationDate', 'createdAt'])
    assert.ok(members.includes(member));
  assert.deepEqual(documentedMembers('FeesPatentRef'), ['id', 'providerId']);
  // A component that is no object declares no members.
  assert.deepEqual(documentedMembers('Uuid'), []);
});

void test('a component the document does not hold is refused by name', () => {
  assert.throws(
    () => documentedMembers('Patents'),
    /component schema Patents is not in schemas\/openapi.yaml/,
  );
  assert.throws(() => membersOfFormat('Nope', 'date'), /Nope/);
  assert.throws(() => pickDocumented('Nope', {}), /Nope/);
});

void test('membersOfFormat keeps the members declared with that format, and only those', () => {
  const dates = membersOfFormat('Patent', 'date');
  assert.ok(dates.includes('applicationDate') && dates.includes('grantDate'));
  assert.ok(!dates.includes('createdAt'), 'a date-time is not a date');
  assert.ok(membersOfFormat('Patent', 'date-time').includes('createdAt'));
  for (const [name, property] of Object.entries(properties('Patent')))
    assert.equal(dates.includes(name), (property as OpenAPIV3_1.SchemaObject).format === 'date', name);
  assert.deepEqual(membersOfFormat('Patent', 'no-such-format'), []);
});

void test('pickDocumented drops extra members, leaves missing ones out and keeps null or undefined values', () => {
  const picked = pickDocumented('FeesPatentRef', { id: null, extra: 1, nested: { id: 'x' } });
  assert.deepEqual(picked, { id: null });
  assert.deepEqual(Object.keys(pickDocumented('FeesPatentRef', { providerId: undefined })), ['providerId']);
  assert.deepEqual(pickDocumented('FeesPatentRef', {}), {});
  // Two representations differing only in members the contract does not define compare equal.
  assert.deepEqual(
    pickDocumented('FeesPatentRef', { id: 'a', providerId: 'p', shownByList: true }),
    pickDocumented('FeesPatentRef', { providerId: 'p', id: 'a' }),
  );
});
