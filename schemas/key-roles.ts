/**
 * The key roles: each API key a run may be given, with the environment variable that carries it, what it is,
 * and the one scope a single-scope key holds. Neutral ground: the suite declares them as inputs
 * (helpers/run/settings.ts) and the reference seeds a key for each (reference/keys.ts).
 */
export type KeyRole =
  | 'all'
  | 'patentsRead'
  | 'patentsWrite'
  | 'instructionsWrite'
  | 'invoicesRead'
  | 'freezesWrite'
  | 'noScopes'
  | 'expired'
  | 'lowQuota'
  | 'otherTenant'
  | 'noFreeze';

export interface KeySetting {
  role: KeyRole;
  env: string;
  meaning: string;
  /** The one scope a single-scope key holds (the scope table of the contract). */
  scope?: string;
  /**
   * The key may speak for another tenant than the primary key's: values unique in a tenant are compared per
   * tenant (helpers/spec/fixtures.ts).
   */
  ownTenant?: true;
}

export const KEY_SETTINGS: readonly KeySetting[] = [
  { role: 'all', env: 'API_KEY', meaning: 'primary key: all five scopes, tenant with the freeze capability' },
  {
    role: 'patentsRead',
    env: 'API_KEY_PATENTS_READ',
    meaning: 'same tenant, only patents:read',
    scope: 'patents:read',
  },
  {
    role: 'patentsWrite',
    env: 'API_KEY_PATENTS_WRITE',
    meaning: 'same tenant, only patents:write',
    scope: 'patents:write',
  },
  {
    role: 'instructionsWrite',
    env: 'API_KEY_INSTRUCTIONS_WRITE',
    meaning: 'same tenant, only patents:instructions:write',
    scope: 'patents:instructions:write',
  },
  {
    role: 'invoicesRead',
    env: 'API_KEY_INVOICES_READ',
    meaning: 'same tenant, only invoices:read',
    scope: 'invoices:read',
  },
  {
    role: 'freezesWrite',
    env: 'API_KEY_FREEZES_WRITE',
    meaning: 'same tenant, only exchange-rate-freezes:write',
    scope: 'exchange-rate-freezes:write',
  },
  { role: 'noScopes', env: 'API_KEY_NO_SCOPES', meaning: 'same tenant, an empty scope list' },
  { role: 'expired', env: 'API_KEY_EXPIRED', meaning: 'a key past its expiresAt', ownTenant: true },
  {
    role: 'lowQuota',
    env: 'API_KEY_LOW_QUOTA',
    meaning:
      'all scopes, a small daily quota, used by nothing else (rate-limit tests; exhausted only when allowed)',
    ownTenant: true,
  },
  {
    role: 'otherTenant',
    env: 'API_KEY_OTHER_TENANT',
    meaning: 'all scopes on a second tenant with data',
    ownTenant: true,
  },
  {
    role: 'noFreeze',
    env: 'API_KEY_NO_FREEZE',
    meaning: 'all scopes on a tenant without the freeze capability',
    ownTenant: true,
  },
];
