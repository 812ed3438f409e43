/**
 * Staging as it really is (issue 17), proven against real servers: the reference behind an HTTPS gateway
 * whose certificate comes from a CA generated for the test, behind one that requires a client certificate,
 * and behind a CONNECT proxy with credentials (HTTPS_PROXY, as CI runners set it) in front of a gateway
 * that wants a header of its own. A slice of the suite passes through each with the settings; without
 * them, or with a wrong one, the preflight says in one plain sentence which setting to fix and nothing
 * runs. The proxy's log shows that the suite's requests (preflight included) went through it, only the
 * target's origin is contacted, and no setting's secret value appears in any artifact.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import tls from 'node:tls';
import { KEY_SETTINGS } from '../helpers/run/settings';
import {
  curlNetworkOptions,
  networkSecretValues,
  parseExtraHeaders,
  proxyFor,
  WEAKENED_RUN,
  withTargetIdentity,
} from '../helpers/run/network';
import { allureEnvironmentInfo, reportPaths } from '../helpers/run/report-config';
import { createReferenceServer, type ListeningServer } from '../reference/server';
import { writeCertification } from '../scripts/certification/cli';
import { renderHtml } from '../scripts/certification/html';
import { renderMarkdown } from '../scripts/certification/markdown';
import { buildAllureReport } from '../scripts/report';
import { readRunResults, type RunResults } from '../scripts/run-results';
import {
  makeCertificates,
  startConnectProxy,
  startGateway,
  type Certificates,
  type GatewayRequest,
  type Listening,
  type ProxyLog,
} from './network-support';
import { readEverything, ROOT, secretNeedles, syntheticReport, tempDir, writeJson } from './report-support';

/** A child process (Node unless `command` says otherwise), awaited without blocking this process (its servers must keep answering). */
function run(
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

const work = tempDir('network');
const abs = (p: string) => JSON.stringify(path.join(ROOT, p));
const PASSPHRASE = 'client-key-passphrase-7f3a';
const PROXY_USER = 'ci-runner-4d1e';
const PROXY_PASSWORD = 'proxy-password-9c2b';
const GATEWAY_TOKEN = 'gateway-token-5e8d0a';
/** The staging host name: resolvable only by the proxy (which sends it to 127.0.0.1). */
const STAGING_HOST = 'staging.test';
/** The slice of the suite run through each path: every auth test (keys sent and omitted) and the echo of a test's own X-Request-Id. */
const SLICE = { specs: ['auth.spec.ts', 'correlation.spec.ts'], grep: '@auth|CORR-003' };

let certs: Certificates;
/** A certificate naming 127.0.0.1 only (no DNS name), and one naming another IP, each from a CA of its own. */
let ipCerts: Certificates;
let otherIpCerts: Certificates;
let reference: ListeningServer;
let keys: Record<string, string>;
let tlsGateway: Listening & { log: GatewayRequest[] };
let mtlsGateway: Listening & { log: GatewayRequest[] };
let tokenGateway: Listening & { log: GatewayRequest[] };
let ipGateway: Listening & { log: GatewayRequest[] };
let otherIpGateway: Listening & { log: GatewayRequest[] };
let proxy: Listening & { log: ProxyLog };
let refusingProxy: Listening & { log: ProxyLog };
/** Every reports folder of a run, and the secret values its settings held. */
const artifacts: { dir: string; secrets: string[] }[] = [];

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

/** The environment of a run: nothing of this process's network or target settings, only what is given. */
function cleanEnv(given: Record<string, string>): NodeJS.ProcessEnv {
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
function envFile(name: string, baseUrl: string, settings: Record<string, string>): string {
  const file = path.join(work, `${name}.env`);
  const quote = (v: string) => (v.includes('\n') ? `"${v.replace(/\n/g, '\\n')}"` : v);
  const lines = [
    `BASE_URL=${baseUrl}`,
    ...Object.entries({ ...keys, ...settings }).map(([k, v]) => `${k}=${quote(v)}`),
  ];
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const DELIBERATE_SPEC = `
import { expect, test, titled } from ${abs('helpers/spec/fixtures')};

test(...titled('[AUTH-001] deliberately fails after one request'), async ({ api }) => {
  const response = await api.call('listPatents', { query: { itemsPerPage: 1 } });
  expect(response, 'deliberate failure').toHaveStatus(599);
});
`;

/** The bodies of the attachments of this name in a Playwright JSON report. */
function attachmentBodies(resultsJson: string, name: string): string[] {
  interface Suite {
    specs?: { tests: { results: { attachments: { name: string; body?: string }[] }[] }[] }[];
    suites?: Suite[];
  }
  const out: string[] = [];
  const visit = (suite: Suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        for (const r of t.results)
          for (const a of r.attachments)
            if (a.name === name && a.body) out.push(Buffer.from(a.body, 'base64').toString('utf8'));
    for (const child of suite.suites ?? []) visit(child);
  };
  (JSON.parse(fs.readFileSync(resultsJson, 'utf8')) as { suites: Suite[] }).suites.forEach(visit);
  return out;
}

interface SuiteRun {
  status: number | null;
  output: string;
  reportsDir: string;
  run: RunResults | undefined;
  requests: { total: number; origins: string[] } | undefined;
  reproduce: string[];
}

/** The slice and one deliberately failing test (for the evidence), every reporter on, configured by a dotenv file. */
async function runSuite(
  name: string,
  envFilePath: string,
  env: Record<string, string> = {},
): Promise<SuiteRun> {
  const dir = path.join(work, name);
  const specDir = path.join(dir, 'deliberate');
  const reportsDir = path.join(dir, 'reports');
  fs.mkdirSync(specDir, { recursive: true });
  fs.writeFileSync(path.join(specDir, 'deliberate.spec.ts'), DELIBERATE_SPEC);
  const config = path.join(specDir, 'playwright.config.ts');
  fs.writeFileSync(
    config,
    `
import base from ${abs('playwright.config')};
export default {
  ...base,
  testDir: ${JSON.stringify(specDir)},
  globalSetup: [${abs('helpers/setup/reports-setup.ts')}, ${abs('helpers/setup/global-setup.ts')}],
  projects: [
    { name: 'suite', testDir: ${abs('specs')}, testMatch: ${JSON.stringify(SLICE.specs)}, grep: new RegExp(${JSON.stringify(SLICE.grep)}) },
    { name: 'deliberate', testDir: ${JSON.stringify(specDir)}, testMatch: 'deliberate.spec.ts' },
  ],
};
`,
  );
  fs.rmSync(reportsDir, { recursive: true, force: true });
  const outcome = await run(
    [
      path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'),
      'test',
      '--output',
      path.join(reportsDir, 'test-results'),
      '--config',
      config,
      '--workers',
      '2',
    ],
    cleanEnv({
      ENV_FILE: envFilePath,
      REPORTS_DIR: reportsDir,
      BLOB_REPORT: 'true',
      FORCE_COLOR: '0',
      ...env,
    }),
    170_000,
  );
  const paths = reportPaths({ REPORTS_DIR: reportsDir });
  const results = fs.existsSync(paths.resultsJson) ? readRunResults(paths.resultsJson) : undefined;
  const requestsFile = path.join(reportsDir, 'requests.json');
  const requests = fs.existsSync(requestsFile)
    ? (JSON.parse(fs.readFileSync(requestsFile, 'utf8')) as SuiteRun['requests'])
    : undefined;
  const reproduce = fs.existsSync(paths.resultsJson)
    ? attachmentBodies(paths.resultsJson, 'reproduce.sh')
    : [];
  return {
    status: outcome.status,
    output: outcome.output,
    reportsDir,
    run: results,
    requests,
    reproduce,
  };
}

/** The slice passed, the deliberate test failed (its evidence written), nothing else went wrong. */
function assertSlicePassed(result: SuiteRun): void {
  assert.ok(result.run, `no results:\n${result.output.slice(-3000)}`);
  assert.deepEqual(result.run.errors, [], result.output.slice(-3000));
  const suite = result.run.tests.filter((t) => t.project === 'suite');
  assert.ok(suite.length >= 8, `the slice ran ${suite.length} tests`);
  const notPassed = suite
    .filter((t) => t.outcome !== 'passed')
    .map((t) => `${t.title}: ${t.outcome} ${t.error ?? ''}`);
  assert.deepEqual(notPassed, []);
  assert.deepEqual(
    result.run.tests.filter((t) => t.project === 'deliberate').map((t) => t.outcome),
    ['failed'],
  );
  assert.ok(result.reproduce.length > 0, 'the failure wrote reproduce.sh');
}

interface PreflightRun {
  status: number | null;
  output: string;
}

/** `conformance preflight --env-file <file>` (npm run preflight), configured by a dotenv file. */
async function preflightAlone(envFilePath: string, env: Record<string, string> = {}): Promise<PreflightRun> {
  const result = await run(
    [path.join(ROOT, 'bin', 'conformance.cjs'), 'preflight', '--env-file', envFilePath],
    cleanEnv(env),
    60_000,
  );
  return { status: result.status, output: result.output.trim() };
}

/** The cannot-judge exit status of the conformance command (helpers/setup/preflight-report.ts). */
const CANNOT_JUDGE = 2;

/** The plain lines and the cannot-judge status: the message, the settings to fix; no stack frame, no OpenSSL code. */
function assertPlainFailure(result: PreflightRun, expected: RegExp, settings: string): void {
  assert.equal(result.status, CANNOT_JUDGE, result.output);
  assert.match(result.output, /^preflight: the target cannot be judged, no test ran\.\n {2}\S/);
  assert.match(result.output, expected);
  assert.match(result.output, new RegExp(`\\n  setting to fix: ${settings} \\(`));
  assert.doesNotMatch(result.output, /\n\s+at |ERR_|UNABLE_TO|SELF_SIGNED|node:internal/);
}

const tlsUrl = () => `https://127.0.0.1:${tlsGateway.port}`;
const mtlsUrl = () => `https://127.0.0.1:${mtlsGateway.port}`;
const stagingUrl = () => `https://${STAGING_HOST}:${tokenGateway.port}`;
const ipUrl = () => `https://127.0.0.1:${ipGateway.port}`;
const otherIpUrl = () => `https://127.0.0.1:${otherIpGateway.port}`;
const proxyUrl = (port: number, withCredentials = true) =>
  `http://${withCredentials ? `${PROXY_USER}:${PROXY_PASSWORD}@` : ''}127.0.0.1:${port}`;

void test(
  'behind HTTPS with a private CA: with TARGET_CA_FILE the slice passes; reproduce.sh names the setting',
  { timeout: 180_000 },
  async () => {
    const before = tlsGateway.log.length;
    const result = await runSuite('ca', envFile('ca', tlsUrl(), { TARGET_CA_FILE: certs.caFile }));
    artifacts.push({ dir: result.reportsDir, secrets: [] });
    assertSlicePassed(result);
    assert.deepEqual(result.requests?.origins, [tlsUrl()]);
    assert.equal(tlsGateway.log.length - before, result.requests?.total, 'every request went to the gateway');
    for (const text of result.reproduce) assert.match(text, /curl -sS -i --cacert "\$TARGET_CA_FILE" -X GET/);
  },
);

void test(
  'behind HTTPS with a private CA, without TARGET_CA_FILE: one plain preflight message and no test runs',
  { timeout: 120_000 },
  async () => {
    const file = envFile('no-ca', tlsUrl(), {});
    const result = await runSuite('no-ca', file);
    assert.equal(result.status, CANNOT_JUDGE, result.output.slice(-3000));
    assert.match(
      result.output,
      /preflight: the target cannot be judged, no test ran\.\n {2}the certificate of https:\/\/127\.0\.0\.1:\d+ is not trusted \(a private CA\?\): set TARGET_CA_FILE/,
    );
    assert.doesNotMatch(result.output, /UNABLE_TO|SELF_SIGNED|ERR_|\n\s+at /);
    assert.doesNotMatch(result.output, /\d+ passed|\d+ failed/, 'no test ran');
    const record = JSON.parse(fs.readFileSync(path.join(result.reportsDir, 'preflight.json'), 'utf8')) as {
      ok: boolean;
      settings: string[];
    };
    assert.equal(record.ok, false);
    assert.deepEqual(record.settings, ['TARGET_CA_FILE']);
    assertPlainFailure(
      await preflightAlone(file),
      /is not trusted \(a private CA\?\): set TARGET_CA_FILE/,
      'TARGET_CA_FILE',
    );
    // Another CA in TARGET_CA_FILE: the message says so.
    assertPlainFailure(
      await preflightAlone(envFile('other-ca', tlsUrl(), { TARGET_CA_FILE: certs.otherCaFile })),
      /is not signed by a CA of TARGET_CA_FILE/,
      'TARGET_CA_FILE',
    );
  },
);

void test(
  'a hostname the certificate does not name: one plain message naming BASE_URL',
  { timeout: 60_000 },
  async () => {
    assertPlainFailure(
      await preflightAlone(
        envFile('mismatch', `https://localhost:${tlsGateway.port}`, { TARGET_CA_FILE: certs.caFile }),
      ),
      /not issued for the host name localhost \(hostname mismatch\).*BASE_URL/,
      'BASE_URL',
    );
  },
);

void test(
  'behind a gateway requiring a client certificate: with CLIENT_CERT_FILE, CLIENT_KEY_FILE and CLIENT_CERT_PASSPHRASE the slice passes',
  { timeout: 180_000 },
  async () => {
    const before = mtlsGateway.log.length;
    const settings = {
      TARGET_CA_FILE: certs.caFile,
      CLIENT_CERT_FILE: certs.clientCert,
      CLIENT_KEY_FILE: certs.clientKey,
      CLIENT_CERT_PASSPHRASE: PASSPHRASE,
    };
    const result = await runSuite('mtls', envFile('mtls', mtlsUrl(), settings));
    artifacts.push({ dir: result.reportsDir, secrets: networkSecretValues(settings) });
    assertSlicePassed(result);
    assert.equal(mtlsGateway.log.length - before, result.requests?.total);
    assert.deepEqual(result.requests?.origins, [mtlsUrl()]);
    for (const text of result.reproduce) {
      assert.match(
        text,
        /--cacert "\$TARGET_CA_FILE" --cert "\$CLIENT_CERT_FILE" --key "\$CLIENT_KEY_FILE" --pass "\$CLIENT_CERT_PASSPHRASE"/,
      );
    }
  },
);

void test(
  'a client certificate required but missing or unusable: one plain message naming the setting',
  { timeout: 120_000 },
  async () => {
    assertPlainFailure(
      await preflightAlone(envFile('mtls-none', mtlsUrl(), { TARGET_CA_FILE: certs.caFile })),
      /likely requires a client certificate \(set CLIENT_CERT_FILE and CLIENT_KEY_FILE, or CLIENT_PFX_FILE\)/,
      'CLIENT_CERT_FILE, CLIENT_KEY_FILE, CLIENT_PFX_FILE',
    );
    assertPlainFailure(
      await preflightAlone(
        envFile('mtls-pass', mtlsUrl(), {
          TARGET_CA_FILE: certs.caFile,
          CLIENT_CERT_FILE: certs.clientCert,
          CLIENT_KEY_FILE: certs.clientKey,
          CLIENT_CERT_PASSPHRASE: 'not-the-passphrase',
        }),
      ),
      /client certificate cannot be loaded: check CLIENT_CERT_FILE and CLIENT_KEY_FILE and CLIENT_CERT_PASSPHRASE/,
      'CLIENT_CERT_FILE, CLIENT_KEY_FILE, CLIENT_CERT_PASSPHRASE',
    );
    assertPlainFailure(
      await preflightAlone(envFile('mtls-key', mtlsUrl(), { CLIENT_CERT_FILE: certs.clientCert })),
      /CLIENT_KEY_FILE is missing/,
      'CLIENT_CERT_FILE, CLIENT_KEY_FILE',
    );
  },
);

void test(
  'through a CONNECT proxy set as HTTPS_PROXY, to a gateway wanting its own header: the slice passes, every request went through the proxy, only the target is contacted',
  { timeout: 180_000 },
  async () => {
    const gatewayBefore = tokenGateway.log.length;
    const proxyBefore = proxy.log.lines.length;
    const settings = { TARGET_CA_FILE: certs.caFile, EXTRA_HEADERS: `X-Gateway-Token: ${GATEWAY_TOKEN}` };
    const env = { HTTPS_PROXY: proxyUrl(proxy.port), NO_PROXY: 'localhost,127.0.0.1,.internal.example' };
    const result = await runSuite('proxy', envFile('proxy', stagingUrl(), settings), env);
    const secrets = networkSecretValues({ ...settings, ...env });
    assert.ok([PROXY_USER, PROXY_PASSWORD, GATEWAY_TOKEN].every((s) => secrets.includes(s)));
    artifacts.push({ dir: result.reportsDir, secrets });
    assertSlicePassed(result);
    // Only the target's origin: the proxy is the path, not a second origin.
    assert.deepEqual(result.requests?.origins, [stagingUrl()]);
    const tunnels = proxy.log.lines.slice(proxyBefore);
    assert.ok(tunnels.length > 0);
    assert.deepEqual([...new Set(tunnels)], [`CONNECT ${STAGING_HOST}:${tokenGateway.port}`]);
    // Every request the gateway saw came out of one of the proxy's tunnels, preflight included.
    const seen = tokenGateway.log.slice(gatewayBefore);
    assert.equal(seen.length, result.requests?.total);
    assert.deepEqual(
      seen.filter((r) => !proxy.log.tunnelPorts.has(r.remotePort)).map((r) => r.url),
      [],
      'requests that did not come through the proxy',
    );
    // The gateway header went with every request, and it changed nothing the tests send on purpose.
    assert.ok(seen.every((r) => r.headers['x-gateway-token'] === GATEWAY_TOKEN));
    assert.ok(
      seen.some((r) => r.headers['x-api-key'] === undefined),
      'the tests that send no key still send none',
    );
    assert.ok(
      seen.some((r) => typeof r.headers['x-request-id'] === 'string'),
      "a test's own X-Request-Id reached the target",
    );
    for (const text of result.reproduce) {
      assert.match(
        text,
        /--cacert "\$TARGET_CA_FILE" --proxy "\$HTTPS_PROXY" -H "X-Gateway-Token: \$EXTRA_HEADER_X_GATEWAY_TOKEN"/,
      );
      assert.match(
        text,
        /# \$EXTRA_HEADER_X_GATEWAY_TOKEN: the value of X-Gateway-Token in setting EXTRA_HEADERS/,
      );
    }
    const paths = reportPaths({ REPORTS_DIR: result.reportsDir });
    assert.equal(buildAllureReport(paths), true);
    writeCertification(paths.resultsJson, result.reportsDir);
  },
);

void test(
  'a proxy or gateway refusing: one plain message naming the setting',
  { timeout: 120_000 },
  async () => {
    const settings = { TARGET_CA_FILE: certs.caFile, EXTRA_HEADERS: `X-Gateway-Token: ${GATEWAY_TOKEN}` };
    const file = envFile('proxy-problems', stagingUrl(), settings);
    assertPlainFailure(
      await preflightAlone(file, { HTTPS_PROXY: proxyUrl(refusingProxy.port) }),
      /the proxy http:\/\/127\.0\.0\.1:\d+ \(from HTTPS_PROXY\) refused the connection to https:\/\/staging\.test:\d+/,
      'HTTPS_PROXY, NO_PROXY, EXTRA_HEADERS',
    );
    assertPlainFailure(
      await preflightAlone(file, { HTTPS_PROXY: proxyUrl(proxy.port, false) }),
      /asks for credentials \(407\): put user:password@ in HTTPS_PROXY/,
      'HTTPS_PROXY',
    );
    assertPlainFailure(
      await preflightAlone(file, { TARGET_PROXY: 'http://127.0.0.1:9' }),
      /the proxy http:\/\/127\.0\.0\.1:9 \(from TARGET_PROXY\) refused the connection or cannot be reached/,
      'TARGET_PROXY, NO_PROXY',
    );
    assertPlainFailure(
      await preflightAlone(envFile('no-token', stagingUrl(), { TARGET_CA_FILE: certs.caFile }), {
        HTTPS_PROXY: proxyUrl(proxy.port),
      }),
      /a gateway in front of https:\/\/staging\.test:\d+ refused the request \(it may want a header of its own: EXTRA_HEADERS\)/,
      'HTTPS_PROXY, NO_PROXY, EXTRA_HEADERS',
    );
    assertPlainFailure(
      await preflightAlone(
        envFile('reserved', tlsUrl(), { TARGET_CA_FILE: certs.caFile, EXTRA_HEADERS: 'X-Request-Id: fixed' }),
      ),
      /EXTRA_HEADERS may not set X-Request-Id/,
      'EXTRA_HEADERS',
    );
  },
);

/** The reproduce.sh files of the run through TARGET_PROXY to the target addressed by IP (replayed below). */
let ipProxyReproduce: string[] = [];
/** NO_PROXY as CI runners often set it: it names the IP target, and TARGET_PROXY is used all the same. */
const LOOPBACK_NO_PROXY = 'localhost,127.0.0.1';

void test(
  'an HTTPS target addressed by IP (a certificate naming only that IP, a private CA) through TARGET_PROXY: the slice passes through the tunnel CONNECT 127.0.0.1:<port>, without SNI',
  { timeout: 180_000 },
  async () => {
    const gatewayBefore = ipGateway.log.length;
    const proxyBefore = proxy.log.lines.length;
    const settings = { TARGET_CA_FILE: ipCerts.caFile, TARGET_PROXY: proxyUrl(proxy.port) };
    const result = await runSuite('ip-proxy', envFile('ip-proxy', ipUrl(), settings), {
      NO_PROXY: LOOPBACK_NO_PROXY,
    });
    artifacts.push({ dir: result.reportsDir, secrets: networkSecretValues(settings) });
    assertSlicePassed(result);
    assert.deepEqual(result.requests?.origins, [ipUrl()]);
    // On the wire: the tunnel asks for the IP and port of BASE_URL; the handshake carries no server name
    // (RFC 6066 allows none for an IP), so the certificate was checked against its IP SANs.
    assert.deepEqual(
      [...new Set(proxy.log.lines.slice(proxyBefore))],
      [`CONNECT 127.0.0.1:${ipGateway.port}`],
    );
    const seen = ipGateway.log.slice(gatewayBefore);
    assert.equal(seen.length, result.requests?.total, "every request, the preflight's included");
    assert.deepEqual(
      seen.filter((r) => !proxy.log.tunnelPorts.has(r.remotePort)).map((r) => r.url),
      [],
      'requests that did not come through the proxy',
    );
    assert.deepEqual([...new Set(seen.map((r) => r.servername))], [false], 'no SNI for an IP');
    // curl would bypass even --proxy for a host NO_PROXY names: the reproduction overrides it, as the run does.
    for (const text of result.reproduce)
      assert.match(
        text,
        /curl -sS -i --cacert "\$TARGET_CA_FILE" --proxy "\$TARGET_PROXY" --noproxy '' -X GET 'https:\/\/127\.0\.0\.1:\d+\//,
      );
    ipProxyReproduce = result.reproduce;
  },
);

const hasCurl = spawnSync('curl', ['--version']).status === 0;

void test(
  'the reproduce.sh of that run replays the request through TARGET_PROXY to the IP, NO_PROXY naming it notwithstanding, the certificate verified with TARGET_CA_FILE',
  { timeout: 60_000, skip: hasCurl ? false : 'curl is not installed' },
  async () => {
    assert.ok(ipProxyReproduce.length > 0, 'the run above wrote reproduce.sh');
    const proxyBefore = proxy.log.lines.length;
    const gatewayBefore = ipGateway.log.length;
    const replay = await run(
      ['-c', ipProxyReproduce[0]!],
      cleanEnv({
        ...keys,
        TARGET_CA_FILE: ipCerts.caFile,
        TARGET_PROXY: proxyUrl(proxy.port),
        NO_PROXY: LOOPBACK_NO_PROXY,
        no_proxy: LOOPBACK_NO_PROXY,
      }),
      30_000,
      'bash',
    );
    assert.equal(replay.status, 0, replay.output);
    assert.match(replay.output, /^HTTP\/1\.1 200 /m);
    assert.deepEqual(proxy.log.lines.slice(proxyBefore), [`CONNECT 127.0.0.1:${ipGateway.port}`]);
    const seen = ipGateway.log.slice(gatewayBefore);
    assert.equal(seen.length, 1);
    assert.ok(proxy.log.tunnelPorts.has(seen[0]!.remotePort), 'through the proxy');
    assert.equal(seen[0]!.servername, false, 'no SNI for an IP');
  },
);

void test(
  'the same target addressed by IP without a proxy: the preflight passes, without SNI',
  { timeout: 60_000 },
  async () => {
    const before = ipGateway.log.length;
    const result = await preflightAlone(envFile('ip-direct', ipUrl(), { TARGET_CA_FILE: ipCerts.caFile }));
    assert.equal(result.status, 0, result.output);
    assert.match(result.output, /^preflight passed/m);
    const seen = ipGateway.log.slice(before);
    assert.ok(seen.length > 0);
    assert.ok(
      seen.every((r) => !proxy.log.tunnelPorts.has(r.remotePort) && r.servername === false),
      'direct, no SNI',
    );
  },
);

void test(
  'a certificate naming another IP, from the CA of TARGET_CA_FILE, is refused through TARGET_PROXY and without: one plain message naming BASE_URL',
  { timeout: 120_000 },
  async () => {
    const file = envFile('other-ip', otherIpUrl(), { TARGET_CA_FILE: otherIpCerts.caFile });
    const mismatch =
      /not issued for the IP address 127\.0\.0\.1 \(hostname\/IP mismatch\): use an address or host name the certificate names in BASE_URL/;
    assertPlainFailure(await preflightAlone(file), mismatch, 'BASE_URL');
    const proxyBefore = proxy.log.lines.length;
    assertPlainFailure(
      await preflightAlone(file, { TARGET_PROXY: proxyUrl(proxy.port), NO_PROXY: LOOPBACK_NO_PROXY }),
      mismatch,
      'BASE_URL',
    );
    assert.ok(
      proxy.log.lines.slice(proxyBefore).includes(`CONNECT 127.0.0.1:${otherIpGateway.port}`),
      'refused at the handshake through the tunnel',
    );
    assert.deepEqual(otherIpGateway.log, [], 'no request reached the target');
  },
);

void test('the tunnel keeps the identity of an IP target only: a host name, a plain tunnel or a check already given are left alone', () => {
  const secured = withTargetIdentity({ host: '127.0.0.1', secureEndpoint: true });
  const named = (ips: string): tls.PeerCertificate =>
    ({ subject: { CN: 'target' }, subjectaltname: ips }) as unknown as tls.PeerCertificate;
  // Node hands the tunnel socket's host to the check; the target's IP is what is compared.
  assert.equal(secured.checkServerIdentity?.('localhost', named('IP Address:127.0.0.1')), undefined);
  assert.match(
    String(secured.checkServerIdentity?.('localhost', named('IP Address:127.0.0.2'))),
    /IP: 127\.0\.0\.1 is not in the cert's list/,
  );
  assert.match(
    String(
      withTargetIdentity({ host: '::1', secureEndpoint: true }).checkServerIdentity?.(
        'x',
        named('IP Address:::2'),
      ),
    ),
    /IP: ::1 is not in the cert's list/,
  );
  for (const options of [
    { host: 'staging.test', secureEndpoint: true },
    { host: '127.0.0.1', secureEndpoint: false },
    { host: '127.0.0.1', secureEndpoint: true, servername: 'staging.test' },
    { host: '127.0.0.1', secureEndpoint: true, checkServerIdentity: tls.checkServerIdentity },
  ])
    assert.equal(withTargetIdentity(options), options, JSON.stringify(options));
  // The reproduction overrides NO_PROXY only for TARGET_PROXY, which the run uses whatever NO_PROXY says.
  const viaTarget = curlNetworkOptions({
    extraHeaders: {},
    insecure: false,
    proxy: { server: 'http://proxy:3128', setting: 'TARGET_PROXY' },
  });
  assert.deepEqual(viaTarget, ['--proxy "$TARGET_PROXY"', "--noproxy ''"]);
  const viaCi = curlNetworkOptions({
    extraHeaders: {},
    insecure: false,
    proxy: { server: 'http://proxy:3128', setting: 'HTTPS_PROXY' },
  });
  assert.deepEqual(viaCi, ['--proxy "$HTTPS_PROXY"']);
});

void test('no secret value of the network settings, nor any key, appears in any artifact of these runs', () => {
  assert.equal(artifacts.length, 4, 'the four passing runs');
  const leaks: string[] = [];
  for (const { dir, secrets } of artifacts) {
    const files = readEverything(dir);
    assert.ok(
      files.some((f) => f.name.includes('.zip!/')),
      'the blob archive was opened',
    );
    for (const secret of [...secrets, ...Object.values(keys)]) {
      const needles = secretNeedles(secret);
      for (const file of files) {
        if (needles.some((n) => file.data.toString('latin1').includes(n)))
          leaks.push(`${path.relative(work, file.name)}: ${secret.slice(0, 6)}…`);
      }
    }
  }
  assert.deepEqual([...new Set(leaks)], []);
});

void test('proxy settings: TARGET_PROXY first, else the CI variables for the scheme, NO_PROXY and loopback bypassed', () => {
  const env = { HTTPS_PROXY: 'http://proxy.corp:3128', HTTP_PROXY: 'http://plain.corp:3128' };
  assert.equal(proxyFor('https://staging.example.net', env)?.setting, 'HTTPS_PROXY');
  assert.equal(proxyFor('http://staging.example.net', env)?.setting, 'HTTP_PROXY');
  assert.equal(
    proxyFor('https://staging.example.net', { ...env, https_proxy: 'http://lower:1' })?.setting,
    'https_proxy',
  );
  assert.equal(proxyFor('https://127.0.0.1:8443', env), undefined);
  assert.equal(proxyFor('https://localhost:8443', env), undefined);
  for (const noProxy of [
    'example.net',
    '.example.net',
    '*.example.net',
    'other, staging.example.net:443',
    '*',
  ])
    assert.equal(proxyFor('https://staging.example.net', { ...env, NO_PROXY: noProxy }), undefined, noProxy);
  assert.equal(
    proxyFor('https://staging.example.net', { ...env, NO_PROXY: 'staging.example.net:8443' })?.setting,
    'HTTPS_PROXY',
  );
  assert.equal(
    proxyFor('https://staging.example.net', { ...env, no_proxy: 'ample.net' })?.setting,
    'HTTPS_PROXY',
  );
  const explicit = proxyFor('https://127.0.0.1:8443', { ...env, TARGET_PROXY: 'http://u%40x:p%3Aw@gw:8080' });
  assert.deepEqual(explicit, {
    server: 'http://gw:8080',
    username: 'u@x',
    password: 'p:w',
    setting: 'TARGET_PROXY',
  });
});

void test('EXTRA_HEADERS: lines or a JSON object; the headers the suite sends on purpose are refused', () => {
  assert.deepEqual(parseExtraHeaders('X-Gateway-Token: a:b\n# comment\nX-Waf:  c '), {
    'X-Gateway-Token': 'a:b',
    'X-Waf': 'c',
  });
  assert.deepEqual(parseExtraHeaders('{"X-Gateway-Token": "t"}'), { 'X-Gateway-Token': 't' });
  for (const bad of [
    'x-api-key: k',
    '{"X-REQUEST-ID": "r"}',
    'Content-Type: text/plain',
    'no colon',
    '{"a": 1}',
    'A: 1\na: 2',
  ])
    assert.throws(() => parseExtraHeaders(bad), /EXTRA_HEADERS/, bad);
});

void test('INSECURE_TLS accepts an untrusted certificate, and the report header and the certification say the run was weakened', async () => {
  const result = await preflightAlone(envFile('insecure', tlsUrl(), { INSECURE_TLS: 'true' }));
  assert.equal(result.status, 0, result.output);
  assert.match(result.output, /^preflight passed/m);
  assert.equal(allureEnvironmentInfo({ INSECURE_TLS: 'true' }).INSECURE_TLS, 'true');
  assert.equal(allureEnvironmentInfo({}).INSECURE_TLS, 'false');
  const report = syntheticReport([{ title: '[AUTH-001] t', outcome: 'passed' }]);
  const weakened = writeJson(path.join(work, 'weakened', 'results.json'), {
    ...report,
    config: { metadata: { ...report.config?.metadata, weakened: WEAKENED_RUN } },
  });
  const certification = writeCertification(weakened, path.join(work, 'weakened'));
  assert.equal(certification.weakened, WEAKENED_RUN);
  assert.match(renderMarkdown(certification), /\| Weakened run \| weakened run: INSECURE_TLS accepted/);
  assert.match(renderHtml(certification), /<tr id="weakened"><th scope="row">Weakened run<\/th>/);
  const plain = writeCertification(
    writeJson(path.join(work, 'plain', 'results.json'), report),
    path.join(work, 'plain'),
  );
  assert.equal(plain.weakened, undefined);
  assert.doesNotMatch(renderMarkdown(plain), /Weakened run/);
});
