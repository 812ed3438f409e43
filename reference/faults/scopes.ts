/**
 * Faults of the area scopes (SCOPE-*): Scopes per operation.
 * The first requirement each one breaks is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { FaultDefinition } from './catalogue-types';

export const SCOPES_FAULTS = [
  {
    name: 'empty-scope-list-grants-all',
    requirements: ['SCOPE-002'],
    summary: 'A key with an empty scope list is treated as a full-access key and let through everywhere.',
  },
  {
    name: 'scope-unchecked-events-by-period',
    requirements: ['SCOPE-003'],
    summary: 'The by-period event list is registered without its scope, so any valid key reads it.',
  },
  {
    name: 'write-scope-implies-read',
    requirements: ['SCOPE-003'],
    summary:
      'A key holding patents:write is accepted where patents:read is required (write taken to imply read).',
  },
  {
    name: 'sync-status-requires-read-scope',
    requirements: ['SCOPE-004', 'SCOPE-001'],
    summary:
      'The sync status GET requires patents:read (a GET taken for a read) instead of patents:write, and names it in requiredScope.',
  },
  {
    name: 'instructions-require-patents-write',
    requirements: ['SCOPE-005'],
    summary:
      'The instruction POST is registered with patents:write (a write to patents) instead of patents:instructions:write.',
  },
  {
    name: 'scope-unchecked-get-invoice',
    requirements: ['SCOPE-006'],
    summary:
      'The invoice read (GET /invoices/{invoiceId}) is registered without its scope, so any valid key reads invoices.',
  },
  {
    name: 'scope-unchecked-freeze-reads',
    requirements: ['SCOPE-007'],
    summary:
      'Only the freeze PUT requires exchange-rate-freezes:write; the two freeze GETs are served to any key of a capable tenant.',
  },
  {
    name: 'required-scope-missing',
    requirements: ['SCOPE-008'],
    summary: 'The 403 insufficient_scope problem does not carry the requiredScope extension member.',
  },
] as const satisfies readonly FaultDefinition[];
