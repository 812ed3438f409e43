/**
 * State coverage: each state the contract names (decisions, fee statuses, processing statuses, batch statuses
 * and item outcomes, invoice origins and regularization reasons, instruction statuses, frozen rates, document
 * availability) against every operation whose answer shows it. A run records which cells its answers showed
 * (helpers/wire/answer-checks.ts, `observeStates`); docs/state-coverage.md is written from the record of a
 * complete run where writes are allowed (scripts/gen-state-coverage.ts), each cell exercised, ruled
 * unreachable with its clause, or "not verified" with the data it lacks.
 *
 * The states and where they sit are the table below; their values come from schemas/openapi.yaml.
 */
import { loadOpenApi } from '../../schemas/ajv';
import { enumOf, type OperationId, operations } from './contract';
import { isObject, type Json, resourcesOf } from './invariant-types';
import { resolve } from './schema-walk';

/** A state member: where it sits in a resource (`*` for every entry of an array) and its values. */
export interface StateMember {
  state: string;
  /** The `object` of the resource that carries it. */
  object: string;
  path: readonly string[];
  values: readonly string[];
  /** The operations whose 2xx answers carry that resource. */
  operations: readonly OperationId[];
}

const values = (list: readonly unknown[]) => list.filter((v) => v !== null).map(String);

/** Which operations' 2xx answers carry each resource (its `object`), from the document's response schemas. */
function operationsCarrying(object: string, member: string): OperationId[] {
  // The component whose `object` member is that name (`object: { const: patent }`) and that has the member
  // (a freeze in a list has no events).
  const schemas = (loadOpenApi().components?.schemas ?? {}) as Record<string, Json>;
  const name = Object.keys(schemas).find((n) => {
    const properties = (schemas[n]!.properties ?? {}) as Json;
    return (properties.object as Json | undefined)?.const === object && member in properties;
  });
  const component = `#/components/schemas/${name}`;
  return operations()
    .filter((op) => {
      const text = JSON.stringify(
        Object.entries(op.definition.responses ?? {})
          .filter(([status]) => status.startsWith('2'))
          .map(([, response]) => response),
      );
      return refsReach(text, component, new Set());
    })
    .map((op) => op.operationId);
}

/** Whether a schema text reaches `target` through its `$ref`s (components followed once each). */
function refsReach(text: string, target: string, seen: Set<string>): boolean {
  for (const [, ref] of text.matchAll(/"\$ref":"([^"]+)"/g)) {
    if (ref === target) return true;
    if (seen.has(ref!)) continue;
    seen.add(ref!);
    if (refsReach(JSON.stringify(resolve(ref!)), target, seen)) return true;
  }
  return false;
}

let members: StateMember[] | undefined;

/** The state members of the contract, with their values and the operations that show them. */
export function stateMembers(): StateMember[] {
  if (members) return members;
  const member = (state: string, object: string, path: string[], list: readonly unknown[]): StateMember => ({
    state,
    object,
    path,
    values: values(list),
    operations: operationsCarrying(object, path[0]!),
  });
  members = [
    member('decision applied', 'patentEvent', ['appliedDecision'], enumOf('Decision')),
    member('fees status of an event', 'patentEvent', ['feesStatus'], enumOf('Fees', 'feesStatus')),
    member('fees status', 'fees', ['feesStatus'], enumOf('Fees', 'feesStatus')),
    member(
      'processing status',
      'patentEvent',
      ['processingStatus'],
      enumOf('PatentEvent', 'processingStatus'),
    ),
    member('due period', 'patentEvent', ['duePeriod'], enumOf('PatentEvent', 'duePeriod')),
    member(
      'blocked reason',
      'patentEvent',
      ['instructability', 'blockedReason'],
      enumOf('Instructability', 'blockedReason'),
    ),
    member('rate frozen (event)', 'patentEvent', ['isFxRateFrozen'], [true, false]),
    member(
      'instruction status',
      'instructionReceipt',
      ['instructions', '*', 'status'],
      enumOf('Instruction', 'status'),
    ),
    member(
      'instruction decision',
      'instructionReceipt',
      ['instructions', '*', 'decision'],
      enumOf('Decision'),
    ),
    member('batch status', 'patentSyncBatch', ['status'], enumOf('PatentSyncBatch', 'status')),
    member('batch mode', 'patentSyncBatch', ['mode'], enumOf('PatentSyncBatch', 'mode')),
    member('item outcome', 'patentSyncBatch', ['results', 'data', '*', 'outcome'], enumOf('SyncOutcome')),
    member(
      'item action',
      'patentSyncBatch',
      ['results', 'data', '*', 'action'],
      enumOf('SyncResultItem', 'action'),
    ),
    member('invoice origin', 'invoice', ['origin'], enumOf('Invoice', 'origin')),
    member(
      'regularization reason',
      'invoice',
      ['fees', '*', 'regularizationReason'],
      enumOf('Fees', 'regularizationReason'),
    ),
    member(
      'rate frozen (freeze event)',
      'exchangeRateFreeze',
      ['events', '*', 'isFxRateFrozen'],
      [true, false],
    ),
    member('patent status', 'patent', ['status'], enumOf('Patent', 'status')),
  ];
  return members;
}

/** The document downloads, each a state of its own: served (200) or not yet (404). */
export const DOCUMENT_STATES = ['available', 'missing'] as const;

/** A cell of the table: `<operationId> <state>=<value>`. */
export const cellKey = (operationId: string, state: string, value: string) =>
  `${operationId} ${state}=${value}`;

/** The values at a path of a resource (`*`: every entry of an array). */
function at(value: unknown, path: readonly string[]): unknown[] {
  if (path.length === 0) return [value];
  const [head, ...rest] = path;
  if (head === '*') return Array.isArray(value) ? value.flatMap((v) => at(v, rest)) : [];
  return isObject(value) && head! in value ? at(value[head!], rest) : [];
}

/** The cells an answer shows: the state values of its resources, or a download's availability. */
export function cellsOf(operationId: string | undefined, status: number, body: unknown): string[] {
  if (!operationId) return [];
  if (/Document$/.test(operationId))
    return status === 200
      ? [cellKey(operationId, 'document', 'available')]
      : status === 404
        ? [cellKey(operationId, 'document', 'missing')]
        : [];
  if (status < 200 || status >= 300) return [];
  const cells = new Set<string>();
  for (const { resource } of resourcesOf(body))
    for (const m of stateMembers())
      if (resource.object === m.object)
        for (const v of at(resource, m.path))
          if (v !== null && v !== undefined) cells.add(cellKey(operationId, m.state, String(v)));
  return [...cells];
}

/** Why a cell cannot be reached through the API, with the contract's words. */
export interface Unreachable {
  operationId: OperationId | '*';
  state: string;
  value: string;
  clause: string;
}

/**
 * Cells no client can reach: the contract rules them out, or gives the move to no operation. Each row quotes
 * the clause (tests/state-coverage.test.ts checks the quotes against the contract).
 */
export const UNREACHABLE: readonly Unreachable[] = [
  // The Fees object of an event is shown on the by-period list only.
  ...(['listPatentEvents', 'getPatentEvent'] as const).flatMap((operationId) =>
    values(enumOf('Fees', 'feesStatus')).map((value) => ({
      operationId,
      state: 'fees status',
      value,
      clause: 'present only when requested with `include=fees` (on the by-period list)',
    })),
  ),
  ...['PENDING', 'SCHEDULED', 'SUPERSEDED'].map((value) => ({
    operationId: 'postInstructions' as const,
    state: 'instruction status',
    value,
    clause:
      'A POST on the instruction endpoint executes immediately and returns status EXECUTED (DIRECT mode).',
  })),
];

/** The cells of the table: every state value on every operation that shows it, and the downloads. */
export function cells(): { operationId: string; state: string; value: string }[] {
  const documents = operations()
    .filter((op) => /Document$/.test(op.operationId))
    .flatMap((op) =>
      DOCUMENT_STATES.map((value) => ({ operationId: op.operationId, state: 'document', value })),
    );
  return [
    ...stateMembers().flatMap((m) =>
      m.operations.flatMap((operationId) =>
        m.values.map((value) => ({ operationId, state: m.state, value })),
      ),
    ),
    ...documents,
  ];
}

/** The clause that rules a cell out, if one does. */
export function unreachable(operationId: string, state: string, value: string): string | undefined {
  return UNREACHABLE.find(
    (u) => (u.operationId === operationId || u.operationId === '*') && u.state === state && u.value === value,
  )?.clause;
}

/** docs/state-coverage.md from the cells a complete run showed (cell key: answers that showed it). */
export function stateCoverageMarkdown(observed: Record<string, number>): string {
  const all = cells();
  const verdict = (c: { operationId: string; state: string; value: string }) => {
    const seen = observed[cellKey(c.operationId, c.state, c.value)] ?? 0;
    const rule = unreachable(c.operationId, c.state, c.value);
    if (seen > 0) return rule ? `shown ${seen} (ruled out: ${rule})` : `exercised (${seen})`;
    return rule ? `unreachable: "${rule}"` : 'not verified: no answer of the run showed it';
  };
  const counts = { exercised: 0, unreachable: 0, missing: 0 };
  for (const c of all) {
    const seen = (observed[cellKey(c.operationId, c.state, c.value)] ?? 0) > 0;
    if (seen) counts.exercised++;
    else if (unreachable(c.operationId, c.state, c.value)) counts.unreachable++;
    else counts.missing++;
  }
  const lines = [
    '# State coverage',
    '',
    'Each state the contract names, against every operation whose answer shows it, as a complete run of the',
    'suite against the embedded reference (every setting allowed) exercised it. Written by',
    '`npx tsx scripts/gen-state-coverage.ts` from that run; `tests/state-coverage.test.ts` keeps it current with',
    'the table of states (`helpers/contract/state-coverage.ts`). A cell is exercised (answers of the run showed',
    'it), unreachable (the contract rules it out, quoted), or not verified (no answer showed it: the data it',
    'lacks is that state on that operation).',
    '',
    `${all.length} cells: ${counts.exercised} exercised, ${counts.unreachable} unreachable, ${counts.missing} not verified.`,
    '',
  ];
  const states = [...new Set(all.map((c) => c.state))];
  for (const state of states) {
    lines.push(`## ${state}`, '', '| operation | value | cell |', '| --- | --- | --- |');
    for (const c of all.filter((x) => x.state === state))
      lines.push(`| ${c.operationId} | ${c.value} | ${verdict(c)} |`);
    lines.push('');
  }
  return lines.join('\n');
}
