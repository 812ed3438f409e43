/**
 * The invariant registry: rules of the catalogue decided from one resource of an answer and the request
 * that produced it, written once, each with its requirement id, and applied by the client to every answer
 * of every test (helpers/wire/answer-checks.ts), wherever the resource appears. Pure: the wire layer
 * gives the answer's facts.
 *
 * An invariant returns undefined when the resource does not hold what it judges (an invoice without
 * lines, a batch read by GET for a rule about its POST): that answer did not judge it, and its own test
 * (specs/invariants.spec.ts) says "not verified" when no answer of the test did.
 *
 * Also here: the values the contract makes unique in a tenant, which the wire layer compares across the
 * whole run (a uniqueness no single answer can show).
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What an invariant may know of the answer besides the resource. */
export interface AnswerFacts {
  method: string;
  operationId: string | undefined;
  /** The answer's Date header, if any: the server's own clock. */
  dateHeader: string | undefined;
}

export interface Invariant {
  /** The requirement of schemas/requirements.yaml the invariant decides. */
  id: string;
  /** What holds, in a few words (its test's title). */
  title: string;
  /** The `object` of the resources it judges. */
  object: string;
  /** Breaches (empty when it holds), or undefined when this resource does not show what it judges. */
  judge(resource: Json, answer: AnswerFacts): string[] | undefined;
}

/** Slack between a batch's createdAt and the Date header of the POST that created it. */
export const RECEIVED_TOLERANCE_SECONDS = 300;

export const INVARIANTS: readonly Invariant[] = [
  {
    id: 'CONV-012',
    title: "an invoice's lines are in the invoice's currency",
    object: 'invoice',
    judge: (invoice) => {
      const lines = Array.isArray(invoice.fees) ? invoice.fees.filter(isObject) : [];
      if (lines.length === 0 || typeof invoice.currency !== 'string') return undefined;
      return lines
        .filter((line) => line.currency !== invoice.currency)
        .map(
          (line) =>
            `the line of event ${String(line.eventId)} is in ${JSON.stringify(line.currency)}, the invoice in ${invoice.currency}`,
        );
    },
  },
  {
    id: 'SYNC-014',
    title: 'a result rejected before matching (action null) has servicePatentId null',
    object: 'patentSyncBatch',
    judge: (batch) => {
      const results = isObject(batch.results) && Array.isArray(batch.results.data) ? batch.results.data : [];
      const unmatched = results.filter((r): r is Json => isObject(r) && r.action === null);
      if (unmatched.length === 0) return undefined;
      return unmatched
        .filter((r) => r.servicePatentId !== null)
        .map(
          (r) =>
            `the result of providerId ${JSON.stringify(r.providerId)} has action null and servicePatentId ${JSON.stringify(r.servicePatentId)}`,
        );
    },
  },
  {
    id: 'SYNC-054',
    title:
      "a batch created by a POST was received when the POST was: createdAt within minutes of the answer's Date",
    object: 'patentSyncBatch',
    judge: (batch, answer) => {
      if (answer.method !== 'POST' || answer.operationId !== 'syncPatents') return undefined;
      if (typeof batch.createdAt !== 'string' || !answer.dateHeader) return undefined;
      const created = Date.parse(batch.createdAt);
      const answered = Date.parse(answer.dateHeader);
      if (Number.isNaN(created) || Number.isNaN(answered)) return undefined;
      const apart = Math.abs(created - answered) / 1000;
      return apart <= RECEIVED_TOLERANCE_SECONDS
        ? []
        : [
            `createdAt ${batch.createdAt} is ${Math.round(apart)} s from the answer's Date ${answer.dateHeader} (at most ${RECEIVED_TOLERANCE_SECONDS} s)`,
          ];
    },
  },
];

/** Every resource (an object with a string `object`) in an answer, with where it sits. */
export function resourcesOf(body: unknown): { resource: Json; path: string }[] {
  const found: { resource: Json; path: string }[] = [];
  const visit = (value: unknown, path: string) => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, `${path}/${i}`));
      return;
    }
    if (!isObject(value)) return;
    if (typeof value.object === 'string') found.push({ resource: value, path: path || '/' });
    for (const [name, member] of Object.entries(value)) visit(member, `${path}/${name}`);
  };
  visit(body, '');
  return found;
}

/** A value the contract makes unique in a tenant, and what it belongs to. */
export interface UniqueValue {
  requirement: string;
  kind: string;
  value: string;
  /** What the value belongs to: another owner showing it is a breach. */
  owner: string;
}

/** Receipt numbers (INS-028) and invoice references (INV-006) an answer shows. */
export function uniqueValuesOf(body: unknown): UniqueValue[] {
  return resourcesOf(body).flatMap(({ resource }): UniqueValue[] => {
    if (resource.object === 'instructionReceipt' && Number.isInteger(resource.number)) {
      const ids = (Array.isArray(resource.instructions) ? resource.instructions : [])
        .map((i) => (isObject(i) ? String(i.id) : '?'))
        .sort();
      if (ids.length === 0) return [];
      return [
        {
          requirement: 'INS-028',
          kind: 'receipt number',
          value: String(resource.number),
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
          kind: 'invoice reference',
          value: resource.reference,
          owner: `invoice ${resource.id}`,
        },
      ];
    return [];
  });
}
