/**
 * Variants of the area correlation (CORR-*): Correlation with X-Request-Id.
 * The first requirement each one relaxes is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const CORRELATION_VARIANTS = [
  {
    name: 'extra-response-headers',
    requirements: ['CORR-001', 'DOC-003', 'RATE-010'],
    freedom:
      'The contract lists the headers a response must carry (X-Request-Id, RateLimit-*, Retry-After, Content-Disposition) and forbids none other except the RateLimit-* headers on a 429.',
    summary: 'Every response also carries Cache-Control: no-store, X-Powered-By and a Link header.',
  },
  {
    name: 'request-id-ulid',
    requirements: ['CORR-001', 'CORR-004', 'CONV-003', 'PROB-008'],
    freedom:
      'Authentication 8: "every response carries `X-Request-Id`"; the format of a generated value is not stated.',
    summary: 'Generated request ids are `req_` followed by 26 Crockford base-32 characters, not UUIDs.',
  },
] as const satisfies readonly VariantDefinition[];
