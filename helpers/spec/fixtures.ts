/**
 * The suite's Playwright fixtures: the target, an API client per key role, the portfolio snapshot the worker
 * holds for the target (its world, ./worlds.ts), requirement metadata read from the test title, and evidence
 * attached on failure. The target is the run's, or, in the mutation run, the test's entry's reference.
 */
import { _baseTest as base, type APIRequestContext, type TestDetails } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { chainInLine } from '../run/round-trips';
import { requirementById } from '../../schemas/requirements';
import { ApiClient, TargetError, type ApiResponse, type ClientDeps } from '../wire/api-client';
import type { Connections } from '../wire/connections';
import { instructionNotRun } from '../wire/replays';
import type { PatentEvent } from '../../schemas/types';
import { checkAnswers, checkRateLimits, flushJudgements, PRIMARY_TENANT } from '../wire/answer-checks';
import {
  beginClientWrite,
  beginProviderStateWrite,
  clientRunWrite,
  providerStateRunWrite,
} from '../run/consistency-ledger';
import { passGate } from '../run/quiet';
import { unansweredOnly } from '../run/report-config';
import { createWhole, killMark } from '../run/run-folder';
import { Portfolio } from '../data/discovery';
import { preconditionRemovedBy, skipBecause } from '../data/verified';
import { assertionCounter } from '../wire/matchers';
import { curlCommand, exchangeEvidence, type Exchange } from '../wire/exchange';
import { fcSeed } from '../contract/generated-inputs';
import {
  curlNetworkOptions,
  curlNetworkPreamble,
  newTargetContext,
  readNetworkSettings,
} from '../run/network';
import { rateLimitRule } from '../wire/rate-limit-headers';
import { RequestLedger } from '../wire/request-ledger';
import { sharedResponse } from '../data/shared-sweeps';
import { SHARED_ANSWERS, type SharedAnswerName } from '../wire/shared-answers';
import { KEY_SETTINGS, loadEnv, type KeyRole } from '../run/settings';
import { keyEnvName, readTarget, type Target } from '../run/target';
import { Worlds } from './worlds';
import { useTargetClock } from '../wire/target-clock';

export { expect } from '../wire/matchers';

const ID_PATTERN = /\b([A-Z]{2,6}-\d{3})\b/g;

/** Requirement ids cited in a test title, e.g. `[PAG-003]` or `[PAG-003, PAG-004]`. */
export function idsInTitle(title: string): string[] {
  const bracket = title.match(/^\[([^\]]+)\]/);
  return bracket ? [...bracket[1]!.matchAll(ID_PATTERN)].map((m) => m[1]!) : [];
}

/** The line that puts the key of the request's role into $API_KEY, naming its setting (never its value). */
function keyExportLine(headers: Record<string, string>): string {
  const sent = Object.entries(headers).find(([name]) => name.toLowerCase() === 'x-api-key')?.[1];
  if (sent === undefined) return '# the request carried no x-api-key header';
  const env = loadEnv();
  const setting = KEY_SETTINGS.find((k) => env[k.env] === sent)?.env;
  if (setting === 'API_KEY') return '# $API_KEY: the key of setting API_KEY';
  return setting
    ? `export API_KEY="$${setting}"  # the key of setting ${setting}`
    : '# export API_KEY=<the key the test sent: not a configured key (a malformed, unknown or altered key)>';
}

/**
 * A test's title and the details its requirement ids give: `test(...titled('[PAG-008] clause'), body)`.
 * The ids are typed once, in the title's brackets; the area and level tags (for --grep) and one
 * requirement annotation per id are derived from them. Spread into `test(...)` so that the call, and
 * with it the test's reported location, stays in the spec file.
 */
export function titled(title: string): [title: string, details: TestDetails] {
  const ids = idsInTitle(title);
  if (ids.length === 0) throw new Error(`test "${title}" cites no requirement id in its title`);
  const tags = new Set<string>();
  const annotation: { type: string; description: string }[] = [];
  for (const id of ids) {
    const requirement = requirementById(id);
    if (!requirement)
      throw new Error(`test "${title}" cites ${id}, which is not in schemas/requirements.yaml`);
    tags.add(`@${requirement.area}`);
    tags.add(`@${requirement.level.toLowerCase()}`);
    annotation.push({ type: 'requirement', description: id });
  }
  return [title, { tag: [...tags], annotation }];
}

/**
 * Answers of a provider-states endpoint that mean it does not offer a state (unknown name, unsupported
 * request, not implemented): the test skips naming the state instead of failing.
 */
export const STATE_NOT_OFFERED: readonly number[] = [400, 404, 501];

export type Setting =
  'ALLOW_WRITES' | 'ALLOW_INSTRUCTIONS' | 'ALLOW_QUOTA_EXHAUSTION' | 'PROVIDER_STATES_URL';

/** Whether the target configuration allows what a test needs. */
function settingAllows(target: Target, setting: Setting): boolean {
  return {
    ALLOW_WRITES: target.allowWrites,
    ALLOW_INSTRUCTIONS: target.allowInstructions,
    ALLOW_QUOTA_EXHAUSTION: target.allowQuotaExhaustion,
    PROVIDER_STATES_URL: target.providerStatesUrl !== undefined,
  }[setting];
}

const notEnabled = (setting: Setting) => `${setting} is not enabled in the target configuration`;

/**
 * A reference of the mutation run (scripts/mutation.ts): the clean one, a fault or a group of variants,
 * each served on a port of its own with its own state. Set per test (`test.use({ entry })` in
 * scripts/mutation-entries.ts), so that one worker serves many entries; undefined in every other run.
 */
export interface MutationEntry {
  /** `clean`, `fault:<name>` or `variant:<name>`. */
  name: string;
  baseUrl: string;
  /** A fault: a failing test is the outcome sought (a kill). */
  killsExpected?: boolean;
  /** A fault's wider pass: its tests stop once one has failed (helpers/run/mutation-targets.ts). */
  untilKilled?: boolean;
  /** A reference pinned to a day and zone of its own (a fault's calendar): its zone. */
  timeZone?: string;
  /** ...and its clock's offset from the runner's (ms), known before its first answer. */
  clockOffsetMs?: number;
}

interface TestFixtures {
  /** The mutation run's reference for this test; undefined outside the mutation run. */
  entry: MutationEntry | undefined;
  /** The target of this test: the run's target, or the mutation entry's reference. */
  target: Target;
  /**
   * A request context of the target's world for requests sent without the client (a provider state): each goes
   * on a connection of its own (helpers/wire/connections.ts).
   */
  requestContext: APIRequestContext;
  /** The primary tenant's data, read once per worker and target. */
  portfolio: Portfolio;
  /** The second tenant's data (API_KEY_OTHER_TENANT), read once per worker and target. */
  otherPortfolio: Portfolio;
  /** Every exchange of the current test, in order. */
  exchanges: Exchange[];
  /** Client with the primary key (all scopes). */
  api: ApiClient;
  /** Client with the key of a role; skips the test when that role is not configured. */
  as: (role: KeyRole) => ApiClient;
  /** Client that sends no key at all. */
  anonymous: ApiClient;
  /** A shared answer (helpers/wire/shared-answers.ts), made once per run whichever test asks first. */
  sharedAnswer: (name: SharedAnswerName) => Promise<ApiResponse>;
  /** Skips the test unless the target configuration allows what it needs. */
  requireSetting: (setting: Setting) => void;
  /** Drives a back-office state through the provider-states endpoint; skips when none is configured. */
  providerState: (name: string, body: object) => Promise<unknown>;
  _killExpected: void;
  _earnedPass: void;
  _requirementMetadata: void;
  _evidence: void;
}

interface WorkerFixtures {
  /** This worker's request counts by area. */
  ledger: RequestLedger;
  /** What the run's configuration allows (the same for every target of the run): read by describe hooks. */
  runSettings: Target;
  /** This worker's worlds, one per target it has served. */
  worlds: Worlds;
}

/** Key roles of other tenants than the primary one: values unique in a tenant are compared per tenant. */
const OWN_TENANT_ROLES: readonly KeyRole[] = KEY_SETTINGS.filter((k) => k.ownTenant).map((k) => k.role);

/** The tenant a key speaks for, as far as the suite knows it: the primary one, or the key's own role. */
function tenantOfKey(target: Target, key: string | undefined): string {
  const role = (Object.entries(target.keys) as [KeyRole, string | undefined][]).find(
    ([, k]) => k === key,
  )?.[0];
  return role && OWN_TENANT_ROLES.includes(role) ? role : PRIMARY_TENANT;
}

/**
 * A client for one key. Retries per the contract and the quota guard apply to every key but the
 * low-quota one, whose 429 is what the rate-limit tests observe.
 */
function clientFor(
  connections: Connections,
  target: Target,
  key: string | undefined,
  record: (e: Exchange) => void,
  extra: Partial<ClientDeps> = {},
): ApiClient {
  const guarded = key !== undefined && key !== target.keys.lowQuota;
  return new ApiClient(
    {
      connections,
      gate: (request) => passGate(target.baseUrl, clientRunWrite(request.method, request.url, request.body)),
      baseUrl: target.baseUrl,
      timeoutMs: target.requestTimeoutMs,
      record,
      skip: (kind, reason) => skipBecause(kind, reason),
      onExchange: checkRateLimits(rateLimitRule(target), target.baseUrl),
      onAnswer: checkAnswers(tenantOfKey(target, key), target.baseUrl),
      onWrite: (request) => beginClientWrite(target.baseUrl, request.method, request.url, request.body),
      ...(guarded
        ? {
            quotaFloor: target.quotaFloor,
            retry: {
              internalErrorRetries: 2,
              backoffMs: 200,
              maxRetryAfterSeconds: target.maxRetryAfterSeconds,
            },
          }
        : {}),
      ...extra,
    },
    key,
  );
}

/** Whether the current test set up its target (every fixture that reaches the target does): see `_earnedPass`. */
let targetAsked = false;

/** The client of a portfolio's discovery reads, counted as such in the worker's ledger. */
function discoveryClient(
  connections: Connections,
  target: Target,
  key: string | undefined,
  ledger: RequestLedger,
): ApiClient {
  return clientFor(connections, target, key, (e) => {
    ledger.add('discovery', 1);
    ledger.addOrigin(e.request.url);
  });
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  ledger: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const ledger = new RequestLedger();
      await use(ledger);
      const workerId = `${workerInfo.project.name || 'default'}-${workerInfo.workerIndex}`;
      ledger.flush(workerId);
      flushJudgements(workerId);
    },
    { scope: 'worker' },
  ],

  runSettings: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(readTarget());
    },
    { scope: 'worker' },
  ],

  worlds: [
    async ({ ledger }, use) => {
      const worlds = new Worlds((target) => ({
        requestContext: ({ closeEach }) => newTargetContext(target.baseUrl, { closeEach }),
        portfolio: (connections) =>
          new Portfolio(discoveryClient(connections, target, target.keys.all, ledger), {
            label: `the primary tenant (${keyEnvName('all')})`,
            shareAs: `${target.baseUrl}-all`,
            planned: true,
          }),
        otherPortfolio: (connections) =>
          new Portfolio(discoveryClient(connections, target, target.keys.otherTenant, ledger), {
            label: `the other tenant (${keyEnvName('otherTenant')})`,
            shareAs: `${target.baseUrl}-otherTenant`,
          }),
      }));
      await use(worlds);
      await worlds.dispose();
    },
    { scope: 'worker' },
  ],

  entry: [undefined, { option: true, box: 'self' }],

  target: [
    async ({ entry }, use) => {
      // Every fixture that reaches the target depends on this one: a test that never set it up asked nothing.
      targetAsked = true;
      const target = readTarget(entry ? { baseUrl: entry.baseUrl, timeZone: entry.timeZone } : {});
      // The dates this test picks by are the target's (helpers/wire/target-clock.ts).
      useTargetClock(target.baseUrl, entry?.clockOffsetMs);
      await use(target);
    },
    { box: 'self' },
  ],

  requestContext: [
    async ({ worlds, target }, use) => {
      // The network path to the target (CA, client certificate, proxy, gateway headers): helpers/run/network.ts.
      await use(await worlds.of(target).requestContext());
    },
    { box: 'self' },
  ],

  portfolio: [
    async ({ worlds, target }, use) => {
      await use(await worlds.of(target).portfolio());
    },
    { box: 'self' },
  ],

  otherPortfolio: [
    async ({ worlds, target }, use) => {
      await use(await worlds.of(target).otherPortfolio());
    },
    { box: 'self' },
  ],

  exchanges: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use([]);
    },
    { box: 'self' },
  ],

  as: [
    async ({ worlds, target, exchanges, ledger }, use, testInfo) => {
      const world = worlds.of(target);
      const onRetry = (status: number | undefined) => {
        ledger.retries += 1;
        testInfo.annotations.push({
          type: 'retry',
          description:
            status === undefined
              ? 'a request whose connection dropped was sent again (a replay its method or the contract makes harmless, or that the target showed had not run)'
              : `a ${status} answer was retried (contract: Errors, Rules)`,
        });
      };
      const client = (key: string): ApiClient =>
        clientFor(world.connections(), target, key, (e) => exchanges.push(e), {
          onRetry,
          onOverhead: (ms, networkMs) => {
            ledger.overheadMs.push(ms);
            ledger.networkMs += networkMs;
          },
          showsNotRun,
        });
      // An instruction whose connection dropped is sent again only when its events, read back with the key of
      // their tenant (found in the worker's snapshots), carry no decision (helpers/wire/replays.ts).
      const showsNotRun = (request: Parameters<typeof instructionNotRun>[0]) =>
        instructionNotRun(request, async (eventId) => {
          const tenants = [
            [target.keys.all, () => world.portfolio()],
            [target.keys.otherTenant, () => world.otherPortfolio()],
          ] as const;
          for (const [key, portfolio] of tenants) {
            if (!key) continue;
            const event = (await (await portfolio()).events()).find((e) => e.id === eventId);
            if (!event) continue;
            const read = await client(key).call('getPatentEvent', {
              path: { patentId: event.patent.id, eventId },
            });
            return read.status === 200 ? read.json<PatentEvent>() : undefined;
          }
          return undefined;
        });
      await use((role) => {
        const key = target.keys[role];
        if (!key) skipBecause('setting', `${keyEnvName(role)} is not configured (key role "${role}")`);
        return client(key);
      });
    },
    { box: 'self' },
  ],

  api: [
    async ({ as }, use) => {
      await use(as('all'));
    },
    { box: 'self' },
  ],

  anonymous: [
    async ({ worlds, target, exchanges }, use) => {
      await use(clientFor(worlds.of(target).connections(), target, undefined, (e) => exchanges.push(e)));
    },
    { box: 'self' },
  ],

  sharedAnswer: [
    async ({ as, anonymous, target, exchanges }, use) => {
      await use(async (name) => {
        const { role, send } = SHARED_ANSWERS[name] as {
          role: KeyRole | undefined;
          send: (c: ApiClient) => Promise<ApiResponse>;
        };
        const client = role === undefined ? anonymous : as(role);
        const response = await sharedResponse(target.baseUrl, name, () => send(client));
        if (response.exchange.shared) exchanges.push(response.exchange);
        return response;
      });
    },
    { box: 'self' },
  ],

  requireSetting: [
    async ({ target }, use) => {
      await use((setting) => {
        if (!settingAllows(target, setting)) skipBecause('setting', notEnabled(setting));
      });
    },
    { box: 'self' },
  ],

  providerState: [
    async ({ requestContext, target, requireSetting, exchanges }, use) => {
      await use(async (name, body) => {
        requireSetting('PROVIDER_STATES_URL');
        const url = `${target.providerStatesUrl!.replace(/\/+$/, '')}/${encodeURIComponent(name)}`;
        const headers = {
          'content-type': 'application/json',
          ...(target.keys.all ? { 'x-api-key': target.keys.all } : {}),
        };
        const started = performance.now();
        // A back-office state changes what it acts on: the consistency ledger hears of it.
        const written = beginProviderStateWrite(
          target.baseUrl,
          `${target.baseUrl}-${PRIMARY_TENANT}`,
          name,
          body,
        );
        // A back-office state is a write too: it waits while a test reads what it may move.
        const tenantNamespace = `${target.baseUrl}-${PRIMARY_TENANT}`;
        const passed = await passGate(
          target.baseUrl,
          providerStateRunWrite(target.baseUrl, tenantNamespace, name, body),
        );
        // Playwright's error message carries a call log with every request header (the key, gateway headers):
        // only its first line is kept.
        const response = await requestContext
          .post(url, { headers, data: JSON.stringify(body), failOnStatusCode: false })
          .catch((error: Error) => {
            throw new TargetError(
              `the provider-states endpoint did not answer POST ${url}: ${error.message.split('\n')[0]}`,
            );
          })
          .finally(() => {
            passed();
            written(undefined);
          });
        const responseBody = await response.body();
        exchanges.push({
          request: { method: 'POST', url, headers, body: JSON.stringify(body) },
          status: response.status(),
          headers: response.headers(),
          body: responseBody,
          durationMs: performance.now() - started,
        });
        if (STATE_NOT_OFFERED.includes(response.status())) {
          skipBecause(
            'setting',
            `the provider-states endpoint (PROVIDER_STATES_URL) does not offer the state "${name}" (it answered ${response.status()})`,
          );
        }
        if (!response.ok()) {
          throw new Error(
            `provider state ${name} failed with ${response.status()}: ${responseBody.toString().slice(0, 300)}`,
          );
        }
        return JSON.parse(responseBody.toString()) as unknown;
      });
    },
    { box: 'self' },
  ],

  _killExpected: [
    async ({ entry }, use, testInfo) => {
      const killed = entry?.untilKilled ? killMark(entry.name) : undefined;
      if (killed && fs.existsSync(killed))
        skipBecause(
          'setting',
          "the mutation run's wider pass stops a fault's tests once one has failed: it is killed",
        );
      await use();
      // In the mutation run a failure against a fault is the outcome sought (a kill): marked expected, so
      // that Playwright keeps the worker instead of starting a new one for the fault's next test.
      if (entry?.killsExpected && testInfo.status === 'failed') testInfo.expectedStatus = 'failed';
      // A failure that is the target not answering is no kill (scripts/mutation.ts): the other tests go on.
      const unanswered = unansweredOnly(testInfo.errors.map((e) => e.message ?? ''));
      if (killed && testInfo.status === 'failed' && !unanswered) createWhole(killed, testInfo.title);
    },
    { auto: true, box: 'self' },
  ],

  _earnedPass: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      assertionCounter.reset();
      targetAsked = false;
      await use();
      // A conformance test judges the target's answers; one that asked nothing of it checked the suite itself,
      // and would certify any target (CONTRIBUTING, "A pass is earned"): such a check belongs to tests/.
      if (testInfo.status === 'passed' && !targetAsked) {
        throw new Error(
          `"${testInfo.title}" passed without asking anything of the target: it would pass for any target. ` +
            'A check of the suite itself (its schemas, matchers, helpers) is a project test in tests/.',
        );
      }
      // CONTRIBUTING, "A pass is earned": a test that passed without running one assertion checked nothing; it must say why
      // (notVerified / skipBecause in helpers/data/verified.ts) instead of reporting "verified".
      if (testInfo.status === 'passed' && assertionCounter.count === 0) {
        throw new Error(
          `"${testInfo.title}" passed without running any assertion: nothing was verified. ` +
            'A test whose check depends on what the target shows must end with notVerified(reason) when it could not check.',
        );
      }
    },
    { auto: true, box: 'self' },
  ],

  _requirementMetadata: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      const cited = idsInTitle(testInfo.title);
      const annotated = testInfo.annotations
        .filter((a) => a.type === 'requirement')
        .map((a) => a.description);
      // A test declared without titled(...) has no tags or requirement annotations: refuse it.
      if (cited.length === 0 || cited.join() !== annotated.join())
        throw new Error(
          `test "${testInfo.title}" must be declared as test(...titled('[AREA-NNN] ...'), body)`,
        );
      testInfo.annotations.push({ type: 'fast-check seed', description: String(fcSeed()) });
      // The Allure labels, description and history id are added by the reporter (helpers/setup/allure-reporter.ts).
      await use();
    },
    { auto: true, box: 'self' },
  ],

  _evidence: [
    async ({ exchanges, ledger }, use, testInfo) => {
      await use();
      const area =
        testInfo.tags.find((t) => !['@must', '@should', '@may'].includes(t))?.slice(1) ?? 'untagged';
      const own = exchanges.filter((e) => !e.shared);
      const timed = own.flatMap((e) =>
        e.sentAt === undefined ? [] : [{ start: e.sentAt, end: e.sentAt + e.durationMs }],
      );
      ledger.add(
        area,
        own.length,
        `${path.basename(testInfo.file)} › ${testInfo.title}`,
        chainInLine(timed).length,
      );
      for (const exchange of exchanges) ledger.addOrigin(exchange.request.url);
      // A test the target's own answer left not verified (suspicious) shows that answer as a failure shows its
      // exchanges: the answer as evidence, the curl reproduction for it.
      const removedBy = preconditionRemovedBy(testInfo);
      const evidence = removedBy
        ? [removedBy.exchange]
        : testInfo.status === testInfo.expectedStatus
          ? []
          : exchanges;
      if (evidence.length === 0) return;
      await testInfo.attach('http-exchanges.json', {
        body: JSON.stringify(evidence.map(exchangeEvidence), null, 2),
        contentType: 'application/json',
      });
      const last = evidence[evidence.length - 1]!;
      const network = readNetworkSettings(last.request.url);
      await testInfo.attach('reproduce.sh', {
        body: [
          keyExportLine(last.request.headers),
          ...curlNetworkPreamble(network),
          curlCommand(last.request, curlNetworkOptions(network)),
          '',
        ].join('\n'),
        contentType: 'text/plain',
      });
    },
    { auto: true, box: 'self' },
  ],
});

/**
 * Called at the top of a describe whose every test needs `setting`: skips the group, naming the setting,
 * unless the target configuration allows it (one skip instead of a requireSetting call in each test).
 */
export function describeRequires(setting: Setting): void {
  // Worker fixtures only: run once per worker and describe, like a skip modifier, and the skip with its kind
  // (helpers/data/verified.ts) carries over to the describe's other tests.
  test.beforeAll(({ runSettings }) => {
    if (!settingAllows(runSettings, setting)) skipBecause('setting', notEnabled(setting));
  });
}
