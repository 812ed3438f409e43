/**
 * The benchmark: the full suite against the embedded reference several times (median wall time,
 * including the reference's start), tests, HTTP requests, requests per second, the suite's own overhead
 * per request, and the wall time of the whole mutation run. Writes reports/bench.json.
 *
 *   npm run bench                 # 3 suite runs + 1 mutation run
 *   npm run bench -- --runs 5 --no-mutation
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.join(__dirname, '..');
const CLI = path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');

/** The targets of the speed issue, on the 2-core machine. */
export const TARGETS = { suiteMedianSeconds: 20, mutationSeconds: 8 * 60, overheadMedianMs: 1 };

interface SuiteRun {
  wallSeconds: number;
  tests: number;
  passed: number;
  failed: number;
  skipped: number;
  requests: number;
  requestsPerSecond: number;
  overheadMedianMs: number | null;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

function runSuite(): SuiteRun {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const env: NodeJS.ProcessEnv = { ...process.env, REPORTS_DIR: dir };
  for (const name of ['BASE_URL', 'ENV_FILE']) delete env[name];
  const started = performance.now();
  const run = spawnSync(process.execPath, [CLI, 'test', '--reporter=dot,json'], {
    cwd: ROOT,
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(dir, 'bench-results.json') },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const wallSeconds = (performance.now() - started) / 1000;
  const results = JSON.parse(fs.readFileSync(path.join(dir, 'bench-results.json'), 'utf8')) as {
    stats: { expected: number; unexpected: number; skipped: number; flaky: number };
  };
  const requests = JSON.parse(fs.readFileSync(path.join(dir, 'requests.json'), 'utf8')) as {
    total: number;
    overheadMedianMs: number | null;
  };
  fs.rmSync(dir, { recursive: true, force: true });
  const { expected, unexpected, skipped, flaky } = results.stats;
  if (run.status !== 0) process.stderr.write(`warning: the suite run exited with ${run.status}\n`);
  return {
    wallSeconds: round(wallSeconds),
    tests: expected + unexpected + skipped + flaky,
    passed: expected,
    failed: unexpected + flaky,
    skipped,
    requests: requests.total,
    requestsPerSecond: round(requests.total / wallSeconds, 1),
    overheadMedianMs: requests.overheadMedianMs,
  };
}

function runMutation(): { wallSeconds: number; exitCode: number | null } {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'mutation.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { wallSeconds: round((performance.now() - started) / 1000, 1), exitCode: run.status };
}

function main(): void {
  const args = process.argv.slice(2);
  // Timings are only comparable on a quiet machine: the load at the start is recorded with them.
  const loadAtStart = os.loadavg().map((l) => round(l));
  const runsArg = args.indexOf('--runs');
  const runs = runsArg >= 0 ? Number(args[runsArg + 1]) : 3;
  const suiteRuns: SuiteRun[] = [];
  for (let i = 1; i <= runs; i++) {
    const run = runSuite();
    suiteRuns.push(run);
    process.stdout.write(
      `suite run ${i}/${runs}: ${run.wallSeconds} s, ${run.tests} tests, ${run.requests} requests\n`,
    );
  }
  const mutation = args.includes('--no-mutation') ? undefined : runMutation();
  const overheads = suiteRuns.map((r) => r.overheadMedianMs).filter((v): v is number => v !== null);
  const summary = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.availableParallelism(),
      memoryGiB: round(os.totalmem() / 2 ** 30, 1),
      node: process.version,
      loadAverageAtStart: loadAtStart,
    },
    runs,
    suite: {
      medianWallSeconds: median(suiteRuns.map((r) => r.wallSeconds)),
      tests: suiteRuns[0]!.tests,
      requests: median(suiteRuns.map((r) => r.requests)),
      requestsPerSecond: median(suiteRuns.map((r) => r.requestsPerSecond)),
      overheadMedianMs: overheads.length ? median(overheads) : null,
      runs: suiteRuns,
    },
    mutation: mutation ?? null,
    targets: TARGETS,
  };
  const met = {
    suite: summary.suite.medianWallSeconds <= TARGETS.suiteMedianSeconds,
    overhead:
      summary.suite.overheadMedianMs !== null && summary.suite.overheadMedianMs <= TARGETS.overheadMedianMs,
    mutation: mutation ? mutation.wallSeconds <= TARGETS.mutationSeconds : null,
  };
  fs.mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
  fs.writeFileSync(
    path.join(ROOT, 'reports', 'bench.json'),
    `${JSON.stringify({ ...summary, met }, null, 2)}\n`,
  );
  const lines = [
    `suite: median ${summary.suite.medianWallSeconds} s over ${runs} runs (target <= ${TARGETS.suiteMedianSeconds} s)`,
    `tests: ${summary.suite.tests}; HTTP requests: ${summary.suite.requests}; ${summary.suite.requestsPerSecond} requests/s`,
    `suite overhead per request: median ${summary.suite.overheadMedianMs} ms (target <= ${TARGETS.overheadMedianMs} ms)`,
    mutation
      ? `mutation run: ${mutation.wallSeconds} s (target <= ${TARGETS.mutationSeconds} s), exit ${mutation.exitCode}`
      : 'mutation run: not measured (--no-mutation)',
    'written: reports/bench.json',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  // A missed target fails the command, so that a pipeline can gate on it.
  if (Object.values(met).includes(false)) process.exitCode = 1;
}

main();
