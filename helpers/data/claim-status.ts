/**
 * Read-only view of the run's claims (helpers/data/claims.ts, files named in helpers/run/run-folder.ts) and of its
 * wide writes (helpers/wire/wide-writes.ts). Tests that change a patent claim it first and never release it, so
 * a patent that is unclaimed after a read has not been changed by the suite since the worker's snapshot:
 * comparisons between the snapshot and a fresh read leave claimed patents out. A freeze reaches beyond any
 * claim: reads that expect no change go through `readsUndisturbed`.
 */
import fs from 'node:fs';
import { skipBecause } from './discovery';
import { claimFile } from '../run/run-folder';
import { wideWritesSince } from '../wire/wide-writes';

/** True when some test of the run has claimed the patent on the target `namespace` (its base URL). */
export function isPatentClaimed(namespace: string, patentId: string): boolean {
  return fs.existsSync(claimFile(namespace, 'patent', patentId));
}

/**
 * The result of `read`, made at a time no wide write of the run overlapped (read again when one did, at
 * most `attempts` times); skips, naming the writes, when every attempt was overlapped.
 */
export async function readsUndisturbed<T>(
  namespace: string,
  read: () => Promise<T>,
  what: string,
  attempts = 3,
): Promise<T> {
  let overlapping: string[] = [];
  for (let attempt = 0; attempt < attempts; attempt++) {
    const since = Date.now();
    const result = await read();
    overlapping = wideWritesSince(namespace, since);
    if (overlapping.length === 0) return result;
  }
  return skipBecause(
    `${what}: writes of other tests that change data across patents overlapped every one of ${attempts} attempts (${overlapping.join(', ')})`,
  );
}
