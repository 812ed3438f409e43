/**
 * How a preflight problem reaches the user: a few plain lines on stderr naming the setting to fix, no
 * stack frames, exit code 2 (the run could not judge the target), and a record in REPORTS_DIR
 * (preflight.json) so that the certification of that run says NOT RUN with the same message.
 * Nothing here writes to stdout: stdout belongs to the reporters.
 */
import fs from 'node:fs';
import path from 'node:path';
import { networkSettingsNamed } from '../run/network-errors';
import { PreflightError, preflight, TWO_READINGS } from './preflight';
import { reportPaths, ROOT, targetOrigin } from '../run/report-config';
import { CHECK_NOTE, ensureRunIdentity, writePreflightRecord } from '../run/run-record';
import { KEY_SETTINGS, SETTINGS } from '../run/settings';
import type { Target } from '../run/target';

/** Exit code of a run that could not judge the target (preflight refused it, bad settings). */
export const EXIT_NOT_JUDGED = 2;

const NUMERIC = SETTINGS.filter((s) => s.kind === 'number').map((s) => s.env);
const FLAGS = SETTINGS.filter((s) => s.kind === 'flag').map((s) => s.env);

/** Settings whose value cannot be used, each as "NAME: why". */
export function settingProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  const baseUrl = env.BASE_URL?.trim();
  if (baseUrl) {
    let url: URL | undefined;
    try {
      url = new URL(baseUrl);
    } catch {
      problems.push(`BASE_URL: "${baseUrl}" is not a URL (expected e.g. https://staging.example.net)`);
    }
    if (url && !/^https?:$/.test(url.protocol)) problems.push(`BASE_URL: only http and https are supported`);
    if (url && /\/api\/v2\/external\/?$/.test(url.pathname)) {
      problems.push('BASE_URL: give the origin (and optional path prefix) without /api/v2/external');
    }
  }
  for (const name of NUMERIC) {
    const value = env[name]?.trim();
    if (value && !/^-?\d+$/.test(value)) problems.push(`${name}: "${value}" is not a whole number`);
  }
  for (const name of FLAGS) {
    const value = env[name]?.trim();
    if (value && !/^(1|0|true|false|yes|no|on|off)$/i.test(value)) {
      problems.push(`${name}: "${value}" is not true or false`);
    }
  }
  const providerStates = env.PROVIDER_STATES_URL?.trim();
  if (providerStates && !URL.canParse(providerStates)) {
    problems.push(`PROVIDER_STATES_URL: "${providerStates}" is not a URL`);
  }
  return problems;
}

/**
 * The settings a preflight message points at: those to fix, and those to check, named only by a problem with two
 * readings (helpers/setup/preflight.ts, `TWO_READINGS`): the key may be right and the target at fault.
 */
export function settingsNamed(message: string): { fix: string[]; check: string[] } {
  // ---- network (issue 17): a problem on the way to the target names a network setting (helpers/run/network.ts)
  const network = networkSettingsNamed(message);
  if (network.length) return { fix: network, check: [] };
  // ---- end network
  const keysIn = (lines: string[]) =>
    KEY_SETTINGS.map((k) => k.env)
      .filter((name) => lines.some((line) => new RegExp(`\\b${name}\\b`).test(line)))
      .filter((name, _i, all) => name !== 'API_KEY' || !all.some((n) => n !== 'API_KEY'));
  const lines = message.split('\n');
  const fix = keysIn(lines.filter((line) => !line.includes(TWO_READINGS)));
  const check = keysIn(lines.filter((line) => line.includes(TWO_READINGS))).filter((n) => !fix.includes(n));
  if (fix.length || check.length) return { fix, check };
  if (/not reachable/.test(message)) return { fix: ['BASE_URL', 'REQUEST_TIMEOUT_MS'], check: [] };
  return { fix: ['BASE_URL'], check: [] };
}

/** The plain lines of a refused preflight. */
export function formatPreflightFailure(message: string, envFile?: string): string {
  const { fix, check } = settingsNamed(message);
  const where =
    envFile && fs.existsSync(envFile) ? ` (environment or ${envFile})` : ' (environment, .env or --env-file)';
  return [
    'preflight: the target cannot be judged, no test ran.',
    ...message.split('\n').map((line) => `  ${line.replace(/^\s+/, '')}`),
    ...(fix.length ? [`  setting to fix: ${fix.join(', ')}${where}`] : []),
    ...(check.length ? [`  setting to check: ${check.join(', ')}${where}; ${CHECK_NOTE}`] : []),
  ].join('\n');
}

/** The settings of a refused preflight as its record keeps them: to fix, and to check where there are any. */
function recordedSettings(message: string): { settings: string[]; check?: string[] } {
  const { fix, check } = settingsNamed(message);
  return { settings: fix, ...(check.length ? { check } : {}) };
}

function record(ok: boolean, message?: string): void {
  const identity = ensureRunIdentity();
  writePreflightRecord(reportPaths().dir, {
    ...identity,
    ok,
    target: targetOrigin(),
    ...(message ? { message, ...recordedSettings(message) } : {}),
  });
}

function refuse(message: string, settings?: string[]): never {
  record(false, message);
  const text = settings
    ? [
        'settings: the run cannot start, no test ran.',
        ...message.split('\n').map((l) => `  ${l}`),
        `  setting to fix: ${settings.join(', ')}`,
      ].join('\n')
    : formatPreflightFailure(message, process.env.ENV_FILE?.trim() || path.join(ROOT, '.env'));
  process.stderr.write(`${text}\n`);
  process.exit(EXIT_NOT_JUDGED);
}

/** Stops the run (exit 2, plain message) when a setting cannot be used. */
export function checkSettingsOrExit(env: NodeJS.ProcessEnv = process.env): void {
  const problems = settingProblems(env);
  if (problems.length) {
    refuse(
      problems.join('\n'),
      problems.map((p) => p.split(':')[0]!),
    );
  }
}

/**
 * The preflight of a run (helpers/setup/global-setup.ts): resolves with the number of requests made; on a
 * refused target it prints the plain message, records it and ends the process with exit code 2.
 */
export async function runPreflightOrExit(target: Target): Promise<number> {
  let requests: number;
  try {
    requests = await preflight(target);
  } catch (error) {
    if (error instanceof PreflightError) refuse(error.message);
    throw error;
  }
  record(true);
  process.stderr.write(`preflight passed: ${targetOrigin()}, ${requests} requests\n`);
  return requests;
}
