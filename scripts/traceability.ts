/**
 * Requirement -> tests traceability, computed from the catalogue and the suite's own test list
 * (`playwright test --list`), so the coverage figure cannot drift from the code.
 */
import { INVARIANTS, UNIQUE_VALUE_KINDS } from '../helpers/rules/registry';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { loadRequirements, type Requirement } from '../schemas/requirements';
import { computeFreedomCoverage, describeFreedomCoverage } from './freedom-coverage';

export interface ListedTest {
  title: string;
  file: string;
  ids: string[];
  /** Where the test is declared in its spec file (1-based). */
  line: number;
  column: number;
}

interface JsonSuite {
  title: string;
  file: string;
  specs?: { title: string; file: string; line: number; column: number }[];
  suites?: JsonSuite[];
}

const ROOT = path.join(__dirname, '..');
const ID_PATTERN = /\b([A-Z]{2,6}-\d{3})\b/g;

export function idsOf(title: string): string[] {
  const bracket = title.match(/^\[([^\]]+)\]/);
  return bracket ? [...bracket[1]!.matchAll(ID_PATTERN)].map((m) => m[1]!) : [];
}

/** Every test of the suite, as Playwright collects it (no test runs, no target needed). */
export function listTests(): ListedTest[] {
  const run = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '--list', '--reporter=json'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, BASE_URL: process.env.BASE_URL ?? 'http://127.0.0.1:9' },
    },
  );
  if (run.status !== 0) throw new Error(`playwright --list failed: ${run.stderr || run.stdout}`);
  const report = JSON.parse(run.stdout) as { suites: JsonSuite[]; errors: { message: string }[] };
  if (report.errors.length > 0)
    throw new Error(`playwright --list reported: ${report.errors.map((e) => e.message).join('\n')}`);
  const tests: ListedTest[] = [];
  const visit = (suite: JsonSuite) => {
    for (const spec of suite.specs ?? [])
      tests.push({
        title: spec.title,
        file: spec.file,
        ids: idsOf(spec.title),
        line: spec.line,
        column: spec.column,
      });
    for (const child of suite.suites ?? []) visit(child);
  };
  report.suites.forEach(visit);
  return tests;
}

export interface Coverage {
  total: number;
  tested: Requirement[];
  /** Untested entries that state why no test can check them. */
  notTestable: Requirement[];
  /** Untested entries without a reason: gaps. */
  gaps: Requirement[];
  /** Entries that claim to be untestable but are cited by a test: the catalogue is out of date. */
  reasonButTested: Requirement[];
  /** Ids cited by tests that the catalogue does not have. */
  unknownIds: string[];
  /** Tests whose title cites no id. */
  untraced: ListedTest[];
  testsById: Map<string, ListedTest[]>;
  /** tested / total, in percent, one decimal. */
  percent: number;
}

export function computeCoverage(tests: ListedTest[] = listTests()): Coverage {
  const requirements = loadRequirements().requirements.filter((r) => !r.retired);
  const known = new Set(requirements.map((r) => r.id));
  const testsById = new Map<string, ListedTest[]>();
  for (const test of tests) {
    for (const id of test.ids) testsById.set(id, [...(testsById.get(id) ?? []), test]);
  }
  // A requirement the run decides from every answer (an invariant, a value unique in a tenant) is checked
  // even where no test title cites it.
  const recorded = new Set<string>([...INVARIANTS.map((i) => i.id), ...Object.keys(UNIQUE_VALUE_KINDS)]);
  const checked = (id: string) => testsById.has(id) || recorded.has(id);
  const tested = requirements.filter((r) => checked(r.id));
  const untested = requirements.filter((r) => !checked(r.id));
  return {
    total: requirements.length,
    tested,
    notTestable: untested.filter((r) => r.notTestedReason),
    gaps: untested.filter((r) => !r.notTestedReason),
    reasonButTested: tested.filter((r) => r.notTestedReason),
    unknownIds: [...testsById.keys()].filter((id) => !known.has(id)).sort(),
    untraced: tests.filter((t) => t.ids.length === 0),
    testsById,
    percent: Math.round((tested.length / requirements.length) * 1000) / 10,
  };
}

if (require.main === module) {
  const tests = listTests();
  const c = computeCoverage(tests);
  const lines = [
    `tests: ${tests.length}`,
    `requirements: ${c.total}, checked by at least one test: ${c.tested.length} (${c.percent} %)`,
    `not testable over HTTP (with reason): ${c.notTestable.length}`,
    ...c.notTestable.map((r) => `  ${r.id}: ${r.notTestedReason}`),
    `gaps (no test, no reason): ${c.gaps.length}`,
    ...c.gaps.map((r) => `  ${r.id}: ${r.requirement}`),
    ...describeFreedomCoverage(computeFreedomCoverage()),
  ];
  if (c.unknownIds.length) lines.push(`unknown ids cited: ${c.unknownIds.join(', ')}`);
  if (c.reasonButTested.length)
    lines.push(`tested despite notTestedReason: ${c.reasonButTested.map((r) => r.id).join(', ')}`);
  process.stdout.write(`${lines.join('\n')}\n`);
}
