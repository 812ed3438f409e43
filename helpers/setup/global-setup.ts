/**
 * Runs once before the workers start. With no BASE_URL configured it starts the embedded reference
 * server in this process on a free loopback port and publishes its URL and keys to the workers through
 * the environment (workers inherit it). Then the preflight checks the target and the key roles. It also
 * fixes the run id and the fast-check seed; its teardown reports the requests the run made.
 */
import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { PROVIDER_STATES_PATH } from '../../schemas/provider-states';
import { readNetworkSettings, trustCaBundle } from '../run/network';
import { readDataStates } from '../data/data-snapshot';
import { checkSettingsOrExit, runPreflightOrExit } from './preflight-report';
import { reportPaths } from '../run/report-config';
import { startReferenceThread } from './reference-thread';
import { collectRequestTotals } from '../wire/request-ledger';
import { mergeRunFacts } from '../run/fact-ledger';
import { invariantsFileOf, STATE_CELLS_FILE } from '../run/report-config';
import { mergeJudgements, mergeStateCells } from '../wire/answer-checks';
import { removeRunFolder } from '../run/run-folder';
import { TARGET_CLOCK_OFFSET_ENV, targetClockOffsetMs } from '../wire/target-clock';
import { envFlag, KEY_SETTINGS, loadEnv } from '../run/settings';
import { embeddedReferenceClock, readTarget } from '../run/target';

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  // Each step's time, for the profile of `npm run bench` (reports/requests.json, `setup`).
  const setup: Record<string, number> = { startedAt: Date.now() };
  let mark = performance.now();
  const step = (name: string) => {
    setup[name] = Math.round(performance.now() - mark);
    mark = performance.now();
  };
  const env = loadEnv();
  const runId = (env.CONFORMANCE_RUN_ID ||= randomUUID());
  env.FC_SEED ||= String(randomInt(1, 2 ** 31 - 1));
  // stderr: stdout belongs to the reporters (a --reporter=json run must give clean JSON).
  process.stderr.write(`fast-check seed: ${env.FC_SEED} (replay with FC_SEED=${env.FC_SEED})\n`);

  checkSettingsOrExit(env);
  let stop: () => Promise<void> = async () => {};
  if (!env.BASE_URL?.trim()) {
    const server = await startReferenceThread({
      ...(env.REFERENCE_FAULT ? { fault: env.REFERENCE_FAULT } : {}),
      ...(env.REFERENCE_VARIANT ? { variant: env.REFERENCE_VARIANT } : {}),
      // In the zone REFERENCE_TIME_ZONE or TARGET_TIME_ZONE names, else one that is not UTC, on the day
      // REFERENCE_TODAY pins; the Target learns the zone either way.
      ...embeddedReferenceClock(env),
      ...(env.REFERENCE_SEED_PROFILE === 'minimum' ? { seedProfile: 'minimum' as const } : {}),
    });
    env.BASE_URL = server.url;
    env.EMBEDDED_REFERENCE = 'true';
    env.TARGET_TIME_ZONE = server.timeZone;
    for (const { role, env: name } of KEY_SETTINGS) env[name] = server.keys[role];
    env.ALLOW_WRITES = 'true';
    env.ALLOW_INSTRUCTIONS = 'true';
    env.ALLOW_QUOTA_EXHAUSTION = 'true';
    env.PROVIDER_STATES_URL = `${server.url}${PROVIDER_STATES_PATH}`;
    stop = server.close;
  }
  step('referenceMs');
  // The workers start after this: a private CA (TARGET_CA_FILE) reaches them through NODE_EXTRA_CA_CERTS
  // (helpers/run/network.ts). An unusable setting is reported by the preflight, in plain words.
  try {
    trustCaBundle(readNetworkSettings(env.BASE_URL));
  } catch {
    /* the preflight (or the workers' first request) names the setting */
  }
  const preflighted = !env.PREFLIGHT?.trim() || envFlag('PREFLIGHT');
  // The data states the suite looks for (README, "The minimum test tenant"), from the events sweep the
  // workers then share: on stderr, no extra request. The sweep goes beside the preflight, not after it (two
  // round trips fewer before the first test); when the preflight refuses the target, the run stops and the
  // sweep's outcome is never read.
  const dataStatesRead =
    preflighted && !env.MUTATION_TARGETS
      ? readDataStates(readTarget(), { workers: config.workers, shared: true })
      : undefined;
  dataStatesRead?.catch(() => undefined);
  let preflightRequests = preflighted ? await runPreflightOrExit(readTarget()) : 0;
  step('preflightMs');
  // The workers' reading of the target's clock until their own first answer (helpers/wire/target-clock.ts).
  env[TARGET_CLOCK_OFFSET_ENV] = String(Math.round(targetClockOffsetMs(env.BASE_URL)));
  if (dataStatesRead) {
    const dataStates = await dataStatesRead;
    preflightRequests += dataStates.requests;
    process.stderr.write(`${dataStates.lines.join('\n')}\n`);
  }
  step('dataStatesMs');
  setup.endedAt = Date.now();

  return async () => {
    // Each step's time, for the profiles of `npm run bench` (reports/requests.json, `teardown`).
    const teardown: Record<string, number> = {};
    mark = performance.now();
    const done = (name: string) => {
      teardown[name] = Math.round(performance.now() - mark);
      mark = performance.now();
    };
    await stop();
    done('referenceMs');
    const totals = collectRequestTotals();
    done('requestTotalsMs');
    if (preflightRequests > 0 && env.BASE_URL) {
      const origin = new URL(env.BASE_URL).origin;
      if (!totals.origins.includes(origin)) totals.origins.push(origin);
    }
    const total = totals.total + preflightRequests;
    const areas = Object.entries(totals.byArea)
      .sort(([, a], [, b]) => b - a)
      .map(([area, count]) => `${area} ${count}`)
      .join(', ');
    process.stderr.write(
      `HTTP requests to the target: ${total} (preflight ${preflightRequests}${areas ? `, ${areas}` : ''}; retries ${totals.retries})\n`,
    );
    const out = reportPaths().dir;
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(
      path.join(out, invariantsFileOf(config.shard)),
      `${JSON.stringify({ runId, invariants: mergeJudgements(runId) }, null, 2)}\n`,
    );
    fs.writeFileSync(
      path.join(out, STATE_CELLS_FILE),
      `${JSON.stringify({ runId, cells: mergeStateCells(runId) }, null, 2)}\n`,
    );
    done('judgementsMs');
    const facts = mergeRunFacts(runId);
    if (facts) process.stderr.write(`${facts}\n`);
    done('factsMs');
    removeRunFolder(runId);
    done('runFolderMs');
    fs.writeFileSync(
      path.join(out, 'requests.json'),
      `${JSON.stringify({ ...totals, total, preflight: preflightRequests, setup, teardown }, null, 2)}\n`,
    );
  };
}
