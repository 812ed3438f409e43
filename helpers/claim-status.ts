/**
 * Read-only view of the run's claims (helpers/claims.ts, files named in helpers/run-folder.ts). Tests that
 * change a patent claim it first and never release it, so a patent that is unclaimed after a read has not
 * been changed by the suite since the worker's snapshot: comparisons between the snapshot and a fresh read
 * leave claimed patents out.
 */
import fs from 'node:fs';
import { claimFile } from './run-folder';

/** True when some test of the run has claimed the patent on the target `namespace` (its base URL). */
export function isPatentClaimed(namespace: string, patentId: string): boolean {
  return fs.existsSync(claimFile(namespace, 'patent', patentId));
}
