/**
 * Problem details (RFC 9457): the media type and the base members, the code table (status, type, extension
 * members) for every error the suite can provoke before a body is read, and the answers a server framework
 * builds by itself. The field errors of validation_failed are in problems-validation.spec.ts, the instruction
 * and sync conflicts in problems-conflicts.spec.ts.
 * Contract: Errors (member table, code table).
 */
import { randomUUID } from 'node:crypto';
import {
  API_PREFIX,
  expectRuleHolds,
  type ApiResponse,
  expect,
  type SharedAnswerName,
  skipIf,
  STATE_NOT_OFFERED,
  test,
  titled,
  verifiedOnlyIf,
} from '../helpers/test';

/** A sync body refused on any reading (empty items), sent as text/plain. */
const TEXT_PLAIN_BODY = Buffer.from('{"items": []}', 'utf8');
/** A header larger than most servers read (Node 16 KB, Kestrel 32 KB, nginx and Tomcat 8 KB). */
const PADDING_HEADER = 'X-Conformance-Padding';
const OVERSIZED_HEADER_BYTES = 40 * 1024;

type Body = Record<string, unknown>;

/** Problems provoked before and after authentication: the two places a server builds its error bodies. */
const BASE_CASES: { label: string; answer: SharedAnswerName }[] = [
  { label: '401 without a key', answer: 'withoutKey' },
  { label: '404 for an unknown patent', answer: 'unknownPatent' },
];

/** The precondition of the problem rules: the answer has an error status. */
function errorStatus(response: ApiResponse): void {
  expect(response.status, `${response.describe()}: an error status was provoked`).toBeGreaterThanOrEqual(400);
}

function problemBody(response: ApiResponse): Body {
  errorStatus(response);
  return response.json<Body>();
}

test.describe('problems', () => {
  test.describe('base members', () => {
    for (const { label, answer } of BASE_CASES) {
      test(
        ...titled(`[PROB-001] a ${label} has content type application/problem+json`),
        async ({ sharedAnswer }) => {
          const response = await sharedAnswer(answer);
          errorStatus(response);
          expectRuleHolds('PROB-001', response);
        },
      );
    }

    // One member per test, the provoked problem alternating between the two places (the code table below
    // checks every member of every problem it provokes as well).
    const beforeAuth = BASE_CASES[0]!;
    const afterAuth = BASE_CASES[1]!;

    test(
      ...titled(`[PROB-002] a ${afterAuth.label} has a type that is a URI reference`),
      async ({ sharedAnswer }) => {
        const response = await sharedAnswer(afterAuth.answer);
        problemBody(response);
        expectRuleHolds('PROB-002', response);
      },
    );

    test(...titled(`[PROB-004] a ${beforeAuth.label} has a string title`), async ({ sharedAnswer }) => {
      const response = await sharedAnswer(beforeAuth.answer);
      problemBody(response);
      expectRuleHolds('PROB-004', response);
    });

    test(
      ...titled(`[PROB-005] a ${afterAuth.label} has an integer status equal to the HTTP status`),
      async ({ sharedAnswer }) => {
        const response = await sharedAnswer(afterAuth.answer);
        problemBody(response);
        expectRuleHolds('PROB-005', response);
      },
    );

    test(
      ...titled(`[PROB-006] a ${beforeAuth.label} has detail and instance as strings when present`),
      async ({ sharedAnswer }) => {
        const answer = await sharedAnswer(beforeAuth.answer);
        const body = problemBody(answer);
        // Both are optional (member table): the test judges those sent; a problem with neither uses that
        // freedom, which the catalogue quotes for PROB-006 (emptiedBy): nothing to judge, and no gap.
        verifiedOnlyIf(
          'detail' in body || 'instance' in body,
          'freedom',
          'no detail or instance member in the problem to check',
        );
        expectRuleHolds('PROB-006', answer);
      },
    );

    test(
      ...titled(`[PROB-007] a ${afterAuth.label} has a non-empty string code`),
      async ({ sharedAnswer }) => {
        const response = await sharedAnswer(afterAuth.answer);
        problemBody(response);
        expectRuleHolds('PROB-007', response);
      },
    );

    test(
      ...titled(`[PROB-008] a ${beforeAuth.label} has a requestId, a string or null`),
      async ({ sharedAnswer }) => {
        const response = await sharedAnswer(beforeAuth.answer);
        problemBody(response);
        expectRuleHolds('PROB-008', response);
      },
    );
  });

  test.describe('code table', () => {
    // Each test provokes its code (the code is the precondition: a code-table rule judges the answers that
    // carry its code); the registry's rule of the code judges its status and type.
    test(
      ...titled(
        '[PROB-012] a request without a key gets 401 invalid_api_key of type /errors/invalid-api-key',
      ),
      async ({ sharedAnswer }) => {
        const response = await sharedAnswer('withoutKey');
        expect(response).toBeProblem({ code: 'invalid_api_key' });
        expectRuleHolds('PROB-012', response);
      },
    );

    test(
      ...titled('[PROB-013] an expired key gets 401 api_key_expired of type /errors/api-key-expired'),
      async ({ as }) => {
        const response = await as('expired').call('listInvoices', { query: { itemsPerPage: 1 } });
        expect(response).toBeProblem({ code: 'api_key_expired' });
        expectRuleHolds('PROB-013', response);
      },
    );

    test(
      ...titled(
        '[PROB-010, PROB-014] a key lacking the scope gets 403 insufficient_scope with requiredScope at the top level',
      ),
      async ({ sharedAnswer }) => {
        const response = await sharedAnswer('lackingScope');
        expect(response).toBeProblem({ code: 'insufficient_scope' });
        expectRuleHolds('PROB-014', response);
        expectRuleHolds('PROB-010', response);
      },
    );

    test(
      ...titled(
        '[PROB-015] a tenant without the freeze capability gets 403 forbidden of type /errors/forbidden',
      ),
      async ({ sharedAnswer }) => {
        const response = await sharedAnswer('withoutFreezeCapability');
        expect(response).toBeProblem({ code: 'forbidden' });
        expectRuleHolds('PROB-015', response);
      },
    );

    test(
      ...titled('[PROB-003, PROB-016] an unknown patent id gets 404 not_found of type /errors/not-found'),
      async ({ sharedAnswer }) => {
        const response = await sharedAnswer('unknownPatent');
        // PROB-016 (no judge decides it): a well-formed unknown id gets 404 not_found.
        expect(response).toBeProblem({ status: 404, code: 'not_found' });
        expectRuleHolds('PROB-003', response);
      },
    );

    test(
      ...titled('[PROB-001] an unknown route under /api/v2/external/ answers a 4xx problem'),
      async ({ api }) => {
        const response = await api.send({
          method: 'GET',
          path: `${API_PREFIX}no-such-resource-${Date.now()}`,
        });
        // Refused with a 4xx: the status class of an unknown route is this test's own expectation, not PROB-001's
        // rule (the media type of every error answer), so it stays here.
        expect(response.status, response.describe()).toBeGreaterThanOrEqual(400);
        expect(response.status, response.describe()).toBeLessThan(500);
        expectRuleHolds('PROB-001', response);
        // An answer to no operation, which the client's checks do not judge: the matcher applies the registry's
        // other problem and correlation rules to it (and a problem's body is a JSON object).
        expect(response).toBeProblem();
      },
    );

    test(
      ...titled('[PROB-001, PROB-023] an unexpected failure answers 500 internal_error as a problem'),
      async ({ as, target, requestContext, requireSetting, exchanges }) => {
        requireSetting('PROVIDER_STATES_URL');
        // A tenant other than the primary one, so that the failure hits no other test's request.
        const client = as('noFreeze');
        const url = `${target.providerStatesUrl!.replace(/\/+$/, '')}/fail-next-requests`;
        const headers = { 'content-type': 'application/json', 'x-api-key': client.key! };
        // Only the request carrying this X-Request-Id fails, where the provider state can tell requests apart:
        // other tests use the tenant meanwhile.
        const requestId = `internal-error-probe-${randomUUID()}`;
        const data = JSON.stringify({ count: 1, requestId });
        const state = await requestContext.post(url, { headers, data, failOnStatusCode: false });
        exchanges.push({
          request: { method: 'POST', url, headers, body: data },
          status: state.status(),
          headers: state.headers(),
          body: await state.body(),
          durationMs: 0,
        });
        skipIf(
          STATE_NOT_OFFERED.includes(state.status()),
          'setting',
          `the provider-states endpoint offers no fail-next-requests state (answered ${state.status()})`,
        );
        expect(state.ok(), `provider state fail-next-requests answered ${state.status()}`).toBe(true);
        const response = await client.call('listPatents', {
          query: { itemsPerPage: 1 },
          headers: { 'X-Request-Id': requestId },
          retry: false,
        });
        // The failure provoked gives internal_error; its status, type and "generic detail" are the registry's.
        expect(response).toBeProblem({ code: 'internal_error' });
        expectRuleHolds('PROB-001', response);
        expectRuleHolds('PROB-023', response);
      },
    );
  });

  test.describe('answers the framework builds by itself', () => {
    // Every 4xx and 5xx under the prefix is a problem, including the answers a server framework (router, body
    // reader, HTTP parser) would make on its own. The status of each is not stated: only an error status is
    // judged, and a target that accepts the request leaves the test not verified. These requests go to no
    // operation of the contract, whose answers the client's checks do not judge: besides PROB-001's judge,
    // `toBeProblem` applies the registry's other problem and correlation rules to them.
    const judged = (response: ApiResponse) =>
      verifiedOnlyIf(
        response.status >= 400,
        { target: response },
        `${response.describe()}: not an error status, so the media-type rule has nothing to judge`,
      );

    test(
      ...titled(
        '[PROB-001] a method the path does not define (DELETE on a patent) answers a problem when it is refused',
      ),
      async ({ api }) => {
        // A random id: whatever the target does with DELETE, it names no patent of the tenant.
        const response = await api.send({ method: 'DELETE', path: `${API_PREFIX}patents/${randomUUID()}` });
        judged(response);
        expectRuleHolds('PROB-001', response);
        expect(response).toBeProblem();
      },
    );

    test(
      ...titled(
        '[PROB-001] a sync POST whose body is sent as text/plain answers a problem when it is refused',
      ),
      async ({ api, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        // Empty items: refused on any reading of the body, so that no batch is created even by a server that
        // reads a text/plain body as JSON.
        const response = await api.send({
          method: 'POST',
          path: `${API_PREFIX}patents/sync`,
          headers: { 'content-type': 'text/plain' },
          body: TEXT_PLAIN_BODY,
        });
        judged(response);
        expectRuleHolds('PROB-001', response);
        expect(response).toBeProblem();
      },
    );

    test(
      ...titled(
        `[PROB-001] a request with a ${OVERSIZED_HEADER_BYTES / 1024} KB header answers a problem when it is refused`,
      ),
      async ({ api }) => {
        const response = await api.send({
          method: 'GET',
          path: `${API_PREFIX}patents`,
          query: { itemsPerPage: 1 },
          headers: { [PADDING_HEADER]: 'a'.repeat(OVERSIZED_HEADER_BYTES) },
        });
        judged(response);
        expectRuleHolds('PROB-001', response);
        expect(response).toBeProblem();
      },
    );
  });
});
