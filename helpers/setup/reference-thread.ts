/**
 * The embedded reference in a thread of its own. In the runner's thread it answered behind the runner's
 * own work (test results, reporters): each request waited several milliseconds for a turn of that event
 * loop, and the workers waited with it. A worker thread has an event loop of its own; it loads the
 * reference's TypeScript through tsx (Playwright's loader hooks are the runner thread's only).
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { KeyRole } from '../run/settings';

export interface ReferenceThreadOptions {
  fault?: string;
  variant?: string;
  timeZone: string;
  /** A pinned today (reference/clock.ts). */
  today?: string;
  seedProfile?: 'minimum';
}

export interface ReferenceInThread {
  url: string;
  keys: Record<KeyRole, string>;
  timeZone: string;
  close(): Promise<void>;
}

type Started = { url: string; keys: Record<KeyRole, string>; timeZone: string } | { error: string };

const ENTRY = path.join(__dirname, 'reference-thread-entry.ts');

/** Starts the reference in a worker thread; resolves once it listens on a loopback port. */
export function startReferenceThread(options: ReferenceThreadOptions): Promise<ReferenceInThread> {
  const worker = new Worker(`require('tsx/cjs/api').register(); require(${JSON.stringify(ENTRY)});`, {
    eval: true,
    workerData: options,
  });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (started: Started) => {
      if ('error' in started) {
        reject(new Error(started.error));
        return;
      }
      resolve({
        ...started,
        close: () =>
          new Promise<void>((done) => {
            worker.once('exit', () => done());
            worker.postMessage('close');
          }),
      });
    });
  });
}
