/**
 * Faults of the area evolution (EVO-*): Versioning, path prefix and additive evolution.
 * The first requirement each one breaks is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { FaultDefinition } from './catalogue-types';

export const EVOLUTION_FAULTS = [
  {
    name: 'invoice-routes-legacy-prefix',
    requirements: ['EVO-001'],
    summary:
      'The invoice operations are still mounted under the legacy /api/v1/external/ prefix instead of /api/v2/external/.',
  },
] as const satisfies readonly FaultDefinition[];
