/**
 * The quiet gate: reads that no write of another test may overlap, where that write may move what they compare.
 * A test whose expectation cannot be made independent of concurrent writes (the pages of a list the run's
 * writes change, read as one sweep) holds a quiet section while it reads, naming what it compares (aspects of
 * the dependency map, helpers/contract/write-effects.ts); a write of the run that may move one of them, in any
 * worker, waits at the gate while the section is held, and the section begins once no such write of another
 * process is in flight. Writes that move nothing it compares go on. Marks per target in the run folder
 * (helpers/run/run-folder.ts), each named by the process that made it and holding what it is: a write in flight
 * (the write), a quiet section held (the aspects it compares).
 *
 * The order of the marks keeps the two apart without a lock: a writer marks itself in flight, then looks for a
 * quiet section it may disturb (and withdraws to wait when one is held); a quiet section marks itself held, then
 * waits until no writer of another process that may disturb it is in flight. Whichever marked first, the other
 * sees it.
 *
 * A worker runs one test at a time: a write sent by the process that holds the quiet section is that test's
 * own, known to it, and passes; so one quiet section is held at a time, else its writes would overlap another's
 * reads. A mark of a process that has ended (a worker torn down in the middle of a test) is no longer counted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { mayMoveSomething, type Aspect, type RunWrite } from '../contract/write-effects';
import { inCoordinatedRun, quietFolder, quietMark, withFolder } from './run-folder';
import { pause } from './waits';

type Mark = 'write' | 'quiet';

let sequence = 0;
/** The marks of this process outside a coordinated run, with what each holds. */
const local = new Map<string, Map<string, string>>();
/** The quiet sections this process holds, by target: the writes it sends meanwhile are the test's own. */
const heldHere = new Map<string, number>();
/** This process's marks start so. */
const OWN = `${process.pid}-`;

function put(namespace: string, mark: Mark, content: unknown): () => void {
  const name = `${OWN}${++sequence}`;
  if (!inCoordinatedRun()) {
    const key = `${namespace}|${mark}`;
    const marks = local.get(key) ?? new Map<string, string>();
    local.set(key, marks.set(name, JSON.stringify(content)));
    return () => marks.delete(name);
  }
  const file = withFolder(quietMark(namespace, mark, name));
  // Written whole, then renamed into place: a reader never sees a mark without what it holds.
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(content));
  fs.renameSync(`${file}.tmp`, file);
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

/** What the marks of the kind on the target hold; `others`: the marks of this process left out. */
function marks(namespace: string, mark: Mark, others = false): unknown[] {
  const counted = (entry: string) => !others || !entry.startsWith(OWN);
  const parse = (text: string): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  };
  if (!inCoordinatedRun())
    return [...(local.get(`${namespace}|${mark}`) ?? [])]
      .filter(([n]) => counted(n))
      .map(([, c]) => parse(c));
  const prefix = path.basename(quietMark(namespace, mark, ''));
  let names: string[];
  try {
    names = fs.readdirSync(quietFolder());
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    if (!name.startsWith(prefix) || name.endsWith('.tmp')) return [];
    const entry = name.slice(prefix.length);
    if (!alive(entry)) {
      fs.rmSync(path.join(quietFolder(), name), { force: true });
      return [];
    }
    if (!counted(entry)) return [];
    try {
      return [parse(fs.readFileSync(path.join(quietFolder(), name), 'utf8'))];
    } catch {
      // Removed at this instant: answered, or ended.
      return [];
    }
  });
}

/** Whether the write may move one of the aspects (a mark that could not be read: it may). */
function disturbs(written: unknown, aspects: unknown): boolean {
  if (!Array.isArray(aspects) || typeof written !== 'object' || written === null) return true;
  return (aspects as Aspect[]).some((aspect) => mayMoveSomething(written as RunWrite, aspect));
}

/**
 * Lets a write of the run go on the target `namespace` (its base URL) once no quiet section it may disturb is
 * held, or at once when this process holds it; the returned function marks its answer in.
 */
export async function passGate(namespace: string, written: RunWrite): Promise<() => void> {
  if ((heldHere.get(namespace) ?? 0) > 0) return put(namespace, 'write', written);
  for (;;) {
    const release = put(namespace, 'write', written);
    if (!marks(namespace, 'quiet').some((aspects) => disturbs(written, aspects))) return release;
    release();
    await pause(10);
  }
}

/** The longest a quiet section waits for the writes in flight (a request times out well before). */
const IN_FLIGHT_BOUND_MS = 30_000;

/**
 * Holds a quiet section on the target `namespace` for reads that compare `aspects`, once no other section is
 * held and no write of another process that may move them is in flight: the returned function ends it. Throws
 * when such writes stay in flight past the bound: the reads would overlap them.
 */
export async function holdQuiet(namespace: string, aspects: readonly Aspect[]): Promise<() => void> {
  let release: () => void;
  for (;;) {
    if (marks(namespace, 'quiet', true).length === 0) {
      release = put(namespace, 'quiet', aspects);
      // Two sections marked at once: both withdraw and try again, at different moments.
      if (marks(namespace, 'quiet', true).length === 0) break;
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
  while (marks(namespace, 'write', true).some((written) => disturbs(written, aspects))) {
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
 * Whether this process holds a quiet section on the target: every write of another process that may move what
 * it compares, and has not been answered, is waiting at the gate, not sent.
 */
export function holdsQuiet(namespace: string): boolean {
  return (heldHere.get(namespace) ?? 0) > 0;
}
