/**
 * The preflight against real staging paths (tests/network-staging-support.ts): a hostname or IP the
 * certificate does not name, a client certificate missing or unusable, a proxy or gateway refusing each get
 * one plain message naming the setting to fix; a target addressed by IP passes without SNI; INSECURE_TLS is
 * accepted and the run is reported weakened. And the network settings themselves: proxies, EXTRA_HEADERS and
 * the tunnel's identity check. The runs of the suite's slice are tests/network.test.ts.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import tls from 'node:tls';
import {
  curlNetworkOptions,
  parseExtraHeaders,
  proxyFor,
  WEAKENED_RUN,
  withTargetIdentity,
} from '../helpers/run/network';
import { allureEnvironmentInfo } from '../helpers/run/report-config';
import { writeCertification } from '../scripts/certification/cli';
import { renderHtml } from '../scripts/certification/html';
import { renderMarkdown } from '../scripts/certification/markdown';
import {
  assertPlainFailure,
  certs,
  envFile,
  GATEWAY_TOKEN,
  ipCerts,
  ipGateway,
  ipUrl,
  LOOPBACK_NO_PROXY,
  mtlsUrl,
  otherIpCerts,
  otherIpGateway,
  otherIpUrl,
  preflightAlone,
  proxy,
  proxyUrl,
  refusingProxy,
  stagingUrl,
  startStaging,
  tlsGateway,
  tlsUrl,
  work,
} from './network-staging-support';
import { syntheticReport, writeJson } from './report-support';

startStaging();

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
