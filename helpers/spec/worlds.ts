/**
 * A worker's worlds: what the worker holds for one target (its connections, the portfolios of its tenants,
 * the areas' shared reads). A run has one target, so one world per worker; the mutation run's
 * workers serve many references, one after another, and each gets a world of its own, so that nothing read
 * from one reference reaches a test of another.
 */
import type { APIRequestContext } from '@playwright/test';
import type { Portfolio } from '../data/discovery';
import type { Target } from '../run/target';
import { Connections, type OpenContext } from '../wire/connections';

/** How a world makes what it holds, from its target. */
export interface WorldMakers {
  /** A request context to the target (helpers/wire/connections.ts decides which requests go on which). */
  requestContext: OpenContext;
  portfolio: (connections: Connections) => Portfolio;
  otherPortfolio: (connections: Connections) => Portfolio;
}

/**
 * Worlds no test has used for this many other worlds are closed (their connections closed): the
 * mutation run's tests come entry after entry, so a world is rarely needed again once the next ones began.
 */
const LIVE_WORLDS = 8;

export class World {
  private connections_: Connections | undefined;
  private readonly held = new Map<string, unknown>();

  constructor(
    readonly target: Target,
    private readonly makers: WorldMakers,
  ) {}

  /** The world's connections to its target: the requests of its clients go on them. */
  connections(): Connections {
    return (this.connections_ ??= new Connections(this.makers.requestContext));
  }

  /** The context for requests sent without the client: each on a connection of its own. */
  requestContext(): Promise<APIRequestContext> {
    return this.connections().freshContext();
  }

  async portfolio(): Promise<Portfolio> {
    return this.memo('portfolio', () => this.makers.portfolio(this.connections()));
  }

  async otherPortfolio(): Promise<Portfolio> {
    return this.memo('otherPortfolio', () => this.makers.otherPortfolio(this.connections()));
  }

  /** `make()` on the first call for `name` in this world; the same value after. */
  memo<T>(name: string, make: () => T): T {
    if (!this.held.has(name)) this.held.set(name, make());
    return this.held.get(name) as T;
  }

  async close(): Promise<void> {
    const connections = this.connections_;
    this.connections_ = undefined;
    this.held.clear();
    await connections?.dispose();
  }
}

export class Worlds {
  /** By base URL, the most recently used last. */
  private readonly worlds = new Map<string, World>();
  private closing: Promise<void>[] = [];

  constructor(private readonly makers: (target: Target) => WorldMakers) {}

  /** The world of `target`, made on first use. */
  of(target: Target): World {
    let world = this.worlds.get(target.baseUrl);
    if (world) this.worlds.delete(target.baseUrl);
    else world = new World(target, this.makers(target));
    this.worlds.set(target.baseUrl, world);
    for (const [baseUrl, old] of this.worlds) {
      if (this.worlds.size <= LIVE_WORLDS) break;
      this.worlds.delete(baseUrl);
      this.closing.push(old.close());
    }
    return world;
  }

  /** How many worlds this worker holds open. */
  get size(): number {
    return this.worlds.size;
  }

  async dispose(): Promise<void> {
    const all = [...this.closing, ...[...this.worlds.values()].map((w) => w.close())];
    this.worlds.clear();
    this.closing = [];
    await Promise.all(all);
  }
}
