/**
 * Allure labels derived from the requirement catalogue.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ALL_OPERATIONS, allureLabelsFor } from '../helpers/contract/allure-labels';
import { loadRequirements, requirementById } from '../schemas/requirements';

const values = (labels: { name: string; value: string }[], name: string) =>
  labels.filter((l) => l.name === name).map((l) => l.value);

void test('epic, feature, story, severity and tags come from the catalogue entry', () => {
  const requirement = loadRequirements().requirements.find(
    (r) => r.level === 'MUST' && !r.operations.includes('*'),
  )!;
  const labels = allureLabelsFor([requirement.id]);
  const area = loadRequirements().areas.find((a) => a.key === requirement.area)!;
  assert.deepEqual(values(labels, 'epic'), [area.title]);
  assert.deepEqual(values(labels, 'feature'), requirement.operations);
  assert.deepEqual(values(labels, 'story'), [requirement.id]);
  assert.deepEqual(values(labels, 'severity'), ['critical']);
  assert.deepEqual(values(labels, 'tag'), [], 'Playwright tags already become tag labels');
  assert.deepEqual(values(allureLabelsFor([requirement.id], { tags: true }), 'tag'), [
    requirement.area,
    'must',
  ]);
});

void test('severity follows the strictest level cited; every operation reads as such', () => {
  assert.equal(requirementById('INS-025')?.level, 'SHOULD');
  assert.equal(requirementById('EVO-002')?.level, 'MAY');
  assert.deepEqual(values(allureLabelsFor(['EVO-002']), 'severity'), ['minor']);
  assert.deepEqual(values(allureLabelsFor(['INS-025']), 'severity'), ['normal']);
  assert.deepEqual(values(allureLabelsFor(['EVO-002', 'INS-025', 'AUTH-001']), 'severity'), ['critical']);
  const star = loadRequirements().requirements.find((r) => r.operations.includes('*'));
  if (star) assert.deepEqual(values(allureLabelsFor([star.id]), 'feature'), [ALL_OPERATIONS]);
});

void test('labels are not repeated and an unknown id is refused', () => {
  const labels = allureLabelsFor(['AUTH-001', 'AUTH-002']);
  assert.equal(new Set(labels.map((l) => `${l.name}=${l.value}`)).size, labels.length);
  assert.deepEqual(values(labels, 'story'), ['AUTH-001', 'AUTH-002']);
  assert.throws(() => allureLabelsFor(['NOPE-001']), /NOPE-001 is not in/);
});

void test('a title citing no requirement gets no label, not even a severity', () => {
  assert.deepEqual(allureLabelsFor([]), []);
  assert.deepEqual(allureLabelsFor([], { tags: true }), []);
});
