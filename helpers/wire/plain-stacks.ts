/**
 * The suite's calls of Playwright's request API, started with V8's own stack format (the client's, and the
 * bench's traffic floor, which sends requests the way the suite does).
 */

/**
 * Starts a call of Playwright's request API with V8's own stack format. Playwright captures the stack of each
 * API call as the call starts, and in a test run maps every frame through the TypeScript source maps to name
 * the caller in a step or an error. The suite's calls make no step (its fixtures report the exchanges) and
 * keep only the first line of an error, so that mapping was spent for nothing on every request: about 0.4 s
 * of CPU in an embedded run of 860 requests. The capture is synchronous, within `call`; the format is restored before it returns.
 */
export function withPlainStacks<T>(call: () => T): T {
  const errors = Error as { prepareStackTrace?: unknown };
  const prepare = errors.prepareStackTrace;
  errors.prepareStackTrace = undefined;
  try {
    return call();
  } finally {
    errors.prepareStackTrace = prepare;
  }
}
