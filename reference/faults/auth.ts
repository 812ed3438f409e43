/**
 * Faults of the area auth (AUTH-*): Authentication with x-api-key.
 * The first requirement each one breaks is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { FaultDefinition } from './catalogue-types';

export const AUTH_FAULTS = [
  {
    name: 'malformed-key-400',
    requirements: ['AUTH-002'],
    summary:
      'A key that is not 64 hexadecimal characters is refused as a bad request (400 validation_failed) instead of 401 invalid_api_key.',
  },
  {
    name: 'one-key-per-tenant',
    requirements: ['AUTH-004', 'AUTH-001'],
    summary:
      "Keys are indexed by tenant, so only the tenant's first issued key authenticates and a second valid key gets 401.",
  },
  {
    name: 'missing-key-400',
    requirements: ['AUTH-005'],
    summary:
      'A request without the x-api-key header is refused as a bad request (400 validation_failed) instead of 401 invalid_api_key.',
  },
  {
    name: 'unknown-key-forbidden',
    requirements: ['AUTH-006', 'AUTH-002'],
    summary: 'A key the service does not know gets 403 forbidden instead of 401 invalid_api_key.',
  },
  {
    name: 'unknown-key-reported-expired',
    requirements: ['AUTH-006', 'AUTH-002'],
    summary: 'A key the service does not know gets 401 api_key_expired instead of invalid_api_key.',
  },
  {
    name: 'expired-key-accepted',
    requirements: ['AUTH-007', 'PROB-013'],
    summary: 'The expiry date of a key is never checked, so a key past expiresAt is still served.',
  },
] as const satisfies readonly FaultDefinition[];
