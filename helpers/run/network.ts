/**
 * The network path to the target, owned here: the settings TARGET_CA_FILE, CLIENT_CERT_FILE, CLIENT_KEY_FILE,
 * CLIENT_PFX_FILE, CLIENT_CERT_PASSPHRASE, TARGET_PROXY (else HTTPS_PROXY / HTTP_PROXY and NO_PROXY),
 * EXTRA_HEADERS and INSECURE_TLS become the options of every Playwright request context the suite makes
 * (the preflight's and each worker's), the curl reproduction's options (naming the settings, never their
 * values), the report header's lines, and plain messages for what goes wrong on the way.
 *
 * A private CA: Playwright's request contexts have no `ca` option; Node trusts what NODE_EXTRA_CA_CERTS names
 * when a process starts. The global setup writes one bundle (an existing NODE_EXTRA_CA_CERTS file plus
 * TARGET_CA_FILE) and points NODE_EXTRA_CA_CERTS at it before the workers start; the runner process itself
 * started before that, so the preflight runs in a child process started the same way as the workers
 * (the same trust, the same context options: what the preflight accepts, the workers accept).
 */
import { spawn } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import type { APIRequestContext } from '@playwright/test';
import { loadEnv } from './settings';

/** A setting that cannot be used as given: the message names it and says what to fix. */
export class NetworkSettingsError extends Error {
  override name = 'NetworkSettingsError';
}

export interface ProxySettings {
  /** scheme://host:port, without credentials. */
  server: string;
  username?: string;
  password?: string;
  /** The setting it came from (TARGET_PROXY, HTTPS_PROXY, https_proxy, HTTP_PROXY, http_proxy). */
  setting: string;
}

export interface NetworkSettings {
  caFile?: string;
  clientCertificate?:
    | { kind: 'pem'; certPath: string; keyPath: string; passphrase?: string }
    | { kind: 'pfx'; pfxPath: string; passphrase?: string };
  proxy?: ProxySettings;
  /** Gateway headers, in the order given. */
  extraHeaders: Record<string, string>;
  insecure: boolean;
}

/** Headers the suite sends, omits or alters on purpose in its tests (or that belong to the body). */
const RESERVED_HEADERS = [
  'x-api-key',
  'x-request-id',
  'accept',
  'accept-encoding',
  'content-type',
  'content-length',
  'transfer-encoding',
  'host',
  'connection',
];
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** EXTRA_HEADERS: one `Name: value` per line, or a JSON object of strings. */
export function parseExtraHeaders(raw: string | undefined): Record<string, string> {
  const text = raw?.trim();
  if (!text) return {};
  let entries: [string, string][];
  if (text.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new NetworkSettingsError(`EXTRA_HEADERS is not a valid JSON object: ${(error as Error).message}`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new NetworkSettingsError('EXTRA_HEADERS must be a JSON object or `Name: value` lines');
    entries = Object.entries(parsed as Record<string, unknown>).map(([name, value]) => {
      if (typeof value !== 'string')
        throw new NetworkSettingsError(`EXTRA_HEADERS: the value of ${name} must be a string`);
      return [name, value];
    });
  } else {
    entries = text
      .split(/\r?\n|\\n/)
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'))
      .map((line, index) => {
        const colon = line.indexOf(':');
        if (colon <= 0)
          throw new NetworkSettingsError(
            `EXTRA_HEADERS line ${index + 1} is not \`Name: value\` (one header per line, or a JSON object)`,
          );
        return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
      });
  }
  const out: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (!TOKEN.test(name)) throw new NetworkSettingsError(`EXTRA_HEADERS: "${name}" is not a header name`);
    if (RESERVED_HEADERS.includes(name.toLowerCase())) {
      throw new NetworkSettingsError(
        `EXTRA_HEADERS may not set ${name}: the suite sends, omits or alters it on purpose in its tests ` +
          `(reserved: ${RESERVED_HEADERS.join(', ')})`,
      );
    }
    if (/[\r\n]/.test(value))
      throw new NetworkSettingsError(`EXTRA_HEADERS: the value of ${name} spans lines`);
    if (Object.keys(out).some((n) => n.toLowerCase() === name.toLowerCase()))
      throw new NetworkSettingsError(`EXTRA_HEADERS names ${name} twice`);
    out[name] = value;
  }
  return out;
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (net.isIPv4(host)) return host.startsWith('127.');
  return host === '::1';
}

/** NO_PROXY as curl reads it: `*`, host names (and their subdomains), `.domain`, optional `:port`. */
export function bypassedByNoProxy(target: URL, noProxy: string | undefined): boolean {
  const host = target.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  for (const raw of (noProxy ?? '').split(/[\s,]+/)) {
    let entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    let entryPort: string | undefined;
    const portMatch = /^(.*[^:]):(\d+)$/.exec(entry);
    if (portMatch && !net.isIPv6(entry)) {
      entry = portMatch[1]!;
      entryPort = portMatch[2];
    }
    entry = entry.replace(/^\*?\./, '').replace(/^\[|\]$/g, '');
    if (entryPort && entryPort !== port) continue;
    if (host === entry || host.endsWith(`.${entry}`)) return true;
  }
  return false;
}

function parseProxy(value: string, setting: string): ProxySettings {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new NetworkSettingsError(`${setting} is not a proxy URL (http://[user:password@]host:port)`);
  }
  if (!['http:', 'https:', 'socks5:', 'socks4:'].includes(url.protocol))
    throw new NetworkSettingsError(`${setting}: the proxy scheme ${url.protocol} is not supported`);
  return {
    server: `${url.protocol}//${url.host}`,
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    setting,
  };
}

/**
 * The proxy to the target: TARGET_PROXY when set (always used); else, as CI runners set them, https_proxy /
 * HTTPS_PROXY for an https target, http_proxy / HTTP_PROXY for an http one, unless NO_PROXY names the
 * target or the target is on the loopback interface (a proxy cannot reach this machine's loopback).
 */
export function proxyFor(baseUrl: string, env: NodeJS.ProcessEnv): ProxySettings | undefined {
  const explicit = env.TARGET_PROXY?.trim();
  if (explicit) return parseProxy(explicit, 'TARGET_PROXY');
  const url = new URL(baseUrl);
  if (isLoopback(url.hostname)) return undefined;
  if (bypassedByNoProxy(url, env.no_proxy ?? env.NO_PROXY)) return undefined;
  const names = url.protocol === 'https:' ? ['https_proxy', 'HTTPS_PROXY'] : ['http_proxy', 'HTTP_PROXY'];
  const setting = names.find((n) => env[n]?.trim());
  return setting ? parseProxy(env[setting]!.trim(), setting) : undefined;
}

function readableFile(setting: string, file: string): string {
  const resolved = path.resolve(file);
  try {
    fs.accessSync(resolved, fs.constants.R_OK);
  } catch {
    throw new NetworkSettingsError(`${setting} names ${file}, which cannot be read`);
  }
  return resolved;
}

/** Reads and checks the network settings (files readable, PEM certificates parse, headers allowed). */
export function readNetworkSettings(baseUrl: string, env: NodeJS.ProcessEnv = loadEnv()): NetworkSettings {
  const value = (name: string) => env[name]?.trim() || undefined;
  const settings: NetworkSettings = {
    extraHeaders: parseExtraHeaders(env.EXTRA_HEADERS),
    insecure: insecureTls(env),
  };
  const ca = value('TARGET_CA_FILE');
  if (ca) {
    settings.caFile = readableFile('TARGET_CA_FILE', ca);
    const pem = fs.readFileSync(settings.caFile, 'utf8');
    const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    try {
      if (blocks.length === 0) throw new Error('no PEM certificate in it');
      for (const block of blocks) new X509Certificate(block);
    } catch (error) {
      throw new NetworkSettingsError(
        `TARGET_CA_FILE (${ca}) is not a PEM bundle of CA certificates: ${(error as Error).message}`,
      );
    }
  }
  const cert = value('CLIENT_CERT_FILE');
  const key = value('CLIENT_KEY_FILE');
  const pfx = value('CLIENT_PFX_FILE');
  const passphrase = env.CLIENT_CERT_PASSPHRASE || undefined;
  if (pfx && (cert || key))
    throw new NetworkSettingsError(
      'set either CLIENT_PFX_FILE or CLIENT_CERT_FILE with CLIENT_KEY_FILE, not both',
    );
  if (Boolean(cert) !== Boolean(key))
    throw new NetworkSettingsError(
      `${cert ? 'CLIENT_KEY_FILE' : 'CLIENT_CERT_FILE'} is missing: a client certificate needs CLIENT_CERT_FILE and CLIENT_KEY_FILE`,
    );
  if (cert && key) {
    settings.clientCertificate = {
      kind: 'pem',
      certPath: readableFile('CLIENT_CERT_FILE', cert),
      keyPath: readableFile('CLIENT_KEY_FILE', key),
      ...(passphrase ? { passphrase } : {}),
    };
  } else if (pfx) {
    settings.clientCertificate = {
      kind: 'pfx',
      pfxPath: readableFile('CLIENT_PFX_FILE', pfx),
      ...(passphrase ? { passphrase } : {}),
    };
  } else if (passphrase) {
    throw new NetworkSettingsError(
      'CLIENT_CERT_PASSPHRASE is set but no client certificate (CLIENT_CERT_FILE or CLIENT_PFX_FILE)',
    );
  }
  const proxy = proxyFor(baseUrl, env);
  if (proxy) settings.proxy = proxy;
  return settings;
}

/** The options of a Playwright request context for the target: one place for the preflight and the workers. */
export function requestContextOptions(
  network: NetworkSettings,
  baseUrl: string,
): NonNullable<Parameters<typeof import('@playwright/test').request.newContext>[0]> {
  const origin = new URL(baseUrl).origin;
  const client = network.clientCertificate;
  return {
    ...(network.insecure ? { ignoreHTTPSErrors: true } : {}),
    ...(Object.keys(network.extraHeaders).length ? { extraHTTPHeaders: network.extraHeaders } : {}),
    ...(network.proxy
      ? {
          proxy: {
            server: network.proxy.server,
            ...(network.proxy.username !== undefined ? { username: network.proxy.username } : {}),
            ...(network.proxy.password !== undefined ? { password: network.proxy.password } : {}),
          },
        }
      : {}),
    ...(client
      ? {
          clientCertificates: [
            client.kind === 'pem'
              ? {
                  origin,
                  certPath: client.certPath,
                  keyPath: client.keyPath,
                  ...(client.passphrase ? { passphrase: client.passphrase } : {}),
                }
              : {
                  origin,
                  pfxPath: client.pfxPath,
                  ...(client.passphrase ? { passphrase: client.passphrase } : {}),
                },
          ],
        }
      : {}),
  };
}

/**
 * A worker's (or the preflight's) request context for the target. `closeEach`: every request on it goes on a
 * connection of its own, closed after the answer (`Connection: close`), so it never meets an idle connection
 * (helpers/wire/connections.ts).
 */
export async function newTargetContext(
  baseUrl: string,
  { closeEach = false }: { closeEach?: boolean } = {},
): Promise<APIRequestContext> {
  const { request } = await import('@playwright/test');
  const network = readNetworkSettings(baseUrl);
  if (network.proxy) verifyIpTargetsThroughTunnels();
  const options = requestContextOptions(network, baseUrl);
  if (closeEach) options.extraHTTPHeaders = { ...options.extraHTTPHeaders, Connection: 'close' };
  return request.newContext(options);
}

// ---------------------------------------------------------------------------------------------------
// A target addressed by IP through an HTTP CONNECT proxy

/** The options the tunnelling agent upgrades a tunnel to TLS with (those that matter here). */
export interface TunnelTlsOptions {
  host?: string;
  servername?: string;
  secureEndpoint?: boolean;
  checkServerIdentity?: typeof tls.checkServerIdentity;
}

/**
 * The tunnel's TLS options with the target's identity kept when the target is an IP address. Playwright's
 * request contexts tunnel through a proxy with the agent of its bundle (https-proxy-agent), which upgrades
 * the tunnel to TLS without `host` and, for an IP, rightly without `servername` (RFC 6066 forbids an IP as
 * SNI); Node then checks the certificate against the tunnel socket's host (the proxy's name, else
 * "localhost") and refuses a certificate that names the target's IP. Given the target's address back, the
 * check is Node's own, unweakened: tls.checkServerIdentity compares an IP with the certificate's IP SANs.
 * A host name (sent as SNI and checked as such) and a check already given are left as they are.
 */
export function withTargetIdentity<T extends TunnelTlsOptions>(options: T): T & TunnelTlsOptions {
  const host = options.host;
  if (!options.secureEndpoint || !host || !net.isIP(host)) return options;
  if (options.servername || options.checkServerIdentity) return options;
  return {
    ...options,
    checkServerIdentity: (_tunnelHost: string, cert: tls.PeerCertificate) =>
      tls.checkServerIdentity(host, cert),
  };
}

type TunnelConnect = (this: unknown, request: unknown, options: TunnelTlsOptions) => unknown;
const TARGET_IDENTITY = Symbol.for('prs-conformance.tunnel-target-identity');

/**
 * Makes the tunnelling agent of the Playwright the suite runs keep an IP target's identity
 * (withTargetIdentity), once per process, before a request context with a proxy is made (the contexts run
 * in this process). The agent is the one `@playwright/test` loads, reached through its own packages.
 */
export function verifyIpTargetsThroughTunnels(): void {
  const fromTest = createRequire(require.resolve('@playwright/test'));
  const fromPlaywright = createRequire(fromTest.resolve('playwright'));
  const bundle = fromPlaywright('playwright-core/lib/utilsBundle') as {
    HttpsProxyAgent?: { prototype: { connect?: TunnelConnect; [TARGET_IDENTITY]?: true } };
  };
  const agent = bundle.HttpsProxyAgent?.prototype;
  // A Playwright without this agent tunnels otherwise: tests/network.test.ts shows whether it still needs this.
  if (!agent?.connect || agent[TARGET_IDENTITY]) return;
  const connect = agent.connect;
  agent.connect = function (this: unknown, request: unknown, options: TunnelTlsOptions) {
    return connect.call(this, request, withTargetIdentity(options));
  };
  agent[TARGET_IDENTITY] = true;
}

// ---------------------------------------------------------------------------------------------------
// The private CA: one bundle, trusted by the workers (and the preflight's child process)

/** Set in the environment of processes started already trusting the bundle. */
const TRUSTED_MARK = 'CONFORMANCE_CA_BUNDLE_TRUSTED';
/** The NODE_EXTRA_CA_CERTS the user had set, kept when the global setup replaces it with the bundle. */
const ORIGINAL_EXTRA_CA = 'CONFORMANCE_ORIGINAL_NODE_EXTRA_CA_CERTS';

/**
 * Writes the bundle (the user's NODE_EXTRA_CA_CERTS file, then TARGET_CA_FILE) to a file named by its
 * content and points NODE_EXTRA_CA_CERTS at it, so that every process started from now on trusts it.
 * Returns the bundle's path, or undefined when TARGET_CA_FILE is not set.
 */
export function trustCaBundle(
  network: NetworkSettings,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  if (!network.caFile) return undefined;
  if (env[TRUSTED_MARK] === '1') return env.NODE_EXTRA_CA_CERTS;
  const original = env[ORIGINAL_EXTRA_CA] ?? env.NODE_EXTRA_CA_CERTS ?? '';
  const parts: string[] = [];
  if (original && fs.existsSync(original)) parts.push(fs.readFileSync(original, 'utf8'));
  parts.push(fs.readFileSync(network.caFile, 'utf8'));
  const content = `${parts.map((p) => p.trim()).join('\n')}\n`;
  const dir = path.join(os.tmpdir(), 'prs-conformance-ca');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${createHash('sha256').update(content).digest('hex').slice(0, 16)}.pem`);
  if (!fs.existsSync(file)) fs.writeFileSync(file, content);
  env[ORIGINAL_EXTRA_CA] = original;
  env.NODE_EXTRA_CA_CERTS = file;
  return file;
}

/** True when this process cannot trust TARGET_CA_FILE by itself (it started before the bundle existed). */
export function needsTrustingProcess(
  network: NetworkSettings,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  return network.caFile !== undefined && env[TRUSTED_MARK] !== '1';
}

/**
 * Runs `entry` (a module whose main prints one JSON line) in a child Node process started with the bundle
 * as NODE_EXTRA_CA_CERTS, the way the workers start; resolves with the parsed line.
 */
export async function inTrustingProcess<T>(entry: string, bundle: string): Promise<T> {
  const child = spawn(process.execPath, ['--require', require.resolve('tsx/cjs'), entry], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: bundle, [TRUSTED_MARK]: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const line = out.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line) as T;
  } catch {
    throw new Error(`the preflight process ended with status ${status}: ${(err || out).slice(-2000)}`);
  }
}

// ---------------------------------------------------------------------------------------------------
// What the reports and the curl reproduction say (setting names, never secret values)

/** The environment variable a gateway header's value is read from in a curl reproduction. */
export function extraHeaderVariable(name: string): string {
  return `EXTRA_HEADER_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/** curl options reproducing the network path, naming the settings (shell variables), never their values. */
export function curlNetworkOptions(network: NetworkSettings): string[] {
  const out: string[] = [];
  if (network.insecure) out.push('--insecure');
  if (network.caFile) out.push('--cacert "$TARGET_CA_FILE"');
  const client = network.clientCertificate;
  if (client?.kind === 'pem') out.push('--cert "$CLIENT_CERT_FILE" --key "$CLIENT_KEY_FILE"');
  if (client?.kind === 'pfx') out.push('--cert-type P12 --cert "$CLIENT_PFX_FILE"');
  if (client?.passphrase) out.push('--pass "$CLIENT_CERT_PASSPHRASE"');
  if (network.proxy) out.push(`--proxy "$${network.proxy.setting}"`);
  // TARGET_PROXY is used whatever NO_PROXY says; curl would skip even --proxy for a host NO_PROXY names
  // (often 127.0.0.1 or an internal address): an empty --noproxy overrides it.
  if (network.proxy?.setting === 'TARGET_PROXY') out.push("--noproxy ''");
  for (const name of Object.keys(network.extraHeaders))
    out.push(`-H "${name}: $${extraHeaderVariable(name)}"`);
  return out;
}

/** Comment lines of reproduce.sh saying where the variables the curl options name come from. */
export function curlNetworkPreamble(network: NetworkSettings): string[] {
  return Object.keys(network.extraHeaders).map(
    (name) => `# $${extraHeaderVariable(name)}: the value of ${name} in setting EXTRA_HEADERS`,
  );
}

/** The report header's lines about the network path (names and yes/no, never a value). */
export function networkReportInfo(env: NodeJS.ProcessEnv = loadEnv()): Record<string, string> {
  const baseUrl = env.BASE_URL?.trim();
  let proxy = 'none';
  try {
    if (baseUrl) proxy = proxyFor(baseUrl, env)?.setting ?? 'none';
    else if (env.TARGET_PROXY?.trim()) proxy = 'TARGET_PROXY';
  } catch {
    proxy = 'invalid';
  }
  let headers = '';
  try {
    headers = Object.keys(parseExtraHeaders(env.EXTRA_HEADERS)).join(', ');
  } catch {
    headers = 'invalid';
  }
  return {
    INSECURE_TLS: String(insecureTls(env)),
    TARGET_CA_FILE: String(Boolean(env.TARGET_CA_FILE?.trim())),
    'Client certificate': String(Boolean(env.CLIENT_CERT_FILE?.trim() || env.CLIENT_PFX_FILE?.trim())),
    Proxy: proxy,
    EXTRA_HEADERS: headers || 'none',
  };
}

export function insecureTls(env: NodeJS.ProcessEnv = loadEnv()): boolean {
  return /^(1|true|yes|on)$/i.test(env.INSECURE_TLS?.trim() ?? '');
}

/** What the certification shows for a weakened run (INSECURE_TLS). */
export const WEAKENED_RUN =
  "weakened run: INSECURE_TLS accepted the target's certificate without verifying it (the TLS checks were off)";

/** Every secret value the network settings hold (for the secrets scan): passphrase, proxy credentials, header values, key material. */
export function networkSecretValues(env: NodeJS.ProcessEnv): string[] {
  const out: string[] = [];
  if (env.CLIENT_CERT_PASSPHRASE) out.push(env.CLIENT_CERT_PASSPHRASE);
  for (const name of ['TARGET_PROXY', 'HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy']) {
    const value = env[name]?.trim();
    if (!value) continue;
    try {
      const proxy = parseProxy(value, name);
      if (proxy.username) out.push(proxy.username);
      if (proxy.password) out.push(proxy.password);
    } catch {
      /* not a URL: nothing to find */
    }
  }
  try {
    out.push(...Object.values(parseExtraHeaders(env.EXTRA_HEADERS)));
  } catch {
    /* refused at preflight */
  }
  for (const name of ['CLIENT_KEY_FILE', 'CLIENT_PFX_FILE']) {
    const file = env[name]?.trim();
    if (!file || !fs.existsSync(file)) continue;
    const data = fs.readFileSync(file);
    if (name === 'CLIENT_PFX_FILE') out.push(data.subarray(0, 48).toString('base64'));
    else {
      // The base64 lines of the PEM body: any one of them in a file means the key was copied.
      const lines = data
        .toString('utf8')
        .split('\n')
        .filter((l) => /^[A-Za-z0-9+/=]{40,}$/.test(l.trim()));
      out.push(...lines.map((l) => l.trim()));
    }
  }
  return out.filter((v) => v.length >= 4);
}
