/**
 * Where the reports go and what they say about the run, shared by playwright.config.ts, allurerc.ts and
 * the report scripts: output paths (under REPORTS_DIR, default `reports/`), the Allure environment block
 * (names and true/false only, never a key value), the Allure categories that sort failures, and the kinds
 * of the reason of a test not verified (set by helpers/data/verified.ts, grouped by every report).
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadOpenApi } from '../../schemas/ajv';
import { networkReportInfo } from './network';
import { KEY_SETTINGS, loadEnv } from './settings';

export const ROOT = path.join(__dirname, '..', '..');

export interface ReportPaths {
  dir: string;
  allureResults: string;
  allureReport: string;
  /** Allure 3 history (one JSON line per run); CI caches and restores this folder. */
  historyDir: string;
  historyFile: string;
  resultsJson: string;
  junit: string;
  blobDir: string;
  certificationJson: string;
  certificationMd: string;
  certificationHtml: string;
  /** What each invariant of the registry judged in the run: answers and breaches (helpers/wire/answer-checks.ts). */
  invariants: string;
}

/** The file beside results.json that records the invariants' judgements. */
export const INVARIANTS_FILE = 'invariants.json';

/**
 * The judgements file of one shard of a run (`invariants.shard-2-of-4.json`), or INVARIANTS_FILE for a run on
 * one machine: the shards' files are carried to the merge job side by side, and the certification there
 * reads them all (scripts/run-results.ts), so that a sharded run certifies what one machine would.
 */
export function invariantsFileOf(shard: { current: number; total: number } | null): string {
  return shard && shard.total > 1
    ? INVARIANTS_FILE.replace(/\.json$/, `.shard-${shard.current}-of-${shard.total}.json`)
    : INVARIANTS_FILE;
}

/** True for a judgements file of any shard, or of a run on one machine. */
export const isInvariantsFile = (name: string) =>
  name === INVARIANTS_FILE || /^invariants\.shard-\d+-of-\d+\.json$/.test(name);

/** The file beside results.json that records the state cells the run's answers showed (docs/state-coverage.md). */
export const STATE_CELLS_FILE = 'state-cells.json';

/** The report files of a run; REPORTS_DIR (absolute or relative to the project root) moves them all. */
export function reportPaths(env: NodeJS.ProcessEnv = process.env): ReportPaths {
  const dir = path.resolve(ROOT, env.REPORTS_DIR?.trim() || 'reports');
  return {
    dir,
    allureResults: path.join(dir, 'allure-results'),
    allureReport: path.join(dir, 'allure-report'),
    historyDir: path.join(dir, 'history'),
    historyFile: path.join(dir, 'history', 'history.jsonl'),
    resultsJson: path.join(dir, 'results.json'),
    junit: path.join(dir, 'junit.xml'),
    blobDir: path.join(dir, 'blob-report'),
    certificationJson: path.join(dir, 'certification.json'),
    certificationMd: path.join(dir, 'certification.md'),
    certificationHtml: path.join(dir, 'certification.html'),
    invariants: path.join(dir, INVARIANTS_FILE),
  };
}

export const EMBEDDED_TARGET = 'embedded reference';

/** Origin of the target (scheme, host, port: no path, no credentials), or the embedded reference. */
export function targetOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const baseUrl = env.BASE_URL?.trim();
  if (!baseUrl || env.EMBEDDED_REFERENCE === 'true') return EMBEDDED_TARGET;
  try {
    return new URL(baseUrl).origin;
  } catch {
    return '(BASE_URL is not a valid URL)';
  }
}

export function suiteVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** `info.version` of schemas/openapi.yaml. */
export function contractVersion(): string {
  return String(loadOpenApi().info?.version ?? 'unknown');
}

const RUN_SETTINGS = ['ALLOW_WRITES', 'ALLOW_INSTRUCTIONS', 'ALLOW_QUOTA_EXHAUSTION'] as const;

const truthy = (value: string | undefined) => value !== undefined && /^(1|true|yes|on)$/i.test(value.trim());

/**
 * The Allure environment block, computed when the config loads (before the global setup). It names the
 * settings and says true or false: a key's value never appears. Against the embedded reference every key
 * role and ALLOW_* setting is provided by the global setup.
 */
export function allureEnvironmentInfo(env: NodeJS.ProcessEnv = loadEnv()): Record<string, string> {
  const embedded = !env.BASE_URL?.trim() || env.EMBEDDED_REFERENCE === 'true';
  const info: Record<string, string> = {
    Target: targetOrigin(env),
    'Suite version': suiteVersion(),
    'Contract version': contractVersion(),
    'fast-check seed': env.FC_SEED?.trim()
      ? env.FC_SEED.trim()
      : "random, chosen by the global setup (see the run log and each test's 'fast-check seed' annotation)",
  };
  for (const { role, env: name } of KEY_SETTINGS) {
    info[`${name} (${role})`] = String(embedded || Boolean(env[name]?.trim()));
  }
  for (const name of RUN_SETTINGS) info[name] = String(embedded || truthy(env[name]));
  info.PROVIDER_STATES_URL = String(embedded || Boolean(env.PROVIDER_STATES_URL?.trim()));
  // The network path (helpers/run/network.ts): INSECURE_TLS=true marks a weakened run.
  Object.assign(info, networkReportInfo(env));
  return info;
}

/**
 * Why a test could not run its decisive check, as every report groups it (helpers/data/verified.ts sets
 * it): `target` first, because it is the suspicious kind: the target's own answer removed the precondition
 * (a freeze PUT that shows no frozen event), which a bug would do as well as the data.
 */
export const REASON_KINDS = ['target', 'setting', 'data', 'time', 'freedom'] as const;
export type ReasonKind = (typeof REASON_KINDS)[number];

/** The annotation that carries a skipped test's reason kind; its description is the kind. */
export const REASON_KIND_ANNOTATION = 'not verified kind';

/** What each kind means, in the words of the reports. */
export const REASON_KIND_MEANING: Record<ReasonKind, string> = {
  target: "the target's own answer removed the precondition (shown with the exchange that removed it)",
  setting:
    'a setting of the run is missing or does not allow it (a key role, ALLOW_WRITES, PROVIDER_STATES_URL...)',
  data: "the target's data does not hold what the test needs (no event in such a state, an empty list)",
  time: 'a time bound the contract does not give (background work not finished in the polling, a quota period)',
  freedom:
    'the target uses a freedom the contract grants (an optional member left out, a nullable one null), so what the test judges never appeared: the catalogue quotes the freedom (emptiedBy)',
};

/** The start of the Allure status message of a skip of the `target` kind (its category matches it). */
export const SUSPICIOUS_PREFIX = "suspicious: the target's own answer removed the precondition";

/** A category in the Allure results format (categories.json), also accepted by the Allure 3 config. */
export interface ReportCategory {
  name: string;
  description: string;
  matchedStatuses: ('failed' | 'broken' | 'passed' | 'skipped')[];
  messageRegex?: string;
}

/** Wraps alternatives so the pattern matches a whole multi-line message (Allure 2 matches whole strings). */
const anywhere = (alternatives: string[]) => `[\\s\\S]*(?:${alternatives.join('|')})[\\s\\S]*`;

/** A search for any of the alternatives: linear on a long message, where the whole-message form backtracks. */
const search = (alternatives: string[]) => new RegExp(`(?:${alternatives.join('|')})`);

const INFRASTRUCTURE_ALTERNATIVES = [
  'TargetError',
  'the target did not answer',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'socket hang up',
  '[Tt]imeout of \\d+ ?ms exceeded',
  'timed out',
];
/** A message of the target not answering: the whole-message pattern (Allure categories) and the search. */
export const INFRASTRUCTURE_PATTERN = anywhere(INFRASTRUCTURE_ALTERNATIVES);
export const INFRASTRUCTURE_ERROR = search(INFRASTRUCTURE_ALTERNATIVES);

/**
 * Whether a failed test's error messages are all the target not answering: no contract verdict (in the mutation
 * run, no kill).
 */
export const unansweredOnly = (messages: readonly string[]): boolean =>
  messages.length > 0 && messages.every((m) => INFRASTRUCTURE_ERROR.test(m));

const CONTRACT_VIOLATION_ALTERNATIVES = [
  'expect\\(',
  'toHaveStatus',
  'toBeProblem',
  'toHaveRateLimitHeaders',
  'toMatchResponseSchema',
  'does not match the \\S+ schema',
  'Expected:',
  'Received:',
];
/** A message of a contract violation: the whole-message pattern (Allure categories) and the search. */
export const CONTRACT_VIOLATION_PATTERN = anywhere(CONTRACT_VIOLATION_ALTERNATIVES);
export const CONTRACT_VIOLATION = search(CONTRACT_VIOLATION_ALTERNATIVES);

/**
 * First match wins: an unreachable target is not a contract violation even when an expect reports it.
 * Anything failing that matches neither is an exception in the suite itself.
 */
export const ALLURE_CATEGORIES: readonly ReportCategory[] = [
  {
    name: 'Could not judge: the target did not answer',
    description:
      'The target did not answer (refused, reset, unresolvable) or the test ran out of time: no behaviour was ' +
      'observed, so no requirement failed (the certification shows these as not verified, the gate as NOT JUDGED).',
    matchedStatuses: ['failed', 'broken'],
    messageRegex: INFRASTRUCTURE_PATTERN,
  },
  {
    name: 'Contract violations',
    description: 'An assertion observed behaviour the contract forbids.',
    matchedStatuses: ['failed', 'broken'],
    messageRegex: CONTRACT_VIOLATION_PATTERN,
  },
  {
    name: "Not verified because of the target's own answers (suspicious)",
    description: "Skipped: the target's own answer removed the precondition; the exchange is attached.",
    matchedStatuses: ['skipped'],
    messageRegex: `${SUSPICIOUS_PREFIX}[\\s\\S]*`,
  },
  {
    name: 'Missing preconditions (not verified)',
    description: 'Skipped: a key role, setting or data precondition is missing; the reason names it.',
    matchedStatuses: ['skipped'],
  },
  {
    name: 'Suite errors',
    description: 'Any other exception: a bug in the suite, not a verdict on the target.',
    matchedStatuses: ['failed', 'broken'],
  },
];

/** True when the run should also write a blob report (sharded runs and runs meant to be merged). */
export function wantsBlobReport(
  env: NodeJS.ProcessEnv = process.env,
  argv: string[] = process.argv,
): boolean {
  return Boolean(env.SHARD?.trim()) || truthy(env.BLOB_REPORT) || argv.some((a) => a.startsWith('--shard'));
}
