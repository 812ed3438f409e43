/**
 * The certification as Markdown (certification.md): the verdict, the run, the totals and one table row per
 * requirement with its deciding tests.
 */
import {
  exchangeText,
  EXPLAINER,
  kindLabel,
  SKIP_KINDS,
  TOTALS_COLUMNS,
  VERDICT_WORDS,
  type Certification,
  type DecidingTest,
  type NotVerifiedGroup,
  type Totals,
} from './model';

const mdCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');

function totalsRow(label: string, t: Totals): string {
  return `| ${mdCell(label)} | ${t.total} | ${TOTALS_COLUMNS.map((c) => t[c.key]).join(' | ')} |`;
}

const totalsHead = (first: string) => [
  `| ${first} | requirements | ${TOTALS_COLUMNS.map((c) => c.label).join(' | ')} |`,
  `| --- | --- |${' --- |'.repeat(TOTALS_COLUMNS.length)}`,
];

function testLine(t: DecidingTest): string {
  const where = t.project ? ` (${t.project})` : '';
  const detail =
    t.outcome === 'skipped'
      ? ` (${t.skipKind === 'target' ? 'SUSPICIOUS: the target' : t.skipKind}): ${t.skipReason}`
      : t.outcome === 'failed'
        ? ` (${t.failureKind})`
        : '';
  const reproduce = t.evidence?.reproduce
    ? `<br>reproduce: \`${t.evidence.reproduce.split('\n').pop()}\``
    : '';
  return `${t.outcome.toUpperCase()}${where}: ${t.title}${detail}${reproduce}`;
}

/** A fence longer than any run of backticks in the text, so that a body cannot close it. */
function fenced(text: string): string[] {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return [fence, ...text.split('\n'), fence];
}

/** One kind of "not verified": its tests, and for the suspicious kind the exchange that removed each precondition. */
function notVerifiedSection(g: NotVerifiedGroup): string[] {
  const heading = g.suspicious
    ? `### SUSPICIOUS: the target's own answers (${g.tests.length})`
    : `### ${g.kind} (${g.tests.length})`;
  const out = [heading, '', `${g.meaning}.`, ''];
  for (const t of g.tests) {
    const where = t.project ? ` (${t.project})` : '';
    out.push(`- ${t.ids.join(', ') || 'no requirement'}${where}: ${t.title}: ${t.reason}`);
    if (!t.evidence) continue;
    for (const e of t.evidence.exchanges) out.push('', ...fenced(exchangeText(e)).map((l) => `  ${l}`));
    if (t.evidence.reproduce)
      out.push(
        '',
        '  Reproduce (export API_KEY first):',
        '',
        ...fenced(t.evidence.reproduce).map((l) => `  ${l}`),
      );
    out.push('');
  }
  out.push('');
  return out;
}

export function renderMarkdown(c: Certification): string {
  const out: string[] = [];
  out.push(`# ${c.title}`, '');
  out.push(`**Verdict: ${VERDICT_WORDS[c.overall]}.** ${c.explanation}`, '');
  out.push('| | |', '| --- | --- |');
  out.push(`| Target | ${mdCell(c.target)} |`);
  if (c.weakened) out.push(`| Weakened run | ${mdCell(c.weakened)} |`); // network (issue 17)
  out.push(`| Run started | ${c.runDate} |`);
  out.push(`| Longest wait for background work | ${mdCell(c.asyncWait)} |`);
  out.push(`| Report generated | ${c.generatedAt} |`);
  out.push(`| Suite version | ${c.suiteVersion} |`);
  out.push(
    `| Contract version | ${c.contractVersion} (requirement catalogue version ${c.catalogueVersion}) |`,
  );
  out.push(`| Results file | ${c.resultsFile}, SHA-256 \`${c.resultsSha256}\` |`);
  const t = c.totals.tests;
  out.push(`| Tests | ${t.total} run: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped |`, '');
  out.push('## How to read this report', '', ...EXPLAINER.flatMap((p) => [p, '']));
  out.push('## Totals', '', ...totalsHead(''));
  out.push(totalsRow('All', c.totals.requirements));
  for (const l of c.totals.byLevel) out.push(totalsRow(l.level, l));
  out.push('', ...totalsHead('Area'));
  for (const a of c.totals.byArea) out.push(totalsRow(a.title, a));
  out.push(
    '',
    '| Tests not verified, by kind | ' + SKIP_KINDS.map(kindLabel).join(' | ') + ' |',
    '| --- |' + ' --- |'.repeat(SKIP_KINDS.length),
    `| tests | ${SKIP_KINDS.map((k) => c.totals.notVerifiedByKind[k]).join(' | ')} |`,
  );
  out.push('');
  if (c.mustFailed.length)
    out.push('## Failed MUST requirements', '', ...c.mustFailed.map((id) => `- ${id}`), '');
  if (c.mustNotVerified.length) {
    out.push('## MUST requirements not verified in this run', '');
    out.push(...c.mustNotVerified.map((m) => `- ${m.id}: ${m.reason}`), '');
  }
  if (c.mustInPart.length) {
    out.push('## MUST requirements verified in part (tests left out by a setting)', '');
    out.push(...c.mustInPart.map((m) => `- ${m.id}: ${m.reason}`), '');
  }
  if (c.notVerified.length)
    out.push(
      '## Not verified, by kind',
      '',
      'Tests that could not run their decisive check; the suspicious kind first.',
      '',
      ...c.notVerified.flatMap(notVerifiedSection),
    );
  if (c.warnings.length)
    out.push(
      '## Warnings: requirements warned, and failed SHOULD/MAY requirements (not blocking)',
      '',
      ...c.warnings.map((id) => `- ${id}`),
      '',
    );
  if (c.notTestable.length) {
    out.push(
      '## Not testable over HTTP',
      '',
      ...c.notTestable.map((n) => `- ${n.id} (${n.level}): ${n.reason}`),
      '',
    );
  }
  if (c.runErrors.length)
    out.push('## Errors outside the tests', '', ...c.runErrors.map((e) => `- ${mdCell(e)}`), '');
  if (c.unknownIds.length || c.untracedTests.length) {
    out.push('## Suite consistency', '');
    if (c.unknownIds.length)
      out.push(`- Ids cited by tests but absent from the catalogue: ${c.unknownIds.join(', ')}`);
    if (c.untracedTests.length) out.push(`- Tests citing no requirement: ${c.untracedTests.length}`);
    out.push('');
  }
  out.push('## Requirements', '');
  out.push(
    '| Id | Level | Requirement | Verdict | Reason and deciding tests |',
    '| --- | --- | --- | --- | --- |',
  );
  for (const r of c.requirements) {
    const judged = r.invariant ? `invariant on every answer: ${r.invariant.judged} answer(s) judged` : '';
    const detail = [r.reason ?? '', judged, ...r.tests.map(testLine)].filter(Boolean).join('\n');
    out.push(
      `| ${r.id} | ${r.level} | ${mdCell(r.requirement)} | ${r.verdict.toUpperCase()} | ${mdCell(detail)} |`,
    );
  }
  out.push('');
  return out.join('\n');
}
