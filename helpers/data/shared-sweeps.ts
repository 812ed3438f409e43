/**
 * Reads made once for the whole run instead of once per worker or per test: the first worker to ask
 * claims the read, makes it and writes the result to the run folder (helpers/run/run-folder.ts); the others
 * wait for that file. This keeps discovery's cost independent of the number of workers and lets tests that check
 * different clauses of one answer share it, which matters against a daily quota. A waiter that sees no
 * result in time (the reading worker failed or died) reads for itself.
 */
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiResponse } from '../wire/api-client';
import type { OperationId } from '../contract/contract';
import { redactHeaders, type Exchange } from '../wire/exchange';
import { claim } from './claims';
import { sharedResultFile, withFolder } from '../run/run-folder';

const WAIT_LIMIT_MS = 60_000;

/** A waiter looks for the file at most this often: one stat, and it holds a worker no longer than that past the result. */
const POLL_CAP_MS = 40;

async function waitFor(file: string): Promise<{ value?: unknown; failed?: true } | undefined> {
  let delay = 5;
  for (
    const started = Date.now();
    Date.now() - started < WAIT_LIMIT_MS;
    delay = Math.min(delay * 2, POLL_CAP_MS)
  ) {
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as { value?: unknown };
    await sleep(delay);
  }
  return undefined;
}

/** `produce` once per run and `namespace` (the target), handed to every caller through `store`/`load`. */
async function shareOnce<T>(
  namespace: string,
  name: string,
  produce: () => Promise<T>,
  store: (value: T) => unknown,
  load: (stored: unknown) => T,
): Promise<T> {
  const file = sharedResultFile(namespace, name);
  if (claim(namespace, 'shared', name)) {
    const write = (content: object) => {
      // Written whole, then renamed: a waiter never reads half a file.
      fs.writeFileSync(withFolder(`${file}.tmp`), JSON.stringify(content));
      fs.renameSync(`${file}.tmp`, file);
    };
    try {
      const value = await produce();
      write({ value: store(value) });
      return value;
    } catch (error) {
      write({ failed: true });
      throw error;
    }
  }
  const shared = await waitFor(file);
  // No result (a failed or missing read): read here, so that the failure is reported in this test too.
  return shared && !shared.failed ? load(shared.value) : produce();
}

/** A JSON value (a list sweep) read once per run. */
export function sharedSweep<T>(namespace: string, name: string, sweep: () => Promise<T>): Promise<T> {
  return shareOnce(
    namespace,
    `sweep-${name}`,
    sweep,
    (value) => value,
    (stored) => stored as T,
  );
}

interface StoredResponse {
  exchange: Omit<Exchange, 'body'> & { body: string };
  operationId?: OperationId;
}

/** A response as stored in the run folder: its exchange (keys redacted, body in base64) and its operation. */
function storedOf(response: ApiResponse): StoredResponse {
  return {
    exchange: {
      ...response.exchange,
      request: { ...response.exchange.request, headers: redactHeaders(response.exchange.request.headers) },
      body: response.exchange.body.toString('base64'),
    },
    ...(response.operationId ? { operationId: response.operationId } : {}),
  };
}

/** A stored response, marked `shared`: another worker received it. */
function loadedOf(stored: StoredResponse): ApiResponse {
  const { exchange, operationId } = stored;
  return new ApiResponse(
    { ...exchange, body: Buffer.from(exchange.body, 'base64'), shared: true },
    operationId,
  );
}

/**
 * A response obtained once per run. Other callers get a copy whose exchange is marked `shared` (their
 * evidence shows it; the request ledger does not count it again). The key never reaches the file.
 */
export function sharedResponse(
  namespace: string,
  name: string,
  call: () => Promise<ApiResponse>,
): Promise<ApiResponse> {
  return shareOnce<ApiResponse>(namespace, `response-${name}`, call, storedOf, (stored) =>
    loadedOf(stored as StoredResponse),
  );
}

/**
 * Responses obtained once per run (the pages of a walk, the reads of a sample), as `sharedResponse`: a test
 * in any worker judges them again with the registry (`expectRuleHolds`), whichever worker received them.
 */
export function sharedResponses(
  namespace: string,
  name: string,
  call: () => Promise<ApiResponse[]>,
): Promise<ApiResponse[]> {
  return shareOnce<ApiResponse[]>(
    namespace,
    `responses-${name}`,
    call,
    (responses) => responses.map(storedOf),
    (stored) => (stored as StoredResponse[]).map(loadedOf),
  );
}
