/**
 * No key value in any report. Runs the authentication and scope specs (every key role) plus a
 * deliberately failing spec (requests with every key role, then failures, so failure evidence is
 * attached), with every reporter on (Allure, JSON, JUnit, blob) into a temporary folder and a gateway header
 * (EXTRA_HEADERS) sent with every request; builds the Allure HTML and the certification report there; then
 * searches every produced file, zip entries included, for every key value and every secret value of the
 * network settings, as is and base64-encoded. The runs through real TLS, mTLS and proxy paths, with a client
 * key, a passphrase and proxy credentials, are scanned the same way in tests/network.test.ts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { after, before, test } from 'node:test';
import { networkSecretValues } from '../helpers/run/network';
import { KEY_SETTINGS, SETTINGS } from '../helpers/run/settings';
import { reportPaths } from '../helpers/run/report-config';
import { createReferenceServer } from '../reference/server';
import { writeCertification } from '../scripts/certification/cli';
import { buildAllureReport } from '../scripts/report';
import { readRunResults, type RunResults } from '../scripts/run-results';
import {
  existingSpecs,
  filesUnder,
  readEverything,
  ROOT,
  runPlaywright,
  secretNeedles,
  tempDir,
} from './report-support';

const work = tempDir('secrets');
const reportsDir = path.join(work, 'reports');
const specDir = path.join(work, 'deliberate');
const probeFile = path.join(work, 'keys-used.json');
const paths = reportPaths({ REPORTS_DIR: reportsDir });
const abs = (p: string) => JSON.stringify(path.join(ROOT, p));

let run: RunResults;
let keys: string[];
/** A gateway header sent with every request of the run (the embedded reference ignores it). */
const NETWORK_ENV = { EXTRA_HEADERS: 'X-Gateway-Token: gw-secret-3b9f61c2' };

const DELIBERATE_SPEC = `
import fs from 'node:fs';
import { expect, test, titled } from ${abs('helpers/spec/fixtures')};
import { KEY_SETTINGS } from ${abs('helpers/run/settings')};

test(...titled('[AUTH-001] deliberately fails after requests with every key role'), async ({ as, anonymous, target }) => {
  fs.writeFileSync(process.env.SECRETS_PROBE_FILE!, JSON.stringify(target.keys));
  for (const { role } of KEY_SETTINGS) await as(role).call('listPatents', { query: { itemsPerPage: 1 } });
  await anonymous.call('listPatents');
  const response = await as('otherTenant').call('listPatents', { query: { itemsPerPage: 1 } });
  expect(response, 'deliberate failure').toHaveStatus(599);
});

test(...titled('[AUTH-004] deliberately throws after requests with several keys'), async ({ as }) => {
  await as('patentsRead').call('listPatents', { query: { itemsPerPage: 1 } });
  await as('expired').call('listPatents', { query: { itemsPerPage: 1 } });
  await as('all').send({ method: 'POST', path: '/api/v2/external/patents', body: '{"not": "json"' });
  throw new Error('deliberate exception in the test body');
});

test(...titled('[AUTH-007] deliberately skipped'), async () => {
  test.skip(true, 'deliberate: precondition missing');
});
`;

const CONFIG = (specs: string[]) => `
import base from ${abs('playwright.config')};
export default {
  ...base,
  testDir: ${JSON.stringify(specDir)},
  globalSetup: [${abs('helpers/setup/reports-setup.ts')}, ${abs('helpers/setup/global-setup.ts')}],
  projects: [
    { name: 'suite', testDir: ${abs('specs')}, testMatch: ${JSON.stringify(specs.map((s) => path.basename(s)))} },
    { name: 'deliberate', testDir: ${JSON.stringify(specDir)}, testMatch: 'deliberate.spec.ts' },
  ],
};
`;

before(
  () => {
    const specs = existingSpecs(['auth', 'scopes']);
    assert.ok(specs.length > 0, 'no spec exercising the key roles exists yet');
    fs.mkdirSync(specDir, { recursive: true });
    fs.writeFileSync(path.join(specDir, 'deliberate.spec.ts'), DELIBERATE_SPEC);
    fs.writeFileSync(path.join(specDir, 'playwright.config.ts'), CONFIG(specs));
    const config = path.join(specDir, 'playwright.config.ts');
    const outcome = runPlaywright(reportsDir, ['--config', config, '--workers', '4'], {
      BLOB_REPORT: 'true',
      SECRETS_PROBE_FILE: probeFile,
      ...NETWORK_ENV,
    });
    assert.ok(
      fs.existsSync(paths.resultsJson),
      `the run wrote no results:\n${outcome.stdout}\n${outcome.stderr}`,
    );
    run = readRunResults(paths.resultsJson);
    assert.equal(buildAllureReport(paths), true);
    writeCertification(paths.resultsJson, reportsDir);
    const used = JSON.parse(fs.readFileSync(probeFile, 'utf8')) as Record<string, string>;
    keys = [...new Set([...Object.values(used), ...Object.values(createReferenceServer().keys)])];
    keys.push(...networkSecretValues(NETWORK_ENV));
  },
  { timeout: 240_000 },
);

after(() => fs.rmSync(work, { recursive: true, force: true }));

void test('the run exercised every key role and produced failure evidence with every reporter', () => {
  assert.deepEqual(run.errors, []);
  const deliberate = run.tests.filter((t) => t.project === 'deliberate');
  assert.deepEqual(
    deliberate.map((t) => t.outcome),
    ['failed', 'failed', 'skipped'],
  );
  assert.equal(deliberate[0]?.failureKind, 'contract violation');
  assert.equal(deliberate[1]?.failureKind, 'suite error');
  assert.equal(deliberate[2]?.skipReason, 'deliberate: precondition missing');
  assert.ok(keys.length >= 12, 'one key per role, and the gateway header value');
  const produced = [...filesUnder(reportsDir)].map((f) => path.relative(reportsDir, f));
  // No error-context.md any more: Playwright's browser fixtures wrote it, and the suite's test type has none.
  for (const expected of [
    /^results\.json$/,
    /^junit\.xml$/,
    /^blob-report\/.+\.zip$/,
    /^allure-results\/.+-result\.json$/,
    /^allure-results\/.+-attachment\.json$/,
    /^allure-report\/index\.html$/,
    /^certification\.(json|md|html)$/,
  ]) {
    assert.ok(
      produced.some((f) => expected.test(f)),
      `no file matches ${expected}:\n${produced.join('\n')}`,
    );
  }
});

void test('the failure attachments show the key as $API_KEY', () => {
  interface Attachment {
    name: string;
    body?: string;
  }
  const attachments: Attachment[] = [];
  const visit = (suite: {
    specs?: { tests: { results: { attachments: Attachment[] }[] }[] }[];
    suites?: [];
  }) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests) for (const r of t.results) attachments.push(...r.attachments);
    for (const child of suite.suites ?? []) visit(child);
  };
  (JSON.parse(fs.readFileSync(paths.resultsJson, 'utf8')) as { suites: [] }).suites.forEach(visit);
  const bodies = (name: string) =>
    attachments
      .filter((a) => a.name === name && a.body)
      .map((a) => Buffer.from(a.body!, 'base64').toString());
  const exchanges = bodies('http-exchanges.json');
  assert.equal(exchanges.length, 2, 'one per deliberate failure');
  for (const text of exchanges) assert.match(text, /"x-api-key": "\$API_KEY"/);
  assert.match(
    exchanges[0]!,
    new RegExp(`("x-api-key": "\\$API_KEY"[\\s\\S]*){12}`),
    'every key role redacted',
  );
  const reproduce = bodies('reproduce.sh');
  assert.equal(reproduce.length, 2);
  for (const text of reproduce) assert.match(text, /"x-api-key: \$API_KEY"/);
  for (const text of reproduce)
    assert.match(text, /-H "X-Gateway-Token: \$EXTRA_HEADER_X_GATEWAY_TOKEN"/, 'the gateway header by name');
  const allureAttachments = [...filesUnder(paths.allureResults)]
    .filter((f) => f.endsWith('-attachment.json'))
    .map((f) => fs.readFileSync(f, 'utf8'));
  assert.ok(
    allureAttachments.some((text) => text.includes('"x-api-key": "$API_KEY"')),
    'Allure has the evidence',
  );
});

void test('no produced file contains any key value, as is or base64-encoded', () => {
  const files = readEverything(reportsDir);
  assert.ok(
    files.some((f) => f.name.includes('.zip!/')),
    'the blob archive was opened',
  );
  const leaks: string[] = [];
  for (const key of keys) {
    const needles = secretNeedles(key);
    for (const file of files) {
      const text = file.data.toString('latin1');
      if (needles.some((n) => text.includes(n))) leaks.push(`${path.relative(reportsDir, file.name)}`);
    }
  }
  assert.deepEqual([...new Set(leaks)], []);
});

void test('the search finds a key planted as is or base64-encoded (the check can fail)', () => {
  const key = keys[0]!;
  for (const planted of [
    `header: ${key}\n`,
    Buffer.from(`{"x-api-key":"${key}"}`).toString('base64'),
    Buffer.from(`ab{"x-api-key":"${key}"}`).toString('base64'),
    Buffer.from(`a{"x-api-key":"${key}"}`).toString('base64'),
  ]) {
    assert.ok(
      secretNeedles(key).some((n) => planted.includes(n)),
      `not found in ${planted}`,
    );
  }
});

/** Every declared setting, by what its value is: a secret the scan must look for, or not. */
const SECRET_SETTINGS: Record<string, string> = {
  CLIENT_KEY_FILE: 'the lines of the key in the file it names',
  CLIENT_PFX_FILE: 'the start of the archive it names',
  CLIENT_CERT_PASSPHRASE: 'the passphrase',
  TARGET_PROXY: 'the credentials in the proxy URL',
  HTTPS_PROXY: 'the credentials in the proxy URL (also of https_proxy)',
  HTTP_PROXY: 'the credentials in the proxy URL (also of http_proxy)',
  EXTRA_HEADERS: 'every header value',
};
const PLAIN_SETTINGS = [
  'BASE_URL',
  'TARGET_CA_FILE',
  'CLIENT_CERT_FILE',
  'INSECURE_TLS',
  'ALLOW_WRITES',
  'ALLOW_INSTRUCTIONS',
  'ALLOW_QUOTA_EXHAUSTION',
  'PROVIDER_STATES_URL',
  'REQUEST_TIMEOUT_MS',
  'ASYNC_TIMEOUT_MS',
  'FC_SEED',
  'FC_RUNS',
  'TARGET_TIME_ZONE',
  'QUOTA_FLOOR',
  'RETRY_AFTER_MAX_SECONDS',
  'WORKERS',
  'MAX_IN_FLIGHT',
  'FACT_LEDGER',
  'PREFLIGHT',
  'ENV_FILE',
  'REPORTS_DIR',
  'CONFORMANCE_REPORTERS',
  'CONFORMANCE_RUN_ID',
  'SHARD',
  'BLOB_REPORT',
  'CI',
  'REFERENCE_FAULT',
  'REFERENCE_TODAY',
  'REFERENCE_TIME_ZONE',
  'REFERENCE_VARIANT',
  'REFERENCE_SEED_PROFILE',
  'NO_PROXY',
  'NODE_EXTRA_CA_CERTS',
  'NODE_PATH',
  'NODE_OPTIONS',
  'COMPILE_CACHE',
];

void test('every declared setting is either a key, a secret the scan looks for, or plain', () => {
  const keysSettings = KEY_SETTINGS.map((k) => k.env);
  const unclassified = SETTINGS.map((s) => s.env).filter(
    (name) => !keysSettings.includes(name) && !(name in SECRET_SETTINGS) && !PLAIN_SETTINGS.includes(name),
  );
  assert.deepEqual(unclassified, [], 'a new setting must say whether its value is secret');
});

void test('the scan looks for the secret value of every network setting', () => {
  const dir = path.join(work, 'network-secrets');
  fs.mkdirSync(dir, { recursive: true });
  const keyFile = path.join(dir, 'client.key');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  fs.writeFileSync(keyFile, pem);
  const pfxFile = path.join(dir, 'client.pfx');
  const pfx = Buffer.from(Array.from({ length: 96 }, (_, i) => (i * 37) % 256));
  fs.writeFileSync(pfxFile, pfx);
  const env = {
    CLIENT_KEY_FILE: keyFile,
    CLIENT_PFX_FILE: pfxFile,
    CLIENT_CERT_PASSPHRASE: 'pass-phrase-1',
    TARGET_PROXY: 'http://tuser:tpass%40w@proxy:3128',
    HTTPS_PROXY: 'http://huser:hpass@proxy:3128',
    HTTP_PROXY: 'http://uuser:upass@proxy:3128',
    http_proxy: 'http://luser:lpass@proxy:3128',
    EXTRA_HEADERS: '{"X-Gateway-Token": "gw-value", "X-Waf": "waf-value"}',
  };
  const values = networkSecretValues(env);
  const keyLine = pem.split('\n')[1]!;
  for (const expected of [
    keyLine,
    pfx.subarray(0, 48).toString('base64'),
    'pass-phrase-1',
    'tuser',
    'tpass@w',
    'huser',
    'hpass',
    'luser',
    'lpass',
    'gw-value',
    'waf-value',
  ])
    assert.ok(values.includes(expected), `${expected} is not searched for`);
  for (const name of Object.keys(SECRET_SETTINGS))
    assert.ok(networkSecretValues({ [name]: env[name as keyof typeof env] }).length > 0, name);
});
