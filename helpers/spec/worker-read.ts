/**
 * An area's shared read as a fixture: the read is made once per worker and target, in the first test that
 * needs it, and every later test of the worker against that target gets the same promise (`once`). One
 * shape for every area's read (events, fees, conventions, invoices, the harmless month, the rejected sync
 * batch), so that the fixture plumbing is written once and an area module holds only its read. The read is
 * held by the target's world (helpers/spec/worlds.ts): a mutation-run worker serves several references, and
 * a read of one never answers a test of another.
 *
 * Playwright learns a fixture's dependencies from the parameter list of its function, so the two literal
 * functions below state them: a read that needs the world's portfolio and target, and one that needs only
 * the world (setting up the portfolio would cost reads the area does not need).
 */
import type { Portfolio } from '../data/discovery';
import type { Target } from '../run/target';
import { once } from '../contract/once';
import { test as base } from './fixtures';
import type { Worlds } from './worlds';

type Reader<A extends unknown[], T> = (...args: A) => Promise<T>;

/** `name` holds `read`, made once per worker and target; `read` needs no fixture. */
export function workerRead<Name extends string, A extends unknown[], T>(name: Name, read: Reader<A, T>) {
  return base.extend<Record<Name, Reader<A, T>>>({
    [name]: [
      async (
        { worlds, target }: { worlds: Worlds; target: Target },
        use: (value: Reader<A, T>) => Promise<void>,
      ) => {
        await use(worlds.of(target).memo(name, () => once(read)));
      },
      { box: 'self' },
    ],
  } as never);
}

/** `name` holds the read that `reader` builds from the world's portfolio and target, made once per worker and target. */
export function workerReadOfPortfolio<Name extends string, A extends unknown[], T>(
  name: Name,
  reader: (worker: { portfolio: Portfolio; target: Target }) => Reader<A, T>,
) {
  return base.extend<Record<Name, Reader<A, T>>>({
    [name]: [
      async (
        { worlds, target }: { worlds: Worlds; target: Target },
        use: (value: Reader<A, T>) => Promise<void>,
      ) => {
        const world = worlds.of(target);
        const portfolio = await world.portfolio();
        await use(world.memo(name, () => once(reader({ portfolio, target }))));
      },
      { box: 'self' },
    ],
  } as never);
}
