/**
 * Exclusive claims on target resources across the run's worker processes, so that tests that change a
 * patent's state never share it. The files and who reads them: helpers/run/run-folder.ts.
 */
import fs from 'node:fs';
import { claimFile, withFolder } from '../run/run-folder';

/**
 * True when this process now owns `id` of `kind` on the target `namespace` (its base URL) for the rest of
 * the run; false when another test owns it.
 */
export function claim(namespace: string, kind: string, id: string): boolean {
  try {
    fs.closeSync(fs.openSync(withFolder(claimFile(namespace, kind, id)), 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}
