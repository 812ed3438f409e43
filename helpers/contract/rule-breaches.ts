/**
 * Field rules checked over many items at once: each rule names what is wrong with an item (or nothing), and
 * the test expects the list of breaches to be empty, so that one failure shows every offending item. The
 * same tables are invariants of the registry (`fieldRuleInvariants`), applied to every answer.
 */
import { type Invariant, type Json, once } from './invariant-types';

/** A rule over one item (read in a context, if any): what is wrong with it, or undefined when it holds. */
export type Rule<T, Context = void> = (item: T, context: Context) => string | undefined;

/** A row of a spec's table of field rules: one test each, titled `[id] title`. */
export interface FieldRule<T, Context = void> {
  id: string;
  title: string;
  rule: Rule<T, Context>;
}

/** One line per item that breaks the rule, `<where>: <what is wrong>`. */
export function breaches<T>(items: readonly T[], rule: Rule<T>, where: (item: T) => string): string[] {
  return items.flatMap((item) => {
    const problem = rule(item);
    return problem === undefined ? [] : [`${where(item)}: ${problem}`];
  });
}

/** The rule that `object` names the resource's type. */
export function objectIs(type: string): (item: { object?: unknown }) => string | undefined {
  return (item) => (item.object === type ? undefined : `object is ${JSON.stringify(item.object)}`);
}

/** The rule that member `name` is present and holds one of `values`. */
export function oneOf(
  name: string,
  values: readonly (string | null)[],
): (item: object) => string | undefined {
  return (item) => {
    const value = (item as Record<string, unknown>)[name];
    return name in item && values.includes(value as string | null)
      ? undefined
      : `${name} is ${name in item ? JSON.stringify(value) : 'absent'}, not one of ${values.join(', ')}`;
  };
}

/** The values as a title writes them: `PROCEED, SKIP_THIS_TIME or DROP` (null as `null`). */
export function orList(values: readonly (string | null)[]): string {
  const words = values.map(String);
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/** The invariants of a table of field rules: each judges every resource of `subject` that `applies` admits. */
export function fieldRuleInvariants<T>(
  subject: string,
  rules: readonly { id: string; title: string; rule: Rule<T> }[],
  applies: (resource: Json) => boolean = () => true,
): Invariant[] {
  return rules.map(({ id, title, rule }) => ({
    id,
    title,
    subject,
    judge: (resource) => (applies(resource) ? once(rule(resource as T)) : undefined),
  }));
}
