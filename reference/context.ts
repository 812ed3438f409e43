/**
 * What every module can reach: the clock, the state, the seeded id source and the behaviour switches.
 */
import type { Behaviour } from './behaviour';
import type { Clock } from './clock';
import type { Random } from './prng';
import type { Store } from './store';

export interface ServerContext {
  readonly clock: Clock;
  readonly store: Store;
  readonly behaviour: Behaviour;
  /** Seeded source of ids for everything created at run time (after the seed), so runs repeat. */
  readonly random: Random;
}

/** The instant a domain operation happens at: the request time, or a past time while seeding. */
export interface Moment {
  now: Date;
  today: string;
}

export function currentMoment(ctx: ServerContext): Moment {
  const now = ctx.clock.now();
  return { now, today: ctx.clock.localDate(now) };
}
