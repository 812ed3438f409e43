/**
 * Every member of an answer body, at any depth, with the object that holds it, walked once per body; and the
 * shape of a rule over them, judged on every 2xx JSON body: the conventions of ids and currencies
 * (helpers/rules/conventions.ts) and the absence of a tenant identifier (helpers/rules/isolation.ts).
 */
import { ANSWER, type Invariant, isObject, type Json } from './invariant-types';

export interface Member {
  name: string;
  value: unknown;
  holder: Json;
}

/** The members of each body, walked once for all the conventions (an answer's body is judged once). */
const membersByBody = new WeakMap<object, Member[]>();

/** Every member of a body, at any depth, with the object that holds it. */
export function membersOf(body: unknown): Member[] {
  if (typeof body !== 'object' || body === null) return [];
  const known = membersByBody.get(body);
  if (known) return known;
  const found: Member[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) for (const item of value) visit(item);
    else if (isObject(value))
      for (const name in value) {
        const member = value[name];
        found.push({ name, value: member, holder: value });
        if (typeof member === 'object' && member !== null) visit(member);
      }
  };
  visit(body);
  membersByBody.set(body, found);
  return found;
}

/** Where a member sits, in words: the resource holding it. */
const whereIs = ({ name, holder }: Member) =>
  `${name} of ${typeof holder.object === 'string' ? holder.object : 'an object'}${typeof holder.id === 'string' ? ` ${holder.id}` : ''}`;

/** A convention of the members of every 2xx JSON body. */
export function ofMembers(
  id: string,
  title: string,
  rule: (member: Member) => string | undefined | null,
): Invariant {
  return {
    id,
    title,
    subject: ANSWER,
    judge: (_, answer) => {
      if (answer.status < 200 || answer.status >= 300 || answer.body === undefined) return undefined;
      let judged = false;
      const breaches: string[] = [];
      for (const member of membersOf(answer.body)) {
        const found = rule(member);
        if (found === null) continue; // not a member the convention speaks of
        judged = true;
        if (found !== undefined) breaches.push(`${whereIs(member)}: ${found}`);
      }
      return judged ? breaches : undefined;
    },
  };
}
