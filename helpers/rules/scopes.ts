/**
 * The rules of the Scopes area (SCOPE-) one answer decides: an insufficient_scope problem names the scope
 * the operation needs. Part of the registry (./registry.ts).
 * Contract: Scopes per operation; Errors.
 */
import { operations } from '../contract/contract';
import { type Invariant, once, show } from '../contract/invariant-types';
import { ofCode } from '../contract/problem-bodies';

export const SCOPES_RULES: readonly Invariant[] = [
  ofCode(
    'SCOPE-008',
    "an insufficient_scope problem's requiredScope names the operation's scope",
    'insufficient_scope',
    (b, answer) => {
      const scope = operations().find((op) => op.operationId === answer.operationId)?.scope;
      if (typeof b.requiredScope !== 'string') return [`requiredScope is ${show(b.requiredScope)}`];
      return once(
        scope === undefined || b.requiredScope === scope
          ? undefined
          : `requiredScope ${b.requiredScope}, the operation needs ${scope}`,
      );
    },
  ),
];
