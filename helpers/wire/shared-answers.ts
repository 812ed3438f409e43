/**
 * Answers that several tests check for different clauses (the problem members, the code table, the
 * rate-limit headers), made once per run and shared through the `sharedAnswer` fixture, so that each clause
 * keeps its own test without costing its own request.
 */
import { randomUUID } from 'node:crypto';
import type { ApiClient, ApiResponse } from './api-client';
import type { KeyRole } from '../run/settings';

/** The request whose answer is shared. */
interface SharedAnswer {
  /** The key role that sends it; undefined: no key at all. */
  role: KeyRole | undefined;
  send: (client: ApiClient) => Promise<ApiResponse>;
}

export const SHARED_ANSWERS = {
  /** 401 invalid_api_key, built before authentication. */
  withoutKey: { role: undefined, send: (c) => c.call('listPatents', { query: { itemsPerPage: 1 } }) },
  /** 404 not_found, built after authentication. */
  unknownPatent: { role: 'all', send: (c) => c.call('getPatent', { path: { patentId: randomUUID() } }) },
  /** 400 validation_failed on a path parameter. */
  malformedPatentId: { role: 'all', send: (c) => c.call('getPatent', { path: { patentId: 'not-a-uuid' } }) },
  /** 400 validation_failed on a query parameter: a sort field that is no member of the patent. */
  patentsUnknownSort: { role: 'all', send: (c) => c.call('listPatents', { query: { sort: 'unknown' } }) },
  /** 400 validation_failed on a query parameter: a sort field that is no member of the invoice. */
  invoicesUnknownSort: { role: 'all', send: (c) => c.call('listInvoices', { query: { sort: 'unknown' } }) },
  /** 400 validation_failed: events by period without any due window. */
  periodWithoutWindow: { role: 'all', send: (c) => c.call('listEventsByPeriod') },
  /** 400 validation_failed: events by period with an incomplete due window (dueFrom alone). */
  periodDueFromOnly: {
    role: 'all',
    send: (c) => c.call('listEventsByPeriod', { query: { dueFrom: '2020-01-01' } }),
  },
  /** 403 insufficient_scope: a patents:read key on the invoice list. */
  lackingScope: {
    role: 'patentsRead',
    send: (c) => c.call('listInvoices', { query: { itemsPerPage: 1 } }),
  },
  /** 403 forbidden: a tenant without the freeze capability. */
  withoutFreezeCapability: { role: 'noFreeze', send: (c) => c.call('listExchangeRateFreezes') },
} satisfies Record<string, SharedAnswer>;

export type SharedAnswerName = keyof typeof SHARED_ANSWERS;
