/**
 * The steadiness runs (`npm run bench -- --steady N`): the suite N times in a row against the conformant
 * reference, each run with its own reports folder, so that every failed test is a false failure, named with
 * its test and its cause. The reference is the suite's embedded one; with --latency or --keepalive it is
 * started here, in a thread of its own, behind a forwarder (scripts/bench-latency.ts). --concurrent k runs k
 * such lanes at the same time, each run against its own reference. Writes reports/steady.json after every
 * run (the raw results of a failed run in reports/steady/) and prints a table at the end; exit code 1 when a
 * run failed.
 *
 *   npm run bench -- --steady 20 --latency 100
 *   npm run bench -- --steady 10 --keepalive 300       # silently, as gunicorn does; --keepalive-announced: as Node does
 *   npm run bench -- --steady 10 --workers 16
 *   npm run bench -- --steady 10 --concurrent 3
 *   npm run bench -- --steady 10 --variants            # or --variants name,name
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KEY_SETTINGS } from '../helpers/run/settings';
import { embeddedReferenceClock } from '../helpers/run/target';
import { startReferenceThread } from '../helpers/setup/reference-thread';
import { VARIANTS } from '../reference/variants';
import { PROVIDER_STATES_PATH } from '../schemas/provider-states';
import { CLI, ROOT, round } from './bench-common';
import { startForwarder } from './bench-latency';
import { readRunResults } from './run-results';
import {
  falseFailuresOf,
  notJudgedOf,
  RUN_ERROR,
  runLine,
  steadyTable,
  summarize,
  withCompany,
  type RunRecord,
  type SteadyOptions,
} from './steady-verdicts';
import { widestCombination } from './variant-groups';

const SUMMARY = path.join(ROOT, 'reports', 'steady.json');
const KEPT = path.join(ROOT, 'reports', 'steady');

/**
 * The environment of a run: this process's, without what would choose another target, another reference or
 * another reports folder (the run sets its own).
 */
function runEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !/^(BASE_URL|API_KEY|ALLOW_|PROVIDER_STATES_URL|CONFORMANCE_|REFERENCE_(FAULT|VARIANT)$|ENV_FILE|REPORTS_DIR|WORKERS|MUTATION_|TARGET_TIME_ZONE|PLAYWRIGHT_)/.test(
          name,
        ),
    ),
  );
}

/** The variants of one run's reference. */
function variantsOf(options: SteadyOptions, turn: number): string[] {
  if (options.variants === undefined) return [];
  if (options.variants === 'widest')
    return widestCombination(
      VARIANTS.map((v) => v.name),
      turn,
    );
  return options.variants;
}

/** The last lines a run wrote: what explains a run that ended badly with no failed test. */
function tail(text: string, lines = 15): string {
  return text.split('\n').filter(Boolean).slice(-lines).join('\n');
}

/** One run of the suite against a reference of its own. */
async function runOnce(options: SteadyOptions, lane: number, run: number): Promise<RunRecord> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'steady-'));
  const variants = variantsOf(options, (run - 1) * options.concurrent + (lane - 1));
  const forwarded = options.latencyMs !== undefined || options.keepAliveMs !== undefined;
  const reference = forwarded
    ? await startReferenceThread({
        // The day and zone REFERENCE_TODAY and REFERENCE_TIME_ZONE pin, as an embedded run would.
        ...embeddedReferenceClock(),
        ...(variants.length ? { variant: variants.join(',') } : {}),
      })
    : undefined;
  const forwarder = reference
    ? await startForwarder(
        reference.url,
        options.latencyMs ?? 0,
        options.keepAliveMs === undefined
          ? undefined
          : { closeAfterMs: options.keepAliveMs, announced: options.announced },
      )
    : undefined;
  try {
    // Always a settings file of the run's own: a checkout's .env must not send the run elsewhere.
    const settings =
      reference && forwarder
        ? [
            `BASE_URL=${forwarder.url}`,
            ...KEY_SETTINGS.map((k) => `${k.env}=${reference.keys[k.role]}`),
            'ALLOW_WRITES=true',
            'ALLOW_INSTRUCTIONS=true',
            'ALLOW_QUOTA_EXHAUSTION=true',
            `PROVIDER_STATES_URL=${forwarder.url}${PROVIDER_STATES_PATH}`,
            `TARGET_TIME_ZONE=${reference.timeZone}`,
          ]
        : [];
    const envFile = path.join(dir, 'steady.env');
    fs.writeFileSync(envFile, `${settings.join('\n')}\n`);
    const env: NodeJS.ProcessEnv = {
      ...runEnvironment(),
      ENV_FILE: envFile,
      REPORTS_DIR: dir,
      // The dot reporter: this process keeps only the tail of what a run writes.
      CONFORMANCE_REPORTERS: 'dot',
      ...(options.workers !== undefined ? { WORKERS: String(options.workers) } : {}),
      ...(!forwarded && variants.length ? { REFERENCE_VARIANT: variants.join(',') } : {}),
    };
    const startedAt = Date.now();
    let output = '';
    // Playwright's output folder of its own too: a run empties it as it starts, under the other lanes' feet.
    const exitCode = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [CLI, 'test', `--output=${path.join(dir, 'test-results')}`], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-20_000);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.on('close', resolve);
    });
    const endedAt = Date.now();
    const record: RunRecord = {
      lane,
      run,
      startedAt,
      endedAt,
      wallSeconds: round((endedAt - startedAt) / 1000, 1),
      exitCode,
      tests: 0,
      passed: 0,
      failed: 0,
      skipped: 0,
      ...(variants.length ? { variants } : {}),
      falseFailures: [],
    };
    const resultsFile = path.join(dir, 'results.json');
    if (fs.existsSync(resultsFile)) {
      const results = readRunResults(resultsFile);
      const count = (outcome: string) => results.tests.filter((t) => t.outcome === outcome).length;
      Object.assign(record, {
        tests: results.tests.length,
        passed: count('passed'),
        failed: count('failed'),
        skipped: count('skipped'),
        falseFailures: falseFailuresOf(results),
      });
      const notJudged = notJudgedOf(results);
      if (notJudged.length) record.notJudged = notJudged;
    }
    if (exitCode !== 0 && record.falseFailures.length === 0)
      record.falseFailures.push({
        test: '(the run)',
        cause: RUN_ERROR,
        firstLine: `exit ${exitCode} with no failed test; its last lines: ${tail(output)}`,
      });
    if (record.falseFailures.length && fs.existsSync(resultsFile)) {
      fs.mkdirSync(KEPT, { recursive: true });
      const kept = path.join(KEPT, `lane-${lane}-run-${run}.results.json`);
      fs.copyFileSync(resultsFile, kept);
      record.results = path.relative(ROOT, kept);
    }
    return record;
  } finally {
    await forwarder?.close();
    await reference?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function commit(): string | undefined {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    return dirty ? `${head} (with uncommitted changes)` : head;
  } catch {
    return undefined;
  }
}

/** The series; resolves to the command's exit code: 0 when every run passed, 1 otherwise. */
export async function runSteady(options: SteadyOptions): Promise<number> {
  const unknown = Array.isArray(options.variants)
    ? options.variants.filter((name) => !VARIANTS.some((v) => v.name === name))
    : [];
  if (unknown.length) throw new Error(`unknown variant: ${unknown.join(', ')} (see reference/variants)`);
  const meta = { date: new Date().toISOString(), commit: commit() };
  fs.rmSync(KEPT, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(SUMMARY), { recursive: true });
  // Timings and company depend on the machine's other work: its load at the start is recorded with them.
  const loadAtStart = os.loadavg().map((l) => round(l));
  const records: RunRecord[] = [];
  const write = () => {
    const summary = summarize(options, withCompany(records), meta);
    fs.writeFileSync(
      SUMMARY,
      `${JSON.stringify({ ...summary, loadAverageAtStart: loadAtStart, cpus: os.availableParallelism() }, null, 2)}\n`,
    );
    return summary;
  };
  const lane = async (n: number) => {
    for (let run = 1; run <= options.runs; run++) {
      const record = await runOnce(options, n, run);
      records.push(record);
      process.stdout.write(`${runLine(record, options.runs, options.concurrent)}\n`);
      write();
    }
  };
  await Promise.all(Array.from({ length: options.concurrent }, (_, i) => lane(i + 1)));
  const summary = write();
  process.stdout.write(
    `\n${[...steadyTable(summary), `written: ${path.relative(ROOT, SUMMARY)}`].join('\n')}\n`,
  );
  return summary.runsPassed === summary.runs ? 0 : 1;
}
