/**
 * A request whose connection dropped before its answer: whether sending it again is harmless. Either the
 * request says so itself (an idempotent method; a sync push with its externalImportRef, which the contract
 * answers with the stored batch), or the target shows that it did not run (an instruction whose events,
 * read back, carry no decision). Anything else may have run: it is not sent again, and the test that sent it
 * could not judge the target (helpers/wire/api-client.ts).
 */
import type { ExchangeRequest } from './exchange';

/** Methods whose replay the HTTP semantics make harmless (RFC 9110, 9.2.2). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

export function idempotentMethod(method: string): boolean {
  return IDEMPOTENT.has(method.toUpperCase());
}

const pathOf = (request: ExchangeRequest) => new URL(request.url).pathname;

function jsonBody(request: ExchangeRequest): unknown {
  try {
    return JSON.parse(request.body ?? '');
  } catch {
    return undefined;
  }
}

/** Whether sending `request` again is harmless: an idempotent method, or a sync push with its import ref. */
export function replaySafe(request: ExchangeRequest): boolean {
  if (idempotentMethod(request.method)) return true;
  if (request.method.toUpperCase() !== 'POST' || !pathOf(request).endsWith('/patents/sync')) return false;
  const ref = (jsonBody(request) as { externalImportRef?: unknown } | undefined)?.externalImportRef;
  return typeof ref === 'string' && ref !== '';
}

/**
 * The events an instruction POST names, when every entry names one by a string id; undefined for any other
 * request (another route, a body that is not such a batch: what it did cannot be read back).
 */
export function eventsInstructed(request: ExchangeRequest): string[] | undefined {
  if (request.method.toUpperCase() !== 'POST' || !pathOf(request).endsWith('/patent-instructions'))
    return undefined;
  const instructions = (jsonBody(request) as { instructions?: unknown } | undefined)?.instructions;
  if (!Array.isArray(instructions) || instructions.length === 0) return undefined;
  const ids = instructions.map((i) => (i as { eventId?: unknown } | null)?.eventId);
  return ids.every((id): id is string => typeof id === 'string') ? [...new Set(ids)] : undefined;
}

/** An event as read back: its `appliedDecision`, or undefined when it could not be read. */
export type ReadEvent = (eventId: string) => Promise<{ appliedDecision?: unknown } | undefined>;

/**
 * Whether an instruction POST whose answer was lost shows that it did not run: every event it names read
 * back, none with a decision ("Executing an instruction sets `appliedDecision` on the event"; a batch is
 * atomic). An event that already had a decision, or that cannot be read, leaves it unknown: false.
 */
export async function instructionNotRun(request: ExchangeRequest, read: ReadEvent): Promise<boolean> {
  const events = eventsInstructed(request);
  if (events === undefined) return false;
  const read_ = await Promise.all(events.map((id) => read(id).catch(() => undefined)));
  return read_.every((event) => event !== undefined && event.appliedDecision === null);
}
