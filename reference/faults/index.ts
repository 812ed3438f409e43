/**
 * The fault catalogue: every named fault the reference can switch on (REFERENCE_FAULT=<name>).
 */
import { BUSINESS_FAULTS } from './business';
import type { FaultDefinition } from './catalogue-types';
import { CROSS_CUTTING_FAULTS } from './cross-cutting';

export type { FaultDefinition };

export const FAULTS: readonly FaultDefinition[] = [...CROSS_CUTTING_FAULTS, ...BUSINESS_FAULTS];
