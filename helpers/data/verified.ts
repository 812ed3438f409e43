/**
 * A pass is earned (CONTRIBUTING, Principles): when the decisive assertion of a test depends on something the target
 * may or may not show (an outcome, a non-empty list, a state reached in time), the test ends as
 * "not verified" with the reason instead of passing without having checked anything. Reported as a
 * skip, which the certification counts as not tested. A missing precondition (data, a setting) skips the same
 * way, naming what was missing.
 */
import { test } from '@playwright/test';

/** Skips the current test for `reason` (the missing precondition, named). */
export function skipBecause(reason: string): never {
  test.info().skip(true, reason);
  throw new Error(reason); // not reached: skip() throws
}

/** Ends the current test as not verified, naming what was missing. */
export function notVerified(reason: string): never {
  skipBecause(`not verified: ${reason}`);
}

/** Goes on only when `condition` holds; otherwise the test is not verified, for `reason`. */
export function verifiedOnlyIf(condition: boolean, reason: string): asserts condition {
  if (!condition) notVerified(reason);
}

/** The items, when there is at least one; a loop over none would check nothing (not verified). */
export function nonEmpty<T>(items: readonly T[], what: string): readonly T[] {
  if (items.length === 0) notVerified(`no ${what} to check`);
  return items;
}

/**
 * Records that the target deviates from a SHOULD (an example the contract gives) or takes a MAY otherwise:
 * the test still passes, and the certification, the Allure report and the gate show it as warned, never as
 * passed (the `warning` annotation, read by scripts/run-results.ts and helpers/setup/allure-reporter.ts).
 */
export function warned(description: string): void {
  test.info().annotations.push({ type: 'warning', description });
}
