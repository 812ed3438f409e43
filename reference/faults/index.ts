/**
 * The fault catalogue: every named fault the reference can switch on (REFERENCE_FAULT=<name>). One file per area
 * of the requirement catalogue (schemas/requirements.yaml), named after the area: a fault sits in the file of the
 * first requirement it breaks (tests/catalogues.test.ts).
 */
import type { AreaKey } from '../../schemas/requirements';
import { AUTH_FAULTS } from './auth';
import { BLIND_ROUND_1_FAULTS } from './blind-round-1';
import { BLIND_ROUND_2_FAULTS } from './blind-round-2';
import { BLIND_ROUND_3_FAULTS } from './blind-round-3';
import { BLIND_ROUND_4_FAULTS } from './blind-round-4';
import { BLIND_ROUND_5_FAULTS } from './blind-round-5';
import { BLIND_ROUND_6_FAULTS } from './blind-round-6';
import { BLIND_ROUND_7_FAULTS } from './blind-round-7';
import { BLIND_ROUND_8_FAULTS } from './blind-round-8';
import { BLIND_ROUND_9_FAULTS } from './blind-round-9';
import { BLIND_ROUND_10_FAULTS } from './blind-round-10';
import { CONVENTIONS_FAULTS } from './conventions';
import { CORRELATION_FAULTS } from './correlation';
import { DOCUMENTS_FAULTS } from './documents';
import { EVENTS_FAULTS } from './events';
import { EVOLUTION_FAULTS } from './evolution';
import { FEES_FAULTS } from './fees';
import { FREEZES_FAULTS } from './freezes';
import { INSTRUCTIONS_FAULTS } from './instructions';
import { INVOICES_FAULTS } from './invoices';
import { ISOLATION_FAULTS } from './isolation';
import { PAGINATION_FAULTS } from './pagination';
import { PATENTS_FAULTS } from './patents';
import { PERIOD_FAULTS } from './period';
import { PROBLEMS_FAULTS } from './problems';
import { RATELIMITS_FAULTS } from './ratelimits';
import { SCOPES_FAULTS } from './scopes';
import { SYNC_FAULTS } from './sync';
import type { FaultDefinition } from './catalogue-types';

export type { FaultDefinition };

/** The area files, in the order of the catalogue's areas (the order of FAULTS). */
const BY_AREA = {
  conventions: CONVENTIONS_FAULTS,
  auth: AUTH_FAULTS,
  scopes: SCOPES_FAULTS,
  isolation: ISOLATION_FAULTS,
  problems: PROBLEMS_FAULTS,
  correlation: CORRELATION_FAULTS,
  pagination: PAGINATION_FAULTS,
  ratelimits: RATELIMITS_FAULTS,
  documents: DOCUMENTS_FAULTS,
  evolution: EVOLUTION_FAULTS,
  patents: PATENTS_FAULTS,
  events: EVENTS_FAULTS,
  fees: FEES_FAULTS,
  period: PERIOD_FAULTS,
  instructions: INSTRUCTIONS_FAULTS,
  sync: SYNC_FAULTS,
  invoices: INVOICES_FAULTS,
  freezes: FREEZES_FAULTS,
} as const satisfies { readonly [area in AreaKey]?: readonly FaultDefinition[] };

/**
 * The catalogues of the blind rounds: entries written from the contract alone by readers who had seen
 * neither the suite nor these catalogues, one file per round, kept as the record of each round (README,
 * "Blind rounds") rather than spread over the area files.
 */
const BY_ROUND = {
  'blind-round-1': BLIND_ROUND_1_FAULTS,
  'blind-round-2': BLIND_ROUND_2_FAULTS,
  'blind-round-3': BLIND_ROUND_3_FAULTS,
  'blind-round-4': BLIND_ROUND_4_FAULTS,
  'blind-round-5': BLIND_ROUND_5_FAULTS,
  'blind-round-6': BLIND_ROUND_6_FAULTS,
  'blind-round-7': BLIND_ROUND_7_FAULTS,
  'blind-round-8': BLIND_ROUND_8_FAULTS,
  'blind-round-9': BLIND_ROUND_9_FAULTS,
  'blind-round-10': BLIND_ROUND_10_FAULTS,
} as const;

/** The name of a catalogued fault: a switch on any other name does not compile. */
export type FaultName =
  | (typeof BY_AREA)[keyof typeof BY_AREA][number]['name']
  | (typeof BY_ROUND)[keyof typeof BY_ROUND][number]['name'];

export const FAULTS: readonly (FaultDefinition & { readonly name: FaultName })[] = [
  ...Object.values(BY_AREA).flat(),
  ...Object.values(BY_ROUND).flat(),
];

/** Whether a name from outside (environment, command line) is a catalogued fault. */
export function isFaultName(name: string): name is FaultName {
  return FAULTS.some((f) => f.name === name);
}
