/**
 * The wait for background work: the contract states no duration, so a certification (--require-complete)
 * waits minutes by default, a gate keeps the short default, a setting wins over both, and the certificate
 * states the wait the run used.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { asyncWait, CERTIFICATION_ASYNC_TIMEOUT_MS, numberSetting } from '../helpers/run/settings';
import { buildCertification } from '../scripts/certification/model';
import { renderMarkdown } from '../scripts/certification/markdown';

void test('a certification waits minutes for background work unless ASYNC_TIMEOUT_MS says otherwise', () => {
  assert.ok(CERTIFICATION_ASYNC_TIMEOUT_MS >= 120_000, 'minutes, not seconds');
  assert.deepEqual(asyncWait({ CONFORMANCE_REQUIRE_COMPLETE: 'true' }), {
    ms: CERTIFICATION_ASYNC_TIMEOUT_MS,
    source: 'the default of a run with --require-complete',
  });
  assert.equal(asyncWait({}).ms, numberSetting('ASYNC_TIMEOUT_MS', {}));
  assert.ok(asyncWait({}).ms < CERTIFICATION_ASYNC_TIMEOUT_MS);
  assert.deepEqual(asyncWait({ CONFORMANCE_REQUIRE_COMPLETE: 'true', ASYNC_TIMEOUT_MS: '20000' }), {
    ms: 20_000,
    source: 'setting ASYNC_TIMEOUT_MS',
  });
});

void test('the certificate states the wait the run used', () => {
  const c = buildCertification({
    tests: [],
    errors: [],
    metadata: { asyncWait: '300 s (the default of a run with --require-complete)' },
    sha256: 'f'.repeat(64),
    file: '/x/results.json',
  });
  assert.equal(c.asyncWait, '300 s (the default of a run with --require-complete)');
  assert.match(
    renderMarkdown(c),
    /\| Longest wait for background work \| 300 s \(the default of a run with --require-complete\) \|/,
  );
});
