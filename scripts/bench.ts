/**
 * The benchmark: the full suite against the embedded reference several times, as a user runs it (default
 * reporters: list, Allure, JSON, JUnit), with the wall and CPU time of each run and a profile of where the
 * time went; then the mutation run, with where each of its passes spent its time. Writes reports/bench.json
 * and prints the profiles as tables.
 *
 *   npm run bench                          # 5 suite runs + 1 mutation run
 *   npm run bench -- --runs 3 --no-mutation
 *   npm run bench -- --floor               # also the floors: as many no-op tests, same runner set-up, and
 *                                          # the same with the suite's number of requests; the ratios to them
 *   npm run bench -- --project-tests       # also the project tests (npm run test:unit), the slowest named
 *   npm run bench -- --latency 100         # only a run against the reference one round trip of 100 ms away
 *                                          # (scripts/bench-latency.ts): wall, requests in flight, critical path
 *   npm run bench -- --latency 100 --read-only   # the same, the target allowing no write
 *   npm run bench -- --latency 0 --keepalive 300 # the same, the forwarder closing connections idle 300 ms
 *                                          # (unannounced; --keepalive-announced: Keep-Alive: timeout=N, as Node)
 *   npm run bench -- --steady 20 [--latency 100] [--keepalive 300] [--workers 16] [--concurrent 3] [--variants]
 *                                          # only the steadiness runs (scripts/steady.ts): N runs in a row
 *                                          # against the reference, each failed test named with its cause
 *
 * CPU time is the user + system time of the run's processes (the runner, its workers, the embedded
 * reference): on Linux, the children's times the kernel adds to this process (/proc/self/stat).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { childrenCpuSeconds, CLI, median, ROOT, round } from './bench-common';
import { runFloor, type Floor } from './bench-floor';
import { runLatency } from './bench-latency';
import type { PassProfile } from './mutation-profile';
import { isSteadyRequest, parseSteadyArgs } from './steady-verdicts';
import { runSteady } from './steady';

/**
 * The targets, on the 2-core machine: the suite's median wall time at most 1.6 times the stack's floor
 * measured in the same bench (an absolute time would measure the machine), the mutation run within 5 minutes.
 */
export const TARGETS = { floorRatio: 1.6, mutationSeconds: 300 };

interface JsonResult {
  startTime: string;
  duration: number;
  parallelIndex: number;
  status: string;
}
interface JsonSuite {
  specs?: { tests: { results: JsonResult[] }[] }[];
  suites?: JsonSuite[];
}
interface RequestsFile {
  total: number;
  networkMs?: number;
  overheadTotalMs?: number;
  waitMs?: number;
  setup?: Record<string, number>;
}

/** One row of the profile: seconds of wall time, or summed over the workers where it says so. */
type Profile = Record<string, number>;

interface SuiteRun {
  wallSeconds: number;
  cpuSeconds: number | null;
  exitCode: number | null;
  tests: number;
  passed: number;
  failed: number;
  skipped: number;
  requests: number;
  profile: Profile;
}

function results(dir: string): JsonResult[] {
  const report = JSON.parse(fs.readFileSync(path.join(dir, 'results.json'), 'utf8')) as {
    suites: JsonSuite[];
  };
  const out: JsonResult[] = [];
  const visit = (suite: JsonSuite) => {
    for (const spec of suite.specs ?? []) for (const test of spec.tests) out.push(...test.results);
    for (const child of suite.suites ?? []) visit(child);
  };
  report.suites.forEach(visit);
  return out;
}

/** Where one run's time went, from its results and its request counts. */
function profileOf(startedAt: number, endedAt: number, all: JsonResult[], requests: RequestsFile): Profile {
  const setup = requests.setup ?? {};
  const ran = all.filter((r) => r.status !== 'skipped' || r.duration > 0);
  const spans = new Map<number, { first: number; last: number; busy: number }>();
  for (const r of ran) {
    const start = Date.parse(r.startTime);
    const span = spans.get(r.parallelIndex) ?? { first: Infinity, last: 0, busy: 0 };
    span.first = Math.min(span.first, start);
    span.last = Math.max(span.last, start + r.duration);
    span.busy += r.duration;
    spans.set(r.parallelIndex, span);
  }
  const workers = [...spans.values()];
  const firstTest = Math.min(...workers.map((w) => w.first));
  const lastTest = Math.max(...workers.map((w) => w.last));
  const seconds = (ms: number) => round(ms / 1000);
  return {
    'runner start, config, test list': seconds((setup.startedAt ?? firstTest) - startedAt),
    'global setup: settings, reference start': seconds(setup.referenceMs ?? 0),
    'global setup: preflight': seconds(setup.preflightMs ?? 0),
    'global setup: data states sweep': seconds(setup.dataStatesMs ?? 0),
    'worker start (to the first test)': seconds(firstTest - (setup.endedAt ?? startedAt)),
    'tests, first start to last end': seconds(lastTest - firstTest),
    'in tests, summed over workers': seconds(workers.reduce((sum, w) => sum + w.busy, 0)),
    '  requests on the network (sum)': seconds(requests.networkMs ?? 0),
    "  the suite's own time per request (sum)": seconds(requests.overheadTotalMs ?? 0),
    '  deliberate waits (sum)': seconds(requests.waitMs ?? 0),
    'between tests, summed over workers': seconds(
      workers.reduce((sum, w) => sum + (w.last - w.first - w.busy), 0),
    ),
    'end (teardown, reports)': seconds(endedAt - lastTest),
  };
}

function suiteEnv(dir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, REPORTS_DIR: dir };
  for (const name of ['BASE_URL', 'ENV_FILE', 'CONFORMANCE_RUN_ID', 'CONFORMANCE_REPORTERS'])
    delete env[name];
  return env;
}

function summarize(
  dir: string,
  wallMs: number,
  startedAt: number,
  exitCode: number | null,
  cpu: number | null,
) {
  const all = results(dir);
  const requests = JSON.parse(fs.readFileSync(path.join(dir, 'requests.json'), 'utf8')) as RequestsFile;
  const passed = all.filter((r) => r.status === 'passed').length;
  const skipped = all.filter((r) => r.status === 'skipped').length;
  return {
    wallSeconds: round(wallMs / 1000),
    cpuSeconds: cpu === null ? null : round(cpu),
    exitCode,
    tests: all.length,
    passed,
    failed: all.length - passed - skipped,
    skipped,
    requests: requests.total,
    profile: profileOf(startedAt, startedAt + wallMs, all, requests),
  };
}

/** One suite run with the default reporters, in a reports folder of its own. */
function runSuite(): SuiteRun {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const cpuBefore = childrenCpuSeconds();
  const startedAt = Date.now();
  const started = performance.now();
  const run = spawnSync(process.execPath, [CLI, 'test'], {
    cwd: ROOT,
    env: suiteEnv(dir),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const wallMs = performance.now() - started;
  const cpuAfter = childrenCpuSeconds();
  try {
    return summarize(
      dir,
      wallMs,
      startedAt,
      run.status,
      cpuBefore === undefined || cpuAfter === undefined ? null : cpuAfter - cpuBefore,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface MutationRun {
  wallSeconds: number;
  cpuSeconds: number | null;
  exitCode: number | null;
  /** Where each pass's time went (reports/mutation.json, `profile`). */
  profile: PassProfile[];
}

function runMutation(): MutationRun {
  const cpuBefore = childrenCpuSeconds();
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'mutation.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const cpuAfter = childrenCpuSeconds();
  let profile: PassProfile[] = [];
  try {
    profile =
      (
        JSON.parse(fs.readFileSync(path.join(ROOT, 'reports', 'mutation.json'), 'utf8')) as {
          profile?: PassProfile[];
        }
      ).profile ?? [];
  } catch {
    /* a run that wrote no summary: its exit code says why */
  }
  return {
    wallSeconds: round((performance.now() - started) / 1000, 1),
    cpuSeconds: cpuBefore === undefined || cpuAfter === undefined ? null : round(cpuAfter - cpuBefore, 1),
    exitCode: run.status,
    profile,
  };
}

/** The mutation run's profile as a table: a column per pass. */
function mutationTable(profile: PassProfile[]): string[] {
  const rows: [string, (p: PassProfile) => number | string][] = [
    ['references', (p) => p.references],
    ['tests', (p) => p.tests],
    ['workers started', (p) => p.workers],
    ['references seeded and served (s)', (p) => p.serversSeconds],
    ['runner start to the first test (s)', (p) => p.runnerStartSeconds],
    ['tests, first start to last end (s)', (p) => p.testsSeconds],
    ['  clean reference, summed over workers (s)', (p) => p.testsSummedSeconds.clean],
    ['  variants, summed over workers (s)', (p) => p.testsSummedSeconds.variant],
    ['  faults, summed over workers (s)', (p) => p.testsSummedSeconds.fault],
    ['last test to the runner exit (s)', (p) => p.exitSeconds],
    ['servers closed, outcomes read (s)', (p) => p.closeSeconds],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  return [
    `${'where the mutation run went'.padEnd(width)}   ${profile.map((p) => p.pass.padStart(8)).join(' ')}`,
    ...rows.map(
      ([name, value]) =>
        `${name.padEnd(width)}   ${profile.map((p) => String(value(p)).padStart(8)).join(' ')}`,
    ),
  ];
}

interface ProjectTestsRun {
  wallSeconds: number;
  cpuSeconds: number | null;
  tests: number;
  failed: number;
  /** The slowest tests, with their file-level test name and seconds. */
  slowest: { test: string; seconds: number }[];
}

/** The project tests (`npm run test:unit`), with the slowest of them: they are part of every CI run too. */
function runProjectTests(): ProjectTestsRun {
  const script = (
    JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts['test:unit']!;
  const cpuBefore = childrenCpuSeconds();
  const started = performance.now();
  // The reporter option goes before the file list (node reads what follows the files as files).
  const run = spawnSync(script.replace(/ --test /, ' --test --test-reporter=tap '), {
    cwd: ROOT,
    shell: true,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const cpuAfter = childrenCpuSeconds();
  // TAP: a top-level `ok N - name` (or `not ok`) line, then its `duration_ms` in the YAML block below it.
  const slowest: { test: string; seconds: number }[] = [];
  let current: string | undefined;
  for (const line of run.stdout.split('\n')) {
    const top = /^(?:not )?ok \d+ - (.*)$/.exec(line);
    if (top) current = top[1];
    else if (/^\S/.test(line)) current = undefined;
    const duration = /^ {2}duration_ms: ([\d.]+)/.exec(line);
    if (duration && current !== undefined) {
      slowest.push({ test: current, seconds: round(Number(duration[1]) / 1000, 1) });
      current = undefined;
    }
  }
  slowest.sort((a, b) => b.seconds - a.seconds);
  const count = (name: string) => Number(new RegExp(`^# ${name} (\\d+)`, 'm').exec(run.stdout)?.[1] ?? NaN);
  return {
    wallSeconds: round((performance.now() - started) / 1000, 1),
    cpuSeconds: cpuBefore === undefined || cpuAfter === undefined ? null : round(cpuAfter - cpuBefore, 1),
    tests: count('tests'),
    failed: count('fail'),
    slowest: slowest.slice(0, 10),
  };
}

const numberAfter = (args: string[], flag: string, fallback: number) => {
  const at = args.indexOf(flag);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};

const specFileCount = () =>
  fs.readdirSync(path.join(ROOT, 'specs')).filter((f) => f.endsWith('.spec.ts')).length;

/** How many times as long as `floor` a median wall time took. */
const timesAsLong = (wallSeconds: number, floor: Floor) => round(wallSeconds / floor.wallSeconds);

const passedAll = (run: SuiteRun) => run.exitCode === 0 && run.failed === 0;

function table(runs: SuiteRun[]): string[] {
  const rows = Object.keys(runs[0]!.profile);
  const width = Math.max(...rows.map((r) => r.length));
  return [
    `${'where the time went (median of the runs)'.padEnd(width)}   seconds`,
    ...rows.map((row) => `${row.padEnd(width)}   ${median(runs.map((r) => r.profile[row]!)).toFixed(2)}`),
  ];
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  // The steadiness runs are a bench of their own: their --latency is the forwarder's, not the latency profile.
  if (isSteadyRequest(args)) {
    try {
      process.exitCode = await runSteady(parseSteadyArgs(args));
    } catch (error) {
      process.stderr.write(`bench: ${(error as Error).message}\n`);
      process.exitCode = 2;
    }
    return;
  }
  if (args.includes('--latency')) {
    const report = await runLatency(numberAfter(args, '--latency', 100), {
      readOnly: args.includes('--read-only'),
      ...(args.includes('--keepalive')
        ? {
            idle: {
              closeAfterMs: numberAfter(args, '--keepalive', 2000),
              announced: args.includes('--keepalive-announced'),
            },
          }
        : {}),
    });
    fs.mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
    fs.writeFileSync(
      path.join(ROOT, 'reports', 'bench-latency.json'),
      `${JSON.stringify(report, null, 2)}\n`,
    );
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return;
  }
  // Timings are only comparable on a quiet machine: the load at the start is recorded with them.
  const loadAtStart = os.loadavg().map((l) => round(l));
  const runs = numberAfter(args, '--runs', 5);
  // A warm-up run first: the first run after a change pays the compilation of the TypeScript files.
  process.stdout.write('warm-up run\n');
  runSuite();
  const suiteRuns: SuiteRun[] = [];
  for (let i = 1; i <= runs; i++) {
    const run = runSuite();
    suiteRuns.push(run);
    process.stdout.write(
      `suite run ${i}/${runs}: ${run.wallSeconds} s wall, ${run.cpuSeconds ?? '?'} s CPU, ${run.tests} tests (${run.failed} failed), ${run.requests} requests\n`,
    );
  }
  const measureFloors = args.includes('--floor');
  const floor = measureFloors ? runFloor(suiteRuns[0]!.tests, specFileCount(), runs) : undefined;
  const requests = median(suiteRuns.map((r) => r.requests));
  const trafficFloor = measureFloors
    ? runFloor(suiteRuns[0]!.tests, specFileCount(), runs, requests)
    : undefined;
  const mutation = args.includes('--no-mutation') ? undefined : runMutation();
  const projectTests = args.includes('--project-tests') ? runProjectTests() : undefined;
  const cpus = suiteRuns.map((r) => r.cpuSeconds).filter((v): v is number => v !== null);
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
      medianCpuSeconds: cpus.length ? median(cpus) : null,
      tests: suiteRuns[0]!.tests,
      requests,
      profile: Object.fromEntries(
        Object.keys(suiteRuns[0]!.profile).map((row) => [row, median(suiteRuns.map((r) => r.profile[row]!))]),
      ),
      runs: suiteRuns,
    },
    floor: floor ?? null,
    trafficFloor: trafficFloor ?? null,
    mutation: mutation ?? null,
    projectTests: projectTests ?? null,
    targets: TARGETS,
  };
  const suiteTo = (to: Floor | undefined) => (to ? timesAsLong(summary.suite.medianWallSeconds, to) : null);
  const ratios = {
    suiteToFloor: suiteTo(floor),
    suiteToTrafficFloor: suiteTo(trafficFloor),
    trafficFloorToFloor: floor && trafficFloor ? timesAsLong(trafficFloor.wallSeconds, floor) : null,
  };
  const met = {
    // Not measured without --floor: neither met nor missed.
    floorRatio: ratios.suiteToFloor === null ? null : ratios.suiteToFloor <= TARGETS.floorRatio,
    mutation: mutation ? mutation.wallSeconds <= TARGETS.mutationSeconds && mutation.exitCode === 0 : null,
    projectTests: projectTests ? projectTests.failed === 0 : null,
    allPassed: suiteRuns.every(passedAll),
  };
  fs.mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
  fs.writeFileSync(
    path.join(ROOT, 'reports', 'bench.json'),
    `${JSON.stringify({ ...summary, ratios, met }, null, 2)}\n`,
  );
  const lines = [
    '',
    ...table(suiteRuns),
    '',
    `suite: median ${summary.suite.medianWallSeconds} s wall, ${summary.suite.medianCpuSeconds ?? '?'} s CPU, over ${runs} runs`,
    ...(floor && trafficFloor
      ? [
          `stack floor (${summary.suite.tests} no-op tests, same runner set-up): median ${floor.wallSeconds} s wall, ${floor.cpuSeconds ?? '?'} s CPU`,
          `traffic floor (the same, sending ${requests} reads to the embedded reference, judging none): median ${trafficFloor.wallSeconds} s wall, ${trafficFloor.cpuSeconds ?? '?'} s CPU`,
          `suite / stack floor: ${ratios.suiteToFloor} (target <= ${TARGETS.floorRatio}); traffic floor / stack floor: ${ratios.trafficFloorToFloor}; suite / traffic floor: ${ratios.suiteToTrafficFloor}`,
        ]
      : ['suite / stack floor: not measured (--floor measures the floors)']),
    `tests: ${summary.suite.tests}; HTTP requests: ${summary.suite.requests}`,
    ...(mutation?.profile.length ? ['', ...mutationTable(mutation.profile), ''] : []),
    mutation
      ? `mutation run: ${mutation.wallSeconds} s wall, ${mutation.cpuSeconds ?? '?'} s CPU (target <= ${TARGETS.mutationSeconds} s), exit ${mutation.exitCode}`
      : 'mutation run: not measured (--no-mutation)',
    ...(projectTests
      ? [
          `project tests: ${projectTests.wallSeconds} s wall, ${projectTests.cpuSeconds ?? '?'} s CPU, ${projectTests.tests} tests (${projectTests.failed} failed); the slowest:`,
          ...projectTests.slowest.map((t) => `  ${t.seconds.toFixed(1).padStart(6)} s  ${t.test}`),
        ]
      : []),
    'written: reports/bench.json',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  // A missed target or a failed run fails the command, so that a pipeline can gate on it.
  if (Object.values(met).includes(false)) process.exitCode = 1;
}

void main();
