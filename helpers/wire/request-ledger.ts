/**
 * Counts the HTTP requests the run makes, by area, across worker processes: each worker writes its
 * counts to the run folder when it ends (helpers/run/run-folder.ts); the global teardown adds them up and
 * reports the total.
 */
import fs from 'node:fs';
import path from 'node:path';
import { requestCountsFile, requestCountsFolder, withFolder } from '../run/run-folder';
import { pausedMs } from '../run/waits';

export class RequestLedger {
  readonly byArea = new Map<string, number>();
  /** Requests per test (file › title), so that a quota-bound user sees where the calls go. */
  readonly byTest = new Map<string, number>();
  /** Round trips in line per test (helpers/run/round-trips.ts): what a target far away costs it. */
  readonly inLineByTest = new Map<string, number>();
  /** Every origin a request went to (the run must contact the target only). */
  readonly origins = new Set<string>();
  retries = 0;
  /** Per request, milliseconds the suite itself spent (building, recording, validating). */
  readonly overheadMs: number[] = [];
  /** Milliseconds the requests spent on the network (sent until the whole answer was in). */
  networkMs = 0;

  addOrigin(url: string): void {
    this.origins.add(new URL(url).origin);
  }

  add(area: string, count: number, test?: string, inLine?: number): void {
    if (count <= 0) return;
    this.byArea.set(area, (this.byArea.get(area) ?? 0) + count);
    if (test === undefined) return;
    this.byTest.set(test, (this.byTest.get(test) ?? 0) + count);
    if (inLine !== undefined) this.inLineByTest.set(test, (this.inLineByTest.get(test) ?? 0) + inLine);
  }

  /** Writes this worker's counts to the run folder. */
  flush(workerId: string): void {
    if (this.byArea.size === 0 && this.retries === 0 && pausedMs() === 0) return;
    fs.writeFileSync(
      withFolder(requestCountsFile(workerId)),
      JSON.stringify({
        byArea: Object.fromEntries(this.byArea),
        byTest: Object.fromEntries(this.byTest),
        inLineByTest: Object.fromEntries(this.inLineByTest),
        retries: this.retries,
        origins: [...this.origins],
        overheadMs: this.overheadMs,
        networkMs: this.networkMs,
        waitMs: pausedMs(),
      }),
    );
  }
}

export interface RequestTotals {
  total: number;
  retries: number;
  byArea: Record<string, number>;
  origins: string[];
  /** Median of the suite's own time per request, in milliseconds. */
  overheadMedianMs: number | null;
  /** The suite's own time over all requests, in milliseconds. */
  overheadTotalMs: number;
  /** The requests' time on the network, in milliseconds (all workers). */
  networkMs: number;
  /** The deliberate waits of the workers (retries, polling, the rate-limit countdown), in milliseconds. */
  waitMs: number;
  /** The tests that made the most requests, heaviest first. */
  heaviestTests: { test: string; requests: number }[];
  /** Round trips in line, summed over the tests: against a far target, about that many round trips of waiting. */
  roundTripsInLine: number;
  /** The tests with the most round trips in line, longest first. */
  longestInLine: { test: string; inLine: number; requests: number }[];
}

const HEAVIEST_LISTED = 20;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Adds up what every worker of the run wrote. */
export function collectRequestTotals(): RequestTotals {
  const dir = requestCountsFolder();
  const totals: RequestTotals = {
    total: 0,
    retries: 0,
    byArea: {},
    origins: [],
    overheadMedianMs: null,
    overheadTotalMs: 0,
    networkMs: 0,
    waitMs: 0,
    heaviestTests: [],
    roundTripsInLine: 0,
    longestInLine: [],
  };
  const overhead: number[] = [];
  const byTest = new Map<string, number>();
  const inLineByTest = new Map<string, number>();
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const part = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as {
      byArea: Record<string, number>;
      byTest?: Record<string, number>;
      inLineByTest?: Record<string, number>;
      retries: number;
      origins: string[];
      overheadMs: number[];
      networkMs?: number;
      waitMs?: number;
    };
    totals.networkMs += part.networkMs ?? 0;
    totals.waitMs += part.waitMs ?? 0;
    for (const [test, count] of Object.entries(part.byTest ?? {}))
      byTest.set(test, (byTest.get(test) ?? 0) + count);
    for (const [test, count] of Object.entries(part.inLineByTest ?? {})) {
      inLineByTest.set(test, (inLineByTest.get(test) ?? 0) + count);
      totals.roundTripsInLine += count;
    }
    overhead.push(...part.overheadMs);
    totals.retries += part.retries;
    for (const origin of part.origins) if (!totals.origins.includes(origin)) totals.origins.push(origin);
    for (const [area, count] of Object.entries(part.byArea)) {
      totals.byArea[area] = (totals.byArea[area] ?? 0) + count;
      totals.total += count;
    }
  }
  totals.heaviestTests = [...byTest]
    .sort(([, a], [, b]) => b - a)
    .slice(0, HEAVIEST_LISTED)
    .map(([test, requests]) => ({ test, requests }));
  totals.longestInLine = [...inLineByTest]
    .sort(([, a], [, b]) => b - a)
    .slice(0, HEAVIEST_LISTED)
    .map(([test, inLine]) => ({ test, inLine, requests: byTest.get(test) ?? 0 }));
  totals.overheadTotalMs = Math.round(overhead.reduce((sum, ms) => sum + ms, 0));
  totals.networkMs = Math.round(totals.networkMs);
  totals.waitMs = Math.round(totals.waitMs);
  const m = median(overhead);
  totals.overheadMedianMs = m === null ? null : Math.round(m * 1000) / 1000;
  return totals;
}
