/**
 * Specs that must fail (or end as not verified): they prove that the harness reports what was not
 * checked, like web-platform-tests' expected-fail folder. Run by tests/earned-pass.test.ts, never by
 * the conformance run (its testDir is specs/).
 */
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: /\.spec\.ts$/,
  workers: 1,
  retries: 0,
  reporter: [['json']],
  outputDir: process.env.MUST_FAIL_OUTPUT_DIR ?? 'test-results',
});
