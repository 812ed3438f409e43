/**
 * Correlation: every response carries X-Request-Id (2xx, 4xx, PDF downloads, unknown routes; the 429 in
 * specs/daily-quota.spec.ts); a problem's requestId is the same value (also checked by `toBeProblem`); a
 * non-empty inbound X-Request-Id is echoed; without one (or with an empty one) a value is generated. Any
 * format of the generated value is accepted.
 * Contract: Authentication, point 8; Errors (member requestId, "mirrors `X-Request-Id`").
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import {
  type ApiClient,
  type ApiResponse,
  expect,
  expectRuleHolds,
  generatedInputs,
  type KeyRole,
  locateInstructionReceipt,
  sharedDocumentDownload,
  test,
  titled,
} from '../helpers/test';

const REQUEST_ID = 'X-Request-Id';

/** Header-safe values: visible ASCII, inner spaces allowed, no leading or trailing space, 1 to 64 characters. */
const inboundId = fc.stringMatching(/^[\x21-\x7e](?:[\x20-\x7e]{0,62}[\x21-\x7e])?$/);

function requestIdOf(response: ApiResponse): string | undefined {
  return response.header(REQUEST_ID);
}

/** Problem answers of several kinds, each from one otherwise ordinary request. */
const PROBLEM_CASES: {
  label: string;
  role: KeyRole | 'anonymous';
  send: (client: ApiClient) => Promise<ApiResponse>;
  status: number;
  code: string;
}[] = [
  {
    label: '401 invalid_api_key (no key)',
    role: 'anonymous',
    send: (c) => c.call('listPatents', { query: { itemsPerPage: 1 } }),
    status: 401,
    code: 'invalid_api_key',
  },
  {
    label: '400 validation_failed (patentId not a UUID)',
    role: 'all',
    send: (c) => c.call('getPatent', { path: { patentId: 'not-a-uuid' } }),
    status: 400,
    code: 'validation_failed',
  },
  {
    label: '403 insufficient_scope (key with no scope)',
    role: 'noScopes',
    send: (c) => c.call('listPatents', { query: { itemsPerPage: 1 } }),
    status: 403,
    code: 'insufficient_scope',
  },
  {
    label: '404 not_found (unknown patent)',
    role: 'all',
    send: (c) => c.call('getPatent', { path: { patentId: randomUUID() } }),
    status: 404,
    code: 'not_found',
  },
];

test.describe('correlation', () => {
  test(...titled('[CORR-001] a 200 JSON answer carries a non-empty X-Request-Id'), async ({ api }) => {
    const response = await api.call('listPatents', { query: { itemsPerPage: 1 } });
    expect(response).toHaveStatus(200);
    expectRuleHolds('CORR-001', response);
  });

  test(
    ...titled('[CORR-001] a PDF download carries a non-empty X-Request-Id'),
    async ({ api, portfolio }) => {
      // The run's shared download of an existing instruction receipt (specs/documents.spec.ts checks the PDF).
      const { response } = await sharedDocumentDownload(api, 'getInstructionReceiptDocument', () =>
        locateInstructionReceipt(api, portfolio),
      );
      expect(response).toHaveStatus(200);
      expectRuleHolds('CORR-001', response);
    },
  );

  test(
    ...titled('[CORR-001] a 201 sync answer carries a non-empty X-Request-Id'),
    async ({ api, requireSetting }) => {
      requireSetting('ALLOW_WRITES');
      // One item with neither providerId nor servicePatentId: REJECTED, no patent changes.
      const response = await api.call('syncPatents', {
        body: { items: [{ title: 'correlation probe: neither providerId nor servicePatentId' }] },
      });
      expect(response).toHaveStatus(201);
      expectRuleHolds('CORR-001', response);
    },
  );

  test(
    ...titled('[CORR-001] an unknown route under the prefix answers with a non-empty X-Request-Id'),
    async ({ api }) => {
      const response = await api.send({
        method: 'GET',
        path: `/api/v2/external/no-such-route-${randomUUID()}`,
      });
      // requestId of its problem body: the PROB-001 test of the same route (specs/problems.spec.ts).
      expectRuleHolds('CORR-001', response);
    },
  );

  for (const { label, role, send, status, code } of PROBLEM_CASES) {
    test(
      ...titled(
        `[CORR-001, CORR-002] a ${label} answer carries X-Request-Id and the same value as requestId`,
      ),
      async ({ as, anonymous }) => {
        const response = await send(role === 'anonymous' ? anonymous : as(role));
        // The problem the case provokes (the precondition); the header and requestId are the registry's.
        expect(response).toBeProblem({ status, code });
        expectRuleHolds('CORR-001', response);
        expectRuleHolds('CORR-002', response);
      },
    );
  }

  test(
    ...titled(
      '[CORR-003, CORR-002] a non-empty inbound X-Request-Id is echoed in the header and in requestId of a problem',
    ),
    async ({ api }) => {
      const responses = await Promise.all(
        generatedInputs(inboundId, 5).map(async (inbound) => {
          const response = await api.call('getPatent', {
            path: { patentId: randomUUID() },
            headers: { [REQUEST_ID]: inbound },
          });
          expect(response).toBeProblem({ status: 404, code: 'not_found' });
          return response;
        }),
      );
      // The header echoes the value sent (CORR-003), and requestId is the header's (CORR-002).
      expectRuleHolds('CORR-003', ...responses);
      expectRuleHolds('CORR-002', ...responses);
    },
  );

  test(...titled('[CORR-003] a 200 answer echoes the inbound X-Request-Id'), async ({ api }) => {
    const inbound = `client-trace/${randomUUID()}:1`;
    const response = await api.call('listPatents', {
      query: { itemsPerPage: 1 },
      headers: { [REQUEST_ID]: inbound },
    });
    expect(response).toHaveStatus(200);
    expectRuleHolds('CORR-003', response);
  });

  test(
    ...titled('[CORR-003] a 401 answer echoes the inbound X-Request-Id in the header and in requestId'),
    async ({ anonymous }) => {
      const inbound = `unauthenticated-${randomUUID()}`;
      const response = await anonymous.call('listPatents', { headers: { [REQUEST_ID]: inbound } });
      expect(response).toBeProblem({ status: 401, code: 'invalid_api_key' });
      // The header echoes the value sent (CORR-003), and requestId is the header's (CORR-002's judge).
      expectRuleHolds('CORR-003', response);
      expectRuleHolds('CORR-002', response);
    },
  );

  test(
    ...titled('[CORR-001] without an inbound X-Request-Id, two answers carry two different generated values'),
    async ({ api }) => {
      const [first, second] = await Promise.all([
        api.call('listPatents', { query: { itemsPerPage: 1 } }),
        api.call('listPatents', { query: { itemsPerPage: 1 } }),
      ]);
      expectRuleHolds('CORR-001', first, second);
      // Two answers, two values: no rule of one answer can tell.
      expect(requestIdOf(first), `${REQUEST_ID} of two answers`).not.toBe(requestIdOf(second));
    },
  );

  test(
    ...titled(
      '[CORR-004] an empty inbound X-Request-Id gets a generated, non-empty value, new on each request',
    ),
    async ({ api }) => {
      const send = () =>
        api.call('listPatents', { query: { itemsPerPage: 1 }, headers: { [REQUEST_ID]: '' } });
      const [first, second] = await Promise.all([send(), send()]);
      expect(first).toHaveStatus(200);
      expectRuleHolds('CORR-004', first, second);
      // New on each request: two answers, two values, which no rule of one answer can tell.
      expect(requestIdOf(first), `${REQUEST_ID} of two answers`).not.toBe(requestIdOf(second));
    },
  );
});
