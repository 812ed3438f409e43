/**
 * API keys of the seeded tenants, by role. Keys are derived from the seed (so a restart with the same seed
 * prints the same keys); the store only ever sees their SHA-256 hashes.
 */
import { createHash } from 'node:crypto';
import { KEY_SETTINGS, type KeyRole } from '../schemas/key-roles';
import { enumOf } from '../schemas/openapi-facts';
import type { Scope } from '../schemas/types';

export const SCOPES = enumOf('Scope');
export type { Scope };

/** The key roles and their environment variables are shared with the suite (schemas/key-roles.ts). */
export type { KeyRole };

/** Environment variable the suite reads for each role. */
export const KEY_ENV_VARS = Object.fromEntries(KEY_SETTINGS.map((k) => [k.role, k.env])) as Readonly<
  Record<KeyRole, string>
>;

export type TenantSlot = 'A' | 'B' | 'C';

export interface KeySpec {
  tenant: TenantSlot;
  scopes: readonly Scope[];
  expired?: boolean;
  lowQuota?: boolean;
}

export const LOW_DAILY_QUOTA = 30;
export const DEFAULT_DAILY_QUOTA = 1_000_000;

export const KEY_SPECS: Readonly<Record<KeyRole, KeySpec>> = {
  all: { tenant: 'A', scopes: SCOPES },
  patentsRead: { tenant: 'A', scopes: ['patents:read'] },
  patentsWrite: { tenant: 'A', scopes: ['patents:write'] },
  instructionsWrite: { tenant: 'A', scopes: ['patents:instructions:write'] },
  invoicesRead: { tenant: 'A', scopes: ['invoices:read'] },
  freezesWrite: { tenant: 'A', scopes: ['exchange-rate-freezes:write'] },
  noScopes: { tenant: 'A', scopes: [] },
  expired: { tenant: 'A', scopes: SCOPES, expired: true },
  lowQuota: { tenant: 'A', scopes: SCOPES, lowQuota: true },
  otherTenant: { tenant: 'B', scopes: SCOPES },
  noFreeze: { tenant: 'C', scopes: SCOPES },
};

export const KEY_ROLES = Object.keys(KEY_SPECS) as KeyRole[];

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The key of a role: 64 lowercase hex characters, a pure function of role and seed. */
export function deriveKey(role: KeyRole, seed: number): string {
  return sha256Hex(`${role}:${seed}`);
}
