/**
 * The fault catalogue: every named fault the reference can switch on (REFERENCE_FAULT=<name>).
 */
import type { FaultDefinition } from './catalogue-types';

export type { FaultDefinition };

export const FAULTS: readonly FaultDefinition[] = [];
