/**
 * The invariant registry: rules of the catalogue decided from one answer and the request that produced it
 * (its path, query and body, and the answer's own clock), each with its requirement id, applied by the
 * client to every answer of every test (helpers/wire/answer-checks.ts), wherever the subject appears: a
 * resource in a list, a single read, an embedded copy or a POST or PUT answer; a list envelope; the answer
 * itself. Pure: the wire layer gives the answer's facts.
 *
 * Each rule is written once, in the file of its requirement's area (./<area>.ts, the areas of
 * schemas/requirements.yaml, as reference/faults/ names them); the registry gathers the area lists, in the
 * order of the catalogue's areas: the schema check (CONV-013) comes first. The shapes several areas share
 * (problem bodies, refused requests, list answers, the members of a body, the value formats) are machinery
 * of the contract layer (helpers/contract/). `schemas/requirements.yaml` marks the requirements one answer
 * can decide (`decidable: answer`): tests/invariants.test.ts holds the registry to that list, and
 * tests/rules-layer.test.ts holds every area file to its area.
 *
 * An invariant returns undefined when the subject does not hold what it judges (an invoice without lines,
 * a batch read by GET for a rule about its POST): that answer did not judge it. The run counts, per
 * invariant, the answers that judged it: the certification shows an invariant that judged none as not
 * verified (scripts/certification/model.ts).
 *
 * Also here: the values the contract makes unique in a tenant, which the wire layer compares across the
 * whole run (a uniqueness no single answer can show).
 */
import type { AreaKey } from '../../schemas/requirements';
import {
  ANSWER,
  type AnswerFacts,
  type Invariant,
  isObject,
  type Json,
  LIST_ENVELOPE,
  type Placement,
  resourcesOf,
} from '../contract/invariant-types';
import { AUTH_RULES } from './auth';
import { CONVENTIONS_RULES } from './conventions';
import { CORRELATION_RULES } from './correlation';
import { DOCUMENTS_RULES } from './documents';
import { EVENTS_RULES } from './events';
import { EVOLUTION_RULES } from './evolution';
import { FEES_RULES } from './fees';
import { FREEZES_RULES } from './freezes';
import { INSTRUCTIONS_RULES } from './instructions';
import { INVOICES_RULES } from './invoices';
import { ISOLATION_RULES } from './isolation';
import { PAGINATION_RULES } from './pagination';
import { PATENTS_RULES } from './patents';
import { PERIOD_RULES } from './period';
import { PROBLEMS_RULES } from './problems';
import { RATELIMITS_RULES } from './ratelimits';
import { SCOPES_RULES } from './scopes';
import { SYNC_RULES } from './sync';

/** The area lists, in the order of the catalogue's areas (conventions first: the schema check leads). */
export const RULES_BY_AREA = {
  conventions: CONVENTIONS_RULES,
  auth: AUTH_RULES,
  scopes: SCOPES_RULES,
  isolation: ISOLATION_RULES,
  problems: PROBLEMS_RULES,
  correlation: CORRELATION_RULES,
  pagination: PAGINATION_RULES,
  ratelimits: RATELIMITS_RULES,
  documents: DOCUMENTS_RULES,
  evolution: EVOLUTION_RULES,
  patents: PATENTS_RULES,
  events: EVENTS_RULES,
  fees: FEES_RULES,
  period: PERIOD_RULES,
  instructions: INSTRUCTIONS_RULES,
  sync: SYNC_RULES,
  invoices: INVOICES_RULES,
  freezes: FREEZES_RULES,
} as const satisfies { readonly [area in AreaKey]?: readonly Invariant[] };

/** Every rule one answer decides: the area lists, gathered. */
export const INVARIANTS: readonly Invariant[] = Object.values(RULES_BY_AREA).flat();

export { resourcesOf } from '../contract/invariant-types';

/** Every list envelope (an object with `pagination` and `data`) in an answer, with where it sits. */
function envelopesOf(body: unknown): { envelope: Json; path: string }[] {
  const found: { envelope: Json; path: string }[] = [];
  const visit = (value: unknown, path: string) => {
    if (Array.isArray(value)) return;
    if (!isObject(value)) return;
    if (isObject(value.pagination) && Array.isArray(value.data))
      found.push({ envelope: value, path: path || '/' });
    for (const [name, member] of Object.entries(value)) if (name !== 'data') visit(member, `${path}/${name}`);
  };
  visit(body, '');
  return found;
}

/** One invariant's judgement of one subject of an answer. */
export interface Judgement {
  invariant: Invariant;
  path: string;
  breaches: string[];
}

/**
 * The rate-limit rules are judged on every exchange as it arrives (a 429 before its retry, an answer to no
 * operation), before the schema check: `judgeExchange`, not with the answer's other invariants.
 */
const EXCHANGE_INVARIANTS: ReadonlySet<Invariant> = new Set(RATELIMITS_RULES);

/** The invariants of each subject, gathered once. */
const INVARIANTS_BY_SUBJECT = new Map<string, Invariant[]>();
for (const invariant of INVARIANTS.filter((i) => !EXCHANGE_INVARIANTS.has(i)))
  INVARIANTS_BY_SUBJECT.set(invariant.subject, [
    ...(INVARIANTS_BY_SUBJECT.get(invariant.subject) ?? []),
    invariant,
  ]);
const bySubject = (subject: string): readonly Invariant[] => INVARIANTS_BY_SUBJECT.get(subject) ?? [];

/** Applies `invariants` to one subject of an answer, adding the judgements made to `judgements`. */
function applyTo(
  judgements: Judgement[],
  answer: AnswerFacts,
  invariants: Iterable<Invariant>,
  subject: Json,
  placement: Placement,
): void {
  for (const invariant of invariants) {
    let found: string[] | undefined;
    try {
      found = invariant.judge(subject, answer, placement);
    } catch (error) {
      // A subject too malformed for the rule (the schema check says what is wrong): a breach all the same.
      found = [`could not be judged: ${(error as Error).message}`];
    }
    if (found !== undefined) judgements.push({ invariant, path: placement.path, breaches: found });
  }
}

/**
 * Applies every invariant of the registry but the rate-limit rules (`judgeExchange`) to an answer: the
 * judgements made (breaches empty when held).
 */
export function judgeAnswer(answer: AnswerFacts): Judgement[] {
  const judgements: Judgement[] = [];
  const apply = (invariants: readonly Invariant[], subject: Json, placement: Placement) =>
    applyTo(judgements, answer, invariants, subject, placement);
  apply(bySubject(ANSWER), {}, { path: '/', owner: undefined });
  if (answer.body === undefined) return judgements;
  for (const { resource, path, owner } of resourcesOf(answer.body))
    apply(bySubject(String(resource.object)), resource, { path, owner });
  for (const { envelope, path } of envelopesOf(answer.body))
    apply(bySubject(LIST_ENVELOPE), envelope, { path, owner: undefined });
  return judgements;
}

/** Applies the rate-limit rules (subject: the answer) to one exchange of a key, as it arrives. */
export function judgeExchange(answer: AnswerFacts): Judgement[] {
  const judgements: Judgement[] = [];
  applyTo(judgements, answer, EXCHANGE_INVARIANTS, {}, { path: '/', owner: undefined });
  return judgements;
}

/** A value the contract makes unique in a tenant, and what it belongs to. */
export interface UniqueValue {
  requirement: string;
  kind: string;
  /**
   * Null: the owner shows no value, under the freedom its requirement's catalogue entry quotes (`emptiedBy`: a
   * receipt's number is "integer or null"): nothing to compare, recorded as such.
   */
  value: string | null;
  /** What the value belongs to: another owner showing it is a breach. */
  owner: string;
}

/** The values unique in a tenant, by the requirement that makes them so. */
export const UNIQUE_VALUE_KINDS = { 'INS-028': 'receipt number', 'INV-006': 'invoice reference' } as const;

/** Receipt numbers (INS-028) and invoice references (INV-006) an answer shows. */
export function uniqueValuesOf(body: unknown): UniqueValue[] {
  return resourcesOf(body).flatMap(({ resource }): UniqueValue[] => {
    if (
      resource.object === 'instructionReceipt' &&
      (Number.isInteger(resource.number) || resource.number === null)
    ) {
      const ids = (Array.isArray(resource.instructions) ? resource.instructions : [])
        .map((i) => (isObject(i) ? String(i.id) : '?'))
        .sort();
      if (ids.length === 0) return [];
      return [
        {
          requirement: 'INS-028',
          kind: UNIQUE_VALUE_KINDS['INS-028'],
          value: resource.number === null ? null : String(resource.number),
          owner: `the receipt of instruction(s) ${ids.join(', ')}`,
        },
      ];
    }
    if (
      resource.object === 'invoice' &&
      typeof resource.reference === 'string' &&
      typeof resource.id === 'string'
    )
      return [
        {
          requirement: 'INV-006',
          kind: UNIQUE_VALUE_KINDS['INV-006'],
          value: resource.reference,
          owner: `invoice ${resource.id}`,
        },
      ];
    return [];
  });
}
