/**
 * The suite's tolerance of additive evolution (contract: Versioning; Events, "clients ignore kinds they do not
 * handle"; Errors, "Unrecognized members are ignored by clients"): new eventType kinds and new problem members
 * may appear without notice, and the suite's own schemas, matchers and event helpers must accept them. These
 * are checks of the suite, made on synthetic bodies with no request, so they are project tests: a conformance
 * test judges a target's answers. The OpenAPI document's paths sit under the version prefix (EVO-001 as the
 * document states it; the conformance run checks the target's routes).
 */
import { test } from 'node:test';
import { expect } from '../helpers/spec/fixtures';
import { ApiResponse } from '../helpers/wire/api-response';
import { schemaErrors } from '../helpers/wire/schema-validator';
import { earliestPending, renewals } from '../helpers/contract/event-rules';
import { operations, type OperationId } from '../helpers/contract/contract';
import { loadOpenApi } from '../schemas/ajv';
import { API_PREFIX } from '../helpers/contract/invariant-types';
import type { PatentEvent } from '../schemas/types';

/** A response as the client would hold it, for the suite's own checks (nothing is sent). */
function syntheticResponse(
  operationId: OperationId,
  status: number,
  contentType: string,
  body: unknown,
): ApiResponse {
  return new ApiResponse(
    {
      request: { method: 'GET', url: `http://target.invalid${API_PREFIX}synthetic`, headers: {} },
      status,
      headers: { 'content-type': contentType, 'x-request-id': 'synthetic-1' },
      body: Buffer.from(JSON.stringify(body)),
      durationMs: 0,
    },
    operationId,
  );
}

/** A conformant RENEWAL event, written by hand. */
const RENEWAL_EVENT: PatentEvent = {
  object: 'patentEvent',
  id: '0b6f8f4e-2a41-4c1e-9a53-6f1d2c3b4a50',
  patent: { id: '5d2e7c1a-8b3f-4e6d-a9c0-1f2e3d4c5b6a', providerId: 'CLIENT-0001' },
  eventType: 'RENEWAL',
  dueDate: '2031-05-31',
  gracePeriodEndDate: '2031-11-30',
  renewal: { annuityYear: 6 },
  appliedDecision: null,
  duePeriod: 'UPCOMING',
  processingStatus: 'NOT_INSTRUCTED',
  processingStatusUpdatedAt: null,
  isFxRateFrozen: false,
  feesStatus: 'ESTIMATED',
  createdAt: '2024-01-02T12:00:00Z',
  updatedAt: '2024-01-02T12:00:00Z',
  instructability: {
    isAllowed: false,
    allowedDecisions: [],
    blockedReason: 'TOO_EARLY',
    opensAt: '2031-03-01',
    mode: 'DIRECT',
  },
};

/** An event of a kind added after this suite was written: due earlier, no renewal, no decision. */
const UNKNOWN_KIND_EVENT: PatentEvent = {
  ...RENEWAL_EVENT,
  id: '7a9b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  eventType: 'ANNUAL_MAINTENANCE_REPORT',
  dueDate: '2030-01-15',
  gracePeriodEndDate: null,
  renewal: null,
  feesStatus: null,
};

/** A not_found problem with members the contract does not list, no `instance` and no `detail`. */
const EXTENDED_NOT_FOUND = {
  type: '/errors/not-found',
  title: 'Not found',
  status: 404,
  code: 'not_found',
  requestId: 'synthetic-1',
  traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
  retryable: false,
  documentation: { href: 'https://example.invalid/errors/not-found', lang: ['en', 'fr'] },
};

void test('every path of the OpenAPI document starts with /api/v2/external/', () => {
  const paths = Object.keys(loadOpenApi().paths ?? {});
  expect(operations().length, 'operations in schemas/openapi.yaml').toBeGreaterThan(0);
  expect(paths.filter((p) => !p.startsWith(API_PREFIX))).toEqual([]);
});

void test('the schemas accept an event of an unknown eventType whose renewal is null', () => {
  expect(schemaErrors('PatentEvent', RENEWAL_EVENT), 'the hand-written RENEWAL event is valid').toEqual([]);
  expect(schemaErrors('PatentEvent', UNKNOWN_KIND_EVENT)).toEqual([]);
});

void test('a page mixing RENEWAL and unknown event kinds matches the list schemas', () => {
  const page = {
    pagination: { totalItems: 2, currentPage: 1, itemsPerPage: 10, totalPages: 1, hasMore: false },
    data: [UNKNOWN_KIND_EVENT, RENEWAL_EVENT],
  };
  expect(syntheticResponse('listEventsByPeriod', 200, 'application/json', page)).toMatchResponseSchema();
  expect(
    syntheticResponse('listPatentEvents', 200, 'application/json; charset=utf-8', page),
  ).toMatchResponseSchema();
});

void test('of an event of an unknown eventType, only renewal null is expected', () => {
  const withRenewal = { ...UNKNOWN_KIND_EVENT, renewal: { annuityYear: 6 } };
  expect(schemaErrors('PatentEvent', withRenewal)).not.toEqual([]);
});

void test('renewals() and earliestPending() ignore events of an unknown eventType', () => {
  const events = [UNKNOWN_KIND_EVENT, RENEWAL_EVENT];
  expect(renewals(events).map((e) => e.id)).toEqual([RENEWAL_EVENT.id]);
  expect(earliestPending(events)?.id, 'the earlier unknown-kind event is not the pending renewal').toBe(
    RENEWAL_EVENT.id,
  );
});

void test('the problem schemas accept members the contract does not list', () => {
  expect(schemaErrors('Problem', EXTENDED_NOT_FOUND)).toEqual([]);
  expect(schemaErrors('ProblemNotFound', EXTENDED_NOT_FOUND)).toEqual([]);
  const scope = {
    ...EXTENDED_NOT_FOUND,
    type: '/errors/insufficient-scope',
    title: 'Forbidden',
    status: 403,
  };
  expect(
    schemaErrors('ProblemInsufficientScope', {
      ...scope,
      code: 'insufficient_scope',
      requiredScope: 'patents:read',
    }),
  ).toEqual([]);
});

void test('toBeProblem accepts a problem with unknown members, no instance and a charset parameter', () => {
  const response = syntheticResponse(
    'getPatent',
    404,
    'application/problem+json; charset=utf-8',
    EXTENDED_NOT_FOUND,
  );
  expect(response).toBeProblem({ status: 404, code: 'not_found' });
  expect(response).toMatchResponseSchema();
});
