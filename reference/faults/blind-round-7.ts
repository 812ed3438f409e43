/**
 * Faults of blind round 7: bugs written from the contract alone by a reader who had seen neither the suite nor
 * these catalogues. Each is switched on by name at the single place of its rule.
 */
import type { FaultDefinition } from './catalogue-types';

export const BLIND_ROUND_7_FAULTS = [] as const satisfies readonly FaultDefinition[];
