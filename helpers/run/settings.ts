/**
 * Every input the suite reads, declared once: name, meaning, default.
 * `.env.example` and the README's settings table are generated from this list (scripts/gen-env-example.ts).
 */
import os from 'node:os';
import path from 'node:path';
import dotenv from 'dotenv';
import { KEY_SETTINGS } from '../../schemas/key-roles';

/**
 * How long a certification waits for background work when ASYNC_TIMEOUT_MS is not set. The contract states no
 * duration ("then PROCESSING"), and a real back office may take minutes; a gate keeps the short default.
 */
export const CERTIFICATION_ASYNC_TIMEOUT_MS = 300_000;
/** The key roles, shared with the reference (schemas/key-roles.ts). */
export { KEY_SETTINGS };
export type { KeyRole } from '../../schemas/key-roles';

export interface Setting {
  env: string;
  meaning: string;
  default: string;
  /** What the preflight accepts (helpers/setup/preflight-report.ts): a whole number, or true/false. */
  kind?: 'number' | 'flag';
  /** Other spellings read with the same meaning (the lower-case proxy variables). */
  aliases?: readonly string[];
  /** A variable of the environment the suite honours, not one of its own: in the README, not in .env.example. */
  standard?: true;
}

export const SETTINGS: readonly Setting[] = [
  {
    env: 'BASE_URL',
    meaning:
      'origin (and optional path prefix) of the target; unset: the embedded reference server is started',
    default: '(embedded reference)',
  },
  ...KEY_SETTINGS.map((k) => ({
    env: k.env,
    meaning: `API key: ${k.meaning}`,
    default: '(unset: tests needing it skip)',
  })),
  // ---------------------------------------------------------------- the network path to the target
  {
    env: 'TARGET_CA_FILE',
    meaning:
      "PEM file of the CA(s) that signed the target's certificate (a private CA), trusted besides the system's and NODE_EXTRA_CA_CERTS",
    default: '(unset: the system CAs only)',
  },
  {
    env: 'CLIENT_CERT_FILE',
    meaning: 'PEM client certificate presented to the target (mTLS), with CLIENT_KEY_FILE',
    default: '(unset: no client certificate)',
  },
  {
    env: 'CLIENT_KEY_FILE',
    meaning: 'PEM private key of CLIENT_CERT_FILE (never copied into a report)',
    default: '(unset)',
  },
  {
    env: 'CLIENT_PFX_FILE',
    meaning:
      'PKCS#12 (.pfx/.p12) client certificate and key, instead of CLIENT_CERT_FILE and CLIENT_KEY_FILE',
    default: '(unset)',
  },
  {
    env: 'CLIENT_CERT_PASSPHRASE',
    meaning: 'passphrase of CLIENT_KEY_FILE or CLIENT_PFX_FILE (never copied into a report)',
    default: '(unset: the key is not encrypted)',
  },
  {
    env: 'TARGET_PROXY',
    meaning:
      'outbound HTTP proxy to reach the target (http://[user:password@]host:port); unset: HTTPS_PROXY / HTTP_PROXY and NO_PROXY are honoured (never for a loopback target)',
    default: '(unset: HTTPS_PROXY / HTTP_PROXY, else direct)',
  },
  {
    env: 'EXTRA_HEADERS',
    meaning:
      "headers a gateway in front of the target wants (a WAF or gateway token): one `Name: value` per line, or a JSON object; never x-api-key, X-Request-Id or the body's headers; values never copied into a report",
    default: '(none)',
  },
  {
    env: 'INSECURE_TLS',
    meaning:
      "accept the target's certificate even when it is invalid (a weakened run: shown in the report header and the certification)",
    default: 'false',
  },
  {
    env: 'ALLOW_WRITES',
    meaning: 'allow sync POSTs and freeze PUTs (they change the tenant data)',
    default: 'false',
    kind: 'flag',
  },
  {
    env: 'ALLOW_INSTRUCTIONS',
    meaning: 'allow instruction POSTs (irreversible: they execute renewals)',
    default: 'false',
    kind: 'flag',
  },
  {
    env: 'ALLOW_QUOTA_EXHAUSTION',
    meaning: 'allow exhausting the low-quota key to observe the 429',
    default: 'false',
    kind: 'flag',
  },
  {
    env: 'PROVIDER_STATES_URL',
    meaning: 'URL of a provider-states endpoint (POST {url}/{name}) that drives back-office states',
    default: '(unset: tests needing a back-office state skip)',
  },
  {
    env: 'REQUEST_TIMEOUT_MS',
    meaning: 'timeout of one HTTP request to the target',
    default: '10000',
    kind: 'number',
  },
  {
    env: 'ASYNC_TIMEOUT_MS',
    meaning:
      'how long to poll a background sync batch (202) for a final status; a batch unfinished by then leaves the test not verified (the contract states no duration); a run with --require-complete waits ' +
      `${CERTIFICATION_ASYNC_TIMEOUT_MS} unless this is set`,
    default: '10000',
    kind: 'number',
  },
  {
    env: 'QUOTA_FLOOR',
    meaning:
      "quota guard: once a key's RateLimit-Remaining falls to this or below, the tests using that key skip instead of spending its last requests",
    default: '50',
    kind: 'number',
  },
  {
    env: 'RETRY_AFTER_MAX_SECONDS',
    meaning:
      'a 429 whose Retry-After is at most this many seconds is retried once after it; a longer one skips the test (the daily quota is gone)',
    default: '5',
    kind: 'number',
  },
  {
    env: 'FC_SEED',
    meaning: 'seed of the generated (fast-check) inputs, to replay a run',
    default: '(random, printed)',
    kind: 'number',
  },
  { env: 'FC_RUNS', meaning: 'number of generated cases per property', default: '25', kind: 'number' },
  {
    env: 'TARGET_TIME_ZONE',
    meaning:
      "IANA time zone of the target's server (e.g. Europe/Paris): RateLimit-Reset must count down to its midnight; unset: to a quarter-hour of UTC",
    default: '(unset; the embedded reference runs in Asia/Kolkata)',
  },
  // ---------------------------------------------------------------- the run and its reports
  {
    env: 'FACT_LEDGER',
    meaning:
      'the ledger of facts the contract fixes (LOCKED and billed amounts, invoice references), compared across runs against the same target: auto (kept for a configured target, not for the embedded reference), on, off',
    default: 'auto',
  },
  {
    env: 'WORKERS',
    meaning:
      'Playwright workers of the run (default: the cores, at least 2, for the embedded reference; 10 for a target across a network). Each worker beyond 2 needs one more `sync-target` patent for its tests not to wait: README, "The minimum test tenant"',
    default: '(the number of cores, at least 2; 10 with BASE_URL set)',
    kind: 'number',
  },
  {
    env: 'MAX_IN_FLIGHT',
    meaning:
      'the most requests the run has in flight at once, for a target or gateway that throttles bursts: the workers are at most this many, and each sends at most its share at a time (slower, same verdicts)',
    default: '(unset: no cap)',
    kind: 'number',
  },
  {
    env: 'PREFLIGHT',
    meaning:
      'check the target and the key roles before the tests, and print the data states found; false skips both',
    default: 'true',
    kind: 'flag',
  },
  {
    env: 'ENV_FILE',
    meaning: 'dotenv file the settings are read from (the process environment wins over it)',
    default: '.env in the project root',
  },
  { env: 'REPORTS_DIR', meaning: 'folder the reports are written to', default: 'reports' },
  {
    env: 'CONFORMANCE_REPORTERS',
    meaning:
      "Playwright reporters for people, comma-separated (the conformance command's --reporter); the report files are written besides",
    default: 'list',
  },
  {
    env: 'CONFORMANCE_RUN_ID',
    meaning: 'id of the run in the reports and the run history; the shards of one CI run may share it',
    default: '(random)',
  },
  {
    env: 'SHARD',
    meaning: 'the shard of a CI run (e.g. 1/4): the run also writes a blob report, to be merged',
    default: '(unset: not sharded)',
  },
  {
    env: 'BLOB_REPORT',
    meaning: 'also write a blob report (a run meant to be merged with others)',
    default: 'false',
  },
  {
    env: 'CI',
    meaning: 'set by CI services: a `test.only` left in a spec fails the run',
    default: '(unset)',
    standard: true,
  },
  // ---------------------------------------------------------------- the embedded reference (BASE_URL unset)
  {
    env: 'REFERENCE_FAULT',
    meaning:
      'switch on one named fault of the embedded reference (reference/faults/), to see a test catch it',
    default: '(none)',
  },
  {
    env: 'REFERENCE_VARIANT',
    meaning:
      'switch on a named variant of the embedded reference (reference/variants/), or several separated by commas',
    default: '(none)',
  },
  {
    env: 'REFERENCE_TODAY',
    meaning:
      "pins the embedded reference's today (YYYY-MM-DD, at midday local time; or YYYY-MM-DDTHH:MM): its clock starts there and runs, so the suite can be run on any day of the calendar (also read by the mutation run and `npm run reference`)",
    default: '(the real date)',
  },
  {
    env: 'REFERENCE_TIME_ZONE',
    meaning:
      "IANA zone of the embedded reference's today and of its quota reset (also read by the mutation run and `npm run reference`)",
    default: '(TARGET_TIME_ZONE, else Asia/Kolkata)',
  },
  {
    env: 'REFERENCE_SEED_PROFILE',
    meaning: 'minimum: the embedded reference holds only the minimum test tenant (README)',
    default: '(the full data set)',
  },
  // ---------------------------------------------------------------- standard variables the suite honours
  {
    env: 'HTTPS_PROXY',
    aliases: ['https_proxy'],
    meaning: 'proxy to an https target when TARGET_PROXY is unset (also https_proxy)',
    default: '(unset)',
    standard: true,
  },
  {
    env: 'HTTP_PROXY',
    aliases: ['http_proxy'],
    meaning: 'proxy to an http target when TARGET_PROXY is unset (also http_proxy)',
    default: '(unset)',
    standard: true,
  },
  {
    env: 'NO_PROXY',
    aliases: ['no_proxy'],
    meaning: 'targets reached without HTTPS_PROXY / HTTP_PROXY (also no_proxy)',
    default: '(unset)',
    standard: true,
  },
  {
    env: 'NODE_EXTRA_CA_CERTS',
    meaning: "Node's extra trusted CAs; kept when TARGET_CA_FILE adds its CAs",
    default: '(unset)',
    standard: true,
  },
  {
    env: 'COMPILE_CACHE',
    meaning:
      'off: the workers compile their modules afresh instead of loading them from the code cache in the temporary folder (helpers/run/compile-cache.cjs)',
    default: '(unset: cached)',
  },
  {
    env: 'NODE_PATH',
    meaning: 'module folders of Node; the conformance command adds its own for the report scripts',
    default: '(unset)',
    standard: true,
  },
  {
    env: 'NODE_OPTIONS',
    meaning: "options of Node; the run adds the preload of the workers' code cache to them",
    default: '(unset)',
    standard: true,
  },
];

/**
 * Variables the suite sets for its own processes (the global setup for the workers, the conformance
 * command and the mutation run for Playwright): declared so that every variable read is, but not
 * settings: nobody sets them by hand, so they are neither in .env.example nor in the README.
 */
export const INTERNAL_VARIABLES: readonly Setting[] = [
  {
    env: 'CONFORMANCE_REQUIRE_COMPLETE',
    meaning:
      'true in a run of the command with --require-complete (a certification): its wait for background work is longer',
    default: '(set by the command)',
  },
  {
    env: 'CONFORMANCE_WORKERS',
    meaning:
      'the workers of the run, as the runner chose them: read by its workers for their share of MAX_IN_FLIGHT',
    default: '(set by playwright.config.ts)',
  },
  {
    env: 'EMBEDDED_REFERENCE',
    meaning: 'true when the global setup started the embedded reference',
    default: '(set by the global setup)',
  },
  {
    env: 'TARGET_CLOCK_OFFSET_MS',
    meaning:
      "the target's clock offset from the runner's (its Date headers), as the preflight found it: the workers' today until their first answer",
    default: '(set by the global setup; the mutation run sets it for its references)',
  },
  {
    env: 'PREFLIGHT_OTHER_TENANT_FREEZE',
    meaning: "the other tenant's freeze capability the preflight found (enabled, forbidden)",
    default: '(set by the preflight)',
  },
  {
    env: 'FLOOR_BASE_URL',
    meaning: "the embedded reference of the bench's traffic floor, for its workers",
    default: '(set by the global setup of the traffic floor, scripts/bench.ts)',
  },
  {
    env: 'FLOOR_API_KEY',
    meaning: "the primary key of that reference (the reference's own, made for the floor's run)",
    default: '(set by the global setup of the traffic floor, scripts/bench.ts)',
  },
  {
    env: 'MUTATION_TARGETS',
    meaning: 'the references of a mutation run (JSON), each run by the same workers',
    default: '(set by scripts/mutation.ts)',
  },
  {
    env: 'MUTATION_ENTRIES_DIR',
    meaning: "the mutation run's test files, one per reference",
    default: '(set by scripts/mutation.ts)',
  },
  {
    env: 'CONFORMANCE_RUN_STARTED',
    meaning: 'start time of the run (ISO 8601)',
    default: '(set by the conformance command or the run record)',
  },
  {
    env: 'CONFORMANCE_CA_BUNDLE_TRUSTED',
    meaning: '1 in a process started trusting the CA bundle of TARGET_CA_FILE',
    default: '(set by helpers/run/network.ts)',
  },
  {
    env: 'CONFORMANCE_ORIGINAL_NODE_EXTRA_CA_CERTS',
    meaning: 'NODE_EXTRA_CA_CERTS as it was before the CA bundle replaced it',
    default: '(set by helpers/run/network.ts)',
  },
];

/**
 * The default workers for a target across a network: its requests wait on the network, not on the cores. At a
 * round trip of 100 ms on two cores, 10 workers ran the suite in 14.6 to 15.0 s, 9 in 15.2 to 15.5 s and 8 in
 * 16.1 to 16.6 s (measured side by side).
 */
export const REMOTE_WORKERS = 10;

/** MAX_IN_FLIGHT, when set to a positive whole number. */
export function maxInFlight(env: NodeJS.ProcessEnv = loadEnv()): number | undefined {
  const cap = Number(env.MAX_IN_FLIGHT?.trim() || NaN);
  return Number.isInteger(cap) && cap > 0 ? cap : undefined;
}

/**
 * Playwright workers of a run: WORKERS; else REMOTE_WORKERS for a configured target (BASE_URL, not a mutation
 * run's references); else the number of cores, at least 2. Never more than MAX_IN_FLIGHT.
 */
export function workerCount(env: NodeJS.ProcessEnv = loadEnv()): number {
  // A worker reads the runner's choice: its own environment holds the embedded reference's BASE_URL.
  if (env.CONFORMANCE_WORKERS) return Number(env.CONFORMANCE_WORKERS);
  const remote = !!env.BASE_URL?.trim() && !env.MUTATION_TARGETS;
  const chosen = env.WORKERS
    ? Number(env.WORKERS)
    : remote
      ? REMOTE_WORKERS
      : Math.max(2, os.availableParallelism());
  const cap = maxInFlight(env);
  return cap === undefined ? chosen : Math.max(1, Math.min(chosen, cap));
}

/** The requests one worker may have in flight at once: its share of MAX_IN_FLIGHT (unset: no limit). */
export function inFlightPerWorker(env: NodeJS.ProcessEnv = loadEnv()): number {
  const cap = maxInFlight(env);
  return cap === undefined ? Number.POSITIVE_INFINITY : Math.max(1, Math.floor(cap / workerCount(env)));
}

/** Every variable name the suite may read: settings, their other spellings, internal variables. */
export function declaredVariables(): Set<string> {
  return new Set([...SETTINGS, ...INTERNAL_VARIABLES].flatMap((s) => [s.env, ...(s.aliases ?? [])]));
}

/**
 * A numeric setting: its value, or its declared default when it is unset or empty (as `.env.example`
 * leaves it). The preflight refuses a value that is not a whole number.
 */
export function numberSetting(name: string, env: NodeJS.ProcessEnv = loadEnv()): number {
  const setting = SETTINGS.find((s) => s.env === name && s.kind === 'number');
  if (!setting) throw new Error(`${name} is not a declared numeric setting (helpers/run/settings.ts)`);
  const value = env[name]?.trim();
  return Number(value || setting.default);
}

let loaded = false;

/** Loads `.env` from the project root once; the process environment wins over the file. */
export function loadEnv(): NodeJS.ProcessEnv {
  if (!loaded) {
    const file = process.env.ENV_FILE?.trim() || path.join(__dirname, '..', '..', '.env');
    dotenv.config({ path: path.resolve(path.join(__dirname, '..', '..'), file), quiet: true });
    loaded = true;
  }
  return process.env;
}

export function envFlag(name: string): boolean {
  const value = loadEnv()[name];
  return value !== undefined && /^(1|true|yes|on)$/i.test(value.trim());
}

/** The wait for background work this run uses, and where it comes from, as the certificate states it. */
export function asyncWait(env: NodeJS.ProcessEnv = loadEnv()): { ms: number; source: string } {
  if (env.ASYNC_TIMEOUT_MS?.trim())
    return { ms: numberSetting('ASYNC_TIMEOUT_MS', env), source: 'setting ASYNC_TIMEOUT_MS' };
  if (/^(1|true|yes|on)$/i.test(env.CONFORMANCE_REQUIRE_COMPLETE?.trim() ?? ''))
    return { ms: CERTIFICATION_ASYNC_TIMEOUT_MS, source: 'the default of a run with --require-complete' };
  return { ms: numberSetting('ASYNC_TIMEOUT_MS', env), source: 'the default of ASYNC_TIMEOUT_MS' };
}
