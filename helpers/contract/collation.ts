/**
 * Text order without a stated collation: the contract says "`field` ascending" and names no collation, so an
 * order of strings is checked only where binary (code units and code points), case-insensitive, locale
 * (English and some tailorings), numeric and punctuation-blind collations all agree, and values that some
 * collation may tie with another (case, accents, width, punctuation, expansions) are left out.
 */

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Code point order, which is also UTF-8 byte order (Go, Rust, Python, a "C" database collation). */
function byCodePoint(a: string, b: string): number {
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(j)!;
    if (x !== y) return x < y ? -1 : 1;
    i += x > 0xffff ? 2 : 1;
    j += y > 0xffff ? 2 : 1;
  }
  return Math.sign(a.length - b.length);
}

const collator = (locale: string, options: Intl.CollatorOptions = {}) =>
  new Intl.Collator(locale, options).compare;

/**
 * Collations a server may use for "ascending" text: binary (UTF-16 code units, code points), case-insensitive
 * by lower- or upper-casing, locale (English, numeric, punctuation-blind, and the tailorings of some
 * languages that move letters: Danish, Swedish, Estonian, Lithuanian, Czech, Hungarian). Built once: a
 * collator is costly to make, cheap to use. The cheapest come first: a pair they do not invert is settled.
 */
const COLLATIONS: ((a: string, b: string) => number)[] = [
  byCodeUnit,
  byCodePoint,
  (a, b) => byCodeUnit(a.toLowerCase(), b.toLowerCase()),
  (a, b) => byCodeUnit(a.toUpperCase(), b.toUpperCase()),
  collator('en'),
  collator('en', { numeric: true }),
  collator('en', { ignorePunctuation: true }),
  ...['da', 'sv', 'et', 'lt', 'cs', 'hu'].map((locale) => collator(locale)),
];

/** Whether every collation puts `a` after `b` (stops at the first that does not). */
const invertedByAll = (a: string, b: string) => COLLATIONS.every((compare) => compare(a, b) > 0);

/** -1 or 1 when every collation orders the two strings the same way, 0 when they disagree or tie. */
export function agreedOrder(a: string, b: string): number {
  if (invertedByAll(a, b)) return 1;
  return invertedByAll(b, a) ? -1 : 0;
}

/** Pairs of the ascending order that every collation puts the other way round (at most five). */
export function directionProblems(ascending: string[]): string[] {
  const problems: string[] = [];
  for (let i = 0; i < ascending.length && problems.length < 5; i++)
    for (let j = i + 1; j < ascending.length && problems.length < 5; j++)
      if (invertedByAll(ascending[i]!, ascending[j]!))
        problems.push(`${JSON.stringify(ascending[i])} comes before ${JSON.stringify(ascending[j])}`);
  return problems;
}

/** Key under which case, accent, width and punctuation-insensitive collations may tie two strings. */
function foldKey(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Base-level equality, punctuation ignored: accents, case, width and expansions (ß, ss) tie. */
const atBaseLevel = collator('en', { sensitivity: 'base', ignorePunctuation: true });

/** Values that another distinct value may tie with under some collation: left out of the order checks. */
export function collationTwins(values: string[]): Set<string> {
  const byKey = new Map<string, Set<string>>();
  for (const value of values) byKey.set(foldKey(value), (byKey.get(foldKey(value)) ?? new Set()).add(value));
  const twins = new Set([...byKey.values()].filter((set) => set.size > 1).flatMap((set) => [...set]));
  // What folding misses (ß and ss, æ and ae): neighbours at base level once sorted by it.
  const sorted = [...new Set(values)].sort(atBaseLevel);
  sorted.forEach((value, i) => {
    if (i > 0 && atBaseLevel(sorted[i - 1]!, value) === 0) twins.add(value).add(sorted[i - 1]!);
  });
  return twins;
}

/**
 * The nulls of a sorted list (placed nowhere by the contract) must form one block at an end. Empty strings
 * are left out: a server may sort a null as "" (COALESCE), so the two may interleave.
 */
export function nullBlockProblems(values: (string | null)[]): string[] {
  const shown = values.map((v, position) => ({ v, position })).filter(({ v }) => v !== '');
  const first = shown.findIndex(({ v }) => v !== null);
  const last = shown.findLastIndex(({ v }) => v !== null);
  const inside = first < 0 ? undefined : shown.slice(first, last + 1).find(({ v }) => v === null);
  return inside ? [`a null sits at position ${inside.position}, between non-null values`] : [];
}

/**
 * The direction problems of free-text values (no null) sorted ascending, or descending: values some collation
 * may tie with another are left out, and no two of the rest may come in the order every collation reverses.
 */
export function textDirectionProblems(nonNull: string[], descending: boolean): string[] {
  const twins = collationTwins(nonNull);
  const comparable = nonNull.filter((v) => !twins.has(v));
  return directionProblems(descending ? comparable.reverse() : comparable);
}

/**
 * Order problems of a list sorted on a free-text member: the nulls (placed nowhere by the contract) form one
 * block at an end, and no two values come in the order every collation reverses.
 */
export function textOrderProblems(values: (string | null)[], descending: boolean): string[] {
  const nonNull = values.filter((v): v is string => v !== null);
  return [...nullBlockProblems(values), ...textDirectionProblems(nonNull, descending)];
}
