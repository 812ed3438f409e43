/**
 * Writes docs/state-coverage.md and its record schemas/generated/state-cells.json: the state cells
 * (helpers/contract/state-coverage.ts) that a complete run against the embedded reference, every setting
 * allowed, showed. tests/state-coverage.test.ts checks the document against the record and the table.
 *
 *   npx tsx scripts/gen-state-coverage.ts                       # runs the suite against the embedded reference
 *   npx tsx scripts/gen-state-coverage.ts reports/state-cells.json   # the record of a complete run already made
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stateCoverageMarkdown } from '../helpers/contract/state-coverage';
import { STATE_CELLS_FILE } from '../helpers/run/report-config';

const ROOT = path.join(__dirname, '..');
export const STATE_COVERAGE_DOC = path.join(ROOT, 'docs', 'state-coverage.md');
export const STATE_CELLS_RECORD = path.join(ROOT, 'schemas', 'generated', 'state-cells.json');

/** The suite against the embedded reference, every setting allowed: the cells its answers showed. */
function runSuite(): Record<string, number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gen-state-coverage-'));
  try {
    const envFile = path.join(dir, 'empty.env');
    fs.writeFileSync(envFile, '');
    const env = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) =>
          !/^(BASE_URL|API_KEY|ALLOW_|PROVIDER_STATES_URL|CONFORMANCE_RUN_ID|REFERENCE_)/.test(name),
      ),
    );
    process.stderr.write('running the suite against the embedded reference to record its state cells\n');
    const run = spawnSync(
      process.execPath,
      [path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '--reporter=dot'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...env, ENV_FILE: envFile, REPORTS_DIR: dir },
      },
    );
    if (run.status !== 0) throw new Error('the run did not pass: its record of state cells would be short');
    return readRecord(path.join(dir, STATE_CELLS_FILE));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function readRecord(file: string): Record<string, number> {
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { cells: Record<string, number> }).cells;
}

function main(): void {
  const from = process.argv[2];
  const observed = from ? readRecord(from) : runSuite();
  fs.writeFileSync(STATE_CELLS_RECORD, `${JSON.stringify({ cells: observed }, null, 2)}\n`);
  fs.writeFileSync(STATE_COVERAGE_DOC, `${stateCoverageMarkdown(observed)}\n`);
  process.stdout.write(`${path.relative(ROOT, STATE_COVERAGE_DOC)} written\n`);
}

if (require.main === module) main();
