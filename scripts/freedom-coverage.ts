/**
 * Freedom coverage: every place where the contract says "not shown", its row in section F of
 * schemas/OPEN-POINTS.md (observable over HTTP or not) and the reference variants that prove the suite
 * tolerates the freedom. Computed from the contract, the open points and the variant catalogue, so the
 * figure cannot drift from them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { VARIANTS } from '../reference/variants';
import { CONTRACT_FILE } from '../schemas/requirements';

const ROOT = path.join(__dirname, '..');
export { CONTRACT_FILE };
export const OPEN_POINTS_FILE = path.join(ROOT, 'schemas', 'OPEN-POINTS.md');
const SECTION = /^## F\. /;
const NOT_SHOWN = 'not shown';

export interface FreedomRow {
  entry: string;
  wording: string;
  observable: boolean;
  /** Why a client cannot observe it (rows that are not observable). */
  reason: string;
  variants: string[];
}

export interface FreedomCoverage {
  /** Contract lines holding "not shown", whitespace-normalised. */
  occurrences: string[];
  rows: FreedomRow[];
  /** Occurrences matched by no row, or by more than one. */
  unmatched: string[];
  ambiguous: string[];
  /** Rows whose wording is not in the contract verbatim, or does not say "not shown". */
  notInContract: FreedomRow[];
  /** Rows whose entry id has no row in section A. */
  unknownEntries: FreedomRow[];
  /** Variant names the rows cite that the catalogue does not have. */
  unknownVariants: string[];
  /** Observable freedoms without a variant; unobservable rows that cite one. */
  uncovered: FreedomRow[];
  inconsistent: FreedomRow[];
  observable: number;
  covered: number;
  /** covered / observable, in percent, one decimal. */
  percent: number;
}

const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

export function notShownOccurrences(contract: string): string[] {
  return contract
    .split('\n')
    .filter((line) => line.includes(NOT_SHOWN))
    .flatMap((line) => Array.from({ length: line.split(NOT_SHOWN).length - 1 }, () => squash(line)));
}

export function parseFreedomRows(openPoints: string): FreedomRow[] {
  const lines = openPoints.split('\n');
  const start = lines.findIndex((l) => SECTION.test(l));
  if (start < 0) throw new Error('schemas/OPEN-POINTS.md has no section "## F."');
  const rows: FreedomRow[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('## ')) break;
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 6 || !/^A\d+$/.test(cells[1]!)) continue;
    const [, entry, quoted, observableCell, variantsCell] = cells as [string, string, string, string, string];
    const observable = /^yes\b/.test(observableCell);
    if (!observable && !/^no\b/.test(observableCell))
      throw new Error(`section F, ${entry}: "Observable over HTTP" must start with yes or no`);
    rows.push({
      entry,
      wording: squash(quoted.replace(/^"|"$/g, '')),
      observable,
      reason: observable ? '' : observableCell.replace(/^no:?\s*/, ''),
      variants: [...variantsCell.matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]!),
    });
  }
  return rows;
}

function sectionAEntries(openPoints: string): Set<string> {
  return new Set([...openPoints.matchAll(/^\| (A\d+) \|/gm)].map((m) => m[1]!));
}

export function computeFreedomCoverage(
  contract = fs.readFileSync(CONTRACT_FILE, 'utf8'),
  openPoints = fs.readFileSync(OPEN_POINTS_FILE, 'utf8'),
  variantNames: ReadonlySet<string> = new Set(VARIANTS.map((v) => v.name)),
): FreedomCoverage {
  const occurrences = notShownOccurrences(contract);
  const rows = parseFreedomRows(openPoints);
  const contractText = squash(contract);
  const matches = (occurrence: string) => rows.filter((r) => occurrence.includes(r.wording));
  // A line holding "not shown" twice needs two rows; each row matches one occurrence of its line.
  const perLine = new Map<string, number>();
  for (const o of occurrences) perLine.set(o, (perLine.get(o) ?? 0) + 1);
  const unmatched: string[] = [];
  const ambiguous: string[] = [];
  for (const [line, count] of perLine) {
    const found = matches(line).length;
    if (found < count) unmatched.push(line);
    if (found > count) ambiguous.push(line);
  }
  const entries = sectionAEntries(openPoints);
  const observableRows = rows.filter((r) => r.observable);
  const covered = observableRows.filter((r) => r.variants.length > 0).length;
  return {
    occurrences,
    rows,
    unmatched,
    ambiguous,
    notInContract: rows.filter((r) => !r.wording.includes(NOT_SHOWN) || !contractText.includes(r.wording)),
    unknownEntries: rows.filter((r) => !entries.has(r.entry)),
    unknownVariants: [...new Set(rows.flatMap((r) => r.variants))].filter((v) => !variantNames.has(v)).sort(),
    uncovered: observableRows.filter((r) => r.variants.length === 0),
    inconsistent: rows.filter((r) => !r.observable && r.variants.length > 0),
    observable: observableRows.length,
    covered,
    percent: observableRows.length ? Math.round((covered / observableRows.length) * 1000) / 10 : 100,
  };
}

export function describeFreedomCoverage(c: FreedomCoverage): string[] {
  const variants = new Set(c.rows.flatMap((r) => r.variants)).size;
  return [
    `"not shown" in the contract: ${c.occurrences.length}; observable over HTTP: ${c.observable}, ` +
      `each proven tolerated by a variant: ${c.covered} (${c.percent} %), with ${variants} variants; ` +
      `not observable: ${c.rows.length - c.observable}`,
    ...c.rows.filter((r) => !r.observable).map((r) => `  ${r.entry} not observable: ${r.reason}`),
    ...c.uncovered.map((r) => `  ${r.entry} observable but no variant: "${r.wording}"`),
  ];
}

if (require.main === module)
  process.stdout.write(`${describeFreedomCoverage(computeFreedomCoverage()).join('\n')}\n`);
