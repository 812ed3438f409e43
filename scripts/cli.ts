/**
 * The conformance command (bin/conformance.cjs; `npx patent-renewal-api-v2-conformance ...` once
 * installed, `npm run conformance -- ...` in a checkout). `--help` prints the commands, the settings,
 * the exit codes and examples.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contractVersion, reportPaths } from '../helpers/run/report-config';
import { readDataStates } from '../helpers/data/data-snapshot';
import { preflight, PreflightError } from '../helpers/setup/preflight';
import { formatPreflightFailure, settingProblems } from '../helpers/setup/preflight-report';
import { loadEnv, SETTINGS, workerCount } from '../helpers/run/settings';
import { readTarget } from '../helpers/run/target';
import { loadRequirements } from '../schemas/requirements';
import { runGate } from './gate';
import { buildReports } from './report';
import { unanswered } from './run-results';
import { nodeModulesDirs, PACKAGE_ROOT, packageFile } from './package-paths';

export const EXIT = {
  /** Conformant, or, for a partial run, nothing failed. */
  ok: 0,
  /** A contract failure (a test failed against the target), or the gate found new failures. */
  failure: 1,
  /** The run could not judge the target: preflight refused it, target unreachable, bad settings or usage. */
  notJudged: 2,
  /** With --require-complete: nothing failed, but the certification is INCOMPLETE (requirements not verified). */
  incomplete: 3,
} as const;

const COMMANDS = ['run', 'preflight', 'report', 'gate', 'reference', 'contract'] as const;
type Command = (typeof COMMANDS)[number];

function packageJson(): { name: string; version: string } {
  return JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
}

/**
 * `--version`: what a certification was made against, one `name value` line each so a script takes the
 * one it needs (`grep '^contract '`): the suite (package.json), the contract (`info.version` of
 * schemas/openapi.yaml) and the requirement catalogue (`version` of schemas/requirements.yaml).
 */
export function versionText(): string {
  return [
    `suite ${packageJson().version}`,
    `contract ${contractVersion()}`,
    `requirement-catalogue ${loadRequirements().version}`,
  ]
    .map((line) => `${line}\n`)
    .join('');
}

export function helpText(): string {
  const { name, version } = packageJson();
  const width = Math.max(...SETTINGS.map((s) => s.env.length));
  const settings = SETTINGS.map(
    (s) => `  ${s.env.padEnd(width)}  ${s.meaning}\n  ${' '.repeat(width)}  default: ${s.default}`,
  ).join('\n');
  return `${name} ${version}: conformance suite of the Patent Renewal Service External API v2

Usage: npx ${name} [command] [options] [playwright arguments]

Commands:
  run         (default) preflight, the suite, then the reports of this run
  preflight   check the target and the key roles only, make no other request
  report      build the reports (Allure HTML, certification) of the last run, or of --run <id>
  gate        the CI gate: failures of the last run (or --run <id>) against a baseline file
  reference   serve the embedded reference server and print its URL and keys (Ctrl-C stops it)
  contract    write the contract's machine-readable forms for your own tools into --out (default
              ./contract): the OpenAPI document and the requirement catalogue, YAML and JSON, and
              versions.json (suite, contract and catalogue versions)

Options:
  --env-file <file>   settings file (dotenv); default: .env in the working directory, if present.
                      The environment wins over the file.
  --out <dir>         reports folder (results.json, junit.xml, allure-*, certification.*); default: ./reports
  --reporter <list>   terminal reporters (list, line, dot, json, junit, ...), in addition to the report
                      files; only reporters write to stdout
  --no-report         run: preflight and suite only (shards whose reports are built after merging)
  --require-complete  run: exit 3 when nothing failed but the certification is INCOMPLETE
  --run <id>          report, gate: the run to describe (its id is in <out>/run.json and results.json)
  --results <file>    gate: judge this Playwright JSON results file (e.g. merged shards)
  --baseline <file>   gate: known failures; default: ./baseline.yaml, if present
  -h, --help          this text
  -v, --version       the suite, contract and requirement catalogue versions, one per line
  Anything else (--grep, --shard, --workers, spec files, ...) goes to Playwright as it is; so does
  everything after "--".

Settings (environment variables, or the --env-file):
${settings}

Exit codes:
  0  conformant; for a partial run (--grep, --shard, settings that skip tests): nothing failed
     (the certification then says INCOMPLETE and lists what was not verified)
  1  a contract failure: a test failed against the target (gate: a failure, or a verification an earlier
     run against the target made and this one lost, that the baseline does not accept)
  2  the run could not judge the target: the preflight refused it, the target did not answer, a setting
     or an option is wrong, or there are no results of the run to report on
  3  with --require-complete: nothing failed, but the certification is INCOMPLETE (requirements not
     verified: the certification lists them and why)

Examples:
  npx ${name}                                      # embedded reference (no BASE_URL set)
  npx ${name} --env-file staging.env               # a target, read-only unless ALLOW_* say otherwise
  npx ${name} --grep @pagination --out reports/pag  # one area
  npx ${name} --reporter=json > results.json       # machine-readable stdout
  npx ${name} preflight --env-file staging.env
  npx ${name} run --shard=1/4                      # one shard; merge with npx playwright merge-reports
  npx ${name} gate --baseline baseline.yaml
  npx ${name} reference                            # a local target to try the suite on
  npx ${name} contract --out contract              # the OpenAPI document and the catalogue, for a mock or a generator
`;
}

export interface ParsedArgs {
  command: Command;
  envFile?: string;
  out?: string;
  reporters?: string;
  runId?: string;
  results?: string;
  baseline?: string;
  help: boolean;
  version: boolean;
  /** run: preflight and suite only (a shard whose reports are built after the merge). */
  noReport: boolean;
  /** run: a certification that is not complete exits with its own code (EXIT.incomplete). */
  requireComplete: boolean;
  passThrough: string[];
}

export class UsageError extends Error {}

/** Splits the command line into the command, its own options and Playwright's arguments. */
export function parseArgs(argv: string[]): ParsedArgs {
  const parsed: ParsedArgs = {
    command: 'run',
    help: false,
    version: false,
    noReport: false,
    requireComplete: false,
    passThrough: [],
  };
  const valued: Record<string, keyof ParsedArgs> = {
    '--env-file': 'envFile',
    '--out': 'out',
    '--reporter': 'reporters',
    '--run': 'runId',
    '--results': 'results',
    '--baseline': 'baseline',
  };
  let commandSeen = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      parsed.passThrough.push(...argv.slice(i + 1));
      break;
    }
    if (!commandSeen && i === 0 && (COMMANDS as readonly string[]).includes(arg)) {
      parsed.command = arg as Command;
      commandSeen = true;
      continue;
    }
    if (arg === '-h' || arg === '--help') {
      parsed.help = true;
      continue;
    }
    if (arg === '--no-report') {
      parsed.noReport = true;
      continue;
    }
    if (arg === '--require-complete') {
      parsed.requireComplete = true;
      continue;
    }
    if (arg === '-v' || arg === '--version') {
      parsed.version = true;
      continue;
    }
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg];
    const key = valued[flag!];
    if (key) {
      const value = inline ?? argv[++i];
      if (value === undefined || value === '') throw new UsageError(`${flag} needs a value`);
      (parsed as unknown as Record<string, string>)[key] = value;
      continue;
    }
    parsed.passThrough.push(arg);
  }
  return parsed;
}

/**
 * The environment of a run: settings from the env file (the environment wins), reports under `out`.
 * The env file is read by the suite (helpers/run/settings.ts, ENV_FILE); here it only has to be absolute.
 */
function runEnvironment(args: ParsedArgs, cwd: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  const envFile = args.envFile
    ? path.resolve(cwd, args.envFile)
    : env.ENV_FILE?.trim()
      ? path.resolve(cwd, env.ENV_FILE)
      : path.join(cwd, '.env');
  if (args.envFile && !fs.existsSync(envFile))
    throw new UsageError(`--env-file ${args.envFile}: no such file`);
  env.ENV_FILE = envFile;
  env.REPORTS_DIR = path.resolve(cwd, args.out ?? env.REPORTS_DIR?.trim() ?? 'reports');
  return env;
}

/**
 * Playwright transpiles the suite's TypeScript itself, but never a file under node_modules. An installed
 * suite is therefore copied to a temporary folder for the run, with a node_modules link to the folder its
 * dependencies were installed in. A checkout runs in place.
 */
function suiteFolder(): { dir: string; cleanup: () => void } {
  if (!PACKAGE_ROOT.split(path.sep).includes('node_modules')) return { dir: PACKAGE_ROOT, cleanup: () => {} };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prs-conformance-'));
  fs.cpSync(PACKAGE_ROOT, dir, {
    recursive: true,
    filter: (source) => path.relative(PACKAGE_ROOT, source).split(path.sep)[0] !== 'node_modules',
  });
  const [nearest] = nodeModulesDirs(path.dirname(PACKAGE_ROOT));
  if (nearest) fs.symlinkSync(nearest, path.join(dir, 'node_modules'), 'dir');
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

function log(text: string): void {
  process.stderr.write(text);
}

/** preflight, suite, reports. Everything but the reporters goes to stderr. */
async function runSuite(args: ParsedArgs, cwd: string): Promise<number> {
  const env = runEnvironment(args, cwd);
  // Shards of one CI run may share an id (CONFORMANCE_RUN_ID); the start time is always this run's.
  env.CONFORMANCE_RUN_ID = env.CONFORMANCE_RUN_ID?.trim() || randomUUID();
  env.CONFORMANCE_RUN_STARTED = new Date().toISOString();
  if (args.reporters) env.CONFORMANCE_REPORTERS = args.reporters;
  // A certification waits for background work as long as a back office may take (helpers/run/settings.ts).
  if (args.requireComplete) env.CONFORMANCE_REQUIRE_COMPLETE = 'true';
  // Nested node_modules of the package (when npm did not hoist a dependency) stay reachable from the copy.
  env.NODE_PATH = [...nodeModulesDirs(), env.NODE_PATH].filter(Boolean).join(path.delimiter);
  const paths = reportPaths(env);
  const suite = suiteFolder();
  try {
    const playwrightArgs = [
      packageFile('@playwright/test', 'cli.js'),
      'test',
      '--config',
      path.join(suite.dir, 'playwright.config.ts'),
      ...(args.passThrough.some((a) => a === '--output' || a.startsWith('--output='))
        ? []
        : ['--output', path.join(paths.dir, 'test-results')]),
      ...args.passThrough,
    ];
    const run = spawnSync(process.execPath, playwrightArgs, { cwd, env, stdio: 'inherit' });
    if (run.status === null) {
      log(`the run was stopped (${run.signal ?? 'no exit status'})\n`);
      return EXIT.notJudged;
    }
    if (args.noReport) {
      if (run.status === EXIT.ok || run.status === EXIT.notJudged) return run.status;
      return fs.existsSync(paths.resultsJson) ? EXIT.failure : EXIT.notJudged;
    }
    if (run.status === EXIT.notJudged) {
      // The preflight or the settings refused the target: the certification says NOT RUN.
      reportStep(env, env.CONFORMANCE_RUN_ID);
      return EXIT.notJudged;
    }
    const reports = reportStep(env, env.CONFORMANCE_RUN_ID);
    if (reports.bound.kind !== 'results') return EXIT.notJudged;
    const code = exitFor(run.status, reports.bound.run);
    // A pipeline that certifies must not read INCOMPLETE as CONFORMANT: a code of its own, on request.
    if (code === EXIT.ok && args.requireComplete && reports.overall !== 'conformant') {
      log(
        `certification ${String(reports.overall).toUpperCase()}: --require-complete asks for a complete one\n`,
      );
      return EXIT.incomplete;
    }
    return code;
  } finally {
    suite.cleanup();
  }
}

/** The run's exit code from Playwright's status and the run's results. */
export function exitFor(
  status: number,
  run: { tests: { outcome: string; failureKind?: string }[]; errors: string[] },
): number {
  const failed = run.tests.filter((t) => t.outcome === 'failed');
  if (status === 0 && failed.length === 0 && run.errors.length === 0) return EXIT.ok;
  if (failed.some((t) => !unanswered(t))) return EXIT.failure;
  // Nothing failed against the contract: the target did not answer, or the run broke outside the tests.
  return EXIT.notJudged;
}

function reportStep(env: NodeJS.ProcessEnv, runId: string | undefined) {
  const saved = process.env.REPORTS_DIR;
  process.env.REPORTS_DIR = env.REPORTS_DIR;
  try {
    return buildReports(reportPaths(env), runId, log);
  } finally {
    if (saved === undefined) delete process.env.REPORTS_DIR;
    else process.env.REPORTS_DIR = saved;
  }
}

async function preflightOnly(args: ParsedArgs, cwd: string): Promise<number> {
  const env = runEnvironment(args, cwd);
  Object.assign(process.env, { ENV_FILE: env.ENV_FILE, REPORTS_DIR: env.REPORTS_DIR });
  loadEnv();
  const problems = settingProblems(process.env);
  if (problems.length) {
    log(`settings: the target cannot be checked.\n${problems.map((p) => `  ${p}`).join('\n')}\n`);
    return EXIT.notJudged;
  }
  if (!process.env.BASE_URL?.trim()) {
    log(
      'preflight: BASE_URL is not set, so there is no target to check (a run without it uses the embedded reference).\n' +
        `  setting to fix: BASE_URL (environment or ${env.ENV_FILE})\n`,
    );
    return EXIT.notJudged;
  }
  const target = readTarget();
  try {
    const requests = await preflight(target);
    process.stdout.write(
      `preflight passed: ${target.baseUrl}, key roles ${Object.keys(target.keys).join(', ')} (${requests} requests)\n`,
    );
    // The data states the suite looks for (README, "The minimum test tenant"), for the workers a run would use.
    const dataStates = await readDataStates(target, { workers: workerCount(), shared: false });
    process.stdout.write(`${dataStates.lines.join('\n')}\n(${dataStates.requests} requests)\n`);
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof PreflightError)) throw error;
    log(`${formatPreflightFailure(error.message, env.ENV_FILE)}\n`);
    return EXIT.notJudged;
  }
}

function report(args: ParsedArgs, cwd: string): number {
  const env = runEnvironment(args, cwd);
  process.env.REPORTS_DIR = env.REPORTS_DIR;
  return buildReports(reportPaths(env), args.runId).exitCode;
}

function gate(args: ParsedArgs, cwd: string): number {
  const env = runEnvironment(args, cwd);
  process.env.REPORTS_DIR = env.REPORTS_DIR;
  const baseline = args.baseline ? path.resolve(cwd, args.baseline) : path.join(cwd, 'baseline.yaml');
  if (args.baseline && !fs.existsSync(baseline))
    throw new UsageError(`--baseline ${args.baseline}: no such file`);
  return runGate({
    baselineFile: baseline,
    ...(args.results ? { resultsFile: path.resolve(cwd, args.results) } : {}),
    ...(args.runId ? { runId: args.runId } : {}),
  });
}

/** The files `contract` writes: the suite's own sources of the contract, as shipped in the package. */
const CONTRACT_FILES: { from: string; to: string }[] = [
  { from: 'schemas/openapi.yaml', to: 'openapi.yaml' },
  { from: 'schemas/generated/openapi.json', to: 'openapi.json' },
  { from: 'schemas/requirements.yaml', to: 'requirements.yaml' },
  { from: 'schemas/generated/requirements.json', to: 'requirements.json' },
];

/**
 * `contract`: the OpenAPI document and the requirement catalogue, as the suite reads them, for a vendor's
 * own tools (a mock, a code generator, schemathesis) and traceability, with the versions they carry.
 */
function writeContract(args: ParsedArgs, cwd: string): number {
  const out = path.resolve(cwd, args.out ?? 'contract');
  fs.mkdirSync(out, { recursive: true });
  for (const { from, to } of CONTRACT_FILES)
    fs.copyFileSync(path.join(PACKAGE_ROOT, from), path.join(out, to));
  const versions = {
    suite: packageJson().version,
    contract: contractVersion(),
    requirementCatalogue: loadRequirements().version,
  };
  fs.writeFileSync(path.join(out, 'versions.json'), `${JSON.stringify(versions, null, 2)}\n`);
  log(
    `contract ${versions.contract} (requirement catalogue ${versions.requirementCatalogue}, suite ${versions.suite}) written to ${out}:\n` +
      [...CONTRACT_FILES.map((f) => f.to), 'versions.json'].map((name) => `  ${name}\n`).join(''),
  );
  return EXIT.ok;
}

function reference(): Promise<number> {
  // Serves until stopped: reference/main.ts prints the URL and keys and handles SIGINT and SIGTERM.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('../reference/main');
  return new Promise<number>(() => {});
}

export async function main(argv: string[], cwd = process.cwd()): Promise<number> {
  let args: ParsedArgs;
  try {
    args = parseArgs(argv);
    if (args.help) {
      process.stdout.write(helpText());
      return EXIT.ok;
    }
    if (args.version) {
      process.stdout.write(versionText());
      return EXIT.ok;
    }
    if (args.command !== 'run' && args.passThrough.length) {
      throw new UsageError(`${args.command} does not take ${args.passThrough.join(' ')}`);
    }
    switch (args.command) {
      case 'run':
        return await runSuite(args, cwd);
      case 'preflight':
        return await preflightOnly(args, cwd);
      case 'report':
        return report(args, cwd);
      case 'gate':
        return gate(args, cwd);
      case 'reference':
        return await reference();
      case 'contract':
        return writeContract(args, cwd);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      log(`${error.message} (see --help)\n`);
      return EXIT.notJudged;
    }
    throw error;
  }
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => process.exit(code));
}
