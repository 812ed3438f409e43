/**
 * The rules of the Authentication area (AUTH-) one answer decides: a request without a key, or with a key of
 * the wrong form, gets 401 invalid_api_key. Part of the registry (./registry.ts).
 * Contract: Authentication with x-api-key.
 */
import { ANSWER, API_PREFIX, type Invariant, isObject, once, show } from '../contract/invariant-types';

const API_KEY = /^[0-9a-fA-F]{64}$/;

/** The answer to a request whose key is missing or malformed: 401 invalid_api_key. */
function keyRefused(id: string, title: string, carries: (key: string | undefined) => boolean): Invariant {
  return {
    id,
    title,
    subject: ANSWER,
    judge: (_, answer) => {
      if (!answer.path.startsWith(API_PREFIX) || !carries(answer.requestHeaders['x-api-key']))
        return undefined;
      const code = isObject(answer.body) ? answer.body.code : undefined;
      return once(
        answer.status === 401 && code === 'invalid_api_key'
          ? undefined
          : `answered ${answer.status} ${show(code ?? '')}`,
      );
    },
  };
}

export const AUTH_RULES: readonly Invariant[] = [
  keyRefused('AUTH-005', 'a request without x-api-key gets 401 invalid_api_key', (key) => key === undefined),
  keyRefused(
    'AUTH-002',
    'an x-api-key that is not 64 hexadecimal characters gets 401 invalid_api_key',
    (key) => key !== undefined && !API_KEY.test(key),
  ),
];
