/**
 * Shapes of the registry's rules about what a list or a single read answers (helpers/rules/): the items of a
 * 200 list answer, a rule over each of them, a list envelope of one kind of item, a single read of the
 * resource its path names. Shared by the areas whose operations they judge (patents, events, period,
 * invoices).
 */
import { ANSWER, type AnswerFacts, type Invariant, isObject, type Json, once, show } from './invariant-types';

/** The items of a 200 list answer of `operationId`, when the body is a list envelope. */
export function itemsOf(answer: AnswerFacts, operationId: string): Json[] | undefined {
  if (answer.operationId !== operationId || answer.status !== 200 || !isObject(answer.body)) return undefined;
  return Array.isArray(answer.body.data) ? answer.body.data.filter(isObject) : undefined;
}

/** A rule over the items of a list answer: one breach per item that breaks it. */
export function ofItems(
  id: string,
  title: string,
  operationIds: readonly string[],
  rule: (item: Json, answer: AnswerFacts) => string | undefined,
  applies: (answer: AnswerFacts) => boolean = () => true,
): Invariant {
  return {
    id,
    title,
    subject: ANSWER,
    judge: (_, answer) => {
      const items = operationIds.map((op) => itemsOf(answer, op)).find((found) => found !== undefined);
      if (!items || items.length === 0 || !applies(answer)) return undefined;
      return items.flatMap((item, i) => once(rule(item, answer)).map((b) => `data/${i}: ${b}`));
    },
  };
}

/** A 200 list answer of `operationId` is a list envelope whose items are of `object`. */
export function listOf(id: string, operationId: string, object: string): Invariant {
  return {
    id,
    title: `${operationId} answers a list envelope of ${object} items`,
    subject: ANSWER,
    judge: (_, answer) => {
      if (answer.operationId !== operationId || answer.status !== 200) return undefined;
      const body = answer.body;
      if (!isObject(body) || !isObject(body.pagination) || !Array.isArray(body.data))
        return ['the body is no list envelope'];
      return body.data
        .map((item, i) =>
          isObject(item) && item.object === object ? undefined : `data/${i} is no ${object}`,
        )
        .filter((b): b is string => b !== undefined);
    },
  };
}

/** A 200 single read of `operationId` answers the resource its path names. */
export function readOf(id: string, operationId: string, param: string): Invariant {
  return {
    id,
    title: `${operationId} answers the resource whose id is its ${param}`,
    subject: ANSWER,
    judge: (_, answer) => {
      if (answer.operationId !== operationId || answer.status !== 200 || !isObject(answer.body))
        return undefined;
      const asked = answer.pathParams[param];
      return once(answer.body.id === asked ? undefined : `id ${show(answer.body.id)} for ${param} ${asked}`);
    },
  };
}
