/**
 * Switches read by the modules that implement a rule. The clean reference ignores them; a named fault
 * is a one-line check at the single place of its rule:
 *   - where a server context is at hand: `ctx.behaviour.fault === 'some-fault'`;
 *   - in pure functions (instructability, fees, pagination...): `currentBehaviour().fault === 'some-fault'`.
 * `currentBehaviour()` reads the behaviour of the server handling the current request (async context), so
 * several servers with different faults can run in one process.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface Behaviour {
  readonly fault: string | undefined;
  readonly variant: string | undefined;
}

export function createBehaviour(options: { fault?: string; variant?: string }): Behaviour {
  return Object.freeze({ fault: options.fault || undefined, variant: options.variant || undefined });
}

const CLEAN: Behaviour = createBehaviour({});
const storage = new AsyncLocalStorage<Behaviour>();

/** The behaviour of the server whose work is running now (the clean one outside any server). */
export function currentBehaviour(): Behaviour {
  return storage.getStore() ?? CLEAN;
}

/** Runs `work` (and everything it schedules, timers included) under `behaviour`. */
export function withBehaviour<T>(behaviour: Behaviour, work: () => T): T {
  return storage.run(behaviour, work);
}
