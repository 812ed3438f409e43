/**
 * The suite's deliberate waits (a retry's backoff or Retry-After, the polling of a background batch, the
 * rate-limit countdown), in one place so that the run can say how much of its time they took
 * (reports/requests.json, `npm run bench`).
 */
let waitedMs = 0;

/** Waits `ms` milliseconds, counted as a deliberate wait of this process. */
export async function pause(ms: number): Promise<void> {
  if (ms <= 0) return;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, ms));
  waitedMs += performance.now() - started;
}

/** Milliseconds this process spent in deliberate waits so far. */
export function pausedMs(): number {
  return waitedMs;
}
