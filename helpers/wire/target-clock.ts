/**
 * The target's clock, as the Date headers of its answers show it (RFC 9110, 6.6.1: an origin server with a
 * clock sends one). Every date a test picks by reads the target's "today", not the machine's: a staging
 * target, or a reference pinned to another day (REFERENCE_TODAY), may be any distance from the suite's date.
 *
 * A process keeps, per target, the offset of the last dated answer it saw. The current test's target (the
 * `target` fixture names it) is the one read; before its first answer, the offset its starter knew (the
 * global setup's preflight through TARGET_CLOCK_OFFSET_MS, or the mutation run's entry); else the local clock.
 */
import { utcDateOf } from '../contract/calendar';

/** Where the global setup hands the preflight's reading to the workers. */
export const TARGET_CLOCK_OFFSET_ENV = 'TARGET_CLOCK_OFFSET_MS';

const offsets = new Map<string, number>();
const known = new Map<string, number>();
let current: string | undefined;

const keyOf = (baseUrl: string) => baseUrl.replace(/\/+$/, '');

/** Names the target the current test reads dates from, with the offset known for it before any answer. */
export function useTargetClock(baseUrl: string, knownOffsetMs?: number): void {
  current = keyOf(baseUrl);
  if (knownOffsetMs !== undefined) known.set(current, knownOffsetMs);
}

/**
 * Notes the Date header of an answer of `baseUrl` (default: the current target) received at `receivedAt`
 * (ms, local clock); an undated answer is ignored.
 */
export function noteTargetDate(
  dateHeader: string | undefined,
  baseUrl: string | undefined = current,
  receivedAt = Date.now(),
): void {
  const dated = Date.parse(dateHeader ?? '');
  // The header has whole seconds: its instant is up to a second behind the answer.
  if (Number.isFinite(dated)) offsets.set(keyOf(baseUrl ?? ''), dated + 500 - receivedAt);
}

/** The target's clock offset from the local one (ms), as last seen; 0 when nothing is known of it. */
export function targetClockOffsetMs(baseUrl: string | undefined = current): number {
  const key = keyOf(baseUrl ?? '');
  const seen = offsets.get(key) ?? known.get(key);
  if (seen !== undefined) return seen;
  const published = Number(process.env[TARGET_CLOCK_OFFSET_ENV]);
  return Number.isFinite(published) ? published : 0;
}

/** The target's current instant (ms). */
export function targetNow(): number {
  return Date.now() + targetClockOffsetMs();
}

/**
 * The target's date in UTC: its own today (in its time zone) is at most a day off, which the date rules
 * allow for with their slack.
 */
export function targetUtcToday(): string {
  return utcDateOf(targetNow());
}
