/**
 * Exclusive claims on target resources across the run's worker processes, so that tests that change a
 * patent's state never share it. A claim is a file created with O_EXCL in the run's claim folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function claimDir(): string {
  const runId = process.env.CONFORMANCE_RUN_ID ?? `pid-${process.ppid}`;
  const dir = path.join(os.tmpdir(), 'prs-conformance-claims', runId.replace(/[^\w.-]/g, '_'));
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * True when this process now owns `id` on the target `namespace` (its base URL) for the rest of the run;
 * false when another test owns it.
 */
export function claim(namespace: string, kind: string, id: string): boolean {
  const name = `${namespace}-${kind}-${id}`.replace(/[^\w.-]/g, '_');
  try {
    fs.closeSync(fs.openSync(path.join(claimDir(), name), 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Removes the claim folder of a finished run. */
export function clearClaims(runId: string): void {
  fs.rmSync(path.join(os.tmpdir(), 'prs-conformance-claims', runId.replace(/[^\w.-]/g, '_')), {
    recursive: true,
    force: true,
  });
}
