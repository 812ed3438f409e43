/**
 * Global setup of the reports: empties the Allure results folder, which allure-playwright only adds to,
 * so that `npm run report` shows the last run alone (history keeps the earlier ones). Runs for real runs
 * only, never for `--list`.
 */
import fs from 'node:fs';
import { reportPaths } from './report-config';

export default function reportsSetup(): void {
  fs.rmSync(reportPaths().allureResults, { recursive: true, force: true });
}
