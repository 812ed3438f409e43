/**
 * The shapes of the invariant registry (helpers/rules/registry.ts): what an invariant may know of an answer
 * and of the request that produced it, and what it judges. Its own module, below the rules, so that the area
 * files of helpers/rules/ and the registry need not import each other.
 */
import { UUID } from './uuid';

export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What an invariant may know of the answer and of the request that produced it. */
export interface AnswerFacts {
  method: string;
  operationId: string | undefined;
  status: number;
  /** The media type of the answer, without parameters, lower-cased. */
  mediaType: string;
  /** The answer's headers, names lower-cased. */
  headers: Record<string, string>;
  /** The request's headers, names lower-cased. */
  requestHeaders: Record<string, string>;
  /** The path of the request URL from the API's prefix on (without the path prefix BASE_URL may carry). */
  path: string;
  /** The path parameters of the operation, read from the URL. */
  pathParams: Record<string, string>;
  /** The query of the request: every value of each name. */
  query: Record<string, string[]>;
  /** The query of the request as sent, undecoded (without "?"), when known: what a decoded query hides. */
  rawQuery?: string;
  /** The request's body parsed as JSON, when it was JSON. */
  requestBody: unknown;
  /** Whether the request carried a body (one byte or more). */
  sentBody: boolean;
  /** The answer's body parsed as JSON, when it is JSON. */
  body: unknown;
  /** The first bytes of the answer's body (at most 8) as latin1 text: what a PDF download starts with. */
  bodyStart?: string;
  /** The answer's Date header, if any: the server's own clock. */
  dateHeader: string | undefined;
  /** What the rate-limit rules need beyond the answer (helpers/rules/ratelimits.ts); undefined: not known. */
  rateLimit?: RateLimitFacts;
}

/** What the client knows of an answer's key and target that the rate-limit rules need. */
export interface RateLimitFacts {
  /** The request's key is one whose answers the quota counts: a configured key other than the expired one. */
  counted: boolean;
  /** TARGET_TIME_ZONE: the quota resets at this zone's midnight; undefined: a quarter-hour of UTC. */
  timeZone?: string;
  /**
   * Only an authenticated request can get this answer (OPEN-POINTS E4): a 2xx of an operation, a problem whose
   * condition concerns the caller; decided by the client, whose schema validator checks the path parameters.
   */
  authenticated: boolean;
  /** When the answer arrived, on the local clock (ms): its time when it has no Date header. */
  receivedAt: number;
  /**
   * How long the exchange took (ms): a server may compute RateLimit-Reset as the request starts and stamp
   * Date as the answer leaves, so the two may be this far apart.
   */
  durationMs?: number;
}

/** Where a resource sits in its answer, and the resource that holds it, if any. */
export interface Placement {
  path: string;
  owner: Json | undefined;
}

/** The subjects an invariant judges: a resource by its `object`, every list envelope, or the answer. */
export const LIST_ENVELOPE = 'list envelope';
export const ANSWER = 'answer';

export interface Invariant {
  /** The requirement of schemas/requirements.yaml the invariant decides. */
  id: string;
  /** What holds, in a few words. */
  title: string;
  /** The `object` of the resources it judges, LIST_ENVELOPE or ANSWER. */
  subject: string;
  /** Breaches (empty when it holds), or undefined when this subject does not show what it judges. */
  judge(subject: Json, answer: AnswerFacts, placement: Placement): string[] | undefined;
}

/** A breach of a rule, charged to the requirement it breaks: the id travels as data, never parsed from text. */
export interface ChargedBreach {
  requirement: string;
  message: string;
}

/** Whether a media type (no parameters, lower-cased) is JSON: `application/json` or `application/<x>+json`. */
export const isJsonMediaType = (mediaType: string) => /^application\/([\w.+-]+\+)?json$/.test(mediaType);

/** A value as a breach message shows it. */
export const show = (value: unknown) => JSON.stringify(value);

/** A rule of one item as an invariant's judgement: one breach, or none. */
export const once = (problem: string | undefined): string[] => (problem === undefined ? [] : [problem]);

/** The path prefix of every route of the API. */
export const API_PREFIX = '/api/v2/external/';

/** Answers that come before any validation of the request: a wrong key, a missing scope, the quota. */
export const BEFORE_VALIDATION: readonly number[] = [401, 403, 429];

/** The values of a query parameter the request sent (none: an empty array). */
export const queryValues = (answer: AnswerFacts, name: string): string[] => answer.query[name] ?? [];

/** The one value of a query parameter, when the request sent exactly one. */
export const queryValue = (answer: AnswerFacts, name: string): string | undefined =>
  answer.query[name]?.length === 1 ? answer.query[name][0] : undefined;

/** Whether the answer is one of the operation `operationId`. */
export const isOperation = (answer: AnswerFacts, operationId: string) => answer.operationId === operationId;

/** A valid `YYYY-MM` month. */
export const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A member that must hold one of `values` (null among them where the schema allows it). */
export function member(
  id: string,
  subject: string,
  name: string,
  values: readonly (string | null)[],
  title = `${name} is ${values.map(String).join(', ')}`,
): Invariant {
  // No values: the member is a UUID.
  const holds = (value: unknown) =>
    values.length === 0
      ? typeof value === 'string' && UUID.test(value)
      : values.includes(value as string | null);
  return {
    id,
    title,
    subject,
    judge: (resource) => once(holds(resource[name]) ? undefined : `${name} is ${show(resource[name])}`),
  };
}

/** A resource of an answer, where it sits and what holds it. */
export interface PlacedResource {
  resource: Json;
  path: string;
  owner: Json | undefined;
}

/** The resources of each body walked: every rule, relation and ledger of an answer reads the same walk. */
const resourcesByBody = new WeakMap<object, readonly PlacedResource[]>();

/**
 * Every resource (an object with a string `object`) in an answer, with where it sits and what holds it. The
 * walk of a body is made once and shared (read-only): an answer's body is not changed once parsed.
 */
export function resourcesOf(body: unknown): readonly PlacedResource[] {
  if (typeof body !== 'object' || body === null) return [];
  const held = resourcesByBody.get(body);
  if (held) return held;
  const found = walkResources(body);
  resourcesByBody.set(body, found);
  return found;
}

function walkResources(body: object): PlacedResource[] {
  const found: PlacedResource[] = [];
  const visit = (value: unknown, path: string, owner: Json | undefined) => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, `${path}/${i}`, owner));
      return;
    }
    if (!isObject(value)) return;
    const isResource = typeof value.object === 'string';
    if (isResource) found.push({ resource: value, path: path || '/', owner });
    for (const [name, member] of Object.entries(value))
      visit(member, `${path}/${name}`, isResource ? value : owner);
  };
  visit(body, '', undefined);
  return found;
}
