/**
 * The ledger of fixed facts across runs (helpers/contract/fixed-facts.ts): one file per target beside the
 * Allure history (`<reports>/history/facts-<digest>.json`, kept by CI with it), holding each fact as first
 * seen, with the run and the date. A worker compares every fixed fact an answer shows with the ledger
 * of earlier runs (read once, never written by a worker) and notes what it saw in the run folder; the
 * global teardown adds the facts seen for the first time. A fact that differs stays as first seen, so
 * every later run fails on it until the target is fixed or the ledger is started afresh (delete the file).
 *
 * No key and no personal data: ids, amounts, invoice references. FACT_LEDGER=auto (default) keeps it for a
 * configured target and not for the embedded reference, whose data is new on every start; `on` keeps it
 * for the embedded reference too (the project test of drift does), `off` never. Never in a mutation run:
 * each of its projects is another implementation.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FixedFact } from '../contract/fixed-facts';
import type { ChargedBreach } from '../contract/invariant-types';
import { EMBEDDED_TARGET, reportPaths, targetOrigin } from './report-config';
import { factsFile, factsFolder, inCoordinatedRun, withFolder } from './run-folder';

export interface LedgerEntry {
  requirement: FixedFact['requirement'];
  what: string;
  value: string;
  /** The run that first saw the fact, and when. */
  runId: string;
  seenAt: string;
}

export interface FactLedger {
  /** The target as reports name it (an origin, or "embedded reference"). */
  target: string;
  facts: Record<string, LedgerEntry>;
}

interface Observation extends FixedFact {
  at: string;
}

export function factLedgerEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.MUTATION_TARGETS) return false;
  const setting = (env.FACT_LEDGER ?? 'auto').trim().toLowerCase();
  if (setting === 'on') return true;
  if (setting === 'off') return false;
  return targetOrigin(env) !== EMBEDDED_TARGET;
}

/** The target's ledger file, named by a digest of the target so that no URL becomes a file name. */
export function factLedgerFile(env: NodeJS.ProcessEnv = process.env): string {
  const target = targetOrigin(env);
  const digest = createHash('sha256').update(target).digest('hex').slice(0, 16);
  return path.join(reportPaths(env).historyDir, `facts-${digest}.json`);
}

export function readLedger(file: string, target: string): FactLedger {
  if (!fs.existsSync(file)) return { target, facts: {} };
  const ledger = JSON.parse(fs.readFileSync(file, 'utf8')) as FactLedger;
  if (ledger.target !== target)
    throw new Error(
      `${file} records ${ledger.target}, not ${target}: remove it or use another reports folder`,
    );
  return ledger;
}

/** Pure: the breaches of `facts` against the ledger, one each, with both observations. */
export function factBreaches(
  ledger: FactLedger,
  facts: FixedFact[],
  where: string,
  now: string,
): ChargedBreach[] {
  return facts.flatMap((fact) => {
    const earlier = ledger.facts[fact.key];
    if (!earlier || earlier.value === fact.value) return [];
    return [
      {
        requirement: fact.requirement,
        message:
          `[${fact.requirement}] ${fact.what} changed across runs: "${earlier.value}" on ${earlier.seenAt} ` +
          `(run ${earlier.runId}), "${fact.value}" on ${now} (${where})`,
      },
    ];
  });
}

let earlierRuns: FactLedger | undefined;
const noted = new Set<string>();

/**
 * Judges the fixed facts an answer shows against earlier runs and notes them for the ledger. Returns the
 * breaches (the caller fails the test with them) and how many facts had an earlier observation.
 */
export function judgeFixedFacts(
  facts: FixedFact[],
  where: string,
): { breaches: ChargedBreach[]; compared: number } {
  if (facts.length === 0 || !factLedgerEnabled()) return { breaches: [], compared: 0 };
  earlierRuns ??= readLedger(factLedgerFile(), targetOrigin());
  const now = new Date().toISOString();
  const fresh = facts.filter((f) => !noted.has(f.key));
  if (fresh.length && inCoordinatedRun()) {
    for (const f of fresh) noted.add(f.key);
    const lines = fresh.map((f) => JSON.stringify({ ...f, at: now } satisfies Observation));
    fs.appendFileSync(withFolder(factsFile(String(process.pid))), `${lines.join('\n')}\n`);
  }
  return {
    breaches: factBreaches(earlierRuns, facts, where, now),
    compared: facts.filter((f) => earlierRuns!.facts[f.key]).length,
  };
}

/**
 * The global teardown's part: adds the facts the run saw for the first time to the ledger and says how
 * the run compared. Differing facts keep their first observation.
 */
export function mergeRunFacts(runId: string): string | undefined {
  if (!factLedgerEnabled()) return undefined;
  const file = factLedgerFile();
  const ledger = readLedger(file, targetOrigin());
  const folder = factsFolder(runId);
  const observations: Observation[] = fs.existsSync(folder)
    ? fs
        .readdirSync(folder)
        .flatMap((name) => fs.readFileSync(path.join(folder, name), 'utf8').split('\n'))
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Observation)
    : [];
  const seen = new Map(observations.map((o) => [o.key, o]));
  let compared = 0;
  let differing = 0;
  let added = 0;
  for (const o of seen.values()) {
    const earlier = ledger.facts[o.key];
    if (earlier) {
      compared++;
      if (earlier.value !== o.value) differing++;
      continue;
    }
    ledger.facts[o.key] = { requirement: o.requirement, what: o.what, value: o.value, runId, seenAt: o.at };
    added++;
  }
  fs.writeFileSync(withFolder(file), `${JSON.stringify(ledger, null, 1)}\n`);
  return (
    `fixed facts across runs (${path.relative(process.cwd(), file) || file}): ${compared} compared with earlier runs, ` +
    `${differing} changed, ${added} recorded for the first time`
  );
}
