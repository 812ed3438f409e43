/**
 * The checks made on every answer the suite's client receives, whichever test made the call and wherever
 * the resource sits in the answer (lists, single reads, embedded copies, POST and PUT answers), at no
 * extra request; the client runs them after the schema check of the answer (ClientDeps.onAnswer).
 *
 * Today: the facts the contract fixes, compared with earlier runs against the same target
 * (helpers/contract/fixed-facts.ts, helpers/run/fact-ledger.ts).
 */
import { expect } from '@playwright/test';
import { fixedFactsOf } from '../contract/fixed-facts';
import { judgeFixedFacts } from '../run/fact-ledger';
import type { ApiResponse } from './api-response';

export function checkAnswer(response: ApiResponse): void {
  if (response.status < 200 || response.status >= 300 || !response.isJson) return;
  const { breaches } = judgeFixedFacts(fixedFactsOf(response.json()), response.describe());
  if (breaches.length)
    expect(
      breaches,
      `${response.describe()}: facts the contract fixes differ from what an earlier run against this target saw`,
    ).toEqual([]);
}
