/**
 * A target that resets one connection judged nothing on it. A run goes through a forwarding proxy that drops
 * two connections of instruction POSTs before any byte of their answers: the first before passing the request
 * on (it never ran: its events, read back, carry no decision, so the client sends it again and its test
 * passes), the second once the target had executed it (its events show the decision: it is not sent again).
 * Only the second one's test could not judge, and every report says so: the certification shows its
 * requirements as not verified ("could not judge") and certifies nothing as failed, the gate says NOT JUDGED,
 * Allure files the test under "Could not judge", and the command exits 2 (the run could not judge the
 * target), never 1. Every other test passes.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { KEY_SETTINGS } from '../helpers/run/settings';
import { endToEndHeaders } from '../scripts/hop-by-hop';
import { PROVIDER_STATES_PATH } from '../schemas/provider-states';
import { createReferenceServer, type ListeningServer } from '../reference/server';
import { cleanEnv, ROOT, tempDir } from './report-support';

const reference = createReferenceServer({ timeZone: 'Asia/Kolkata' });
let listening: ListeningServer | undefined;
let proxy: http.Server | undefined;
let proxyUrl = '';
/** The instruction dropped before it reached the target, and the one dropped after it ran (their bodies). */
let droppedUnread: string | undefined;
let droppedAfterRun: string | undefined;
let replayed = 0;

/** Whether an instruction POST's body names an event the reference holds (the preflight's probe names none). */
function instructsKnownEvent(body: Buffer): boolean {
  try {
    const { instructions } = JSON.parse(body.toString('utf8')) as { instructions?: { eventId?: string }[] };
    return (instructions ?? []).some((i) => reference.state.store.events.has(String(i.eventId)));
  } catch {
    return false;
  }
}

/**
 * Forwards every request to the reference, but destroys the connection of the first instruction of a known
 * event before passing it on, and that of the first other one the reference executed (201) before answering.
 */
function forwarding(target: URL): http.Server {
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const text = body.toString('utf8');
      const instructs = req.method === 'POST' && req.url?.endsWith('/patent-instructions');
      if (instructs && text === droppedUnread) replayed += 1;
      if (droppedUnread === undefined && instructs && instructsKnownEvent(body)) {
        droppedUnread = text;
        req.socket.destroy();
        return;
      }
      const upstream = http.request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          const drop =
            instructs && droppedAfterRun === undefined && text !== droppedUnread && answer.statusCode === 201;
          if (drop) {
            droppedAfterRun = text;
            answer.resume();
            req.socket.destroy();
            return;
          }
          res.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.headers));
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(body);
    });
  });
}

before(async () => {
  listening = await reference.listen(0, '127.0.0.1');
  proxy = forwarding(new URL(listening.url));
  await new Promise<void>((resolve) => proxy!.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

after(async () => {
  proxy?.closeAllConnections();
  proxy?.close();
  await listening?.close();
});

void test('a reset connection fails no requirement in any report: the test whose request may have run could not judge, no other', async () => {
  const dir = tempDir('reset');
  const keys = Object.fromEntries(KEY_SETTINGS.map(({ role, env }) => [env, reference.keys[role]]));
  const env = cleanEnv({
    ...keys,
    BASE_URL: proxyUrl,
    ALLOW_WRITES: 'true',
    ALLOW_INSTRUCTIONS: 'true',
    PROVIDER_STATES_URL: `${proxyUrl}${PROVIDER_STATES_PATH}`,
    TARGET_TIME_ZONE: 'Asia/Kolkata',
    REPORTS_DIR: dir,
  });
  // The stubs live in this process: the command runs in a child that this process must keep answering.
  const run = await new Promise<{ status: number | null; output: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'bin', 'conformance.cjs'), 'run', '--', 'specs/instructions.spec.ts', '--workers=1'],
      { cwd: ROOT, env },
    );
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('close', (status) => resolve({ status, output }));
  });
  try {
    assert.ok(droppedUnread, `the proxy dropped an instruction POST before the target:\n${run.output}`);
    assert.ok(droppedAfterRun, `the proxy dropped an instruction POST the target ran:\n${run.output}`);
    assert.equal(replayed, 1, 'the instruction that never reached the target was sent again, once');
    assert.equal(run.status, 2, `the command: the run could not judge the target\n${run.output}`);
    const certification = JSON.parse(fs.readFileSync(path.join(dir, 'certification.json'), 'utf8')) as {
      overall: string;
      mustFailed: string[];
      requirements: {
        id: string;
        verdict: string;
        reason?: string;
        tests: { title: string; outcome: string; failureKind?: string }[];
      }[];
    };
    const tests = certification.requirements.flatMap((r) => r.tests);
    const notPassed = new Set(tests.filter((t) => t.outcome !== 'passed').map((t) => t.title));
    const unjudgedTests = new Set(
      tests.filter((t) => t.failureKind === 'infrastructure error').map((t) => t.title),
    );
    assert.equal(unjudgedTests.size, 1, [...unjudgedTests].join('\n'));
    assert.deepEqual([...notPassed], [...unjudgedTests], 'every other test passed');
    assert.deepEqual(certification.mustFailed, [], 'no requirement failed');
    assert.notEqual(certification.overall, 'not conformant');
    const unjudged = certification.requirements.filter((r) =>
      r.tests.some((t) => t.failureKind === 'infrastructure error'),
    );
    assert.ok(unjudged.length > 0, `the dropped test is in the certification:\n${run.output}`);
    for (const r of unjudged) {
      assert.equal(r.verdict, 'not tested', r.id);
      assert.match(r.reason ?? '', /could not judge: the target did not answer/, r.id);
    }
    const gate = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'conformance.cjs'), 'gate'], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
    });
    assert.equal(gate.status, 2, gate.stdout + gate.stderr);
    assert.match(gate.stdout, /COULD NOT JUDGE/);
    assert.match(gate.stdout, /gate: NOT JUDGED \(the target did not answer\)/);
    const junit = fs.readFileSync(path.join(dir, 'junit.xml'), 'utf8');
    assert.match(junit, /the target did not answer POST/);
    // A CI server reading the JUnit file shows it as could not judge (an error), never as a failed test.
    assert.match(junit, /<error [^>]*>[\s\S]*?the target did not answer POST/);
    assert.doesNotMatch(junit, /<failure [^>]*>[\s\S]*?the target did not answer POST[\s\S]*?<\/failure>/);
    const categories = JSON.parse(
      fs.readFileSync(path.join(dir, 'allure-results', 'categories.json'), 'utf8'),
    ) as { name: string }[];
    assert.equal(categories[0]?.name, 'Could not judge: the target did not answer');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
