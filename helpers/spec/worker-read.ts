/**
 * An area's shared read as a worker fixture: the read is made once per worker, in the first test that needs
 * it, and every later test of the worker gets the same promise (`once`). One shape for every area's read
 * (events, fees, conventions, invoices, the harmless month, the rejected sync batch), so that the fixture
 * plumbing is written once and an area module holds only its read.
 *
 * Playwright learns a fixture's dependencies from the parameter list of its function, so the two literal
 * functions below state them: a read that needs the worker's portfolio and target, and one that needs
 * nothing (setting up the portfolio would cost reads the area does not need).
 */
import type { Portfolio } from '../data/discovery';
import type { Target } from '../run/target';
import { once } from '../contract/once';
import { test as base } from './fixtures';

type Reader<A extends unknown[], T> = (...args: A) => Promise<T>;

/** `name` holds `read`, made once per worker; `read` needs no fixture. */
export function workerRead<Name extends string, A extends unknown[], T>(name: Name, read: Reader<A, T>) {
  return base.extend<object, Record<Name, Reader<A, T>>>({
    [name]: [
      // eslint-disable-next-line no-empty-pattern
      async ({}, use: (value: Reader<A, T>) => Promise<void>) => {
        await use(once(read));
      },
      { scope: 'worker' },
    ],
  } as never);
}

/** `name` holds the read that `reader` builds from the worker's portfolio and target, made once per worker. */
export function workerReadOfPortfolio<Name extends string, A extends unknown[], T>(
  name: Name,
  reader: (worker: { portfolio: Portfolio; target: Target }) => Reader<A, T>,
) {
  return base.extend<object, Record<Name, Reader<A, T>>>({
    [name]: [
      async (
        { portfolio, target }: { portfolio: Portfolio; target: Target },
        use: (value: Reader<A, T>) => Promise<void>,
      ) => {
        await use(once(reader({ portfolio, target })));
      },
      { scope: 'worker' },
    ],
  } as never);
}
