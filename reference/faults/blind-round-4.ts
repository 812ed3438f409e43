/**
 * Faults of blind round 4: bugs written from the contract alone by a reader who had seen neither the suite nor
 * these catalogues, aimed at facts that different resources state about one thing, reads that must not write
 * and states that only some paths reach. Each is switched on by name at the single place of its rule.
 */
import type { FaultDefinition } from './catalogue-types';

export const BLIND_ROUND_4_FAULTS = [] as const satisfies readonly FaultDefinition[];
