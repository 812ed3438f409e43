/**
 * A test's identity in report history (helpers/contract/history-identity.ts): its project, describe path and
 * title, so that it stays the same across runs and when the test moves to another spec file.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { historyIdentity } from '../helpers/contract/history-identity';

const TITLE = '[PAG-008] itemsPerPage above 100 is clamped to 100';

void test('the identity is stable: the same value as in earlier reports', () => {
  // Allure matches history by this value: a change of the recipe would cut every test from its history.
  assert.equal(historyIdentity('', ['pagination', TITLE]), 'ec796df8c8fc4f8aeaf241001112c21d');
  assert.equal(historyIdentity('reference', ['pagination', TITLE]), 'd86faf00319250d78514885ae317bda5');
});

void test('the project and every part of the path tell tests apart; empty parts do not', () => {
  const identity = historyIdentity('', ['pagination', TITLE]);
  assert.notEqual(historyIdentity('other', ['pagination', TITLE]), identity);
  assert.notEqual(historyIdentity('', ['sorting', TITLE]), identity);
  assert.notEqual(historyIdentity('', [TITLE]), identity);
  assert.equal(historyIdentity('', ['', 'pagination', '', TITLE]), identity);
  assert.match(identity, /^[0-9a-f]{32}$/);
});
