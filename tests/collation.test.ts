/**
 * Text order without a stated collation (helpers/contract/collation.ts): a pair counts only when binary,
 * case-insensitive, locale, numeric and punctuation-blind collations all agree; values some collation may
 * tie with another are left out; nulls form one block at an end.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  agreedOrder,
  collationTwins,
  directionProblems,
  nullBlockProblems,
  textOrderProblems,
} from '../helpers/contract/collation';

void test('agreedOrder gives the sign every collation agrees on', () => {
  assert.equal(agreedOrder('apple', 'pear'), -1);
  assert.equal(agreedOrder('pear', 'apple'), 1);
  assert.equal(agreedOrder('a1', 'b0'), -1);
});

void test('agreedOrder is 0 for equal strings and wherever two collations disagree', () => {
  assert.equal(agreedOrder('same', 'same'), 0);
  // Binary puts upper case first, case-insensitive does not.
  assert.equal(agreedOrder('Banana', 'apple'), 0);
  // Binary reads digits one by one, numeric reads numbers.
  assert.equal(agreedOrder('item10', 'item9'), 0);
  // Binary sorts '-' before letters, punctuation-blind compares "ac" with "ab".
  assert.equal(agreedOrder('a-c', 'ab'), 0);
});

void test('directionProblems names each pair in the order every collation reverses, five at most', () => {
  assert.deepEqual(directionProblems(['apple', 'pear', 'plum']), []);
  assert.deepEqual(directionProblems(['pear', 'apple']), ['"pear" comes before "apple"']);
  // A pair the collations disagree on is no problem either way.
  assert.deepEqual(directionProblems(['item10', 'item9']), []);
  assert.deepEqual(directionProblems(['item9', 'item10']), []);
  const reversed = ['j', 'i', 'h', 'g', 'f', 'e', 'd', 'c', 'b', 'a'];
  const problems = directionProblems(reversed);
  assert.equal(problems.length, 5);
  assert.equal(problems[0], '"j" comes before "i"');
  assert.deepEqual(directionProblems([]), []);
  assert.deepEqual(directionProblems(['alone']), []);
});

void test('collationTwins holds the values a case, accent, width or punctuation-blind collation may tie', () => {
  const twins = collationTwins(['Résumé', 'resume', 'other', 'ｆｕｌｌ', 'full', 'a-b', 'ab', 'x']);
  assert.deepEqual([...twins].sort(), ['Résumé', 'a-b', 'ab', 'full', 'resume', 'ｆｕｌｌ'].sort());
});

void test('a value repeated is not its own twin', () => {
  assert.deepEqual([...collationTwins(['same', 'same', 'other'])], []);
  assert.deepEqual([...collationTwins([])], []);
});

void test('nullBlockProblems accepts nulls at either end only', () => {
  assert.deepEqual(nullBlockProblems([null, null, 'a', 'b']), []);
  assert.deepEqual(nullBlockProblems(['a', 'b', null]), []);
  assert.deepEqual(nullBlockProblems([null, 'a', null]), []);
  assert.deepEqual(nullBlockProblems([null, null]), []);
  assert.deepEqual(nullBlockProblems([]), []);
  assert.deepEqual(nullBlockProblems(['a', null, null, 'b']), [
    'a null sits at position 1, between non-null values',
  ]);
  assert.deepEqual(nullBlockProblems([null, 'a', null, 'b']), [
    'a null sits at position 2, between non-null values',
  ]);
});

void test('textOrderProblems checks the direction asked, without twins, and the null block', () => {
  assert.deepEqual(textOrderProblems(['apple', 'pear'], false), []);
  assert.deepEqual(textOrderProblems(['pear', 'apple'], true), []);
  assert.deepEqual(textOrderProblems(['apple', 'pear'], true), ['"pear" comes before "apple"']);
  // "resume" and "Résumé" may tie: both are left out of every comparison.
  assert.deepEqual(textOrderProblems(['resume', 'Résumé', 'zebra'], false), []);
  assert.deepEqual(textOrderProblems(['Résumé', 'resume', 'apple'], false), []);
  assert.deepEqual(textOrderProblems(['zebra', 'Résumé', 'resume', 'apple'], false), [
    '"zebra" comes before "apple"',
  ]);
  assert.deepEqual(textOrderProblems(['pear', null, 'apple'], false), [
    'a null sits at position 1, between non-null values',
    '"pear" comes before "apple"',
  ]);
});

void test('orders a conformant server may use are all tolerated: code points, upper-casing, tailorings, base-level ties, null as ""', () => {
  const tolerated: [string, string[]][] = [
    ['code point (UTF-8 byte) order', ['xｱ', 'x𝐚']],
    ['case folded by upper-casing', ['abcd', 'abc_1']],
    ['an expansion tied at base level', ['Weiß-1', 'Weiss-1']],
    ['Danish (aa after z)', ['AB-1', 'AA-1']],
    ['Estonian (z after s)', ['AZ-1', 'AT-1']],
  ];
  for (const [what, values] of tolerated) assert.deepEqual(textOrderProblems(values, false), [], what);
  assert.deepEqual(nullBlockProblems([null, '', null, 'A-1']), [], 'a null sorted as ""');
  // What every collation reverses still breaks, fast: a reversed page stops at five problems.
  const page = Array.from({ length: 100 }, (_, i) => `Case-${1000 + i}`).reverse();
  assert.equal(textOrderProblems(page, false).length, 5);
});
