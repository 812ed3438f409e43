/**
 * A problem answer as the registry's rules read it (the Errors section): the answers it speaks of, their
 * body, the shape of a rule of every problem or of the problems of one code, the field errors of
 * validation_failed and the body members a POST documents. Shared by the areas whose rules read a problem
 * (problems, correlation, scopes, instructions, sync: helpers/rules/).
 */
import { ANSWER, API_PREFIX, type AnswerFacts, type Invariant, isObject, type Json } from './invariant-types';
import { members } from './partitions';

/** A problem answer under the API's prefix: the Errors section's rules apply. */
export const problemAnswer = (answer: AnswerFacts) =>
  answer.status >= 400 && answer.path.startsWith(API_PREFIX);
export const problemBody = (answer: AnswerFacts): Json | undefined =>
  problemAnswer(answer) && answer.mediaType === 'application/problem+json' && isObject(answer.body)
    ? answer.body
    : undefined;

/** A rule of every problem body under the API's prefix. */
export function ofProblem(
  id: string,
  title: string,
  rule: (body: Json, answer: AnswerFacts) => string[] | undefined,
): Invariant {
  return {
    id,
    title,
    subject: ANSWER,
    judge: (_, answer) => {
      const body = problemBody(answer);
      return body ? rule(body, answer) : undefined;
    },
  };
}

/** A rule of every problem body with `code`. */
export const ofCode = (
  id: string,
  title: string,
  code: string,
  rule: (body: Json, answer: AnswerFacts) => string[] | undefined,
) => ofProblem(id, title, (body, answer) => (body.code === code ? rule(body, answer) : undefined));

export const fieldErrorsOf = (body: Json): unknown[] => (Array.isArray(body.errors) ? body.errors : []);

/** A POST whose parameters are all in its body: every field error of its answer is about the body. */
export const bodyOnly = (answer: AnswerFacts) =>
  answer.method === 'POST' &&
  Object.keys(answer.pathParams).length === 0 &&
  Object.keys(answer.query).length === 0;

/** The pointers of the members each operation's request body documents (`*` for any array entry). */
let documentedBodyMembers: Map<string, Set<string>> | undefined;
export function bodyMembers(operationId: string): Set<string> {
  documentedBodyMembers ??= members()
    .filter((m) => m.in === 'body' && m.name !== '')
    .reduce(
      (map, m) => map.set(m.operationId, (map.get(m.operationId) ?? new Set()).add(m.name)),
      new Map<string, Set<string>>(),
    );
  return documentedBodyMembers.get(operationId) ?? new Set();
}

/** The field errors of an answer with a given pointer. */
export const errorsAt = (b: Json, pointer: string): Json[] =>
  fieldErrorsOf(b).filter((e): e is Json => isObject(e) && e.pointer === pointer);
