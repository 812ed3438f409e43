import os from 'node:os';
import { defineConfig, type Project } from '@playwright/test';

/**
 * The mutation run (scripts/mutation.ts) passes one reference per fault or variant; each becomes a
 * project whose metadata carries its base URL (read by the `target` fixture).
 */
const mutationTargets = process.env.MUTATION_TARGETS
  ? (JSON.parse(process.env.MUTATION_TARGETS) as { name: string; baseUrl: string }[])
  : undefined;
const projects: Project[] | undefined = mutationTargets?.map((t) => ({
  name: t.name,
  metadata: { baseUrl: t.baseUrl },
}));

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
  ...(projects ? { projects } : {}),
  use: {
    trace: 'off',
  },
});
