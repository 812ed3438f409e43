/**
 * The certification report: for every requirement of the catalogue, the verdict of a run (passed, failed,
 * not tested) and the tests that decided it, with an overall verdict on the MUST requirements.
 *
 * Reads Playwright's JSON results (reports/results.json) and schemas/requirements.yaml; writes
 * reports/certification.json, .md and .html (self-contained). The baseline of known failures plays no
 * part here: a known failure is still a failure.
 *
 *   npm run certify [-- --results path/to/results.json --out dir]
 */
import fs from 'node:fs';
import path from 'node:path';
import { reportPaths } from '../helpers/run/report-config';
import { LEVELS, loadRequirements, type Level, type Requirement } from '../schemas/requirements';
import type { PreflightRecord } from '../helpers/run/run-record';
import {
  readRunResults,
  type ExchangeEvidence,
  type FailureEvidence,
  type FailureKind,
  type Outcome,
  type RunResults,
} from './run-results';

export type Verdict = 'passed' | 'failed' | 'not tested';
export type OverallVerdict = 'conformant' | 'not conformant' | 'incomplete' | 'not run';

export interface DecidingTest {
  title: string;
  project: string;
  file: string;
  line: number;
  outcome: Outcome;
  skipReason?: string;
  error?: string;
  failureKind?: FailureKind;
  /** Failed tests: the exchanges (keys redacted) and the curl reproduction, so a vendor can replay it. */
  evidence?: FailureEvidence;
}

export interface RequirementVerdict {
  id: string;
  area: string;
  areaTitle: string;
  level: Level;
  section: string;
  clause: string;
  requirement: string;
  verdict: Verdict;
  /** False when the catalogue states why no HTTP test can verify the entry. */
  testable: boolean;
  /** Why the requirement is not tested (or, when failed, a one-line summary). */
  reason?: string;
  tests: DecidingTest[];
}

export interface Totals {
  total: number;
  passed: number;
  failed: number;
  notTested: number;
}

export interface Certification {
  title: string;
  target: string;
  // ---- network (issue 17)
  /** Set when the run's TLS checks were weakened (INSECURE_TLS): shown under the target. */
  weakened?: string;
  // ---- end network
  /** When the run started (from the results file). */
  runDate: string;
  generatedAt: string;
  suiteVersion: string;
  contractVersion: string;
  catalogueVersion: number;
  resultsFile: string;
  resultsSha256: string;
  overall: OverallVerdict;
  explanation: string;
  totals: {
    requirements: Totals;
    byLevel: (Totals & { level: Level })[];
    byArea: (Totals & { area: string; title: string })[];
    tests: { total: number; passed: number; failed: number; skipped: number };
  };
  /** MUST requirements that failed. */
  mustFailed: string[];
  /** Testable MUST requirements that no test verified in this run (skipped or absent): they block "conformant". */
  mustNotVerified: { id: string; reason: string }[];
  /** Requirements the catalogue marks as not testable over HTTP (they do not block). */
  notTestable: { id: string; level: Level; reason: string }[];
  /** SHOULD and MAY requirements that failed: reported, not blocking. */
  warnings: string[];
  runErrors: string[];
  /** Tests citing ids the catalogue does not have, and tests citing none. */
  unknownIds: string[];
  untracedTests: string[];
  requirements: RequirementVerdict[];
}

const unique = <T>(values: T[]) => [...new Set(values)];

function verdictFor(
  requirement: Requirement,
  tests: DecidingTest[],
): Pick<RequirementVerdict, 'verdict' | 'reason'> {
  if (tests.length === 0) {
    return {
      verdict: 'not tested',
      reason: requirement.notTestedReason
        ? `not testable over HTTP: ${requirement.notTestedReason}`
        : 'no test in this run',
    };
  }
  const failed = tests.filter((t) => t.outcome === 'failed');
  if (failed.length > 0) {
    const kinds = unique(failed.map((t) => t.failureKind ?? 'contract violation'));
    return {
      verdict: 'failed',
      reason: `${failed.length} of ${tests.length} test(s) failed (${kinds.join(', ')})`,
    };
  }
  const skipped = tests.filter((t) => t.outcome === 'skipped');
  if (skipped.length === 0) return { verdict: 'passed' };
  const reasons = unique(skipped.map((t) => t.skipReason ?? 'skipped')).join('; ');
  const passed = tests.length - skipped.length;
  return {
    verdict: 'not tested',
    reason:
      passed === 0
        ? `skipped: ${reasons}`
        : `only ${passed} of ${tests.length} tests ran and passed; skipped: ${reasons}`,
  };
}

function count(verdicts: RequirementVerdict[]): Totals {
  return {
    total: verdicts.length,
    passed: verdicts.filter((v) => v.verdict === 'passed').length,
    failed: verdicts.filter((v) => v.verdict === 'failed').length,
    notTested: verdicts.filter((v) => v.verdict === 'not tested').length,
  };
}

function metadataString(run: RunResults, key: string): string | undefined {
  const value = run.metadata[key];
  return typeof value === 'string' && value ? value : undefined;
}

export interface BuildOptions {
  now?: Date;
  /** Overrides what the results file records. */
  target?: string;
  suiteVersion?: string;
  contractVersion?: string;
}

export function buildCertification(run: RunResults, options: BuildOptions = {}): Certification {
  const catalogue = loadRequirements();
  const areaTitle = new Map(catalogue.areas.map((a) => [a.key as string, a.title]));
  const active = catalogue.requirements.filter((r) => !r.retired);
  const known = new Set(catalogue.requirements.map((r) => r.id));

  const testsById = new Map<string, DecidingTest[]>();
  for (const test of run.tests) {
    for (const id of unique(test.ids)) {
      const deciding: DecidingTest = {
        title: test.title,
        project: test.project,
        file: test.file,
        line: test.line,
        outcome: test.outcome,
        ...(test.skipReason ? { skipReason: test.skipReason } : {}),
        ...(test.error ? { error: test.error } : {}),
        ...(test.failureKind ? { failureKind: test.failureKind } : {}),
        ...(test.evidence ? { evidence: test.evidence } : {}),
      };
      testsById.set(id, [...(testsById.get(id) ?? []), deciding]);
    }
  }

  const requirements: RequirementVerdict[] = active.map((r) => {
    const tests = testsById.get(r.id) ?? [];
    return {
      id: r.id,
      area: r.area,
      areaTitle: areaTitle.get(r.area) ?? r.area,
      level: r.level,
      section: r.section,
      clause: r.clause,
      requirement: r.requirement,
      testable: !r.notTestedReason,
      ...verdictFor(r, tests),
      tests,
    };
  });

  const must = requirements.filter((r) => r.level === 'MUST');
  const mustFailed = must.filter((r) => r.verdict === 'failed').map((r) => r.id);
  const mustNotVerified = must
    .filter((r) => r.verdict === 'not tested' && r.testable)
    .map((r) => ({ id: r.id, reason: r.reason ?? 'not tested' }));
  const notTestable = requirements
    .filter((r) => !r.testable && r.verdict === 'not tested')
    .map((r) => ({ id: r.id, level: r.level, reason: r.reason ?? '' }));
  const warnings = requirements.filter((r) => r.level !== 'MUST' && r.verdict === 'failed').map((r) => r.id);

  let overall: OverallVerdict;
  let explanation: string;
  if (mustFailed.length > 0) {
    overall = 'not conformant';
    explanation = `${mustFailed.length} MUST requirement(s) failed: ${mustFailed.join(', ')}.`;
  } else if (mustNotVerified.length > 0 || run.errors.length > 0) {
    overall = 'incomplete';
    explanation =
      `No MUST requirement failed, but ${mustNotVerified.length} testable MUST requirement(s) were not verified ` +
      `in this run (a skipped or absent test cannot count as a pass)` +
      (run.errors.length > 0
        ? `, and the run reported ${run.errors.length} error(s) outside the tests`
        : '') +
      '.';
  } else {
    overall = 'conformant';
    explanation =
      `Every testable MUST requirement (${must.filter((r) => r.testable).length}) passed. ` +
      `${notTestable.length} requirement(s) cannot be tested over HTTP and are listed with their reason.`;
  }

  const tests = run.tests;
  const catalogueIds = unique(tests.flatMap((t) => t.ids));
  return {
    title: 'Patent Renewal Service External API v2: conformance certification',
    target: options.target ?? metadataString(run, 'target') ?? 'not recorded in the results',
    ...(metadataString(run, 'weakened') ? { weakened: metadataString(run, 'weakened') } : {}), // network (issue 17)
    runDate: run.startTime ?? 'not recorded in the results',
    generatedAt: (options.now ?? new Date()).toISOString(),
    suiteVersion: options.suiteVersion ?? metadataString(run, 'suiteVersion') ?? 'not recorded',
    contractVersion: options.contractVersion ?? metadataString(run, 'contractVersion') ?? 'not recorded',
    catalogueVersion: catalogue.version,
    resultsFile: path.basename(run.file),
    resultsSha256: run.sha256,
    overall,
    explanation,
    totals: {
      requirements: count(requirements),
      byLevel: LEVELS.map((level) => ({ level, ...count(requirements.filter((r) => r.level === level)) })),
      byArea: catalogue.areas.map((a) => ({
        area: a.key,
        title: a.title,
        ...count(requirements.filter((r) => r.area === a.key)),
      })),
      tests: {
        total: tests.length,
        passed: tests.filter((t) => t.outcome === 'passed').length,
        failed: tests.filter((t) => t.outcome === 'failed').length,
        skipped: tests.filter((t) => t.outcome === 'skipped').length,
      },
    },
    mustFailed,
    mustNotVerified,
    notTestable,
    warnings,
    runErrors: run.errors,
    unknownIds: catalogueIds.filter((id) => !known.has(id)).sort(),
    untracedTests: tests.filter((t) => t.ids.length === 0).map((t) => t.title),
    requirements,
  };
}

// ---------------------------------------------------------------------------------------------------
// Rendering

const VERDICT_WORDS: Record<OverallVerdict, string> = {
  conformant: 'CONFORMANT',
  'not conformant': 'NOT CONFORMANT',
  incomplete: 'INCOMPLETE',
  'not run': 'NOT RUN',
};

const EXPLAINER = [
  'Each requirement is one normative statement of the contract, with a level: MUST (required behaviour), ' +
    'SHOULD (behaviour the contract gives as an example; a deviation is a warning) or MAY (a freedom the ' +
    'service may use; the suite checks it tolerates it).',
  'A requirement PASSED when every test that checks it passed; FAILED when any of them observed behaviour ' +
    'the contract forbids (or could not reach the target); NOT TESTED when its tests were skipped (a key, ' +
    'setting or data precondition was missing: the reason names it), when this run had no test for it, or ' +
    'when it cannot be tested over HTTP at all (the reason says why).',
  'The target is CONFORMANT only when every testable MUST requirement passed. When none failed but some ' +
    'were not verified, the verdict is INCOMPLETE.',
];

const mdCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');

function totalsRow(label: string, t: Totals): string {
  return `| ${mdCell(label)} | ${t.total} | ${t.passed} | ${t.failed} | ${t.notTested} |`;
}

function testLine(t: DecidingTest): string {
  const where = t.project ? ` (${t.project})` : '';
  const detail =
    t.outcome === 'skipped' ? `: ${t.skipReason}` : t.outcome === 'failed' ? ` (${t.failureKind})` : '';
  const reproduce = t.evidence?.reproduce
    ? `<br>reproduce: \`${t.evidence.reproduce.split('\n').pop()}\``
    : '';
  return `${t.outcome.toUpperCase()}${where}: ${t.title}${detail}${reproduce}`;
}

/** An exchange as a vendor reads it: request line, headers, body; then status, headers, body. */
export function exchangeText(e: ExchangeEvidence): string {
  const headers = (h: Record<string, string>) => Object.entries(h).map(([n, v]) => `${n}: ${v}`);
  return [
    `${e.request.method} ${e.request.url}`,
    ...headers(e.request.headers),
    ...(e.request.body === undefined ? [] : ['', e.request.body]),
    '',
    `→ ${e.response.status}${e.retryAttempt ? ` (retry ${e.retryAttempt})` : ''}${e.shared ? ' (read shared with other tests)' : ''}`,
    ...headers(e.response.headers),
    '',
    e.response.body,
  ].join('\n');
}

function htmlEvidence(evidence: FailureEvidence | undefined): string {
  if (!evidence) return '';
  const shown = evidence.exchanges.length;
  const note = evidence.exchangeCount > shown ? ` (the last ${shown} of ${evidence.exchangeCount})` : '';
  const exchanges = evidence.exchanges
    .map((e) => `<pre class="exchange">${escapeHtml(exchangeText(e))}</pre>`)
    .join('');
  const reproduce = evidence.reproduce
    ? `<div>Reproduce the last request (export API_KEY first):</div><pre class="reproduce">${escapeHtml(evidence.reproduce)}</pre>`
    : '';
  return `<details class="evidence"><summary>Requests and responses${note}</summary>${exchanges}${reproduce}</details>`;
}

export function renderMarkdown(c: Certification): string {
  const out: string[] = [];
  out.push(`# ${c.title}`, '');
  out.push(`**Verdict: ${VERDICT_WORDS[c.overall]}.** ${c.explanation}`, '');
  out.push('| | |', '| --- | --- |');
  out.push(`| Target | ${mdCell(c.target)} |`);
  if (c.weakened) out.push(`| Weakened run | ${mdCell(c.weakened)} |`); // network (issue 17)
  out.push(`| Run started | ${c.runDate} |`);
  out.push(`| Report generated | ${c.generatedAt} |`);
  out.push(`| Suite version | ${c.suiteVersion} |`);
  out.push(
    `| Contract version | ${c.contractVersion} (requirement catalogue version ${c.catalogueVersion}) |`,
  );
  out.push(`| Results file | ${c.resultsFile}, SHA-256 \`${c.resultsSha256}\` |`);
  const t = c.totals.tests;
  out.push(`| Tests | ${t.total} run: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped |`, '');
  out.push('## How to read this report', '', ...EXPLAINER.flatMap((p) => [p, '']));
  out.push(
    '## Totals',
    '',
    '| | requirements | passed | failed | not tested |',
    '| --- | --- | --- | --- | --- |',
  );
  out.push(totalsRow('All', c.totals.requirements));
  for (const l of c.totals.byLevel) out.push(totalsRow(l.level, l));
  out.push('', '| Area | requirements | passed | failed | not tested |', '| --- | --- | --- | --- | --- |');
  for (const a of c.totals.byArea) out.push(totalsRow(a.title, a));
  out.push('');
  if (c.mustFailed.length)
    out.push('## Failed MUST requirements', '', ...c.mustFailed.map((id) => `- ${id}`), '');
  if (c.mustNotVerified.length) {
    out.push('## MUST requirements not verified in this run', '');
    out.push(...c.mustNotVerified.map((m) => `- ${m.id}: ${m.reason}`), '');
  }
  if (c.warnings.length)
    out.push('## Failed SHOULD/MAY requirements (warnings)', '', ...c.warnings.map((id) => `- ${id}`), '');
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
    const detail = [r.reason ?? '', ...r.tests.map(testLine)].filter(Boolean).join('\n');
    out.push(
      `| ${r.id} | ${r.level} | ${mdCell(r.requirement)} | ${r.verdict.toUpperCase()} | ${mdCell(detail)} |`,
    );
  }
  out.push('');
  return out.join('\n');
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const verdictClass = (v: Verdict | OverallVerdict) => v.replace(/ /g, '-');

function htmlTotalsRow(label: string, t: Totals): string {
  return `<tr><th scope="row">${escapeHtml(label)}</th><td>${t.total}</td><td>${t.passed}</td><td>${t.failed}</td><td>${t.notTested}</td></tr>`;
}

function htmlTest(t: DecidingTest): string {
  const where = t.project ? ` <span class="muted">(${escapeHtml(t.project)})</span>` : '';
  const file = `<span class="muted">${escapeHtml(t.file)}:${t.line}</span>`;
  let detail = '';
  if (t.outcome === 'skipped') detail = `<div>Reason: ${escapeHtml(t.skipReason ?? '')}</div>`;
  if (t.outcome === 'failed') {
    detail =
      `<div class="failure-kind">${escapeHtml(t.failureKind ?? '')}</div><pre>${escapeHtml(t.error ?? '')}</pre>` +
      htmlEvidence(t.evidence);
  }
  return `<li><span class="tag ${t.outcome === 'skipped' ? 'not-tested' : t.outcome}">${t.outcome}</span> ${escapeHtml(t.title)}${where} ${file}${detail}</li>`;
}

const CSS = `
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1b1f24}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #ddd;padding-bottom:.2rem}
table{border-collapse:collapse;margin:.5rem 0;width:100%}th,td{border:1px solid #d0d7de;padding:.3rem .5rem;text-align:left;vertical-align:top}
thead th{background:#f3f4f6}.num td{text-align:right}.muted{color:#57606a;font-size:.9em}
.banner{padding:1rem;border-radius:6px;font-size:1.1rem;margin:1rem 0}
.banner.conformant{background:#dafbe1}.banner.not-conformant{background:#ffebe9}.banner.incomplete{background:#fff8c5}.banner.not-run{background:#eaeef2}
.tag{display:inline-block;padding:0 .4rem;border-radius:4px;font-size:.8em;font-weight:600;text-transform:uppercase}
.tag.passed{background:#dafbe1;color:#116329}.tag.failed{background:#ffebe9;color:#a40e26}.tag.not-tested{background:#fff8c5;color:#7d4e00}
pre{white-space:pre-wrap;background:#f6f8fa;padding:.5rem;border-radius:4px;font-size:.85em;max-height:20rem;overflow:auto}
ul.tests{margin:.3rem 0;padding-left:1.2rem}details summary{cursor:pointer}
`;

export function renderHtml(c: Certification): string {
  const t = c.totals.tests;
  const rows = c.requirements
    .map((r) => {
      const tests = r.tests.length
        ? `<details><summary>${r.tests.length} test(s)</summary><ul class="tests">${r.tests.map(htmlTest).join('')}</ul></details>`
        : '';
      return (
        `<tr id="${r.id}"><td>${r.id}</td><td>${r.level}</td>` +
        `<td>${escapeHtml(r.requirement)}<div class="muted">Contract, ${escapeHtml(r.section)}: “${escapeHtml(r.clause)}”</div></td>` +
        `<td><span class="tag ${verdictClass(r.verdict)}">${r.verdict}</span></td>` +
        `<td>${escapeHtml(r.reason ?? '')}${tests}</td></tr>`
      );
    })
    .join('\n');
  const list = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
  const sections: string[] = [];
  if (c.mustFailed.length) {
    sections.push(
      `<h2>Failed MUST requirements</h2>${list(c.mustFailed.map((id) => `<a href="#${id}">${id}</a>`))}`,
    );
  }
  if (c.mustNotVerified.length) {
    sections.push(
      `<h2>MUST requirements not verified in this run</h2>${list(
        c.mustNotVerified.map((m) => `<a href="#${m.id}">${m.id}</a>: ${escapeHtml(m.reason)}`),
      )}`,
    );
  }
  if (c.warnings.length) {
    sections.push(
      `<h2>Failed SHOULD/MAY requirements (warnings)</h2>${list(c.warnings.map((id) => `<a href="#${id}">${id}</a>`))}`,
    );
  }
  if (c.notTestable.length) {
    sections.push(
      `<h2>Not testable over HTTP</h2>${list(
        c.notTestable.map((n) => `<a href="#${n.id}">${n.id}</a> (${n.level}): ${escapeHtml(n.reason)}`),
      )}`,
    );
  }
  if (c.runErrors.length) {
    sections.push(
      `<h2>Errors outside the tests</h2>${c.runErrors.map((e) => `<pre>${escapeHtml(e)}</pre>`).join('')}`,
    );
  }
  if (c.unknownIds.length || c.untracedTests.length) {
    sections.push(
      `<h2>Suite consistency</h2>${list([
        ...(c.unknownIds.length
          ? [`Ids cited by tests but absent from the catalogue: ${c.unknownIds.join(', ')}`]
          : []),
        ...(c.untracedTests.length ? [`Tests citing no requirement: ${c.untracedTests.length}`] : []),
      ])}`,
    );
  }
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(c.title)}</title>
<style>${CSS}</style>
</head>
<body>
<h1>${escapeHtml(c.title)}</h1>
<div class="banner ${verdictClass(c.overall)}" id="verdict"><strong>Verdict: ${VERDICT_WORDS[c.overall]}.</strong> ${escapeHtml(c.explanation)}</div>
<table>
<tr><th scope="row">Target</th><td>${escapeHtml(c.target)}</td></tr>
${c.weakened ? `<tr id="weakened"><th scope="row">Weakened run</th><td>${escapeHtml(c.weakened)}</td></tr>` : ''}
<tr><th scope="row">Run started</th><td>${escapeHtml(c.runDate)}</td></tr>
<tr><th scope="row">Report generated</th><td>${escapeHtml(c.generatedAt)}</td></tr>
<tr><th scope="row">Suite version</th><td>${escapeHtml(c.suiteVersion)}</td></tr>
<tr><th scope="row">Contract version</th><td>${escapeHtml(c.contractVersion)} (requirement catalogue version ${c.catalogueVersion})</td></tr>
<tr><th scope="row">Results file</th><td>${escapeHtml(c.resultsFile)}, SHA-256 <code>${c.resultsSha256}</code></td></tr>
<tr><th scope="row">Tests</th><td id="test-totals">${t.total} run: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped</td></tr>
</table>
<h2>How to read this report</h2>
${EXPLAINER.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<h2>Totals</h2>
<table class="num" id="totals-by-level"><thead><tr><th></th><th>requirements</th><th>passed</th><th>failed</th><th>not tested</th></tr></thead><tbody>
${htmlTotalsRow('All', c.totals.requirements)}
${c.totals.byLevel.map((l) => htmlTotalsRow(l.level, l)).join('\n')}
</tbody></table>
<table class="num" id="totals-by-area"><thead><tr><th>Area</th><th>requirements</th><th>passed</th><th>failed</th><th>not tested</th></tr></thead><tbody>
${c.totals.byArea.map((a) => htmlTotalsRow(a.title, a)).join('\n')}
</tbody></table>
${sections.join('\n')}
<h2>Requirements</h2>
<table id="requirements"><thead><tr><th>Id</th><th>Level</th><th>Requirement</th><th>Verdict</th><th>Reason and deciding tests</th></tr></thead><tbody>
${rows}
</tbody></table>
</body>
</html>
`;
}

/**
 * The certification of a run whose preflight refused the target: no test ran, so nothing is verified;
 * the verdict is NOT RUN and the explanation is the preflight's message.
 */
export function notRunCertification(preflight: PreflightRecord, options: BuildOptions = {}): Certification {
  const empty: RunResults = {
    tests: [],
    errors: [],
    startTime: preflight.startedAt,
    metadata: preflight.target ? { target: preflight.target } : {},
    sha256: '(none: no test ran)',
    file: 'none',
  };
  const settings = preflight.settings?.length ? ` Setting to fix: ${preflight.settings.join(', ')}.` : '';
  return {
    ...buildCertification(empty, options),
    overall: 'not run',
    explanation:
      `The suite did not run (run ${preflight.runId}): the preflight refused the target: ` +
      `${preflight.message ?? 'no message recorded'}.${settings}`,
  };
}

/** Writes certification.{json,md,html} into `outDir`. */
export function writeCertificationFiles(certification: Certification, outDir: string): Certification {
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'certification.json'), `${JSON.stringify(certification, null, 2)}\n`);
  fs.writeFileSync(path.join(outDir, 'certification.md'), renderMarkdown(certification));
  fs.writeFileSync(path.join(outDir, 'certification.html'), renderHtml(certification));
  return certification;
}

/** Builds the report from a results file and writes the three files; returns the report. */
export function writeCertification(
  resultsFile = reportPaths().resultsJson,
  outDir = path.dirname(reportPaths().certificationJson),
  options: BuildOptions = {},
): Certification {
  return writeCertificationFiles(buildCertification(readRunResults(resultsFile), options), outDir);
}

/** The one-line summary printed after a certification is written. */
export function certificationSummary(c: Certification, outDir: string): string {
  const r = c.totals.requirements;
  return (
    `certification: ${VERDICT_WORDS[c.overall]} (${c.explanation})\n` +
    `  requirements: ${r.total}, passed ${r.passed}, failed ${r.failed}, not tested ${r.notTested}\n` +
    `  written: ${path.join(outDir, 'certification.{json,md,html}')}\n`
  );
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

if (require.main === module) {
  const paths = reportPaths();
  const results = argument('--results') ?? paths.resultsJson;
  const out = argument('--out') ?? paths.dir;
  const c = writeCertification(results, out);
  const r = c.totals.requirements;
  process.stdout.write(
    `certification: ${VERDICT_WORDS[c.overall]} (${c.explanation})\n` +
      `  requirements: ${r.total}, passed ${r.passed}, failed ${r.failed}, not tested ${r.notTested}\n` +
      `  written: ${path.join(out, 'certification.{json,md,html}')}\n`,
  );
}
