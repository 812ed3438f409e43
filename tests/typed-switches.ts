/**
 * Compile-time proof that the fault and variant switches take catalogued names only: each misspelt name below
 * is a type error, so its @ts-expect-error is used; were a misspelling to compile, the unused directive would
 * fail the type check (npm run typecheck, and tests/faults.test.ts, which compiles this file). Never run.
 */
import { faultIs, isFault, isVariant, variantIs, type Behaviour } from '../reference/behaviour';

export function switchesOfMisspeltNames(ctx: { behaviour: Behaviour }): boolean[] {
  return [
    isFault('patents-sort-ignored'),
    // @ts-expect-error a misspelt fault name
    isFault('patents-sort-ignord'),
    faultIs(ctx, 'patents-sort-ignored'),
    // @ts-expect-error a misspelt fault name
    faultIs(ctx, 'patent-sort-ignored'),
    // @ts-expect-error a variant name is no fault name
    isFault('json-charset-utf8'),
    isVariant('json-charset-utf8'),
    // @ts-expect-error a misspelt variant name
    isVariant('json-charset-utf-8'),
    variantIs(ctx, 'json-charset-utf8'),
    // @ts-expect-error a misspelt variant name
    variantIs(ctx, 'json-charset'),
    // @ts-expect-error a comparison by hand with a misspelt name has no overlap
    ctx.behaviour.fault === 'patents-sort-ignord',
  ];
}
