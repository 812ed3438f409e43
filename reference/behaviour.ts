/**
 * Switches read by the modules that implement a rule. The clean reference ignores them; a named fault
 * is a one-line check at the single place of its rule:
 *   - where a server context is at hand: `faultIs(ctx, 'some-fault')`;
 *   - in pure functions (instructability, fees, pagination...): `isFault('some-fault')`.
 * (`variantIs` and `isVariant` likewise.) The names are typed from the catalogues, so a misspelt one does not
 * compile. `isFault` reads the behaviour of the server handling the current request (async context), so
 * several servers with different faults can run in one process.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { isFaultName, type FaultName } from './faults';
import { isVariantName, type VariantName } from './variants';

export type { FaultName, VariantName };

export interface Behaviour {
  readonly fault: FaultName | undefined;
  /** Usually none or one; the mutation run switches on several at once where their switches never meet. */
  readonly variants: readonly VariantName[];
}

/**
 * The behaviour of names from outside (options, environment): an unknown name is refused here. `variant`
 * names one variant, or several separated by commas.
 */
export function createBehaviour(options: { fault?: string; variant?: string }): Behaviour {
  const fault = options.fault || undefined;
  const variants = (options.variant ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (fault !== undefined && !isFaultName(fault))
    throw new Error(`unknown fault: ${fault} (see reference/faults)`);
  for (const variant of variants)
    if (!isVariantName(variant)) throw new Error(`unknown variant: ${variant} (see reference/variants)`);
  return Object.freeze({ fault, variants: Object.freeze(variants as VariantName[]) });
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

/** Whether the server of `ctx` runs with the fault `name`. */
export function faultIs(ctx: { readonly behaviour: Behaviour }, name: FaultName): boolean {
  return ctx.behaviour.fault === name;
}

/** Whether the server of `ctx` runs with the variant `name`. */
export function variantIs(ctx: { readonly behaviour: Behaviour }, name: VariantName): boolean {
  return ctx.behaviour.variants.includes(name);
}

/** Whether the server whose work is running now has the fault `name`. */
export function isFault(name: FaultName): boolean {
  return currentBehaviour().fault === name;
}

/** Whether the server whose work is running now has the variant `name`. */
export function isVariant(name: VariantName): boolean {
  return currentBehaviour().variants.includes(name);
}
