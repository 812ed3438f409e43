/**
 * Reads that no write of another test overlaps, where that write may move what they compare, for a test whose
 * expectation cannot be made independent of concurrent writes: the pages of a list the run's writes change, read
 * as one sweep ("a page can shift when the collection changes"), or a month's freeze compared across the test's
 * own PUT. The reads hold a quiet section (helpers/run/quiet.ts): the writes of the other tests that may move
 * what they compare wait meanwhile, the test's own pass, and the test says so in its report (an annotation
 * `serial`).
 *
 * Background work a write left running (an ASYNC batch) passes no gate: what it may move, read from the
 * dependency map, ends the test not verified instead of judging the reads.
 */
import { test } from '@playwright/test';
import { mayMoveSomething, type Aspect } from '../contract/write-effects';
import { runWritesSince } from '../run/consistency-ledger';
import { holdQuiet } from '../run/quiet';
import { skipBecause } from './verified';

/** The annotation of a test that read with the quiet gate held. */
export const SERIAL_ANNOTATION = 'serial';

/**
 * `reads`, made while no write of another test on the target `namespace` that may move `dependsOn` (what the
 * reads compare, helpers/contract/write-effects.ts) is in flight or may start.
 */
export async function readsAlone<T>(
  namespace: string,
  what: string,
  dependsOn: readonly Aspect[],
  reads: () => Promise<T>,
): Promise<T> {
  const end = await holdQuiet(namespace, dependsOn);
  const from = Date.now();
  let result: T;
  try {
    result = await reads();
  } finally {
    end();
  }
  test.info().annotations.push({
    type: SERIAL_ANNOTATION,
    description: `${what}: read while no write of another test that may move ${dependsOn.join(', ')} was in flight, such writes waiting`,
  });
  const background = runWritesSince(namespace, from).filter(
    (w) =>
      w.background && w.start < from && dependsOn.some((aspect) => mayMoveSomething(w.write, aspect, true)),
  );
  if (background.length > 0)
    skipBecause(
      'time',
      `${what}: background work of the run's writes was under way during the reads (${background.map((w) => w.what).join(', ')})`,
    );
  return result;
}
