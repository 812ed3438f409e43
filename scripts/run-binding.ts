/**
 * Which results a report may describe: only those of the run it follows (the last run started in the
 * reports folder, run.json) or of the run named explicitly (`--run <id>`). Results of another run are
 * never certified: the caller says so and prints no verdict. A run whose preflight refused the target
 * has no results; its certification says NOT RUN with the preflight's message.
 */
import fs from 'node:fs';
import type { ReportPaths } from '../helpers/run/report-config';
import { readPreflightRecord, readRunRecord, type PreflightRecord } from '../helpers/run/run-record';
import { readRunResults, type RunResults } from './run-results';

export type BoundResults =
  | { kind: 'results'; run: RunResults; runId?: string }
  | { kind: 'not run'; preflight: PreflightRecord }
  | { kind: 'none'; message: string };

const metaString = (run: RunResults, key: string) =>
  typeof run.metadata[key] === 'string' ? (run.metadata[key] as string) : undefined;

export function runIdOf(run: RunResults): string | undefined {
  return metaString(run, 'runId');
}

/**
 * The results of run `wanted` (default: the last run started in `paths.dir`). With no record of any
 * run (a fresh folder holding merged shard results), the results file stands for itself.
 */
export function boundResults(
  paths: ReportPaths,
  wanted?: string,
  resultsFile = paths.resultsJson,
): BoundResults {
  const last = readRunRecord(paths.dir);
  const runId = wanted ?? last?.runId;
  const preflight = readPreflightRecord(paths.dir);
  if (runId && preflight && preflight.runId === runId && !preflight.ok) return { kind: 'not run', preflight };
  const which = runId
    ? `run ${runId}${last?.runId === runId ? ` (started ${last.startedAt})` : ''}`
    : 'any run';
  if (!fs.existsSync(resultsFile)) {
    return { kind: 'none', message: `no results of ${which}: ${resultsFile} does not exist` };
  }
  let run: RunResults;
  try {
    run = readRunResults(resultsFile);
  } catch (error) {
    return {
      kind: 'none',
      message: `no results of ${which}: ${resultsFile} cannot be read (${(error as Error).message})`,
    };
  }
  if (!runId) return { kind: 'results', run };
  const found = runIdOf(run);
  const startedAt = metaString(run, 'runStartedAt');
  const sameStart = wanted !== undefined || !startedAt || !last || startedAt === last.startedAt;
  if (found !== runId || !sameStart) {
    return {
      kind: 'none',
      message:
        `no results of ${which}: ${resultsFile} holds the results of ` +
        `${found ? `run ${found}` : 'a run without an id'} (started ${run.startTime ?? startedAt ?? 'at an unknown time'}). ` +
        "The run wrote no results file there (Playwright's --reporter option replaces the report files; " +
        "the conformance command's --reporter keeps them), or it ended before its reporters",
    };
  }
  return { kind: 'results', run, runId };
}
