/**
 * The query parameters of the list routes, as the parts a request combines: a window (a pair of bounds used
 * together, `xFrom`/`xTo`), a shortcut for a window (`dueMonth`, "shortcut for a whole month"), a filter, the
 * order (`sort`) and the shape (`include`); the page parameters are the walk's. Derived from
 * schemas/openapi.yaml, so that a parameter the document adds joins the combinations without a choice.
 *
 * What a combination must answer follows from each parameter's own clause, whatever else the request asks:
 * - a filter keeps exactly its matches: the items of two filters together are the items each keeps alone;
 * - a window bounds every item, so a filter within it returns a part of the window's items;
 * - a shortcut is the window it stands for, with any other parameter;
 * - `sort` orders and `include` adds a member: neither changes which items are listed.
 * Pure; specs/combinations.spec.ts sends the combinations and judges them with these sets.
 */
import type { OperationId } from './contract';
import { queryParameterNames } from './list-orders';

export type Atom =
  | { kind: 'window'; name: string; params: [from: string, to: string] }
  | { kind: 'shortcut'; name: string; param: string }
  | { kind: 'filter'; name: string; param: string }
  | { kind: 'order'; name: string; param: string }
  | { kind: 'shape'; name: string; param: string };

const PAGE_PARAMETERS = new Set(['itemsPerPage', 'currentPage']);
const SHORTCUTS = new Set(['dueMonth']);

/** The parts an operation's query combines, from the document. */
export function queryAtoms(operationId: OperationId): Atom[] {
  const names = queryParameterNames(operationId).filter((n) => !PAGE_PARAMETERS.has(n));
  const atoms: Atom[] = [];
  for (const name of names) {
    const to = name.endsWith('From') ? `${name.slice(0, -'From'.length)}To` : undefined;
    if (to !== undefined && names.includes(to))
      atoms.push({ kind: 'window', name: name.slice(0, -'From'.length), params: [name, to] });
    else if (name.endsWith('To') && names.includes(`${name.slice(0, -'To'.length)}From`)) continue;
    else if (SHORTCUTS.has(name)) atoms.push({ kind: 'shortcut', name, param: name });
    else if (name === 'sort') atoms.push({ kind: 'order', name, param: name });
    else if (name === 'include') atoms.push({ kind: 'shape', name, param: name });
    else atoms.push({ kind: 'filter', name, param: name });
  }
  return atoms;
}

/** Every two of the items, each pair once. */
export function pairsOf<T>(items: readonly T[]): [T, T][] {
  return items.flatMap((a, i) => items.slice(i + 1).map((b): [T, T] => [a, b]));
}

/** How two sets of ids differ, in words: empty when they are equal. */
export function setDifferences(
  a: ReadonlySet<string>,
  b: ReadonlySet<string>,
  nameA: string,
  nameB: string,
): string[] {
  const onlyA = [...a].filter((id) => !b.has(id));
  const onlyB = [...b].filter((id) => !a.has(id));
  return [
    ...(onlyA.length ? [`${onlyA.length} only in ${nameA}: ${onlyA.slice(0, 5).join(', ')}`] : []),
    ...(onlyB.length ? [`${onlyB.length} only in ${nameB}: ${onlyB.slice(0, 5).join(', ')}`] : []),
  ];
}

export const intersect = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  new Set([...a].filter((id) => b.has(id)));
