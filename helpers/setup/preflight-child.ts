/**
 * The preflight in a process of its own, started trusting the CA bundle the way the workers are
 * (helpers/run/network.ts, inTrustingProcess): prints one JSON line, `{ "requests": n }` or `{ "error": message }`.
 */
import { preflight } from './preflight';
import { readTarget } from '../run/target';

preflight(readTarget()).then(
  (requests) => process.stdout.write(`${JSON.stringify({ requests })}\n`),
  (error: unknown) =>
    process.stdout.write(
      `${JSON.stringify({ error: (error as Error).message, preflight: (error as Error).name === 'PreflightError' })}\n`,
    ),
);
