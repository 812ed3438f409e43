/**
 * The references of a mutation run (scripts/mutation.ts), as the run hands them to Playwright in
 * MUTATION_TARGETS: one entry each (the clean reference, a fault, a group of variants), all run by the same
 * workers. Each entry is a describe of its own in a test file of its own (scripts/mutation-entry.ts), titled by
 * `entryTitle`; `entryGrep` keeps, of each entry, the tests it is to run.
 */
import path from 'node:path';

export interface MutationTarget {
  /** `clean`, `fault:<name>` or `variant:<name>`. */
  name: string;
  baseUrl: string;
  /** Spec base names to run (a fault's first passes); undefined: the whole suite. */
  specs?: string[];
  /** Only the tests citing these requirement ids (a fault's first pass). */
  ids?: string[];
  /** A fault: its failures are the outcome sought. */
  fault?: boolean;
  /**
   * A fault's wider pass: once one of its tests has failed, the tests of it that have not started are skipped.
   * A kill needs one failure; the wider passes run whole spec files, or the whole suite, for it.
   */
  untilKilled?: boolean;
  /** A reference pinned to a fault's calendar: its zone, and its clock's offset from the runner's (ms). */
  timeZone?: string;
  clockOffsetMs?: number;
}

/** The text of the test file that declares the entry `name` (scripts/mutation-entry.ts). */
export function entryFileText(name: string): string {
  const declaring = path.join(__dirname, '..', '..', 'scripts', 'mutation-entry.ts');
  return `require(${JSON.stringify(declaring)}).declareEntry(${JSON.stringify(name)});\n`;
}

/** The targets of the mutation run, or undefined outside it. */
export function mutationTargets(env: NodeJS.ProcessEnv = process.env): MutationTarget[] | undefined {
  return env.MUTATION_TARGETS ? (JSON.parse(env.MUTATION_TARGETS) as MutationTarget[]) : undefined;
}

/** The title of an entry's describe: bracketed so that no test title can be taken for it. */
export const entryTitle = (name: string) => `⟪${name}⟫`;

/** The entry a describe title names, or undefined for any other title. */
export function entryOfTitle(title: string): string | undefined {
  return /^⟪(.+)⟫$/.exec(title)?.[1];
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One pattern per entry, matched against Playwright's grep title (file, describes, test title, tags): every
 * test of the entry, or, where the entry names requirement ids, only the tests citing one of them in their
 * title's brackets.
 */
export function entryGrep(targets: readonly MutationTarget[]): RegExp[] {
  return targets.map((t) => {
    const entry = `${escaped(entryTitle(t.name))} `;
    return t.ids
      ? new RegExp(`${entry}.*\\[[^\\]]*\\b(?:${t.ids.join('|')})\\b[^\\]]*\\]`)
      : new RegExp(entry);
  });
}
