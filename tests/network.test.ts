/**
 * Staging as it really is (issue 17), proven against real servers: the reference behind an HTTPS gateway
 * whose certificate comes from a CA generated for the test, behind one that requires a client certificate,
 * behind a CONNECT proxy with credentials (HTTPS_PROXY, as CI runners set it) in front of a gateway that
 * wants a header of its own, and through TARGET_PROXY to a target addressed by IP. A slice of the suite
 * passes through each with the settings; without TARGET_CA_FILE the preflight says so and nothing runs. The
 * proxy's log shows that the suite's requests (preflight included) went through it, only the target's origin
 * is contacted, and no setting's secret value appears in any artifact. The preflight's other refusals and the
 * network settings are tests/network-preflight.test.ts.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { networkSecretValues } from '../helpers/run/network';
import { reportPaths } from '../helpers/run/report-config';
import { writeCertification } from '../scripts/certification/cli';
import { buildAllureReport } from '../scripts/report';
import { readRunResults, type RunResults } from '../scripts/run-results';
import {
  assertPlainFailure,
  CANNOT_JUDGE,
  certs,
  cleanEnv,
  envFile,
  GATEWAY_TOKEN,
  ipCerts,
  ipGateway,
  ipUrl,
  keys,
  LOOPBACK_NO_PROXY,
  mtlsGateway,
  mtlsUrl,
  PASSPHRASE,
  preflightAlone,
  proxy,
  PROXY_PASSWORD,
  PROXY_USER,
  proxyUrl,
  run,
  STAGING_HOST,
  stagingUrl,
  startStaging,
  tlsGateway,
  tlsUrl,
  tokenGateway,
  work,
} from './network-staging-support';
import { readEverything, ROOT, secretNeedles } from './report-support';

startStaging();

const abs = (p: string) => JSON.stringify(path.join(ROOT, p));
/** The slice of the suite run through each path: every auth test (keys sent and omitted) and the echo of a test's own X-Request-Id. */
const SLICE = { specs: ['auth.spec.ts', 'correlation.spec.ts'], grep: '@auth|CORR-003' };

/** Every reports folder of a run, and the secret values its settings held. */
const artifacts: { dir: string; secrets: string[] }[] = [];

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

/** The reproduce.sh files of the run through TARGET_PROXY to the target addressed by IP (replayed below). */
let ipProxyReproduce: string[] = [];

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
