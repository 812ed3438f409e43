/**
 * The rules of the Correlation area (CORR-) one answer decides: every answer carries an X-Request-Id, a
 * non-empty inbound one is echoed, an empty one replaced, and a problem's requestId is the header's. Part of
 * the registry (./registry.ts).
 * Contract: Authentication 8 (correlation); Errors.
 */
import { ANSWER, type Invariant, once } from '../contract/invariant-types';
import { problemBody } from '../contract/problem-bodies';

const REQUEST_ID = 'x-request-id';

export const CORRELATION_RULES: readonly Invariant[] = [
  {
    id: 'CORR-001',
    title: 'every answer carries a non-empty X-Request-Id header',
    subject: ANSWER,
    judge: (_, answer) =>
      once((answer.headers[REQUEST_ID] ?? '').trim() === '' ? 'X-Request-Id is missing or empty' : undefined),
  },
  {
    id: 'CORR-003',
    title: 'a non-empty inbound X-Request-Id is echoed',
    subject: ANSWER,
    judge: (_, answer) => {
      const sent = answer.requestHeaders[REQUEST_ID];
      if (sent === undefined || sent.trim() === '') return undefined;
      const echoed = answer.headers[REQUEST_ID];
      return once(
        echoed === sent ? undefined : `sent ${JSON.stringify(sent)}, received ${JSON.stringify(echoed)}`,
      );
    },
  },
  {
    id: 'CORR-002',
    title: 'the requestId of a problem equals the X-Request-Id header',
    subject: ANSWER,
    judge: (_, answer) => {
      const body = problemBody(answer);
      const header = answer.headers[REQUEST_ID];
      if (!body || header === undefined || !('requestId' in body)) return undefined;
      return once(
        body.requestId === header
          ? undefined
          : `requestId ${JSON.stringify(body.requestId)}, header ${JSON.stringify(header)}`,
      );
    },
  },
  {
    id: 'CORR-004',
    title: 'an empty inbound X-Request-Id still gets a non-empty generated one',
    subject: ANSWER,
    judge: (_, answer) => {
      const sent = answer.requestHeaders[REQUEST_ID];
      if (sent === undefined || sent.trim() !== '') return undefined;
      return once(
        (answer.headers[REQUEST_ID] ?? '').trim() !== '' ? undefined : 'X-Request-Id is missing or empty',
      );
    },
  },
];
