/**
 * The JUnit file of a run says "could not judge" where the certification does: a test that ended on the
 * target not answering (a reset, a refused connection, a timeout: INFRASTRUCTURE_ERROR of
 * helpers/run/report-config.ts) is a JUnit <error type="could not judge">, never a <failure>, which a CI
 * server would show as a requirement failed. The suites' failures and errors counts follow.
 */
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { INFRASTRUCTURE_ERROR } from '../helpers/run/report-config';

type Node = Record<string, unknown>;
const OPTIONS = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  cdataPropName: '#cdata',
  commentPropName: '#comment',
} as const;

const children = (node: Node, name: string): Node[] =>
  Array.isArray(node[name]) ? (node[name] as Node[]) : [];
const attributes = (node: Node): Record<string, string> =>
  (node[':@'] as Record<string, string> | undefined) ?? {};

/** The text of a node's children (message attribute and CDATA), for matching. */
function textOf(node: Node): string {
  return JSON.stringify(node);
}

/** The JUnit XML with each failure of an unanswered target turned into an error; how many were. */
export function markUnjudged(xml: string): { xml: string; changed: number } {
  const tree = new XMLParser(OPTIONS).parse(xml) as Node[];
  let changed = 0;
  for (const root of tree) {
    for (const suite of children(root, 'testsuites')) {
      if (!('testsuite' in suite)) continue;
      let moved = 0;
      for (const testcase of children(suite, 'testsuite')) {
        if (!('testcase' in testcase)) continue;
        const body = children(testcase, 'testcase');
        const index = body.findIndex((n) => 'failure' in n);
        if (index < 0 || !INFRASTRUCTURE_ERROR.test(textOf(body[index]!))) continue;
        const failure = body[index]!;
        body[index] = {
          error: failure.failure,
          ':@': { ...attributes(failure), '@_type': 'could not judge' },
        };
        moved++;
      }
      if (moved === 0) continue;
      const a = attributes(suite);
      a['@_failures'] = String(Number(a['@_failures'] ?? 0) - moved);
      a['@_errors'] = String(Number(a['@_errors'] ?? 0) + moved);
      changed += moved;
    }
    if (changed > 0 && 'testsuites' in root) {
      const a = attributes(root);
      a['@_failures'] = String(Number(a['@_failures'] ?? 0) - changed);
      a['@_errors'] = String(Number(a['@_errors'] ?? 0) + changed);
    }
  }
  if (changed === 0) return { xml, changed };
  return {
    xml: new XMLBuilder({ ...OPTIONS, format: true, suppressEmptyNode: false }).build(tree) as string,
    changed,
  };
}
