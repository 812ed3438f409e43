/**
 * The run-wide consistency ledger: every fact an answer shows (helpers/contract/consistency.ts) is recorded
 * by its key with the times of its exchange, and a later sighting that differs from the latest one the run
 * holds is a breach unless a cause the contract allows overlapped the time between them: a write that moves
 * what the fact depends on (the dependency map, helpers/contract/write-effects.ts), or today's date moving on.
 * The client tells the ledger of every write it sends, from just before the request until its answer is in
 * (an ASYNC batch: for good, its work goes on in the background), and the provider-state fixture of every
 * back-office state. The same journal tells a test which writes of the run may have moved what it read earlier
 * (`runWritesSince`, read through helpers/data/writes-since.ts).
 *
 * Across workers it uses the run folder (helpers/run/run-folder.ts), no request: each process appends the
 * sightings that are new to it, or that changed, to its own file and reads the others' files from where it
 * stopped before judging an answer; each write is a file of its own, read only when a difference needs an
 * excuse. Outside a coordinated run a process keeps both to itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  eventOfKey,
  FACT_KEYS,
  judgeSightings,
  movedByWrites,
  sightingsOf,
  type TimedSighting,
  type WriteSpan,
} from '../contract/consistency';
import {
  answered,
  itemMembers,
  providerStateWrite,
  writeOf,
  type RunWrite,
  type Subject,
} from '../contract/write-effects';
import type { FixedFact } from '../contract/fixed-facts';
import type { AnswerFacts, ChargedBreach } from '../contract/invariant-types';
import { RELATION_BY_ID, relationSidesOf, type TimedSide } from '../rules/relations';
import {
  inCoordinatedRun,
  ledgerSightingsFile,
  ledgerSightingsFolder,
  ledgerSightingsPrefix,
  ledgerWriteFile,
  ledgerWritesFolder,
  withFolder,
} from './run-folder';

interface Recorded extends TimedSighting {
  namespace: string;
  /** A sync result's: the members its item carried, when the run saw the push (what a review of it writes). */
  subject: Subject & { members?: string[] };
}

/** A side of a relation (helpers/rules/relations.ts) as recorded. */
interface RecordedSide extends TimedSide {
  namespace: string;
}

/** The latest sighting of each fact (namespace and key), from this process and the others. */
const latest = new Map<string, Recorded>();
/** Each event's patent, as sighted: an instruction reaches the other events of its patent. */
const patentOfEvent = new Map<string, string>();
/** What this process last appended per fact: an unchanged sighting is not appended again. */
const appended = new Map<string, string>();
/** How far this process has read each other process's file. */
const readUpTo = new Map<string, number>();
/** Writes kept in this process outside a coordinated run, each with its target. */
const localWrites: (WriteSpan & { namespace: string })[] = [];
let sequence = 0;
/** How many times this process compared a sighting of each fact with an earlier one: the ledger's tests read it. */
const compared = new Map<string, number>();

/** How many sightings of the fact `key` this process compared with an earlier sighting so far. */
export function comparisonsOf(key: string): number {
  return compared.get(key) ?? 0;
}

/**
 * The latest sightings of each side of each relation (the last few, in the order of their answers), by
 * namespace, relation and join, then side and key: a side is judged against the latest other side answered
 * before it was sent, which another worker's later read must not hide.
 */
const sides = new Map<string, Map<string, RecordedSide[]>>();
const joinOf = (s: RecordedSide) => `${s.namespace}|${s.relation}|${s.join}`;
const SIDE_HISTORY = 8;

function rememberSide(side: RecordedSide): void {
  const held = sides.get(joinOf(side)) ?? new Map<string, RecordedSide[]>();
  sides.set(joinOf(side), held);
  const id = `${side.side}|${side.key}`;
  const history = held.get(id) ?? [];
  held.set(id, history);
  // In the order of their answers: a sighting mostly arrives after those held, so it is placed from the end.
  let at = history.length;
  while (at > 0 && history[at - 1]!.answeredAt > side.answeredAt) at--;
  history.splice(at, 0, side);
  if (history.length > SIDE_HISTORY) history.shift();
}

/** The sighting of a history to judge `record` against: the latest answered before it was sent, else the latest. */
function counterpart(history: readonly RecordedSide[], record: RecordedSide): RecordedSide {
  // The history is in the order of the answers: the latest answered before is the last such from the end.
  for (let i = history.length - 1; i >= 0; i--)
    if (history[i]!.answeredAt <= record.sentAt) return history[i]!;
  return history.at(-1)!;
}

function remember(record: Recorded | RecordedSide): void {
  if ('relation' in record) return rememberSide(record);
  const id = `${record.namespace}|${record.key}`;
  const held = latest.get(id);
  // A poll of a batch shows no item: the members its push carried stay with the result.
  if (held?.subject.members !== undefined && record.subject.members === undefined)
    record.subject = { ...record.subject, members: held.subject.members };
  if (held === undefined || held.answeredAt <= record.answeredAt) latest.set(id, record);
  const eventId = eventOfKey(record.key);
  if (eventId !== undefined && record.subject.patentId !== undefined)
    patentOfEvent.set(eventId, record.subject.patentId);
}

/** Reads what the other processes appended since the last call. */
function ingestOthers(target: string): void {
  const folder = ledgerSightingsFolder();
  const prefix = ledgerSightingsPrefix(target);
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch (error) {
    // Not there yet: no process has recorded a sighting. Any other failure would leave the ledger comparing
    // this process's answers only while the run believes it compares them all: it stops the test instead.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new Error(
      `the consistency ledger cannot read the run folder ${folder} (${(error as Error).message}): ` +
        'the answers of the other workers cannot be compared',
    );
  }
  const own = path.basename(ledgerSightingsFile(target, String(process.pid)));
  for (const name of names) {
    if (name === own || !name.startsWith(prefix)) continue;
    const file = path.join(folder, name);
    const from = readUpTo.get(name) ?? 0;
    const size = fs.statSync(file).size;
    if (size <= from) continue;
    const fd = fs.openSync(file, 'r');
    const buffer = Buffer.alloc(size - from);
    fs.readSync(fd, buffer, 0, buffer.length, from);
    fs.closeSync(fd);
    // Only whole lines: a line being appended at this instant is read next time.
    const text = buffer.toString('utf8');
    const complete = text.lastIndexOf('\n') + 1;
    readUpTo.set(name, from + Buffer.byteLength(text.slice(0, complete)));
    for (const line of text.slice(0, complete).split('\n'))
      if (line) remember(JSON.parse(line) as Recorded | RecordedSide);
  }
}

/** The writes of the run read whole once they were over (ended, or gone to the background): they change no more. */
const settledWrites = new Map<string, WriteSpan>();

function writesOf(namespace: string): WriteSpan[] {
  if (!inCoordinatedRun()) return localWrites.filter((w) => w.namespace === namespace);
  const folder = ledgerWritesFolder(namespace);
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return [];
  }
  return names.flatMap((name): WriteSpan[] => {
    const file = path.join(folder, name);
    const settled = settledWrites.get(file);
    if (settled) return [settled];
    try {
      const entry = JSON.parse(fs.readFileSync(file, 'utf8')) as WriteSpan;
      if (entry.end !== undefined || entry.background) settledWrites.set(file, entry);
      return [entry];
    } catch {
      // Being rewritten at this instant: under way, and of any kind until its record is whole.
      // guard: write-file-being-rewritten
      return [{ what: name, start: 0, write: writeOf('', '', undefined) }];
    }
  });
}

/** The patent of an event as the run saw it, in any worker (undefined: never seen). */
export function seenPatentOf(eventId: string): string | undefined {
  return patentOfEvent.get(eventId);
}

/**
 * The writes of the run on the target `namespace` that were under way at or after `since` (ms): those that
 * may have moved something a read sent at `since` showed. Asked once the later read is answered, it holds
 * every write that read may show: each is recorded before it is sent. The events the other workers saw are
 * read in too, for `seenPatentOf`.
 */
export function runWritesSince(namespace: string, since: number): WriteSpan[] {
  if (inCoordinatedRun()) ingestOthers(namespace);
  return writesOf(namespace).filter((w) => w.end === undefined || w.end >= since);
}

/**
 * Records a write as begun on the target `namespace` (its base URL: writes of every key count, a key's
 * tenant being the target's business); the returned function records its end, given the answer's status
 * (202: the work goes on in the background, the write stays open).
 */
export function beginLedgerWrite(
  namespace: string,
  what: string,
  written: RunWrite,
): (status?: number) => void {
  const entry: WriteSpan & { namespace: string } = { namespace, what, start: Date.now(), write: written };
  // Its answer in: the end, unless the work goes on in the background (202), and what it moved.
  const ended = (status: number | undefined) => ({
    ...entry,
    write: answered(written, status),
    ...(status === 202 ? { background: true as const } : { end: Date.now() }),
  });
  if (!inCoordinatedRun()) {
    localWrites.push(entry);
    return (status) => Object.assign(entry, ended(status));
  }
  const file = withFolder(ledgerWriteFile(namespace, `${process.pid}-${++sequence}`));
  fs.writeFileSync(file, JSON.stringify(entry));
  return (status) => fs.writeFileSync(file, JSON.stringify(ended(status)));
}

/**
 * A back-office state as a write: a reviewed sync item names its patent, and what it carried, by the result the
 * run saw at the item's position in the batch (`tenantNamespace`: the target and the primary key's tenant, on
 * which the states act).
 */
export function providerStateRunWrite(
  namespace: string,
  tenantNamespace: string,
  name: string,
  body: unknown,
): RunWrite {
  const itemTarget = (importId: string, index: number) => {
    if (inCoordinatedRun()) ingestOthers(namespace);
    return latest.get(`${tenantNamespace}|${FACT_KEYS.batch(importId)}:result:${index}`)?.subject;
  };
  return providerStateWrite(name, body, itemTarget);
}

/** Records a back-office state (helpers/spec/fixtures.ts, providerState) as a write. */
export function beginProviderStateWrite(
  namespace: string,
  tenantNamespace: string,
  name: string,
  body: unknown,
): (status?: number) => void {
  return beginLedgerWrite(
    namespace,
    `provider state ${name}`,
    providerStateRunWrite(namespace, tenantNamespace, name, body),
  );
}

/** A write of the client's request (method, URL, body as sent), read from it. */
export function clientRunWrite(method: string, url: string, body: string | Buffer | undefined): RunWrite {
  let parsed: unknown;
  try {
    parsed = body === undefined ? undefined : JSON.parse(body.toString());
  } catch {
    parsed = undefined;
  }
  return writeOf(method, new URL(url).pathname, parsed);
}

/** Records a write of the client's request (method, URL, body as sent). */
export function beginClientWrite(namespace: string, method: string, url: string, body: string | undefined) {
  return beginLedgerWrite(namespace, `${method} ${url}`, clientRunWrite(method, url, body));
}

/**
 * Judges the facts an answer shows against the run's latest sightings and records them. `namespace`: the
 * target and the key's tenant; `writesNamespace`: the target. Returns the breaches, one line each.
 */
export function judgeConsistency(
  body: unknown,
  fixedFacts: FixedFact[],
  where: string,
  times: { sentAt: number; answeredAt: number },
  namespace: string,
  writesNamespace: string,
  operationId?: string,
  requestBody?: string,
): ChargedBreach[] {
  const sightings = sightingsOf(body, fixedFacts, operationId);
  if (sightings.length === 0) return [];
  if (operationId === 'syncPatents') withItemMembers(sightings, requestBody);
  const coordinated = inCoordinatedRun();
  if (coordinated) ingestOthers(writesNamespace);
  const breaches: ChargedBreach[] = [];
  let writes: WriteSpan[] | undefined;
  const fresh: string[] = [];
  const { sentAt, answeredAt } = times;
  for (const sighting of sightings) {
    const record: Recorded = Object.assign(sighting, { sentAt, answeredAt, where, namespace });
    const id = `${namespace}|${sighting.key}`;
    const earlier = latest.get(id);
    if (earlier !== undefined) compared.set(sighting.key, (compared.get(sighting.key) ?? 0) + 1);
    if (earlier !== undefined && earlier.value !== record.value) {
      writes ??= writesOf(writesNamespace);
      // Two sightings in the order of their answers: another worker's may have been answered after this one.
      const [first, second] = earlier.answeredAt <= record.answeredAt ? [earlier, record] : [record, earlier];
      const breach = judgeSightings(first, second, writes, seenPatentOf);
      if (breach !== undefined) breaches.push(breach);
    }
    remember(record);
    if (coordinated && appended.get(id) !== record.value) {
      appended.set(id, record.value);
      fresh.push(JSON.stringify(record));
    }
  }
  if (fresh.length)
    fs.appendFileSync(
      withFolder(ledgerSightingsFile(writesNamespace, String(process.pid))),
      `${fresh.join('\n')}\n`,
    );
  // One difference shown by several copies in one answer is one breach.
  return [...new Map(breaches.map((b) => [b.message, b])).values()];
}

/** The results of a push's answer, each with the members its item carried (what a review of it writes). */
function withItemMembers(
  sightings: { key: string; subject: Subject }[],
  requestBody: string | undefined,
): void {
  let items: unknown[] = [];
  try {
    const parsed = JSON.parse(requestBody ?? '') as { items?: unknown };
    items = Array.isArray(parsed.items) ? parsed.items : [];
  } catch {
    return;
  }
  for (const sighting of sightings) {
    const position = /:result:(\d+)$/.exec(sighting.key)?.[1];
    if (position !== undefined && Number(position) < items.length)
      sighting.subject = { ...sighting.subject, members: itemMembers(items[Number(position)]) } as Subject;
  }
}

/** How many pairs each relation judged in this process, by requirement and row: the answer checks tally them. */
export interface RelationJudgement {
  requirement: string;
  relation: string;
  breach?: string;
}

/**
 * Records the sides of the relations an answer shows (any answer: a 404 download is one side) and judges each
 * against the latest sighting of the other side in the run, in any worker. Returns one judgement per pair.
 */
export function judgeRelations(
  answer: AnswerFacts,
  where: string,
  times: { sentAt: number; answeredAt: number },
  namespace: string,
  writesNamespace: string,
): RelationJudgement[] {
  const found = relationSidesOf(answer);
  if (found.length === 0) return [];
  const coordinated = inCoordinatedRun();
  if (coordinated) ingestOthers(writesNamespace);
  const judgements: RelationJudgement[] = [];
  let writes: WriteSpan[] | undefined;
  const fresh: string[] = [];
  for (const sighting of found) {
    const record: RecordedSide = { ...sighting, ...times, where, namespace };
    const relation = RELATION_BY_ID.get(record.relation)!;
    for (const history of sides.get(joinOf(record))?.values() ?? []) {
      const other = counterpart(history, record);
      if (other.side === record.side) continue;
      const [a, b] = record.side === 'a' ? [record, other] : [other, record];
      // A download under another patent than the event's (or an event the run never saw) is no side of it.
      // guard: download-under-another-patent
      if ([a, b].some((s) => s.path && patentOfEvent.get(s.path.eventId) !== s.path.patentId)) continue;
      const verdict = relation.judge(a, b);
      if (verdict === 'undecided') continue;
      let breach = typeof verdict === 'object' ? verdict.breach : undefined;
      // guard: relation-excused-by-writes
      if (breach !== undefined && relation.movedBy.length > 0) {
        writes ??= writesOf(writesNamespace);
        const from = Math.min(a.sentAt, b.sentAt);
        const to = Math.max(a.answeredAt, b.answeredAt);
        const overlapping = writes.filter((w) => w.start <= to && (w.end === undefined || w.end >= from));
        if (movedByWrites(relation.movedBy, [a.subject, b.subject], overlapping, seenPatentOf))
          breach = undefined;
      }
      judgements.push({ requirement: relation.requirement, relation: relation.id, breach });
    }
    rememberSide(record);
    if (coordinated) fresh.push(JSON.stringify(record));
  }
  if (fresh.length)
    fs.appendFileSync(
      withFolder(ledgerSightingsFile(writesNamespace, String(process.pid))),
      `${fresh.join('\n')}\n`,
    );
  return judgements;
}
