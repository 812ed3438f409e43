/**
 * Builds the reports of the last run (docs/reports.md):
 *   1. the Allure HTML report (Allure 3 CLI, config allurerc.ts) from reports/allure-results into
 *      reports/allure-report, with history carried in reports/history/history.jsonl, bounded after each
 *      report (helpers/setup/allure-history.ts);
 *   2. strips the analytics snippet that Allure's template embeds, pins a Content-Security-Policy that
 *      allows only the report's own files, and fails if any reference to another origin remains;
 *   3. the certification report (scripts/certification/) from reports/results.json.
 * The JUnit file (reports/junit.xml) is written by the run itself. Only the results of the last run
 * started in the reports folder (or of `--run <id>`) are reported (scripts/run-binding.ts): otherwise the
 * step says there are none and prints no verdict; a run refused by its preflight is certified NOT RUN.
 *
 *   npm run report [-- --run <id>]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { boundHistoryFile, HISTORY_BYTES } from '../helpers/setup/allure-history';
import {
  contractVersion,
  reportPaths,
  ROOT,
  suiteVersion,
  type ReportPaths,
} from '../helpers/run/report-config';
import { certificationSummary, writeCertificationFiles } from './certification/cli';
import { markUnjudged } from './junit-unjudged';
import {
  buildCertification,
  notRunCertification,
  totalsInWords,
  VERDICT_WORDS,
  type Certification,
  type OverallVerdict,
} from './certification/model';
import { packageFile } from './package-paths';
import { boundResults, type BoundResults } from './run-binding';

/** Loading or running code or data from these would send the reader's visit elsewhere. */
const ANALYTICS_PATTERNS: readonly RegExp[] = [
  /googletagmanager\.com/i,
  /google-analytics\.com/i,
  /\bgtag\s*\(/,
  /\bdataLayer\b/,
  /analytics\.google/i,
];

/**
 * Allows the report's own files (and inline/data: resources the Allure app needs); any request to
 * another origin is refused by the browser even if a later Allure version adds one.
 */
export const REPORT_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob:; " +
  "style-src 'self' 'unsafe-inline' data:; img-src 'self' data: blob:; font-src 'self' data:; " +
  "connect-src 'self' data: blob:; media-src 'self' data: blob:; frame-src 'self' data: blob:; " +
  "worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'none'";

/** Removes Allure's analytics snippet (external gtag loader and its inline script) and adds the CSP. */
export function stripAnalytics(html: string): string {
  let out = html
    // <script ... src="https://..."></script>: external scripts of any origin
    .replace(/<script\b[^>]*\bsrc\s*=\s*["']?(?:https?:)?\/\/[^>]*>\s*<\/script>/gi, '')
    // inline scripts that talk to an analytics service
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, (block) =>
      ANALYTICS_PATTERNS.some((p) => p.test(block)) ? '' : block,
    );
  if (!/http-equiv=["']Content-Security-Policy/i.test(out)) {
    const csp = `<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`;
    out = /<meta charset[^>]*>/i.test(out)
      ? out.replace(/<meta charset[^>]*>/i, (charset) => `${charset}\n    ${csp}`)
      : out.replace(/<head>/i, `<head>\n    ${csp}`);
  }
  return out;
}

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/**
 * Places in the report's HTML, CSS and JS that would make the browser load something from another
 * origin: analytics, external scripts, stylesheets, fonts, images, imports. Links a reader may click
 * (`<a href>`) are not loads and are not reported.
 */
export function externalReferences(reportDir: string): string[] {
  const found: string[] = [];
  const external = /(?:https?:)?\/\/(?!localhost\b|127\.0\.0\.1\b)[a-z0-9.-]+\.[a-z]{2,}/i;
  for (const file of filesUnder(reportDir)) {
    if (!/\.(html?|js|mjs|css)$/i.test(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const rel = path.relative(reportDir, file);
    for (const pattern of ANALYTICS_PATTERNS) {
      if (pattern.test(text)) found.push(`${rel}: analytics (${pattern.source})`);
    }
    if (/\.html?$/i.test(file)) {
      for (const match of text.matchAll(/<(script|link|img|iframe|source|embed|object)\b[^>]*>/gi)) {
        const attr = match[0].match(/\b(?:src|href|data)\s*=\s*["']?([^"'\s>]+)/i);
        if (attr && external.test(attr[1]!)) found.push(`${rel}: <${match[1]}> loads ${attr[1]}`);
      }
    }
    for (const match of text.matchAll(/(?:@import\s+(?:url\()?|url\()\s*["']?([^"')\s]+)/gi)) {
      if (external.test(match[1]!)) found.push(`${rel}: CSS loads ${match[1]}`);
    }
  }
  return found;
}

/** Runs the Allure 3 CLI; returns false (after saying why) when there are no Allure results. */
export function buildAllureReport(paths: ReportPaths = reportPaths()): boolean {
  if (!fs.existsSync(paths.allureResults) || fs.readdirSync(paths.allureResults).length === 0) {
    process.stderr.write(`no Allure results in ${paths.allureResults}: run the suite first\n`);
    return false;
  }
  fs.rmSync(paths.allureReport, { recursive: true, force: true });
  fs.mkdirSync(paths.historyDir, { recursive: true });
  const cli = packageFile('allure', 'cli.js');
  const run = spawnSync(
    process.execPath,
    [cli, 'generate', '--config', path.join(ROOT, 'allurerc.ts'), paths.allureResults],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, REPORTS_DIR: paths.dir, NO_COLOR: '1' },
    },
  );
  if (run.status !== 0) {
    throw new Error(`allure generate failed (${run.status}):\n${run.stderr}\n${run.stdout}`);
  }
  // Allure appended this run's entry whole: the history keeps what the report reads, within its bounds.
  const history = boundHistoryFile(paths.historyFile);
  if (history?.byBudget) {
    process.stderr.write(
      `Allure history: the newest ${history.runs} runs kept, the most that fit in ${HISTORY_BYTES} bytes\n`,
    );
  }
  for (const file of filesUnder(paths.allureReport)) {
    if (!/\.html?$/i.test(file)) continue;
    fs.writeFileSync(file, stripAnalytics(fs.readFileSync(file, 'utf8')));
  }
  const leftovers = externalReferences(paths.allureReport);
  if (leftovers.length > 0) {
    throw new Error(`the Allure report still refers to other origins:\n  ${leftovers.join('\n  ')}`);
  }
  return true;
}

/** The Allure environment entries that carry the certification's verdict and totals. */
export const ALLURE_CERTIFICATION_KEYS = ['Certification', 'Requirements'] as const;

/**
 * Puts the certification's verdict and totals into the Allure environment block (environment.properties of
 * the run's results), so that the Allure summary shows what the certification counts: passed, in part, not
 * applicable, not tested. Rebuilding the report replaces them.
 */
export function certificationInAllure(paths: ReportPaths, certification: Certification): void {
  const file = path.join(paths.allureResults, 'environment.properties');
  if (!fs.existsSync(paths.allureResults)) return;
  const [verdictKey, totalsKey] = ALLURE_CERTIFICATION_KEYS;
  const kept = (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '')
    .split('\n')
    .filter((line) => line && !ALLURE_CERTIFICATION_KEYS.some((key) => line.startsWith(`${key}=`)));
  const value = (text: string) => text.replace(/\\/g, '\\\\').replace(/\n/g, ' ');
  fs.writeFileSync(
    file,
    [
      ...kept,
      `${verdictKey}=${VERDICT_WORDS[certification.overall]}`,
      `${totalsKey}=${value(totalsInWords(certification.totals.requirements))}`,
    ].join('\n') + '\n',
  );
}

export interface ReportOutcome {
  /** 0 reports built; 1 the Allure report could not be built; 2 no results of the run (no verdict). */
  exitCode: number;
  overall?: OverallVerdict;
  bound: BoundResults;
}

/**
 * Builds the reports of one run: the run named (`runId`) or the last run started in the reports folder.
 * Results of another run are never reported: the step says there are none and prints no verdict.
 */
export function buildReports(
  paths: ReportPaths = reportPaths(),
  runId?: string,
  log: (text: string) => void = (text) => process.stdout.write(text),
): ReportOutcome {
  const bound = boundResults(paths, runId);
  if (bound.kind === 'none') {
    // The certification of an earlier run must not pass for this one's.
    for (const file of [paths.certificationJson, paths.certificationMd, paths.certificationHtml]) {
      fs.rmSync(file, { force: true });
    }
    log(`reports: ${bound.message}.\nreports: no verdict (a certification describes its own run only).\n`);
    return { exitCode: 2, bound };
  }
  if (bound.kind === 'not run') {
    const certification = writeCertificationFiles(
      notRunCertification(bound.preflight, {
        suiteVersion: suiteVersion(),
        contractVersion: contractVersion(),
      }),
      paths.dir,
    );
    log(certificationSummary(certification, paths.dir));
    return { exitCode: 2, overall: certification.overall, bound };
  }
  const certification = writeCertificationFiles(buildCertification(bound.run), paths.dir);
  certificationInAllure(paths, certification);
  const built = buildAllureReport(paths);
  if (built)
    log(
      `Allure report: ${path.join(paths.allureReport, 'index.html')} ` +
        '(one self-contained file: open it in a browser, from disk or from a downloaded CI artifact)\n',
    );
  log(certificationSummary(certification, paths.dir));
  if (fs.existsSync(paths.junit)) {
    // A test the target did not answer: "could not judge" there too, as in the certification.
    const { xml, changed } = markUnjudged(fs.readFileSync(paths.junit, 'utf8'));
    if (changed > 0) fs.writeFileSync(paths.junit, xml);
    log(
      `JUnit: ${paths.junit}${changed ? ` (${changed} test(s) the target did not answer: errors, could not judge)` : ''}\n`,
    );
  } else log(`JUnit: ${paths.junit} is missing (written by the run)\n`);
  return { exitCode: built ? 0 : 1, overall: certification.overall, bound };
}

if (require.main === module) {
  const index = process.argv.indexOf('--run');
  process.exitCode = buildReports(reportPaths(), index >= 0 ? process.argv[index + 1] : undefined).exitCode;
}
