/**
 * Text order without a stated collation: the contract says "`field` ascending" and names no collation, so an
 * order of strings is checked only where binary, case-insensitive, locale, numeric and punctuation-blind
 * collations all agree, and values that some collation may tie with another are left out.
 */

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Collations a server may use for "ascending" text (binary, case-insensitive, locale, numeric, punctuation-blind). */
const COLLATIONS: ((a: string, b: string) => number)[] = [
  byCodeUnit,
  (a, b) => byCodeUnit(a.toLowerCase(), b.toLowerCase()),
  (a, b) => a.localeCompare(b, 'en'),
  (a, b) => a.localeCompare(b, 'en', { numeric: true }),
  (a, b) => a.localeCompare(b, 'en', { ignorePunctuation: true }),
];

/** -1 or 1 when every collation orders the two strings the same way, 0 when they disagree or tie. */
export function agreedOrder(a: string, b: string): number {
  const signs = new Set(COLLATIONS.map((compare) => Math.sign(compare(a, b))));
  return signs.size === 1 ? [...signs][0]! : 0;
}

/** Pairs of the ascending order that every collation puts the other way round (at most five). */
export function directionProblems(ascending: string[]): string[] {
  const problems: string[] = [];
  ascending.forEach((a, i) => {
    for (const b of ascending.slice(i + 1))
      if (agreedOrder(a, b) > 0) problems.push(`${JSON.stringify(a)} comes before ${JSON.stringify(b)}`);
  });
  return problems.slice(0, 5);
}

/** Key under which case, accent, width and punctuation-insensitive collations may tie two strings. */
function foldKey(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Values that another distinct value may tie with under some collation: left out of the order checks. */
export function collationTwins(values: string[]): Set<string> {
  const byKey = new Map<string, Set<string>>();
  for (const value of values) byKey.set(foldKey(value), (byKey.get(foldKey(value)) ?? new Set()).add(value));
  return new Set([...byKey.values()].filter((set) => set.size > 1).flatMap((set) => [...set]));
}

/** The nulls of a sorted list (placed nowhere by the contract) must form one block at an end. */
export function nullBlockProblems(values: (string | null)[]): string[] {
  const first = values.findIndex((v) => v !== null);
  const last = values.findLastIndex((v) => v !== null);
  const nullInside = first < 0 ? -1 : values.slice(first, last + 1).indexOf(null);
  return nullInside >= 0 ? [`a null sits at position ${first + nullInside}, between non-null values`] : [];
}

/**
 * Order problems of a list sorted on a free-text member: the nulls (placed nowhere by the contract) form one
 * block at an end, and no two values come in the order every collation reverses.
 */
export function textOrderProblems(values: (string | null)[], descending: boolean): string[] {
  const problems = nullBlockProblems(values);
  const nonNull = values.filter((v): v is string => v !== null);
  const twins = collationTwins(nonNull);
  const comparable = nonNull.filter((v) => !twins.has(v));
  return [...problems, ...directionProblems(descending ? [...comparable].reverse() : comparable)];
}
