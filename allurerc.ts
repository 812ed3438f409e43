/**
 * Allure 3 report configuration, read by `npm run report` (scripts/report.ts) and by `npx allure generate`.
 * History lives in one file under reports/history/ that CI caches between runs (docs/reports.md), bounded by
 * count and by size after each report (helpers/setup/allure-history.ts). The report is one self-contained HTML
 * file, so that it opens from disk or from a downloaded CI artifact: a page opened from file:// cannot read
 * data files beside it.
 */
import { defineConfig } from 'allure';
import { ALLURE_CATEGORIES, reportPaths } from './helpers/run/report-config';
import { HISTORY_RUNS } from './helpers/setup/allure-history';

const paths = reportPaths();

export default defineConfig({
  name: 'Patent Renewal Service External API v2: conformance',
  output: paths.allureReport,
  historyPath: paths.historyFile,
  historyLimit: HISTORY_RUNS,
  categories: [...ALLURE_CATEGORIES],
  plugins: {
    awesome: {
      options: {
        reportName: 'Patent Renewal Service External API v2: conformance',
        singleFile: true,
      },
    },
  },
});
