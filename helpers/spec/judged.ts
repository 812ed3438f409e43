/**
 * A spec provokes answers and cites the requirement; the rule one answer decides is stated once, in the
 * registry (helpers/contract/invariants.ts), which the client applies to every answer. `expectJudged` is how
 * such a test earns its pass: the registry judged the requirement on this target's answers in this worker,
 * and found no breach (a breach also fails the test that received the answer, as it arrives). No answer that
 * shows what the rule judges leaves the test not verified.
 */
import { verifiedOnlyIf } from '../data/verified';
import { judgementsOn, requirementJudgements } from '../wire/answer-checks';
import type { ApiResponse } from '../wire/api-response';
import { expect } from './fixtures';

export function expectJudged(id: string, baseUrl: string, what = 'the answers read'): void {
  const { judged, breaches } = requirementJudgements(id, baseUrl);
  expect(breaches, `${what}: the answers of this worker that broke ${id}`).toEqual([]);
  verifiedOnlyIf(judged > 0, 'data', `no answer of this worker showed what ${id} judges (${what})`);
}

/**
 * `expectJudged` for answers the test holds (which another worker may have received and judged: a shared
 * answer, a worker's sample): the registry's rules of `id` applied to them now.
 */
export function expectRuleHolds(id: string, ...responses: ApiResponse[]): void {
  let judged = 0;
  const breaches: string[] = [];
  for (const response of responses) {
    const made = judgementsOn(response, id);
    judged += made.judged;
    breaches.push(...made.breaches);
  }
  const what = responses.length === 1 ? responses[0]!.describe() : `${responses.length} answers`;
  expect(breaches, `${what}: the breaches of ${id}`).toEqual([]);
  verifiedOnlyIf(judged > 0, 'data', `${what}: none shows what ${id} judges`);
}
