/**
 * Versioning: every route lives under /api/v2/external/, checked on the target's list routes.
 * Contract: the introduction ("All routes live under `/api/v2/external/`"); Versioning.
 * The freedoms of additive evolution (new eventType kinds, new problem members: EVO-002, EVO-003) are the
 * server's, and a duty of clients: no answer can breach them. The suite's own tolerance of them is checked
 * by its project tests (tests/evolution-tolerance.test.ts) and by the reference's variants, never counted as
 * a target's pass.
 */
import { expect, expectRuleHolds, operations, test, titled, WIDE_WINDOW } from '../helpers/test';

test.describe('evolution', () => {
  const listRoutes = operations().filter((o) => o.method === 'GET' && o.pathParams.length === 0);
  for (const { operationId, path } of listRoutes) {
    test(
      ...titled(`[EVO-001] ${operationId} answers 200 at ${path}, under the version prefix`),
      async ({ api }) => {
        const window = operationId === 'listEventsByPeriod' ? WIDE_WINDOW : {};
        const response = await api.call(operationId, { query: { ...window, itemsPerPage: 1 } });
        // 200, not only served: the registry judges the route, not whether a valid request succeeds.
        expect(response).toHaveStatus(200);
        // Served at the operation's path under the prefix (the rule judges only a request sent there).
        expectRuleHolds('EVO-001', response);
      },
    );
  }
});
