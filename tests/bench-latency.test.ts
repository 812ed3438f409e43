/**
 * The latency bench's analysis (scripts/bench-latency.ts): the critical path is the longest chain of requests
 * each sent after the previous one's answer; requests in flight are shares of the run's time.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inFlight } from '../scripts/bench-latency';
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
