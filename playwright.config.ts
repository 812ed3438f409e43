import os from 'node:os';
import { defineConfig } from '@playwright/test';

/**
 * The conformance run. With no BASE_URL, the global setup starts the embedded reference server;
 * with BASE_URL and keys (environment or .env), the suite runs against that target.
 */
export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.WORKERS ? Number(process.env.WORKERS) : Math.max(2, os.availableParallelism()),
  timeout: 30_000,
  globalSetup: './helpers/global-setup.ts',
  reporter: process.env.CI ? [['list'], ['junit', { outputFile: 'reports/junit.xml' }]] : [['list']],
  outputDir: 'test-results',
  use: {
    trace: 'off',
  },
});
