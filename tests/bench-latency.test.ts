/**
 * The latency bench's analysis (scripts/bench-latency.ts): the critical path is the longest chain of requests
 * each sent after the previous one's answer; requests in flight are shares of the run's time. Its forwarder
 * closes idle connections as servers do, when told to (the keep-alive runs).
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { inFlight, startForwarder } from '../scripts/bench-latency';
import { chainInLine } from '../helpers/run/round-trips';
import { endToEndHeaders } from '../scripts/hop-by-hop';

void test('the critical path chains requests sent after the previous answer, concurrent ones side by side', () => {
  const trace = [
    { start: 0, end: 100, route: 'GET /a' },
    { start: 0, end: 100, route: 'GET /b' },
    { start: 100, end: 200, route: 'GET /c' },
    { start: 150, end: 250, route: 'GET /d' },
    { start: 250, end: 350, route: 'GET /e' },
  ];
  // Three round trips in line (b, then d once b answered, then e once d answered); a and c ran beside them.
  assert.deepEqual(
    chainInLine(trace).map((r) => r.route),
    ['GET /b', 'GET /d', 'GET /e'],
  );
  assert.equal(chainInLine(trace).length, 3);
  assert.equal(chainInLine([]).length, 0);
});

void test('the share of time with n requests in flight', () => {
  const shares = inFlight([{ start: 0, end: 50, route: 'GET /a' }], 0, 100);
  assert.deepEqual(shares, [50, 50]);
});

void test('a forwarder passes on end-to-end headers only: the connection headers of the target are its own', () => {
  assert.deepEqual(
    endToEndHeaders({
      'content-type': 'application/json',
      connection: 'keep-alive, x-hop',
      'keep-alive': 'timeout=120',
      'transfer-encoding': 'chunked',
      'x-hop': '1',
      'x-request-id': 'abc',
    }),
    { 'content-type': 'application/json', 'x-request-id': 'abc' },
  );
});

void test('the forwarder closes a connection idle as long as it was told, announcing it only when told to', async () => {
  const target = http.createServer((_req, res) => res.end('{}'));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  /** Two requests on one kept-alive connection, `gapMs` apart: the answers' Keep-Alive and the connections used. */
  const twice = async (url: string, gapMs: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    const get = () =>
      new Promise<string | undefined>((resolve, reject) => {
        const req = http.get(url, { agent }, (res) => {
          sockets.add(req.socket);
          res.resume();
          res.on('end', () => resolve(String(res.headers['keep-alive'] ?? '') || undefined));
        });
        req.on('error', reject);
      });
    const hint = await get();
    await new Promise((resolve) => setTimeout(resolve, gapMs));
    await get();
    agent.destroy();
    return { hint, connections: sockets.size };
  };
  try {
    const silent = await startForwarder(targetUrl, 0, { closeAfterMs: 100 });
    assert.deepEqual(await twice(silent.url, 20), { hint: undefined, connections: 1 });
    assert.deepEqual(await twice(silent.url, 300), { hint: undefined, connections: 2 });
    assert.equal(silent.idleClosed(), 1);
    await silent.close();
    const announced = await startForwarder(targetUrl, 0, { closeAfterMs: 5000, announced: true });
    assert.equal((await twice(announced.url, 0)).hint, 'timeout=5');
    await announced.close();
  } finally {
    target.close();
  }
});
