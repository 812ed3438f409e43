/**
 * The connections the suite's requests go on, so that a connection the server closed is never a verdict.
 *
 * A server closes a kept-alive connection once it has been idle for a while (gunicorn after 2 s and uvicorn
 * after 5 s, unannounced; Node after 5 s, announcing `Keep-Alive: timeout=5`). A request written onto it as
 * it closes is never read: the client gets a reset. Playwright's request context keeps its idle connections
 * for ever and hands out the one freed last (Node's agent ignores the `Keep-Alive` hint when it has no
 * timeout of its own), so the suite decides which connections a request may meet:
 *
 * - a request that is not idempotent (a POST: an instruction, a sync push, a provider state) goes on a
 *   connection of its own, opened for it and closed after its answer (`Connection: close`): it never meets an
 *   idle connection, so a reset of it is no keep-alive race;
 * - any other request reuses a connection only while every idle connection of its context was freed within
 *   the reuse window: 1 s, well within the shortest idle timeout servers ship with, shorter when the server
 *   announces less (`Keep-Alive: timeout=N`: N - 1 s, as Node's own agent does) and after a reset of a reused
 *   connection (half the idle time that connection had). Otherwise its context is left once its requests are
 *   answered, and a new one (new connections) takes over. Since the context hands out any of its idle
 *   connections, the window holds for all of them, not only for the one freed last.
 *
 * What the client does when a connection drops all the same (a replay where harmless, else "could not judge")
 * is the client's (helpers/wire/api-client.ts).
 */
import type { APIRequestContext } from '@playwright/test';
import { newTargetContext } from '../run/network';

/** How long a kept-alive connection may stay idle and still be reused: half of gunicorn's 2 s. */
export const IDLE_REUSE_MS = 1000;

/** An error of Playwright's request API that says the connection dropped under the request (not a timeout). */
const DROPPED_CONNECTION = /ECONNRESET|EPIPE|socket hang up/i;

export function isDroppedConnection(message: string): boolean {
  return DROPPED_CONNECTION.test(message);
}

/** Opens a request context to the target; `closeEach`: every request on it on a connection of its own. */
export type OpenContext = (options: { closeEach: boolean }) => Promise<APIRequestContext>;

/** One request's connection: the context to send it on, and what to report once it is over. */
export interface Lease {
  readonly context: APIRequestContext;
  /** True when the request goes on a connection opened for it alone. */
  readonly fresh: boolean;
  /** The answer's headers once it is in; undefined when there is none (`dropped`: the connection dropped). */
  done(headers: Record<string, string> | undefined, dropped?: boolean): void;
}

/** What the connections did, for the tests of this module and the bench. */
export interface ConnectionCounts {
  /** Requests that could reuse an idle connection of their context. */
  reusable: number;
  /** Contexts left because one of their idle connections was past its window. */
  contextsLeft: number;
  /** Requests sent on a connection of their own. */
  fresh: number;
  /** The reuse window now, in ms (lowered by resets of reused connections). */
  windowMs: number;
}

/** How long a connection freed with an answer carrying `headers` may be reused; 0: it is not kept. */
export function reuseWindow(headers: Record<string, string>, limitMs: number): number {
  const connection = headers.connection?.toLowerCase() ?? '';
  if (/(^|,)\s*close\s*(,|$)/.test(connection)) return 0;
  // The hint is in whole seconds; Node's agent lets a connection go a second before it, and so does this.
  const hint = /(?:^|[,;\s])timeout\s*=\s*(\d+)/i.exec(headers['keep-alive'] ?? '')?.[1];
  const announced = hint === undefined ? Infinity : Number(hint) * 1000 - 1000;
  return Math.max(0, Math.min(limitMs, announced));
}

/** One request context whose connections are reused, and its idle connections as this module sees them. */
class Pool {
  /**
   * Per idle connection, when it was freed and the window the answer gave it, in the order they were freed (the
   * context hands out the last first). A connection the context dropped meanwhile may still be listed: the list holds at least the
   * context's idle connections, so a window that holds for the list holds for them.
   */
  readonly idle: { freedAt: number; windowMs: number }[] = [];
  inFlight = 0;
  left = false;
  private disposed = false;
  private readonly opened: Promise<APIRequestContext>;

  constructor(open: OpenContext) {
    this.opened = open({ closeEach: false });
    // A context that could not be opened fails the request that asked for it, not a later dispose.
    this.opened.catch(() => undefined);
  }

  context(): Promise<APIRequestContext> {
    return this.opened;
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    await (await this.opened.catch(() => undefined))?.dispose();
  }
}

export class Connections {
  private pool: Pool | undefined;
  private readonly leaving = new Set<Promise<void>>();
  private freshContext_: Promise<APIRequestContext> | undefined;
  private windowMs: number;
  private readonly counts = { reusable: 0, contextsLeft: 0, fresh: 0 };
  private readonly now: () => number;

  constructor(
    private readonly open: OpenContext,
    options: { idleReuseMs?: number; now?: () => number } = {},
  ) {
    this.windowMs = options.idleReuseMs ?? IDLE_REUSE_MS;
    this.now = options.now ?? (() => performance.now());
  }

  /** Connections that all go on one given context, whatever the request (a unit test's stub, a one-off). */
  static over(context: APIRequestContext): Connections {
    const connections = new Connections(async () => context);
    connections.single = context;
    return connections;
  }

  private single: APIRequestContext | undefined;

  /**
   * The connection for one request: one of its own when `fresh`, else the reuse context, left for a new one
   * first when an idle connection of it is past its window.
   */
  async lease(fresh: boolean): Promise<Lease> {
    if (this.single) return { context: this.single, fresh: false, done: () => {} };
    if (fresh) {
      this.counts.fresh += 1;
      return { context: await this.freshContext(), fresh: true, done: () => {} };
    }
    const now = this.now();
    let pool = this.pool;
    if (pool && pool.idle.some((idle) => idle.freedAt + Math.min(idle.windowMs, this.windowMs) <= now)) {
      this.leave(pool);
      pool = undefined;
    }
    pool ??= this.pool = new Pool(this.open);
    // The context hands the connection freed last to this request (Node's agent: last in, first out).
    const taken = pool.idle.pop();
    pool.inFlight += 1;
    this.counts.reusable += 1;
    const context = await pool.context().catch((error: unknown) => {
      pool.inFlight -= 1;
      throw error;
    });
    let over = false;
    return {
      context,
      fresh: false,
      done: (headers, dropped) => {
        if (over) return;
        over = true;
        pool.inFlight -= 1;
        // A reused connection that dropped: this server closes idle connections sooner than the window said.
        if (dropped && taken) this.windowMs = Math.min(this.windowMs, (now - taken.freedAt) / 2);
        const windowMs = headers ? reuseWindow(headers, this.windowMs) : 0;
        if (windowMs > 0 && !pool.left) pool.idle.push({ freedAt: this.now(), windowMs });
        if (pool.left && pool.inFlight === 0) this.dispose_(pool);
      },
    };
  }

  /**
   * The context on which every request goes on a connection of its own, closed after its answer: for the
   * requests sent without `lease` (a provider state, a test's own call).
   */
  freshContext(): Promise<APIRequestContext> {
    if (this.single) return Promise.resolve(this.single);
    return (this.freshContext_ ??= this.open({ closeEach: true }));
  }

  get stats(): ConnectionCounts {
    return { ...this.counts, windowMs: this.windowMs };
  }

  async dispose(): Promise<void> {
    // A given context is its owner's to dispose.
    if (this.single) return;
    const pool = this.pool;
    this.pool = undefined;
    if (pool) this.dispose_(pool);
    const fresh = this.freshContext_;
    this.freshContext_ = undefined;
    await Promise.all([...this.leaving, (async () => (await fresh?.catch(() => undefined))?.dispose())()]);
  }

  /** No request goes on `pool` any more; it is disposed (its idle connections closed) once none is in flight. */
  private leave(pool: Pool): void {
    pool.left = true;
    this.pool = undefined;
    this.counts.contextsLeft += 1;
    if (pool.inFlight === 0) this.dispose_(pool);
  }

  private dispose_(pool: Pool): void {
    pool.left = true;
    const disposing = pool.dispose().finally(() => this.leaving.delete(disposing));
    this.leaving.add(disposing);
  }
}

/** The connections of a worker (or the preflight) to the target: the network settings' contexts. */
export function targetConnections(baseUrl: string): Connections {
  return new Connections(({ closeEach }) => newTargetContext(baseUrl, { closeEach }));
}
