/**
 * fast-check settings shared by every property: one seed per run (FC_SEED replays it) and bounded runs.
 */
import type { Parameters } from 'fast-check';

export function fcSeed(): number {
  const value = Number(process.env.FC_SEED);
  return Number.isInteger(value) ? value : 42;
}

/** Parameters for fc.assert: the run's seed, a bounded number of runs (FC_RUNS), no shrinking past a few seconds. */
export function fcParams<T>(numRuns?: number): Parameters<T> {
  const configured = Number(process.env.FC_RUNS);
  return {
    seed: fcSeed(),
    numRuns: numRuns ?? (Number.isInteger(configured) && configured > 0 ? configured : 25),
    interruptAfterTimeLimit: 20_000,
    markInterruptAsFailure: false,
    // The failing expectation goes into the message (not only into `cause`), so reports show what the
    // target did and classify the failure as a contract violation rather than a suite error.
    includeErrorInReport: true,
  };
}
