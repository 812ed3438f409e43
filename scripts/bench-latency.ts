/**
 * The suite against a target one round trip away: the embedded reference behind a forwarder that holds each
 * request for `delayMs` before passing it on, every setting allowed, default workers. Reports the wall time,
 * the requests, how many were in flight over the run, and the critical path: the longest chain of requests
 * each sent after the one before it was answered (a lower bound of the run's wall time at that delay), with
 * the routes that chain spends its round trips on.
 *
 *   npm run bench -- --latency 100
 *   npm run bench -- --latency 0 --keepalive 300   # the forwarder closes a connection idle 300 ms, unannounced
 *   npm run bench -- --latency 0 --keepalive 5000 --keepalive-announced   # as Node does: Keep-Alive: timeout=5
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { KEY_SETTINGS } from '../helpers/run/settings';
import { embeddedReferenceClock } from '../helpers/run/target';
import { chainInLine } from '../helpers/run/round-trips';
import { endToEndHeaders } from './hop-by-hop';
import type { RequestTotals } from '../helpers/wire/request-ledger';
import { createReferenceServer } from '../reference/server';

const ROOT = path.join(__dirname, '..');

/** One request through the forwarder: when it arrived and when its answer was sent back (ms), and its route. */
export interface Traced {
  start: number;
  end: number;
  route: string;
}

/**
 * How the forwarder treats an idle kept-alive connection of its client. Unset: kept as long as the target keeps
 * its own. `closeAfterMs`: closed once idle that long, as servers do; unannounced, as gunicorn (2 s) and uvicorn
 * (5 s) do, or `announced` as Node does (`Keep-Alive: timeout=<whole seconds>`, closed one second after that).
 */
export interface IdleClose {
  closeAfterMs: number;
  announced?: boolean;
}

/** A forwarder to `target` that delays every request by `delayMs`, tracing each. */
export async function startForwarder(
  target: string,
  delayMs: number,
  idle?: IdleClose,
): Promise<{ url: string; trace: Traced[]; idleClosed: () => number; close: () => Promise<void> }> {
  const to = new URL(target);
  const trace: Traced[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  // Headers as large as the reference takes: the forwarder must not answer for the target (a 431 of its own).
  const idleTimers = new Map<Socket, NodeJS.Timeout>();
  let idleClosed = 0;
  const server = http.createServer({ maxHeaderSize: 256 * 1024 }, (req, res) => {
    const start = Date.now();
    clearTimeout(idleTimers.get(req.socket));
    if (idle && !idle.announced) {
      // The connection is idle once this answer is out; a request on it before the timer fires cancels it.
      res.on('finish', () => {
        const socket = req.socket;
        idleTimers.set(
          socket,
          setTimeout(() => {
            idleTimers.delete(socket);
            idleClosed += 1;
            socket.destroy();
          }, idle.closeAfterMs),
        );
      });
    }
    // The route without ids: where a chain spends its round trips.
    const route = `${req.method} ${(req.url ?? '/').split('?')[0]!.replace(/[0-9a-f]{8}-[0-9a-f-]{27}|\d{4}-\d{2}/g, '{id}')}`;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      setTimeout(() => {
        const upstream = http.request(
          {
            host: to.hostname,
            port: to.port,
            method: req.method,
            path: req.url,
            headers: endToEndHeaders(req.headers),
            agent,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.headers));
            answer.pipe(res);
            answer.on('end', () => trace.push({ start, end: Date.now(), route }));
          },
        );
        upstream.on('error', () => res.destroy());
        upstream.end(Buffer.concat(chunks));
      }, delayMs);
    });
  });
  // Idle connections kept as long as the reference keeps them: a target across a network keeps them a minute or more.
  // Unannounced idle closes are the timers above; Node's own timeout would announce itself.
  server.keepAliveTimeout = idle?.announced ? idle.closeAfterMs : idle ? 0 : 120_000;
  server.headersTimeout = 121_000;
  server.on('connection', (socket: Socket) => socket.on('close', () => clearTimeout(idleTimers.get(socket))));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    trace,
    idleClosed: () => idleClosed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The share of the run's time with n requests in flight, n = 0, 1, ... (sampled every 10 ms). */
export function inFlight(trace: readonly Traced[], from: number, to: number): number[] {
  const counts: number[] = [];
  let samples = 0;
  for (let t = from; t < to; t += 10) {
    const n = trace.filter((r) => r.start <= t && r.end > t).length;
    counts[n] = (counts[n] ?? 0) + 1;
    samples++;
  }
  return Array.from(counts, (c) => Math.round(((c ?? 0) / Math.max(samples, 1)) * 1000) / 10);
}

/** One test's run in a Playwright JSON report: when it ran (ms), on which worker slot, and its title. */
export interface TestWindow {
  start: number;
  end: number;
  worker: number;
  title: string;
}

/** The test windows of a Playwright JSON report (the last result of each test). */
export function testWindows(file: string): TestWindow[] {
  if (!fs.existsSync(file)) return [];
  interface Suite {
    suites?: Suite[];
    file?: string;
    specs?: {
      title: string;
      tests: { results: { startTime: string; duration: number; parallelIndex: number }[] }[];
    }[];
  }
  const out: TestWindow[] = [];
  const walk = (suite: Suite, file: string) => {
    for (const child of suite.suites ?? []) walk(child, child.file ?? file);
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests) {
        const last = t.results.at(-1);
        if (!last) continue;
        const start = Date.parse(last.startTime);
        out.push({
          start,
          end: start + last.duration,
          worker: last.parallelIndex,
          title: `${file} › ${spec.title}`,
        });
      }
  };
  walk(JSON.parse(fs.readFileSync(file, 'utf8')) as Suite, '');
  return out;
}

/** The tests of a Playwright JSON report that did not pass, with the first line of their reason. */
export function notPassed(file: string): string[] {
  if (!fs.existsSync(file)) return [];
  interface Suite {
    suites?: Suite[];
    specs?: {
      title: string;
      tests: {
        annotations: { type: string; description?: string }[];
        results: { status: string; error?: { message?: string } }[];
      }[];
    }[];
  }
  const out: string[] = [];
  const walk = (suite: Suite) => {
    for (const child of suite.suites ?? []) walk(child);
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests) {
        const last = t.results.at(-1);
        if (!last || last.status === 'passed') continue;
        const reason = t.annotations.find((a) => a.type === 'skip')?.description ?? last.error?.message ?? '';
        out.push(
          `${last.status}: ${spec.title}: ${reason
            .split('\n')
            .filter((l) => l.trim())
            .slice(0, 6)
            .join(' | ')
            .slice(0, 600)}`,
        );
      }
  };
  walk(JSON.parse(fs.readFileSync(file, 'utf8')) as Suite);
  return out;
}

export async function runLatency(
  delayMs: number,
  options: { readOnly?: boolean; idle?: IdleClose } = {},
): Promise<Record<string, unknown>> {
  const clock = embeddedReferenceClock();
  const reference = createReferenceServer(clock);
  const listening = await reference.listen(0, '127.0.0.1');
  const forwarder = await startForwarder(listening.url, delayMs, options.idle);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-latency-'));
  try {
    const lines = [
      `BASE_URL=${forwarder.url}`,
      ...KEY_SETTINGS.map((k) => `${k.env}=${reference.keys[k.role]}`),
      // Read-only: the profile of a run against a target that allows no write (no provider states either).
      ...(options.readOnly
        ? []
        : [
            'ALLOW_WRITES=true',
            'ALLOW_INSTRUCTIONS=true',
            'ALLOW_QUOTA_EXHAUSTION=true',
            `PROVIDER_STATES_URL=${forwarder.url}/__provider-states`,
          ]),
      `TARGET_TIME_ZONE=${clock.timeZone}`,
    ];
    const envFile = path.join(dir, 'latency.env');
    fs.writeFileSync(envFile, `${lines.join('\n')}\n`);
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) =>
          !/^(BASE_URL|API_KEY|ALLOW_|PROVIDER_STATES_URL|CONFORMANCE_RUN_ID|REFERENCE_)/.test(name),
      ),
    );
    const started = Date.now();
    // The suite runs in a child; this process keeps the reference and the forwarder answering.
    const status = await new Promise<number | null>((resolve) => {
      const child = spawn(
        process.execPath,
        [path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '--reporter=dot,json'],
        {
          cwd: ROOT,
          stdio: ['ignore', 'inherit', 'inherit'],
          env: {
            ...inherited,
            ENV_FILE: envFile,
            REPORTS_DIR: dir,
            PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(dir, 'latency-results.json'),
          },
        },
      );
      child.on('close', resolve);
    });
    const ended = Date.now();
    const chain = chainInLine(forwarder.trace);
    const tests = testWindows(path.join(dir, 'latency-results.json'));
    const firstTest = Math.min(...tests.map((t) => t.start));
    // The suite's own ledger counts each test's requests and round trips in line (helpers/wire/request-ledger.ts).
    const requestsFile = path.join(dir, 'requests.json');
    const ledger = fs.existsSync(requestsFile)
      ? (JSON.parse(fs.readFileSync(requestsFile, 'utf8')) as Pick<
          RequestTotals,
          'roundTripsInLine' | 'longestInLine'
        >)
      : undefined;
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const seconds = (ms: number) => Math.round(ms / 100) / 10;
    const routes = new Map<string, number>();
    for (const r of chain) routes.set(r.route, (routes.get(r.route) ?? 0) + 1);
    return {
      delayMs,
      readOnly: options.readOnly ?? false,
      ...(options.idle ? { idleClose: { ...options.idle, closed: forwarder.idleClosed() } } : {}),
      exitCode: status,
      wallSeconds: Math.round((ended - started) / 100) / 10,
      requests: forwarder.trace.length,
      criticalPath: {
        requests: chain.length,
        seconds: chain.length ? Math.round((chain.at(-1)!.end - chain[0]!.start) / 100) / 10 : 0,
        routes: [...routes].sort((a, b) => b[1] - a[1]).slice(0, 8),
      },
      inFlightPercent: inFlight(forwarder.trace, started, ended),
      // Where the wall time went: before the first test (runner, global set-up, workers starting), the tests.
      phases: {
        beforeFirstTestSeconds: tests.length ? seconds(firstTest - started) : undefined,
        setupRequests: forwarder.trace.filter((r) => r.start < firstTest).length,
        // The runner's start and the global set-up before its first request; the last answer before the first test.
        firstRequestSeconds: forwarder.trace.length
          ? seconds(Math.min(...forwarder.trace.map((r) => r.start)) - started)
          : undefined,
        setupAnsweredSeconds: seconds(
          Math.max(started, ...forwarder.trace.filter((r) => r.start < firstTest).map((r) => r.end)) -
            started,
        ),
        setupRequestsInLine: chainInLine(forwarder.trace.filter((r) => r.start < firstTest)).length,
        testsSeconds: tests.length ? seconds(Math.max(...tests.map((t) => t.end)) - firstTest) : undefined,
        testSecondsSummed: seconds(sum(tests.map((t) => t.end - t.start))),
        roundTripsInLineSummed: ledger?.roundTripsInLine,
        // When each worker slot ended its last test, and that test: the spread is the run's tail.
        workerEnds: [...new Set(tests.map((t) => t.worker))].sort().map((worker) => {
          const last = tests.filter((t) => t.worker === worker).reduce((a, b) => (b.end > a.end ? b : a));
          return { worker, endSeconds: seconds(last.end - started), last: last.title.slice(0, 100) };
        }),
      },
      // The tests with the most round trips in line: where a worker waits longest on the network.
      longestInLine: ledger?.longestInLine.slice(0, 15),
      notPassed: notPassed(path.join(dir, 'latency-results.json')),
    };
  } finally {
    await forwarder.close();
    await listening.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
