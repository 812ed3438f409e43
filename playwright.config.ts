import { defineConfig, type Project, type ReporterDescription } from '@playwright/test';
import {
  ALLURE_CATEGORIES,
  allureEnvironmentInfo,
  contractVersion,
  reportPaths,
  suiteVersion,
  targetOrigin,
  wantsBlobReport,
} from './helpers/run/report-config';
import { insecureTls, WEAKENED_RUN } from './helpers/run/network';
import { ensureRunIdentity } from './helpers/run/run-record';
import { asyncWait, workerCount } from './helpers/run/settings';
import { withCompileCache } from './helpers/run/compile-cache';
import { entryGrep, mutationTargets } from './helpers/run/mutation-targets';

// Chosen once, by the runner; its workers inherit the choice (helpers/run/settings.ts, inFlightPerWorker).
const workers = workerCount();
process.env.CONFORMANCE_WORKERS = String(workers);
// The workers load their modules from a code cache (helpers/run/compile-cache.cjs): preloaded, because it must
// be in place before Playwright loads anything in them.
process.env.NODE_OPTIONS = withCompileCache(process.env.NODE_OPTIONS);

/**
 * The mutation run (scripts/mutation.ts) passes its references in MUTATION_TARGETS: one project runs them
 * all, each reference's tests inside a describe of its own (a test file per reference in MUTATION_ENTRIES_DIR,
 * scripts/mutation-entry.ts), so that
 * the workers are started once and serve every reference.
 */
const mutation = mutationTargets();
const projects: Project[] | undefined = mutation && [
  {
    name: 'mutation',
    testDir: process.env.MUTATION_ENTRIES_DIR,
    testMatch: '*.spec.js',
    grep: entryGrep(mutation),
  },
];

/**
 * Reports (docs/reports.md): `list` for people; Allure results, Playwright JSON and JUnit always, under
 * REPORTS_DIR (default reports/); a blob report for sharded runs (SHARD or --shard) or BLOB_REPORT=true,
 * merged later with `npx playwright merge-reports`. `npm run report` turns them into HTML.
 */
const paths = reportPaths();
/** The run's id and start time, recorded in results.json so that reports describe this run only. */
const run = ensureRunIdentity();
/**
 * The reporters for people: `list`, or those the conformance command was given with --reporter
 * (CONFORMANCE_REPORTERS, comma-separated): unlike Playwright's own --reporter, they come in addition to
 * the report files below, which the report step needs.
 */
const userReporters: ReporterDescription[] = (process.env.CONFORMANCE_REPORTERS?.trim() || 'list')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean)
  .map((name) => [name] as ReporterDescription);
const reporter: ReporterDescription[] = [
  ...userReporters,
  [
    // allure-playwright with the requirement metadata (helpers/setup/allure-reporter.ts). Resolved here so that
    // configs elsewhere that extend this one find it too.
    require.resolve('./helpers/setup/allure-reporter'),
    {
      resultsDir: paths.allureResults,
      environmentInfo: allureEnvironmentInfo(),
      categories: ALLURE_CATEGORIES,
    },
  ],
  ['json', { outputFile: paths.resultsJson }],
  ['junit', { outputFile: paths.junit }],
  ...(wantsBlobReport() ? [['blob', { outputDir: paths.blobDir }] as ReporterDescription] : []),
];

/**
 * The conformance run. With no BASE_URL, the global setup starts the embedded reference server;
 * with BASE_URL and keys (environment or .env), the suite runs against that target.
 */
export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers,
  timeout: 30_000,
  globalSetup: ['./helpers/setup/reports-setup.ts', './helpers/setup/global-setup.ts'],
  reporter,
  // Recorded in reports/results.json for the certification report (no key values, origin only).
  metadata: {
    runId: run.runId,
    runStartedAt: run.startedAt,
    target: targetOrigin(),
    suiteVersion: suiteVersion(),
    contractVersion: contractVersion(),
    // What the certificate states as the longest wait for background work (a certification waits longer).
    asyncWait: ((w) => `${w.ms / 1000} s (${w.source})`)(asyncWait()),
    ...(insecureTls() ? { weakened: WEAKENED_RUN } : {}),
  },
  outputDir: 'test-results',
  ...(projects ? { projects } : {}),
  use: {
    trace: 'off',
  },
});
