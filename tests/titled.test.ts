/**
 * Requirement ids are typed once, in the title: titled(title) derives the tags and annotations from the
 * title's brackets, and refuses a title that cites no id or an id the catalogue does not hold.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { titled } from '../helpers/spec/fixtures';

void test('titled derives the area and level tags and one annotation per id from the brackets', () => {
  const [title, details] = titled('[PAG-008, AUTH-005] two clauses');
  assert.equal(title, '[PAG-008, AUTH-005] two clauses');
  assert.deepEqual(details.annotation, [
    { type: 'requirement', description: 'PAG-008' },
    { type: 'requirement', description: 'AUTH-005' },
  ]);
  assert.deepEqual([...(details.tag as string[])].sort(), ['@auth', '@must', '@pagination'].sort());
});

void test('titled refuses a title without ids and an id outside the catalogue', () => {
  assert.throws(() => titled('no bracket'), /cites no requirement id/);
  assert.throws(() => titled('[PAG-999] unknown'), /PAG-999, which is not in schemas\/requirements.yaml/);
});
