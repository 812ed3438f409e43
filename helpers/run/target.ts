/**
 * The target under test, as the worker sees it: base URL, keys by role, and what the run may do.
 * With no BASE_URL configured, the global setup starts the embedded reference and fills these in.
 */
import { PROVIDER_STATES_PATH } from '../../schemas/provider-states';
import { pinnedTodayProblem } from '../../reference/clock';
import { asyncWait, envFlag, KEY_SETTINGS, loadEnv, numberSetting, type KeyRole } from './settings';

export interface Target {
  baseUrl: string;
  /** True when the run targets the embedded reference server. */
  embedded: boolean;
  keys: Partial<Record<KeyRole, string>>;
  allowWrites: boolean;
  allowInstructions: boolean;
  allowQuotaExhaustion: boolean;
  providerStatesUrl: string | undefined;
  requestTimeoutMs: number;
  /** How long a polled background sync batch may stay PENDING or PROCESSING (ASYNC_TIMEOUT_MS). */
  asyncTimeoutMs: number;
  quotaFloor: number;
  maxRetryAfterSeconds: number;
  /**
   * Whether the other tenant (API_KEY_OTHER_TENANT) has the exchange-rate freeze capability, as the preflight
   * found it (its freeze list: 200 enabled, 403 `forbidden` not enabled); undefined when not probed.
   */
  otherTenantFreezeCapability?: 'enabled' | 'forbidden';
  /** TARGET_TIME_ZONE: IANA zone of the target's server; its quota resets at that zone's midnight. */
  timeZone?: string;
}

/**
 * The zone the suite gives the references it starts itself (embedded run, mutation run): not UTC, so that
 * a reset at UTC midnight or after a rolling day is told apart from the local midnight (Limits).
 */
export const EMBEDDED_TIME_ZONE = 'Asia/Kolkata';

/** The IANA zone, checked: an unknown name stops the run with its reason instead of failing every test. */
export function checkedTimeZone(name: string | undefined, setting = 'TARGET_TIME_ZONE'): string | undefined {
  const zone = name?.trim();
  if (!zone) return undefined;
  // Every test reads its target: a zone is checked once per process (building a formatter is not free).
  if (knownZones.has(zone)) return zone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    throw new Error(`${setting}=${zone} is not an IANA time zone (e.g. Europe/Paris)`);
  }
  knownZones.add(zone);
  return zone;
}
const knownZones = new Set<string>();

/**
 * The clock of a reference the suite starts itself (embedded, mutation and bench runs): the zone
 * REFERENCE_TIME_ZONE names (else TARGET_TIME_ZONE, else EMBEDDED_TIME_ZONE) and the day REFERENCE_TODAY
 * pins (else the real date), so that a run can be made on any day of the calendar in any zone.
 */
export function embeddedReferenceClock(env: NodeJS.ProcessEnv = process.env): {
  timeZone: string;
  today?: string;
} {
  const timeZone =
    checkedTimeZone(env.REFERENCE_TIME_ZONE, 'REFERENCE_TIME_ZONE') ??
    checkedTimeZone(env.TARGET_TIME_ZONE) ??
    EMBEDDED_TIME_ZONE;
  const today = env.REFERENCE_TODAY?.trim();
  if (!today) return { timeZone };
  const problem = pinnedTodayProblem(today);
  if (problem) throw new Error(`REFERENCE_TODAY: ${problem}`);
  return { timeZone, today };
}

/** Where the preflight (global setup) publishes what it found to the workers. */
export const OTHER_TENANT_FREEZE_ENV = 'PREFLIGHT_OTHER_TENANT_FREEZE';

/** Per-test override: the mutation run gives each fault and variant its own reference (a test's `entry`). */
export interface TargetOverride {
  baseUrl?: string;
  /** A reference pinned to a zone of its own (a fault's calendar in the mutation run). */
  timeZone?: string;
}

export function readTarget(override: TargetOverride = {}): Target {
  const env = loadEnv();
  const baseUrl = override.baseUrl ?? env.BASE_URL?.trim();
  if (!baseUrl) {
    throw new Error(
      'BASE_URL is not set: the global setup (helpers/setup/global-setup.ts) should have set it',
    );
  }
  const keys: Partial<Record<KeyRole, string>> = {};
  for (const { role, env: name } of KEY_SETTINGS) {
    const value = env[name]?.trim();
    if (value) keys[role] = value;
  }
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    embedded: envFlag('EMBEDDED_REFERENCE'),
    keys,
    allowWrites: envFlag('ALLOW_WRITES'),
    allowInstructions: envFlag('ALLOW_INSTRUCTIONS'),
    allowQuotaExhaustion: envFlag('ALLOW_QUOTA_EXHAUSTION'),
    providerStatesUrl: override.baseUrl
      ? `${override.baseUrl.replace(/\/+$/, '')}${PROVIDER_STATES_PATH}`
      : env.PROVIDER_STATES_URL?.trim() || undefined,
    requestTimeoutMs: numberSetting('REQUEST_TIMEOUT_MS', env),
    asyncTimeoutMs: asyncWait(env).ms,
    quotaFloor: numberSetting('QUOTA_FLOOR', env),
    maxRetryAfterSeconds: numberSetting('RETRY_AFTER_MAX_SECONDS', env),
    otherTenantFreezeCapability: ((v) => (v === 'enabled' || v === 'forbidden' ? v : undefined))(
      env[OTHER_TENANT_FREEZE_ENV],
    ),
    timeZone: checkedTimeZone(override.timeZone ?? env.TARGET_TIME_ZONE),
  };
}

/** The environment variable that configures a role's key (for skip reasons). */
export function keyEnvName(role: KeyRole): string {
  const setting = KEY_SETTINGS.find((k) => k.role === role);
  if (!setting) throw new Error(`unknown key role ${role}`);
  return setting.env;
}
