/**
 * A pass is earned (CONTRIBUTING, Principles): when the decisive assertion of a test depends on something the target
 * may or may not show (an outcome, a non-empty list, a state reached in time), the test ends as
 * "not verified" with the reason instead of passing without having checked anything. Reported as a
 * skip, which the certification counts as not tested. A missing precondition (data, a setting) skips the same
 * way, naming what was missing.
 *
 * Every such end names its cause, by kind (REASON_KINDS, helpers/run/report-config.ts): the type asks for it,
 * so no call leaves a skip unclassified. `{ target: answer }` is the suspicious kind: the target's own answer
 * removed the precondition; the answer is kept for the `_evidence` fixture (helpers/spec/fixtures.ts), which
 * attaches its exchange (keys redacted) and a curl reproduction as it does for a failure.
 */
import { test, type TestInfo } from '@playwright/test';
import { REASON_KIND_ANNOTATION, type ReasonKind } from '../run/report-config';
import type { ApiResponse } from '../wire/api-response';

/** Why a check could not run: a kind, or the target's answer that removed its precondition. */
export type Cause = Exclude<ReasonKind, 'target'> | { target: ApiResponse };

/** The kind of a cause. */
export const kindOf = (cause: Cause): ReasonKind => (typeof cause === 'string' ? cause : 'target');

/** The answers that removed a precondition, by test: read by the `_evidence` fixture once the test ended. */
const removedBy = new WeakMap<TestInfo, ApiResponse>();

/** The target's answer that ended the test as not verified, if its cause was the target. */
export function preconditionRemovedBy(testInfo: TestInfo): ApiResponse | undefined {
  return removedBy.get(testInfo);
}

/** Skips the current test for `reason` (the missing precondition, named), of the kind `cause` gives. */
export function skipBecause(cause: Cause, reason: string): never {
  const info = test.info();
  info.annotations.push({ type: REASON_KIND_ANNOTATION, description: kindOf(cause) });
  if (typeof cause !== 'string') removedBy.set(info, cause.target);
  info.skip(true, reason);
  throw new Error(reason); // not reached: skip() throws
}

/** Skips the current test when `condition` holds (Playwright's `test.skip(condition, reason)`, classified). */
export function skipIf(condition: boolean, cause: Cause, reason: string): void {
  if (condition) skipBecause(cause, reason);
}

/** Ends the current test as not verified, naming what was missing. */
export function notVerified(cause: Cause, reason: string): never {
  skipBecause(cause, `not verified: ${reason}`);
}

/** Goes on only when `condition` holds; otherwise the test is not verified, for `reason`. */
export function verifiedOnlyIf(condition: boolean, cause: Cause, reason: string): asserts condition {
  if (!condition) notVerified(cause, reason);
}

/** The items, when there is at least one; a loop over none would check nothing (not verified). */
export function nonEmpty<T>(items: readonly T[], cause: Cause, what: string): readonly T[] {
  if (items.length === 0) notVerified(cause, `no ${what} to check`);
  return items;
}
