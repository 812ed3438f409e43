/**
 * The checks made on every answer the suite's client receives, whichever test made the call and wherever
 * the resource sits in the answer (lists, single reads, embedded copies, POST and PUT answers), at no
 * extra request; the client runs them after the schema check of the answer (ClientDeps.onAnswer):
 *
 * - the invariants (helpers/rules/registry.ts): rules decided from one answer and the request that
 *   produced it, each with its requirement id; a breach fails the test that made the call and is charged to
 *   the requirement (the `breach` annotation); what each judged is recorded for the run (reports/invariants.json);
 * - values the contract makes unique in a tenant (receipt numbers, invoice references), compared across
 *   every answer of the run, all workers together (the run folder), recorded like the invariants;
 * - the facts the contract fixes, compared with earlier runs against the same target
 *   (helpers/contract/fixed-facts.ts, helpers/run/fact-ledger.ts);
 * - the consistency ledger: every fact of a resource compared with its latest sighting in the run, on any
 *   route, in any worker, a difference failing unless a write or the date could explain it
 *   (helpers/contract/consistency.ts, helpers/run/consistency-ledger.ts);
 * - the rate-limit rules, on every exchange of a key as it arrives (ClientDeps.onExchange): the invariants
 *   of helpers/rules/ratelimits.ts, and the countdown across the key's answers
 *   (helpers/wire/rate-limit-headers.ts), charged to RATE-013 and recorded with its invariant.
 */
import { noteTargetDate } from './target-clock';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { requirementById } from '../../schemas/requirements';
import { operations } from '../contract/contract';
import { fixedFactsOf, type FixedFact } from '../contract/fixed-facts';
import { cellsOf } from '../contract/state-coverage';
import { API_PREFIX, type AnswerFacts, type ChargedBreach } from '../contract/invariant-types';
import { judgeConsistency, judgeRelations } from '../run/consistency-ledger';
import { judgeFixedFacts } from '../run/fact-ledger';
import { RATELIMITS_RULES } from '../rules/ratelimits';
import { judgeAnswer, judgeExchange, type Judgement, uniqueValuesOf } from '../rules/registry';
import {
  createWhole,
  inCoordinatedRun,
  judgementsFile,
  judgementsFolder,
  stateCellsFile,
  stateCellsFolder,
  uniqueValueFile,
  withFolder,
} from '../run/run-folder';
import type { ApiResponse } from './api-response';
import { countdownBreaches, necessarilyAuthenticated, type RateLimitRule } from './rate-limit-headers';

/** What the invariants of the registry judged in this process: answers judged and breaches, by invariant. */
interface InvariantTally {
  id: string;
  title: string;
  judged: number;
  breaches: string[];
  /** Subjects shown without what the rule judges, under a freedom its catalogue entry quotes (`emptiedBy`). */
  emptied?: number;
}
/**
 * By target (the origin of the answers) and invariant: a mutation-run worker serves several references, and
 * what one of them answered never counts for another.
 */
const tallies = new Map<string, InvariantTally>();
const originOf = (url: string) => new URL(url).origin;
const tallyKey = (invariantId: string, title: string, origin = '') => `${origin} ${invariantId} ${title}`;

/**
 * What the registry judged of one requirement on the answers of the target at `baseUrl` in this process: the
 * answers judged and the breaches, over every invariant charged to it. A spec that provokes answers reads it
 * to confirm that the rule, stated once in the registry, judged them.
 */
export function requirementJudgements(id: string, baseUrl: string): { judged: number; breaches: string[] } {
  const origin = originOf(baseUrl);
  let judged = 0;
  const breaches: string[] = [];
  for (const [key, tally] of tallies)
    if (tally.id === id && key.startsWith(`${origin} `)) {
      judged += tally.judged;
      breaches.push(...tally.breaches);
    }
  return { judged, breaches };
}

/** The registry's judgements of an answer a test holds, made once: a test may ask for several requirements. */
const registryOn = new WeakMap<ApiResponse, ReturnType<typeof judgeAnswer>>();

/**
 * The registry applied now to one answer, for one requirement: how many of its subjects the requirement's
 * invariants judged, and their breaches. For an answer a test holds that may have been received, and judged,
 * by another worker (a shared answer).
 */
export function judgementsOn(response: ApiResponse, id: string): { judged: number; breaches: string[] } {
  let all = registryOn.get(response);
  if (all === undefined) registryOn.set(response, (all = judgeAnswer(answerFacts(response))));
  const judged = all.filter((j) => j.invariant.id === id);
  return {
    judged: judged.length,
    breaches: judged.flatMap((j) => j.breaches.map((b) => `${response.describe()}: ${j.path}: ${b}`)),
  };
}

/** Writes this worker's tallies into the run folder, for the run's record (the global teardown merges them). */
export function flushJudgements(workerId: string): void {
  if (!inCoordinatedRun()) return;
  if (stateCells.size > 0) {
    fs.mkdirSync(withFolder(stateCellsFolder()), { recursive: true });
    fs.writeFileSync(withFolder(stateCellsFile(workerId)), JSON.stringify(Object.fromEntries(stateCells)));
  }
  if (tallies.size === 0) return;
  fs.mkdirSync(withFolder(judgementsFolder()), { recursive: true });
  fs.writeFileSync(withFolder(judgementsFile(workerId)), JSON.stringify([...tallies.values()]));
}

/**
 * The state cells this process's answers showed (helpers/contract/state-coverage.ts), by target origin and
 * cell: how many answers showed each.
 */
const stateCells = new Map<string, number>();

function observeStates(response: ApiResponse, body: unknown): void {
  const origin = originOf(response.exchange.request.url);
  for (const cell of cellsOf(response.operationId, response.status, body)) {
    const key = `${origin} ${cell}`;
    stateCells.set(key, (stateCells.get(key) ?? 0) + 1);
  }
}

/** The state cells every worker of a run recorded, merged: the answers that showed each cell. */
export function mergeStateCells(runId: string): Record<string, number> {
  const folder = stateCellsFolder(runId);
  const merged: Record<string, number> = {};
  for (const name of fs.existsSync(folder) ? fs.readdirSync(folder) : [])
    for (const [key, count] of Object.entries(
      JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')) as Record<string, number>,
    )) {
      // Keyed by origin in the process: one run judges one target, whose cells are what the file keeps.
      const cell = key.slice(key.indexOf(' ') + 1);
      merged[cell] = (merged[cell] ?? 0) + count;
    }
  return Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
}

/** The tallies of every worker of a run, merged: how many answers each invariant judged, and its breaches. */
export function mergeJudgements(runId: string): InvariantTally[] {
  const folder = judgementsFolder(runId);
  const merged = new Map<string, InvariantTally>();
  for (const name of fs.existsSync(folder) ? fs.readdirSync(folder) : []) {
    for (const part of JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')) as InvariantTally[]) {
      const key = tallyKey(part.id, part.title);
      const held = merged.get(key) ?? { id: part.id, title: part.title, judged: 0, breaches: [] };
      held.judged += part.judged;
      if (part.emptied) held.emptied = (held.emptied ?? 0) + part.emptied;
      held.breaches.push(...part.breaches.slice(0, 5 - held.breaches.length));
      merged.set(key, held);
    }
  }
  return [...merged.values()].sort((a, b) => a.id.localeCompare(b.id) || a.title.localeCompare(b.title));
}

/** The operation's path template as a pattern capturing its parameters. */
const PATH_PATTERNS = new Map(
  operations().map((op) => [
    op.operationId as string,
    new RegExp(`${op.path.replace(/\{(\w+)\}/g, (_, name: string) => `(?<${name}>[^/]*)`)}$`),
  ]),
);

function parsedJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The path from the API's prefix on: BASE_URL may carry a path prefix of its own (a gateway's). */
function apiPath(pathname: string): string {
  const at = pathname.indexOf(API_PREFIX);
  return at > 0 ? pathname.slice(at) : pathname;
}

/**
 * The facts of an answer the invariants may read: the answer and the request that produced it; with the
 * key that sent it and the rate-limit rule, what the rate-limit invariants need too.
 */
export function answerFacts(
  response: ApiResponse,
  quota?: { key: string; rule: RateLimitRule },
): AnswerFacts {
  const { request } = response.exchange;
  const url = new URL(request.url);
  const query: Record<string, string[]> = {};
  for (const [name, value] of url.searchParams) (query[name] ??= []).push(value);
  const match = response.operationId && PATH_PATTERNS.get(response.operationId)?.exec(url.pathname);
  const pathParams = Object.fromEntries(
    Object.entries(match ? (match.groups ?? {}) : {}).map(([k, v]) => [k, decodeURIComponent(v)]),
  );
  let body: unknown;
  // The client has parsed the body already (its schema check): the parse is kept on the response.
  if (response.isJson)
    try {
      body = response.json();
    } catch {
      body = undefined;
    }
  return {
    method: request.method,
    operationId: response.operationId,
    status: response.status,
    mediaType: response.mediaType,
    headers: response.headers,
    requestHeaders: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v])),
    path: apiPath(url.pathname),
    pathParams,
    query,
    rawQuery: url.search.slice(1),
    requestBody: parsedJson(request.body),
    sentBody: (request.body ?? '') !== '',
    body,
    dateHeader: response.header('date'),
    ...(quota && {
      rateLimit: {
        counted: quota.rule.keys.has(quota.key),
        ...(quota.rule.timeZone ? { timeZone: quota.rule.timeZone } : {}),
        authenticated: necessarilyAuthenticated(response),
        receivedAt: Date.now(),
        durationMs: response.exchange.durationMs,
      },
    }),
    bodyStart: response.body.subarray(0, 8).toString('latin1'),
  };
}

const ownersInProcess = new Map<string, string>();

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
  const file = uniqueValueFile(namespace, kind, value);
  if (createWhole(file, owner)) return undefined;
  const held = fs.readFileSync(file, 'utf8');
  return held !== owner ? held : undefined;
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
): ChargedBreach[] {
  const answeredAt = Date.now();
  const sentAt = response.exchange.sentAt ?? answeredAt - response.exchange.durationMs;
  const namespace = `${baseUrl}-${tenant}`;
  return judgeConsistency(
    body,
    facts,
    response.describe(),
    { sentAt, answeredAt },
    namespace,
    baseUrl,
    response.operationId,
    response.exchange.request.body,
  );
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

/** A breach of the rules every answer obeys: the requirement it is charged to, and what is wrong. */
export type AnswerBreach = ChargedBreach;

const responseOrigins = new WeakMap<ApiResponse, string>();

/** The origin of the target that gave `response`: parsed once per answer, whose every judgement is tallied. */
function responseOrigin(response: ApiResponse): string {
  let origin = responseOrigins.get(response);
  if (origin === undefined) {
    origin = originOf(response.exchange.request.url);
    responseOrigins.set(response, origin);
  }
  return origin;
}

/** The tally of an invariant in this process, for the target that gave `response`. */
function tallyOf(id: string, title: string, response: ApiResponse): InvariantTally {
  const key = tallyKey(id, title, responseOrigin(response));
  let tally = tallies.get(key);
  if (tally === undefined) {
    tally = { id, title, judged: 0, breaches: [] };
    tallies.set(key, tally);
  }
  return tally;
}

/** The breaches of the judgements made, each charged to its invariant's requirement; tallied when `record`. */
function judgedBreaches(judgements: Judgement[], response: ApiResponse, record = true): AnswerBreach[] {
  const breaches: AnswerBreach[] = [];
  for (const { invariant, path: where, breaches: found } of judgements) {
    const tally = record ? tallyOf(invariant.id, invariant.title, response) : undefined;
    if (tally) tally.judged += 1;
    for (const breach of found) {
      const message = `[${invariant.id}] ${invariant.title}: ${where}: ${breach}`;
      if (tally && tally.breaches.length < 5) tally.breaches.push(`${response.describe()}: ${message}`);
      breaches.push({ requirement: invariant.id, message });
    }
  }
  return breaches;
}

/**
 * The relations' judgements of the pairs an answer completes (helpers/rules/relations.ts), each tallied like
 * an invariant's under its requirement: the certification and `expectJudged` read them alike.
 */
function relationBreaches(
  answer: AnswerFacts,
  response: ApiResponse,
  tenant: string,
  baseUrl: string,
): AnswerBreach[] {
  const answeredAt = Date.now();
  const sentAt = response.exchange.sentAt ?? answeredAt - response.exchange.durationMs;
  const made = judgeRelations(
    answer,
    response.describe(),
    { sentAt, answeredAt },
    `${baseUrl}-${tenant}`,
    baseUrl,
  );
  const breaches: AnswerBreach[] = [];
  for (const { requirement, relation, breach } of made) {
    const tally = tallyOf(requirement, `relation ${relation}`, response);
    tally.judged += 1;
    if (breach === undefined) continue;
    const message = `[${requirement}] relation ${relation}: ${breach}`;
    if (tally.breaches.length < 5) tally.breaches.push(`${response.describe()}: ${message}`);
    breaches.push({ requirement, message });
  }
  return breaches;
}

/** The breaches an answer shows, each charged to its requirement. */
export function answerBreaches(response: ApiResponse, tenant: string, baseUrl: string): AnswerBreach[] {
  const answer = answerFacts(response);
  // The target's today, for the tests that pick by date (helpers/wire/target-clock.ts).
  noteTargetDate(answer.dateHeader, baseUrl);
  observeStates(response, answer.body);
  const breaches = judgedBreaches(judgeAnswer(answer), response);
  breaches.push(...relationBreaches(answer, response, tenant, baseUrl));
  if (response.status < 200 || response.status >= 300 || answer.body === undefined) return breaches;
  // Values unique in a tenant: each comparison is recorded like an invariant's judgement, so that the
  // certification decides the requirement from the whole run, whichever test received the values.
  for (const unique of uniqueValuesOf(answer.body)) {
    const title = `no ${unique.kind} is shown for two owners in the run`;
    const tally = tallyOf(unique.requirement, title, response);
    if (unique.value === null) {
      tally.emptied = (tally.emptied ?? 0) + 1;
      continue;
    }
    tally.judged += 1;
    const held = otherOwner(`${baseUrl}-${tenant}`, unique.kind, unique.value, unique.owner);
    if (held !== undefined) {
      const message = `[${unique.requirement}] ${unique.kind} ${unique.value} is shown for ${unique.owner} and, earlier in the run, for ${held}`;
      if (tally.breaches.length < 5) tally.breaches.push(`${response.describe()}: ${message}`);
      breaches.push({ requirement: unique.requirement, message });
    }
  }
  const facts = fixedFactsOf(answer.body);
  breaches.push(
    ...judgeFixedFacts(facts, response.describe()).breaches,
    ...consistencyBreaches(response, answer.body, facts, tenant, baseUrl),
  );
  return breaches;
}

/** The invariant the countdown's breaches are recorded with: the one of RATE-013, judged on the same answers. */
const MIDNIGHT = RATELIMITS_RULES.find((i) => i.id === 'RATE-013')!;

/**
 * The rate-limit rules' breaches of one exchange of `key` (the invariants, then the countdown to the key's
 * first announced reset), each charged to its requirement; recorded for the run when `record` (the client's
 * check, not a spec reading them again).
 */
export function rateLimitBreaches(
  response: ApiResponse,
  key: string,
  rule: RateLimitRule,
  baseUrl: string,
  record = false,
): AnswerBreach[] {
  if (!rule.keys.has(key)) return [];
  const answer = answerFacts(response, { key, rule });
  const breaches = judgedBreaches(judgeExchange(answer), response, record);
  for (const message of countdownBreaches(answer, response.exchange.durationMs, baseUrl, key)) {
    const tally = record ? tallyOf(MIDNIGHT.id, MIDNIGHT.title, response) : undefined;
    if (tally && tally.breaches.length < 5) tally.breaches.push(`${response.describe()}: ${message}`);
    breaches.push({ requirement: MIDNIGHT.id, message });
  }
  return breaches;
}

/** Charges each breached requirement to the current test (the certification and Allure read the annotation). */
function charge(breaches: AnswerBreach[]): void {
  for (const requirement of new Set(breaches.map((b) => b.requirement).filter(Boolean)))
    test.info().annotations.push({ type: 'breach', description: requirement });
}

/**
 * The client's `onExchange`: every answer to a key as it arrives (a 429 before its retry, an answer to no
 * operation included) against the rate-limit rules; fails the current test on any breach.
 */
export function checkRateLimits(
  rule: RateLimitRule,
  baseUrl: string,
): (response: ApiResponse, key: string) => void {
  return (response, key) => {
    const breaches = rateLimitBreaches(response, key, rule, baseUrl, true);
    if (breaches.length === 0) return;
    charge(breaches);
    expect(
      breaches.map((b) => b.message),
      `${response.describe()}: the ${response.status} answer of ${response.operationId ?? 'the request'} to a configured key ` +
        'breaks the rate-limit rules of the contract (Limits; schemas/OPEN-POINTS.md E4)',
    ).toEqual([]);
  };
}

/**
 * Whether a breach of the requirement is a warning: a SHOULD (behaviour the contract gives as an example) or
 * a MAY; a MUST, or a message charged to no requirement, fails.
 */
export const warnsOnly = (requirement: string) => {
  const level = requirement ? requirementById(requirement)?.level : undefined;
  return level === 'SHOULD' || level === 'MAY';
};

/**
 * The client's `onAnswer` for a key of `tenant`: fails the current test on any breach of a MUST, and records
 * a breach of a SHOULD as a warning of the test (which passes, warned).
 */
export function checkAnswers(tenant: string, baseUrl: string): (response: ApiResponse) => void {
  return (response) => {
    const breaches = answerBreaches(response, tenant, baseUrl);
    if (breaches.length === 0) return;
    charge(breaches);
    // A SHOULD or MAY broken: a warning of the test, which passes warned.
    for (const b of breaches.filter((b) => warnsOnly(b.requirement)))
      test.info().annotations.push({ type: 'warning', description: `${response.describe()}: ${b.message}` });
    expect(
      breaches.filter((b) => !warnsOnly(b.requirement)).map((b) => b.message),
      `${response.describe()}: the answer breaks rules the contract states for every answer`,
    ).toEqual([]);
  };
}
