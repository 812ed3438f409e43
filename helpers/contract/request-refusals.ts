/**
 * The shape of a rule that a request the contract refuses gets 400 validation_failed: the answer to such a
 * request, unless refused before validation (a wrong key, a missing scope, the quota). Each area states the
 * requests it refuses (helpers/rules/): a path id that is not a UUID, an incomplete due window, a sync POST
 * without items, an instruction with an unknown decision, ...
 */
import {
  ANSWER,
  API_PREFIX,
  type AnswerFacts,
  BEFORE_VALIDATION,
  type Invariant,
  isObject,
  once,
  show,
} from './invariant-types';

/** A request the contract refuses with 400 validation_failed: the answer to it, unless refused before validation. */
export function refused(id: string, title: string, carries: (answer: AnswerFacts) => boolean): Invariant {
  return {
    id,
    title,
    subject: ANSWER,
    judge: (_, answer) => {
      if (
        !answer.path.startsWith(API_PREFIX) ||
        !carries(answer) ||
        BEFORE_VALIDATION.includes(answer.status)
      )
        return undefined;
      const code = isObject(answer.body) ? answer.body.code : undefined;
      return once(
        answer.status === 400 && code === 'validation_failed'
          ? undefined
          : `answered ${answer.status} ${show(code ?? '')}`,
      );
    },
  };
}
