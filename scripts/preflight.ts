/**
 * The preflight alone (`npm run preflight`): checks the configured target and key roles, prints what
 * it found, and exits non-zero with one clear message on the first problem. Then it prints the table of
 * the data states the suite looks for in the primary tenant (README, "The minimum test tenant").
 */
import os from 'node:os';
import { readDataStates } from '../helpers/data-snapshot';
import { preflight } from '../helpers/preflight';
import { readTarget } from '../helpers/target';

async function main(): Promise<void> {
  const target = readTarget();
  const requests = await preflight(target);
  const roles = Object.keys(target.keys).join(', ');
  process.stdout.write(`preflight passed: ${target.baseUrl}, key roles ${roles} (${requests} requests)\n`);
  // The workers a run would use (playwright.config.ts): the sync tests need one patent per worker.
  const workers = process.env.WORKERS ? Number(process.env.WORKERS) : Math.max(2, os.availableParallelism());
  const dataStates = await readDataStates(target, { workers, shared: false });
  process.stdout.write(`${dataStates.lines.join('\n')}\n(${dataStates.requests} requests)\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`preflight failed: ${(error as Error).message}\n`);
  process.exit(1);
});
