/**
 * Global setup of the reports: empties the Allure results folder, which allure-playwright only adds to,
 * so that `npm run report` shows the last run alone (history keeps the earlier ones). Runs for real runs
 * only, never for `--list`. It also records the run's id and start time (run.json).
 */
import fs from 'node:fs';
import path from 'node:path';
import { reportPaths } from '../run/report-config';
import { ensureRunIdentity, PREFLIGHT_FILE, writeRunRecord } from '../run/run-record';

export default function reportsSetup(): void {
  const paths = reportPaths();
  fs.rmSync(paths.allureResults, { recursive: true, force: true });
  fs.rmSync(path.join(paths.dir, PREFLIGHT_FILE), { force: true });
  // The last run started here: the report step builds only from this run's results (scripts/run-binding.ts).
  writeRunRecord(paths.dir, ensureRunIdentity());
}
