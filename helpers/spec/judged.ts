/**
 * A spec provokes answers and cites the requirement; the rule one answer decides is stated once, in the
 * registry (helpers/rules/registry.ts), which the client applies to every answer. `expectJudged` is how
 * such a test earns its pass: the registry judged the requirement on this target's answers in this worker,
 * and found no breach (a breach also fails the test that received the answer, as it arrives). No answer that
 * shows what the rule judges leaves the test not verified.
 */
import { verifiedOnlyIf } from '../data/verified';
import { judgementsOn, requirementJudgements, warnsOnly } from '../wire/answer-checks';
import type { ApiResponse } from '../wire/api-response';
import { expect, test } from './fixtures';

/**
 * The pass such a test earns: no breach of `id`, and at least one answer judged by it (else not verified). A
 * SHOULD or MAY breached is a warning of the test, as on any answer (helpers/wire/answer-checks.ts), never a
 * failure.
 */
function settle(id: string, judged: number, breaches: string[], what: string, none: string): void {
  if (warnsOnly(id))
    for (const breach of breaches)
      test.info().annotations.push({ type: 'warning', description: `${what}: ${breach}` });
  else expect(breaches, `${what}: the breaches of ${id}`).toEqual([]);
  verifiedOnlyIf(judged > 0, 'data', none);
}

export function expectJudged(id: string, baseUrl: string, what = 'the answers read'): void {
  const { judged, breaches } = requirementJudgements(id, baseUrl);
  settle(
    id,
    judged,
    breaches,
    `${what}, this worker's answers`,
    `no answer of this worker showed what ${id} judges (${what})`,
  );
}

/**
 * `expectJudged` for answers the test holds (which another worker may have received and judged: a shared
 * answer, a worker's sample): the registry's rules of `id` applied to them now.
 */
export function expectRuleHolds(id: string, ...responses: ApiResponse[]): void {
  const made = responses.map((response) => judgementsOn(response, id));
  const what = responses.length === 1 ? responses[0]!.describe() : `${responses.length} answers`;
  settle(
    id,
    made.reduce((n, m) => n + m.judged, 0),
    made.flatMap((m) => m.breaches),
    what,
    `${what}: none shows what ${id} judges`,
  );
}

/**
 * `expectJudged` for the answers of `reads` alone: the judgements of `id` that they added in this worker. A
 * relation (helpers/rules/relations.ts) is judged when a read completes a pair, whichever test read the other
 * side: the test earns its pass when its own reads completed at least one.
 */
export async function expectJudgedDuring(
  id: string,
  baseUrl: string,
  what: string,
  reads: () => Promise<unknown>,
): Promise<void> {
  const before = requirementJudgements(id, baseUrl);
  await reads();
  const after = requirementJudgements(id, baseUrl);
  settle(
    id,
    after.judged - before.judged,
    after.breaches.slice(before.breaches.length),
    what,
    `${what}: no pair that ${id} judges was completed`,
  );
}
