/**
 * Specs that must fail (or end as not verified): they prove that the harness reports what was not
 * checked, like web-platform-tests' expected-fail folder. Run by tests/earned-pass.test.ts, never by
 * the conformance run (its testDir is specs/).
 */
import { defineConfig } from '@playwright/test';

// The cases ask for a target without contacting it: an address where nothing listens.
process.env.BASE_URL ??= 'http://127.0.0.1:9';

export default defineConfig({
  testDir: '.',
  testMatch: /\.spec\.ts$/,
  workers: 1,
  retries: 0,
  reporter: [['json']],
  outputDir: process.env.MUST_FAIL_OUTPUT_DIR ?? 'test-results',
});
