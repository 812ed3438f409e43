/**
 * One command for users: the preflight and the suite (one Playwright run; extra arguments go to
 * Playwright), then the reports (Allure HTML, certification, JUnit). Exits with the suite's status.
 *
 *   npm run conformance                       # against .env's target, or the embedded reference
 *   npm run conformance -- --grep @pagination
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.join(__dirname, '..');
const node = process.execPath;

const suite = spawnSync(
  node,
  [path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', ...process.argv.slice(2)],
  {
    cwd: ROOT,
    stdio: 'inherit',
  },
);
if (suite.status === null) process.exit(1);
// A preflight failure ends the run before any test: there is nothing to report then.
const reports = spawnSync(node, ['--import', 'tsx', path.join(ROOT, 'scripts', 'report.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (reports.status !== 0) process.stderr.write('the reports could not be built (see above)\n');
process.exit(suite.status);
