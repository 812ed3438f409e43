/**
 * Variants of the area ratelimits (RATE-*): Daily quota, RateLimit headers and 429.
 * The first requirement each one relaxes is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const RATELIMITS_VARIANTS = [
  {
    name: 'validate-before-authenticate',
    requirements: ['RATE-003', 'RATE-006', 'RATE-007', 'RATE-009'],
    freedom:
      'Authentication and Limits: the order of authentication and parameter validation is not stated (B14); the RateLimit-* headers are required of "every successfully authenticated response", and a 400 may come before the key is checked.',
    summary:
      'Path and query parameters are validated before the key is looked at: a malformed one gets 400 without RateLimit-* headers, without counting, whatever the key.',
  },
  {
    name: 'daily-quota-other-value',
    requirements: ['RATE-006', 'RATE-002'],
    freedom: 'Limits: "Numeric value of the daily quota: not shown."',
    summary: 'Keys get other daily quotas: 250000 calls, and 17 for the low-quota key.',
  },
] as const satisfies readonly VariantDefinition[];
