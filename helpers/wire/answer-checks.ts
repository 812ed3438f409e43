/**
 * The checks made on every answer the suite's client receives, whichever test made the call and wherever
 * the resource sits in the answer (lists, single reads, embedded copies, POST and PUT answers), at no
 * extra request; the client runs them after the schema check of the answer (ClientDeps.onAnswer):
 *
 * - the invariants (helpers/contract/invariants.ts): rules decided from one resource of an answer and the
 *   request that produced it, each with its requirement id; a breach fails the test that made the call
 *   with the id in the message, and each invariant has a test of its own (specs/invariants.spec.ts) that
 *   makes sure it judged something;
 * - values the contract makes unique in a tenant (receipt numbers, invoice references), compared across
 *   every answer of the run, all workers together (the run folder);
 * - the facts the contract fixes, compared with earlier runs against the same target
 *   (helpers/contract/fixed-facts.ts, helpers/run/fact-ledger.ts);
 * - the consistency ledger: every fact of a resource compared with its latest sighting in the run, on any
 *   route, in any worker, a difference failing unless a write or the date could explain it
 *   (helpers/contract/consistency.ts, helpers/run/consistency-ledger.ts).
 */
import fs from 'node:fs';
import { expect } from '@playwright/test';
import { fixedFactsOf, type FixedFact } from '../contract/fixed-facts';
import { INVARIANTS, resourcesOf, uniqueValuesOf, type AnswerFacts } from '../contract/invariants';
import { judgeConsistency } from '../run/consistency-ledger';
import { judgeFixedFacts } from '../run/fact-ledger';
import { inCoordinatedRun, uniqueValueFile, uniqueValuesFolder, withFolder } from '../run/run-folder';
import type { ApiResponse } from './api-response';

/** How many resources each invariant judged in this process: its own test reads it. */
const judged = new Map<string, number>();
export const judgedCount = (invariantId: string, title: string) => judged.get(`${invariantId} ${title}`) ?? 0;

const ownersInProcess = new Map<string, string>();

/** How many distinct values of `kind` the run has compared so far, all processes together. */
export function uniqueValuesSeen(kind: string): number {
  const prefix = `${kind.replace(/[^\w.-]/g, '_')}-`;
  if (!inCoordinatedRun()) return [...ownersInProcess.keys()].filter((k) => k.split('|')[1] === kind).length;
  const folder = uniqueValuesFolder();
  return fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.startsWith(prefix)).length : 0;
}

/**
 * Claims `value` of `kind` for `owner` in the tenant; returns the other owner when one holds it already.
 * Across the run's processes through an O_EXCL file (helpers/run/run-folder.ts), else within this process.
 */
function otherOwner(namespace: string, kind: string, value: string, owner: string): string | undefined {
  const key = `${namespace}|${kind}|${value}`;
  if (!inCoordinatedRun()) {
    const held = ownersInProcess.get(key);
    if (held === undefined) ownersInProcess.set(key, owner);
    return held !== undefined && held !== owner ? held : undefined;
  }
  const file = withFolder(uniqueValueFile(namespace, kind, value));
  try {
    fs.writeFileSync(file, owner, { flag: 'wx' });
    return undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const held = fs.readFileSync(file, 'utf8');
    return held !== owner ? held : undefined;
  }
}

/** The tenant of the primary key (API_KEY): values and facts are compared per tenant. */
export const PRIMARY_TENANT = 'primary';

/** The consistency ledger's breaches of an answer (its body parsed), recording its facts for the run. */
function consistencyBreaches(
  response: ApiResponse,
  body: unknown,
  facts: FixedFact[],
  tenant: string,
  baseUrl: string,
): string[] {
  const answeredAt = Date.now();
  const sentAt = response.exchange.sentAt ?? answeredAt - response.exchange.durationMs;
  const namespace = `${baseUrl}-${tenant}`;
  return judgeConsistency(body, facts, response.describe(), { sentAt, answeredAt }, namespace, baseUrl);
}

/**
 * An `onAnswer` that records the facts of every answer in the consistency ledger and fails nothing: the
 * global setup's events sweep, made before any test, which the tests' answers are then compared with.
 */
export function recordFacts(tenant: string, baseUrl: string): (response: ApiResponse) => void {
  return (response) => {
    if (response.status < 200 || response.status >= 300 || !response.isJson) return;
    const body = response.json();
    consistencyBreaches(response, body, fixedFactsOf(body), tenant, baseUrl);
  };
}

/** The breaches an answer shows, one line each, each starting with its requirement id in brackets. */
export function answerBreaches(response: ApiResponse, tenant: string, baseUrl: string): string[] {
  if (response.status < 200 || response.status >= 300 || !response.isJson) return [];
  const body = response.json();
  const answer: AnswerFacts = {
    method: response.exchange.request.method,
    operationId: response.operationId,
    dateHeader: response.header('date'),
  };
  const breaches: string[] = [];
  for (const { resource, path } of resourcesOf(body)) {
    for (const invariant of INVARIANTS) {
      if (resource.object !== invariant.object) continue;
      const found = invariant.judge(resource, answer);
      if (found === undefined) continue;
      const key = `${invariant.id} ${invariant.title}`;
      judged.set(key, (judged.get(key) ?? 0) + 1);
      breaches.push(...found.map((b) => `[${invariant.id}] ${invariant.title}: ${path}: ${b}`));
    }
  }
  for (const unique of uniqueValuesOf(body)) {
    const held = otherOwner(`${baseUrl}-${tenant}`, unique.kind, unique.value, unique.owner);
    if (held !== undefined)
      breaches.push(
        `[${unique.requirement}] ${unique.kind} ${unique.value} is shown for ${unique.owner} and, earlier in the run, for ${held}`,
      );
  }
  const facts = fixedFactsOf(body);
  breaches.push(...judgeFixedFacts(facts, response.describe()).breaches);
  breaches.push(...consistencyBreaches(response, body, facts, tenant, baseUrl));
  return breaches;
}

/** The client's `onAnswer` for a key of `tenant`: fails the current test on any breach. */
export function checkAnswers(tenant: string, baseUrl: string): (response: ApiResponse) => void {
  return (response) => {
    const breaches = answerBreaches(response, tenant, baseUrl);
    if (breaches.length)
      expect(
        breaches,
        `${response.describe()}: the answer breaks rules the contract states for every answer`,
      ).toEqual([]);
  };
}
