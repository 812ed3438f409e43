/**
 * One judge per rule: a requirement that one answer decides (`decidable: answer`, an invariant of
 * helpers/rules/) or two sightings decide (`decidable: relation`, a row of helpers/rules/relations.ts) is
 * judged there, on every answer of the run. A conformance test citing it provokes the answers and earns its
 * pass from that judge (`expectJudged`, `expectRuleHolds` or `expectJudgedDuring` with the requirement's id,
 * helpers/spec/judged.ts), never from a copy of the rule of its own, which would drift from the judge's.
 *
 * The tests and their titles come from Playwright's own list (the titles of table-driven tests resolved); each
 * test's body is found by the position Playwright reports. A judge call whose id is not a literal (a table's
 * `id`) covers the ids of the table's titles.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { loadRequirements } from '../schemas/requirements';
import { listTests } from '../scripts/traceability';

const ROOT = path.join(__dirname, '..');
const JUDGE_CALL = /\b(?:expectJudged|expectRuleHolds|expectJudgedDuring)\(\s*([^,)]+)/g;

/** The source text of the `test(...)` call Playwright reports at a position of a spec file. */
function bodyAt(sources: Map<string, ts.SourceFile>, file: string, line: number, column: number): string {
  let source = sources.get(file);
  if (!source) {
    source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    sources.set(file, source);
  }
  const position = source.getPositionOfLineAndCharacter(line - 1, column - 1);
  let call: ts.CallExpression | undefined;
  const find = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.getStart(source) === position) call = node;
    else if (!call) node.forEachChild(find);
  };
  find(source);
  return call?.getText(source) ?? '';
}

/**
 * Tests that check a decidable requirement on what its judge cannot see from one answer, each with the reason:
 * the judge decides the requirement on the answers it can, the test on a sequence. A test listed here still
 * cites the requirement; any other site must call the judge.
 */
const BEYOND_ONE_ANSWER: readonly { title: RegExp; ids: string[]; reason: string }[] = [
  {
    title:
      /^\[PER-003, PER-006, PER-007, PER-008, PER-009, PER-010, PER-012\] the by-period filters combined/,
    ids: ['PER-003', 'PER-006', 'PER-010', 'PER-012'],
    reason:
      'the judges decide each answer by itself; a combination is judged against the answers to its parts, which no one answer shows',
  },
  {
    title: /^\[PAT-017, PAT-020, PAT-021\] providerId with each sort field/,
    ids: ['PAT-017', 'PAT-020', 'PAT-021'],
    reason:
      'the judges decide each answer by itself; the filter with a sort is judged against the filter alone, another answer',
  },
  {
    title: /^\[INV-014, INV-016, INV-018\] the issueDate and created windows combined/,
    ids: ['INV-014', 'INV-016', 'INV-018'],
    reason:
      'the judges decide each answer by itself; two windows together are judged against each alone, other answers',
  },
  {
    title: /^\[FRZ-004, FRZ-014, FRZ-018\] the events of a month read/,
    ids: ['FRZ-018'],
    reason:
      "the relation judges an event's flag against its fees' on every answer; a freeze row names its event by its patent's clientCaseReference and its due date, a join only a test that reads the patents makes",
  },
  {
    title: /^\[SYNC-012\] a background batch's results, walked page by page/,
    ids: ['SYNC-012'],
    reason:
      'the order is judged on an inline POST answer; a background batch shows it over several GET pages',
  },
  {
    title: /^\[SYNC-006, SYNC-007, SYNC-009, SYNC-010\] a background batch's counters/,
    ids: ['SYNC-006', 'SYNC-007', 'SYNC-009', 'SYNC-010'],
    reason:
      'the counters are judged against the results of one answer; a background batch spreads them over pages',
  },
  {
    title: /^\[INS-008, INS-017, INS-018, INS-020, INS-023, EVT-022, EVT-028, FEE-010\] random sequences/,
    ids: ['INS-008', 'INS-023', 'EVT-022', 'FEE-010'],
    reason:
      'a model of random sequences of writes and reads: the judges decide each answer, the model the sequence, whose answers vary with the drawn commands',
  },
  {
    title: /^\[PAT-017, PAT-019\] sort=title/,
    ids: ['PAT-017'],
    reason:
      'the sort rules judge the allowed fields; title, outside them, may be refused or sorted on (OPEN-POINTS E3)',
  },
];

void test('a test citing a requirement that a judge decides earns its pass from that judge', () => {
  const judged = new Set(
    loadRequirements()
      .requirements.filter((r) => r.decidable !== undefined && !r.retired)
      .map((r) => r.id),
  );
  const tests = listTests();
  assert.ok(tests.length > 400, `Playwright listed ${tests.length} tests`);
  const sources = new Map<string, ts.SourceFile>();
  const copies: string[] = [];
  for (const t of tests) {
    const cited = t.ids.filter((id) => judged.has(id));
    if (cited.length === 0) continue;
    const body = bodyAt(sources, path.join(ROOT, 'specs', t.file), t.line, t.column);
    assert.ok(body, `${t.file}:${t.line}: no test call found at the position Playwright reports`);
    const calls = [...body.matchAll(JUDGE_CALL)].map((m) => m[1]!.trim());
    const literal = new Set(calls.flatMap((c) => /^['"]([A-Z]+-\d{3})['"]$/.exec(c)?.[1] ?? []));
    const byTable = calls.some((c) => !/^['"]/.test(c));
    const beyond = BEYOND_ONE_ANSWER.find((b) => b.title.test(t.title))?.ids ?? [];
    const missing = cited.filter((id) => !literal.has(id) && !byTable && !beyond.includes(id));
    if (missing.length) copies.push(`${t.file}:${t.line} ${t.title.slice(0, 90)}: ${missing.join(', ')}`);
  }
  assert.deepEqual(
    BEYOND_ONE_ANSWER.filter((b) => !tests.some((t) => b.title.test(t.title))).map((b) => String(b.title)),
    [],
    'listed tests that no longer exist',
  );
  assert.equal(
    copies.length,
    0,
    `${copies.length} test(s) cite a requirement a judge decides without earning the pass from it:\n${copies.join('\n')}`,
  );
});
