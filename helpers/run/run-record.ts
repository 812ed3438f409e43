/**
 * Binds reports to their run. Every run has an id and a start time, fixed when the Playwright config
 * loads (the workers inherit them) and recorded in three places under REPORTS_DIR:
 *   - `run.json`: the last run started there (written by the reports' global setup);
 *   - `results.json`: Playwright's JSON report, whose config metadata carries `runId` and `runStartedAt`;
 *   - `preflight.json`: the preflight's outcome for that run (written by helpers/setup/preflight-report.ts).
 * The report step and the gate build only from results whose id is the run's (scripts/run-binding.ts).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface RunIdentity {
  runId: string;
  startedAt: string;
}

/** Fixes the run's id and start time in the environment, once (CONFORMANCE_RUN_ID, CONFORMANCE_RUN_STARTED). */
export function ensureRunIdentity(env: NodeJS.ProcessEnv = process.env): RunIdentity {
  const runId = (env.CONFORMANCE_RUN_ID ||= randomUUID());
  const startedAt = (env.CONFORMANCE_RUN_STARTED ||= new Date().toISOString());
  return { runId, startedAt };
}

export const RUN_FILE = 'run.json';
export const PREFLIGHT_FILE = 'preflight.json';

/** What is said of the settings a refused preflight names to check: they may be right. */
export const CHECK_NOTE =
  'if it is right (the scopes the provider issued the key with tell), the target is at fault: the message gives both readings';

export interface PreflightRecord extends RunIdentity {
  ok: boolean;
  /** The preflight's message when it refused the target. */
  message?: string;
  /** The settings to fix. */
  settings?: string[];
  /**
   * The settings to check: named only by a problem with two readings, the key's and the target's, so they may
   * be right and the target at fault.
   */
  check?: string[];
  target?: string;
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

function writeJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

export function writeRunRecord(dir: string, identity: RunIdentity): void {
  writeJson(path.join(dir, RUN_FILE), identity);
}

export function readRunRecord(dir: string): RunIdentity | undefined {
  const record = readJson<Partial<RunIdentity>>(path.join(dir, RUN_FILE));
  return record?.runId && record.startedAt ? { runId: record.runId, startedAt: record.startedAt } : undefined;
}

export function writePreflightRecord(dir: string, record: PreflightRecord): void {
  writeJson(path.join(dir, PREFLIGHT_FILE), record);
}

export function readPreflightRecord(dir: string): PreflightRecord | undefined {
  return readJson<PreflightRecord>(path.join(dir, PREFLIGHT_FILE));
}
