/**
 * RFC 6901 JSON Pointers of field errors, checked against the body that was sent: the syntax (`~` only as
 * `~0` or `~1`), and whether the pointer lands in the body, or names a missing member of an object or array
 * of the body (an error about a required member that was not sent).
 */

/** True when `pointer` is a syntactically valid RFC 6901 JSON Pointer (`''` is the whole document). */
export function isJsonPointer(pointer: string): boolean {
  return pointer === '' || /^(\/([^~/]|~[01])*)+$/.test(pointer);
}

/** The reference tokens of a pointer, unescaped (`~1` to `/`, then `~0` to `~`). */
export function pointerTokens(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function child(value: unknown, token: string): { found: boolean; value?: unknown } {
  if (Array.isArray(value)) {
    if (!/^(0|[1-9]\d*)$/.test(token) || Number(token) >= value.length) return { found: false };
    return { found: true, value: value[Number(token)] };
  }
  if (value !== null && typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, token)) {
    return { found: true, value: (value as Record<string, unknown>)[token] };
  }
  return { found: false };
}

/** The value the pointer designates in `document`, or `{ found: false }`. */
export function resolvePointer(document: unknown, pointer: string): { found: boolean; value?: unknown } {
  let current: unknown = document;
  for (const token of pointerTokens(pointer)) {
    const next = child(current, token);
    if (!next.found) return { found: false };
    current = next.value;
  }
  return { found: true, value: current };
}

/**
 * True when a valid pointer designates a value of `document`, or a missing member of an object or array of
 * `document` (where a required member that was not sent would be).
 */
export function pointsIntoDocument(document: unknown, pointer: string): boolean {
  if (!isJsonPointer(pointer)) return false;
  if (resolvePointer(document, pointer).found) return true;
  const container = resolvePointer(document, pointer.slice(0, pointer.lastIndexOf('/')));
  return container.found && container.value !== null && typeof container.value === 'object';
}

/**
 * Why a field error's pointer does not fit the sent body (see `pointsIntoDocument`); undefined when it fits.
 * With `documented` (the pointers of the members the request schema documents, `*` for any array entry), a
 * pointer that designates nothing must name a documented member absent from the object that lacks it, or
 * from the root when the body is no object at all: not an undocumented name, not a missing array entry.
 */
export function pointerMisfit(
  document: unknown,
  pointer: unknown,
  documented?: ReadonlySet<string>,
): string | undefined {
  if (typeof pointer !== 'string') return `pointer ${JSON.stringify(pointer)} is not a string`;
  if (!isJsonPointer(pointer)) return `pointer ${JSON.stringify(pointer)} is not an RFC 6901 JSON Pointer`;
  if (
    documented === undefined
      ? pointsIntoDocument(document, pointer)
      : namesLackedMember(document, pointer, documented)
  )
    return undefined;
  return documented === undefined
    ? `pointer ${JSON.stringify(pointer)} designates nothing in the body that was sent`
    : `pointer ${JSON.stringify(pointer)} designates nothing in the body sent, nor a documented member it lacks`;
}

const isObjectValue = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A value of the body, or a documented member that the object holding it (or a root of another kind) lacks. */
function namesLackedMember(document: unknown, pointer: string, documented: ReadonlySet<string>): boolean {
  if (resolvePointer(document, pointer).found) return true;
  const tokens = pointerTokens(pointer);
  const token = tokens[tokens.length - 1]!;
  const shape = `/${tokens.map((t) => (/^(0|[1-9]\d*)$/.test(t) ? '*' : t)).join('/')}`;
  if (shape.endsWith('/*') || !documented.has(shape)) return false;
  if (tokens.length === 1) return !isObjectValue(document) || !(token in (document as object));
  const parent = resolvePointer(document, pointer.slice(0, pointer.lastIndexOf('/')));
  return parent.found && isObjectValue(parent.value);
}
