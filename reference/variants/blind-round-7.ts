/**
 * Variants of blind round 7: freedoms described by a reader who had only the contract. Each is a behaviour a
 * conformant server may have; the suite must pass against every one of them.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const BLIND_ROUND_7_VARIANTS = [] as const satisfies readonly VariantDefinition[];
