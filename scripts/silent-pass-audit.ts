/**
 * Static audit of the specs for decisive assertions that may never run (CONTRIBUTING, "A pass is earned"):
 *  - a loop whose body asserts, over a list not shown to be non-empty;
 *  - an `if` (or `&&`) whose branch asserts, with no `else` that asserts or ends the test as not verified.
 * A place is accepted when the list is a table of cases (an array literal, or a module-level constant),
 * goes through `nonEmpty(...)`, or is checked before the loop; or when a comment on the line above says
 * why the condition belongs to the rule itself: `// conditional by the contract: <clause or reason>`.
 * Used by tests/silent-pass.test.ts; `npx tsx scripts/silent-pass-audit.ts` prints the findings.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface Finding {
  file: string;
  line: number;
  kind: 'loop' | 'branch';
  text: string;
}

const MARKER = /\/\/\s*conditional by the contract:/;
const ENDS_UNVERIFIED =
  /\b(notVerified|verifiedOnlyIf|skipBecause|skipIf|nonEmpty|test\.skip|requireSetting)\s*\(/;
const ASSERTS = /\bexpect(\.soft|\.poll)?\s*\(/;

function asserts(node: ts.Node, source: ts.SourceFile): boolean {
  return ASSERTS.test(node.getText(source));
}

function markedAbove(node: ts.Node, source: ts.SourceFile): boolean {
  const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
  const lines = source.text.split('\n');
  for (let l = line - 1; l >= Math.max(0, line - 3); l--) {
    const text = lines[l]!.trim();
    if (MARKER.test(text)) return true;
    if (!text.startsWith('//')) break;
  }
  return false;
}

/** Names declared at module level as an array literal (tables of cases) or a frozen constant list. */
function moduleTables(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations) {
      let init = d.initializer;
      while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init))) init = init.expression;
      if (ts.isIdentifier(d.name) && init && ts.isArrayLiteralExpression(init)) names.add(d.name.text);
      if (ts.isIdentifier(d.name) && init && ts.isObjectLiteralExpression(init)) names.add(d.name.text);
    }
  }
  return names;
}

function rootName(expression: ts.Expression): string | undefined {
  let e: ts.Expression = expression;
  for (;;) {
    if (ts.isIdentifier(e)) return e.text;
    if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) e = e.expression;
    else if (ts.isCallExpression(e)) e = e.expression;
    else if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e))
      e = e.expression;
    else return undefined;
  }
}

/** Whether the iterable of a loop is a table of cases or is shown to be non-empty before the loop. */
function iterableAccepted(loop: ts.ForOfStatement, source: ts.SourceFile, tables: Set<string>): boolean {
  let iterable = loop.expression;
  while (ts.isAsExpression(iterable) || ts.isParenthesizedExpression(iterable))
    iterable = iterable.expression;
  const text = iterable.getText(source);
  if (ts.isArrayLiteralExpression(iterable)) return true;
  if (/^nonEmpty\s*\(/.test(text)) return true;
  // Object.entries(TABLE), TABLE.map(...), TABLE, TABLE.filter(...) of a module-level table.
  const inner = /^Object\.(entries|keys|values)\((\w+)\)/.exec(text)?.[2];
  const root = inner ?? rootName(iterable);
  if (root === undefined) return false;
  // A module-level table, or an imported constant table (UPPER_SNAKE by convention).
  if (tables.has(root) || /^[A-Z][A-Z0-9_]+$/.test(root)) return true;
  // Shown to be non-empty by an earlier statement of an enclosing block.
  let child: ts.Node = loop;
  for (let parent = loop.parent; parent && !ts.isSourceFile(parent); parent = parent.parent) {
    if (ts.isBlock(parent)) {
      for (const statement of parent.statements) {
        if (statement === child) break;
        const s = statement.getText(source);
        const mentions = new RegExp(`\\b${root}\\b`).test(s);
        if (!mentions) continue;
        if (ENDS_UNVERIFIED.test(s) || ASSERTS.test(s) || /\bnonEmpty\s*\(/.test(s)) return true;
      }
    }
    child = parent;
  }
  return false;
}

function elseSettles(statement: ts.IfStatement, source: ts.SourceFile): boolean {
  const otherwise = statement.elseStatement;
  if (!otherwise) return false;
  const text = otherwise.getText(source);
  return ASSERTS.test(text) || ENDS_UNVERIFIED.test(text) || /\bthrow\b/.test(text);
}

export function auditFile(file: string): Finding[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const tables = moduleTables(source);
  const findings: Finding[] = [];
  const add = (node: ts.Node, kind: Finding['kind']) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    const text = node.getText(source).split('\n')[0]!.slice(0, 100);
    findings.push({ file: path.relative(process.cwd(), file), line, kind, text });
  };
  const visit = (node: ts.Node, inTest: boolean): void => {
    let nowInTest = inTest;
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(source);
      if (/^test(\.(fixme|fail))?$/.test(callee)) nowInTest = true;
    }
    if (nowInTest && !markedAbove(node, source)) {
      if (ts.isForOfStatement(node) && asserts(node.statement, source)) {
        if (!iterableAccepted(node, source, tables)) add(node, 'loop');
      } else if (ts.isCallExpression(node) && /\.forEach$/.test(node.expression.getText(source))) {
        if (node.arguments.some((a) => asserts(a, source))) add(node, 'loop');
      } else if (ts.isIfStatement(node) && asserts(node.thenStatement, source)) {
        if (!elseSettles(node, source)) add(node, 'branch');
      } else if (
        ts.isBinaryExpression(node) &&
        node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken &&
        asserts(node.right, source)
      ) {
        add(node, 'branch');
      }
    }
    ts.forEachChild(node, (child) => visit(child, nowInTest));
  };
  visit(source, false);
  return findings;
}

export function auditSpecs(dir = path.join(__dirname, '..', 'specs')): Finding[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.spec.ts'))
    .sort()
    .flatMap((f) => auditFile(path.join(dir, f)));
}

if (require.main === module) {
  const findings = auditSpecs();
  for (const f of findings) console.log(`${f.file}:${f.line} ${f.kind}: ${f.text}`);
  console.log(`${findings.length} place(s)`);
}
