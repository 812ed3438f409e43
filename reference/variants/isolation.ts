/**
 * Variants of the area isolation (ISO-*): Tenant isolation.
 * The first requirement each one relaxes is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const ISOLATION_VARIANTS = [
  {
    name: 'other-tenant-without-freeze-capability',
    requirements: ['ISO-001'],
    freedom:
      'Authentication 7: "403 `forbidden` is a business denial unrelated to scopes (for example exchange-rate freeze endpoints when the capability is not enabled for the account)"; nothing says the second tenant has the capability.',
    summary:
      "The second tenant's account lacks the freeze capability: its freeze routes answer 403 forbidden.",
  },
] as const satisfies readonly VariantDefinition[];
