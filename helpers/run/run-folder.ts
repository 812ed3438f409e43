/**
 * How the processes of one run coordinate: the global setup and the Playwright workers are separate
 * processes with no channel between them but the environment (fixed before the workers start) and the
 * file system. Every file they share lives in one run folder, `<tmp>/prs-conformance-runs/<run id>/`
 * (the run id is CONFORMANCE_RUN_ID, fixed by the global setup and inherited by the workers; outside a
 * Playwright run, `pid-<parent pid>`), and this module alone names them:
 *
 * - `claims/<target>-<kind>-<id>`: an empty file created with O_EXCL (`claim`, helpers/data/claims.ts) by the
 *   first process that takes the thing: a test about to change a patent (`patent`), a freeze month
 *   (`freeze-month`), the first caller of a shared read (`shared`). Never removed during the run: the
 *   creator owns it to the end. Other workers test its existence (`isClaimed`, helpers/data/claims.ts)
 *   to leave changed patents out of comparisons with their snapshot.
 * - `pools/<target>-<state>/`: the patents of a state that tests lease one at a time (`lease`,
 *   helpers/data/claims.ts): `<n>.slot`, a place of the pool taken with O_EXCL before a patent is claimed for it
 *   (removed if none is found), `<patentId>.json`, the patent claimed for the pool, `<patentId>.lease`, an empty
 *   file created with O_EXCL by the test that holds it now, removed when that test lets it go.
 * - `shared/<target>-<name>.json`: the result of a read made once for the run (helpers/data/shared-sweeps.ts),
 *   `{ value }` or `{ failed: true }`, written whole then renamed by the process that claimed the read;
 *   the others poll for it (at most a minute) and read for themselves when no result comes. The events
 *   sweep every run needs is made this way in the global setup (helpers/data/data-snapshot.ts), so the workers
 *   find it ready; the other shared reads stay lazy, so a filtered run (`--grep`) pays only for the reads
 *   its tests make.
 * - `quiet/<target>-<write|quiet>-<pid>-<n>`: the marks of the quiet gate (helpers/run/quiet.ts), empty files:
 *   a write in flight, a quiet section held; removed when the write is answered or the section ends.
 * - `announced/<target>-<key digest>.json`: the first RateLimit-Reset a key announced in the run
 *   (helpers/wire/rate-limit-headers.ts), written once (O_EXCL) by the first process that saw one, the
 *   preflight's included; every process compares later answers of the key with it.
 * - `unique/<kind>-<digest of target, tenant, kind and value>`: a value the contract makes unique in a tenant (a receipt
 *   number, an invoice reference), created with O_EXCL by the first process that saw it and holding what it
 *   belongs to (helpers/wire/answer-checks.ts); a later sighting for another owner is a breach.
 * - `facts/<pid>.jsonl`: the fixed facts a process saw (helpers/run/fact-ledger.ts), one JSON line each, the
 *   first observation per fact and process; the global teardown adds the new ones to the target's ledger.
 * - `ledger/sightings/<digest of target>-<pid>.jsonl`: the facts a process saw that were new to it or changed
 *   (helpers/run/consistency-ledger.ts), one JSON line each, appended; every process reads the others' from
 *   where it stopped before it judges an answer.
 * - `ledger/writes/<pid>-<n>.json`: every write a process sent (and every back-office state it asked for),
 *   `{ namespace, what, write, start }` written just before the request, with `end` once its answer is in
 *   (never for a background batch); read when a difference between two sightings needs an excuse, and by a
 *   test that sets a read against an earlier one (helpers/data/writes-since.ts).
 * - `requests/<worker>-<pid>.json`: a worker's request counts (helpers/wire/request-ledger.ts), written when the
 *   worker ends; the global teardown adds them up (reports/requests.json, the stderr line) and removes
 *   the run folder.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function safe(name: string): string {
  return name.replace(/[^\w.-]/g, '_');
}

/** The run folder (not created here: each writer creates the folder it writes into, `withFolder`). */
export function runFolder(runId = process.env.CONFORMANCE_RUN_ID ?? `pid-${process.ppid}`): string {
  // Asked on every answer judged: the temporary folder is looked up once per process (os.tmpdir reads the
  // environment each time).
  tmp ??= os.tmpdir();
  return path.join(tmp, 'prs-conformance-runs', safe(runId));
}
let tmp: string | undefined;

/**
 * Whether this process belongs to a run whose processes coordinate (CONFORMANCE_RUN_ID is set by the global
 * setup, the mutation run, or CI shards). Outside one (a unit test using the client), a process keeps what
 * only other processes of a run would read to itself, and leaves nothing behind in the temporary folder.
 */
export function inCoordinatedRun(): boolean {
  return !!process.env.CONFORMANCE_RUN_ID;
}

/** `file`, its folder created (for a writer). */
export function withFolder(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return file;
}

/**
 * Creates `file` (its folder too) holding `content`, unless it exists; returns whether this call created it.
 * Atomic: another process sees no file or the whole content. A file opened with the `wx` flag exists before its
 * content is written, and a reader between the two read it empty (a false breach of a value unique in a tenant,
 * seen once in a CI run).
 */
export function createWhole(file: string, content: string): boolean {
  const temporary = `${withFolder(file)}.${process.pid}.${randomUUID()}.tmp`;
  fs.writeFileSync(temporary, content);
  try {
    fs.linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/** The claim of `id` of `kind` on the target `namespace` (its base URL). */
export function claimFile(namespace: string, kind: string, id: string): string {
  return path.join(runFolder(), 'claims', safe(`${namespace}-${kind}-${id}`));
}

/** The pool of patents in `state` that tests lease one at a time on the target `namespace` (its base URL). */
export function leasePoolFolder(namespace: string, state: string): string {
  return path.join(runFolder(), 'pools', safe(`${namespace}-${state}`));
}

/** The result of the shared read `name` on the target `namespace`. */
export function sharedResultFile(namespace: string, name: string): string {
  return path.join(runFolder(), 'shared', safe(`${namespace}-${name}.json`));
}

/** The folder of the quiet gate's marks. */
export function quietFolder(): string {
  return path.join(runFolder(), 'quiet');
}

/** One mark of the quiet gate on the target `namespace`: a write in flight or a quiet section held. */
export function quietMark(namespace: string, mark: 'write' | 'quiet', entry: string): string {
  return path.join(quietFolder(), safe(`${namespace}-${mark}-${entry}`));
}

/** The mark that a fault of the mutation run is killed: a test of its entry failed. */
export function killMark(entry: string): string {
  return path.join(runFolder(), 'killed', safe(entry));
}

/** The first reset announcement of a key (named by a digest, never by its value) on the target `namespace`. */
export function announcementFile(namespace: string, keyDigest: string): string {
  return path.join(runFolder(), 'announced', safe(`${namespace}-${keyDigest}.json`));
}

/** The first owner of a value unique in a tenant (`namespace`: the target and the tenant). */
export function uniqueValueFile(namespace: string, kind: string, value: string): string {
  const digest = createHash('sha256').update(`${namespace}|${kind}|${value}`).digest('hex').slice(0, 32);
  return path.join(uniqueValuesFolder(), `${safe(kind)}-${digest}`);
}

/** The folder of the values unique in a tenant, named `<kind>-<digest>` (counted by kind). */
export function uniqueValuesFolder(): string {
  return path.join(runFolder(), 'unique');
}

/** The folder of the fixed facts the run's processes saw. */
export function factsFolder(runId?: string): string {
  return path.join(runFolder(runId), 'facts');
}

/** The fixed facts one process saw. */
export function factsFile(processId: string): string {
  return path.join(factsFolder(), safe(`${processId}.jsonl`));
}

/** The folder of the consistency ledger's sightings, one file per process. */
export function ledgerSightingsFolder(): string {
  return path.join(runFolder(), 'ledger', 'sightings');
}

/**
 * The prefix of the sightings files of the target `namespace` (a digest of its base URL): a process reads only
 * its target's (a mutation run has one target per reference).
 */
export function ledgerSightingsPrefix(namespace: string): string {
  return `${createHash('sha256').update(namespace).digest('hex').slice(0, 16)}-`;
}

/** The sightings one process appended about the target `namespace`. */
export function ledgerSightingsFile(namespace: string, processId: string): string {
  return path.join(ledgerSightingsFolder(), safe(`${ledgerSightingsPrefix(namespace)}${processId}.jsonl`));
}

/**
 * The folder of the writes the consistency ledger hears of on the target `namespace`, named by the digest of its
 * sightings: a process lists only its target's writes (a mutation run writes thousands, over its references).
 */
export function ledgerWritesFolder(namespace: string): string {
  return path.join(runFolder(), 'ledger', 'writes', ledgerSightingsPrefix(namespace).slice(0, -1));
}

/** One write the consistency ledger hears of on the target `namespace`. */
export function ledgerWriteFile(namespace: string, entry: string): string {
  return path.join(ledgerWritesFolder(namespace), safe(`${entry}.json`));
}

/** The folder of the workers' request counts. */
export function requestCountsFolder(runId?: string): string {
  return path.join(runFolder(runId), 'requests');
}

/** The request counts of one worker process. */
export function requestCountsFile(workerId: string): string {
  return path.join(requestCountsFolder(), safe(`${workerId}-${process.pid}.json`));
}

/** The folder of the workers' invariant judgements (helpers/wire/answer-checks.ts). */
export function judgementsFolder(runId?: string): string {
  return path.join(runFolder(runId), 'invariants');
}

/** The folder of the workers' state cells (helpers/contract/state-coverage.ts). */
export function stateCellsFolder(runId?: string): string {
  return path.join(runFolder(runId), 'state-cells');
}

/** The state cells one worker process's answers showed. */
export function stateCellsFile(workerId: string): string {
  return path.join(stateCellsFolder(), safe(`${workerId}-${process.pid}.json`));
}

/** The invariant judgements of one worker process. */
export function judgementsFile(workerId: string): string {
  return path.join(judgementsFolder(), safe(`${workerId}-${process.pid}.json`));
}

/** Removes the folder of a finished run. */
export function removeRunFolder(runId: string): void {
  fs.rmSync(runFolder(runId), { recursive: true, force: true });
}
