/**
 * Faults of the area correlation (CORR-*): Correlation with X-Request-Id.
 * The first requirement each one breaks is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { FaultDefinition } from './catalogue-types';

export const CORRELATION_FAULTS = [
  {
    name: 'rate-limit-before-request-id',
    requirements: ['CORR-001', 'CORR-002'],
    summary:
      'The rate limiter is mounted ahead of the request-id middleware, so its 429 carries no X-Request-Id and a null requestId.',
  },
  {
    name: 'request-id-constant',
    requirements: ['CORR-001', 'CORR-004'],
    summary:
      'The generated X-Request-Id is drawn once at start, so every response without an inbound id carries the same value.',
  },
  {
    name: 'request-id-missing-on-errors',
    requirements: ['CORR-001', 'CORR-002'],
    summary: 'Error responses (4xx, 5xx) leave without the X-Request-Id header.',
  },
  {
    name: 'instruction-problems-own-request-id',
    requirements: ['CORR-002'],
    summary:
      "The instruction engine raises its 409 and 422 problems with a correlation id of its own: their requestId differs from the response's X-Request-Id.",
  },
  {
    name: 'problem-request-id-null',
    requirements: ['CORR-002'],
    summary: 'requestId in problem bodies is always null although the response carries an X-Request-Id.',
  },
  {
    name: 'inbound-request-id-ignored',
    requirements: ['CORR-003'],
    summary: 'A non-empty inbound X-Request-Id is ignored and a new id is generated for every response.',
  },
  {
    name: 'empty-inbound-request-id-echoed',
    requirements: ['CORR-004'],
    summary: 'An empty inbound X-Request-Id is echoed as is, so the response carries an empty X-Request-Id.',
  },
] as const satisfies readonly FaultDefinition[];
