/**
 * The rules of the Isolation area (ISO-) one answer decides: no body carries a client or tenant identifier.
 * Part of the registry (./registry.ts).
 * Contract: Tenant isolation.
 */
import { ofMembers } from '../contract/body-members';
import type { Invariant } from '../contract/invariant-types';

/**
 * Member names that would carry a client or tenant identifier ("No client identifier appears in paths or
 * payloads"): the client, tenant, customer, account or organisation, alone or as an id, uuid or key. A
 * member that merely mentions one (`clientCaseReference`, the client's own reference) is none.
 */
const TENANT_MEMBER = /^(client|tenant|customer|account|organi[sz]ation)(_?(id|uuid|key))?$/i;

export const ISOLATION_RULES: readonly Invariant[] = [
  ofMembers('ISO-002', 'no body carries a client or tenant identifier member', ({ name }) =>
    TENANT_MEMBER.test(name) ? `a member ${name}` : undefined,
  ),
];
