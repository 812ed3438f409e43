/**
 * Groups of variants the mutation run switches on together in one reference: a variant passes when the
 * whole suite passes against it, and variants whose switches sit in different source files of the
 * reference cannot change each other's behaviour, so a group that passes proves each of its members. A
 * group that fails is run again member by member (scripts/mutation.ts), so a verdict is never a group's.
 */
import fs from 'node:fs';
import path from 'node:path';

const REFERENCE = path.join(__dirname, '..', 'reference');
/** The catalogues name every variant; they switch nothing. */
const CATALOGUES = [path.join(REFERENCE, 'variants'), path.join(REFERENCE, 'faults')];

/** The reference's source files that implement the rules (the catalogues left out). */
export function referenceSourceFiles(dir = REFERENCE): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return CATALOGUES.includes(full) ? [] : referenceSourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** For each variant, the reference source files that name it (where its switches are). */
export function switchFiles(names: readonly string[]): Map<string, Set<string>> {
  const files = referenceSourceFiles().map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));
  return new Map(
    names.map((name) => [
      name,
      new Set(
        files
          .filter(({ text }) => text.includes(`'${name}'`))
          .map(({ file }) => path.relative(REFERENCE, file)),
      ),
    ]),
  );
}

/**
 * Variants in groups whose members share no switch file. A variant whose switch is not found stays alone:
 * nothing tells what it could meet.
 */
export function variantGroups(names: readonly string[]): string[][] {
  const files = switchFiles(names);
  const groups: { members: string[]; files: Set<string> }[] = [];
  // The variants with the most switch files first: they are the hardest to place.
  const ordered = [...names].sort((a, b) => files.get(b)!.size - files.get(a)!.size || a.localeCompare(b));
  for (const name of ordered) {
    const own = files.get(name)!;
    const group =
      own.size === 0
        ? undefined
        : groups.find((g) => g.files.size > 0 && [...own].every((file) => !g.files.has(file)));
    if (group) {
      group.members.push(name);
      for (const file of own) group.files.add(file);
    } else groups.push({ members: [name], files: new Set(own) });
  }
  return groups.map((g) => g.members.sort());
}

/**
 * As many variants as can be switched on at once: first fit over the variants with the fewest switch files
 * first (a variant that takes one file leaves the most for the others), none whose switch is not found.
 * `turn` rotates the choice among the variants of one file, so that a series of runs meets most of them.
 */
export function widestCombination(names: readonly string[], turn = 0): string[] {
  return widestOf(switchFiles(names), turn);
}

/** widestCombination over known switch files: each variant's files by its name. */
export function widestOf(files: ReadonlyMap<string, ReadonlySet<string>>, turn = 0): string[] {
  const names = [...files.keys()].filter((name) => files.get(name)!.size > 0).sort();
  // Each variant's place among those of its first file, rotated by `turn`.
  const places = new Map<string, number>();
  const byFirstFile = new Map<string, string[]>();
  for (const name of names) {
    const first = [...files.get(name)!].sort()[0]!;
    byFirstFile.set(first, [...(byFirstFile.get(first) ?? []), name]);
  }
  for (const members of byFirstFile.values())
    members.forEach((name, i) =>
      places.set(name, (i - (turn % members.length) + members.length) % members.length),
    );
  const ordered = names.sort(
    (a, b) =>
      files.get(a)!.size - files.get(b)!.size || places.get(a)! - places.get(b)! || a.localeCompare(b),
  );
  const taken = new Set<string>();
  const chosen: string[] = [];
  for (const name of ordered) {
    const own = [...files.get(name)!];
    if (own.some((file) => taken.has(file))) continue;
    chosen.push(name);
    for (const file of own) taken.add(file);
  }
  return chosen.sort();
}
