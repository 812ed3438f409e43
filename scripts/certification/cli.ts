/**
 * The certify command: reads Playwright's JSON results (reports/results.json) and
 * schemas/requirements.yaml, writes reports/certification.json, .md and .html, and prints the verdict.
 * The report command (scripts/report.ts) writes the same files through the functions here.
 *
 *   npm run certify [-- --results path/to/results.json --out dir]
 */
import fs from 'node:fs';
import path from 'node:path';
import { reportPaths } from '../../helpers/run/report-config';
import { readRunResults } from '../run-results';
import { renderHtml } from './html';
import { renderMarkdown } from './markdown';
import {
  buildCertification,
  totalsInWords,
  VERDICT_WORDS,
  type BuildOptions,
  type Certification,
} from './model';

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

/** What is printed after a certification is written: the verdict, the totals, where the files are. */
export function certificationSummary(c: Certification, outDir: string): string {
  const r = c.totals.requirements;
  return (
    `certification: ${VERDICT_WORDS[c.overall]} (${c.explanation})\n` +
    `  ${totalsInWords(r)}\n` +
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
  process.stdout.write(certificationSummary(writeCertification(results, out), out));
}
