/**
 * `npm run reference`: serves the reference on 127.0.0.1 and prints its URL and the seeded keys, ready to
 * paste into `.env`. Settings: PORT (default 0, a free port), REFERENCE_NOW, REFERENCE_TODAY, REFERENCE_TIME_ZONE,
 * REFERENCE_SEED, REFERENCE_FAULT, REFERENCE_VARIANT, REFERENCE_SEED_PROFILE (minimum).
 */
import { KEY_ENV_VARS, KEY_ROLES } from './keys';
import { PROVIDER_STATES_PATH } from '../schemas/provider-states';
import { createReferenceServer } from './server';

async function main(): Promise<void> {
  const env = process.env;
  const seedText = env.REFERENCE_SEED?.trim();
  const seed = seedText ? Number(seedText) : undefined;
  if (seed !== undefined && !Number.isInteger(seed))
    throw new Error(`REFERENCE_SEED must be an integer: ${seedText}`);
  const server = createReferenceServer({
    now: env.REFERENCE_NOW?.trim() || undefined,
    today: env.REFERENCE_TODAY?.trim() || undefined,
    timeZone: env.REFERENCE_TIME_ZONE?.trim() || undefined,
    seed,
    fault: env.REFERENCE_FAULT?.trim() || undefined,
    variant: env.REFERENCE_VARIANT?.trim() || undefined,
    ...(env.REFERENCE_SEED_PROFILE?.trim() === 'minimum' ? { seedProfile: 'minimum' as const } : {}),
  });
  const listening = await server.listen(Number(env.PORT ?? 0));
  const lines = [
    `# Patent Renewal reference server (seed ${server.seed}, time zone ${server.clock.timeZone}, today ${server.clock.today()})`,
    `BASE_URL=${listening.url}`,
    `PROVIDER_STATES_URL=${listening.url}${PROVIDER_STATES_PATH}`,
    ...KEY_ROLES.map((role) => `${KEY_ENV_VARS[role]}=${server.keys[role]}`),
  ];
  if (server.behaviour.fault) lines.push(`# fault: ${server.behaviour.fault}`);
  process.stdout.write(`${lines.join('\n')}\n`);

  const stop = (): void => {
    void listening.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
