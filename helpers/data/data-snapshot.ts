/**
 * The data-state table of a run (helpers/contract/data-states.ts) from the primary tenant's events sweep. Made in
 * the global setup through the run's shared sweep (helpers/data/shared-sweeps.ts), under the name the workers'
 * portfolio uses, so the workers reuse it: the table costs no request beyond the sweep they would make
 * anyway. `npm run preflight` makes the sweep alone (not shared).
 */
import { ApiClient } from '../wire/api-client';
import { PRIMARY_TENANT, recordFacts } from '../wire/answer-checks';
import { dataStateReport } from '../contract/data-states';
import { needsTrustingProcess, readNetworkSettings } from '../run/network';
import { targetConnections } from '../wire/connections';
import { sweepEvents } from './discovery';
import { sharedSweep } from './shared-sweeps';
import { keyEnvName, type Target } from '../run/target';

export interface DataStateRead {
  /** The table's lines, or one line saying why there is none. */
  lines: string[];
  /** Requests made to the target. */
  requests: number;
}

/**
 * Sweeps the primary tenant's events (shared with the run's workers when `shared`) and returns the data
 * state table for `workers` workers. A failed sweep gives no table: the workers then sweep for themselves
 * and report the failure in their tests.
 */
export async function readDataStates(
  target: Target,
  options: { workers: number; shared: boolean },
): Promise<DataStateRead> {
  const key = target.keys.all;
  if (!key) return { lines: [`data states: ${keyEnvName('all')} is not configured`], requests: 0 };
  // The network path to the target (helpers/run/network.ts); a private CA is trusted by the workers only.
  if (needsTrustingProcess(readNetworkSettings(target.baseUrl))) {
    return {
      lines: ['data states: read by the workers (this process does not trust TARGET_CA_FILE)'],
      requests: 0,
    };
  }
  const connections = targetConnections(target.baseUrl);
  let requests = 0;
  try {
    const api = new ApiClient(
      {
        connections,
        baseUrl: target.baseUrl,
        timeoutMs: target.requestTimeoutMs,
        record: () => (requests += 1),
        retry: { internalErrorRetries: 2, backoffMs: 200, maxRetryAfterSeconds: target.maxRetryAfterSeconds },
        quotaFloor: target.quotaFloor,
        // The sweep's facts are the consistency ledger's first sightings, which the tests' answers meet.
        onAnswer: recordFacts(PRIMARY_TENANT, target.baseUrl),
      },
      key,
    );
    const sweep = () => sweepEvents(api);
    const snapshot = await (options.shared ? sharedSweep(`${target.baseUrl}-all`, 'events', sweep) : sweep());
    const label = `the primary tenant (${keyEnvName('all')})`;
    return {
      lines: dataStateReport(snapshot.items, {
        workers: options.workers,
        label,
        complete: snapshot.complete,
      }),
      requests,
    };
  } catch (error) {
    return {
      lines: [`data states: the events sweep failed (${(error as Error).message.split('\n')[0]})`],
      requests,
    };
  } finally {
    await connections.dispose();
  }
}
