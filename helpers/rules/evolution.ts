/**
 * The rules of the Evolution area (EVO-) one answer decides: every operation is served under the path prefix
 * /api/v2/external/. Part of the registry (./registry.ts).
 * Contract: Versioning, path prefix and additive evolution (the introduction).
 */
import { operationById, type OperationId } from '../contract/contract';
import { ANSWER, API_PREFIX, type Invariant, once } from '../contract/invariant-types';

const PATH_PATTERNS = new Map<string, RegExp>();

/** The operation's path template, every parameter one path segment, at the end of a path. */
function pathPattern(operationId: OperationId): RegExp {
  let pattern = PATH_PATTERNS.get(operationId);
  if (!pattern) {
    const template = operationById(operationId).path.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    pattern = new RegExp(`${template.replace(/\{\w+\}/g, '[^/]+')}$`);
    PATH_PATTERNS.set(operationId, pattern);
  }
  return pattern;
}

export const EVOLUTION_RULES: readonly Invariant[] = [
  {
    id: 'EVO-001',
    title: 'every operation is served under /api/v2/external/',
    subject: ANSWER,
    judge: (_, answer) => {
      const operationId = answer.operationId as OperationId | undefined;
      if (!operationId || !pathPattern(operationId).test(answer.path)) return undefined;
      // A 2xx answer at the operation's path (every template starts with the prefix) shows it served there.
      const operation = operationById(operationId);
      if (answer.status >= 200 && answer.status < 300)
        return once(
          operation.path.startsWith(API_PREFIX) ? undefined : `${operationId} is at ${operation.path}`,
        );
      // A 404 shows the route missing only where no resource can be: no path parameter and no 404 documented.
      if (
        answer.status === 404 &&
        operation.pathParams.length === 0 &&
        !('404' in (operation.definition.responses ?? {}))
      )
        return [
          `${answer.method} ${answer.path} answers 404: ${operationId} is not served under ${API_PREFIX}`,
        ];
      return undefined;
    },
  },
];
