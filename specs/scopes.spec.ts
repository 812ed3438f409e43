/**
 * Scopes: each of the 17 operations requires exactly one scope (x-required-scope in the OpenAPI document);
 * a key lacking it gets 403 insufficient_scope naming it, a key holding only it is let through, a key with an
 * empty scope list is refused everywhere. (The freeze capability, FRZ-012, is tested in freezes.spec.ts.)
 * Contract: Authentication, points 4 and 6 and the scope table; Errors table row insufficient_scope.
 *
 * Every request is otherwise valid (the order of the checks is not fixed) and harmless whether or not the scope
 * is enforced: by-id reads use ids of the tenant or random UUIDs, the instruction POST names a random event, the
 * sync POST carries one item with neither identifier (REJECTED), the freeze PUT re-freezes a frozen month.
 */
import { randomUUID } from 'node:crypto';
import {
  type CallOptions,
  expect,
  expectRuleHolds,
  KEY_SETTINGS,
  type KeyRole,
  type Operation,
  operations,
  type Portfolio,
  renewals,
  test,
  titled,
} from '../helpers/test';

/** The catalogue entry that states the scope table row of each scope. */
const SCOPE_TABLE_ROW: Record<string, string> = {
  'patents:read': 'SCOPE-003',
  'patents:write': 'SCOPE-004',
  'patents:instructions:write': 'SCOPE-005',
  'invoices:read': 'SCOPE-006',
  'exchange-rate-freezes:write': 'SCOPE-007',
};

/**
 * For each scope, the other scope a careless implementation is likeliest to take for it: a write scope taken
 * to imply the read one, a prefix match (`patents:` for `patents:instructions:write`), any `:read` or `:write`.
 */
const LIKELIEST_CONFUSION: Record<string, string> = {
  'patents:read': 'patents:write',
  'patents:write': 'patents:instructions:write',
  'patents:instructions:write': 'patents:write',
  'invoices:read': 'patents:read',
  'exchange-rate-freezes:write': 'patents:write',
};

function roleHolding(scope: string): KeyRole {
  const setting = KEY_SETTINGS.find((k) => k.scope === scope);
  if (!setting) throw new Error(`no single-scope key role holds ${scope} (helpers/run/settings.ts)`);
  return setting.role;
}

function tableRow(operation: Operation): string {
  const id = SCOPE_TABLE_ROW[operation.scope];
  if (!id) throw new Error(`${operation.operationId} requires ${operation.scope}, a scope outside the table`);
  return id;
}

/** An otherwise valid request of the operation, harmless whether or not the scope check holds. */
async function harmlessRequest(
  operation: Operation,
  portfolio: Portfolio,
  month: () => Promise<string>,
): Promise<CallOptions> {
  const path: Record<string, string> = {};
  if (operation.pathParams.includes('patentId') || operation.pathParams.includes('eventId')) {
    // Ids of the tenant itself, so that only the scope can refuse the request.
    const event = renewals(await portfolio.events())[0];
    path.patentId = event?.patent.id ?? randomUUID();
    path.eventId = event?.id ?? randomUUID();
  }
  if (operation.pathParams.includes('importId')) path.importId = randomUUID();
  if (operation.pathParams.includes('invoiceId')) path.invoiceId = randomUUID();
  if (operation.pathParams.includes('yearMonth')) path.yearMonth = await month();
  switch (operation.operationId) {
    case 'listEventsByPeriod':
      return { query: { dueFrom: '2020-01-01', dueTo: '2020-01-31', itemsPerPage: 1 }, path };
    case 'postInstructions':
      return { body: { instructions: [{ eventId: randomUUID(), decision: 'SKIP_THIS_TIME' }] } };
    case 'syncPatents':
      return { body: { items: [{ title: 'scope probe: neither providerId nor servicePatentId' }] } };
    default:
      return operation.method === 'GET' && operation.pathParams.length === 0
        ? { query: { itemsPerPage: 1 }, path }
        : { path };
  }
}

/** Operations whose let-through request writes (a REJECTED sync item is still a recorded batch; a PUT freezes). */
const WRITES = new Set(['syncPatents', 'putExchangeRateFreeze']);

test.describe('scopes', () => {
  for (const operation of operations()) {
    const { operationId, scope } = operation;
    const otherScope = LIKELIEST_CONFUSION[scope] ?? 'patents:read';
    const row = tableRow(operation);

    test(
      ...titled(
        `[${row}, SCOPE-008] ${operationId} refuses a key holding only ${otherScope}: 403 insufficient_scope requiring ${scope}`,
      ),
      async ({ as, api, portfolio, harmlessMonth }) => {
        const client = as(roleHolding(otherScope));
        const response = await client.call(
          operationId,
          await harmlessRequest(operation, portfolio, () => harmlessMonth(api)),
        );
        expect(response).toBeProblem({ status: 403, code: 'insufficient_scope' });
        expectRuleHolds('SCOPE-008', response);
      },
    );

    test(
      ...titled(`[SCOPE-001] ${operationId} lets a key holding only ${scope} through`),
      async ({ as, api, portfolio, harmlessMonth, requireSetting }) => {
        if (WRITES.has(operationId)) requireSetting('ALLOW_WRITES');
        const client = as(roleHolding(scope));
        const response = await client.call(
          operationId,
          await harmlessRequest(operation, portfolio, () => harmlessMonth(api)),
        );
        expect(response, `${response.describe()}: ${response.text.slice(0, 300)}`).not.toHaveStatus([
          401, 403,
        ]);
      },
    );

    test(
      ...titled(
        `[SCOPE-002, SCOPE-008] ${operationId} refuses the key with an empty scope list: 403 insufficient_scope requiring ${scope}`,
      ),
      async ({ as, api, portfolio, harmlessMonth }) => {
        const client = as('noScopes');
        const response = await client.call(
          operationId,
          await harmlessRequest(operation, portfolio, () => harmlessMonth(api)),
        );
        expect(response).toBeProblem({ status: 403, code: 'insufficient_scope' });
        expectRuleHolds('SCOPE-008', response);
      },
    );
  }
});
