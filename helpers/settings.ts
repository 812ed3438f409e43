/**
 * Every input the suite reads, declared once: name, meaning, default.
 * `.env.example` and the README's settings table are generated from this list (scripts/gen-env-example.ts).
 */
import path from 'node:path';
import dotenv from 'dotenv';
import { KEY_SETTINGS } from '../schemas/key-roles';

/** The key roles, shared with the reference (schemas/key-roles.ts). */
export { KEY_SETTINGS };
export type { KeyRole } from '../schemas/key-roles';

export interface Setting {
  env: string;
  meaning: string;
  default: string;
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
  },
  {
    env: 'ALLOW_INSTRUCTIONS',
    meaning: 'allow instruction POSTs (irreversible: they execute renewals)',
    default: 'false',
  },
  {
    env: 'ALLOW_QUOTA_EXHAUSTION',
    meaning: 'allow exhausting the low-quota key to observe the 429',
    default: 'false',
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
  },
  {
    env: 'ASYNC_TIMEOUT_MS',
    meaning:
      'how long to poll a background sync batch (202) for a final status; a batch unfinished by then leaves the test not verified (the contract states no duration)',
    default: '10000',
  },
  {
    env: 'FC_SEED',
    meaning: 'seed of the generated (fast-check) inputs, to replay a run',
    default: '(random, printed)',
  },
  { env: 'FC_RUNS', meaning: 'number of generated cases per property', default: '25' },
  {
    env: 'TARGET_TIME_ZONE',
    meaning:
      "IANA time zone of the target's server (e.g. Europe/Paris): RateLimit-Reset must count down to its midnight; unset: to a quarter-hour of UTC",
    default: '(unset; the embedded reference runs in Asia/Kolkata)',
  },
];

let loaded = false;

/** Loads `.env` from the project root once; the process environment wins over the file. */
export function loadEnv(): NodeJS.ProcessEnv {
  if (!loaded) {
    const file = process.env.ENV_FILE?.trim() || path.join(__dirname, '..', '.env');
    dotenv.config({ path: path.resolve(path.join(__dirname, '..'), file), quiet: true });
    loaded = true;
  }
  return process.env;
}

export function envFlag(name: string): boolean {
  const value = loadEnv()[name];
  return value !== undefined && /^(1|true|yes|on)$/i.test(value.trim());
}
