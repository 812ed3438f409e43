/**
 * The tests of specs/ as the source declares them (one per `test(...titled(title), body)` call, a loop's
 * template title included), each with what its body reaches, its own helpers and those of helpers/spec/ and
 * helpers/data/ followed: an earlier read (the snapshot, a shared read, a claim's read), the run's journal of
 * writes, the quiet gate, the run-wide judges, writes of its own. tests/earlier-reads.test.ts holds every test
 * to its ruling in helpers/contract/earlier-reads.ts with it.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.join(__dirname, '..');

/** What a test's body reaches, told by the calls it makes. */
export const REACHES = {
  /** The worker's snapshot of a tenant: its sweeps and what is found in them. */
  snapshot: /\b(portfolio|otherPortfolio|tenant)\.(events|patents|event|patent|eventIn|eventsIn|keep)\(/,
  /** A read made once for the run or the worker, held by a fixture or a shared sweep. */
  shared:
    /\b(eventReads|feesReads|invoiceSnapshot|conventionsSample|harmlessMonth|rejectedSyncBatch|sharedSweep|sharedLocate|sharedDocumentDownload)\b/,
  /** A patent (or month) the test alone writes, read when it was claimed. */
  claim: /\.(claim|workerClaim|lease)\(|\bownPatent\(|\bclaim\(api\.baseUrl/,
  /** The run's journal of writes since an earlier read, asked. */
  journal: /\b(writesSince|writesSinceSnapshot|requireUnmoved|requireUnmovedSubject|blockedEvent)\(/,
  /** The quiet gate: reads no write of another test overlaps. */
  alone: /\breadsAlone\(/,
  /** A run-wide judge (the consistency ledger, a relation) asked what it judged. */
  ledger: /\b(expectJudged|expectJudgedDuring|comparisonsOf)\(/,
  /** A write of the test's own. */
  write:
    /(?<![\w.])(postInstructions|reinstruct|pushOne|pushInline|pushInBackground|pushed|push|pushRefusedCreate|putMonth|putMonthAnswer|providerState|acceptInReview|refuseInReview|bringIntoEffect)\(|'(syncPatents|putExchangeRateFreeze|postInstructions)'/,
} as const;

export type Reach = keyof typeof REACHES;

export interface SpecTest {
  file: string;
  line: number;
  /** The title as written (a literal's text, or a template's source). */
  title: string;
  reaches: Reach[];
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function sourceOf(file: string): ts.SourceFile {
  return ts.createSourceFile(
    file,
    fs.readFileSync(path.join(ROOT, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
}

/** The functions a module declares (at any depth), by name, with their text. */
function functionsOf(source: ts.SourceFile): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name) found.set(node.name.text, node.getText(source));
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    )
      found.set(node.name.text, node.getText(source));
    if (ts.isMethodDeclaration(node) && ts.isIdentifier(node.name))
      found.set(node.name.text, node.getText(source));
    // A function held by a property (a table of cases, each with its `send`): all of them, under its name.
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    )
      found.set(node.name.text, `${found.get(node.name.text) ?? ''}\n${node.getText(source)}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const modules = (dir: string) =>
  fs
    .readdirSync(path.join(ROOT, dir))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `${dir}/${name}`);

let helperFunctions: Map<string, string> | undefined;

/**
 * The functions of helpers/spec/ and helpers/data/ by name (the portfolio's methods are the calls REACHES
 * tells, not followed).
 */
function helpers(): Map<string, string> {
  if (helperFunctions) return helperFunctions;
  helperFunctions = new Map();
  for (const file of modules('helpers/spec'))
    for (const [name, text] of functionsOf(sourceOf(file))) helperFunctions.set(name, text);
  return helperFunctions;
}

/** `text` with the text of every function it calls, from `known`, followed to the end. */
function expand(text: string, known: Map<string, string>, seen = new Set<string>()): string {
  let out = text;
  for (const [name, body] of known) {
    if (seen.has(name) || !new RegExp(`(?<![\\w.])${name}\\(`).test(text)) continue;
    seen.add(name);
    out += `\n${expand(body, known, seen)}`;
  }
  return out;
}

/** Every test the spec files declare, with what it reaches. */
export function specTests(): SpecTest[] {
  const tests: SpecTest[] = [];
  for (const file of modules('specs')
    .filter((f) => f.endsWith('.spec.ts'))
    .sort()) {
    const source = sourceOf(file);
    const known = new Map([...helpers(), ...functionsOf(source)]);
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        node.expression.getText(source) === 'test' &&
        node.arguments.length >= 2 &&
        ts.isSpreadElement(node.arguments[0]!)
      ) {
        const titled = node.arguments[0].expression;
        const argument = ts.isCallExpression(titled) ? titled.arguments[0] : undefined;
        const title =
          argument && (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument))
            ? argument.text
            : oneLine(argument?.getText(source) ?? '');
        const body = expand(node.arguments[node.arguments.length - 1]!.getText(source), known);
        tests.push({
          file,
          line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
          title,
          reaches: (Object.keys(REACHES) as Reach[]).filter((reach) => REACHES[reach].test(body)),
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return tests;
}
