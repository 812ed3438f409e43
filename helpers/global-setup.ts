/**
 * Runs once before the workers start. With no BASE_URL configured it starts the embedded reference
 * server in this process on a free loopback port and publishes its URL and keys to the workers through
 * the environment (workers inherit it). It also fixes the run id and the fast-check seed.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { FullConfig } from '@playwright/test';
import { createReferenceServer } from '../reference/server';
import { clearClaims } from './claims';
import { KEY_SETTINGS, loadEnv } from './settings';

export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const env = loadEnv();
  const runId = (env.CONFORMANCE_RUN_ID ??= randomUUID());
  env.FC_SEED ??= String(randomInt(1, 2 ** 31 - 1));
  process.stdout.write(`fast-check seed: ${env.FC_SEED} (replay with FC_SEED=${env.FC_SEED})\n`);

  let stop: () => Promise<void> = async () => {};
  if (!env.BASE_URL?.trim()) {
    const server = createReferenceServer({
      ...(env.REFERENCE_FAULT ? { fault: env.REFERENCE_FAULT } : {}),
      ...(env.REFERENCE_VARIANT ? { variant: env.REFERENCE_VARIANT } : {}),
    });
    const listening = await server.listen(0, '127.0.0.1');
    env.BASE_URL = listening.url;
    env.EMBEDDED_REFERENCE = 'true';
    for (const { role, env: name } of KEY_SETTINGS) env[name] = server.keys[role];
    env.ALLOW_WRITES = 'true';
    env.ALLOW_INSTRUCTIONS = 'true';
    env.ALLOW_QUOTA_EXHAUSTION = 'true';
    env.PROVIDER_STATES_URL = `${listening.url}/__provider-states`;
    stop = listening.close;
  }
  return async () => {
    await stop();
    clearClaims(runId);
  };
}
