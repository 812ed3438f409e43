/**
 * The value formats several areas judge (helpers/contract/value-formats.ts), pure: money amounts and currency
 * codes as the document's components write them, UTC timestamps on real days, office codes; boundaries
 * included (leap second, leap day, the three forms of an ISO 3166-1 code).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  CURRENCY_CODE,
  DECIMAL_STRING,
  isUtcTimestamp,
  OFFICE_CODE,
} from '../helpers/contract/value-formats';

void test('money amounts are decimal strings; currency codes three upper-case letters', () => {
  for (const ok of ['0', '120.5', '-3.25', '1000000.0001']) assert.ok(DECIMAL_STRING.test(ok), ok);
  for (const bad of ['', '1.', '.5', '1e3', '1,5', ' 1']) assert.ok(!DECIMAL_STRING.test(bad), bad);
  assert.ok(CURRENCY_CODE.test('EUR') && !CURRENCY_CODE.test('eur') && !CURRENCY_CODE.test('EURO'));
});

void test('UTC timestamps: Z or +00:00 on a real day, a leap second only at 23:59', () => {
  assert.ok(isUtcTimestamp('2024-02-29T12:00:00Z') && isUtcTimestamp('2024-02-29t12:00:00.5+00:00'));
  assert.ok(isUtcTimestamp('2016-12-31T23:59:60Z'));
  assert.ok(!isUtcTimestamp('2023-02-29T12:00:00Z'), 'no such day');
  assert.ok(!isUtcTimestamp('2024-05-01T12:00:00+01:00'), 'not UTC');
  assert.ok(!isUtcTimestamp('2024-05-01T12:34:60Z') && !isUtcTimestamp(20240501));
});

void test('office codes: WO, EP, EA or ISO 3166-1 alpha-2, alpha-3 or numeric', () => {
  for (const ok of ['WO', 'EP', 'EA', 'FR', 'FRA', '250']) assert.ok(OFFICE_CODE.test(ok), ok);
  for (const bad of ['ep', 'F', 'FRAN', '25', '2500', 'E1', '']) assert.ok(!OFFICE_CODE.test(bad), bad);
});
