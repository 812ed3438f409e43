/**
 * The mutation run: the whole suite against the clean reference, every named fault and every allowed
 * variant, in one Playwright invocation: every reference served from this process on a port of its own, with
 * its own state, and every reference's tests run by the same workers (helpers/run/mutation-targets.ts).
 * Writes reports/mutation.json and reports/mutation.md; exits non-zero when the clean reference fails a
 * test, a fault survives, or a variant is failed.
 *
 * Verdicts: a fault is killed when at least one test fails on it. A variant passes when no test fails on it:
 * a test it leaves "not verified" (a skip: notVerified, verifiedOnlyIf, a precondition the variant removes,
 * such as a background batch still unfinished after ASYNC_TIMEOUT_MS) does not fail it, and is counted
 * apart. The clean reference must fail nothing.
 *
 *   npm run mutation                      # everything
 *   npm run mutation -- --only a,b        # some faults/variants (and the clean reference)
 *   npm run mutation -- --sample 24       # a representative part: 24 faults and 6 variants spread over the catalogues
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FAULTS } from '../reference/faults';
import { createReferenceServer } from '../reference/server';
import { VARIANTS } from '../reference/variants';
import { randomUUID } from 'node:crypto';
import { noteAnnouncedReset } from '../helpers/wire/rate-limit-headers';
import { REASON_KIND_ANNOTATION, reportPaths, unansweredOnly } from '../helpers/run/report-config';
import { KEY_SETTINGS } from '../helpers/run/settings';
import { embeddedReferenceClock } from '../helpers/run/target';
import { TARGET_CLOCK_OFFSET_ENV } from '../helpers/wire/target-clock';
import { PROVIDER_STATES_PATH } from '../schemas/provider-states';
import { loadRequirements } from '../schemas/requirements';
import { listTests } from './traceability';
import { entryFileText, entryOfTitle, type MutationTarget } from '../helpers/run/mutation-targets';
import { passProfile, type PassProfile } from './mutation-profile';
import {
  CLEAN,
  ON,
  parseArgs,
  selectTargets,
  variantTarget,
  ACROSS_RUNS_FAULTS,
  type Kind,
  type TargetSpec,
} from './mutation-select';

const ROOT = path.join(__dirname, '..');
/** reports/, or where REPORTS_DIR says. */
const REPORTS = reportPaths().dir;

interface JsonTestResult {
  status: string;
  startTime: string;
  duration: number;
  workerIndex: number;
  annotations?: { type: string; description?: string }[];
  error?: { message?: string };
  errors?: { message?: string }[];
}
interface JsonTest {
  projectName: string;
  status: 'expected' | 'unexpected' | 'flaky' | 'skipped';
  results: JsonTestResult[];
}
interface JsonSpec {
  title: string;
  file: string;
  tests: JsonTest[];
}
interface JsonSuite {
  title: string;
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}

export interface ProjectOutcome {
  project: string;
  kind: Kind;
  name: string;
  passed: number;
  failed: string[];
  skipped: number;
  /** Of the skipped tests, those the reference's own answer left not verified (the suspicious kind). */
  suspicious: number;
  /** Tests that failed only because the target did not answer (reset, refused, timed out): not a verdict. */
  unanswered: string[];
  /** For a variant proven in a group: the group's project. */
  group?: string;
}

/** A failure that is the target not answering (helpers/run/report-config.ts), not a contract verdict. */
function unansweredResults(results: JsonTestResult[]): boolean {
  const messages = results
    .filter((r) => r.status === 'failed' || r.status === 'timedOut')
    .flatMap((r) => [r.error?.message, ...(r.errors ?? []).map((e) => e.message)])
    .filter((m): m is string => !!m);
  return unansweredOnly(messages);
}

export function outcomesFrom(report: { suites: JsonSuite[] }, targets: TargetSpec[]): ProjectOutcome[] {
  const byProject = new Map<string, ProjectOutcome>(
    targets.map((t) => [
      t.project,
      {
        project: t.project,
        kind: t.kind,
        name: t.name,
        passed: 0,
        failed: [],
        skipped: 0,
        suspicious: 0,
        unanswered: [],
      },
    ]),
  );
  // Each reference's tests sit in a describe titled by its entry (scripts/mutation-suite/entries.spec.ts).
  const visit = (suite: JsonSuite, entry: string | undefined) => {
    const within = entryOfTitle(suite.title) ?? entry;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const outcome = within === undefined ? undefined : byProject.get(within);
        if (!outcome) continue;
        // A fault's failures are reported as expected (kills); the result's own status tells.
        const failed =
          test.status === 'unexpected' ||
          test.status === 'flaky' ||
          test.results.some((r) => r.status === 'failed' || r.status === 'timedOut');
        if (failed && unansweredResults(test.results))
          outcome.unanswered.push(`${spec.file} › ${spec.title}`);
        else if (failed) outcome.failed.push(`${spec.file} › ${spec.title}`);
        else if (test.status === 'skipped') {
          outcome.skipped += 1;
          const kinds = test.results
            .flatMap((r) => r.annotations ?? [])
            .filter((a) => a.type === REASON_KIND_ANNOTATION);
          if (kinds.some((a) => a.description === 'target')) outcome.suspicious += 1;
        } else outcome.passed += 1;
      }
    }
    for (const child of suite.suites ?? []) visit(child, within);
  };
  for (const suite of report.suites) visit(suite, undefined);
  return [...byProject.values()];
}

function markdown(summary: MutationSummary): string {
  const lines = [
    '# Mutation run',
    '',
    `Date: ${summary.date}. References' day: ${summary.calendar.today ?? 'the real date'}, zone ${summary.calendar.timeZone}. Wall time: ${summary.wallSeconds} s. Tests per reference: ${summary.testsPerTarget}.`,
    '',
    `- Clean reference: ${passes(summary.clean) ? 'passes' : `FAILS ${failures(summary.clean).length} test(s)`} (${summary.clean.passed} passed, ${summary.clean.skipped} skipped)`,
    ...summary.controls.map(
      (c) =>
        `- Clean control ${c.name.slice(CLEAN.length + ON.length)} (a pinned day and zone): ${passes(c) ? 'passes' : `FAILS ${failures(c).length} test(s)`} (${c.passed} passed, ${c.skipped} skipped)`,
    ),
    `- Faults: ${summary.faults.length}, killed ${summary.faults.filter(isKilled).length}, survivors ${summary.survivors.length}`,
    `- Variants: ${summary.variants.length}, passing ${summary.variants.filter(passes).length}, wrongly failed ${summary.wronglyFailedVariants.length}`,
    `- MUST requirements guarded by no fault: ${summary.unguardedMust.length} of ${summary.mustTotal}`,
    '',
    '## Kill matrix',
    '',
    '| fault | requirements | killed by (failed tests) |',
    '| --- | --- | --- |',
    ...summary.faults.map((f) => {
      const def = FAULTS.find((d) => d.name === f.name.split(ON)[0])!;
      const killers = f.failed.length
        ? `${f.failed.length}: ${f.failed.slice(0, 3).join('<br>')}${f.failed.length > 3 ? '<br>…' : ''}`
        : f.unanswered.length
          ? `**SURVIVED** (the target did not answer: ${f.unanswered.slice(0, 3).join('<br>')})`
          : '**SURVIVED**';
      return `| \`${f.name}\` | ${def.requirements.join(', ')} | ${killers} |`;
    }),
    '',
    '## Variants',
    '',
    '| variant | freedom | result |',
    '| --- | --- | --- |',
    ...summary.variants.map((v) => {
      const def = VARIANTS.find((d) => d.name === v.name)!;
      const passed =
        (v.skipped
          ? `passes (${v.skipped} not verified${v.suspicious ? `, ${v.suspicious} of them by the reference's own answers` : ''})`
          : 'passes') + (v.group ? `, in ${v.group}` : '');
      const failed = failures(v);
      return `| \`${v.name}\` | ${def.freedom} | ${failed.length === 0 ? passed : `**wrongly failed**: ${failed.join('<br>')}`} |`;
    }),
  ];
  if (summary.clean.failed.length)
    lines.push('', '## Clean reference failures', '', ...summary.clean.failed.map((t) => `- ${t}`));
  lines.push(
    '',
    '## MUST requirements guarded by no fault',
    '',
    summary.unguardedMust.join(', ') || '(none)',
    '',
  );
  return lines.join('\n');
}

export interface MutationSummary {
  date: string;
  /** The day and zone of the run's references (REFERENCE_TODAY, REFERENCE_TIME_ZONE); no day: the real one. */
  calendar: { timeZone: string; today?: string };
  wallSeconds: number;
  testsPerTarget: number;
  clean: ProjectOutcome;
  /** The clean references pinned to the faults' calendars: each must pass like the clean one. */
  controls: ProjectOutcome[];
  faults: ProjectOutcome[];
  variants: ProjectOutcome[];
  survivors: string[];
  wronglyFailedVariants: string[];
  mustTotal: number;
  unguardedMust: string[];
  /** Where the time went, pass by pass. */
  profile: PassProfile[];
}

/**
 * The order the workers take the references in: the variants first (each runs the whole suite: the longest
 * entries go first, so that the workers end together), then the faults, and the clean reference last, so
 * that its verdict comes from workers that served every other reference before it: a fault that reached a
 * later reference's tests through the workers would fail the clean reference.
 */
export function runOrder(targets: TargetSpec[]): TargetSpec[] {
  const rank: Record<Kind, number> = { variant: 0, fault: 1, clean: 2 };
  return [...targets].sort((a, b) => rank[a.kind] - rank[b.kind]);
}

/**
 * Runs the suite once against fresh references for the given targets, all served from this process, in one
 * Playwright run whose workers serve them all.
 */
async function runPass(targets: TargetSpec[], resultsFile: string, what: string): Promise<ProjectOutcome[]> {
  const started = performance.now();
  const clock = embeddedReferenceClock();
  const servers = targets.map((t) =>
    createReferenceServer({
      ...(t.calendar ?? clock),
      ...(t.fault ? { fault: t.fault.name } : {}),
      ...(t.variants ? { variant: t.variants.map((v) => v.name).join(',') } : {}),
    }),
  );
  const listening = await Promise.all(servers.map((s) => s.listen(0, '127.0.0.1')));
  const keys = servers[0]!.keys;
  // One set of keys serves every reference: a pinned day must not change what the seed draws for them.
  const strayKeys = servers.find((s) => JSON.stringify(s.keys) !== JSON.stringify(keys));
  if (strayKeys) throw new Error('the references of the run were seeded with different keys');
  const runId = randomUUID();
  await startCountdowns(servers, listening, runId);
  const serversReady = performance.now();
  // One test file per reference, named in the order the workers are to take them (Playwright sorts files).
  const entriesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mutation-entries-'));
  runOrder(targets).forEach((t, i) =>
    fs.writeFileSync(
      path.join(entriesDir, `${String(i).padStart(4, '0')}.spec.js`),
      entryFileText(t.project),
    ),
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CONFORMANCE_RUN_ID: runId,
    BASE_URL: listening[0]!.url,
    MUTATION_TARGETS: JSON.stringify(
      runOrder(targets).map((t): MutationTarget => ({
        name: t.project,
        baseUrl: listening[targets.indexOf(t)]!.url,
        ...(t.specs ? { specs: t.specs } : {}),
        ...(t.ids ? { ids: t.ids } : {}),
        ...(t.kind === 'fault' ? { fault: true } : {}),
        ...(t.kind === 'fault' && !t.ids ? { untilKilled: true } : {}),
        ...(t.calendar
          ? {
              timeZone: t.calendar.timeZone,
              clockOffsetMs: servers[targets.indexOf(t)]!.clock.now().getTime() - Date.now(),
            }
          : {}),
      })),
    ),
    ALLOW_WRITES: 'true',
    ALLOW_INSTRUCTIONS: 'true',
    ALLOW_QUOTA_EXHAUSTION: 'true',
    TARGET_TIME_ZONE: clock.timeZone,
    // No preflight here: the workers start with the references' clock (a pinned today) as the preflight's.
    [TARGET_CLOCK_OFFSET_ENV]: String(servers[0]!.clock.now().getTime() - Date.now()),
    PROVIDER_STATES_URL: `${listening[0]!.url}${PROVIDER_STATES_PATH}`,
    MUTATION_ENTRIES_DIR: entriesDir,
    PLAYWRIGHT_JSON_OUTPUT_NAME: resultsFile,
    PREFLIGHT: 'false',
  };
  for (const { role, env: name } of KEY_SETTINGS) env[name] = keys[role];
  // The servers live in this process, so the runner must stay responsive: Playwright runs asynchronously.
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '--reporter=json,dot'],
    {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  // Stopped, the mutation run stops its Playwright run too (it would go on against references that are gone).
  const stop = (signal: NodeJS.Signals) => {
    child.kill(signal);
    process.exit(130);
  };
  process.once('SIGINT', stop).once('SIGTERM', stop);
  await new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const exited = performance.now();
  process.off('SIGINT', stop).off('SIGTERM', stop);
  await Promise.all(listening.map((l) => l.close()));
  fs.rmSync(entriesDir, { recursive: true, force: true });
  const report = JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as {
    suites: JsonSuite[];
    errors?: { message: string }[];
  };
  if (report.errors?.length)
    process.stderr.write(`Playwright reported errors:\n${report.errors.map((e) => e.message).join('\n')}\n`);
  const outcomes = outcomesFrom(report, targets);
  PROFILE.push(
    passProfile(what, new Map(targets.map((t) => [t.project, t.kind])), testsRun(outcomes), report, {
      started,
      serversReady,
      exited,
      closed: performance.now(),
      epochOffset: Date.now() - performance.now(),
    }),
  );
  return outcomes;
}

const PROFILE: PassProfile[] = [];

/** The tests a pass ran, over its references. */
const testsRun = (outcomes: ProjectOutcome[]) =>
  outcomes.reduce((n, o) => n + o.passed + o.failed.length + o.skipped + o.unanswered.length, 0);

/**
 * What the preflight does in a normal run for the rate-limit countdown (RATE-013): one call with each
 * reference's low-quota key, whose reset is the run's first announcement, so that the countdown has the
 * whole run to show instead of a wait at the end of the rate-limit sequence.
 */
async function startCountdowns(
  servers: ReturnType<typeof createReferenceServer>[],
  listening: { url: string }[],
  runId: string,
): Promise<void> {
  const previous = process.env.CONFORMANCE_RUN_ID;
  process.env.CONFORMANCE_RUN_ID = runId;
  try {
    await Promise.all(
      servers.map(async (server, i) => {
        const key = server.keys.lowQuota;
        const started = performance.now();
        const response = await fetch(`${listening[i]!.url}/api/v2/external/patents?itemsPerPage=1`, {
          headers: { 'x-api-key': key },
        });
        await response.arrayBuffer();
        noteAnnouncedReset(listening[i]!.url, key, {
          status: response.status,
          headers: Object.fromEntries(response.headers),
          durationMs: performance.now() - started,
        });
      }),
    );
  } finally {
    if (previous === undefined) delete process.env.CONFORMANCE_RUN_ID;
    else process.env.CONFORMANCE_RUN_ID = previous;
  }
}

/** For each fault, the tests citing one of its requirements and the spec files that hold them. */
function scopeFaults(targets: TargetSpec[]): void {
  const tests = listTests();
  for (const target of targets) {
    if (!target.fault) continue;
    const ids = new Set(target.fault.requirements);
    const files = new Set(
      tests.filter((t) => t.ids.some((id) => ids.has(id))).map((t) => path.basename(t.file, '.spec.ts')),
    );
    if (files.size === 0) continue;
    target.specs = [...files].sort();
    target.ids = [...ids];
  }
}

/** One outcome per variant: a variant proven in a passing group takes the group's outcome. */
function perVariant(outcomes: ProjectOutcome[], targets: TargetSpec[]): ProjectOutcome[] {
  return outcomes
    .flatMap((o) => {
      const members = targets.find((t) => t.project === o.project)?.variants ?? [];
      if (members.length <= 1) return [o];
      const group = `${o.name}: ${members.map((v) => v.name).join(', ')}`;
      return members.map((v) => ({ ...o, project: `variant:${v.name}`, name: v.name, group }));
    })
    .sort(
      (a, b) => VARIANTS.findIndex((v) => v.name === a.name) - VARIANTS.findIndex((v) => v.name === b.name),
    );
}

/** Failed tests, and the tests that got no answer, named as such. */
const failures = (o: ProjectOutcome) => [
  ...o.failed,
  ...o.unanswered.map((t) => `${t} (the target did not answer)`),
];
/**
 * A fault is killed when a test failed on it. A test that got no answer is no verdict: the fault is not
 * killed by it, and runs again in the next, wider pass.
 */
const isKilled = (o: ProjectOutcome) => o.failed.length > 0;
const killed = (outcomes: ProjectOutcome[], t: TargetSpec) =>
  isKilled(outcomes.find((o) => o.project === t.project)!);
/** A clean or variant reference passes when no test failed on it and every test got its answers. */
const passes = (o: ProjectOutcome) => failures(o).length === 0;

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const targets = selectTargets(args);
  const started = performance.now();
  fs.mkdirSync(REPORTS, { recursive: true });
  scopeFaults(targets);
  process.stdout.write(
    `mutation run: ${targets.length} references (${targets.filter((t) => t.kind === 'fault').length} faults, ${targets.filter((t) => t.kind === 'variant').length} variants)\n`,
  );
  // Pass 1: the clean reference and the variants run the whole suite; a fault runs the tests that cite
  // the requirements it breaks. A fault that survives a pass runs a wider scope on a fresh reference:
  // the spec files of those tests (pass 2), then the whole suite (pass 3).
  let outcomes = await runPass(targets, path.join(REPORTS, 'mutation-results.json'), 'pass 1');
  // A group of variants that failed, or a reference whose tests failed only for want of an answer, runs
  // again: the members of a group each alone (a verdict is never a group's), the others as they were.
  const rerun = targets.filter((t) => {
    const o = outcomes.find((x) => x.project === t.project)!;
    if (t.kind === 'fault') return false;
    return (t.variants?.length ?? 0) > 1 ? !passes(o) : o.unanswered.length > 0;
  });
  if (rerun.length) {
    const again = rerun.flatMap((t) =>
      (t.variants?.length ?? 0) > 1 ? t.variants!.map((v) => variantTarget([v])) : [t],
    );
    process.stdout.write(
      `\nagain: ${again.length} reference(s), from ${rerun.map((t) => t.name).join(', ')}\n`,
    );
    const next = await runPass(again, path.join(REPORTS, 'mutation-results-again.json'), 'again');
    outcomes = [...outcomes.filter((o) => !rerun.some((t) => t.project === o.project)), ...next];
  }
  const widen: { what: string; scope: (t: TargetSpec) => TargetSpec }[] = [
    { what: "their areas' spec files", scope: (t) => ({ ...t, ids: undefined }) },
    { what: 'the whole suite', scope: (t) => ({ ...t, ids: undefined, specs: undefined }) },
  ];
  let scoped = targets.filter((t) => t.kind === 'fault' && t.ids);
  for (const [index, { what, scope }] of widen.entries()) {
    scoped = scoped.filter((t) => !killed(outcomes, t)).map(scope);
    if (scoped.length === 0) break;
    process.stdout.write(`\npass ${index + 2}, ${what}: ${scoped.length} fault(s) not killed yet\n`);
    const next = await runPass(
      scoped,
      path.join(REPORTS, `mutation-results-pass${index + 2}.json`),
      `pass ${index + 2}`,
    );
    outcomes = outcomes.map((o) => next.find((n) => n.project === o.project) ?? o);
  }
  const wallSeconds = Math.round((performance.now() - started) / 100) / 10;
  const clean = outcomes.find((o) => o.project === CLEAN)!;
  const controls = outcomes.filter((o) => o.kind === 'clean' && o.project !== CLEAN);
  const faults = outcomes.filter((o) => o.kind === 'fault');
  const variants = perVariant(
    outcomes.filter((o) => o.kind === 'variant'),
    targets,
  );
  const guarded = new Set(FAULTS.flatMap((f) => f.requirements));
  const must = loadRequirements().requirements.filter(
    (r) => r.level === 'MUST' && !r.retired && !r.notTestedReason,
  );
  const summary: MutationSummary = {
    date: new Date().toISOString(),
    calendar: embeddedReferenceClock(),
    wallSeconds,
    testsPerTarget: clean.passed + clean.failed.length + clean.skipped,
    clean,
    controls,
    faults,
    variants,
    survivors: faults.filter((f) => !isKilled(f)).map((f) => f.name),
    wronglyFailedVariants: variants.filter((v) => !passes(v)).map((v) => v.name),
    mustTotal: must.length,
    unguardedMust: must.filter((r) => !guarded.has(r.id)).map((r) => r.id),
    profile: PROFILE,
  };
  fs.writeFileSync(path.join(REPORTS, 'mutation.json'), `${JSON.stringify(summary, null, 2)}\n`);
  fs.writeFileSync(path.join(REPORTS, 'mutation.md'), markdown(summary));
  process.stdout.write(
    `\nclean: ${clean.failed.length} failed, ${clean.skipped} skipped` +
      (controls.length
        ? ` (controls on pinned days and zones: ${controls.filter((c) => passes(c) && c.skipped === 0).length}/${controls.length} passing)`
        : '') +
      `; faults killed ${faults.length - summary.survivors.length}/${faults.length}; ` +
      `variants passing ${variants.length - summary.wronglyFailedVariants.length}/${variants.length}; ${wallSeconds} s\n`,
  );
  if (summary.survivors.length) process.stdout.write(`survivors: ${summary.survivors.join(', ')}\n`);
  if (ACROSS_RUNS_FAULTS.length)
    process.stdout.write(
      `left to tests/fact-ledger.test.ts (visible only across runs): ${ACROSS_RUNS_FAULTS.map((f) => f.name).join(', ')}\n`,
    );
  if (summary.wronglyFailedVariants.length) {
    for (const v of variants.filter((o) => !passes(o)))
      process.stdout.write(`variant ${v.name} wrongly failed:\n  ${failures(v).join('\n  ')}\n`);
  }
  if (!passes(clean)) process.stdout.write(`clean reference failed:\n  ${failures(clean).join('\n  ')}\n`);
  for (const c of controls) {
    if (!passes(c)) process.stdout.write(`${c.name} failed:\n  ${failures(c).join('\n  ')}\n`);
    if (c.skipped > 0) process.stdout.write(`${c.name} left ${c.skipped} test(s) not verified\n`);
  }
  // The reference holds every data state and answers every relation: a test it leaves not verified checks
  // nothing anywhere (CONTRIBUTING: against the embedded reference nothing may skip).
  if (clean.skipped > 0)
    process.stdout.write(
      `the clean reference left ${clean.skipped} test(s) not verified: nothing may skip against it\n`,
    );
  process.stdout.write('report: reports/mutation.md\n');
  const ok =
    [clean, ...controls].every((c) => passes(c) && c.skipped === 0) &&
    summary.survivors.length === 0 &&
    summary.wronglyFailedVariants.length === 0;
  return ok ? 0 : 1;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
      process.exit(2);
    },
  );
}
