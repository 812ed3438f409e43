/**
 * What the sync rules read of an answer (helpers/contract/sync-answers.ts): the items a POST sent, the echo of
 * their providerIds in the results, and the results an answer shows.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { echoMismatches, hasReason, postedItems, withoutIdentifier } from '../helpers/contract/sync-answers';
import { answer } from './answer-support';

void test('the items a sync POST sent, and the providerIds its results echo', () => {
  const sent = answer({
    method: 'POST',
    operationId: 'syncPatents',
    requestBody: { items: [{ providerId: 'A' }, {}] },
  });
  const items = postedItems(sent)!;
  assert.equal(items.length, 2);
  assert.deepEqual(echoMismatches(items, [{ providerId: 'A' }, { providerId: null }], 0), []);
  assert.equal(echoMismatches(items, [{ providerId: 'B' }, { providerId: null }], 0).length, 1);
});

void test('an item without identifier, and a reason that says something', () => {
  assert.ok(withoutIdentifier({ title: 'x' }));
  assert.ok(!withoutIdentifier({ providerId: 'A' }));
  assert.ok(hasReason({ reason: 'invalid date' }));
  assert.ok(!hasReason({ reason: '  ' }));
});
