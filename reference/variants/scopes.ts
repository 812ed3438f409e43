/**
 * Variants of the area scopes (SCOPE-*): Scopes per operation.
 * The first requirement each one relaxes is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const SCOPES_VARIANTS = [
  {
    name: 'validation-before-scope',
    requirements: ['SCOPE-002', 'SCOPE-003', 'SCOPE-004', 'SCOPE-005', 'SCOPE-006', 'SCOPE-007', 'FRZ-012'],
    freedom:
      'The order of the checks is not stated (schemas/OPEN-POINTS.md B14); the contract only names the answer of each failure alone.',
    summary:
      'Parameters and body are validated before the scope and capability checks, so a bad request from a key lacking the scope gets 400.',
  },
] as const satisfies readonly VariantDefinition[];
