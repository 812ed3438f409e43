/**
 * Allowed variants: freedoms of the contract the reference can switch on (REFERENCE_VARIANT=<name>).
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export type { VariantDefinition };

export const VARIANTS: readonly VariantDefinition[] = [];
