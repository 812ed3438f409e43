/**
 * The suite's HTTP client: builds contract URLs from operationIds, sends with a key role, records every
 * exchange for evidence, and validates every JSON response against the operation's schema for its status
 * and shows every answer to a key, as it arrives, to the rate-limit rules (ClientDeps.onExchange).
 */
import type { APIRequestContext } from '@playwright/test';
import { operationById, type OperationId } from '../contract/contract';
import type { Exchange, ExchangeRequest } from './exchange';
import { assertMatchesResponseSchema } from './schema-validator';
import { pause } from '../run/waits';
import { inFlightPerWorker } from '../run/settings';
import type { ReasonKind } from '../run/report-config';
import { ApiResponse, TargetError } from './api-response';
import { withPlainStacks } from './plain-stacks';
import { Connections, isDroppedConnection } from './connections';
import { idempotentMethod, replaySafe } from './replays';

// The answer type lives in a leaf module; importers of the client find it here too.
export { ApiResponse, TargetError, replaySafe };

export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;
export type Query = Record<string, QueryValue>;

/** How repeatable array parameters go on the wire (the contract does not say; both are probed). */
export type ArrayEncoding = 'repeat' | 'comma';

export interface SendOptions {
  method: string;
  /** Path under the base URL, starting with `/`. */
  path: string;
  query?: Query;
  arrayEncoding?: ArrayEncoding;
  headers?: Record<string, string>;
  /**
   * An object is sent as JSON; a string or Buffer is sent as these exact bytes (for malformed bodies):
   * the request API never sees a string, which it would re-encode as a JSON string literal.
   */
  body?: unknown;
  /** The operation the request is meant for: its schemas validate the response. */
  operationId?: OperationId;
  /** False for a request whose 429 or 500 is the point of the test (never retried). */
  retry?: boolean;
}

export interface CallOptions {
  path?: Record<string, string>;
  query?: Query;
  arrayEncoding?: ArrayEncoding;
  headers?: Record<string, string>;
  body?: unknown;
  retry?: boolean;
}

export interface RetryPolicy {
  /** Retries of a 500 (internal_error), with exponential backoff. */
  internalErrorRetries: number;
  backoffMs: number;
  /** A 429 is retried once after Retry-After when it is at most this many seconds; else the test skips. */
  maxRetryAfterSeconds: number;
}

export interface ClientDeps {
  /** The connections requests go on (helpers/wire/connections.ts). */
  connections?: Connections;
  /** Without `connections`: the one request context every request goes on (a unit test's stub). */
  request?: APIRequestContext;
  baseUrl: string;
  timeoutMs: number;
  /** Receives every exchange (the test's evidence log). */
  record: (exchange: Exchange) => void;
  /** Retries per the contract (429 after Retry-After, 500 with backoff); undefined: never retry. */
  retry?: RetryPolicy;
  /** The quota guard: no request is sent with a key whose RateLimit-Remaining fell to this floor. */
  quotaFloor?: number;
  /** Told, per request, of the time the suite itself spent on it (building, recording, validating) and of the time on the network. */
  onOverhead?: (ms: number, networkMs: number) => void;
  /**
   * Shown every answer to an operation: the checks made on every answer, its schema among them (CONV-013),
   * all judged together. Without it the client asserts the answer's schema alone.
   */
  onAnswer?: (response: ApiResponse) => void;
  /**
   * Told of every request that is not a GET or HEAD just before it is sent; the function it returns is told
   * the answer's status once it is in (undefined: no answer). The consistency ledger hears of the writes so.
   */
  onWrite?: (request: ExchangeRequest) => (status: number | undefined) => void;
  /** Before a write: resolves once it may go, with what to call once it is answered (helpers/run/quiet.ts). */
  gate?: (request: ExchangeRequest) => Promise<() => void>;
  /** Told of every retry, with the status retried (undefined: a dropped connection); the ledger counts them. */
  onRetry?: (status: number | undefined) => void;
  /**
   * Whether the target shows that a request whose connection dropped did not run (its effect read back:
   * helpers/wire/replays.ts); it is then sent again. Undefined: only requests safe by themselves are.
   */
  showsNotRun?: (request: ExchangeRequest) => Promise<boolean>;
  /** Ends the current test as skipped, naming the reason and its kind (outside a test: throws). */
  skip?: (kind: Extract<ReasonKind, 'setting' | 'time'>, reason: string) => never;
  /**
   * Shown every answer to a request sent with a key, as it arrives: a 429 before it is retried and an answer
   * to no operation included, before the schema check (the rate-limit rules: helpers/wire/answer-checks.ts).
   */
  onExchange?: (response: ApiResponse, key: string) => void;
}

export function buildUrl(
  baseUrl: string,
  path: string,
  query?: Query,
  encoding: ArrayEncoding = 'repeat',
): string {
  const pairs: string[] = [];
  const pair = (name: string, value: string) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      // The comma form puts a literal "," between the items, as servers that split the raw value expect;
      // a comma inside an item stays percent-encoded.
      if (encoding === 'comma')
        pairs.push(
          `${encodeURIComponent(name)}=${value.map((v) => encodeURIComponent(String(v))).join(',')}`,
        );
      else for (const item of value) pairs.push(pair(name, String(item)));
    } else {
      pairs.push(pair(name, String(value)));
    }
  }
  return `${baseUrl}${path}${pairs.length ? `?${pairs.join('&')}` : ''}`;
}

export function fillPath(template: string, values: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
}

/** The bytes of a request body: an object as JSON, a string or Buffer as given. */
function encodeBody(body: unknown): Buffer | undefined {
  if (body === undefined) return undefined;
  if (Buffer.isBuffer(body)) return body;
  return Buffer.from(typeof body === 'string' ? body : JSON.stringify(body), 'utf8');
}

/** The last RateLimit-Remaining seen for each target and key in this worker process: the quota guard's memory. */
const lastRemaining = new Map<string, number>();

export class ApiClient {
  private readonly connections: Connections;

  constructor(
    private readonly deps: ClientDeps,
    /** The key sent as `x-api-key`; undefined sends no key. */
    readonly key: string | undefined,
  ) {
    if (deps.connections) this.connections = deps.connections;
    else if (deps.request) this.connections = Connections.over(deps.request);
    else throw new Error('a client needs its connections or a request context');
  }

  get baseUrl(): string {
    return this.deps.baseUrl;
  }

  withKey(key: string | undefined): ApiClient {
    return new ApiClient(this.deps, key);
  }

  /** Calls an operation of the contract by its operationId; the response is validated against its schema. */
  async call(operationId: OperationId, options: CallOptions = {}): Promise<ApiResponse> {
    const operation = operationById(operationId);
    return this.send({
      method: operation.method,
      path: fillPath(operation.path, options.path),
      query: options.query,
      arrayEncoding: options.arrayEncoding,
      headers: options.headers,
      body: options.body,
      operationId,
      retry: options.retry,
    });
  }

  /** Sends any request (unknown routes, malformed bodies); validated only when `operationId` is given. */
  async send(options: SendOptions): Promise<ApiResponse> {
    const started = performance.now();
    const body = encodeBody(options.body);
    const url = buildUrl(this.deps.baseUrl, options.path, options.query, options.arrayEncoding);
    this.guardOrigin(options.method, url);
    this.guardQuota();
    const request: ExchangeRequest = {
      method: options.method,
      url,
      headers: this.requestHeaders(options.headers, body),
      ...(body === undefined ? {} : { body: body.toString('utf8') }),
    };
    const { exchange, networkMs } = await this.sendWithRetries(request, body, options);
    const response = new ApiResponse(exchange, options.operationId);
    if (options.operationId) {
      // The schema is one judge among the registry's (CONV-013), so that a schema breach never hides the other
      // rules the answer breaks; a client without the checks (a preflight, a unit test) asserts it alone.
      if (this.deps.onAnswer) this.deps.onAnswer(response);
      else assertMatchesResponseSchema(response);
    }
    this.deps.onOverhead?.(performance.now() - started - networkMs, networkMs);
    return response;
  }

  /** The caller's headers, the key, and a JSON content type for a body unless the caller set one. */
  private requestHeaders(
    given: Record<string, string> = {},
    body: Buffer | undefined,
  ): Record<string, string> {
    const headers: Record<string, string> = { ...given };
    if (this.key !== undefined) headers['x-api-key'] = this.key;
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
      headers['content-type'] = 'application/json';
    return headers;
  }

  /** Only the target is ever contacted, whatever path a test builds. */
  private guardOrigin(method: string, url: string): void {
    if (new URL(url).origin !== new URL(this.deps.baseUrl).origin) {
      throw new Error(`refusing to send ${method} ${url}: only the target ${this.deps.baseUrl} is contacted`);
    }
  }

  /**
   * The exchange, retried per the policy: a 500 with backoff, a 429 once after a short Retry-After (a long
   * one skips: the daily quota is gone). Every answer is shown to the rate-limit rules.
   */
  private async sendWithRetries(
    request: ExchangeRequest,
    body: Buffer | undefined,
    options: SendOptions,
  ): Promise<{ exchange: Exchange; networkMs: number }> {
    let exchange = await this.exchangeReplayingDrops(request, body);
    let networkMs = exchange.durationMs;
    this.checkRateLimits(exchange, options.operationId);
    const policy = options.retry === false ? undefined : this.deps.retry;
    for (let attempt = 0; policy; attempt++) {
      const wait = this.retryWait(exchange, attempt, policy);
      if (wait === undefined) break;
      await pause(wait);
      this.deps.onRetry?.(exchange.status);
      exchange = { ...(await this.exchange(request, body)), retryAttempt: attempt + 1 };
      networkMs += exchange.durationMs;
      this.checkRateLimits(exchange, options.operationId);
    }
    return { exchange, networkMs };
  }

  /**
   * The exchange, sent once more when the connection dropped before any answer (a reset, a closed socket) and
   * a replay is harmless: a connection closed under the request is no answer of the target. Harmless: a method
   * the HTTP semantics make idempotent, a sync push carrying an externalImportRef (the contract answers its
   * replay with the stored batch), or a request the target shows did not run (`showsNotRun`: an instruction
   * whose events carry no decision). Any other request keeps the error (it may have run): the test could not
   * judge. The replay goes on a connection of its own: the next idle one may be closing too.
   */
  private async exchangeReplayingDrops(
    request: ExchangeRequest,
    body: Buffer | undefined,
  ): Promise<Exchange> {
    try {
      return await this.exchange(request, body);
    } catch (error) {
      if (!(error instanceof TargetError) || !isDroppedConnection(error.message)) throw error;
      if (!replaySafe(request)) {
        const notRun = this.deps.showsNotRun && (await this.deps.showsNotRun(request).catch(() => false));
        if (!notRun)
          throw new TargetError(
            `${error.message}; not sent again: ${this.deps.showsNotRun ? 'the target does not show that it did not run' : 'it may have run'}`,
          );
      }
      this.deps.onRetry?.(undefined);
      return { ...(await this.exchange(request, body, true)), retryAttempt: 1 };
    }
  }

  /** Milliseconds to wait before retrying `exchange`, or undefined when it is final. */
  private retryWait(exchange: Exchange, attempt: number, policy: RetryPolicy): number | undefined {
    let wait: number | undefined;
    if (exchange.status === 500 && attempt < policy.internalErrorRetries)
      wait = policy.backoffMs * 4 ** attempt;
    if (exchange.status === 429 && attempt === 0) {
      const retryAfter = Number(exchange.headers['retry-after']);
      if (!(retryAfter <= policy.maxRetryAfterSeconds)) {
        // The quota comes back at its reset, later than the run may wait: a bound of time, not a fault.
        this.skip(
          'time',
          `the daily quota of the key is exhausted (429, Retry-After ${exchange.headers['retry-after'] ?? 'absent'} s, ` +
            `above RETRY_AFTER_MAX_SECONDS=${policy.maxRetryAfterSeconds})`,
        );
      }
      wait = retryAfter * 1000;
    }
    return wait;
  }

  /** Each answer, a 429 before it is retried included, against the rate-limit rules (fails the test). */
  private checkRateLimits(exchange: Exchange, operationId: OperationId | undefined): void {
    if (this.deps.onExchange === undefined || this.key === undefined) return;
    this.deps.onExchange(new ApiResponse(exchange, operationId), this.key);
  }

  private skip(kind: Extract<ReasonKind, 'setting' | 'time'>, reason: string): never {
    if (this.deps.skip) this.deps.skip(kind, reason);
    throw new TargetError(reason);
  }

  private guardQuota(): void {
    if (this.key === undefined || this.deps.quotaFloor === undefined) return;
    const remaining = lastRemaining.get(`${this.deps.baseUrl} ${this.key}`);
    if (remaining !== undefined && remaining <= this.deps.quotaFloor) {
      this.skip(
        'setting',
        `quota guard: RateLimit-Remaining of the key fell to ${remaining}, at or below QUOTA_FLOOR=${this.deps.quotaFloor}`,
      );
    }
  }

  /**
   * One request and its full answer, recorded. `fresh`: on a connection of its own (helpers/wire/connections.ts),
   * as every request that is not idempotent goes.
   */
  private async exchange(
    request: ExchangeRequest,
    body: Buffer | undefined,
    fresh = !idempotentMethod(request.method),
  ): Promise<Exchange> {
    const leave = await takePlace();
    try {
      return await this.exchangeInPlace(request, body, fresh);
    } finally {
      leave();
    }
  }

  private async exchangeInPlace(
    request: ExchangeRequest,
    body: Buffer | undefined,
    fresh: boolean,
  ): Promise<Exchange> {
    const { method, url, headers } = request;
    // A write waits while a test reads what it may move (helpers/run/quiet.ts).
    const passed = method === 'GET' || method === 'HEAD' ? undefined : await this.deps.gate?.(request);
    const lease = await this.connections.lease(fresh).catch((error: unknown) => {
      passed?.();
      throw error;
    });
    const started = performance.now();
    const written = method === 'GET' || method === 'HEAD' ? undefined : this.deps.onWrite?.(request);
    const sentAt = Date.now();
    let exchange: Exchange | undefined;
    try {
      const response = await withPlainStacks(() =>
        lease.context.fetch(url, {
          method,
          headers,
          data: body,
          timeout: this.deps.timeoutMs,
          maxRedirects: 0,
          failOnStatusCode: false,
        }),
      );
      lease.done(response.headers());
      const responseBody = await withPlainStacks(() => response.body());
      exchange = {
        request,
        status: response.status(),
        headers: response.headers(),
        body: responseBody,
        durationMs: performance.now() - started,
        sentAt,
      };
    } catch (error) {
      const message = (error as Error).message.split('\n')[0]!;
      lease.done(undefined, isDroppedConnection(message));
      throw new TargetError(
        `the target did not answer ${method} ${url} within ${this.deps.timeoutMs} ms: ${message}`,
      );
    } finally {
      // An answer or a drop has released the connection already; anything else still must.
      lease.done(undefined);
      written?.(exchange?.status);
      passed?.();
    }
    this.deps.record(exchange);
    const remaining = Number(exchange.headers['ratelimit-remaining']);
    if (this.key !== undefined && Number.isInteger(remaining))
      lastRemaining.set(`${this.deps.baseUrl} ${this.key}`, remaining);
    return exchange;
  }
}

/** This worker's requests in flight, and those waiting for a place: at most its share of MAX_IN_FLIGHT. */
let inFlight = 0;
let placeLimit: number | undefined;
const waitingForPlace: (() => void)[] = [];

/** A place for one request in flight (awaited while the worker's share is taken); returns its release. */
async function takePlace(): Promise<() => void> {
  placeLimit ??= inFlightPerWorker();
  if (inFlight < placeLimit) inFlight += 1;
  // The place of the request that ends next is handed over: no other request can take it in between.
  else await new Promise<void>((resolve) => waitingForPlace.push(resolve));
  return () => {
    const next = waitingForPlace.shift();
    if (next) next();
    else inFlight -= 1;
  };
}
