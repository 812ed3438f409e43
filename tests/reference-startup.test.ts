/**
 * Reference server: start-up time, the `npm run reference` entry point, determinism of the seed.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';

void test('a server is created, listening and answering in well under a second', async (t) => {
  const importStart = performance.now();
  const { createReferenceServer } = await import('../reference/server');
  const { loadOpenApi } = await import('../schemas/ajv');
  const parseStart = performance.now();
  // The document is a static asset parsed once per process (the suite parses it too); its parse is reported,
  // not counted: on a busy machine it dominates and would make the measure flaky.
  loadOpenApi();
  const start = performance.now();
  // CPU time of the process rather than wall time, for the same reason.
  const cpuStart = process.cpuUsage();
  const server = createReferenceServer();
  const listening = await server.listen(0);
  const response = await fetch(`${listening.url}/api/v2/external/patents`, {
    headers: { 'x-api-key': server.keys.all },
  });
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const elapsed = performance.now() - start;
  await listening.close();
  t.diagnostic(
    `module load ${(parseStart - importStart).toFixed(0)} ms; document parse ${(start - parseStart).toFixed(0)} ms; ` +
      `start-up (validators, seed, app, listen, first answer) ${elapsed.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU`,
  );
  assert.equal(response.status, 200);
  assert.ok(cpuMs < 1000, `start-up took ${cpuMs.toFixed(0)} ms of CPU`);
});

void test('a second server in the same process starts in a few tens of milliseconds', async () => {
  const { createReferenceServer } = await import('../reference/server');
  createReferenceServer();
  const start = process.cpuUsage();
  createReferenceServer();
  const cpu = process.cpuUsage(start);
  const elapsed = (cpu.user + cpu.system) / 1000;
  assert.ok(elapsed < 250, `took ${elapsed.toFixed(0)} ms of CPU`);
});

void test('the same seed and clock give the same keys, ids and data', async () => {
  const { createReferenceServer } = await import('../reference/server');
  const a = createReferenceServer({ now: '2026-03-15T09:00:00Z', seed: 7 });
  const b = createReferenceServer({ now: '2026-03-15T09:00:00Z', seed: 7 });
  const c = createReferenceServer({ now: '2026-03-15T09:00:00Z', seed: 8 });
  assert.deepEqual(a.keys, b.keys);
  assert.notEqual(a.keys.all, c.keys.all);
  for (const key of Object.values(a.keys)) assert.match(key, /^[0-9a-f]{64}$/);
  assert.deepEqual([...a.state.store.patents.keys()], [...b.state.store.patents.keys()]);
  assert.deepEqual([...a.state.store.events.values()], [...b.state.store.events.values()]);
  // Only hashes are stored.
  const stored = [...a.state.store.keysByHash.keys()];
  for (const key of Object.values(a.keys)) assert.ok(!stored.includes(key));
});

void test('npm run reference prints the URL and the keys by env var, and stops on SIGTERM', async () => {
  const { KEY_ENV_VARS } = await import('../reference/keys');
  const root = path.join(__dirname, '..');
  // The test freezes the clock itself: a today pinned for the whole run (REFERENCE_TODAY) is not this reference's.
  const { REFERENCE_TODAY: _runToday, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'reference/main.ts'], {
    cwd: root,
    env: { ...inherited, PORT: '0', REFERENCE_NOW: '2026-03-15T09:00:00Z', REFERENCE_SEED: '99' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no output in time: ${output}`)), 8000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(KEY_ENV_VARS.noFreeze)) {
        clearTimeout(timer);
        resolve();
      }
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${output}${errors}`)));
  });
  const lines = Object.fromEntries(
    output
      .split('\n')
      .filter((l) => l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
  assert.match(lines.BASE_URL ?? '', /^http:\/\/127\.0\.0\.1:\d+$/);
  for (const name of Object.values(KEY_ENV_VARS)) assert.match(lines[name] ?? '', /^[0-9a-f]{64}$/, name);
  const response = await fetch(`${lines.BASE_URL}/api/v2/external/patents`, {
    headers: { 'x-api-key': lines.API_KEY ?? '' },
  });
  assert.equal(response.status, 200);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  assert.equal(await exited, 0);
});

void test('fault and variant are kept on the behaviour, reachable from request work', async () => {
  const { createReferenceServer } = await import('../reference/server');
  const { currentBehaviour } = await import('../reference/behaviour');
  // Names from the catalogues: an unknown name is refused at start (tests/faults.test.ts).
  const faulty = createReferenceServer({ fault: 'default-page-size-20', variant: 'json-charset-utf8' });
  const clean = createReferenceServer();
  assert.deepEqual(
    { ...faulty.behaviour },
    { fault: 'default-page-size-20', variants: ['json-charset-utf8'] },
  );
  assert.equal(faulty.state.context.behaviour, faulty.behaviour);
  const seen: (string | undefined)[] = [];
  for (const server of [faulty, clean]) {
    server.app.use('/probe', async (_c, next) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      seen.push(currentBehaviour().fault);
      await next();
    });
  }
  await Promise.all([faulty.app.request('/probe'), clean.app.request('/probe')]);
  assert.deepEqual(seen.sort(), ['default-page-size-20', undefined].sort());
  assert.equal(currentBehaviour().fault, undefined);
});
