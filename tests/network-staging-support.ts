/**
 * The staging paths the network tests run through, started once per test file: the reference behind HTTPS
 * gateways (a private CA, a client certificate required, a header of its own, a certificate naming only an
 * IP) and CONNECT proxies (with credentials, refusing), and the helpers that configure a run or a preflight
 * against them. The servers are exported as live bindings: set by the file's `before` hook, read in its tests.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import { KEY_SETTINGS } from '../helpers/run/settings';
import { createReferenceServer, type ListeningServer } from '../reference/server';
import {
  makeCertificates,
  startConnectProxy,
  startGateway,
  type Certificates,
  type GatewayRequest,
  type Listening,
  type ProxyLog,
} from './network-support';
import { ROOT, tempDir } from './report-support';

/** A child process (Node unless `command` says otherwise), awaited without blocking this process (its servers must keep answering). */
export function run(
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  command = process.execPath,
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}

export const work = tempDir('network');
export const PASSPHRASE = 'client-key-passphrase-7f3a';
export const PROXY_USER = 'ci-runner-4d1e';
export const PROXY_PASSWORD = 'proxy-password-9c2b';
export const GATEWAY_TOKEN = 'gateway-token-5e8d0a';
/** The staging host name: resolvable only by the proxy (which sends it to 127.0.0.1). */
export const STAGING_HOST = 'staging.test';

export let certs: Certificates;
/** A certificate naming 127.0.0.1 only (no DNS name), and one naming another IP, each from a CA of its own. */
export let ipCerts: Certificates;
export let otherIpCerts: Certificates;
let reference: ListeningServer;
export let keys: Record<string, string>;
export let tlsGateway: Listening & { log: GatewayRequest[] };
export let mtlsGateway: Listening & { log: GatewayRequest[] };
export let tokenGateway: Listening & { log: GatewayRequest[] };
export let ipGateway: Listening & { log: GatewayRequest[] };
export let otherIpGateway: Listening & { log: GatewayRequest[] };
export let proxy: Listening & { log: ProxyLog };
export let refusingProxy: Listening & { log: ProxyLog };

/** Starts the paths before the tests of the calling file, and closes them (and removes its files) after. */
export function startStaging(): void {
  before(async () => {
    certs = makeCertificates(path.join(work, 'pki'), [STAGING_HOST, '127.0.0.1'], PASSPHRASE);
    ipCerts = makeCertificates(path.join(work, 'pki-ip'), ['127.0.0.1'], PASSPHRASE);
    otherIpCerts = makeCertificates(path.join(work, 'pki-other-ip'), ['127.0.0.2'], PASSPHRASE);
    const server = createReferenceServer();
    keys = Object.fromEntries(KEY_SETTINGS.map((k) => [k.env, server.keys[k.role]]));
    reference = await server.listen(0, '127.0.0.1');
    const upstream = Number(new URL(reference.url).port);
    tlsGateway = await startGateway(certs, upstream);
    mtlsGateway = await startGateway(certs, upstream, { requireClientCert: true });
    tokenGateway = await startGateway(certs, upstream, { requireHeader: ['X-Gateway-Token', GATEWAY_TOKEN] });
    ipGateway = await startGateway(ipCerts, upstream);
    otherIpGateway = await startGateway(otherIpCerts, upstream);
    proxy = await startConnectProxy({ credentials: [PROXY_USER, PROXY_PASSWORD] });
    refusingProxy = await startConnectProxy({ refuse: true });
  });

  after(async () => {
    for (const s of [tlsGateway, mtlsGateway, tokenGateway, ipGateway, otherIpGateway, proxy, refusingProxy])
      await s?.close();
    await reference?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });
}

/** The environment of a run: nothing of this process's network or target settings, only what is given. */
export function cleanEnv(given: Record<string, string>): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (
      /^(BASE_URL|API_KEY.*|ALLOW_.*|PROVIDER_STATES_URL|EMBEDDED_REFERENCE|CONFORMANCE_.*|TARGET_.*|CLIENT_.*|EXTRA_HEADERS|INSECURE_TLS|NODE_EXTRA_CA_CERTS|https?_proxy|HTTPS?_PROXY|no_proxy|NO_PROXY|ENV_FILE)$/.test(
        name,
      )
    )
      continue;
    out[name] = value;
  }
  return { ...out, ...given };
}

/** A dotenv file configuring the target (keys included) and the given settings. */
export function envFile(name: string, baseUrl: string, settings: Record<string, string>): string {
  const file = path.join(work, `${name}.env`);
  const quote = (v: string) => (v.includes('\n') ? `"${v.replace(/\n/g, '\\n')}"` : v);
  const lines = [
    `BASE_URL=${baseUrl}`,
    ...Object.entries({ ...keys, ...settings }).map(([k, v]) => `${k}=${quote(v)}`),
  ];
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

export interface PreflightRun {
  status: number | null;
  output: string;
}

/** `conformance preflight --env-file <file>` (npm run preflight), configured by a dotenv file. */
export async function preflightAlone(
  envFilePath: string,
  env: Record<string, string> = {},
): Promise<PreflightRun> {
  const result = await run(
    [path.join(ROOT, 'bin', 'conformance.cjs'), 'preflight', '--env-file', envFilePath],
    cleanEnv(env),
    60_000,
  );
  return { status: result.status, output: result.output.trim() };
}

/** The cannot-judge exit status of the conformance command (helpers/setup/preflight-report.ts). */
export const CANNOT_JUDGE = 2;

/** The plain lines and the cannot-judge status: the message, the settings to fix; no stack frame, no OpenSSL code. */
export function assertPlainFailure(result: PreflightRun, expected: RegExp, settings: string): void {
  assert.equal(result.status, CANNOT_JUDGE, result.output);
  assert.match(result.output, /^preflight: the target cannot be judged, no test ran\.\n {2}\S/);
  assert.match(result.output, expected);
  assert.match(result.output, new RegExp(`\\n  setting to fix: ${settings} \\(`));
  assert.doesNotMatch(result.output, /\n\s+at |ERR_|UNABLE_TO|SELF_SIGNED|node:internal/);
}

export const tlsUrl = () => `https://127.0.0.1:${tlsGateway.port}`;
export const mtlsUrl = () => `https://127.0.0.1:${mtlsGateway.port}`;
export const stagingUrl = () => `https://${STAGING_HOST}:${tokenGateway.port}`;
export const ipUrl = () => `https://127.0.0.1:${ipGateway.port}`;
export const otherIpUrl = () => `https://127.0.0.1:${otherIpGateway.port}`;
export const proxyUrl = (port: number, withCredentials = true) =>
  `http://${withCredentials ? `${PROXY_USER}:${PROXY_PASSWORD}@` : ''}127.0.0.1:${port}`;

/** NO_PROXY as CI runners often set it: it names the IP target, and TARGET_PROXY is used all the same. */
export const LOOPBACK_NO_PROXY = 'localhost,127.0.0.1';
