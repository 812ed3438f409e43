/**
 * The JUnit file shows a test the target did not answer as "could not judge" (an <error>), never as a failed
 * requirement (scripts/junit-unjudged.ts); a contract failure stays a <failure>.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { markUnjudged } from '../scripts/junit-unjudged';

const JUNIT = `<testsuites id="" name="" tests="3" failures="2" skipped="0" errors="0" time="1.5">
<testsuite name="sync-idempotence.spec.ts" timestamp="2026-11-27T13:30:35.689Z" hostname="" tests="3" failures="2" skipped="0" time="1.2" errors="0">
<testcase name="sync › [SYNC-046] two identical pushes sent together yield one batch" classname="sync-idempotence.spec.ts" time="0.4">
<failure message="sync-idempotence.spec.ts:124:7 [SYNC-046]" type="FAILURE">
<![CDATA[Error: the target did not answer POST http://127.0.0.1:1/api/v2/external/patents/sync: read ECONNRESET]]>
</failure>
</testcase>
<testcase name="sync › [SYNC-047] conflict" classname="sync-idempotence.spec.ts" time="0.4">
<failure message="sync-idempotence.spec.ts:136:7 [SYNC-047]" type="FAILURE">
<![CDATA[Error: [SYNC-047] expected 409, got 201]]>
</failure>
</testcase>
<testcase name="sync › [SYNC-048] passes" classname="sync-idempotence.spec.ts" time="0.4">
</testcase>
</testsuite>
</testsuites>`;

void test('a test the target did not answer is an error "could not judge"; a contract failure stays a failure', () => {
  const { xml, changed } = markUnjudged(JUNIT);
  assert.equal(changed, 1);
  assert.match(xml, /<error [^>]*type="could not judge"[^>]*>[\s\S]*ECONNRESET[\s\S]*<\/error>/);
  assert.match(xml, /<failure [^>]*>[\s\S]*expected 409, got 201[\s\S]*<\/failure>/);
  assert.equal((xml.match(/<failure /g) ?? []).length, 1);
  assert.match(xml, /<testsuites [^>]*failures="1"[^>]*errors="1"/);
  assert.match(xml, /<testsuite [^>]*failures="1"[^>]*errors="1"/);
});

void test('a file without such a test is left as it is', () => {
  const clean = JUNIT.replace(/Error: the target did not answer [^\]]*/, 'Error: [SYNC-046] two importIds');
  assert.deepEqual(markUnjudged(clean), { xml: clean, changed: 0 });
});
