/**
 * Allowed variants: freedoms of the contract the reference can switch on (REFERENCE_VARIANT=<name>). Each is a
 * behaviour a conformant server may have; the suite must pass against every one of them. One file per area of
 * the requirement catalogue (schemas/requirements.yaml), named after the area: a variant sits in the file of the
 * first requirement it relaxes (tests/catalogues.test.ts).
 */
import type { AreaKey } from '../../schemas/requirements';
import type { VariantDefinition } from '../faults/catalogue-types';
import { CONVENTIONS_VARIANTS } from './conventions';
import { BLIND_ROUND_1_VARIANTS } from './blind-round-1';
import { BLIND_ROUND_2_VARIANTS } from './blind-round-2';
import { BLIND_ROUND_3_VARIANTS } from './blind-round-3';
import { BLIND_ROUND_4_VARIANTS } from './blind-round-4';
import { BLIND_ROUND_5_VARIANTS } from './blind-round-5';
import { BLIND_ROUND_6_VARIANTS } from './blind-round-6';
import { BLIND_ROUND_7_VARIANTS } from './blind-round-7';
import { BLIND_ROUND_8_VARIANTS } from './blind-round-8';
import { BLIND_ROUND_9_VARIANTS } from './blind-round-9';
import { BLIND_ROUND_10_VARIANTS } from './blind-round-10';
import { CORRELATION_VARIANTS } from './correlation';
import { DOCUMENTS_VARIANTS } from './documents';
import { EVENTS_VARIANTS } from './events';
import { EVOLUTION_VARIANTS } from './evolution';
import { FEES_VARIANTS } from './fees';
import { FREEZES_VARIANTS } from './freezes';
import { INSTRUCTIONS_VARIANTS } from './instructions';
import { INVOICES_VARIANTS } from './invoices';
import { ISOLATION_VARIANTS } from './isolation';
import { PAGINATION_VARIANTS } from './pagination';
import { PATENTS_VARIANTS } from './patents';
import { PERIOD_VARIANTS } from './period';
import { PROBLEMS_VARIANTS } from './problems';
import { RATELIMITS_VARIANTS } from './ratelimits';
import { SCOPES_VARIANTS } from './scopes';
import { SYNC_VARIANTS } from './sync';

export type { VariantDefinition };

/** The area files, in the order of the catalogue's areas (the order of VARIANTS). */
const BY_AREA = {
  conventions: CONVENTIONS_VARIANTS,
  scopes: SCOPES_VARIANTS,
  isolation: ISOLATION_VARIANTS,
  problems: PROBLEMS_VARIANTS,
  correlation: CORRELATION_VARIANTS,
  pagination: PAGINATION_VARIANTS,
  ratelimits: RATELIMITS_VARIANTS,
  documents: DOCUMENTS_VARIANTS,
  evolution: EVOLUTION_VARIANTS,
  patents: PATENTS_VARIANTS,
  events: EVENTS_VARIANTS,
  fees: FEES_VARIANTS,
  period: PERIOD_VARIANTS,
  instructions: INSTRUCTIONS_VARIANTS,
  sync: SYNC_VARIANTS,
  invoices: INVOICES_VARIANTS,
  freezes: FREEZES_VARIANTS,
} as const satisfies { readonly [area in AreaKey]?: readonly VariantDefinition[] };

/**
 * The catalogues of the blind rounds: entries written from the contract alone by readers who had seen
 * neither the suite nor these catalogues, one file per round, kept as the record of each round (README,
 * "Blind rounds") rather than spread over the area files.
 */
const BY_ROUND = {
  'blind-round-1': BLIND_ROUND_1_VARIANTS,
  'blind-round-2': BLIND_ROUND_2_VARIANTS,
  'blind-round-3': BLIND_ROUND_3_VARIANTS,
  'blind-round-4': BLIND_ROUND_4_VARIANTS,
  'blind-round-5': BLIND_ROUND_5_VARIANTS,
  'blind-round-6': BLIND_ROUND_6_VARIANTS,
  'blind-round-7': BLIND_ROUND_7_VARIANTS,
  'blind-round-8': BLIND_ROUND_8_VARIANTS,
  'blind-round-9': BLIND_ROUND_9_VARIANTS,
  'blind-round-10': BLIND_ROUND_10_VARIANTS,
} as const;

/** The name of a catalogued variant: a switch on any other name does not compile. */
export type VariantName =
  | (typeof BY_AREA)[keyof typeof BY_AREA][number]['name']
  | (typeof BY_ROUND)[keyof typeof BY_ROUND][number]['name'];

export const VARIANTS: readonly (VariantDefinition & { readonly name: VariantName })[] = [
  ...Object.values(BY_AREA).flat(),
  ...Object.values(BY_ROUND).flat(),
];

/** Whether a name from outside (environment, command line) is a catalogued variant. */
export function isVariantName(name: string): name is VariantName {
  return VARIANTS.some((v) => v.name === name);
}
