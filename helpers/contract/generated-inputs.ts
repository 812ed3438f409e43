/**
 * fast-check settings shared by every property: one seed per run (FC_SEED replays it) and bounded runs.
 */
import fc, { type Arbitrary, type Parameters } from 'fast-check';

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

/**
 * The inputs a property of `numRuns` runs draws with the run's seed, without running it: for checks whose
 * requests depend on nothing of each other, which then go together instead of one round trip each. Nothing is
 * shrunk (each input is in the evidence of the exchange it was sent in); FC_SEED replays the same inputs.
 */
export function generatedInputs<T>(arbitrary: Arbitrary<T>, numRuns?: number): T[] {
  const { seed, numRuns: runs } = fcParams<[T]>(numRuns);
  return fc.sample(arbitrary, { seed, numRuns: runs });
}
