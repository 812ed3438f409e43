/**
 * The preflight alone (`npm run preflight`): checks the configured target and key roles, prints what
 * it found, and exits non-zero with one clear message on the first problem.
 */
import { preflight } from '../helpers/preflight';
import { readTarget } from '../helpers/target';

async function main(): Promise<void> {
  const target = readTarget();
  const requests = await preflight(target);
  const roles = Object.keys(target.keys).join(', ');
  process.stdout.write(`preflight passed: ${target.baseUrl}, key roles ${roles} (${requests} requests)\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`preflight failed: ${(error as Error).message}\n`);
  process.exit(1);
});
