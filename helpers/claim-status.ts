/**
 * Read-only view of the run's claims (helpers/claims.ts). Tests that change a patent claim it first and
 * never release it, so a patent that is unclaimed after a read has not been changed by the suite since the
 * worker's snapshot: comparisons between the snapshot and a fresh read leave claimed patents out.
 * Mirrors the claim file naming of helpers/claims.ts; if that naming changes, nothing counts as claimed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function claimFile(namespace: string, kind: string, id: string): string {
  const runId = process.env.CONFORMANCE_RUN_ID ?? `pid-${process.ppid}`;
  const dir = path.join(os.tmpdir(), 'prs-conformance-claims', runId.replace(/[^\w.-]/g, '_'));
  return path.join(dir, `${namespace}-${kind}-${id}`.replace(/[^\w.-]/g, '_'));
}

/** True when some test of the run has claimed the patent on the target `namespace` (its base URL). */
export function isPatentClaimed(namespace: string, patentId: string): boolean {
  return fs.existsSync(claimFile(namespace, 'patent', patentId));
}
