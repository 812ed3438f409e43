/**
 * The quiet gate: reads that no write of another test may overlap. A test whose expectation cannot be made
 * independent of concurrent writes (the pages of a list the run's writes change, read as one sweep) holds a
 * quiet section while it reads; every write of the run, in any worker, waits at the gate while one is held, and
 * a quiet section begins once no write of another process is in flight. Marks per target in the run folder
 * (helpers/run/run-folder.ts), each named by the process that made it: a write in flight, a quiet section held.
 *
 * The order of the marks keeps the two apart without a lock: a writer marks itself in flight, then looks for a
 * quiet section (and withdraws to wait when one is held); a quiet section marks itself held, then waits until no
 * writer of another process is in flight. Whichever marked first, the other sees it.
 *
 * A worker runs one test at a time: a write sent by the process that holds the quiet section is that test's
 * own, known to it, and passes; so one quiet section is held at a time, else its writes would overlap another's
 * reads. A mark of a process that has ended (a worker torn down in the middle of a test) is no longer counted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { inCoordinatedRun, quietFolder, quietMark, withFolder } from './run-folder';
import { pause } from './waits';

type Mark = 'write' | 'quiet';

let sequence = 0;
/** The marks of this process outside a coordinated run. */
const local = new Map<string, Set<string>>();
/** The quiet sections this process holds, by target: the writes it sends meanwhile are the test's own. */
const heldHere = new Map<string, number>();
/** This process's marks start so. */
const OWN = `${process.pid}-`;

function put(namespace: string, mark: Mark): () => void {
  const name = `${OWN}${++sequence}`;
  if (!inCoordinatedRun()) {
    const key = `${namespace}|${mark}`;
    const marks = local.get(key) ?? new Set<string>();
    local.set(key, marks.add(name));
    return () => marks.delete(name);
  }
  const file = withFolder(quietMark(namespace, mark, name));
  fs.writeFileSync(file, '');
  return () => fs.rmSync(file, { force: true });
}

/** Whether the process that made a mark (`<pid>-<n>`) still runs. */
function alive(entry: string): boolean {
  const pid = Number(entry.split('-')[0]);
  if (!Number.isInteger(pid) || pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a mark of the kind is present on the target; `others`: marks of this process not counted. */
function present(namespace: string, mark: Mark, others = false): boolean {
  const counted = (entry: string) => !others || !entry.startsWith(OWN);
  if (!inCoordinatedRun()) return [...(local.get(`${namespace}|${mark}`) ?? [])].some(counted);
  const prefix = path.basename(quietMark(namespace, mark, ''));
  let names: string[];
  try {
    names = fs.readdirSync(quietFolder());
  } catch {
    return false;
  }
  return names.some((name) => {
    if (!name.startsWith(prefix)) return false;
    const entry = name.slice(prefix.length);
    if (alive(entry)) return counted(entry);
    fs.rmSync(path.join(quietFolder(), name), { force: true });
    return false;
  });
}

/**
 * Lets a write of the run go on the target `namespace` (its base URL) once no quiet section is held, or at once
 * when this process holds it; the returned function marks its answer in.
 */
export async function passGate(namespace: string): Promise<() => void> {
  if ((heldHere.get(namespace) ?? 0) > 0) return put(namespace, 'write');
  for (;;) {
    const release = put(namespace, 'write');
    if (!present(namespace, 'quiet')) return release;
    release();
    await pause(10);
  }
}

/** The longest a quiet section waits for the writes in flight (a request times out well before). */
const IN_FLIGHT_BOUND_MS = 30_000;

/**
 * Holds a quiet section on the target `namespace`, once no other is held and no write of another process is in
 * flight: the returned function ends it; until then only this process's writes pass. Throws when writes stay
 * in flight past the bound: the reads would overlap them.
 */
export async function holdQuiet(namespace: string): Promise<() => void> {
  let release: () => void;
  for (;;) {
    if (!present(namespace, 'quiet', true)) {
      release = put(namespace, 'quiet');
      // Two sections marked at once: both withdraw and try again, at different moments.
      if (!present(namespace, 'quiet', true)) break;
      release();
      await pause(5 + Math.floor(Math.random() * 30));
    } else await pause(10);
  }
  heldHere.set(namespace, (heldHere.get(namespace) ?? 0) + 1);
  const end = () => {
    heldHere.set(namespace, (heldHere.get(namespace) ?? 1) - 1);
    release();
  };
  const deadline = Date.now() + IN_FLIGHT_BOUND_MS;
  while (present(namespace, 'write', true)) {
    if (Date.now() > deadline) {
      end();
      throw new Error(
        `writes of the run stayed in flight for ${IN_FLIGHT_BOUND_MS} ms: no quiet section began`,
      );
    }
    await pause(10);
  }
  return end;
}

/**
 * Whether this process holds a quiet section on the target: every write of another process that has not been
 * answered is waiting at the gate, not sent.
 */
export function holdsQuiet(namespace: string): boolean {
  return (heldHere.get(namespace) ?? 0) > 0;
}
