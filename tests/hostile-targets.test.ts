/**
 * Misbehaving targets give clear failures attributed to the target, never a crash or a hung run: small
 * local stubs answer with HTML error pages, truncated or invalid JSON, wrong content types, connection
 * resets, or nothing at all.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { request, type APIRequestContext } from '@playwright/test';
import { ApiClient, TargetError } from '../helpers/wire/api-client';
import { preflight, PreflightError } from '../helpers/setup/preflight';
import type { Target } from '../helpers/run/target';

type Behaviour = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const BEHAVIOURS: Record<string, Behaviour> = {
  'html-error-page': (_req, res) => {
    res.writeHead(502, { 'content-type': 'text/html' });
    res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
  },
  'truncated-json': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"pagination":{"totalItems":3,"currentPage"');
  },
  'invalid-json': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end("{'pagination': undefined}");
  },
  'wrong-content-type': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(
      JSON.stringify({
        pagination: { totalItems: 0, currentPage: 1, itemsPerPage: 10, totalPages: 0, hasMore: false },
        data: [],
      }),
    );
  },
  'connection-reset': (req) => {
    req.socket.destroy();
  },
  hanging: () => {
    // never answers
  },
};

const stubs = new Map<string, { url: string; server: http.Server }>();
let context: APIRequestContext;
const KEY = 'f'.repeat(64);

function targetFor(url: string, timeoutMs = 2_000): Target {
  return {
    baseUrl: url,
    embedded: false,
    keys: { all: KEY },
    allowWrites: false,
    allowInstructions: false,
    allowQuotaExhaustion: false,
    providerStatesUrl: undefined,
    requestTimeoutMs: timeoutMs,
    asyncTimeoutMs: 10_000,
    quotaFloor: 50,
    maxRetryAfterSeconds: 5,
  };
}

function client(name: string, timeoutMs = 5_000): ApiClient {
  return new ApiClient({ request: context, baseUrl: stubs.get(name)!.url, timeoutMs, record: () => {} }, KEY);
}

before(async () => {
  context = await request.newContext();
  for (const [name, behaviour] of Object.entries(BEHAVIOURS)) {
    const server = http.createServer(behaviour);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stubs.set(name, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server });
  }
});

after(async () => {
  await context.dispose();
  for (const { server } of stubs.values()) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

void describe('the client attributes target faults to the target', () => {
  void test('an HTML error page: the status is kept and reading JSON names the content type', async () => {
    const response = await client('html-error-page').call('listPatents');
    assert.equal(response.status, 502);
    assert.throws(
      () => response.json(),
      (e: Error) => e instanceof TargetError && /not JSON/.test(e.message) && /text\/html/.test(e.message),
    );
  });

  for (const name of ['truncated-json', 'invalid-json']) {
    void test(`${name}: a TargetError saying the body is not JSON`, async () => {
      await assert.rejects(
        client(name).call('listPatents'),
        (e: Error) => e instanceof TargetError && /not JSON/.test(e.message),
      );
    });
  }

  void test('a wrong content type fails the schema check, naming the content type', async () => {
    await assert.rejects(client('wrong-content-type').call('listPatents'), (e: Error) =>
      /content type text\/plain/.test(e.message),
    );
  });

  void test('a connection reset: a TargetError naming the request', async () => {
    await assert.rejects(
      client('connection-reset').call('listPatents'),
      (e: Error) =>
        e instanceof TargetError && /did not answer GET .*\/api\/v2\/external\/patents/.test(e.message),
    );
  });

  void test('a hanging target: a TargetError after the request timeout, not a hung run', async () => {
    const started = performance.now();
    await assert.rejects(
      client('hanging', 300).call('listPatents'),
      (e: Error) => e instanceof TargetError && /within 300 ms/.test(e.message),
    );
    assert.ok(performance.now() - started < 3_000);
  });

  void test('a request to another origin is refused', async () => {
    await assert.rejects(client('hanging').send({ method: 'GET', path: '@example.org/' }), (e: Error) =>
      /only the target/.test(e.message),
    );
  });
});

void describe('the preflight stops the run with one clear message', () => {
  for (const [name, pattern] of [
    [
      'html-error-page',
      /does not answer the contract under \/api\/v2\/external\/: GET .* gave 502 \(text\/html\)/,
    ],
    ['truncated-json', /does not answer the contract/],
    ['wrong-content-type', /does not answer the contract|not reachable/],
    ['connection-reset', /not reachable/],
    ['hanging', /not reachable/],
  ] as const) {
    void test(`${name}: ${String(pattern)}`, async () => {
      await assert.rejects(
        preflight(targetFor(stubs.get(name)!.url)),
        (e: Error) => e instanceof PreflightError && pattern.test(e.message),
      );
    });
  }

  void test('a closed port: not reachable', async () => {
    await assert.rejects(
      preflight(targetFor('http://127.0.0.1:9')),
      (e: Error) => e instanceof PreflightError && /not reachable/.test(e.message),
    );
  });
});

void describe('a whole run against a misbehaving target ends, with the cause named', () => {
  const cli = path.join(__dirname, '..', 'node_modules', '@playwright', 'test', 'cli.js');
  // The stubs live in this process: the run must be spawned asynchronously so that they can answer.
  const run = (name: string, extraEnv: Record<string, string>) =>
    new Promise<{ status: number | null; signal: string | null; output: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        // Two failures are enough to show how the run ends: each failed test costs a new worker, whose start
        // takes longer on a loaded machine, and the kill below must catch a hang, not a slow machine.
        [cli, 'test', 'specs/auth.spec.ts', '--reporter=line', '--workers=1', '--max-failures=2'],
        {
          cwd: path.join(__dirname, '..'),
          timeout: 120_000,
          env: {
            ...process.env,
            BASE_URL: stubs.get(name)!.url,
            API_KEY: KEY,
            REQUEST_TIMEOUT_MS: '300',
            REPORTS_DIR: path.join(os.tmpdir(), `hostile-${process.pid}`),
            ...extraEnv,
          },
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('close', (status, signal) => resolve({ status, signal, output }));
    });

  void test('with the preflight: exit 2 and one plain message, no stack frames, no test run', async () => {
    const result = await run('html-error-page', {});
    assert.equal(result.status, 2, result.output);
    assert.match(
      result.output,
      /preflight: the target cannot be judged, no test ran\.\n {2}.*does not answer the contract/,
    );
    assert.match(result.output, /setting to fix: BASE_URL/);
    assert.doesNotMatch(result.output, /^\s+at .+[(:]\d+/m);
    assert.doesNotMatch(result.output, /passed|failed/);
  });

  void test('without the preflight, a hanging target: the tests fail on the timeout and the run ends', async () => {
    const result = await run('hanging', { PREFLIGHT: 'false' });
    assert.equal(result.signal, null, `the run was killed: it hung\n${result.output.slice(-2000)}`);
    assert.notEqual(result.status, 0);
    assert.match(result.output, /TargetError: the target did not answer GET/);
  });
});
