/**
 * One exchange as evidence and as a curl reproduction (helpers/wire/exchange.ts): keys redacted, long bodies
 * cut, binary bodies described, and a command that a shell runs as the request that was sent.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { curlCommand, exchangeEvidence, redactHeaders, type Exchange } from '../helpers/wire/exchange';

const KEY = 'k3y-value-that-must-not-leak';

function exchange(overrides: Partial<Exchange> = {}): Exchange {
  return {
    request: {
      method: 'POST',
      url: 'http://target.test/api/v2/external/patents/sync',
      headers: { 'X-Api-Key': KEY, 'content-type': 'application/json' },
      body: '{"items":[]}',
    },
    status: 400,
    headers: { 'content-type': 'application/problem+json' },
    body: Buffer.from('{"code":"validation_failed"}'),
    durationMs: 12,
    ...overrides,
  };
}

void test('redactHeaders replaces the key header, in any case, and nothing else', () => {
  const headers = { 'X-API-KEY': KEY, 'x-api-key-hint': 'primary', accept: 'application/json' };
  assert.deepEqual(redactHeaders(headers), {
    'X-API-KEY': '$API_KEY',
    'x-api-key-hint': 'primary',
    accept: 'application/json',
  });
  assert.equal(headers['X-API-KEY'], KEY, 'the headers given are left as they were');
});

void test('evidence: the key redacted, bodies as text, retry and sharing only when they happened', () => {
  const evidence = exchangeEvidence(exchange()) as Record<string, unknown>;
  assert.doesNotMatch(JSON.stringify(evidence), new RegExp(KEY));
  assert.deepEqual(evidence, {
    request: {
      method: 'POST',
      url: 'http://target.test/api/v2/external/patents/sync',
      headers: { 'X-Api-Key': '$API_KEY', 'content-type': 'application/json' },
      body: '{"items":[]}',
    },
    response: {
      status: 400,
      headers: { 'content-type': 'application/problem+json' },
      body: '{"code":"validation_failed"}',
    },
    durationMs: 12,
  });
  const retried = exchangeEvidence(exchange({ retryAttempt: 2, shared: true })) as Record<string, unknown>;
  assert.equal(retried.retryAttempt, 2);
  assert.equal(retried.shared, true);
  const { request } = exchange();
  const withoutBody = exchangeEvidence(exchange({ request: { ...request, body: undefined } })) as {
    request: object;
  };
  assert.ok(!('body' in withoutBody.request));
});

void test('evidence cuts a body after 4000 characters and says how much was left out', () => {
  const cut = (text: string) =>
    (
      exchangeEvidence(
        exchange({ body: Buffer.from(text), headers: { 'content-type': 'application/json' } }),
      ) as {
        response: { body: string };
      }
    ).response.body;
  assert.equal(cut('x'.repeat(4000)), 'x'.repeat(4000));
  assert.equal(cut('x'.repeat(4001)), `${'x'.repeat(4000)}… [1 more characters]`);
  const { request } = exchange();
  const sent = exchangeEvidence(exchange({ request: { ...request, body: 'y'.repeat(4010) } })) as {
    request: { body: string };
  };
  assert.equal(sent.request.body, `${'y'.repeat(4000)}… [10 more characters]`);
});

void test('evidence describes a PDF or octet stream by its size instead of decoding it', () => {
  const pdf = Buffer.from('%PDF-1.7 \u00ff\u00fe binary');
  for (const type of ['application/pdf', 'application/octet-stream']) {
    const evidence = exchangeEvidence(
      exchange({ status: 200, body: pdf, headers: { 'content-type': type } }),
    ) as {
      response: { body: string };
    };
    assert.equal(evidence.response.body, `[${pdf.length} bytes of ${type}]`);
  }
});

/** The arguments a shell passes to curl when it runs the command (curl itself replaced by a recorder). */
function argumentsOf(command: string): string[] {
  assert.match(command, /^curl /);
  const record = `curl() { for a in "$@"; do printf '%s\\0' "$a"; done; }; ${command}`;
  const run = spawnSync('bash', ['-c', record], { encoding: 'utf8', env: { API_KEY: KEY, HOME: '/home/x' } });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout.split('\0').slice(0, -1);
}

void test('the curl command, run by a shell, sends the request as it was sent, the key from $API_KEY', () => {
  const body = `{"title":"it's \`quoted\` $HOME \\"x\\"\\nsecond line"}`;
  const command = curlCommand({
    method: 'PUT',
    url: "http://target.test/api/v2/external/patents?q=it's&x=$HOME",
    headers: { 'X-Api-Key': KEY, 'x-note': "it's $HOME `date`" },
    body,
  });
  assert.doesNotMatch(command, new RegExp(KEY), 'the key value is not in the command');
  assert.deepEqual(argumentsOf(command), [
    '-sS',
    '-i',
    '-X',
    'PUT',
    "http://target.test/api/v2/external/patents?q=it's&x=$HOME",
    '-H',
    `X-Api-Key: ${KEY}`,
    '-H',
    "x-note: it's $HOME `date`",
    '--data-binary',
    body,
  ]);
});

void test('the network options go before the request, and a request without body sends none', () => {
  const command = curlCommand({ method: 'GET', url: 'http://target.test/x', headers: {} }, [
    '--cacert',
    '"$TARGET_CA_FILE"',
  ]);
  assert.equal(command, `curl -sS -i --cacert "$TARGET_CA_FILE" -X GET 'http://target.test/x'`);
});
