/**
 * Answers as the invariant registry (helpers/rules/registry.ts) sees them (helpers/contract/invariant-types.ts), built for the registry's
 * unit tests: what a test does not set is left neutral (a GET of the patents list answered 200).
 */
import type { APIRequestContext } from '@playwright/test';
import type { AnswerFacts } from '../helpers/contract/invariant-types';
import { judgeAnswer } from '../helpers/rules/registry';

/** An answer's facts, with what a test does not set left neutral. */
export function answer(facts: Partial<AnswerFacts>): AnswerFacts {
  return {
    method: 'GET',
    operationId: undefined,
    status: 200,
    mediaType: 'application/json',
    headers: { 'x-request-id': 'r-1' },
    requestHeaders: {},
    path: '/api/v2/external/patents',
    pathParams: {},
    query: {},
    requestBody: undefined,
    body: undefined,
    dateHeader: undefined,
    ...facts,
    sentBody: facts.sentBody ?? facts.requestBody !== undefined,
  };
}

/** The breaches of `id` an answer shows, or undefined when no invariant of `id` judged it. */
export function breachesOf(id: string, facts: AnswerFacts): string[] | undefined {
  const judged = judgeAnswer(facts).filter((j) => j.invariant.id === id);
  return judged.length === 0 ? undefined : judged.flatMap((j) => j.breaches);
}

/** A list envelope holding every item on its one page. */
export function onePage(data: unknown[], itemsPerPage = 10): Record<string, unknown> {
  const pagination = { totalItems: data.length, currentPage: 1, itemsPerPage, totalPages: 1, hasMore: false };
  return { pagination, data };
}

/**
 * A request context for the client's unit tests: every request answers 200 with `body` as JSON, except the
 * first `drops`, whose connection resets. `sent` lists the requests as `METHOD path`.
 */
export function answeringContext(body: unknown, drops = 0): { context: APIRequestContext; sent: string[] } {
  const sent: string[] = [];
  const context = {
    fetch: async (url: string, options: { method: string }) => {
      sent.push(`${options.method} ${new URL(url).pathname}`);
      if (sent.length <= drops) throw new Error('apiRequestContext.fetch: read ECONNRESET');
      return {
        status: () => 200,
        headers: () => ({ 'content-type': 'application/json', 'x-request-id': 'r-1' }),
        body: async () => Buffer.from(JSON.stringify(body)),
      };
    },
  } as unknown as APIRequestContext;
  return { context, sent };
}
