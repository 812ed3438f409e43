/**
 * A run against an independently started reference, configured only through a dotenv file, in the
 * default read-only profile: it works, stays within its request budget, contacts only the target, and writes
 * nothing (the reference's own state is unchanged afterwards).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { createReferenceServer } from '../reference/server';
import { KEY_SETTINGS } from '../helpers/run/settings';

const ROOT = path.join(__dirname, '..');

/**
 * Requests a full read-only run may make against the embedded data set, preflight and discovery included:
 * under 400 (issue #8) until the generated combinations of query parameters (specs/combinations.spec.ts, 34
 * reads: each by-period filter with each other, with the window and with dueMonth; providerId with each sort;
 * the invoice windows together and sorted) and the patent list read with a month's freeze (FRZ-010), now under
 * 460. Measured: 394 with 2 workers (2026-11-24), 386 with 4 before (discovery and shared answers are read
 * once per run, helpers/data/shared-sweeps.ts, so the count barely depends on the number of workers); 445 on
 * 2026-12-08 with the combinations.
 */
const READ_ONLY_BUDGET = 460;

/**
 * Round trips in line of the same run, summed over its tests (helpers/run/round-trips.ts): what a target one
 * round trip away costs the workers. Measured: 327 here and through a 100 ms forwarder with 8 workers (2026-11-27,
 * f909316), 283 with 9 once more independent reads went together (2026-11-27); a test that stops sending together
 * what depends on nothing of each other shows here.
 */
const READ_ONLY_IN_LINE_BUDGET = 300;

/** A digest of everything the reference stores except the quota counters (reads do count). */
function stateDigest(store: object): string {
  const replacer = (_key: string, value: unknown) => (value instanceof Map ? [...value.entries()] : value);
  const { quotaUsage: _quota, ...rest } = store as Record<string, unknown>;
  return createHash('sha256').update(JSON.stringify(rest, replacer)).digest('hex');
}

void test('a read-only run configured by a dotenv file: within the request budget, target only, nothing written', async (t) => {
  const server = createReferenceServer();
  const { url, close } = await server.listen(0, '127.0.0.1');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'target-profile-'));
  try {
    const before = stateDigest(server.state.store);
    const envFile = path.join(dir, 'staging.env');
    const lines = [`BASE_URL=${url}`, ...KEY_SETTINGS.map((k) => `${k.env}=${server.keys[k.role]}`)];
    fs.writeFileSync(envFile, `${lines.join('\n')}\n`);
    // Only the file configures the run: no target variable is inherited from this process.
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) =>
          !/^(BASE_URL|API_KEY|ALLOW_|PROVIDER_STATES_URL|EMBEDDED_REFERENCE|CONFORMANCE_RUN_ID)/.test(name),
      ),
    );
    const result = await new Promise<{ status: number | null; output: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        [path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '--reporter=dot'],
        {
          cwd: ROOT,
          env: { ...inherited, ENV_FILE: envFile, REPORTS_DIR: dir },
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('close', (status) => resolve({ status, output }));
    });
    assert.equal(result.status, 0, `the run failed:\n${result.output.slice(-4000)}`);
    const requests = JSON.parse(fs.readFileSync(path.join(dir, 'requests.json'), 'utf8')) as {
      total: number;
      origins: string[];
      preflight: number;
      byArea: Record<string, number>;
      roundTripsInLine: number;
    };
    t.diagnostic(
      `read-only run: ${requests.total} requests, ${requests.roundTripsInLine} round trips in line (preflight ${requests.preflight}, ${Object.entries(
        requests.byArea,
      )
        .sort(([, a], [, b]) => b - a)
        .map(([area, n]) => `${area} ${n}`)
        .join(', ')})`,
    );
    assert.ok(
      requests.total > 0 && requests.total < READ_ONLY_BUDGET,
      `the read-only run made ${requests.total} requests (budget ${READ_ONLY_BUDGET})`,
    );
    assert.ok(
      requests.roundTripsInLine > 0 && requests.roundTripsInLine <= READ_ONLY_IN_LINE_BUDGET,
      `the read-only run's tests had ${requests.roundTripsInLine} round trips in line (budget ${READ_ONLY_IN_LINE_BUDGET})`,
    );
    assert.deepEqual(requests.origins, [new URL(url).origin]);
    assert.equal(stateDigest(server.state.store), before, 'the read-only run changed the reference state');
  } finally {
    await close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
