/**
 * The certification as one self-contained HTML page (certification.html: no script, nothing loaded from
 * elsewhere): the verdict, the run, the totals, and per requirement its deciding tests, a failed one with
 * its exchanges and a curl reproduction.
 */
import type { FailureEvidence } from '../run-results';
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
  type OverallVerdict,
  type Totals,
  type Verdict,
} from './model';

function htmlEvidence(evidence: FailureEvidence | undefined, open = false): string {
  if (!evidence) return '';
  const shown = evidence.exchanges.length;
  const note = evidence.exchangeCount > shown ? ` (the last ${shown} of ${evidence.exchangeCount})` : '';
  const exchanges = evidence.exchanges
    .map((e) => `<pre class="exchange">${escapeHtml(exchangeText(e))}</pre>`)
    .join('');
  const reproduce = evidence.reproduce
    ? `<div>Reproduce the last request (export API_KEY first):</div><pre class="reproduce">${escapeHtml(evidence.reproduce)}</pre>`
    : '';
  return `<details class="evidence"${open ? ' open' : ''}><summary>Requests and responses${note}</summary>${exchanges}${reproduce}</details>`;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const verdictClass = (v: Verdict | OverallVerdict) => v.replace(/ /g, '-');

function htmlTotalsRow(label: string, t: Totals): string {
  return `<tr><th scope="row">${escapeHtml(label)}</th><td>${t.total}</td>${TOTALS_COLUMNS.map((c) => `<td>${t[c.key]}</td>`).join('')}</tr>`;
}

const htmlTotalsHead = (first: string) =>
  `<thead><tr><th>${first}</th><th>requirements</th>${TOTALS_COLUMNS.map((c) => `<th>${c.label}</th>`).join('')}</tr></thead>`;

function htmlTest(t: DecidingTest): string {
  const where = t.project ? ` <span class="muted">(${escapeHtml(t.project)})</span>` : '';
  const file = `<span class="muted">${escapeHtml(t.file)}:${t.line}</span>`;
  let detail = '';
  if (t.outcome === 'skipped')
    detail =
      `<div>Reason (${t.skipKind === 'target' ? '<strong class="suspicious">suspicious: the target</strong>' : escapeHtml(t.skipKind ?? 'unclassified')}): ` +
      `${escapeHtml(t.skipReason ?? '')}</div>` +
      htmlEvidence(t.evidence);
  if (t.outcome === 'failed') {
    detail =
      `<div class="failure-kind">${escapeHtml(t.failureKind ?? '')}</div><pre>${escapeHtml(t.error ?? '')}</pre>` +
      htmlEvidence(t.evidence);
  }
  return `<li><span class="tag ${t.outcome === 'skipped' ? 'not-tested' : t.outcome}">${t.outcome}</span> ${escapeHtml(t.title)}${where} ${file}${detail}</li>`;
}

/** One kind of "not verified": its tests, and for the suspicious kind the exchange that removed each precondition. */
function htmlNotVerified(g: NotVerifiedGroup): string {
  const heading = g.suspicious
    ? `<h3 class="suspicious">SUSPICIOUS: the target's own answers (${g.tests.length})</h3>`
    : `<h3>${escapeHtml(g.kind)} (${g.tests.length})</h3>`;
  const items = g.tests
    .map((t) => {
      const ids = t.ids.map((id) => `<a href="#${id}">${id}</a>`).join(', ') || 'no requirement';
      const where = t.project ? ` <span class="muted">(${escapeHtml(t.project)})</span>` : '';
      const file = `<span class="muted">${escapeHtml(t.file)}:${t.line}</span>`;
      return `<li>${ids}${where}: ${escapeHtml(t.title)} ${file}<div>Reason: ${escapeHtml(t.reason)}</div>${htmlEvidence(t.evidence, true)}</li>`;
    })
    .join('');
  return `<section class="not-verified ${g.kind}" id="not-verified-${g.kind}">${heading}<p>${escapeHtml(g.meaning)}.</p><ul class="tests">${items}</ul></section>`;
}

const CSS = `
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1b1f24}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #ddd;padding-bottom:.2rem}
table{border-collapse:collapse;margin:.5rem 0;width:100%}th,td{border:1px solid #d0d7de;padding:.3rem .5rem;text-align:left;vertical-align:top}
thead th{background:#f3f4f6}.num td{text-align:right}.muted{color:#57606a;font-size:.9em}
.banner{padding:1rem;border-radius:6px;font-size:1.1rem;margin:1rem 0}
.banner.conformant{background:#dafbe1}.banner.not-conformant{background:#ffebe9}.banner.incomplete{background:#fff8c5}.banner.not-run{background:#eaeef2}
.tag{display:inline-block;padding:0 .4rem;border-radius:4px;font-size:.8em;font-weight:600;text-transform:uppercase}
.tag.passed{background:#dafbe1;color:#116329}.tag.warned{background:#fff1e5;color:#953800}.tag.failed{background:#ffebe9;color:#a40e26}.tag.not-tested{background:#fff8c5;color:#7d4e00}.tag.in-part{background:#ddf4ff;color:#0a3069}.tag.not-applicable{background:#f6f8fa;color:#57606a}
pre{white-space:pre-wrap;background:#f6f8fa;padding:.5rem;border-radius:4px;font-size:.85em;max-height:20rem;overflow:auto}
ul.tests{margin:.3rem 0;padding-left:1.2rem}details summary{cursor:pointer}
.suspicious{color:#a40e26}section.not-verified.target{border-left:4px solid #a40e26;padding-left:.8rem}
`;

export function renderHtml(c: Certification): string {
  const t = c.totals.tests;
  const rows = c.requirements
    .map((r) => {
      const judged = r.invariant
        ? `<div class="invariant">invariant on every answer: ${r.invariant.judged} answer(s) judged</div>`
        : '';
      const tests = r.tests.length
        ? `<details><summary>${r.tests.length} test(s)</summary><ul class="tests">${r.tests.map(htmlTest).join('')}</ul></details>`
        : '';
      return (
        `<tr id="${r.id}"><td>${r.id}</td><td>${r.level}</td>` +
        `<td>${escapeHtml(r.requirement)}<div class="muted">Contract, ${escapeHtml(r.section)}: “${escapeHtml(r.clause)}”</div></td>` +
        `<td><span class="tag ${verdictClass(r.verdict)}">${r.verdict}</span></td>` +
        `<td>${escapeHtml(r.reason ?? '')}${judged}${tests}</td></tr>`
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
  if (c.mustInPart.length) {
    sections.push(
      `<h2>MUST requirements verified in part (tests left out by a setting)</h2>${list(
        c.mustInPart.map((m) => `<a href="#${m.id}">${m.id}</a>: ${escapeHtml(m.reason)}`),
      )}`,
    );
  }
  if (c.notVerified.length) {
    sections.push(
      `<h2 id="not-verified">Not verified, by kind</h2><p>Tests that could not run their decisive check; the suspicious kind first.</p>${c.notVerified.map(htmlNotVerified).join('')}`,
    );
  }
  if (c.warnings.length) {
    sections.push(
      `<h2>Warnings: requirements warned, and failed SHOULD/MAY requirements (not blocking)</h2>${list(c.warnings.map((id) => `<a href="#${id}">${id}</a>`))}`,
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
<tr><th scope="row">Longest wait for background work</th><td id="async-wait">${escapeHtml(c.asyncWait)}</td></tr>
<tr><th scope="row">Report generated</th><td>${escapeHtml(c.generatedAt)}</td></tr>
<tr><th scope="row">Suite version</th><td>${escapeHtml(c.suiteVersion)}</td></tr>
<tr><th scope="row">Contract version</th><td>${escapeHtml(c.contractVersion)} (requirement catalogue version ${c.catalogueVersion})</td></tr>
<tr><th scope="row">Results file</th><td>${escapeHtml(c.resultsFile)}, SHA-256 <code>${c.resultsSha256}</code></td></tr>
<tr><th scope="row">Tests</th><td id="test-totals">${t.total} run: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped</td></tr>
</table>
<h2>How to read this report</h2>
${EXPLAINER.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<h2>Totals</h2>
<table class="num" id="totals-by-level">${htmlTotalsHead('')}<tbody>
${htmlTotalsRow('All', c.totals.requirements)}
${c.totals.byLevel.map((l) => htmlTotalsRow(l.level, l)).join('\n')}
</tbody></table>
<table class="num" id="totals-by-area">${htmlTotalsHead('Area')}<tbody>
${c.totals.byArea.map((a) => htmlTotalsRow(a.title, a)).join('\n')}
</tbody></table>
<table class="num" id="totals-not-verified"><thead><tr><th>Tests not verified, by kind</th>${SKIP_KINDS.map((k) => `<th>${escapeHtml(kindLabel(k))}</th>`).join('')}</tr></thead><tbody>
<tr><th scope="row">tests</th>${SKIP_KINDS.map((k) => `<td>${c.totals.notVerifiedByKind[k]}</td>`).join('')}</tr>
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
