/**
 * The fault catalogue: every named fault the reference can switch on (REFERENCE_FAULT=<name>).
 */
import { BLIND_ROUND_1_FAULTS } from './blind-round-1';
import { BLIND_ROUND_2_FAULTS } from './blind-round-2';
import { BUSINESS_FAULTS } from './business';
import type { FaultDefinition } from './catalogue-types';
import { CROSS_CUTTING_FAULTS } from './cross-cutting';

export type { FaultDefinition };

/** The name of a catalogued fault: a switch on any other name does not compile. */
export type FaultName =
  | (typeof CROSS_CUTTING_FAULTS)[number]['name']
  | (typeof BUSINESS_FAULTS)[number]['name']
  | (typeof BLIND_ROUND_1_FAULTS)[number]['name']
  | (typeof BLIND_ROUND_2_FAULTS)[number]['name'];

export const FAULTS: readonly (FaultDefinition & { readonly name: FaultName })[] = [
  ...CROSS_CUTTING_FAULTS,
  ...BUSINESS_FAULTS,
  // The catalogues of the blind rounds (faults described from the contract alone), kept as a record of each round.
  ...BLIND_ROUND_1_FAULTS,
  ...BLIND_ROUND_2_FAULTS,
];

/** Whether a name from outside (environment, command line) is a catalogued fault. */
export function isFaultName(name: string): name is FaultName {
  return FAULTS.some((f) => f.name === name);
}
