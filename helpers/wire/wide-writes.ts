/**
 * Writes whose effect reaches beyond what their test claimed. A test that changes a patent claims it first
 * (helpers/data/claims.ts), and readers leave claimed patents out; an exchange-rate freeze changes the events of
 * a month across patents (which ones is the server's reading, schemas/OPEN-POINTS.md B22), so no claim can
 * fence it. Every such write the client sends is journaled in the run folder (`wideWriteFile`,
 * helpers/run/run-folder.ts) from just before it is sent until its answer is in; a test that reads the same
 * data twice and expects no change reads through `readsUndisturbed` (helpers/data/claims.ts), which
 * reads again when a journaled write overlapped its reads.
 */
import fs from 'node:fs';
import { inCoordinatedRun, wideWriteFile, wideWritesFolder, withFolder } from '../run/run-folder';
import { pause } from '../run/waits';

interface JournalEntry {
  namespace: string;
  what: string;
  start: number;
  end?: number;
}

let sequence = 0;

/** Whether the request changes data beyond a claimed patent: a freeze PUT (or any write to a freeze). */
export function isWideWrite(method: string, url: string): boolean {
  return (
    method !== 'GET' && method !== 'HEAD' && /\/exchange-rate-freezes(\/|$|\?)/.test(new URL(url).pathname)
  );
}

/** Journals a wide write as begun; the returned function records its end (call it once the answer is in). */
export function beginWideWrite(namespace: string, what: string): () => void {
  if (!inCoordinatedRun()) return () => {};
  const file = withFolder(wideWriteFile(namespace, `${process.pid}-${++sequence}`));
  const entry: JournalEntry = { namespace, what, start: Date.now() };
  fs.writeFileSync(file, JSON.stringify(entry));
  return () => fs.writeFileSync(file, JSON.stringify({ ...entry, end: Date.now() }));
}

/** The journaled wide writes on the target that were under way at or after `since` (ms). */
export function wideWritesSince(namespace: string, since: number): string[] {
  return journal(namespace).flatMap((entry) =>
    entry.end === undefined || entry.end >= since ? [entry.what] : [],
  );
}

/** The journaled wide writes on the target whose answer is not in yet. */
function wideWritesUnderWay(namespace: string): string[] {
  return journal(namespace).flatMap((entry) => (entry.end === undefined ? [entry.what] : []));
}

/**
 * Resolves once no wide write on the target is under way (at most `boundMs`): a reading made again at once
 * would overlap the same writes again.
 */
export async function wideWritesAnswered(namespace: string, boundMs = 2_000): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (wideWritesUnderWay(namespace).length > 0 && Date.now() < deadline) await pause(25);
}

/** The journal of the target's wide writes (an entry being rewritten at this instant: under way). */
function journal(namespace: string): JournalEntry[] {
  let files: string[];
  try {
    files = fs.readdirSync(wideWritesFolder());
  } catch {
    return [];
  }
  return files.flatMap((name): JournalEntry[] => {
    try {
      const entry = JSON.parse(fs.readFileSync(`${wideWritesFolder()}/${name}`, 'utf8')) as JournalEntry;
      return entry.namespace === namespace ? [entry] : [];
    } catch {
      // Being rewritten at this instant: under way.
      return [{ namespace, what: name, start: 0 }];
    }
  });
}
