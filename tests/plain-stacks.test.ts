/**
 * withPlainStacks (helpers/wire/plain-stacks.ts): a stack captured inside the call has V8's own format, not the
 * one installed (Playwright's source-map support in a test run); the installed format is back after the call,
 * whether it returned or threw.
 */
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { withPlainStacks } from '../helpers/wire/plain-stacks';

const errors = Error as { prepareStackTrace?: unknown };
const installed = errors.prepareStackTrace;
const MAPPED = () => 'mapped stack';

afterEach(() => {
  errors.prepareStackTrace = installed;
});

void test('a stack captured inside the call has V8 format; the installed format is back after it', () => {
  errors.prepareStackTrace = MAPPED;
  assert.equal(new Error('outside').stack, 'mapped stack', 'precondition: the installed format applies');
  const inside = withPlainStacks(() => new Error('inside').stack);
  assert.match(inside ?? '', /^Error: inside\n\s+at /);
  assert.equal(errors.prepareStackTrace, MAPPED);
  assert.equal(new Error('after').stack, 'mapped stack');
});

void test('the installed format is back when the call throws, and the error goes on', () => {
  errors.prepareStackTrace = MAPPED;
  assert.throws(
    () =>
      withPlainStacks(() => {
        throw new Error('refused');
      }),
    /refused/,
  );
  assert.equal(errors.prepareStackTrace, MAPPED);
});

void test("the call's value is returned as it is (a promise stays the caller's to await)", async () => {
  const answer = withPlainStacks(() => Promise.resolve(42));
  assert.ok(answer instanceof Promise);
  assert.equal(await answer, 42);
});
