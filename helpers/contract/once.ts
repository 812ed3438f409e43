/**
 * `read` made on the first call only; every later call gets the same promise (a rejection included, so that
 * each test that needs the read reports its failure). A worker fixture holding one makes a read once per
 * worker, in the first test that needs it.
 */
export function once<A extends unknown[], T>(read: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
  let made: Promise<T> | undefined;
  return (...args) => (made ??= read(...args));
}
